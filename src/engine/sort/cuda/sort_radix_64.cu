// CUB radix sort of uint64_t keys (sort_radix.hpp).
#include "engine/sort/cuda/sort_radix.cuh"

namespace cupric::cuda {
template size_t radix_temp_bytes<uint64_t>(bool, int, int, int);
template void radix_sort<uint64_t>(const uint64_t*, uint64_t*, const int64_t*, int64_t*, int, int, int, void*, size_t,
                                   cudaStream_t);
}  // namespace cupric::cuda
