// Build configuration shared by host and device code: portability macros and hard limits.
#pragma once
#include <cstdint>
#include <cstddef>

#if defined(__CUDACC__)
#define CUPRIC_HD __host__ __device__
#define CUPRIC_FORCEINLINE __forceinline__
#else
#define CUPRIC_HD
#define CUPRIC_FORCEINLINE inline __attribute__((always_inline))
#endif

#if defined(__CUDA_ARCH__)
#define CUPRIC_DEVICE_PASS 1
#endif

namespace cupric {

// NumPy's limit on dimensions (NPY_MAXDIMS in NumPy 2).
inline constexpr int kMaxDims = 64;
// Operands (outputs + inputs) one elementwise loop can take.
inline constexpr int kMaxOperands = 4;

inline constexpr const char* kVersion = "0.1.0";

}  // namespace cupric
