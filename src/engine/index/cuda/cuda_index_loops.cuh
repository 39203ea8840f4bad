// CUDA gather and scatter loops of the index kernels (kernels/index_kernels.hpp). Included only
// by CUDA translation units of the `index` family; iota and mask compaction are in
// cuda_mask_loops.cuh (the `index_misc` family), so each kernel is compiled in one unit only.
//
// Note [CUDA gather and scatter]
// Gather and scatter walk the LoopPlan like the strided elementwise kernel (offset calculator,
// 32-bit index math when the plan allows), but hand the loop pointers instead of values: the
// displacement resolve(idx) * stride is added to the source (gather) or destination (scatter)
// pointer in 64-bit arithmetic, since it can reach anywhere in the indexed array. Scatter with
// repeated indices writes the same element from several threads: one of the values lands,
// which one is unspecified (CuPy behaves the same; docs/differences.md).

#pragma once
#include "engine/elementwise/cuda/cuda_loops.cuh"
#include "kernels/index_functors.hpp"

namespace cupric::cuda {

template <int N, class Index>
__device__ __forceinline__ void plan_offsets(const StridedArgs<N, Index>& a, Index i, Index* off) {
#pragma unroll
  for (int k = 0; k < N; ++k) off[k] = 0;
  Index r = i;
  for (int d = a.ndim - 1; d >= 0; --d) {
    Index q = r % a.shape[d];
    r /= a.shape[d];
#pragma unroll
    for (int k = 0; k < N; ++k) off[k] += q * a.strides[d][k];
  }
}

// One element moved per index: gather reads src at the indexed offset (out = src[idx]), scatter
// writes dst there (dst[idx] = val). Operands: (out or dst, src or val, idx).
template <class T, class Index, bool Scatter>
__global__ void __launch_bounds__(kBlock) index_move_kernel(Index n, StridedArgs<3, Index> a, IndexState st) {
  Index tid = static_cast<Index>(blockIdx.x) * blockDim.x + threadIdx.x;
  Index nthreads = static_cast<Index>(gridDim.x) * blockDim.x;
  for (Index i = tid; i < n; i += nthreads) {
    Index off[3];
    plan_offsets<3, Index>(a, i, off);
    int64_t k = idx::resolve(*reinterpret_cast<const int64_t*>(a.data[2] + off[2]), st.size, st.mode, st.flag);
    const int64_t at = k * st.stride;
    *reinterpret_cast<T*>(a.data[0] + off[0] + (Scatter ? at : 0)) =
        *reinterpret_cast<const T*>(a.data[1] + off[1] + (Scatter ? 0 : at));
  }
}

// The common gather of take(a, i) and a[i] on a 1-d (or coalesced) plan: out and idx
// contiguous, the source one pointer (stride 0 over the index). Each thread takes kGatherUnroll
// elements kBlock apart (so every load of idx and store of out is coalesced), loads all their
// indices, then issues all their random source loads before any store: several independent
// misses in flight per thread rather than one. The index stream is read with the
// evict-first hint, leaving L2 to the source. Raise mode flags a bad index (ErrorFlag) in the
// same pass and reads element 0 instead; the caller raises and discards `out`.
inline constexpr int kGatherUnroll = 4;

template <class T>
__global__ void __launch_bounds__(kBlock)
    gather_flat_kernel(int64_t n, T* __restrict__ out, const char* __restrict__ src, const int64_t* __restrict__ idx,
                       IndexState st) {
  const int64_t step = static_cast<int64_t>(gridDim.x) * kBlock * kGatherUnroll;
  for (int64_t b = static_cast<int64_t>(blockIdx.x) * kBlock * kGatherUnroll + threadIdx.x; b < n; b += step) {
    int64_t k[kGatherUnroll];
#pragma unroll
    for (int u = 0; u < kGatherUnroll; ++u) {
      int64_t i = b + static_cast<int64_t>(u) * kBlock;
      k[u] = i < n ? idx::resolve(__ldcs(reinterpret_cast<const long long*>(idx + i)), st.size, st.mode, st.flag) : 0;
    }
    T v[kGatherUnroll];
#pragma unroll
    for (int u = 0; u < kGatherUnroll; ++u) {
      v[u] = T{};
      if (b + static_cast<int64_t>(u) * kBlock < n) v[u] = *reinterpret_cast<const T*>(src + k[u] * st.stride);
    }
#pragma unroll
    for (int u = 0; u < kGatherUnroll; ++u) {
      int64_t i = b + static_cast<int64_t>(u) * kBlock;
      if (i < n) out[i] = v[u];
    }
  }
}

template <class T, bool Scatter>
void index_loop(const LoopPlan& p, const void* state, const Stream& stream) {
  if (p.numel == 0) return;
  const auto st = load_functor<IndexState>(state);
  auto s = static_cast<cudaStream_t>(stream.handle);
  if constexpr (!Scatter) {
    if (p.ndim == 1 && p.strides[0][0] == static_cast<int64_t>(sizeof(T)) && p.strides[1][0] == 0 &&
        p.strides[2][0] == static_cast<int64_t>(sizeof(int64_t)) &&
        reinterpret_cast<uintptr_t>(p.data[2]) % alignof(int64_t) == 0) {
      int64_t blocks = (p.numel + kBlock * kGatherUnroll - 1) / (kBlock * kGatherUnroll);
      if (blocks > (int64_t{1} << 20)) blocks = int64_t{1} << 20;  // grid-stride beyond
      launch<&gather_flat_kernel<T>>(static_cast<unsigned>(blocks), kBlock, 0, s, p.numel,
                                     reinterpret_cast<T*>(p.data[0]), p.data[1],
                                     reinterpret_cast<const int64_t*>(p.data[2]), st);
      return;
    }
  }
  // int32 offsets only: the engine cuts bigger plans (Note [32-bit strided kernels]).
  if (!p.index32) throw_internal_error("index CUDA loop given a plan without 32-bit offsets");
  auto a = strided_args<3, int32_t>(p);
  launch<&index_move_kernel<T, int32_t, Scatter>>(grid_for(p.numel), kBlock, 0, s, static_cast<int32_t>(p.numel), a,
                                                  st);
}

template <class T>
void gather_loop(const LoopPlan& p, const void* state, const Stream& stream) {
  index_loop<T, false>(p, state, stream);
}
template <class T>
void scatter_loop(const LoopPlan& p, const void* state, const Stream& stream) {
  index_loop<T, true>(p, state, stream);
}

// ---- boolean-mask compaction pieces (Note [Mask compaction without a sort], cuda_mask_loops.cuh) ----
//
// A tile of kMaskTile mask bytes belongs to one block; each of its kMaskWarps warps owns a span of
// kMaskWarpSpan consecutive bytes. Counting reads a span as 16-byte vectors when the mask pointer
// is 16-byte aligned (lane-interleaved, so every load instruction of a warp is one contiguous
// 512-byte run), else byte by byte (lane-interleaved as well). Compaction walks the span in rounds
// of 32 consecutive elements, one per lane: each lane loads its mask byte and (only when set) its
// source element, a warp ballot gives every kept element its output position, and the kept
// elements of a round are written to consecutive positions. So source reads and output writes are
// coalesced, and the mask is read twice (count, then compaction) but nothing else is.
// A mask byte counts as true when it is nonzero (as NumPy reads bool memory).

inline constexpr int kMaskWarps = kBlock / 32;
inline constexpr int64_t kMaskWarpSpan = kMaskTile / kMaskWarps;
inline constexpr int kMaskRounds = static_cast<int>(kMaskWarpSpan / 32);  // rounds of 32 elements per span
inline constexpr int kMaskUnroll = 8;                                     // rounds in flight per lane
static_assert(kMaskWarpSpan % (32 * 16) == 0, "a warp span is whole 16-byte loads of every lane");
static_assert(kMaskRounds % kMaskUnroll == 0, "whole unrolled groups of rounds");

__device__ __forceinline__ int nonzero_bytes(uint32_t w) { return __popc(__vcmpne4(w, 0u)) >> 3; }

// The number of nonzero bytes of mask[first, first + kMaskWarpSpan) below n, in every lane of
// the warp. `first` is warp-uniform and a multiple of kMaskWarpSpan; `vec`: mask is 16-byte aligned.
__device__ __forceinline__ int warp_mask_count(const uint8_t* mask, int64_t n, int64_t first, bool vec) {
  const int lane = static_cast<int>(threadIdx.x % 32);
  int c = 0;
  if (vec && first + kMaskWarpSpan <= n) {
    const uint4* p = reinterpret_cast<const uint4*>(mask + first);
#pragma unroll
    for (int r = 0; r < static_cast<int>(kMaskWarpSpan / (32 * 16)); ++r) {
      uint4 w = p[r * 32 + lane];
      c += nonzero_bytes(w.x) + nonzero_bytes(w.y) + nonzero_bytes(w.z) + nonzero_bytes(w.w);
    }
  } else {
#pragma unroll 8
    for (int r = 0; r < kMaskRounds; ++r) {
      int64_t i = first + static_cast<int64_t>(r) * 32 + lane;
      if (i < n && mask[i] != 0) ++c;
    }
  }
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) c += __shfl_xor_sync(0xffffffffu, c, o);
  return c;
}

