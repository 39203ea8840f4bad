// The CUDA loop of random() over a contiguous output from the Philox raw stream: one Philox block
// per thread, its four words stored at once (Note [Philox contiguous kernel]). CUDA family units only.
#pragma once
#include <cstring>
#include "engine/elementwise/cuda/cuda_loops.cuh"
#include "random/cuda/block_draws.cuh"
#include "random/draw_kernels.hpp"

namespace cupric::random::cuda_draws {

// Note [Philox contiguous kernel]
// The indexed functor UniformF computes element e's word from its own Philox block, so the four
// elements of a block cost four Philox evaluations. When the call's first word is block-aligned
// (offset % 4 == 0, which draws of sizes that are multiples of 4 keep), block q of the call is
// raw block base/4 + q and gives four float32 values (or two float64 values): the block kernel of
// the block draws (block_draws.cuh: grid-stride, 32-bit indices where they fit, one vector store
// per block) runs it. Same words, same values as UniformF: the host loop, unaligned offsets and
// the other layouts keep using UniformF.
template <class T>
struct PhiloxUniformBlockF {
  using Out = T;
  static constexpr int per = sizeof(T) == 8 ? 2 : 4;
  uint64_t seed, first_block;
  CUPRIC_HD void block(uint64_t q, T* v) const {
    const Words4 w = philox_curand_block(seed, first_block + q);
    if constexpr (sizeof(T) == 8) {
      v[0] = uniform53_of(w.w[0], w.w[1]);
      v[1] = uniform53_of(w.w[2], w.w[3]);
    } else {
      for (int j = 0; j < 4; ++j) v[j] = static_cast<T>(uniform_float_of(w.w[j]));
    }
  }
};

template <class T>
void philox_uniform_loop(const LoopPlan& p, const void* state, const Stream& stream) {
  PhiloxWords src;
  std::memcpy(&src, state, sizeof(src));
  if ((src.base & 3) == 0 && p.contiguous && p.index_base == 0) {
    PhiloxUniformBlockF<T> f{src.seed, src.base / 4};
    block_draw_loop<PhiloxUniformBlockF<T>>(p, &f, stream);
    return;
  }
  ::cupric::cuda::indexed_loop<UniformF<T, PhiloxWords>, T>(p, state, stream);
}

}  // namespace cupric::random::cuda_draws
