// CUDA loops of the `index_misc` family (kernels/index_kernels.hpp): iota and boolean-mask
// compaction. Non-template kernels: include this header in one translation unit only.
//
// Note [Mask compaction without a sort]
// nonzero and a[mask] run three small kernels rather than CUB's select (which would cost seconds
// of compile time per instantiation): (1) each block counts the true elements of one tile of
// kMaskTile bytes (16-byte loads), (2) one block scans the per-tile counts into offsets and the
// total, which is read back (the one host sync: the result's size), (3) each block recounts its
// tile per warp and compacts it with warp ballots (compact_tile in cuda_index_loops.cuh), writing
// the selected elements (a[mask]) or their coordinates (nonzero). Memory traffic of a[mask]: the
// mask twice, the selected source elements once, the result once; no index array.
#pragma once
#include "engine/index/cuda/cuda_index_loops.cuh"

namespace cupric::cuda {

__global__ void __launch_bounds__(kBlock) iota_kernel(int64_t n, int64_t start, int64_t step, int64_t* out) {
  int64_t tid = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  int64_t nthreads = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t i = tid; i < n; i += nthreads) out[i] = start + i * step;
}

inline void iota_loop(const LoopPlan& p, const void* state, const Stream& stream) {
  if (p.numel == 0) return;
  const auto st = load_functor<IotaState>(state);
  launch<&iota_kernel>(grid_for(p.numel), kBlock, 0, static_cast<cudaStream_t>(stream.handle), p.numel, st.start,
                       st.step, reinterpret_cast<int64_t*>(p.data[0]));
}

// ---- mask compaction (Note [Mask compaction without a sort]) ----------------------------------

__global__ void __launch_bounds__(kBlock)
    mask_tile_count_kernel(const uint8_t* mask, int64_t n, bool vec, int64_t* counts) {
  __shared__ int warp_count[kMaskWarps];
  const int warp = static_cast<int>(threadIdx.x / 32);
  const int64_t first = static_cast<int64_t>(blockIdx.x) * kMaskTile + warp * kMaskWarpSpan;
  const int c = first < n ? warp_mask_count(mask, n, first, vec) : 0;
  if (threadIdx.x % 32 == 0) warp_count[warp] = c;
  __syncthreads();
  if (threadIdx.x == 0) {
    int64_t t = 0;
    for (int w = 0; w < kMaskWarps; ++w) t += warp_count[w];
    counts[blockIdx.x] = t;
  }
}

// One block: counts[0..nb) -> exclusive offsets in place, counts[nb] = total. Each pass scans
// kBlock * 4 counts (4 consecutive per thread, warp shuffles, then the warp totals).
__global__ void __launch_bounds__(kBlock) mask_scan_kernel(int64_t* counts, int64_t nb) {
  constexpr int kPer = 4;
  __shared__ int64_t warp_total[kMaskWarps];
  const int warp = static_cast<int>(threadIdx.x / 32), lane = static_cast<int>(threadIdx.x % 32);
  int64_t carry = 0;
  for (int64_t base = 0; base < nb; base += static_cast<int64_t>(kBlock) * kPer) {
    const int64_t i0 = base + static_cast<int64_t>(threadIdx.x) * kPer;
    int64_t v[kPer], s = 0;
#pragma unroll
    for (int k = 0; k < kPer; ++k) {
      v[k] = i0 + k < nb ? counts[i0 + k] : 0;
      s += v[k];
    }
    int64_t x = s;  // inclusive scan over the warp
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
      int64_t y = __shfl_up_sync(0xffffffffu, x, o);
      if (lane >= o) x += y;
    }
    if (lane == 31) warp_total[warp] = x;
    __syncthreads();
    int64_t before = 0, total = 0;
    for (int w = 0; w < kMaskWarps; ++w) {
      int64_t t = warp_total[w];
      if (w < warp) before += t;
      total += t;
    }
    __syncthreads();  // warp_total is rewritten by the next pass
    int64_t ex = carry + before + x - s;
#pragma unroll
    for (int k = 0; k < kPer; ++k) {
      if (i0 + k < nb) counts[i0 + k] = ex;
      ex += v[k];
    }
    carry += total;
  }
  if (threadIdx.x == 0) counts[nb] = carry;
}

struct CoordsEmit {
  using V = unsigned char;  // nothing to load: the coordinates come from the position
  CoordShape cs;
  int64_t* out;
  int64_t count;
  __device__ __forceinline__ V load(int64_t) const { return 0; }
  __device__ __forceinline__ void store(int64_t pos, int64_t i, V) const {
    int64_t r = i;
    for (int k = cs.ndim - 1; k >= 0; --k) {
      out[k * count + pos] = r % cs.shape[k];
      r /= cs.shape[k];
    }
  }
};

__global__ void __launch_bounds__(kBlock)
    mask_coords_kernel(const uint8_t* mask, int64_t n, bool vec, const int64_t* offsets, CoordShape cs, int64_t* out,
                       int64_t count) {
  compact_tile(mask, n, vec, offsets, CoordsEmit{cs, out, count});
}

inline int64_t mask_count(const bool* mask, int64_t n, int64_t* work, const Stream& stream) {
  auto s = static_cast<cudaStream_t>(stream.handle);
  int64_t nb = (n + kMaskTile - 1) / kMaskTile;
  if (nb > 0)
    launch<&mask_tile_count_kernel>(static_cast<unsigned>(nb), kBlock, 0, s, reinterpret_cast<const uint8_t*>(mask), n,
                                    mask_vec_ok(mask), work);
  launch<&mask_scan_kernel>(1, kBlock, 0, s, work, nb);
  int64_t count = 0;
  // The one host sync of a boolean mask: the result's size is needed to allocate it.
  cuda_check(cudaMemcpyAsync(&count, work + nb, sizeof(count), cudaMemcpyDeviceToHost, s), "mask count read-back");
  cuda_check(cudaStreamSynchronize(s), "mask count read-back");
  return count;
}

inline void mask_coords(const bool* mask, int64_t n, const int64_t* work, const CoordShape& cs, int64_t* out,
                        int64_t count, const Stream& stream) {
  int64_t nb = (n + kMaskTile - 1) / kMaskTile;
  if (nb == 0 || count == 0) return;
  launch<&mask_coords_kernel>(static_cast<unsigned>(nb), kBlock, 0, static_cast<cudaStream_t>(stream.handle),
                              reinterpret_cast<const uint8_t*>(mask), n, mask_vec_ok(mask), work, cs, out, count);
}

}  // namespace cupric::cuda
