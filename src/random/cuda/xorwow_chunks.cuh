// The CUDA kernels of the block-cooperative XORWOW draw (Note [XORWOW lane chunks] in
// src/random/xorwow_chunks.hpp): warp-wide jumps to the chunk start states (Note [XORWOW warp
// jumps]), then one thread per (lane, chunk) writing its words through a sink. Included by
// src/random/cuda/xorwow_draws.cu only.
#pragma once
#include <cstring>
#include "runtime/cuda/cuda_launch.cuh"
#include "engine/elementwise/loop_plan.hpp"
#include "random/xorwow_chunks.hpp"

namespace cupric::random::cuda_draws {

// Note [XORWOW warp jumps]
// A jump is x := M x for a GF(2) 160x160 matrix M and the 160-bit state. The first kernel had
// thread t XOR the columns of bit t of the state words and five butterfly shuffles XOR the 32
// partial sums: 25 loads and 25 shuffles a matrix, both on the SM's shared-memory/L1 path (one
// 128-byte wavefront each), so the ~70 jumps of each of 4096 lanes took an estimated ~50 us of a 2^28-word
// draw (0.35 ms; the write itself is 0.26 ms). Now:
// * rows instead of columns (xorwow_row_word in src/random/xorwow_chunks.hpp): thread t computes
//   bit t of each output word k as the parity (popc) of row (k, t) AND the state, and a ballot
//   gathers the 32 bits into the word in every lane: no shuffle, 5 ballots a matrix;
// * one warp jumps G = 4 lanes' states together, so each row word loaded serves four states
//   (the chunk steps use one matrix for every lane; the subsequence and offset jumps apply a
//   matrix to the states whose jump has that bit, by a warp-uniform mask).
// Per matrix and state: ~6 L1 wavefronts (was 50) and ~45 instructions (was ~110). That estimate
// of ~10 us for the start states of a 2^28-word draw counted instructions, not their cost: LOP3
// and POPC issue at half and quarter rate, so a warp jump of four states is ~150 SM cycles, and
// 31 chunk jumps a lane made the start states ~40 us (Note [XORWOW lane chunks]: now 15).
inline constexpr int kXorwowWarpStates = 4;

template <int G>
__device__ inline void warp_apply(Xorwow (&x)[G], unsigned which, const uint32_t* __restrict__ m, unsigned t) {
  uint32_t r[G][5];
#pragma unroll
  for (int k = 0; k < 5; ++k) {
    uint32_t acc[G];
#pragma unroll
    for (int g = 0; g < G; ++g) acc[g] = 0u;
#pragma unroll
    for (int w = 0; w < 5; ++w) {
      const uint32_t row = __ldg(m + xorwow_row_word(k, w, static_cast<int>(t)));
#pragma unroll
      for (int g = 0; g < G; ++g) acc[g] ^= row & x[g].v[w];
    }
#pragma unroll
    for (int g = 0; g < G; ++g) r[g][k] = __ballot_sync(0xffffffffu, __popc(acc[g]) & 1);
  }
#pragma unroll
  for (int g = 0; g < G; ++g)
    if ((which >> g) & 1u) {
#pragma unroll
      for (int k = 0; k < 5; ++k) x[g].v[k] = r[g][k];
    }
}

// xorwow_skip_subsequence and xorwow_skip (bit_generators.hpp) for G states, a warp at a time:
// matrix `first + i` applied to the states whose n has bit i.
template <int G>
__device__ inline void warp_jump(Xorwow (&x)[G], const uint64_t (&n)[G], const uint32_t* table, int first, unsigned t) {
  uint64_t any = 0;
#pragma unroll
  for (int g = 0; g < G; ++g) any |= n[g];
  for (int i = 0; any >> i; ++i) {
    unsigned which = 0;
#pragma unroll
    for (int g = 0; g < G; ++g) which |= static_cast<unsigned>((n[g] >> i) & 1u) << g;
    if (which) warp_apply<G>(x, which, table + static_cast<int64_t>(first + i) * kXorwowMatrixWords, t);
  }
}

// One block of W = kXorwowStartWarps warps per G relative lanes j0 .. j0 + G - 1: warp 0 jumps
// to the lanes' first elements and shares them; warp h then records chunks h, h + W, ... (Note
// [XORWOW lane chunks]). A template (on the sink of the fill that follows, unused here) so that
// the units that include this header do not each define it: only the units that register a
// chunked loop instantiate it.
template <class Sink>
__global__ void __launch_bounds__(32 * kXorwowStartWarps)
    xorwow_chunk_starts_kernel(XorwowChunkPlan p, const uint32_t* table, uint32_t* states) {
  constexpr int G = kXorwowWarpStates, W = kXorwowStartWarps;
  __shared__ uint32_t first[G][6];
  const int64_t j0 = int64_t(blockIdx.x) * G;
  const unsigned t = threadIdx.x & 31u, h = threadIdx.x >> 5;
  Xorwow x[G];
  if (h == 0) {
    uint64_t sub[G];
#pragma unroll
    for (int g = 0; g < G; ++g) {
      const uint64_t gw = p.offset + static_cast<uint64_t>(j0 + g);
      sub[g] = gw % kXorwowLanes;
      // Selects, not p.base[i]: a parameter array indexed by a variable goes to a stack frame.
      const bool next = gw / kXorwowLanes != p.offset / kXorwowLanes;  // past subsequence 4095
#pragma unroll
      for (int w = 0; w < 5; ++w) x[g].v[w] = next ? p.base[1].v[w] : p.base[0].v[w];
      x[g].d = next ? p.base[1].d : p.base[0].d;
    }
    warp_jump<G>(x, sub, table, 64, t);
    // Every lane holds every state (the ballots are warp-wide): lane 6 g + w writes word w of state g.
#pragma unroll
    for (int g = 0; g < G; ++g) {
#pragma unroll
      for (int w = 0; w < 5; ++w)
        if (t == static_cast<unsigned>(6 * g + w)) first[g][w] = x[g].v[w];
      if (t == static_cast<unsigned>(6 * g + 5)) first[g][5] = x[g].d;
    }
  }
  __syncthreads();
  if (static_cast<int64_t>(h) >= p.chunks) return;
#pragma unroll
  for (int g = 0; g < G; ++g) {
#pragma unroll
    for (int w = 0; w < 5; ++w) x[g].v[w] = first[g][w];
    x[g].d = first[g][5];
  }
  // Warp h starts at chunk h: h C elements, a matrix per bit of h.
  for (int b = 0; (h >> b) != 0u; ++b)
    if ((h >> b) & 1u)
      warp_apply<G>(x, (1u << G) - 1u, table + static_cast<int64_t>(p.chunk_log2 + b) * kXorwowMatrixWords, t);
  const uint32_t c_elems = static_cast<uint32_t>(uint64_t{1} << p.chunk_log2);
#pragma unroll
  for (int g = 0; g < G; ++g) x[g].d += h * c_elems * 362437u;
  static_assert(W == 4, "the chunk step below is W C = 2^(c + 2) elements");
  const uint32_t* step = table + static_cast<int64_t>(p.chunk_log2 + 2) * kXorwowMatrixWords;
  const uint32_t dstep = W * c_elems * 362437u;
  const int64_t n = p.states();
  const bool mine = t < static_cast<unsigned>(G) && j0 + t < p.lanes;  // lane t stores state t
  for (int64_t k = h; k < p.chunks; k += W) {
    if (mine) {
      uint32_t* dst = states + k * p.lanes + j0 + t;
#pragma unroll
      for (int w = 0; w < 6; ++w) {
        uint32_t v = w < 5 ? x[0].v[w < 5 ? w : 0] : x[0].d;
#pragma unroll
        for (int g = 1; g < G; ++g)
          if (t == static_cast<unsigned>(g)) v = w < 5 ? x[g].v[w < 5 ? w : 0] : x[g].d;
        dst[w * n] = v;
      }
    }
    if (k + W < p.chunks) {
      warp_apply<G>(x, (1u << G) - 1u, step, t);
#pragma unroll
      for (int g = 0; g < G; ++g) x[g].d += dstep;
    }
  }
}

// Blocks of 128 threads: a 2^28-word draw's 65536 threads (Note [XORWOW lane chunks]) are 512
// blocks, ~4 an SM, where 256 threads left 124 SMs with two blocks and 8 with one (and with 8
// chunks a lane, 128 blocks for 132 SMs).
inline constexpr int kXorwowFillThreads = 128;

template <class Sink>
__global__ void __launch_bounds__(kXorwowFillThreads)
    xorwow_chunk_fill_kernel(XorwowChunkPlan p, const uint32_t* states, Sink sink) {
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
  ::cupric::cuda::launch<&xorwow_chunk_starts_kernel<Sink>>(
      dim3(static_cast<unsigned>((d.plan.lanes + kXorwowWarpStates - 1) / kXorwowWarpStates)),
      dim3(32 * kXorwowStartWarps), 0, s, d.plan, d.table, d.states);
  ::cupric::cuda::launch<&xorwow_chunk_fill_kernel<Sink>>(
      dim3(static_cast<unsigned>((d.plan.states() + kXorwowFillThreads - 1) / kXorwowFillThreads)),
      dim3(kXorwowFillThreads), 0, s, d.plan, static_cast<const uint32_t*>(d.states), sink);
}

}  // namespace cupric::random::cuda_draws
