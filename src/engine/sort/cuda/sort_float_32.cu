// CUB radix sort of float values by CUB's own float keys (sort_radix.hpp): sort's value sort.
#include "engine/sort/cuda/sort_radix.cuh"

namespace cupric::cuda {
template size_t radix_float_temp_bytes<float>(int);
template void radix_sort_float<float>(const float*, float*, int, void*, size_t, cudaStream_t);
}  // namespace cupric::cuda
