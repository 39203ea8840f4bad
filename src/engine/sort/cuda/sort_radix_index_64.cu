// CUB radix sort of (uint64_t key, int32 position) pairs (sort_radix.hpp): argsort's sort.
#include "engine/sort/cuda/sort_radix.cuh"

namespace cupric::cuda {
template size_t radix_index_temp_bytes<uint64_t>(int, int, int);
template bool radix_sort_index<uint64_t>(uint64_t*, uint64_t*, int32_t*, int32_t*, int, int, int, void*, size_t,
                                         cudaStream_t);
}  // namespace cupric::cuda
