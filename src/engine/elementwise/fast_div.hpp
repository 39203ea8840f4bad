// Division of a 32-bit index by a run-time extent with a precomputed magic number (Note [Strided
// index division] in cuda_loops.cuh). Plain C++ so the host tests check the arithmetic.
#pragma once
#include <cstdint>
#include "cupric/config.hpp"

namespace cupric {

// For 1 <= d < 2^31 and 0 <= n < 2^31: n / d == (umulhi(n, magic) + n) >> shift
// (Granlund-Montgomery, round-up variant; the sum stays below 2^32 because umulhi(n, magic) < n).
struct FastDivU32 {
  uint32_t magic = 1, shift = 0;  // d == 1
  static FastDivU32 make(uint32_t d) {
    FastDivU32 f;
    if (d <= 1) return f;  // 0 never reaches a kernel (an empty plan launches nothing)
    while ((uint64_t{1} << f.shift) < d) ++f.shift;
    f.magic = static_cast<uint32_t>(((uint64_t{1} << 32) * ((uint64_t{1} << f.shift) - d)) / d + 1);
    return f;
  }
  CUPRIC_HD uint32_t div(uint32_t n) const {
#if defined(__CUDA_ARCH__)
    return (__umulhi(n, magic) + n) >> shift;
#else
    return static_cast<uint32_t>(((static_cast<uint64_t>(n) * magic) >> 32) + n) >> shift;
#endif
  }
};

}  // namespace cupric
