// The CUDA kernels of the block-cooperative XORWOW draw (Note [XORWOW lane chunks] in
// src/random/xorwow_chunks.hpp): warp-wide jumps to the chunk start states, then one thread per
// (lane, chunk) writing its words through a sink. CUDA family units only.
#pragma once
#include <cstring>
#include "runtime/cuda/cuda_launch.cuh"
#include "engine/elementwise/loop_plan.hpp"
#include "random/xorwow_chunks.hpp"

namespace cupric::random::cuda_draws {

// x := M x for the jump matrix M (160 columns of 5 words, in the warp layout of
// xorwow_chunks.hpp), every lane of the warp holding x:
// lane t XORs the columns of bits t of the five state words (branch-free: the bits differ across
// lanes), then the 32 partial sums are XORed by a butterfly, which leaves the result in all lanes.
__device__ inline void warp_apply(Xorwow& x, const uint32_t* __restrict__ m, unsigned t) {
  uint32_t r[5] = {0u, 0u, 0u, 0u, 0u};
#pragma unroll
  for (int w = 0; w < 5; ++w) {
    const uint32_t mask = 0u - ((x.v[w] >> t) & 1u);
#pragma unroll
    for (int k = 0; k < 5; ++k) r[k] ^= __ldg(m + xorwow_warp_word(w, k, static_cast<int>(t))) & mask;
  }
#pragma unroll
  for (int s = 16; s; s >>= 1) {
#pragma unroll
    for (int k = 0; k < 5; ++k) r[k] ^= __shfl_xor_sync(0xffffffffu, r[k], s);
  }
#pragma unroll
  for (int k = 0; k < 5; ++k) x.v[k] = r[k];
}

// xorwow_skip and xorwow_skip_subsequence (bit_generators.hpp), a warp at a time.
__device__ inline void warp_skip(Xorwow& x, uint64_t n, const uint32_t* table, unsigned t) {
  x.d += static_cast<uint32_t>(n) * 362437u;
  for (int i = 0; n; ++i, n >>= 1)
    if (n & 1) warp_apply(x, table + static_cast<int64_t>(i) * kXorwowMatrixWords, t);
}
__device__ inline void warp_skip_subsequence(Xorwow& x, uint64_t s, const uint32_t* table, unsigned t) {
  for (int i = 0; s; ++i, s >>= 1)
    if (s & 1) warp_apply(x, table + static_cast<int64_t>(64 + i) * kXorwowMatrixWords, t);
}

// One warp per relative lane j: the start state of each of its chunks. A template (on the sink of
// the fill that follows, unused here) so that the units that include this header do not each
// define it: only the units that register a chunked loop instantiate it.
template <class Sink>
__global__ void __launch_bounds__(256)
    xorwow_chunk_starts_kernel(XorwowChunkPlan p, const uint32_t* table, uint32_t* states) {
  const int64_t j = (blockIdx.x * int64_t(blockDim.x) + threadIdx.x) >> 5;
  if (j >= p.lanes) return;  // the whole warp: j is the warp's
  const unsigned t = threadIdx.x & 31u;
  const uint64_t g = p.offset + static_cast<uint64_t>(j);
  Xorwow x = Xorwow::seeded(p.seed);
  warp_skip_subsequence(x, g % kXorwowLanes, table, t);
  warp_skip(x, g / kXorwowLanes, table, t);
  const uint32_t* step = table + static_cast<int64_t>(p.chunk_log2) * kXorwowMatrixWords;
  const uint32_t dstep = static_cast<uint32_t>(uint64_t{1} << p.chunk_log2) * 362437u;
  for (int64_t k = 0; k < p.chunks; ++k) {
    if (t == 0) store_xorwow_state(states, p, k * p.lanes + j, x);
    if (k + 1 < p.chunks) {
      warp_apply(x, step, t);
      x.d += dstep;
    }
  }
}

template <class Sink>
__global__ void __launch_bounds__(256) xorwow_chunk_fill_kernel(XorwowChunkPlan p, const uint32_t* states, Sink sink) {
  const int64_t s = blockIdx.x * int64_t(blockDim.x) + threadIdx.x;
  if (s < p.states()) xorwow_fill_chunk(p, states, s, sink);
}

// The loop of a 1-word-per-element XORWOW draw into a contiguous output (Generator makes it: a
// fresh C-order array, never cut by the engine). state: an XorwowChunkDraw.
template <class Sink>
void xorwow_chunk_loop(const LoopPlan& p, const void* state, const Stream& stream) {
  XorwowChunkDraw d;
  std::memcpy(&d, state, sizeof(d));
  if (p.numel == 0) return;
  Sink sink{reinterpret_cast<typename Sink::Out*>(p.data[0])};
  auto s = static_cast<cudaStream_t>(stream.handle);
  const int64_t warps_per_block = 256 / 32;
  ::cupric::cuda::launch<&xorwow_chunk_starts_kernel<Sink>>(
      dim3(static_cast<unsigned>((d.plan.lanes + warps_per_block - 1) / warps_per_block)), dim3(256), 0, s, d.plan,
      d.table, d.states);
  ::cupric::cuda::launch<&xorwow_chunk_fill_kernel<Sink>>(dim3(static_cast<unsigned>((d.plan.states() + 255) / 256)),
                                                          dim3(256), 0, s, d.plan,
                                                          static_cast<const uint32_t*>(d.states), sink);
}

}  // namespace cupric::random::cuda_draws
