// permutation's pair sort on a GPU (Note [Permutation by 32-bit keys] in
// src/random/permutation_ties.hpp): the positions written by one kernel, then one CUB radix sort
// of (uint32 key, int32 position) pairs in DoubleBuffer mode (the sort engine's instantiation in
// src/engine/sort/cuda/sort_radix_index_32.cu), whose sorted keys the tie fix-up reads directly.
#include <algorithm>
#include "engine/sort/cuda/sort_radix.hpp"
#include "random/permutation_sort.hpp"
#include "runtime/cuda/cuda_launch.cuh"

namespace cupric::random {

namespace {

__global__ void __launch_bounds__(256) permutation_positions_kernel(int32_t* v, int32_t n) {
  const int32_t stride = static_cast<int32_t>(gridDim.x * blockDim.x);
  for (int32_t i = static_cast<int32_t>(blockIdx.x * blockDim.x + threadIdx.x); i < n; i += stride) v[i] = i;
}

size_t temp_bytes(int64_t n) { return ::cupric::cuda::radix_index_temp_bytes<uint32_t>(static_cast<int>(n), 0, 32); }

bool sort_pairs(uint32_t* keys, uint32_t* kalt, int32_t* pos, int32_t* palt, int64_t n, void* temp, size_t tb,
                const Stream& stream) {
  auto s = static_cast<cudaStream_t>(stream.handle);
  const auto m = static_cast<int32_t>(n);  // n <= 2^28 (Generator::permutation)
  const unsigned grid = static_cast<unsigned>(std::min<int64_t>((n + 255) / 256, 4096));
  ::cupric::cuda::launch<&permutation_positions_kernel>(dim3(grid), dim3(256), 0, s, pos, m);
  return ::cupric::cuda::radix_sort_index<uint32_t>(keys, kalt, pos, palt, m, 0, 32, temp, tb, s);
}

struct Register {
  Register() { register_permutation_pair_sort(PermutationPairSort{&temp_bytes, &sort_pairs}); }
} register_instance;

}  // namespace

}  // namespace cupric::random
