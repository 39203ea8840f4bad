// The CUDA loop of table inversion (Note [Discrete table inversion] in src/random/inversion_table.hpp):
// each CTA copies the table from its kernel parameters to shared memory, then its threads draw
// the values of Philox blocks (two values each) or of sub-stream elements (one) grid-stride.
// CUDA family units only.
#pragma once
#include <cuda_runtime.h>
#include <algorithm>
#include "cupric/error.hpp"
#include "engine/elementwise/loop_plan.hpp"
#include "engine/elementwise/cuda/cuda_loops.cuh"
#include "random/cuda/block_draws.cuh"
#include "random/inversion_table.hpp"
#include "runtime/cuda/cuda_launch.cuh"

namespace cupric::random::cuda_inversion {

// Index: int32 where the block count fits. Aligned: the output is aligned to a block's values,
// so a whole block is one vector store.
template <class F, class Index, bool Aligned>
__global__ void __launch_bounds__(kDrawThreads) inversion_kernel(F f, int64_t* __restrict__ out, int64_t n) {
  constexpr int K = F::per;
  __shared__ uint64_t cdf[F::Table::cap];
  __shared__ uint16_t guide[F::Table::guides];
  // From the parameters (the constant bank: a warp's 32 addresses are served one after another,
  // once per CTA; the draws then read shared memory, where scattered addresses cost little).
  for (int i = threadIdx.x; i < f.table.size; i += blockDim.x) cdf[i] = f.table.cdf[i];
  for (int i = threadIdx.x; i < F::Table::guides; i += blockDim.x) guide[i] = f.table.guide[i];
  __syncthreads();
  const InversionView t{cdf, guide, f.table.base, 64 - F::Table::guide_bits};
  const Index blocks = static_cast<Index>((n + K - 1) / K);
  const Index whole = static_cast<Index>(n / K);
  for (Index q = blockIdx.x * Index(blockDim.x) + threadIdx.x; q < blocks; q += Index(gridDim.x) * blockDim.x) {
    cuda_draws::Pack<int64_t, K> v;
    f.block_in(t, static_cast<uint64_t>(q), v.v);
    if (Aligned && q < whole) {
      reinterpret_cast<cuda_draws::Pack<int64_t, K>*>(out)[q] = v;
    } else {
      const int64_t e = static_cast<int64_t>(q) * K;
      for (int j = 0; j < K && e + j < n; ++j) out[e + j] = v.v[j];
    }
  }
}

template <auto Kernel, class F>
void launch_inversion(const F& f, int64_t* out, int64_t n, int64_t blocks, cudaStream_t s) {
  // At most one wave of resident CTAs, so that every CTA copies its table once and then draws (a
  // bigger grid would copy it again per wave).
  const int64_t grid = ::cupric::cuda::resident_grid<Kernel>(blocks, kDrawThreads, 1);
  ::cupric::cuda::launch<Kernel>(dim3(static_cast<unsigned>(grid)), dim3(kDrawThreads), 0, s, f, out, n);
}

// The loop of an inversion functor: the whole contiguous int64 output (Generator's fresh arrays;
// the engine never cuts a contiguous CUDA plan).
template <class F>
void inversion_draw_loop(const LoopPlan& p, const void* state, const Stream& stream) {
  constexpr int K = F::per;
  if (p.numel == 0) return;
  if (!p.contiguous || p.index_base != 0)
    throw RuntimeError("cupric.random: a table draw needs a whole contiguous output (internal error)");
  const F& f = *static_cast<const F*>(state);  // an F (InversionDraw::run's), so aligned: no copy
  const int64_t blocks = (p.numel + K - 1) / K;
  auto s = static_cast<cudaStream_t>(stream.handle);
  int64_t* out = reinterpret_cast<int64_t*>(p.data[0]);
  if (reinterpret_cast<uintptr_t>(out) % (sizeof(int64_t) * K) != 0)
    launch_inversion<&inversion_kernel<F, int64_t, false>>(f, out, p.numel, blocks, s);
  else if (blocks + int64_t{kDrawThreads} *
                        ::cupric::cuda::resident_ctas<&inversion_kernel<F, int32_t, true>>(kDrawThreads) <
           (int64_t{1} << 31))
    launch_inversion<&inversion_kernel<F, int32_t, true>>(f, out, p.numel, blocks, s);
  else
    launch_inversion<&inversion_kernel<F, int64_t, true>>(f, out, p.numel, blocks, s);
}

}  // namespace cupric::random::cuda_inversion
