// permutation's GPU path (Note [Permutation groups on a GPU] in src/random/permutation_ties.hpp):
// registered by the CUDA backend (src/random/cuda/permutation_sort.cu); the host sorts through
// argsort and runs the tie fix-up instead.
#pragma once
#include <cstddef>
#include <cstdint>
#include "cupric/random/streams.hpp"
#include "cupric/runtime/backend.hpp"

namespace cupric::random {

// The device buffers of one permutation of n <= 2^28: the 32-bit keys, an alternate key buffer,
// two int32 position buffers, the radix sort's scratch, the group starts (starts_size(n) int32)
// and the int64 result. permute uses all but out as scratch.
struct PermutationGpuBuffers {
  uint32_t* keys;
  uint32_t* kalt;
  int32_t* pos;
  int32_t* palt;
  void* temp;
  size_t temp_bytes;
  int32_t* starts;
  int64_t* out;
};

struct PermutationGpu {
  size_t (*temp_bytes)(int64_t n);    // the radix sort's scratch bytes (0 when it sorts nothing)
  int64_t (*starts_size)(int64_t n);  // int32 entries of the group starts
  // out := the permutation of Note [Permutation by 32-bit keys], the host's numbers: the keys of
  // sub-stream call `key` (PermutationKeys in src/random/permutation_keys.hpp, the words of
  // integers(0, 2^32 - 1, uint32, endpoint=True)), ties broken by sub-stream call `tie_key`.
  void (*permute)(const PermutationGpuBuffers& b, int64_t n, const StreamKey& key, const StreamKey& tie_key,
                  const Stream& stream);
};

void register_permutation_gpu(const PermutationGpu& p);
// The CUDA backend's path, or nullptr where none is built.
const PermutationGpu* cuda_permutation_gpu();

}  // namespace cupric::random
