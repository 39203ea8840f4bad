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
  if (p.index32) {
    auto a = strided_args3<int32_t>(p);
    if constexpr (Scatter) scatter_kernel<T, int32_t><<<grid_for(p.numel), kBlock, 0, s>>>(static_cast<int32_t>(p.numel), a, st);
    else gather_kernel<T, int32_t><<<grid_for(p.numel), kBlock, 0, s>>>(static_cast<int32_t>(p.numel), a, st);
  } else {
    auto a = strided_args3<int64_t>(p);
    if constexpr (Scatter) scatter_kernel<T, int64_t><<<grid_for(p.numel), kBlock, 0, s>>>(p.numel, a, st);
    else gather_kernel<T, int64_t><<<grid_for(p.numel), kBlock, 0, s>>>(p.numel, a, st);
  }
  cuda_check(cudaGetLastError(), Scatter ? "scatter kernel launch" : "gather kernel launch");
}

template <class T>
void gather_loop(const LoopPlan& p, const void* state, const Stream& stream) { index_loop<T, false>(p, state, stream); }
template <class T>
void scatter_loop(const LoopPlan& p, const void* state, const Stream& stream) { index_loop<T, true>(p, state, stream); }

}  // namespace cupric::cuda
