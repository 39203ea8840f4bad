// CUB inclusive sum of double into double (scan_cub.hpp).
#include "engine/scan/cuda/scan_cub.cuh"

namespace cupric::cuda {
template size_t cub_sum_temp_bytes<double, double>(int);
template void cub_sum<double, double>(const double*, double*, int, void*, size_t, cudaStream_t);
}  // namespace cupric::cuda
