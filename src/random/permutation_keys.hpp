// permutation's 32-bit sort keys (Note [Permutation by 32-bit keys]) element by element, as the
// call's integers(0, 2^32 - 1, uint32, endpoint=True) draws them: CUPRIC_HD, so that the GPU path
// draws the keys and their positions in one kernel (Note [Permutation keys on a GPU]).
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
// H200 (600 GB/s, 83 % SM-bound), a fifth of permutation(2^26), then a second kernel wrote the
// positions 0 .. n - 1 (68 us). PermutationKeys gives the same words with the generator kind a
// template parameter, so SubStream's branches on the kind fold away and the first SplitMix64 hash
// of the sub-stream seed (it depends on the call only) is loop-invariant; the GPU path's
// permutation_keys_kernel (src/random/cuda/permutation_sort.cu) writes four keys and their four
// positions per thread step as 16-byte stores, one pass of 8 bytes an element. Philox keeps its
// block draw (IntegerBlockF: word e % 4 of block e / 4 of the call's block stream; the full
// range rejects no word). tests/cpp/test_random_streams.cpp checks the words against
// Generator::integers for the three kinds; the host still draws them through integers().
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
