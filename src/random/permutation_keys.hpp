// permutation's 32-bit sort keys (Note [Permutation by 32-bit keys]) element by element, as the
// call's integers(0, 2^32 - 1, uint32, endpoint=True) draws them: CUPRIC_HD, so that the GPU path
// draws each key where it needs it (Note [Permutation keys on a GPU]).
#pragma once
#include <cstdint>
#include "random/block_draws.hpp"
#include "random/draw_kernels.hpp"

namespace cupric::random {

// Note [Permutation keys on a GPU]
// The keys were drawn by Generator::integers(0, 2^32 - 1, uint32, endpoint=True): for XORWOW and
// MRG32k3a the indexed Integers loop (IntegersF: element e's sub-stream, then Lemire's bounded(),
// which for the full 32-bit range is the sub-stream's first word), through the strided elementwise
// engine with its three operands and int64 indices. That kernel ran 443 us for 2^26 keys on the
// H200 (600 GB/s, 83 % SM-bound), a fifth of permutation(2^26); a second kernel wrote the
// positions 0 .. n - 1 (68 us), and CUB's sort read both back (its histogram, then its first pass).
// PermutationKeys gives the same words with the generator kind a template parameter, so
// SubStream's branches on the kind fold away and the first SplitMix64 hash of the sub-stream seed
// (it depends on the call only) leaves the loop: ~39 SASS instructions a XORWOW key (sm_90).
// Philox keeps its block draw (IntegerBlockF: word e % 4 of block e / 4 of the call's block
// stream; the full range rejects no word). A key being a function of its index, the GPU path
// (src/random/cuda/permutation_sort.cu) draws it where it is needed instead of storing it:
// * the first radix pass (the lowest sorted 8-bit digit) is fused with the draw: a count kernel
//   draws every key for the digit histogram (no memory read), then a scatter kernel draws each
//   tile's keys again, ranks them by digit in shared memory, reserves the tile's run in each
//   digit with one atomic, and stores (key, position) digit by digit: 8 bytes an element written,
//   where the key kernel and CUB's histogram and first pass moved 8 + 4 + 16. The order within a
//   digit is the atomics'; CUB's stable passes sort the remaining digits, and the groups' ranks
//   do not depend on the order within a group (Note [Permutation by 32-bit keys]);
// * a permutation of n <= 2048 (one group, no sort) takes the keys and positions from one kernel
//   of 16-byte stores.
// tests/cpp/test_permutation_keys.cpp checks the words against Generator::integers for the three
// kinds; the host still draws them through integers().
template <BitGenKind K>
struct PermutationKeys {
  StreamKey key;  // the call's sub-stream key (Generator::next_substream_key)

  // Element e's key.
  CUPRIC_HD uint32_t operator()(uint64_t e) const {
    if constexpr (K == BitGenKind::Philox4x3210) {
      return block_functor()(static_cast<int64_t>(e));
    } else {
      StreamKey k = key;
      k.kind = K;  // a constant: SubStream's other kinds fold away
      SubStream s(k, e);
      return s.next32();
    }
  }
  // Keys of elements 4q .. 4q + 3.
  CUPRIC_HD void quad(uint64_t q, uint32_t (&v)[4]) const {
    if constexpr (K == BitGenKind::Philox4x3210) {
      block_functor().block(q, v);
    } else {
      for (int j = 0; j < 4; ++j) v[j] = (*this)(4 * q + static_cast<uint64_t>(j));
    }
  }

 private:
  CUPRIC_HD IntegerBlockF<uint32_t, false> block_functor() const {
    return IntegerBlockF<uint32_t, false>{key, IntegerParams{0, kNarrowRangeMax}, 0};
  }
};

}  // namespace cupric::random
