// CUB inclusive sum of float into float (scan_cub.hpp).
#include "engine/scan/cuda/scan_cub.cuh"

namespace cupric::cuda {
template size_t cub_sum_temp_bytes<float, float>(int);
template void cub_sum<float, float>(const float*, float*, int, void*, size_t, cudaStream_t);
}  // namespace cupric::cuda
