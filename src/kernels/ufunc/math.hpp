// Device-portable scalar math for the ufunc functors (the C library's functions are
// cupric::dmath's: Note [Device-portable math] in include/cupric/detail/device_math.hpp): wrapping
// integer arithmetic, NumPy's float floor-division/remainder, and complex arithmetic and
// functions with NumPy's formulas. Everything here is CUPRIC_HD and used on host and GPU alike.
//
// Note [Ufunc compute types]
// Functors compute in compute_t<T>: float16 and bfloat16 compute in float32 and round once on
// the store (what NumPy does for float16 and ml_dtypes for bfloat16); every other type computes
// in itself. Signed integer arithmetic goes through the unsigned type of the same width so that
// overflow wraps as in NumPy instead of being undefined behaviour in C++.
#pragma once
#include <cstdint>
#include <limits>
#include <type_traits>
#include "cupric/detail/cast_value.hpp"
#include "cupric/detail/device_math.hpp"

namespace cupric::ufn {

template <class T> using compute_t = std::conditional_t<is_half_v<T>, float, T>;
template <class T> inline constexpr bool is_int_v = std::is_integral_v<T> && !std::is_same_v<T, bool>;
template <class T> inline constexpr bool is_bool_v = std::is_same_v<T, bool>;
template <class T> inline constexpr bool is_float_v = is_real_float_v<T>;  // e E f d
template <class T> inline constexpr bool is_cplx_v = is_complex_v<T>;
template <class T> inline constexpr bool is_num_v = !is_bool_v<T>;  // every type but bool

template <class F> CUPRIC_HD inline bool sign_bit(F x) { return dmath::copysign(F(1), x) < 0; }
template <class F> CUPRIC_HD inline F quiet_nan() { return std::numeric_limits<F>::quiet_NaN(); }
template <class F> CUPRIC_HD inline F inf_of() { return std::numeric_limits<F>::infinity(); }

// Truth value of any element (logical ops, nonzero).
template <class T> CUPRIC_HD inline bool truthy(T x) {
  if constexpr (is_cplx_v<T>)
    return x.re != 0 || x.im != 0;
  else
    return x != T(0);
}

// ---- integers ----------------------------------------------------------------------------------
// The unsigned type arithmetic on T wraps in (at least 32 bits: avoids int promotion overflow).
template <class T>
using wrap_t = std::conditional_t<(sizeof(T) < 4), uint32_t, std::make_unsigned_t<T>>;
template <class T> CUPRIC_HD inline T wrap_add(T a, T b) {
  return static_cast<T>(static_cast<wrap_t<T>>(a) + static_cast<wrap_t<T>>(b));
}
template <class T> CUPRIC_HD inline T wrap_sub(T a, T b) {
  return static_cast<T>(static_cast<wrap_t<T>>(a) - static_cast<wrap_t<T>>(b));
}
template <class T> CUPRIC_HD inline T wrap_mul(T a, T b) {
  return static_cast<T>(static_cast<wrap_t<T>>(a) * static_cast<wrap_t<T>>(b));
}
template <class T> CUPRIC_HD inline T wrap_neg(T a) { return static_cast<T>(wrap_t<T>(0) - static_cast<wrap_t<T>>(a)); }

// Python/NumPy floor division and remainder; division by zero gives 0 (NumPy 2 warns), and
// MIN // -1 gives MIN (NumPy 2 warns of the overflow).
template <class T> CUPRIC_HD inline T int_floor_div(T a, T b) {
  if (b == 0) return T(0);
  if constexpr (std::is_signed_v<T>) {
    if (b == T(-1)) return wrap_neg(a);
    T q = static_cast<T>(a / b);
    if ((a % b != 0) && ((a < 0) != (b < 0))) q = static_cast<T>(q - 1);
    return q;
  } else {
    return static_cast<T>(a / b);
  }
}
template <class T> CUPRIC_HD inline T int_remainder(T a, T b) {
  if (b == 0) return T(0);
  if constexpr (std::is_signed_v<T>) {
    if (b == T(-1)) return T(0);
    T r = static_cast<T>(a % b);
    if (r != 0 && ((r < 0) != (b < 0))) r = static_cast<T>(r + b);
    return r;
  } else {
    return static_cast<T>(a % b);
  }
}
template <class T> CUPRIC_HD inline T int_fmod(T a, T b) {  // C's %, sign of the dividend
  if (b == 0) return T(0);
  if constexpr (std::is_signed_v<T>) {
    if (b == T(-1)) return T(0);
  }
  return static_cast<T>(a % b);
}
// x**n by squaring, wrapping; a negative n (which the ufunc layer rejects where it can see it)
// gives the integer part of 1/x**|n|.
template <class T> CUPRIC_HD inline T int_power(T x, T n) {
  if constexpr (std::is_signed_v<T>) {
    if (n < 0) {
      if (x == 1) return T(1);
      if (x == -1) return (n & 1) ? T(-1) : T(1);
      return T(0);
    }
  }
  T r = T(1);
  while (n > 0) {
    if (n & 1) r = wrap_mul(r, x);
    x = wrap_mul(x, x);
    n = static_cast<T>(n >> 1);
  }
  return r;
}
// NumPy 2 shifts: a shift count >= the width (or negative) shifts everything out.
template <class T> CUPRIC_HD inline T shift_left(T a, T b) {
  if (static_cast<uint64_t>(b) >= sizeof(T) * 8) return T(0);
  return static_cast<T>(static_cast<wrap_t<T>>(a) << b);
}
template <class T> CUPRIC_HD inline T shift_right(T a, T b) {
  if (static_cast<uint64_t>(b) >= sizeof(T) * 8) {
    if constexpr (std::is_signed_v<T>)
      return a < 0 ? T(-1) : T(0);
    else
      return T(0);
  }
  return static_cast<T>(a >> b);
}

// ---- real floating point: NumPy's npy_divmod (numpy/_core/src/npymath/npy_math_internal.h.src)
template <class F> CUPRIC_HD inline F float_divmod(F a, F b, F* modulus) {
  F mod = dmath::fmod(a, b);
  if (b == F(0)) {
    *modulus = mod;
    return a / b;
  }
  F div = (a - mod) / b;
  if (mod != F(0)) {
    if ((b < 0) != (mod < 0)) {
      mod += b;
      div -= F(1);
    }
  } else {
    mod = dmath::copysign(F(0), b);
  }
  F floordiv;
  if (div != F(0)) {
    floordiv = dmath::floor(div);
    if (div - floordiv > F(0.5)) floordiv += F(1);
  } else {
    floordiv = dmath::copysign(F(0), a / b);
  }
  *modulus = mod;
  return floordiv;
}
template <class F> CUPRIC_HD inline F float_floor_div(F a, F b) {
  if (b == F(0)) return a / b;
  F mod;
  return float_divmod(a, b, &mod);
}
template <class F> CUPRIC_HD inline F float_remainder(F a, F b) {
  if (b == F(0)) return dmath::fmod(a, b);
  F mod;
  float_divmod(a, b, &mod);
  return mod;
}

// ---- complex -----------------------------------------------------------------------------------
template <class F> using cplx = complex<F>;
template <class F> CUPRIC_HD inline cplx<F> c_add(cplx<F> a, cplx<F> b) { return {a.re + b.re, a.im + b.im}; }
template <class F> CUPRIC_HD inline cplx<F> c_sub(cplx<F> a, cplx<F> b) { return {a.re - b.re, a.im - b.im}; }
template <class F> CUPRIC_HD inline cplx<F> c_mul(cplx<F> a, cplx<F> b) {
  return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}
// Smith's algorithm, as NumPy's complex divide loop.
template <class F> CUPRIC_HD inline cplx<F> c_div(cplx<F> a, cplx<F> b) {
  F abs_r = dmath::fabs(b.re), abs_i = dmath::fabs(b.im);
  if (abs_r >= abs_i) {
    if (abs_r == 0 && abs_i == 0) return {a.re / abs_r, a.im / abs_r};
    F rat = b.im / b.re, scl = F(1) / (b.re + b.im * rat);
    return {(a.re + a.im * rat) * scl, (a.im - a.re * rat) * scl};
  }
  F rat = b.re / b.im, scl = F(1) / (b.im + b.re * rat);
  return {(a.re * rat + a.im) * scl, (a.im * rat - a.re) * scl};
}
template <class F> CUPRIC_HD inline cplx<F> c_reciprocal(cplx<F> z) {  // NumPy's loop
  if (dmath::fabs(z.im) <= dmath::fabs(z.re)) {
    F r = z.im / z.re, d = z.re + z.im * r;
    return {F(1) / d, -r / d};
  }
  F r = z.re / z.im, d = z.re * r + z.im;
  return {r / d, F(-1) / d};
}
template <class F> CUPRIC_HD inline F c_abs(cplx<F> z) { return dmath::hypot(z.re, z.im); }
template <class F> CUPRIC_HD inline bool c_isnan(cplx<F> z) { return dmath::isnan(z.re) || dmath::isnan(z.im); }
// C99 Annex G cexp (the special values of NumPy's npy_cexp).
template <class F> CUPRIC_HD inline cplx<F> c_exp(cplx<F> z) {
  const F x = z.re, y = z.im;
  if (y == 0) return {dmath::exp(x), y};
  const bool y_finite = !dmath::isinf(y) && !dmath::isnan(y);
  if (dmath::isinf(x)) {
    if (x > 0) return y_finite ? cplx<F>{x * dmath::cos(y), x * dmath::sin(y)} : cplx<F>{x, quiet_nan<F>()};
    return y_finite ? cplx<F>{F(0) * dmath::cos(y), F(0) * dmath::sin(y)}
                    : cplx<F>{F(0), dmath::isinf(y) ? dmath::copysign(F(0), y) : F(0)};
  }
  if (dmath::isnan(x) || !y_finite) return {quiet_nan<F>(), quiet_nan<F>()};
  const F e = dmath::exp(x);
  return {e * dmath::cos(y), e * dmath::sin(y)};
}
template <class F> CUPRIC_HD inline cplx<F> c_log(cplx<F> z) {
  return {dmath::log(c_abs(z)), dmath::atan2(z.im, z.re)};
}
// Principal square root (branch cut along the negative real axis, C99 Annex G special values).
template <class F> CUPRIC_HD inline cplx<F> c_sqrt(cplx<F> z) {
  const F inf = std::numeric_limits<F>::infinity();
  if (z.re == 0 && z.im == 0) return {F(0), z.im};
  if (dmath::isinf(z.im)) return {inf, z.im};
  if (dmath::isnan(z.re)) return {z.re, quiet_nan<F>()};
  if (dmath::isinf(z.re)) {
    if (z.re > 0) return {z.re, dmath::isnan(z.im) ? z.im : dmath::copysign(F(0), z.im)};
    return {dmath::isnan(z.im) ? z.im : F(0), dmath::copysign(inf, z.im)};
  }
  F t = dmath::sqrt((dmath::fabs(z.re) + c_abs(z)) * F(0.5));
  if (z.re >= 0) return {t, z.im / (2 * t)};
  return {dmath::fabs(z.im) / (2 * t), dmath::copysign(t, z.im)};
}
template <class F> CUPRIC_HD inline cplx<F> c_times_i(cplx<F> z) { return {-z.im, z.re}; }   // i z
template <class F> CUPRIC_HD inline cplx<F> c_times_mi(cplx<F> z) { return {z.im, -z.re}; }  // -i z
// C99 Annex G csinh and ccosh (the special values of NumPy's npy_csinh, npy_ccosh); sin and cos
// follow from sin(z) = -i sinh(iz), cos(z) = cosh(iz), as in C99.
template <class F> CUPRIC_HD inline cplx<F> c_sinh(cplx<F> z) {
  const F x = z.re, y = z.im;
  const bool x_finite = !dmath::isinf(x) && !dmath::isnan(x), y_finite = !dmath::isinf(y) && !dmath::isnan(y);
  if (x_finite && y_finite) {
    if (y == 0) return {dmath::sinh(x), y};
    return {dmath::sinh(x) * dmath::cos(y), dmath::cosh(x) * dmath::sin(y)};
  }
  if (x == 0) return {x, quiet_nan<F>()};                 // (+-0, inf or nan)
  if (y == 0) return {x, y};                              // (inf or nan, +-0)
  if (x_finite) return {quiet_nan<F>(), quiet_nan<F>()};  // (finite, inf or nan)
  if (dmath::isinf(x)) {
    if (!y_finite) return {x * x, quiet_nan<F>()};
    return {x * dmath::cos(y), inf_of<F>() * dmath::sin(y)};
  }
  return {quiet_nan<F>(), quiet_nan<F>()};  // (nan, nonzero)
}
template <class F> CUPRIC_HD inline cplx<F> c_cosh(cplx<F> z) {
  const F x = z.re, y = z.im;
  const bool x_finite = !dmath::isinf(x) && !dmath::isnan(x), y_finite = !dmath::isinf(y) && !dmath::isnan(y);
  if (x_finite && y_finite) {
    if (y == 0) return {dmath::cosh(x), x * y};
    return {dmath::cosh(x) * dmath::cos(y), dmath::sinh(x) * dmath::sin(y)};
  }
  if (x == 0) return {quiet_nan<F>(), F(0) * x};             // (+-0, inf or nan)
  if (y == 0) return {x * x, dmath::copysign(F(0), x) * y};  // (inf or nan, +-0)
  if (x_finite) return {quiet_nan<F>(), quiet_nan<F>()};
  if (dmath::isinf(x)) {
    if (!y_finite) return {x * x, quiet_nan<F>()};
    return {inf_of<F>() * dmath::cos(y), x * dmath::sin(y)};
  }
  return {quiet_nan<F>(), quiet_nan<F>()};
}
template <class F> CUPRIC_HD inline cplx<F> c_sin(cplx<F> z) {
  cplx<F> r = c_times_mi(c_sinh(c_times_i(z)));
  if (dmath::isnan(r.re) && dmath::isinf(r.im)) r.im = inf_of<F>();  // the sign C99 leaves open: NumPy's +inf
  return r;
}
template <class F> CUPRIC_HD inline cplx<F> c_cos(cplx<F> z) { return c_cosh(c_times_i(z)); }
// Kahan's formula (as FreeBSD's ctanh, which NumPy's npy_ctanh follows).
template <class F> CUPRIC_HD inline cplx<F> c_tanh(cplx<F> z) {
  const F big = sizeof(F) == 4 ? F(11) : F(22);
  if (dmath::isnan(z.re) || dmath::isinf(z.re) || dmath::fabs(z.re) >= big) {
    if (dmath::isnan(z.re)) return {z.re, z.im == 0 ? z.im : quiet_nan<F>()};
    F exp_mx = dmath::exp(-2 * dmath::fabs(z.re));
    F im = (dmath::isinf(z.im) || dmath::isnan(z.im)) ? dmath::copysign(F(0), z.im)
                                                      : F(4) * dmath::sin(z.im) * dmath::cos(z.im) * exp_mx;
    return {dmath::copysign(F(1), z.re), im};
  }
  if (dmath::isinf(z.im) || dmath::isnan(z.im))
    return {z.re == 0 ? z.re : quiet_nan<F>(), quiet_nan<F>()};  // C99: (+-0, nan)
  F t = dmath::tan(z.im), beta = F(1) + t * t, s = dmath::sinh(z.re), rho = dmath::sqrt(F(1) + s * s);
  F denom = F(1) + beta * s * s;
  return {(beta * rho * s) / denom, t / denom};
}
// NumPy's npy_cpow: exact small integer powers by squaring, else exp(b log a).
template <class F> CUPRIC_HD inline cplx<F> c_pow(cplx<F> a, cplx<F> b) {
  if (b.re == 0 && b.im == 0) return {F(1), F(0)};
  if (a.re == 0 && a.im == 0) {
    if (b.re > 0 && b.im == 0) return {F(0), F(0)};
    return {quiet_nan<F>(), quiet_nan<F>()};
  }
  if (b.im == 0 && b.re == dmath::floor(b.re) && dmath::fabs(b.re) < F(100)) {
    int n = static_cast<int>(b.re);
    if (n == 1) return a;
    if (n == 2) return c_mul(a, a);
    if (n == 3) return c_mul(a, c_mul(a, a));
    int m = n < 0 ? -n : n;
    cplx<F> acc{F(1), F(0)}, p = a;
    while (true) {
      if (m & 1) acc = c_mul(acc, p);
      m >>= 1;
      if (m == 0) break;
      p = c_mul(p, p);
    }
    return n < 0 ? c_div(cplx<F>{F(1), F(0)}, acc) : acc;
  }
  return c_exp(c_mul(b, c_log(a)));
}
// NumPy's lexicographic complex ordering (CGE, CLE, ... in loops.c.src).
template <class F> CUPRIC_HD inline bool c_lt(cplx<F> x, cplx<F> y) {
  return (x.re < y.re && !dmath::isnan(x.im) && !dmath::isnan(y.im)) || (x.re == y.re && x.im < y.im);
}
template <class F> CUPRIC_HD inline bool c_le(cplx<F> x, cplx<F> y) {
  return (x.re < y.re && !dmath::isnan(x.im) && !dmath::isnan(y.im)) || (x.re == y.re && x.im <= y.im);
}
template <class F> CUPRIC_HD inline bool c_gt(cplx<F> x, cplx<F> y) { return c_lt(y, x); }
template <class F> CUPRIC_HD inline bool c_ge(cplx<F> x, cplx<F> y) { return c_le(y, x); }

}  // namespace cupric::ufn
