// The body of the CUB sums declared in scan_cub.hpp; each scan_cub_<type>.cu includes it and
// instantiates it for one type pair.
#pragma once
#include <cub/device/device_scan.cuh>
#include <cuda/std/functional>
#include <type_traits>
#include "engine/scan/cuda/scan_cub.hpp"
#include "runtime/cuda/cuda_check.hpp"

namespace cupric::cuda {

// Same types: InclusiveSum (accumulates in In). Widening (int32 -> int64): InclusiveScanInit
// seeded with Out{0}, so CUB accumulates in Out (its accumulator type follows the seed's).
template <class In, class Out>
cudaError_t cub_sum_call(void* temp, size_t& bytes, const In* in, Out* out, int n, cudaStream_t s) {
  if constexpr (std::is_same_v<In, Out>)
    return cub::DeviceScan::InclusiveSum(temp, bytes, in, out, n, s);
  else
    return cub::DeviceScan::InclusiveScanInit(temp, bytes, in, out, ::cuda::std::plus<>{}, Out{0}, n, s);
}

template <class In, class Out>
size_t cub_sum_temp_bytes(int n) {
  size_t bytes = 0;
  cuda_check(
      cub_sum_call<In, Out>(nullptr, bytes, static_cast<const In*>(nullptr), static_cast<Out*>(nullptr), n, nullptr),
      "cub::DeviceScan (temporary storage size)");
  return bytes;
}

template <class In, class Out>
void cub_sum(const In* in, Out* out, int n, void* temp, size_t temp_bytes, cudaStream_t s) {
  cuda_check(cub_sum_call<In, Out>(temp, temp_bytes, in, out, n, s), "cub::DeviceScan");
}

}  // namespace cupric::cuda
