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
#include "kernels/cuda_loops.cuh"
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

template <class T, class Index>
__global__ void __launch_bounds__(kBlock) gather_kernel(Index n, StridedArgs<3, Index> a, IndexState st) {
  Index tid = static_cast<Index>(blockIdx.x) * blockDim.x + threadIdx.x;
  Index nthreads = static_cast<Index>(gridDim.x) * blockDim.x;
  for (Index i = tid; i < n; i += nthreads) {
    Index off[3];
    plan_offsets<3, Index>(a, i, off);
    int64_t k = idx::resolve(*reinterpret_cast<const int64_t*>(a.data[2] + off[2]), st.size, st.mode, st.flag);
    *reinterpret_cast<T*>(a.data[0] + off[0]) = *reinterpret_cast<const T*>(a.data[1] + off[1] + k * st.stride);
  }
}

template <class T, class Index>
__global__ void __launch_bounds__(kBlock) scatter_kernel(Index n, StridedArgs<3, Index> a, IndexState st) {
  Index tid = static_cast<Index>(blockIdx.x) * blockDim.x + threadIdx.x;
  Index nthreads = static_cast<Index>(gridDim.x) * blockDim.x;
  for (Index i = tid; i < n; i += nthreads) {
    Index off[3];
    plan_offsets<3, Index>(a, i, off);
    int64_t k = idx::resolve(*reinterpret_cast<const int64_t*>(a.data[2] + off[2]), st.size, st.mode, st.flag);
    *reinterpret_cast<T*>(a.data[0] + off[0] + k * st.stride) = *reinterpret_cast<const T*>(a.data[1] + off[1]);
  }
}

template <class Index>
StridedArgs<3, Index> strided_args3(const LoopPlan& p) {
  StridedArgs<3, Index> a{};
  a.ndim = p.ndim;
  for (int d = 0; d < p.ndim; ++d) {
    a.shape[d] = static_cast<Index>(p.shape[d]);
    for (int k = 0; k < 3; ++k) a.strides[d][k] = static_cast<Index>(p.strides[k][d]);
  }
  for (int k = 0; k < 3; ++k) a.data[k] = p.data[k];
  return a;
}

template <class T, bool Scatter>
void index_loop(const LoopPlan& p, const void* state, const Stream& stream) {
  if (p.numel == 0) return;
  const auto st = load_functor<IndexState>(state);
  auto s = static_cast<cudaStream_t>(stream.handle);
  // int32 offsets only: the engine cuts bigger plans (Note [32-bit strided kernels]).
  if (!p.index32) throw_internal_error("index CUDA loop given a plan without 32-bit offsets");
  auto a = strided_args3<int32_t>(p);
  if constexpr (Scatter) scatter_kernel<T, int32_t><<<grid_for(p.numel), kBlock, 0, s>>>(static_cast<int32_t>(p.numel), a, st);
  else gather_kernel<T, int32_t><<<grid_for(p.numel), kBlock, 0, s>>>(static_cast<int32_t>(p.numel), a, st);
  cuda_check(cudaGetLastError(), Scatter ? "scatter kernel launch" : "gather kernel launch");
}

template <class T>
void gather_loop(const LoopPlan& p, const void* state, const Stream& stream) { index_loop<T, false>(p, state, stream); }
template <class T>
void scatter_loop(const LoopPlan& p, const void* state, const Stream& stream) { index_loop<T, true>(p, state, stream); }

// ---- boolean-mask compaction pieces (Note [Mask compaction without a sort], cuda_mask_loops.cuh) ----

inline constexpr int kMaskPerThread = static_cast<int>(kMaskTile / kBlock);

__device__ __forceinline__ int thread_mask_count(const bool* mask, int64_t n, int64_t first) {
  int c = 0;
#pragma unroll 4
  for (int j = 0; j < kMaskPerThread; ++j) {
    int64_t i = first + j;
    if (i < n && mask[i]) ++c;
  }
  return c;
}

// Exclusive scan of kBlock values in shared memory (Hillis-Steele); returns this thread's prefix
// and leaves the block total in *total.
__device__ __forceinline__ int64_t block_exclusive_scan(int64_t v, int64_t* buf, int64_t* total) {
  buf[threadIdx.x] = v;
  __syncthreads();
  for (int off = 1; off < kBlock; off <<= 1) {
    int64_t add = threadIdx.x >= static_cast<unsigned>(off) ? buf[threadIdx.x - off] : 0;
    __syncthreads();
    buf[threadIdx.x] += add;
    __syncthreads();
  }
  int64_t inclusive = buf[threadIdx.x];
  *total = buf[kBlock - 1];
  __syncthreads();
  return inclusive - v;
}

// out[j] = src[i] for the j-th true mask[i] (contiguous src and out): a full-mask `a[mask]`
// without coordinates. Same tiles and offsets as mask_coords_kernel.
template <class T>
__global__ void __launch_bounds__(kBlock) mask_select_kernel(const bool* mask, int64_t n, const int64_t* offsets,
                                                             const T* src, T* out) {
  __shared__ int64_t buf[kBlock];
  int64_t first = static_cast<int64_t>(blockIdx.x) * kMaskTile + static_cast<int64_t>(threadIdx.x) * kMaskPerThread;
  int c = thread_mask_count(mask, n, first);
  int64_t total;
  int64_t pos = offsets[blockIdx.x] + block_exclusive_scan(c, buf, &total);
  for (int j = 0; j < kMaskPerThread && c > 0; ++j) {
    int64_t i = first + j;
    if (i >= n || !mask[i]) continue;
    out[pos++] = src[i];
    --c;
  }
}

template <class T>
void mask_select(const bool* mask, int64_t n, const int64_t* work, const char* src, char* out, const Stream& stream) {
  int64_t nb = (n + kMaskTile - 1) / kMaskTile;
  if (nb == 0) return;
  mask_select_kernel<T><<<static_cast<unsigned>(nb), kBlock, 0, static_cast<cudaStream_t>(stream.handle)>>>(
      mask, n, work, reinterpret_cast<const T*>(src), reinterpret_cast<T*>(out));
  cuda_check(cudaGetLastError(), "mask select kernel launch");
}

}  // namespace cupric::cuda
