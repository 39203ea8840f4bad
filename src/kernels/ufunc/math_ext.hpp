// More device-portable scalar math for the ufunc functors (exponents, logarithms, inverse and
// hyperbolic trigonometry, complex versions with C99's branch cuts, bit-level nextafter for the
// 16-bit floats, integer gcd/lcm/popcount). Split from math.hpp so that only the families that
// use these functions compile them.
//
// Note [Complex inverse functions]
// arcsin, arccos and arccosh use Kahan's formulas ("Branch cuts for complex elementary functions",
// 1987), which put the branch cuts where C99 (and NumPy's npy_casin etc.) put them, keep the sign
// of zero on the cuts, and avoid the cancellation of the textbook logarithm forms near 0 and +-1;
// arcsinh and arctan follow from arcsin and arctanh through the identities asinh(z) = -i asin(iz),
// atan(z) = -i atanh(iz). arctanh uses the log1p form of its real part.
#pragma once
#include "kernels/ufunc/math.hpp"

namespace cupric::ufn {

#define CUPRIC_UFN_MATH1(NAME)                                      \
  CUPRIC_HD inline float m_##NAME(float x) { return ::NAME##f(x); } \
  CUPRIC_HD inline double m_##NAME(double x) { return ::NAME(x); }
// clang-format off
CUPRIC_UFN_MATH1(cbrt)
CUPRIC_UFN_MATH1(exp2)
CUPRIC_UFN_MATH1(expm1)
CUPRIC_UFN_MATH1(log2)
CUPRIC_UFN_MATH1(log10)
CUPRIC_UFN_MATH1(log1p)
CUPRIC_UFN_MATH1(asin)
CUPRIC_UFN_MATH1(acos)
CUPRIC_UFN_MATH1(atan)
CUPRIC_UFN_MATH1(asinh)
CUPRIC_UFN_MATH1(acosh)
CUPRIC_UFN_MATH1(atanh)
CUPRIC_UFN_MATH1(rint)
CUPRIC_UFN_MATH1(ceil)
CUPRIC_UFN_MATH1(trunc)
// clang-format on
#undef CUPRIC_UFN_MATH1
CUPRIC_HD inline float m_nextafter(float x, float y) { return ::nextafterf(x, y); }
CUPRIC_HD inline double m_nextafter(double x, double y) { return ::nextafter(x, y); }
CUPRIC_HD inline float m_ldexp(float x, int e) { return ::ldexpf(x, e); }
CUPRIC_HD inline double m_ldexp(double x, int e) { return ::ldexp(x, e); }
CUPRIC_HD inline float m_frexp(float x, int* e) { return ::frexpf(x, e); }
CUPRIC_HD inline double m_frexp(double x, int* e) { return ::frexp(x, e); }
CUPRIC_HD inline float m_modf(float x, float* i) { return ::modff(x, i); }
CUPRIC_HD inline double m_modf(double x, double* i) { return ::modf(x, i); }

template <class F> inline constexpr F kLn2 = F(0.693147180559945309417232121458176568);
template <class F> inline constexpr F kLog2e = F(1.44269504088896340735992468100189214);
template <class F> inline constexpr F kLog10e = F(0.434294481903251827651128918916605082);
template <class F> inline constexpr F kPi = F(3.14159265358979323846264338327950288);

// ---- real --------------------------------------------------------------------------------------
// NumPy's npy_logaddexp / npy_logaddexp2.
template <class F> CUPRIC_HD inline F logaddexp(F x, F y) {
  if (x == y) return x + kLn2<F>;  // also handles infinities of the same sign
  F d = x - y;
  if (d > 0) return x + m_log1p(m_exp(-d));
  if (d <= 0) return y + m_log1p(m_exp(d));
  return d;  // nan
}
template <class F> CUPRIC_HD inline F logaddexp2(F x, F y) {
  if (x == y) return x + F(1);
  F d = x - y;
  if (d > 0) return x + m_log1p(m_exp2(-d)) * kLog2e<F>;
  if (d <= 0) return y + m_log1p(m_exp2(d)) * kLog2e<F>;
  return d;
}

// nextafter on the bits of any IEEE binary format (used for float16 and bfloat16, whose values
// compare exactly as float): one step of the integer representation towards y.
template <class H> CUPRIC_HD inline H half_nextafter(H x, H y) {
  const float fx = static_cast<float>(x), fy = static_cast<float>(y);
  if (fx != fx) return x;
  if (fy != fy) return y;
  if (fx == fy) return y;
  uint16_t b = x.bits;
  if (fx == 0)
    b = static_cast<uint16_t>((y.bits & 0x8000u) | 1u);
  else if ((fx < fy) == (fx > 0))
    ++b;
  else
    --b;
  return H::from_bits(b);
}
// NumPy's spacing: the distance to the next representable value away from zero, signed like x
// (nan for inf; the smallest subnormal for either zero). NumPy's float16 loop steps towards +inf
// instead, so its float16 spacing is never negative; bfloat16 follows float16.
template <class T> CUPRIC_HD inline T spacing(T x) {
  if constexpr (is_half_v<T>) {
    const float f = static_cast<float>(x);
    if (is_nan(f) || is_inf(f)) return T(std::numeric_limits<float>::quiet_NaN());
    return T(static_cast<float>(half_nextafter(x, T(inf_of<float>()))) - f);
  } else {
    if (is_nan(x) || is_inf(x)) return quiet_nan<T>();
    if (x == 0) return std::numeric_limits<T>::denorm_min();
    return m_nextafter(x, m_copysign(inf_of<T>(), x)) - x;
  }
}

// ---- integers ----------------------------------------------------------------------------------
template <class T> CUPRIC_HD inline T int_abs(T a) {
  if constexpr (std::is_signed_v<T>)
    return a < 0 ? wrap_neg(a) : a;
  else
    return a;
}
// gcd and lcm of the absolute values, computed in the unsigned type (|INT_MIN| fits there), the
// result converted back (wrapping as NumPy's does for gcd(INT_MIN, 0)).
template <class T> CUPRIC_HD inline T int_gcd(T a, T b) {
  using U = std::make_unsigned_t<T>;
  U x = static_cast<U>(int_abs(a)), y = static_cast<U>(int_abs(b));
  while (y != 0) {
    U t = static_cast<U>(x % y);
    x = y;
    y = t;
  }
  return static_cast<T>(x);
}
template <class T> CUPRIC_HD inline T int_lcm(T a, T b) {
  using U = std::make_unsigned_t<T>;
  const U g = static_cast<U>(int_gcd(a, b));
  if (g == 0) return T(0);
  const U x = static_cast<U>(int_abs(a)), y = static_cast<U>(int_abs(b));
  return static_cast<T>(static_cast<U>(static_cast<wrap_t<T>>(x / g) * static_cast<wrap_t<T>>(y)));
}
template <class T> CUPRIC_HD inline uint8_t popcount(T a) {
  uint64_t u = static_cast<uint64_t>(static_cast<std::make_unsigned_t<T>>(int_abs(a)));
  uint8_t n = 0;
  for (; u; u &= u - 1) ++n;
  return n;
}

// ---- complex -----------------------------------------------------------------------------------
template <class F> CUPRIC_HD inline cplx<F> c_scale(cplx<F> z, F s) { return {z.re * s, z.im * s}; }
template <class F> CUPRIC_HD inline cplx<F> c_conj(cplx<F> z) { return {z.re, -z.im}; }

template <class F> CUPRIC_HD inline cplx<F> c_exp2(cplx<F> z) { return c_exp(c_scale(z, kLn2<F>)); }
template <class F> CUPRIC_HD inline cplx<F> c_log2(cplx<F> z) { return c_scale(c_log(z), kLog2e<F>); }
template <class F> CUPRIC_HD inline cplx<F> c_log10(cplx<F> z) { return c_scale(c_log(z), kLog10e<F>); }
// NumPy's nc_expm1: exp(x)cos(y) - 1 written to keep precision near 0.
template <class F> CUPRIC_HD inline cplx<F> c_expm1(cplx<F> z) {
  F a = m_sin(z.im / 2);
  return {m_expm1(z.re) * m_cos(z.im) - 2 * a * a, m_exp(z.re) * m_sin(z.im)};
}
template <class F> CUPRIC_HD inline cplx<F> c_log1p(cplx<F> z) {
  if (m_fabs(z.re) < F(0.5) && m_fabs(z.im) < F(0.5)) {
    F l = z.re * (2 + z.re) + z.im * z.im;  // |1 + z|^2 - 1
    return {F(0.5) * m_log1p(l), m_atan2(z.im, 1 + z.re)};
  }
  return c_log(cplx<F>{1 + z.re, z.im});
}
template <class F> CUPRIC_HD inline cplx<F> c_tan(cplx<F> z) { return c_times_mi(c_tanh(c_times_i(z))); }

// Note [Complex inverse functions].
template <class F> CUPRIC_HD inline cplx<F> c_asin(cplx<F> z) {
  if (is_inf(z.re) || is_inf(z.im) || is_nan(z.re) || is_nan(z.im)) {
    // asin(z) = -i log(iz + sqrt(1 - z^2)) in the limit: the C99 special values.
    if (is_nan(z.re) && is_nan(z.im)) return z;
    if (is_nan(z.re)) return is_inf(z.im) ? cplx<F>{z.re, z.im} : cplx<F>{z.re, z.re};
    if (is_nan(z.im)) return is_inf(z.re) ? cplx<F>{z.im, inf_of<F>()} : (z.re == 0 ? z : cplx<F>{z.im, z.im});
    F re = is_inf(z.re) ? (is_inf(z.im) ? kPi<F> / 4 : kPi<F> / 2) : F(0);
    return {m_copysign(re, z.re), m_copysign(inf_of<F>(), z.im)};
  }
  cplx<F> s1 = c_sqrt(cplx<F>{1 - z.re, -z.im}), s2 = c_sqrt(cplx<F>{1 + z.re, z.im});
  F re = m_atan2(z.re, s1.re * s2.re - s1.im * s2.im);
  F im = m_asinh(s1.re * s2.im - s1.im * s2.re);
  return {re, im};
}
template <class F> CUPRIC_HD inline cplx<F> c_acos(cplx<F> z) {
  if (is_inf(z.re) || is_inf(z.im) || is_nan(z.re) || is_nan(z.im)) {
    if (is_nan(z.re) && is_nan(z.im)) return z;
    if (is_nan(z.re)) return is_inf(z.im) ? cplx<F>{z.re, -z.im} : cplx<F>{z.re, z.re};
    if (is_nan(z.im))
      return is_inf(z.re) ? cplx<F>{z.im, -inf_of<F>()} : (z.re == 0 ? cplx<F>{kPi<F> / 2, z.im} : cplx<F>{z.im, z.im});
    F re;
    if (is_inf(z.re) && is_inf(z.im))
      re = z.re > 0 ? kPi<F> / 4 : 3 * kPi<F> / 4;
    else if (is_inf(z.re))
      re = z.re > 0 ? F(0) : kPi<F>;
    else
      re = kPi<F> / 2;
    return {re, z.im > 0 || (z.im == 0 && !sign_bit(z.im)) ? -inf_of<F>() : inf_of<F>()};
  }
  cplx<F> s1 = c_sqrt(cplx<F>{1 - z.re, -z.im}), s2 = c_sqrt(cplx<F>{1 + z.re, z.im});
  F re = 2 * m_atan2(s1.re, s2.re);
  F im = m_asinh(s2.re * s1.im - s2.im * s1.re);
  return {re, im};
}
template <class F> CUPRIC_HD inline cplx<F> c_asinh(cplx<F> z) { return c_times_mi(c_asin(c_times_i(z))); }
template <class F> CUPRIC_HD inline cplx<F> c_acosh(cplx<F> z) {
  if (is_inf(z.re) || is_inf(z.im) || is_nan(z.re) || is_nan(z.im)) {
    // acosh(z) = +-i acos(z), the sign making the real part non-negative (C99).
    cplx<F> w = c_acos(z);
    if (is_nan(w.re) && is_nan(w.im)) return w;
    cplx<F> r = c_times_i(w);
    if (r.re < 0 || (r.re == 0 && sign_bit(r.re))) r = {-r.re, -r.im};
    if (is_nan(z.re) && !is_inf(z.im)) return {z.re, z.re};
    if (is_nan(z.im)) {
      if (is_inf(z.re)) return {inf_of<F>(), z.im};
      return z.re == 0 ? cplx<F>{z.im, kPi<F> / 2} : cplx<F>{z.im, z.im};
    }
    return {r.re, m_copysign(r.im, z.im)};
  }
  cplx<F> s1 = c_sqrt(cplx<F>{z.re - 1, z.im}), s2 = c_sqrt(cplx<F>{z.re + 1, z.im});
  F re = m_asinh(s1.re * s2.re + s1.im * s2.im);
  F im = 2 * m_atan2(s1.im, s2.re);
  return {re, im};
}
template <class F> CUPRIC_HD inline cplx<F> c_atanh(cplx<F> z) {
  const F x = z.re, y = z.im;
  if (is_inf(x) && is_nan(y)) return {m_copysign(F(0), x), y};
  if (is_inf(x) || is_inf(y)) return {m_copysign(F(0), x), m_copysign(kPi<F> / 2, y)};
  if (is_nan(x) || is_nan(y)) {
    if (x == 0 && is_nan(y)) return {x, y};
    return {quiet_nan<F>(), quiet_nan<F>()};
  }
  const F ax = m_fabs(x);
  if (ax == 1 && y == 0) return {m_copysign(inf_of<F>(), x), y};
  // Large |z|: atanh(z) ~ 1/z + i pi/2 sign(y); the formula below would overflow.
  const F big = sizeof(F) == 4 ? F(1e18) : F(1e150);
  if (ax > big || m_fabs(y) > big) {
    cplx<F> r = c_reciprocal(z);
    return {r.re, m_copysign(kPi<F> / 2, y)};
  }
  F one_m = 1 - ax;
  F re = F(0.25) * m_log1p(4 * ax / (one_m * one_m + y * y));
  F im = F(0.5) * m_atan2(2 * y, one_m * (1 + ax) - y * y);
  return {m_copysign(re, x), im};
}
template <class F> CUPRIC_HD inline cplx<F> c_atan(cplx<F> z) { return c_times_mi(c_atanh(c_times_i(z))); }
template <class F> CUPRIC_HD inline cplx<F> c_rint(cplx<F> z) { return {m_rint(z.re), m_rint(z.im)}; }

}  // namespace cupric::ufn
