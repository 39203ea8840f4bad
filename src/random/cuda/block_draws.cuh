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

// Grid-stride over the blocks; Index is uint32 when the block count fits (cheaper loop math; unsigned,
// so that the counter word q >> 32 is a known 0 and Philox's first rounds fold into uniform work).
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
    ::cupric::cuda::launch<&block_draw_kernel<F, uint32_t, true>>(g, b, 0, s, f, out, p.numel);
  else
    ::cupric::cuda::launch<&block_draw_kernel<F, int64_t, true>>(g, b, 0, s, f, out, p.numel);
}

// Note [Deferred ziggurat rejections]
// The normal ziggurat (Note [Normal ziggurat] in include/cupric/random/ziggurat.hpp) takes its
// fast path (a layer load and a product) for 98.5% of the values. Finished in place, the other
// 1.5% cost every warp whose 128 values hold one (~85% of them) a Philox sub-stream block and a
// logarithm while its other lanes wait: 1342 GB/s for 2^28 float32 on the H200, below Box-Muller's
// 2094. So normal_fast_kernel stores the fast values (a rejected one's slot gets a meaningless
// value) and finishes the rejected ones at the end of its CTA, densely, one element a thread
// (~123 of them for 8192 float32 values: four warps of slow paths, not 85% of all warps), with
// NormalBlockF's operator(): the value the host loop computes in place (the ziggurat's slow path
// on element e's sub-stream). Those stores land on lines the CTA wrote microseconds before,
// still in L2.
// The bookkeeping costs no per-block atomic: a thread shifts each value's rejection bit (the sign
// of kb1 - ub: Note [Ziggurat fast path arithmetic] in include/cupric/random/ziggurat.hpp) into
// one word, a SHF a value and no branch, and after its loop appends the rejected element indices
// (recomputed from the bit positions, its first block and the stride) to its CTA's list in
// shared memory: one shared atomic a thread. The word holds 32 values: a thread takes 32 / K
// blocks (deferred_grid: 2^15 CTAs for 2^28 float32 values, where block_draw_grid's 2^16 gave a
// thread 4 blocks), so that a CTA's fixed costs (~66 instructions a thread before the loop, ~45
// + ~20 a rejected value for the append) spread over twice the values. The first version
// appended from inside the loop: a warp-aggregated atomic (VOTE, POPC, SHFL scan, ATOMS, a loop
// over the bits) in the ~85% of iterations whose warp held a rejection, ~60 instructions besides
// the block's ~122 (0.515 ms for 2^28 float32 on the H200, instruction-bound at IPC 3 of 4).
// The values stay a function of (seed, call, e): which elements are deferred, in what order the
// list is filled, and whether a full CTA list (deferred_slots_per_cta: 1/48 of its values plus
// 48 slots; 1.5% expected) makes a thread finish one itself (out[e] = f(e) after its own stores)
// change nothing but the timing. Draws of 2^31 values or more (32-bit element indices in the
// lists) take the one-kernel loop above, which finishes rejections in place.
// The loop reads the Philox round keys from its parameters (Note [Philox round keys] in
// include/cupric/random/bit_generators.hpp: no per-block key schedule) and the 512 signed layer
// entries from shared memory; loc = 0, scale = 1 is a template parameter (Standard), so the loop
// tests no parameter (the former loop re-read and tested them every block). SASS (sm_90, CUDA 13)
// of one loop iteration, every warp alike: float32 77 instructions for 4 values (Philox ~40, 8 a
// value: LOP3 + LEA address, LDS.64, SHF for ub, FMUL, FFMA, IADD + SHF for the rejection bit;
// 122 + ~60 before), float64 68 for 2 values (~120 + ~60 before); 31 and 56 registers.
// At least six CTAs an SM for float32 (at most 40 registers: the slow path's registers must not
// cost the fast loop its occupancy); ptxas now gives it 31, so eight fit (bounding it at eight
// made 28 and two more instructions in the loop). float64 keeps four.

// The entry of index w & 0x1ff of a table of ZigEntry32 (ZigEntry64) at shared address tb: a LOP3
// and a LEA. Written in C++, ptxas makes it (w << 3) & 0xff8 plus the base: three instructions.
__device__ inline ZigEntry32 shared_entry32(uint32_t tb, uint32_t w) {
  uint32_t kb1, ws;
  asm("{\n\t.reg .u32 a;\n\tand.b32 a, %2, 0x1ff;\n\tmad.lo.u32 a, a, 8, %3;\n\t"
      "ld.shared.v2.u32 {%0, %1}, [a];\n\t}"
      : "=r"(kb1), "=r"(ws)
      : "r"(w), "r"(tb)
      : "memory");
  return {kb1, __uint_as_float(ws)};
}
__device__ inline ZigEntry64 shared_entry64(uint32_t tb, uint32_t w) {
  unsigned long long kb1, ws;
  asm("{\n\t.reg .u32 a;\n\tand.b32 a, %2, 0x1ff;\n\tmad.lo.u32 a, a, 16, %3;\n\t"
      "ld.shared.v2.u64 {%0, %1}, [a];\n\t}"
      : "=l"(kb1), "=l"(ws)
      : "r"(w), "r"(tb)
      : "memory");
  return {kb1, __longlong_as_double(static_cast<long long>(ws))};
}

// A thread's count of blocks: full, plus one for the threads below rem (whole blocks / stride and
// whole blocks % stride, computed on the host).
struct DeferRounds {
  uint32_t full, rem;
};

