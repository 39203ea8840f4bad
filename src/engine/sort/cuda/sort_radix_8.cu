// CUB radix sort of uint8_t keys (sort_radix.hpp).
#include "engine/sort/cuda/sort_radix.cuh"

namespace cupric::cuda {
template size_t radix_temp_bytes<uint8_t>(bool, int, int, int);
template void radix_sort<uint8_t>(const uint8_t*, uint8_t*, const int64_t*, int64_t*, int, int, int, void*, size_t,
                                  cudaStream_t);
}  // namespace cupric::cuda
