// CUB inclusive sum of int32_t into int64_t (scan_cub.hpp).
#include "engine/scan/cuda/scan_cub.cuh"

namespace cupric::cuda {
template size_t cub_sum_temp_bytes<int32_t, int64_t>(int);
template void cub_sum<int32_t, int64_t>(const int32_t*, int64_t*, int, void*, size_t, cudaStream_t);
}  // namespace cupric::cuda