// Compacts the block's tile: for the j-th nonzero mask[i] (in order), e.store(offsets[block] + j,
// i, e.load(i)). offsets: the exclusive per-tile offsets left by the count and scan kernels.
// Emit: `using V`, `V load(int64_t i) const`, `void store(int64_t pos, int64_t i, V v) const`.
template <class Emit>
__device__ __forceinline__ void compact_tile(const uint8_t* mask, int64_t n, bool vec, const int64_t* offsets,
                                             const Emit& e) {
  using V = typename Emit::V;
  __shared__ int64_t warp_pos[kMaskWarps];
  const int warp = static_cast<int>(threadIdx.x / 32), lane = static_cast<int>(threadIdx.x % 32);
  const int64_t first = static_cast<int64_t>(blockIdx.x) * kMaskTile + warp * kMaskWarpSpan;
  const int c = first < n ? warp_mask_count(mask, n, first, vec) : 0;
  if (lane == 0) warp_pos[warp] = c;
  __syncthreads();
  if (threadIdx.x == 0) {
    int64_t p = offsets[blockIdx.x];
    for (int w = 0; w < kMaskWarps; ++w) {
      int64_t t = warp_pos[w];
      warp_pos[w] = p;
      p += t;
    }
  }
  __syncthreads();
  if (c == 0) return;  // warp-uniform: nothing kept in this span
  int64_t pos = warp_pos[warp];
  const unsigned below = (1u << lane) - 1u;  // the lanes before this one
  for (int r = 0; r < kMaskRounds; r += kMaskUnroll) {
    bool m[kMaskUnroll];
    V v[kMaskUnroll];
#pragma unroll
    for (int u = 0; u < kMaskUnroll; ++u) {
      int64_t i = first + static_cast<int64_t>(r + u) * 32 + lane;
      m[u] = i < n && mask[i] != 0;
    }
#pragma unroll
    for (int u = 0; u < kMaskUnroll; ++u) {
      v[u] = V{};
      if (m[u]) v[u] = e.load(first + static_cast<int64_t>(r + u) * 32 + lane);
    }
#pragma unroll
    for (int u = 0; u < kMaskUnroll; ++u) {
      unsigned b = __ballot_sync(0xffffffffu, m[u]);
      if (m[u]) e.store(pos + __popc(b & below), first + static_cast<int64_t>(r + u) * 32 + lane, v[u]);
      pos += __popc(b);
    }
  }
}

