// CUB inclusive sums of one (input, result) type pair each, explicitly instantiated in
// scan_cub_<type>.cu (CUB's scan kernels cost seconds of compile time each, so one small unit
// per pair) and called by the dispatch in scan_cub.cu (kernels/scan_cub.hpp).
#pragma once
#include <cuda_runtime.h>
#include <cstddef>
#include <cstdint>

namespace cupric::cuda {

template <class In, class Out>
size_t cub_sum_temp_bytes(int n);
template <class In, class Out>
void cub_sum(const In* in, Out* out, int n, void* temp, size_t temp_bytes, cudaStream_t s);

}  // namespace cupric::cuda
