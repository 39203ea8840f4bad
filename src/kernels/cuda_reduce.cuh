// CUDA reduction loop: runs a reduction functor (Note [Reduction functors]) over a ReducePlan.
// Included only by CUDA kernel-family translation units.
//
// Note [CUDA reductions]
// One kernel per op serves every layout; a block is 256 threads laid out (bx, by):
//  - rows (plan.inner: the input's fastest dim is reduced): x runs along the reduction, y over
//    by outputs; each thread folds a strided slice of its row (16-byte vector loads when the
//    rows are contiguous, aligned and unmasked), then the row is combined with warp shuffles
//    and, past one warp, through shared memory;
//  - columns (the fastest dim is kept, e.g. axis 0 of a C array): x runs over 32 consecutive
//    outputs, so each load instruction of a warp reads consecutive memory, and y splits the
//    reduction; the y partials are combined through shared memory. No transpose is made.
// When the outputs alone do not fill the GPU (few outputs, long reductions; the full
// reduction being the extreme), grid.y splits each reduction into pieces whose partial
// accumulators go to a workspace, and a second kernel (one warp per output) combines them and
// writes the results: two passes, no atomics, results independent of scheduling.
// Each thread issues four loads before folding them, so enough bytes are in flight to saturate
// HBM with one block per 256 threads. Index math is 64-bit; plans with one reduced dim (every
// contiguous case after coalescing) avoid the div/mod walk.
#pragma once
#include <cuda_runtime.h>
#include <algorithm>
#include <cstring>
#include "cupric/memory.hpp"
#include "kernels/cuda_loops.cuh"
#include "kernels/reduce_ops.hpp"
#include "kernels/reduction.hpp"
#include "runtime/cuda/cuda_check.hpp"

