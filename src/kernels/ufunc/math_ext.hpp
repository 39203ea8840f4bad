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

template <class F> inline constexpr F kLn2 = F(0.693147180559945309417232121458176568);
template <class F> inline constexpr F kLog2e = F(1.44269504088896340735992468100189214);
template <class F> inline constexpr F kLog10e = F(0.434294481903251827651128918916605082);
template <class F> inline constexpr F kPi = F(3.14159265358979323846264338327950288);

// ---- real --------------------------------------------------------------------------------------
// NumPy's npy_logaddexp / npy_logaddexp2.
template <class F> CUPRIC_HD inline F logaddexp(F x, F y) {
  if (x == y) return x + kLn2<F>;  // also handles infinities of the same sign
  F d = x - y;
  if (d > 0) return x + dmath::log1p(dmath::exp(-d));
  if (d <= 0) return y + dmath::log1p(dmath::exp(d));
  return d;  // nan
}
template <class F> CUPRIC_HD inline F logaddexp2(F x, F y) {
  if (x == y) return x + F(1);
  F d = x - y;
  if (d > 0) return x + dmath::log1p(dmath::exp2(-d)) * kLog2e<F>;
  if (d <= 0) return y + dmath::log1p(dmath::exp2(d)) * kLog2e<F>;
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
    if (dmath::isnan(f) || dmath::isinf(f)) return T(std::numeric_limits<float>::quiet_NaN());
    return T(static_cast<float>(half_nextafter(x, T(inf_of<float>()))) - f);
  } else {
    if (dmath::isnan(x) || dmath::isinf(x)) return quiet_nan<T>();
    if (x == 0) return std::numeric_limits<T>::denorm_min();
    return dmath::nextafter(x, dmath::copysign(inf_of<T>(), x)) - x;
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
  F a = dmath::sin(z.im / 2);
  return {dmath::expm1(z.re) * dmath::cos(z.im) - 2 * a * a, dmath::exp(z.re) * dmath::sin(z.im)};
}
template <class F> CUPRIC_HD inline cplx<F> c_log1p(cplx<F> z) {
  if (dmath::fabs(z.re) < F(0.5) && dmath::fabs(z.im) < F(0.5)) {
    F l = z.re * (2 + z.re) + z.im * z.im;  // |1 + z|^2 - 1
    return {F(0.5) * dmath::log1p(l), dmath::atan2(z.im, 1 + z.re)};
  }
  return c_log(cplx<F>{1 + z.re, z.im});
}
template <class F> CUPRIC_HD inline cplx<F> c_tan(cplx<F> z) { return c_times_mi(c_tanh(c_times_i(z))); }