template <class T, bool Standard>
__global__ void __launch_bounds__(256, sizeof(T) <= 4 ? 6 : 4)
    normal_fast_kernel(NormalBlockF<T> f, PhiloxKeys rk, T* __restrict__ out, int32_t n, int slots,
                       DeferRounds rounds) {
  constexpr int K = kBlockPer<T>;
  __shared__ ZigEntry<T> table[512];  // random indices: ~6 shared wavefronts a warp-load
  __shared__ uint32_t count;
  extern __shared__ uint32_t pending_list[];
  const ZigLayer<T>* src = zig_layers<T>();
  for (unsigned i = threadIdx.x; i < 512; i += blockDim.x) table[i] = zig_entry<T>(src, i);
  if (threadIdx.x == 0) count = 0;
  __syncthreads();
  const uint32_t whole = static_cast<uint32_t>(n / K), stride = gridDim.x * blockDim.x;
  const uint32_t call = f.key.call, first = blockIdx.x * blockDim.x + threadIdx.x;
  // The thread's blocks first, first + stride, ... (at most 32 / K of them: deferred_grid); bit b
  // of `rejected` is value m - 1 - b of them (m: their values).
  uint32_t rejected = 0, q = first;
  const uint32_t tb = static_cast<uint32_t>(__cvta_generic_to_shared(table));
  for (; q < whole; q += stride) {
    const Words4 w = philox4x32_10(Words4{{q, 0u, call, 0x40000000u}}, rk);
    Pack<T, K> v;
    if constexpr (sizeof(T) <= 4) {
      for (int j = 0; j < 4; ++j) {
        const ZigEntry32 e = shared_entry32(tb, w.w[j]);
        const uint32_t ub = __funnelshift_r(w.w[j], 0x4b000000u >> 23, 9);  // zig_ubits, one SHF
        v.v[j] = zig_scaled<float>(ub, e.ws);
        rejected = __funnelshift_l(e.kb1 - ub, rejected, 1);  // the sign: ub > kb1
      }
    } else {
      for (int j = 0; j < 2; ++j) {
        const uint64_t r = (static_cast<uint64_t>(w.w[2 * j]) << 32) | w.w[2 * j + 1];
        const ZigEntry64 e = shared_entry64(tb, w.w[2 * j + 1]);
        const uint64_t ub = zig_ubits<double>(r);
        v.v[j] = zig_scaled<double>(ub, e.ws);
        rejected = __funnelshift_l(static_cast<uint32_t>((e.kb1 - ub) >> 32), rejected, 1);
      }
    }
    if constexpr (!Standard)
      for (int j = 0; j < K; ++j) v.v[j] = NormalLaw::finish<T>(v.v[j], f.params);
    reinterpret_cast<Pack<T, K>*>(out)[q] = v;
  }
  if (rejected) {
    const uint32_t m = (rounds.full + (first < rounds.rem ? 1u : 0u)) * K;  // no division
    uint32_t slot = atomicAdd(&count, static_cast<uint32_t>(__popc(rejected)));
    for (; rejected; rejected &= rejected - 1, ++slot) {
      const uint32_t i = m - static_cast<uint32_t>(__ffs(static_cast<int>(rejected)));  // m - 1 - bit
      const uint32_t e = (first + i / K * stride) * K + i % K;
      if (slot < static_cast<uint32_t>(slots))
        pending_list[slot] = e;
      else  // the CTA's list is full (rare): finish it here, after the thread's stores
        out[e] = f(static_cast<int64_t>(e));
    }
  }
  // The cut last block (thread 0 of CTA 0), finished in place.
  const int32_t cut = n - static_cast<int32_t>(whole) * K;
  if (cut != 0 && blockIdx.x == 0 && threadIdx.x == 0) {
    T v[K];
    f.block(whole, v);
    for (int j = 0; j < cut; ++j) out[static_cast<int64_t>(whole) * K + j] = v[j];
  }
  __syncthreads();
  const uint32_t c = min(count, static_cast<uint32_t>(slots));
  for (uint32_t i = threadIdx.x; i < c; i += blockDim.x) {
    const uint32_t e = pending_list[i];
    out[e] = f(static_cast<int64_t>(e));
  }
}

// A normal draw of n <= kDeferMaxValues values into out aligned to a block's values.
template <class T>
void normal_deferred_loop(const NormalBlockF<T>& f, T* out, int64_t n, cudaStream_t s) {
  constexpr int K = kBlockPer<T>;
  const int64_t grid = deferred_grid(n, K), slots = deferred_slots_per_cta(n, K);
  const dim3 g(static_cast<unsigned>(grid)), b(kDrawThreads);
  const size_t smem = static_cast<size_t>(slots) * sizeof(uint32_t);
  const PhiloxKeys rk = philox_round_keys(static_cast<uint32_t>(f.key.seed), static_cast<uint32_t>(f.key.seed >> 32));
  const int64_t whole = n / K, stride = grid * kDrawThreads;
  const DeferRounds rounds{static_cast<uint32_t>(whole / stride), static_cast<uint32_t>(whole % stride)};
  const auto nn = static_cast<int32_t>(n);
  const auto ns = static_cast<int>(slots);
  if (f.params.loc == 0.0 && f.params.scale == 1.0)
    ::cupric::cuda::launch<&normal_fast_kernel<T, true>>(g, b, smem, s, f, rk, out, nn, ns, rounds);
  else
    ::cupric::cuda::launch<&normal_fast_kernel<T, false>>(g, b, smem, s, f, rk, out, nn, ns, rounds);
}

}  // namespace cupric::random::cuda_draws
