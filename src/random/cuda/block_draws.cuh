// The CUDA loop of the Philox block draws with scalar parameters (Note [Philox block draws] in
// src/random/block_draws.hpp): a thread per Philox block, its values stored with one vector store;
// the normal's ziggurat defers its rejected values to a second kernel (Note [Deferred ziggurat
// rejections]). CUDA family units only.
#pragma once
#include <algorithm>
#include <cstring>
#include "runtime/cuda/cuda_check.hpp"
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
template <class T>
void normal_deferred_loop(const NormalBlockF<T>& f, T* out, int64_t n, cudaStream_t s);

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
  const int64_t grid = block_draw_grid(blocks);
  auto s = static_cast<cudaStream_t>(stream.handle);
  T* out = reinterpret_cast<T*>(p.data[0]);
  if constexpr (std::is_same_v<F, NormalBlockF<T>>) {
    if (p.numel <= kDeferMaxValues && reinterpret_cast<uintptr_t>(out) % (sizeof(T) * K) == 0) {
      normal_deferred_loop<T>(f, out, p.numel, s);
      return;
    }
  }
  const dim3 g(static_cast<unsigned>(grid)), b(kDrawThreads);
  const bool small = blocks + grid * 256 < (int64_t{1} << 31);
  if (reinterpret_cast<uintptr_t>(out) % (sizeof(T) * K) != 0)
    ::cupric::cuda::launch<&block_draw_kernel<F, int64_t, false>>(g, b, 0, s, f, out, p.numel);
  else if (small)
    ::cupric::cuda::launch<&block_draw_kernel<F, int32_t, true>>(g, b, 0, s, f, out, p.numel);
  else
    ::cupric::cuda::launch<&block_draw_kernel<F, int64_t, true>>(g, b, 0, s, f, out, p.numel);
}

// Note [Deferred ziggurat rejections]
// The normal ziggurat (Note [Normal ziggurat] in include/cupric/random/ziggurat.hpp) takes its
// fast path (a layer load and a product) for 98.5% of the values. Finished in place, the other
// 1.5% cost every warp whose 128 values hold one (~85% of them) a Philox sub-stream block and a
// logarithm while its other lanes wait: 1342 GB/s for 2^28 float32 on the H200, below Box-Muller's
// 2094. So normal_fast_kernel stores the fast values, and a lane with a rejected value only
// appends its element index to its CTA's list in shared memory (a shared atomic). After its
// grid-stride loop the CTA finishes its list densely, one element a thread (~61 of them for
// 4096 float32 values: two warps of slow paths, not 85% of all warps), with NormalBlockF's
// operator(): the value the host loop computes in place (the ziggurat's slow path on element e's
// sub-stream). Those stores land on lines the CTA wrote microseconds before, still in L2.
// A second variant, for the benchmark's comparison only (CUPRIC_BENCH_BLOCK_NORMAL=two-kernel:
// generator.cpp then hands the loop a scratch list, deferred_list_bytes), copies each CTA's list
// to a global one (one global atomic a CTA) and finishes it in normal_finish_kernel, at full
// warp occupancy but with scattered partial-sector stores to lines long gone from L2.
// The values stay a function of (seed, call, e): which elements are deferred, in what order the
// lists are filled, and whether a full CTA list (1/48 of its values plus 48 slots; 1.5% expected)
// makes a lane finish one in place change nothing but the timing. Draws of 2^31 values or more
// (32-bit element indices in the lists) take the one-kernel loop above, which finishes
// rejections in place.
// Six CTAs an SM for float32 (at most 40 registers): the slow path's registers must not cost the
// fast loop its occupancy (unbounded, ptxas gave it 52: four CTAs); what spills is the slow
// path's, after the loop. float64 keeps four (62 registers; at 48 its fast loop spilled).
template <class T, int K, bool Global>
__global__ void __launch_bounds__(256, sizeof(T) <= 4 ? 6 : 4)
    normal_fast_kernel(NormalBlockF<T> f, T* __restrict__ out, int32_t n, uint32_t* __restrict__ list, int slots) {
  __shared__ ZigLayer<T> layers[256];  // random layer indices: ~6 shared wavefronts a warp-load, 16 via L1
  __shared__ uint32_t count, global_base;
  extern __shared__ uint32_t pending_list[];
  const ZigLayer<T>* src = zig_layers<T>();
  for (unsigned i = threadIdx.x; i < 256; i += blockDim.x) layers[i] = src[i];
  if (threadIdx.x == 0) count = 0;
  __syncthreads();
  // Block q's values in v, its rejected ones (those of the mask `valid`) on the CTA's list.
  auto draw = [&](int32_t q, Pack<T, K>& v, unsigned valid) {
    const Words4 w = philox_call_block(f.key, static_cast<uint64_t>(q));
    unsigned rejected = NormalLaw::fast<T>(w, v.v, layers) & valid;
    if (rejected) {
      const uint32_t first = atomicAdd(&count, static_cast<uint32_t>(__popc(rejected)));
      for (uint32_t slot = first; rejected; ++slot) {
        const int j = __ffs(static_cast<int>(rejected)) - 1;
        rejected &= rejected - 1;
        const uint32_t e = static_cast<uint32_t>(q) * K + static_cast<uint32_t>(j);
        if (slot < static_cast<uint32_t>(slots)) {
          pending_list[slot] = e;
        } else {  // the CTA's list is full (rare): finish it here
          const T x = NormalLaw::one<T>(f.key, e, w, j);
          for (int i = 0; i < K; ++i) v.v[i] = i == j ? x : v.v[i];
        }
      }
    }
    for (int j = 0; j < K; ++j) v.v[j] = NormalLaw::finish<T>(v.v[j], f.params);
  };
  // The whole blocks, one vector store each; then the cut last block (thread 0 of CTA 0).
  const int32_t whole = n / K, cut = n - whole * K;
  for (int32_t q = blockIdx.x * blockDim.x + threadIdx.x; q < whole; q += gridDim.x * blockDim.x) {
    Pack<T, K> v;
    draw(q, v, (1u << K) - 1u);
    reinterpret_cast<Pack<T, K>*>(out)[q] = v;
  }
  if (cut != 0 && blockIdx.x == 0 && threadIdx.x == 0) {
    Pack<T, K> v;
    draw(whole, v, (1u << cut) - 1u);
    for (int j = 0; j < K; ++j)
      if (j < cut) out[whole * K + j] = v.v[j];
  }
  __syncthreads();
  const uint32_t c = min(count, static_cast<uint32_t>(slots));
  if constexpr (Global) {
    if (threadIdx.x == 0 && c > 0) global_base = atomicAdd(list, c);
    __syncthreads();
    for (uint32_t i = threadIdx.x; i < c; i += blockDim.x) list[kDeferredHeader + global_base + i] = pending_list[i];
  } else {
    for (uint32_t i = threadIdx.x; i < c; i += blockDim.x) {
      const uint32_t e = pending_list[i];
      out[e] = f(static_cast<int64_t>(e));
    }
  }
}

