// Device-portable math: the C library's functions under one overloaded name each, for float,
// double and the 16-bit floats, callable on the host and on the GPU. Used by the ufunc functors
// (src/kernels/ufunc/) and the random samplers (include/cupric/random/distributions/).
//
// Note [Device-portable math]
// Kernel code is templated on its element type and compiles under nvcc for the device, where
// std::log & co. are not __device__ functions. The C library's names are: CUDA provides ::logf
// and ::log as device functions, <math.h> provides them on the host. So kernels call
// cupric::dmath::log(x), which picks ::logf for float and ::log for double: float code computes
// in float throughout (a float32 ufunc or sampler costs no double math on the GPU), and the host
// and device builds of a functor call the same function. The 16-bit floats (float16, bfloat16)
// compute in float and round once, as NumPy does for float16 (the ufunc functors convert to their
// compute type themselves: Note [Ufunc compute types] in src/kernels/ufunc/math.hpp).
// isnan/isinf compare values instead of calling <cmath>'s templates, which are host-only.
#pragma once
#include <math.h>
#include <cmath>  // (after math.h: the C99 classification macros give way to functions)
#include <limits>
#include <type_traits>
#include "cupric/config.hpp"
#include "cupric/detail/cast_value.hpp"  // is_half_v

namespace cupric::dmath {

#define CUPRIC_DMATH_FN1(NAME)                                                               \
  CUPRIC_HD inline float NAME(float x) { return ::NAME##f(x); }                              \
  CUPRIC_HD inline double NAME(double x) { return ::NAME(x); }                               \
  template <class H, std::enable_if_t<is_half_v<H>, int> = 0> CUPRIC_HD inline H NAME(H x) { \
    return H(::NAME##f(static_cast<float>(x)));                                              \
  }
#define CUPRIC_DMATH_FN2(NAME)                                                                    \
  CUPRIC_HD inline float NAME(float x, float y) { return ::NAME##f(x, y); }                       \
  CUPRIC_HD inline double NAME(double x, double y) { return ::NAME(x, y); }                       \
  template <class H, std::enable_if_t<is_half_v<H>, int> = 0> CUPRIC_HD inline H NAME(H x, H y) { \
    return H(::NAME##f(static_cast<float>(x), static_cast<float>(y)));                            \
  }
// clang-format off
// exponents and logarithms
CUPRIC_DMATH_FN1(exp) CUPRIC_DMATH_FN1(exp2) CUPRIC_DMATH_FN1(expm1)
CUPRIC_DMATH_FN1(log) CUPRIC_DMATH_FN1(log2) CUPRIC_DMATH_FN1(log10) CUPRIC_DMATH_FN1(log1p)
CUPRIC_DMATH_FN1(sqrt) CUPRIC_DMATH_FN1(cbrt) CUPRIC_DMATH_FN2(pow) CUPRIC_DMATH_FN2(hypot)
// trigonometric and hyperbolic
CUPRIC_DMATH_FN1(sin) CUPRIC_DMATH_FN1(cos) CUPRIC_DMATH_FN1(tan)
CUPRIC_DMATH_FN1(asin) CUPRIC_DMATH_FN1(acos) CUPRIC_DMATH_FN1(atan) CUPRIC_DMATH_FN2(atan2)
CUPRIC_DMATH_FN1(sinh) CUPRIC_DMATH_FN1(cosh) CUPRIC_DMATH_FN1(tanh)
CUPRIC_DMATH_FN1(asinh) CUPRIC_DMATH_FN1(acosh) CUPRIC_DMATH_FN1(atanh)
// rounding, remainders, the bits of a float
CUPRIC_DMATH_FN1(floor) CUPRIC_DMATH_FN1(ceil) CUPRIC_DMATH_FN1(trunc) CUPRIC_DMATH_FN1(rint)
CUPRIC_DMATH_FN1(fabs) CUPRIC_DMATH_FN2(fmod) CUPRIC_DMATH_FN2(copysign) CUPRIC_DMATH_FN2(nextafter)
// special functions
CUPRIC_DMATH_FN1(lgamma)
// clang-format on
#undef CUPRIC_DMATH_FN1
#undef CUPRIC_DMATH_FN2

    // The float-decomposition functions (float and double: their outputs have other types).
    CUPRIC_HD inline float ldexp(float x, int e) {
  return ::ldexpf(x, e);
}
CUPRIC_HD inline double ldexp(double x, int e) { return ::ldexp(x, e); }
CUPRIC_HD inline float frexp(float x, int* e) { return ::frexpf(x, e); }
CUPRIC_HD inline double frexp(double x, int* e) { return ::frexp(x, e); }
CUPRIC_HD inline float modf(float x, float* i) { return ::modff(x, i); }
CUPRIC_HD inline double modf(double x, double* i) { return ::modf(x, i); }

// Classification and ordering of any real type.
template <class F> CUPRIC_HD inline bool isnan(F x) { return x != x; }
template <class F> CUPRIC_HD inline bool isinf(F x) {
  return x == std::numeric_limits<F>::infinity() || x == -std::numeric_limits<F>::infinity();
}
template <class T> CUPRIC_HD inline T min(T a, T b) { return b < a ? b : a; }
template <class T> CUPRIC_HD inline T max(T a, T b) { return a < b ? b : a; }

}  // namespace cupric::dmath
