// The CUDA loop of the Philox block draws with scalar parameters (Note [Philox block draws] in
// src/random/block_draws.hpp): a thread per Philox block, its values stored with one vector store.
// CUDA family units only.
#pragma once
#include <algorithm>
#include <cstring>
#include "runtime/cuda/cuda_launch.cuh"
#include "cupric/error.hpp"
#include "engine/elementwise/loop_plan.hpp"
#include "random/block_draws.hpp"

namespace cupric::random::cuda_draws {

template <class T, int K>
struct alignas(sizeof(T) * K) Pack {
  T v[K];
};

// Grid-stride over the blocks; Index is int32 when the block count fits (cheaper loop math).
// Aligned: the output is aligned to a whole block's values (fresh arrays are), so each block is
// one vector store; otherwise element stores.
template <class F, class Index, bool Aligned>
__global__ void __launch_bounds__(256) block_draw_kernel(F f, typename F::Out* __restrict__ out, int64_t n) {
  using T = typename F::Out;
  constexpr int K = F::per;
  const Index blocks = static_cast<Index>((n + K - 1) / K);
  const Index whole = static_cast<Index>(n / K);  // blocks whose K values all lie in the output
  for (Index q = blockIdx.x * Index(blockDim.x) + threadIdx.x; q < blocks; q += Index(gridDim.x) * blockDim.x) {
    Pack<T, K> v;
    f.block(static_cast<uint64_t>(q), v.v);
    if (Aligned && q < whole) {  // one compare in the loop's index type, not a 64-bit e + K <= n
      reinterpret_cast<Pack<T, K>*>(out)[q] = v;
    } else {
      const int64_t e = static_cast<int64_t>(q) * K;
      for (int j = 0; j < K && e + j < n; ++j) out[e + j] = v.v[j];
    }
  }
}

// The loop of a block functor. Generator's outputs are fresh C-order arrays, and the engine never
// cuts a contiguous CUDA plan (Note [32-bit strided kernels] in
// src/engine/elementwise/elementwise_engine.cpp), so the plan is the whole contiguous output. No
// strided kernels are instantiated for these functors, to keep the module small (see
// Note [Kernel module size] in src/kernels/README.md).
template <class F>
void block_draw_loop(const LoopPlan& p, const void* state, const Stream& stream) {
  using T = typename F::Out;
  constexpr int K = F::per;
  if (p.numel == 0) return;
  if (!p.contiguous || p.index_base != 0)
    throw RuntimeError("cupric.random: a block draw needs a whole contiguous output (internal error)");
  F f;
  std::memcpy(static_cast<void*>(&f), state, sizeof(F));
  const int64_t blocks = (p.numel + K - 1) / K;
  // At most 2^16 CUDA blocks of 256 threads: every SM full several times over.
  const int64_t grid = std::min<int64_t>((blocks + 255) / 256, int64_t{1} << 16);
  auto s = static_cast<cudaStream_t>(stream.handle);
  T* out = reinterpret_cast<T*>(p.data[0]);
  const dim3 g(static_cast<unsigned>(grid)), b(256);
  const bool small = blocks + grid * 256 < (int64_t{1} << 31);
  if (reinterpret_cast<uintptr_t>(out) % (sizeof(T) * K) != 0)
    ::cupric::cuda::launch<&block_draw_kernel<F, int64_t, false>>(g, b, 0, s, f, out, p.numel);
  else if (small)
    ::cupric::cuda::launch<&block_draw_kernel<F, int32_t, true>>(g, b, 0, s, f, out, p.numel);
  else
    ::cupric::cuda::launch<&block_draw_kernel<F, int64_t, true>>(g, b, 0, s, f, out, p.numel);
}

}  // namespace cupric::random::cuda_draws
