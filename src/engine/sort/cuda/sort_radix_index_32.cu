// CUB radix sort of (uint32_t key, int32 position) pairs (sort_radix.hpp): argsort's sort.
#include "engine/sort/cuda/sort_radix.cuh"

namespace cupric::cuda {
template size_t radix_index_temp_bytes<uint32_t>(int, int, int);
template bool radix_sort_index<uint32_t>(uint32_t*, uint32_t*, int32_t*, int32_t*, int, int, int, void*, size_t,
                                         cudaStream_t);
}  // namespace cupric::cuda
