// The block-cooperative XORWOW draw (Note [XORWOW lane chunks]): how a call's words split into
// lanes and chunks, and the per-chunk start states, as CUPRIC_HD code that the CUDA kernels
// (src/random/cuda/xorwow_chunks.cuh) and the host test of the split share.
#pragma once
#include <cstdint>
#include "cupric/random/streams.hpp"
#include "random/jump_tables.hpp"

namespace cupric::random {

// Note [XORWOW lane chunks]
// cuRAND's XORWOW stream is 4096 lanes read round-robin (Note [cuRAND XORWOW and MRG32k3a
// order]): word g of the stream is element g / 4096 of lane g % 4096. One thread per lane walking
// it (LanesF) leaves a 2^28-word draw with 4096 threads of 65536 sequential steps: 0.2 s on an
// H200. The CUDA path splits every lane into chunks of C = 2^c consecutive elements and gives
// each (lane, chunk) a thread of its own, in two kernels:
// * Lanes are numbered relative to the call: lane j (j < L = min(count, 4096)) holds the call's
//   words offset + j + 4096 m, m = 0 .. n_j - 1 with n_j = ceil((count - j) / 4096); its m-th
//   word goes to out[j + 4096 m] (no division per word, and consecutive threads write
//   consecutive words: coalesced stores).
// * Start states (xorwow_chunk_starts_kernel, one block of kXorwowStartWarps warps per four
//   lanes): the block's first warp takes the stream's state at element (offset + j) / 4096 of
//   subsequence 0 (jumped to on the host, plan.base) and jumps to subsequence (offset + j) % 4096
//   with the jump matrices; then warp h takes chunks h, h + W, h + 2W,
//   ... (W warps): one jump of h C elements, then W C elements (one matrix) between its chunks.
//   A jump is a GF(2) 160x160 matrix times the 160-bit state, a warp at a time (Note [XORWOW
//   warp jumps] in src/random/cuda/xorwow_chunks.cuh).
// * Generation (xorwow_chunk_fill_kernel): thread (chunk k, lane j) loads its start state and
//   steps C times, storing sink(word) at j + 4096 m. Thread index = k * L + j, so a warp is 32
//   neighbouring lanes of one chunk.
// The start states cost: a warp jump is ~150 SM cycles of integer work (100 LOP3, 20 POPC, 20
// votes, 25 row loads for four states), and a lane needs ~7 of them to reach its subsequence
// (~3 more for its element, before plan.base) and one per chunk after. With 32 chunks a lane
// (the first version: a 2^28-word draw ran 4096 x 32 threads of 2048 steps, one warp walking
// each lane's 31 chunk jumps) the start states cost an estimated ~40 of the draw's 62 us above
// the write time (0.326 ms measured, the Philox draw's write 0.264 ms). So c is chosen so that a
// lane has at most xorwow_max_chunks() chunks (default kXorwowMaxChunks = 8; and C >= 64, so a
// thread's steps outweigh its start-state load): a 2^28-word draw runs 4096 x 8 threads of 8192
// steps, the chunk jumps split over four warps. Measured on the H200 (2026-12-02, bench cases
// rs_random_sample and rs_random_sample_chunks8 in one run): 16 chunks a lane 3410 GB/s
// (0.315 ms), 8 chunks 3670 GB/s (0.293 ms): fewer start-state jumps paid more than the fill
// lost with half the threads (8 warps an SM still keep the stores going). The words and their order are
// the same as the lane loop's, so the stream still matches cuRAND's bit for bit; the host keeps
// the lane loop (tests/cpp/test_random_streams.cpp checks both splits against cuRAND).
// MRG32k3a has 81920 lanes, so its lane loop already has enough threads for a GPU; it keeps it.
inline constexpr int kXorwowMaxChunks = 8;
inline constexpr int kXorwowMinChunkLog2 = 6;
inline constexpr int kXorwowStartWarps = 4;

// The chunk limit in force (xorwow_max_chunks, declared in cupric/random/streams.hpp):
// kXorwowMaxChunks unless the benchmark's private switch set another.

struct XorwowChunkPlan {
  uint64_t seed, offset, count;
  int64_t lanes;   // L = min(count, 4096)
  int64_t chunks;  // chunks of the longest lane
  int chunk_log2;  // C = 2^chunk_log2 elements per chunk
  // The stream's state at subsequence 0, elements offset / 4096 and offset / 4096 + 1: every
  // lane of the call starts at one of them (the second for lanes past subsequence 4095), so the
  // lanes' jumps are to their subsequences only. Jumped on the host once a call: a lane group's
  // warp had done the same element jump (a matrix per bit of offset / 4096), ~3 of its ~10
  // warp jumps for the benchmark's offsets.
  Xorwow base[2];
  CUPRIC_HD int64_t states() const { return lanes * chunks; }
  // Elements of relative lane j.
  CUPRIC_HD uint64_t lane_length(int64_t j) const {
    return (count - static_cast<uint64_t>(j) + kXorwowLanes - 1) / kXorwowLanes;
  }
};

inline XorwowChunkPlan plan_xorwow_chunks(uint64_t seed, uint64_t offset, uint64_t count) {
  XorwowChunkPlan p{seed, offset, count, 0, 0, kXorwowMinChunkLog2, {}};
  const uint32_t* table = host_jump_table(BitGenKind::XORWOW).data();
  p.base[0] = Xorwow::seeded(seed);
  xorwow_skip(p.base[0], offset / kXorwowLanes, table);
  p.base[1] = p.base[0];
  xorwow_skip(p.base[1], 1, table);
  p.lanes = static_cast<int64_t>(count < static_cast<uint64_t>(kXorwowLanes) ? count : kXorwowLanes);
  const uint64_t longest = (count + kXorwowLanes - 1) / kXorwowLanes;
  const uint64_t most = static_cast<uint64_t>(xorwow_max_chunks());
  while (((longest + (uint64_t{1} << p.chunk_log2) - 1) >> p.chunk_log2) > most) ++p.chunk_log2;
  p.chunks = static_cast<int64_t>((longest + (uint64_t{1} << p.chunk_log2) - 1) >> p.chunk_log2);
  if (p.chunks < 1) p.chunks = 1;
  return p;
}

// The row layout of the jump table that the CUDA start-state kernel reads (Note [XORWOW warp
// jumps] in src/random/cuda/xorwow_chunks.cuh): thread t of a warp computes bit t of the five
// output words, the parity of (row (k, t) AND the 160-bit state); row (k, t) is five words, word w
// holding bit t of word k of the columns 32 w .. 32 w + 31. Stored at (5 k + w) * 32 + t of the
// matrix, a warp's load for one (k, w) is 32 consecutive words: one 128-byte line.
CUPRIC_HD inline int xorwow_row_word(int k, int w, int t) { return (5 * k + w) * 32 + t; }

// What the CUDA loop of a chunked draw gets (the loop's state): the plan, the jump table in the
// row layout (xorwow_row_word) and a scratch of 6 * plan.states() words for the start states,
// both in device memory.
struct XorwowChunkDraw {
  XorwowChunkPlan plan;
  const uint32_t* table;
  uint32_t* states;
};

// Start state of relative lane j's chunk 0, with the one-thread jumps (the CUDA kernel does the
// same jumps a warp at a time).
CUPRIC_HD inline Xorwow xorwow_lane_start(const XorwowChunkPlan& p, int64_t j, const uint32_t* table) {
  const uint64_t g = p.offset + static_cast<uint64_t>(j);
  Xorwow x = p.base[g / kXorwowLanes == p.offset / kXorwowLanes ? 0 : 1];
  xorwow_skip_subsequence(x, g % kXorwowLanes, table);
  return x;
}

// Start states are stored word-major: word w of state (chunk k, lane j) at
// states[w * plan.states() + k * plan.lanes + j] (the fill kernel's loads coalesce).
CUPRIC_HD inline void store_xorwow_state(uint32_t* states, const XorwowChunkPlan& p, int64_t s, const Xorwow& x) {
  const int64_t n = p.states();
  for (int w = 0; w < 5; ++w) states[w * n + s] = x.v[w];
  states[5 * n + s] = x.d;
}
CUPRIC_HD inline Xorwow load_xorwow_state(const uint32_t* states, const XorwowChunkPlan& p, int64_t s) {
  const int64_t n = p.states();
  Xorwow x;
  for (int w = 0; w < 5; ++w) x.v[w] = states[w * n + s];
  x.d = states[5 * n + s];
  return x;
}

// Thread s = k * L + j of the fill: steps through chunk k of lane j, calling sink(i, word) with
// the word's index i in the call.
template <class Sink>
CUPRIC_HD inline void xorwow_fill_chunk(const XorwowChunkPlan& p, const uint32_t* states, int64_t s, Sink& sink) {
  const int64_t j = s % p.lanes, k = s / p.lanes;
  const uint64_t n = p.lane_length(j);
  uint64_t m = static_cast<uint64_t>(k) << p.chunk_log2;
  if (m >= n) return;
  uint64_t end = m + (uint64_t{1} << p.chunk_log2);
  if (end > n) end = n;
  Xorwow x = load_xorwow_state(states, p, s);
  for (uint64_t i = static_cast<uint64_t>(j) + m * kXorwowLanes; m < end; ++m, i += kXorwowLanes) sink(i, x.next());
}

}  // namespace cupric::random
