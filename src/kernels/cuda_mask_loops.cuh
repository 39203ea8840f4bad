// CUDA loops of the `index_misc` family (kernels/index_kernels.hpp): iota and boolean-mask
// compaction. Non-template kernels: include this header in one translation unit only.
//
// Note [Mask compaction without a sort]
// nonzero runs three small kernels rather than CUB's select (which would cost seconds of
// compile time per instantiation): (1) each block counts the true elements of one tile of
// kMaskTile bytes, (2) one block scans the per-tile counts into offsets and the total, which is
// read back (the one host sync: the result's size), (3) each block recounts its tile per
// thread, scans those counts in shared memory and writes the coordinates of its elements.
#pragma once
#include "kernels/cuda_index_loops.cuh"

namespace cupric::cuda {

__global__ void __launch_bounds__(kBlock) iota_kernel(int64_t n, int64_t start, int64_t step, int64_t* out) {
  int64_t tid = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  int64_t nthreads = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t i = tid; i < n; i += nthreads) out[i] = start + i * step;
}

inline void iota_loop(const LoopPlan& p, const void* state, const Stream& stream) {
  if (p.numel == 0) return;
  const auto st = load_functor<IotaState>(state);
  iota_kernel<<<grid_for(p.numel), kBlock, 0, static_cast<cudaStream_t>(stream.handle)>>>(
      p.numel, st.start, st.step, reinterpret_cast<int64_t*>(p.data[0]));
  cuda_check(cudaGetLastError(), "iota kernel launch");
}

// ---- mask compaction (Note [Mask compaction without a sort]) ----------------------------------

__global__ void __launch_bounds__(kBlock) mask_tile_count_kernel(const bool* mask, int64_t n, int64_t* counts) {
  __shared__ int total;
  if (threadIdx.x == 0) total = 0;
  __syncthreads();
  int64_t first = static_cast<int64_t>(blockIdx.x) * kMaskTile + static_cast<int64_t>(threadIdx.x) * kMaskPerThread;
  int c = thread_mask_count(mask, n, first);
  if (c) atomicAdd(&total, c);
  __syncthreads();
  if (threadIdx.x == 0) counts[blockIdx.x] = total;
}

// One block: counts[0..nb) -> exclusive offsets in place, counts[nb] = total.
__global__ void __launch_bounds__(kBlock) mask_scan_kernel(int64_t* counts, int64_t nb) {
  __shared__ int64_t buf[kBlock];
  int64_t carry = 0;
  for (int64_t base = 0; base < nb; base += kBlock) {
    int64_t i = base + threadIdx.x;
    int64_t v = i < nb ? counts[i] : 0;
    int64_t total;
    int64_t ex = block_exclusive_scan(v, buf, &total);
    if (i < nb) counts[i] = carry + ex;
    carry += total;
  }
  if (threadIdx.x == 0) counts[nb] = carry;
}

__global__ void __launch_bounds__(kBlock) mask_coords_kernel(const bool* mask, int64_t n, const int64_t* offsets,
                                                             CoordShape cs, int64_t* out, int64_t count) {
  __shared__ int64_t buf[kBlock];
  int64_t first = static_cast<int64_t>(blockIdx.x) * kMaskTile + static_cast<int64_t>(threadIdx.x) * kMaskPerThread;
  int c = thread_mask_count(mask, n, first);
  int64_t total;
  int64_t pos = offsets[blockIdx.x] + block_exclusive_scan(c, buf, &total);
  for (int j = 0; j < kMaskPerThread && c > 0; ++j) {
    int64_t i = first + j;
    if (i >= n || !mask[i]) continue;
    int64_t r = i;
    for (int k = cs.ndim - 1; k >= 0; --k) {
      out[k * count + pos] = r % cs.shape[k];
      r /= cs.shape[k];
    }
    ++pos;
    --c;
  }
}

inline int64_t mask_count(const bool* mask, int64_t n, int64_t* work, const Stream& stream) {
  auto s = static_cast<cudaStream_t>(stream.handle);
  int64_t nb = (n + kMaskTile - 1) / kMaskTile;
  if (nb > 0) mask_tile_count_kernel<<<static_cast<unsigned>(nb), kBlock, 0, s>>>(mask, n, work);
  mask_scan_kernel<<<1, kBlock, 0, s>>>(work, nb);
  cuda_check(cudaGetLastError(), "mask count kernel launch");
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
  mask_coords_kernel<<<static_cast<unsigned>(nb), kBlock, 0, static_cast<cudaStream_t>(stream.handle)>>>(
      mask, n, work, cs, out, count);
  cuda_check(cudaGetLastError(), "mask coords kernel launch");
}

}  // namespace cupric::cuda