// Note [Complex inverse functions].
template <class F> CUPRIC_HD inline cplx<F> c_asin(cplx<F> z) {
  if (dmath::isinf(z.re) || dmath::isinf(z.im) || dmath::isnan(z.re) || dmath::isnan(z.im)) {
    // asin(z) = -i log(iz + sqrt(1 - z^2)) in the limit: the C99 special values.
    if (dmath::isnan(z.re) && dmath::isnan(z.im)) return z;
    if (dmath::isnan(z.re)) return dmath::isinf(z.im) ? cplx<F>{z.re, z.im} : cplx<F>{z.re, z.re};
    if (dmath::isnan(z.im))
      return dmath::isinf(z.re) ? cplx<F>{z.im, inf_of<F>()} : (z.re == 0 ? z : cplx<F>{z.im, z.im});
    F re = dmath::isinf(z.re) ? (dmath::isinf(z.im) ? kPi<F> / 4 : kPi<F> / 2) : F(0);
    return {dmath::copysign(re, z.re), dmath::copysign(inf_of<F>(), z.im)};
  }
  cplx<F> s1 = c_sqrt(cplx<F>{1 - z.re, -z.im}), s2 = c_sqrt(cplx<F>{1 + z.re, z.im});
  F re = dmath::atan2(z.re, s1.re * s2.re - s1.im * s2.im);
  F im = dmath::asinh(s1.re * s2.im - s1.im * s2.re);
  return {re, im};
}
template <class F> CUPRIC_HD inline cplx<F> c_acos(cplx<F> z) {
  if (dmath::isinf(z.re) || dmath::isinf(z.im) || dmath::isnan(z.re) || dmath::isnan(z.im)) {
    if (dmath::isnan(z.re) && dmath::isnan(z.im)) return z;
    if (dmath::isnan(z.re)) return dmath::isinf(z.im) ? cplx<F>{z.re, -z.im} : cplx<F>{z.re, z.re};
    if (dmath::isnan(z.im))
      return dmath::isinf(z.re) ? cplx<F>{z.im, -inf_of<F>()}
                                : (z.re == 0 ? cplx<F>{kPi<F> / 2, z.im} : cplx<F>{z.im, z.im});
    F re;
    if (dmath::isinf(z.re) && dmath::isinf(z.im))
      re = z.re > 0 ? kPi<F> / 4 : 3 * kPi<F> / 4;
    else if (dmath::isinf(z.re))
      re = z.re > 0 ? F(0) : kPi<F>;
    else
      re = kPi<F> / 2;
    return {re, z.im > 0 || (z.im == 0 && !sign_bit(z.im)) ? -inf_of<F>() : inf_of<F>()};
  }
  cplx<F> s1 = c_sqrt(cplx<F>{1 - z.re, -z.im}), s2 = c_sqrt(cplx<F>{1 + z.re, z.im});
  F re = 2 * dmath::atan2(s1.re, s2.re);
  F im = dmath::asinh(s2.re * s1.im - s2.im * s1.re);
  return {re, im};
}
template <class F> CUPRIC_HD inline cplx<F> c_asinh(cplx<F> z) { return c_times_mi(c_asin(c_times_i(z))); }
template <class F> CUPRIC_HD inline cplx<F> c_acosh(cplx<F> z) {
  if (dmath::isinf(z.re) || dmath::isinf(z.im) || dmath::isnan(z.re) || dmath::isnan(z.im)) {
    // acosh(z) = +-i acos(z), the sign making the real part non-negative (C99).
    cplx<F> w = c_acos(z);
    if (dmath::isnan(w.re) && dmath::isnan(w.im)) return w;
    cplx<F> r = c_times_i(w);
    if (r.re < 0 || (r.re == 0 && sign_bit(r.re))) r = {-r.re, -r.im};
    if (dmath::isnan(z.re) && !dmath::isinf(z.im)) return {z.re, z.re};
    if (dmath::isnan(z.im)) {
      if (dmath::isinf(z.re)) return {inf_of<F>(), z.im};
      return z.re == 0 ? cplx<F>{z.im, kPi<F> / 2} : cplx<F>{z.im, z.im};
    }
    return {r.re, dmath::copysign(r.im, z.im)};
  }
  cplx<F> s1 = c_sqrt(cplx<F>{z.re - 1, z.im}), s2 = c_sqrt(cplx<F>{z.re + 1, z.im});
  F re = dmath::asinh(s1.re * s2.re + s1.im * s2.im);
  F im = 2 * dmath::atan2(s1.im, s2.re);
  return {re, im};
}
template <class F> CUPRIC_HD inline cplx<F> c_atanh(cplx<F> z) {
  const F x = z.re, y = z.im;
  if (dmath::isinf(x) && dmath::isnan(y)) return {dmath::copysign(F(0), x), y};
  if (dmath::isinf(x) || dmath::isinf(y)) return {dmath::copysign(F(0), x), dmath::copysign(kPi<F> / 2, y)};
  if (dmath::isnan(x) || dmath::isnan(y)) {
    if (x == 0 && dmath::isnan(y)) return {x, y};
    return {quiet_nan<F>(), quiet_nan<F>()};
  }
  const F ax = dmath::fabs(x);
  if (ax == 1 && y == 0) return {dmath::copysign(inf_of<F>(), x), y};
  // Large |z|: atanh(z) ~ 1/z + i pi/2 sign(y); the formula below would overflow.
  const F big = sizeof(F) == 4 ? F(1e18) : F(1e150);
  if (ax > big || dmath::fabs(y) > big) {
    cplx<F> r = c_reciprocal(z);
    return {r.re, dmath::copysign(kPi<F> / 2, y)};
  }
  F one_m = 1 - ax;
  F re = F(0.25) * dmath::log1p(4 * ax / (one_m * one_m + y * y));
  F im = F(0.5) * dmath::atan2(2 * y, one_m * (1 + ax) - y * y);
  return {dmath::copysign(re, x), im};
}
template <class F> CUPRIC_HD inline cplx<F> c_atan(cplx<F> z) { return c_times_mi(c_atanh(c_times_i(z))); }
template <class F> CUPRIC_HD inline cplx<F> c_rint(cplx<F> z) { return {dmath::rint(z.re), dmath::rint(z.im)}; }

}  // namespace cupric::ufn
