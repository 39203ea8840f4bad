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

// NAME(a, b): a OP b rounded once, through DEVICE_FN (a CUDA __*_rn intrinsic) on the device.
#if defined(CUPRIC_DEVICE_PASS)
#define CUPRIC_FP_RN(NAME, T, OP, DEVICE_FN) \
  CUPRIC_HD inline T NAME(T a, T b) { return DEVICE_FN(a, b); }
#else
#define CUPRIC_FP_RN(NAME, T, OP, DEVICE_FN) \
  CUPRIC_HD inline T NAME(T a, T b) {        \
    CUPRIC_NO_CONTRACT                       \
    return a OP b;                           \
  }
#endif
CUPRIC_FP_RN(mul_rn, float, *, __fmul_rn)
CUPRIC_FP_RN(add_rn, float, +, __fadd_rn)
CUPRIC_FP_RN(mul_rn, double, *, __dmul_rn)
CUPRIC_FP_RN(add_rn, double, +, __dadd_rn)
CUPRIC_FP_RN(sub_rn, double, -, __dsub_rn)
CUPRIC_FP_RN(div_rn, double, /, __ddiv_rn)

#undef CUPRIC_FP_RN
#undef CUPRIC_NO_CONTRACT

}  // namespace cupric::fp
