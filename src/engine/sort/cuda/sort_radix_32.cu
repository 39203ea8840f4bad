// CUB radix sort of uint32_t keys (sort_radix.hpp).
#include "engine/sort/cuda/sort_radix.cuh"

namespace cupric::cuda {
template size_t radix_temp_bytes<uint32_t>(bool, int, int, int);
template void radix_sort<uint32_t>(const uint32_t*, uint32_t*, const int64_t*, int64_t*, int, int, int, void*, size_t,
                                   cudaStream_t);
}  // namespace cupric::cuda
