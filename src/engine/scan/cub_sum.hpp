// Whole-row inclusive sums by CUB's DeviceScan (single-pass decoupled look-back): a CUDA-only
// entry of the scan engine, registered by cuda/scan_cub.cu (Note [Dispatch]); the host slot stays
// null. The scan engine (Note [CUB sums] in scan_engine.cpp) sends contiguous rows of the common
// dtypes here and everything else to its own loops.
#pragma once
#include <cstddef>
#include <cstdint>
#include "cupric/detail/dispatch.hpp"
#include "cupric/dtype.hpp"
#include "cupric/runtime/backend.hpp"

namespace cupric {

struct CubSumFns {
  // Whether (input, result) has a CUB sum: float32, float64, int64/uint64 to themselves and
  // int32 to int64 (accumulated in int64, NumPy's cumsum dtype).
  bool (*supports)(ScalarType in, ScalarType out);
  // Scratch bytes of one sum of n elements (0 < n <= INT_MAX).
  size_t (*temp_bytes)(ScalarType in, ScalarType out, int64_t n);
  // dst[i] = src[0] + ... + src[i] for i < n, both contiguous, enqueued on `s`.
  void (*inclusive_sum)(ScalarType in, ScalarType out, const void* src, void* dst, int64_t n, void* temp,
                        size_t temp_bytes, const Stream& s);
};
dispatch::Table<const CubSumFns*>& cub_sum_table();

}  // namespace cupric