template <class T>
struct SelectEmit {
  using V = T;
  const T* src;
  T* out;
  __device__ __forceinline__ T load(int64_t i) const { return src[i]; }
  __device__ __forceinline__ void store(int64_t pos, int64_t, const T& v) const { out[pos] = v; }
};

// out[j] = src[i] for the j-th true mask[i] (contiguous src and out): a[mask] without coordinates.
template <class T>
__global__ void __launch_bounds__(kBlock)
    mask_select_kernel(const uint8_t* mask, int64_t n, bool vec, const int64_t* offsets, const T* src, T* out) {
  compact_tile(mask, n, vec, offsets, SelectEmit<T>{src, out});
}

template <class T>
struct PlaceEmit {
  using V = unsigned char;  // nothing to load before the position is known
  const T* vals;
  T* dst;
  __device__ __forceinline__ V load(int64_t) const { return 0; }
  __device__ __forceinline__ void store(int64_t pos, int64_t i, V) const { dst[i] = vals[pos]; }
};

// dst[i] = vals[j] for the j-th true mask[i] (contiguous vals and dst): a[mask] = vals.
template <class T>
__global__ void __launch_bounds__(kBlock)
    mask_place_kernel(const uint8_t* mask, int64_t n, bool vec, const int64_t* offsets, const T* vals, T* dst) {
  compact_tile(mask, n, vec, offsets, PlaceEmit<T>{vals, dst});
}

inline bool mask_vec_ok(const void* mask) { return reinterpret_cast<uintptr_t>(mask) % 16 == 0; }

template <class T>
void mask_select(const bool* mask, int64_t n, const int64_t* work, const char* src, char* out, const Stream& stream) {
  int64_t nb = (n + kMaskTile - 1) / kMaskTile;
  if (nb == 0) return;
  launch<&mask_select_kernel<T>>(static_cast<unsigned>(nb), kBlock, 0, static_cast<cudaStream_t>(stream.handle),
                                 reinterpret_cast<const uint8_t*>(mask), n, mask_vec_ok(mask), work,
                                 reinterpret_cast<const T*>(src), reinterpret_cast<T*>(out));
}

template <class T>
void mask_place(const bool* mask, int64_t n, const int64_t* work, const char* vals, char* dst, const Stream& stream) {
  int64_t nb = (n + kMaskTile - 1) / kMaskTile;
  if (nb == 0) return;
  launch<&mask_place_kernel<T>>(static_cast<unsigned>(nb), kBlock, 0, static_cast<cudaStream_t>(stream.handle),
                                reinterpret_cast<const uint8_t*>(mask), n, mask_vec_ok(mask), work,
                                reinterpret_cast<const T*>(vals), reinterpret_cast<T*>(dst));
}

}  // namespace cupric::cuda