namespace cupric::cuda {

inline constexpr int kReduceThreads = 256;

struct ReduceArgs {
  char* out;
  const char* in;
  const char* mask;
  int out_ndim, red_ndim;
  int64_t nout, nred;
  int64_t red_per_split;  // reduction positions per blockIdx.y
  int64_t out_shape[kMaxKernelDims];
  int64_t out_strides[kMaxKernelDims][3];
  int64_t red_shape[kMaxKernelDims];
  int64_t red_strides[kMaxKernelDims][2];
  void* partials;  // acc_t[gridDim.y][nout] when the reduction is split across blocks
  bool inner, skip_nan, vec;
};

// Shuffles any trivially copyable accumulator word by word.
template <class T>
__device__ __forceinline__ T shfl_down(const T& v, int delta) {
  constexpr int W = (sizeof(T) + 3) / 4;
  unsigned w[W] = {};
  memcpy(w, &v, sizeof(T));
#pragma unroll
  for (int i = 0; i < W; ++i) w[i] = __shfl_down_sync(0xffffffffu, w[i], delta);
  T r;
  memcpy(&r, w, sizeof(T));
  return r;
}

template <class Op>
__device__ __forceinline__ typename Op::acc_t warp_reduce(const Op& op, typename Op::acc_t acc) {
#pragma unroll
  for (int d = 16; d > 0; d >>= 1) acc = op.combine(acc, shfl_down(acc, d));
  return acc;
}

__device__ __forceinline__ void out_offsets(const ReduceArgs& a, int64_t m, int64_t off[3]) {
  off[0] = off[1] = off[2] = 0;
  for (int d = a.out_ndim - 1; d >= 0 && m; --d) {
    int64_t i = m % a.out_shape[d];
    m /= a.out_shape[d];
#pragma unroll
    for (int k = 0; k < 3; ++k) off[k] += i * a.out_strides[d][k];
  }
}

__device__ __forceinline__ void red_offsets(const ReduceArgs& a, int64_t r, int64_t& in_off, int64_t& mask_off) {
  if (a.red_ndim == 1) {
    in_off = r * a.red_strides[0][0];
    mask_off = r * a.red_strides[0][1];
    return;
  }
  in_off = mask_off = 0;
  for (int d = a.red_ndim - 1; d >= 0 && r; --d) {
    int64_t i = r % a.red_shape[d];
    r /= a.red_shape[d];
    in_off += i * a.red_strides[d][0];
    mask_off += i * a.red_strides[d][1];
  }
}

// Folds positions lo + lane, lo + lane + step, ... < hi of one output's reduction.
template <class Op>
__device__ __forceinline__ typename Op::acc_t thread_fold(const Op& op, const ReduceArgs& a, const char* in,
                                                          const char* mask, int64_t lo, int64_t hi, int lane,
                                                          int step) {
  using In = typename Op::in_t;
  using Acc = typename Op::acc_t;
  Acc acc = op.identity();
  auto take = [&](Acc& acc_, In x, int64_t r, bool ok) {
    if (ok && !(a.skip_nan && reduce_ops::is_nan(x))) acc_ = op.reduce(acc_, x, r);
  };
  constexpr int V = sizeof(In) >= 16 ? 1 : static_cast<int>(16 / sizeof(In));
  if constexpr (V > 1) {
    if (a.vec) {  // one contiguous, aligned, unmasked row; lo is a multiple of 16 elements
      using VecT = Vec<In, V>;
      const VecT* p = reinterpret_cast<const VecT*>(in + lo * static_cast<int64_t>(sizeof(In)));
      const int64_t nv = (hi - lo) / V;
      int64_t v = lane;
      for (; v + 3 * step < nv; v += 4 * step) {
        VecT x[4];
#pragma unroll
        for (int u = 0; u < 4; ++u) x[u] = p[v + u * step];
#pragma unroll
        for (int u = 0; u < 4; ++u)
#pragma unroll
          for (int j = 0; j < V; ++j) take(acc, x[u].v[j], lo + (v + u * step) * V + j, true);
      }
      for (; v < nv; v += step) {
        VecT x = p[v];
#pragma unroll
        for (int j = 0; j < V; ++j) take(acc, x.v[j], lo + v * V + j, true);
      }
      for (int64_t r = lo + nv * V + lane; r < hi; r += step)
        take(acc, *reinterpret_cast<const In*>(in + r * static_cast<int64_t>(sizeof(In))), r, true);
      return acc;
    }
  }
  int64_t r = lo + lane;
  if (a.red_ndim == 1 && !mask) {
    const int64_t s = a.red_strides[0][0];
    for (; r + 3 * step < hi; r += 4 * step) {
      In x[4];
#pragma unroll
      for (int u = 0; u < 4; ++u) x[u] = *reinterpret_cast<const In*>(in + (r + u * step) * s);
#pragma unroll
      for (int u = 0; u < 4; ++u) take(acc, x[u], r + u * step, true);
    }
  }
  for (; r < hi; r += step) {
    int64_t io, mo;
    red_offsets(a, r, io, mo);
    take(acc, *reinterpret_cast<const In*>(in + io), r, !mask || *reinterpret_cast<const bool*>(mask + mo));
  }
  return acc;
}

template <class Op>
__global__ void __launch_bounds__(kReduceThreads)
reduce_kernel(Op op, typename Op::acc_t init, bool has_init, ReduceArgs a) {
  using Acc = typename Op::acc_t;
  extern __shared__ __align__(16) unsigned char smem_raw[];
  Acc* smem = reinterpret_cast<Acc*>(smem_raw);
  const int tx = threadIdx.x, ty = threadIdx.y, bx = blockDim.x, by = blockDim.y;
  const int lane = a.inner ? tx : ty, nlanes = a.inner ? bx : by;  // threads along the reduction
  const int slot = a.inner ? ty : tx, nslots = a.inner ? by : bx;  // outputs of this block
  const int64_t lo = static_cast<int64_t>(blockIdx.y) * a.red_per_split;
  const int64_t hi = lo + a.red_per_split < a.nred ? lo + a.red_per_split : a.nred;
  const int64_t nblocks = (a.nout + nslots - 1) / nslots;
  for (int64_t ob = blockIdx.x; ob < nblocks; ob += gridDim.x) {
    const int64_t m = ob * nslots + slot;
    int64_t off[3] = {0, 0, 0};
    Acc acc = op.identity();
    if (m < a.nout) {
      out_offsets(a, m, off);
      acc = thread_fold(op, a, a.in + off[1], a.mask ? a.mask + off[2] : nullptr, lo, hi, lane, nlanes);
    }
    if (a.inner) {
      acc = warp_reduce(op, acc);  // bx is a multiple of 32: each warp is one output's lanes
      if (bx > 32) {
        const int warp = tx / 32, nwarps = bx / 32;
        if (tx % 32 == 0) smem[ty * nwarps + warp] = acc;
        __syncthreads();
        if (tx < 32) {
          acc = tx < nwarps ? smem[ty * nwarps + tx] : op.identity();
          acc = warp_reduce(op, acc);
        }
        __syncthreads();
      }
    } else {
      smem[ty * bx + tx] = acc;
      __syncthreads();
      for (int s = by / 2; s > 0; s >>= 1) {
        if (ty < s) smem[ty * bx + tx] = op.combine(smem[ty * bx + tx], smem[(ty + s) * bx + tx]);
        __syncthreads();
      }
      acc = smem[tx];
      __syncthreads();
    }
    if (lane == 0 && m < a.nout) {
      if (a.partials) {
        static_cast<Acc*>(a.partials)[static_cast<int64_t>(blockIdx.y) * a.nout + m] = acc;
      } else {
        if (has_init) acc = op.combine(acc, init);
        *reinterpret_cast<typename Op::out_t*>(a.out + off[0]) = op.finalize(acc);
      }
    }
  }
}

// Second pass of split reductions: one warp per output combines its nsplit partials.
template <class Op>
__global__ void __launch_bounds__(kReduceThreads)
reduce_partials_kernel(Op op, typename Op::acc_t init, bool has_init, ReduceArgs a, int64_t nsplit) {
  using Acc = typename Op::acc_t;
  const int warps = blockDim.x / 32, w = threadIdx.x / 32, l = threadIdx.x % 32;
  const Acc* part = static_cast<const Acc*>(a.partials);
  for (int64_t m = static_cast<int64_t>(blockIdx.x) * warps + w; m < a.nout; m += static_cast<int64_t>(gridDim.x) * warps) {
    Acc acc = op.identity();
    for (int64_t s = l; s < nsplit; s += 32) acc = op.combine(acc, part[s * a.nout + m]);
    acc = warp_reduce(op, acc);
    if (l == 0) {
      int64_t off[3];
      out_offsets(a, m, off);
      if (has_init) acc = op.combine(acc, init);
      *reinterpret_cast<typename Op::out_t*>(a.out + off[0]) = op.finalize(acc);
    }
  }
}

// The SM count of `dev` (the stream's device: no cudaGetDevice per reduction).
inline int sm_count(int dev) {
  static int cached[64] = {};
  if (dev < 0 || dev >= 64) cudaGetDevice(&dev);
  if (dev < 0 || dev >= 64) dev = 0;
  if (!cached[dev]) {
    int n = 0;
    cudaDeviceGetAttribute(&n, cudaDevAttrMultiProcessorCount, dev);
    cached[dev] = n > 0 ? n : 1;
  }
  return cached[dev];
}

// The CUDA ReduceFn of functor Op (Note [CUDA reductions]).
template <class Op>
void reduce_loop(const ReducePlan& p, const ReduceParams& params, const Stream& stream) {
  using Acc = typename Op::acc_t;
  using In = typename Op::in_t;
  if (p.nout == 0) return;
  const Op op = make_reduce_op<Op>(params);
  const Acc init = reduce_initial(op, params);
  auto s = static_cast<cudaStream_t>(stream.handle);
  ReduceArgs a{};
  a.out = p.out;
  a.in = p.in;
  a.mask = p.mask;
  a.out_ndim = p.out_ndim;
  a.red_ndim = p.red_ndim;
  a.nout = p.nout;
  a.nred = p.nred;
  for (int d = 0; d < p.out_ndim; ++d) {
    a.out_shape[d] = p.out_shape[d];
    for (int k = 0; k < 3; ++k) a.out_strides[d][k] = p.out_strides[k][d];
  }
  for (int d = 0; d < p.red_ndim; ++d) {
    a.red_shape[d] = p.red_shape[d];
    a.red_strides[d][0] = p.red_strides[0][d];
    a.red_strides[d][1] = p.red_strides[1][d];
  }
  a.inner = p.inner;
  a.skip_nan = params.skip_nan;
  a.vec = p.accelerated && p.inner && !p.mask && p.red_ndim == 1 && p.red_strides[0][0] == static_cast<int64_t>(sizeof(In)) &&
          reinterpret_cast<uintptr_t>(p.in) % 16 == 0;
  for (int d = 0; d < p.out_ndim && a.vec; ++d) a.vec = p.out_strides[1][d] % 16 == 0;
  // Block shape.
  int bx, by;
  if (p.inner) {
    bx = 32;
    while (bx < kReduceThreads && bx * 16 < p.nred) bx *= 2;
    by = kReduceThreads / bx;
  } else {
    bx = 1;
    while (bx < 32 && bx < p.nout) bx *= 2;
    by = kReduceThreads / bx;
  }
  const int nlanes = p.inner ? bx : by, nslots = p.inner ? by : bx;
  int64_t gx = (p.nout + nslots - 1) / nslots;
  if (gx > (int64_t{1} << 30)) gx = int64_t{1} << 30;
  // Split long reductions across blocks when the outputs leave the GPU idle.
  const int64_t target = static_cast<int64_t>(sm_count(stream.device)) * (2048 / kReduceThreads) * 2;
  int64_t gy = 1;
  if (gx < target && p.nred > 0) {
    int64_t want = (target + gx - 1) / gx;
    int64_t most = (p.nred + int64_t{nlanes} * 64 - 1) / (int64_t{nlanes} * 64);  // >= 64 per thread
    gy = std::max<int64_t>(1, std::min<int64_t>({want, most, 65535}));
  }
  int64_t rps = (p.nred + gy - 1) / gy;
  rps = (rps + 15) / 16 * 16;  // split starts stay 16-byte aligned
  if (rps == 0) rps = 16;
  gy = p.nred > 0 ? (p.nred + rps - 1) / rps : 1;
  a.red_per_split = rps;
  std::shared_ptr<Memory> workspace;
  if (gy > 1) {
    workspace = allocate(*p.backend, static_cast<size_t>(gy * p.nout) * sizeof(Acc));
    a.partials = workspace->ptr();
  }
  const size_t smem = static_cast<size_t>(kReduceThreads) * sizeof(Acc);
  reduce_kernel<Op><<<dim3(static_cast<unsigned>(gx), static_cast<unsigned>(gy)), dim3(bx, by), smem, s>>>(
      op, init, params.has_initial, a);
  cuda_check(cudaGetLastError(), "reduction kernel launch");
  if (gy > 1) {
    int64_t blocks = (p.nout + kReduceThreads / 32 - 1) / (kReduceThreads / 32);
    if (blocks > (int64_t{1} << 20)) blocks = int64_t{1} << 20;
    reduce_partials_kernel<Op><<<static_cast<unsigned>(blocks), kReduceThreads, 0, s>>>(op, init, params.has_initial,
                                                                                        a, gy);
    cuda_check(cudaGetLastError(), "reduction combine kernel launch");
  }
  // The workspace returns to the pool now; the pool hands it out again only to work ordered
  // after these kernels on this stream (the same assumption every temporary makes).
}

}  // namespace cupric::cuda