template <class T>
__global__ void __launch_bounds__(256)
    normal_finish_kernel(NormalBlockF<T> f, T* __restrict__ out, const uint32_t* __restrict__ list) {
  const uint32_t c = list[0];
  for (uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i < c; i += gridDim.x * blockDim.x) {
    const uint32_t e = list[kDeferredHeader + i];
    out[e] = f(static_cast<int64_t>(e));
  }
}

// A normal draw of n <= kDeferMaxValues values into out aligned to a block's values: one kernel,
// or (f.deferred.words: the benchmark's two-kernel variant, sized by deferred_list_bytes) two.
template <class T>
void normal_deferred_loop(const NormalBlockF<T>& f, T* out, int64_t n, cudaStream_t s) {
  constexpr int K = kBlockPer<T>;
  const int64_t blocks = (n + K - 1) / K, grid = block_draw_grid(blocks);
  const int64_t slots = deferred_slots_per_cta(n, K);
  const dim3 g(static_cast<unsigned>(grid)), b(kDrawThreads);
  const size_t smem = static_cast<size_t>(slots) * sizeof(uint32_t);
  uint32_t* list = f.deferred.words;
  if (list == nullptr) {
    ::cupric::cuda::launch<&normal_fast_kernel<T, K, false>>(g, b, smem, s, f, out, static_cast<int32_t>(n), list,
                                                             static_cast<int>(slots));
    return;
  }
  ::cupric::cuda_check(cudaMemsetAsync(list, 0, sizeof(uint32_t), s), "normal draw list reset");
  ::cupric::cuda::launch<&normal_fast_kernel<T, K, true>>(g, b, smem, s, f, out, static_cast<int32_t>(n), list,
                                                          static_cast<int>(slots));
  // The list holds at most grid * slots elements (1.5% of n expected): a grid for that many,
  // grid-stride beyond 2048 CTAs; threads past the count return at once.
  const int64_t most = grid * slots, fgrid = std::min<int64_t>((most + kDrawThreads - 1) / kDrawThreads, 2048);
  ::cupric::cuda::launch<&normal_finish_kernel<T>>(dim3(static_cast<unsigned>(fgrid)), b, 0, s, f, out,
                                                   static_cast<const uint32_t*>(list));
}

}  // namespace cupric::random::cuda_draws
