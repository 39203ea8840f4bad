// The backend's sort of permutation's (key, position) pairs (Note [Permutation by 32-bit keys] in
// src/random/permutation_ties.hpp): registered by the CUDA backend (src/random/cuda/
// permutation_sort.cu); the host sorts through argsort instead.
#pragma once
#include <cstddef>
#include <cstdint>
#include "cupric/runtime/backend.hpp"

namespace cupric::random {

struct PermutationPairSort {
  // CUB's scratch bytes for n pairs.
  size_t (*temp_bytes)(int64_t n);
  // Fills pos with 0 .. n-1 and sorts (keys, pos) stably by key, both buffers of each pair used:
  // returns true when the sorted pairs are in (kalt, palt), false when in (keys, pos).
  bool (*sort)(uint32_t* keys, uint32_t* kalt, int32_t* pos, int32_t* palt, int64_t n, void* temp, size_t temp_bytes,
               const Stream& stream);
};

void register_permutation_pair_sort(const PermutationPairSort& s);
// The CUDA backend's sort, or nullptr where none is built.
const PermutationPairSort* cuda_permutation_pair_sort();

}  // namespace cupric::random
