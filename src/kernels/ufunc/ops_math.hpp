// Functors of the exponent, logarithm, trigonometric, hyperbolic and floating-point ufuncs
// (families ufunc_float_unary and ufunc_float_binary; same shape as ops_binary.hpp). These have loops for the
// inexact types only: integer inputs reach the float64 loop through type resolution, as NumPy's.
#pragma once
#include "kernels/ufunc/math_ext.hpp"
#include "kernels/ufunc/ops_binary.hpp"

namespace cupric::ufn {

#define CUPRIC_SAME_OUT template <class T> using out = T;

// Unary functions of float and complex types (CUPRIC_INEXACT_FN: ufunc_info.hpp).
CUPRIC_INEXACT_FN(Exp2, dmath::exp2, c_exp2, "Calculate `2**p` for all `p` in the input array.")
CUPRIC_INEXACT_FN(Expm1, dmath::expm1, c_expm1, "Calculate ``exp(x) - 1`` for all elements in the array.")
CUPRIC_INEXACT_FN(Log2, dmath::log2, c_log2, "Base-2 logarithm of `x`.")
CUPRIC_INEXACT_FN(Log10, dmath::log10, c_log10, "Return the base 10 logarithm of the input array, element-wise.")
CUPRIC_INEXACT_FN(Log1p, dmath::log1p, c_log1p,
                  "Return the natural logarithm of one plus the input array, element-wise.")
CUPRIC_INEXACT_FN(Tan, dmath::tan, c_tan, "Compute tangent element-wise.")
CUPRIC_INEXACT_FN(Arcsin, dmath::asin, c_asin, "Inverse sine, element-wise.")
CUPRIC_INEXACT_FN(Arccos, dmath::acos, c_acos, "Trigonometric inverse cosine, element-wise.")
CUPRIC_INEXACT_FN(Arctan, dmath::atan, c_atan, "Trigonometric inverse tangent, element-wise.")
CUPRIC_INEXACT_FN(Sinh, dmath::sinh, c_sinh, "Hyperbolic sine, element-wise.")
CUPRIC_INEXACT_FN(Cosh, dmath::cosh, c_cosh, "Hyperbolic cosine, element-wise.")
CUPRIC_INEXACT_FN(Arcsinh, dmath::asinh, c_asinh, "Inverse hyperbolic sine element-wise.")
CUPRIC_INEXACT_FN(Arccosh, dmath::acosh, c_acosh, "Inverse hyperbolic cosine, element-wise.")
CUPRIC_INEXACT_FN(Arctanh, dmath::atanh, c_atanh, "Inverse hyperbolic tangent element-wise.")

// Unary functions of real float types only ('e', 'E', 'f', 'd').
#define CUPRIC_REAL_FN(NAME, EXPR, DOC)                                   \
  struct NAME {                                                           \
    static constexpr UfuncInfo info{Identity::None, 0, DOC};              \
    template <class T> static constexpr bool has_loop = is_float_v<T>;    \
    CUPRIC_SAME_OUT                                                       \
    template <class C> CUPRIC_HD C operator()(C x) const { return EXPR; } \
  };
CUPRIC_REAL_FN(Fabs, dmath::fabs(x), "Compute the absolute values element-wise.")
CUPRIC_REAL_FN(Cbrt, dmath::cbrt(x), "Return the cube-root of an array, element-wise.")
CUPRIC_REAL_FN(Deg2rad, x*(kPi<C> / C(180)), "Convert angles from degrees to radians.")
CUPRIC_REAL_FN(Radians, x*(kPi<C> / C(180)), "Convert angles from degrees to radians.")
CUPRIC_REAL_FN(Rad2deg, x*(C(180) / kPi<C>), "Convert angles from radians to degrees.")
CUPRIC_REAL_FN(Degrees, x*(C(180) / kPi<C>), "Convert angles from radians to degrees.")
#undef CUPRIC_REAL_FN

// cupricx.rsqrt (CuPy's cupyx.rsqrt: 1/sqrt(x) for float and complex types). Internal op "_rsqrt":
// not a NumPy ufunc, so not in cupric's namespace; python/cupricx/_rsqrt.py names it.
struct Rsqrt {
  static constexpr UfuncInfo info{Identity::None, 0, "Returns the reciprocal square root, element-wise."};
  template <class T> static constexpr bool has_loop = is_float_v<T> || is_cplx_v<T>;
  CUPRIC_SAME_OUT
  template <class C> CUPRIC_HD C operator()(C x) const {
    if constexpr (is_cplx_v<C>)
      return c_reciprocal(c_sqrt(x));
    else
      return C(1) / dmath::sqrt(x);
  }
};

// numpy.i0 (not a ufunc in NumPy: a function of real floats). Internal op "_i0": the power
// series sum (x/2)^2k / (k!)^2 up to |x| = 20, above that the asymptotic expansion
// e^x / sqrt(2 pi x) * sum prod_j (2j-1)^2 / (8 j x), whose error there is below e^-40.
struct I0 {
  static constexpr UfuncInfo info{Identity::None, 0, "Modified Bessel function of the first kind, order 0."};
  template <class T> static constexpr bool has_loop = is_float_v<T>;
  CUPRIC_SAME_OUT
  template <class C> CUPRIC_HD C operator()(C x) const {
    x = dmath::fabs(x);
    if (dmath::isnan(x)) return x;
    if (x <= C(20)) {
      const C q = x * x / 4;
      C term = 1, sum = 1;
      for (int k = 1; k < 200; ++k) {
        term *= q / (C(k) * C(k));
        sum += term;
        if (term < sum * std::numeric_limits<C>::epsilon() / 4) break;
      }
      return sum;
    }
    C term = 1, sum = 1;
    for (int k = 1; k < 40; ++k) {
      C next = term * C((2 * k - 1) * (2 * k - 1)) / (C(8 * k) * x);
      if (next >= term) break;
      term = next;
      sum += term;
      if (term < sum * std::numeric_limits<C>::epsilon() / 4) break;
    }
    // e^x / sqrt(2 pi x) in two halves so that it overflows only where the result does.
    const C h = dmath::exp(x / 2);
    return h * (h / dmath::sqrt(2 * kPi<C> * x)) * sum;
  }
};

// spacing works on the storage type (a float16's spacing is a float16 ulp): `storage_args`
// tells the loop wrappers (register.hpp) not to widen half types first.
struct Spacing {
  static constexpr UfuncInfo info{Identity::None, 0, "Return the distance between x and the nearest adjacent number."};
  static constexpr bool storage_args = true;
  template <class T> static constexpr bool has_loop = is_float_v<T>;
  CUPRIC_SAME_OUT
  template <class T> CUPRIC_HD T operator()(T x) const { return spacing(x); }
};

// Binary functions of real float types.
#define CUPRIC_REAL_FN2(NAME, IDENT, EXPR, DOC)                                \
  struct NAME {                                                                \
    static constexpr UfuncInfo info{Identity::IDENT, 0, DOC};                  \
    template <class T> static constexpr bool has_loop = is_float_v<T>;         \
    CUPRIC_SAME_OUT                                                            \
    template <class C> CUPRIC_HD C operator()(C a, C b) const { return EXPR; } \
  };
CUPRIC_REAL_FN2(Logaddexp, MinusInf, logaddexp(a, b), "Logarithm of the sum of exponentiations of the inputs.")
CUPRIC_REAL_FN2(Logaddexp2, MinusInf, logaddexp2(a, b),
                "Logarithm of the sum of exponentiations of the inputs in base-2.")
CUPRIC_REAL_FN2(Arctan2, None, dmath::atan2(a, b),
                "Element-wise arc tangent of ``x1/x2`` choosing the quadrant correctly.")
CUPRIC_REAL_FN2(Hypot, Zero, dmath::hypot(a, b), "Given the \"legs\" of a right triangle, return its hypotenuse.")
CUPRIC_REAL_FN2(Copysign, None, dmath::copysign(a, b), "Change the sign of x1 to that of x2, element-wise.")
CUPRIC_REAL_FN2(Heaviside, None, (dmath::isnan(a) ? a : (a < 0 ? C(0) : (a > 0 ? C(1) : b))),
                "Compute the Heaviside step function.")
#undef CUPRIC_REAL_FN2

struct Nextafter {
  static constexpr UfuncInfo info{Identity::None, 0,
                                  "Return the next floating-point value after x1 towards x2, element-wise."};
  static constexpr bool storage_args = true;
  template <class T> static constexpr bool has_loop = is_float_v<T>;
  CUPRIC_SAME_OUT
  template <class T> CUPRIC_HD T operator()(T a, T b) const {
    if constexpr (is_half_v<T>)
      return half_nextafter(a, b);
    else
      return dmath::nextafter(a, b);
  }
};

// float_power: float64 and complex128 loops only (everything else promotes to them).
struct FloatPower {
  static constexpr UfuncInfo info{Identity::None, 0,
                                  "First array elements raised to powers from second array, element-wise."};
  template <class T> static constexpr bool has_loop = std::is_same_v<T, double> || std::is_same_v<T, complex128>;
  CUPRIC_SAME_OUT
  template <class C> CUPRIC_HD C operator()(C a, C b) const { return Power{}(a, b); }
};

// ldexp(x1, x2): float mantissas with int32 or int64 exponents ('fi->f', 'fl->f', ...).
struct Ldexp {
  static constexpr UfuncInfo info{Identity::None, kWeakByValue, "Returns x1 * 2**x2, element-wise."};
  template <class T> static constexpr bool has_loop = false;  // only mixed loops (families/ufunc_float_binary.inl)
  template <class T> using out = T;
  template <class F, class I> CUPRIC_HD F operator()(F x, I e) const {
    // Exponents beyond int's range saturate (they under- or overflow any float anyway).
    const int n = e > I(100000) ? 100000 : (e < I(-100000) ? -100000 : static_cast<int>(e));
    return dmath::ldexp(x, n);
  }
};

// Two-output ufuncs return Pair; the loop of output K picks member K (register.hpp).
template <class A, class B> struct Pair {
  A first;
  B second;
};

struct Frexp {
  static constexpr UfuncInfo info{Identity::None, 0, "Decompose the elements of x into mantissa and twos exponent."};
  template <class T> static constexpr bool has_loop = is_float_v<T>;
  template <class T> using out = T;
  template <class T> using out2 = int32_t;
  template <class C> CUPRIC_HD Pair<C, int32_t> operator()(C x) const {
    int e = 0;
    if (dmath::isnan(x) || dmath::isinf(x)) return {x, 0};
    C m = dmath::frexp(x, &e);
    return {m, e};
  }
};
struct Modf {
  static constexpr UfuncInfo info{Identity::None, 0,
                                  "Return the fractional and integral parts of an array, element-wise."};
  template <class T> static constexpr bool has_loop = is_float_v<T>;
  template <class T> using out = T;
  template <class T> using out2 = T;
  template <class C> CUPRIC_HD Pair<C, C> operator()(C x) const {
    C i;
    C f = dmath::modf(x, &i);
    return {f, i};
  }
};

#undef CUPRIC_SAME_OUT

}  // namespace cupric::ufn
