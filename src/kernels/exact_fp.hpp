// Floating-point arithmetic with exactly one rounding per operation, on host and device.
//
// Note [No FMA contraction]
// nvcc fuses `a * b + c` into one fma by default, which rounds once instead of twice; x86-64
// builds of NumPy do not (the baseline has no FMA, and C's default contraction is off). Where a
// result must match NumPy bit for bit (arange's `start + i*delta`, linspace's `i*step + start`)
// kernels use these helpers, which the compiler may not contract: the CUDA __*_rn intrinsics on
// the device, and on the host plain operators (GCC does not contract in ISO C++ mode; clang is
// told not to here).
#pragma once
#include "cupric/config.hpp"

namespace cupric::fp {

#if defined(__clang__) && !defined(CUPRIC_DEVICE_PASS)
#define CUPRIC_NO_CONTRACT _Pragma("clang fp contract(off)")
#else
#define CUPRIC_NO_CONTRACT
#endif

CUPRIC_HD inline float mul_rn(float a, float b) {
#if defined(CUPRIC_DEVICE_PASS)
  return __fmul_rn(a, b);
#else
  CUPRIC_NO_CONTRACT
  return a * b;
#endif
}
CUPRIC_HD inline float add_rn(float a, float b) {
#if defined(CUPRIC_DEVICE_PASS)
  return __fadd_rn(a, b);
#else
  CUPRIC_NO_CONTRACT
  return a + b;
#endif
}
CUPRIC_HD inline double mul_rn(double a, double b) {
#if defined(CUPRIC_DEVICE_PASS)
  return __dmul_rn(a, b);
#else
  CUPRIC_NO_CONTRACT
  return a * b;
#endif
}
CUPRIC_HD inline double add_rn(double a, double b) {
#if defined(CUPRIC_DEVICE_PASS)
  return __dadd_rn(a, b);
#else
  CUPRIC_NO_CONTRACT
  return a + b;
#endif
}
CUPRIC_HD inline double sub_rn(double a, double b) {
#if defined(CUPRIC_DEVICE_PASS)
  return __dsub_rn(a, b);
#else
  CUPRIC_NO_CONTRACT
  return a - b;
#endif
}
CUPRIC_HD inline double div_rn(double a, double b) {
#if defined(CUPRIC_DEVICE_PASS)
  return __ddiv_rn(a, b);
#else
  return a / b;
#endif
}

#undef CUPRIC_NO_CONTRACT

}  // namespace cupric::fp
