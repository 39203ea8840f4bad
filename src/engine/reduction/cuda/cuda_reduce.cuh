// CUDA reduction loop: runs a reduction functor (Note [Reduction functors]) over a ReducePlan.
// Included only by CUDA kernel-family translation units.
//
// Note [CUDA reductions]
// One kernel per op (reduce_kernel) serves every layout; a block is 256 threads laid out (bx, by):
//  - rows (plan.inner: the input's fastest dim is reduced): x runs along the reduction, y over
//    by outputs; each thread folds a strided slice of its row (16-byte vector loads when the
//    rows are contiguous, aligned and unmasked), then the row is combined with warp shuffles
//    and, past one warp, through shared memory; rows of at most 256 elements get 1 to 16
//    lanes (Note [Short reduced rows]);
//  - columns (the fastest dim is kept, e.g. axis 0 of a C array): x runs over 32 consecutive
//    outputs (more when the reduction is shorter than 8), so each load instruction of a warp
//    reads consecutive memory, and y splits the reduction; the y partials are combined through
//    shared memory. No transpose is made.
//    When the kept fastest dim is contiguous and rows are 16-byte aligned (axis 0 of a C
//    matrix), reduce_cols_kernel runs instead: each thread loads a 16-byte vector of V
//    consecutive columns per row and keeps V accumulators, so one warp reads 512 contiguous
//    bytes per load; rows are split over grid.y up to about four waves of resident blocks
//    (more only adds a wave tail and partials traffic).
// When the outputs alone do not fill the GPU (few outputs, long reductions; the full
// reduction being the extreme), grid.y splits each reduction into pieces whose partial
// accumulators go to a workspace, and a second kernel (one warp per output) combines them and
// writes the results: two passes, no atomics, results independent of scheduling. The second
// kernel reads the [split][output] partials coalesced (32 outputs per block when there are many).
// argmin/argmax on the vector path fold with ArgMinMax::better and a 32-bit position in
// registers (arg_fold_vec): the generic combine with 64-bit indices made them compute-bound.
// Each thread issues four loads before folding them, so enough bytes are in flight to saturate
// HBM with one block per 256 threads. Index math is 64-bit; plans with one reduced dim (every
// contiguous case after coalescing) avoid the div/mod walk, and so do plans with one kept dim.
//
// Note [Short reduced rows]
// Many short rows (x.sum(axis=-1) of a (2^22, 4) array, (z[..., None, :] * a).sum(-1), the row
// normalisations of dirichlet) used to get a whole warp per output whatever the row's length: bx
// started at 32 lanes. For rows of 4 float64 that is 2 of 32 lanes loading one 16-byte vector,
// five shuffle rounds, one store, and 2^22 warps: the warps' instruction issue, not memory, set
// the time (2.47 ms on the H200 against CuPy's 55 us for the max). Now:
//  - rows of more than 256 elements keep one lane per 16 elements (32 ... 256 lanes): the block
//    shapes, the order of accumulation and so the results are the same as before;
//  - shorter rows get L = 1 ... 16 lanes (a power of two), 32 / L consecutive rows per warp,
//    chosen by the row's loads (16-byte vectors when the rows are contiguous, aligned and
//    unmasked, else elements): one load per lane for rows of up to four loads (rows of 4
//    float64: 2 lanes, one vector each), else up to four per lane (thread_fold issues a group
//    of four together). Most lanes' loads are then all in flight at once, and one warp load
//    reads L consecutive loads' bytes of each of its rows. Issuing a lane's last one to three
//    loads together (predicated loads) was tried instead: ptxas then gave reduce_kernel 80 to
//    120 registers instead of 48 to 78 (fewer resident blocks);
//  - the group's lanes are combined by a shuffle tree kept inside the group (lane 0 of a group
//    only ever reads lanes below L); rows this short never split across blocks;
//  - rows of at most four loads with one kept dim and no mask (x.sum(axis=-1), x.mean(axis=-1),
//    x.argmax(axis=-1) of a (2^22, 4) float64 array; x.T.sum(axis=0), which the plan sorts into
//    the same rows; x[:, ::2].sum(-1), element loads) run reduce_short_rows_kernel with the same
//    lanes and tree, hence the same results: there reduce_kernel, at 60 to 77 registers (its long-row,
//    column and div/mod paths) and one 16-byte load per thread, held 4 blocks an SM with 16 KB in
//    flight and ran x.mean(axis=-1) at 1.2 TB/s (140 us, CuPy 80); the small kernel issues two
//    rows' loads per thread before folding and needs 30 to 42 registers for sum/mean/argmax of
//    float64 (5 to 8 blocks an SM: 40 to 64 KB in flight). Four rows a thread cost 60 to 97 registers.
// Each lane folds its positions (or vectors) in increasing order, then the tree merges lanes, so
// sums change order against the warp-per-row code only in how the at most 256 terms are grouped:
// within the O(n eps) of such sums, and float16 accumulates in float. NumPy's own order (pairwise,
// 8 interleaved partials from 8 elements on) differs from both in the last bits.
// Columns: the threads along a reduction are min(8, the next power of two >= nred), the rest of
// the 256 go across outputs (axis 0 of a (4, N) array: 4 x 64 threads rather than 8 x 32 with
// half of them idle). reduce_cols_kernel packs several outer outputs into a block when a row has
// fewer vectors than the block's x and the reduction is shorter than its y (w.sum(axis=1) of a
// (2^16, 3, 64) float32 array was 16 x 16 threads with 13 of 16 rows idle: 333 us, CuPy 101).
// The host loop needs no such choice: it folds one output at a time
// (host_reduce.hpp), and both backends run the same ReducePlan.
#pragma once
#include <cuda_runtime.h>
#include <algorithm>
#include <cstring>
#include "cupric/memory.hpp"
#include "engine/elementwise/cuda/cuda_loops.cuh"
#include "kernels/reduce_ops.hpp"
#include "engine/reduction/reduction_engine.hpp"
#include "runtime/cuda/cuda_check.hpp"

namespace cupric::cuda {

inline constexpr int kReduceThreads = 256;
// Elements of In in one 16-byte vector load (one for 16-byte types).
template <class In>
inline constexpr int kVecLen = sizeof(In) >= 16 ? 1 : static_cast<int>(16 / sizeof(In));

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

// Shuffles any trivially copyable value word by word: `shfl` is one 32-bit warp shuffle
// (__shfl_down_sync, __shfl_up_sync, __shfl_sync with its lane argument bound). The reduction
// uses it for accumulators, the scan (cuda_scan.cuh) for prefixes.
template <class T, class Shfl>
__device__ __forceinline__ T shfl_words(const T& v, Shfl shfl) {
  constexpr int W = (sizeof(T) + 3) / 4;
  unsigned w[W] = {};
  memcpy(w, &v, sizeof(T));
#pragma unroll
  for (int i = 0; i < W; ++i) w[i] = shfl(w[i]);
  T r;
  memcpy(&r, w, sizeof(T));
  return r;
}
template <class T>
__device__ __forceinline__ T shfl_down(const T& v, int delta) {
  return shfl_words(v, [delta](unsigned w) { return __shfl_down_sync(0xffffffffu, w, delta); });
}

// Offsets of linear position m of a C-ordered `ndim`-dim index space, for K arrays at once
// (strides[d][k]: array k's byte stride along dim d). The walk stops when m is used up.
template <int K>
__device__ __forceinline__ void unravel_offsets(int64_t m, int ndim, const int64_t* shape, const int64_t (*strides)[K],
                                                int64_t off[K]) {
#pragma unroll
  for (int k = 0; k < K; ++k) off[k] = 0;
  for (int d = ndim - 1; d >= 0 && m; --d) {
    int64_t i = m % shape[d];
    m /= shape[d];
#pragma unroll
    for (int k = 0; k < K; ++k) off[k] += i * strides[d][k];
  }
}

template <class Op>
__device__ __forceinline__ typename Op::acc_t warp_reduce(const Op& op, typename Op::acc_t acc) {
#pragma unroll
  for (int d = 16; d > 0; d >>= 1) acc = op.combine(acc, shfl_down(acc, d));
  return acc;
}

__device__ __forceinline__ void out_offsets(const ReduceArgs& a, int64_t m, int64_t off[3]) {
  if (a.out_ndim == 1) {  // every contiguous case after coalescing: no 64-bit div/mod per output
#pragma unroll
    for (int k = 0; k < 3; ++k) off[k] = m * a.out_strides[0][k];
    return;
  }
  unravel_offsets<3>(m, a.out_ndim, a.out_shape, a.out_strides, off);
}

__device__ __forceinline__ void red_offsets(const ReduceArgs& a, int64_t r, int64_t& in_off, int64_t& mask_off) {
  if (a.red_ndim == 1) {
    in_off = r * a.red_strides[0][0];
    mask_off = r * a.red_strides[0][1];
    return;
  }
  int64_t off[2];
  unravel_offsets<2>(r, a.red_ndim, a.red_shape, a.red_strides, off);
  in_off = off[0];
  mask_off = off[1];
}

// Visits thread `lane`'s whole V-element vectors (of `step` threads) of the contiguous, 16-byte
// aligned run [lo, hi) of In at `in`: vectors lane, lane + step, ..., four loads issued before
// any is folded (Note [CUDA reductions]), then the last ones singly; returns the offset from lo
// past the last whole vector (the caller folds the elements after it). f(x, k) gets each element
// with its position k = base + its offset from lo, as an I: int keeps argmin/argmax's positions
// in 32-bit registers (arg_fold_vec, base 0), int64_t serves any length (thread_fold, base lo).
// A 32-bit position is carried along the loop (one add per vector); a 64-bit one is recomputed
// from v, which keeps fewer 64-bit registers live: for each, ptxas allocates fewer registers.
template <class In, int V, class I, class F>
__device__ __forceinline__ I for_each_vec(const char* in, int64_t lo, int64_t hi, I base, int lane, int step, F&& f) {
  using VecT = Vec<In, V>;
  constexpr bool carry = sizeof(I) == 4;
  const VecT* p = reinterpret_cast<const VecT*>(in + lo * static_cast<int64_t>(sizeof(In)));
  const I nv = static_cast<I>(hi - lo) / V, sk = static_cast<I>(step) * V;
  I v = lane, k = base + static_cast<I>(lane) * V;  // carry: the position of vector v's first element
  for (; v + 3 * step < nv; v += 4 * step, k += 4 * sk) {
    VecT x[4];
#pragma unroll
    for (int u = 0; u < 4; ++u) x[u] = p[v + u * step];
#pragma unroll
    for (int u = 0; u < 4; ++u)
#pragma unroll
      for (int j = 0; j < V; ++j) f(x[u].v[j], carry ? k + u * sk + j : base + (v + u * step) * V + j);
  }
  for (; v < nv; v += step, k += sk) {
    VecT x = p[v];
#pragma unroll
    for (int j = 0; j < V; ++j) f(x.v[j], carry ? k + j : base + v * V + j);
  }
  return nv * V;
}

// thread_fold's vector path for argmin/argmax (Op::better): the running (value, position) stays
// in registers as (In, 32-bit offset from lo), one compare pair and two selects per element, no
// 64-bit index math; the thread's positions come in increasing order, so the first extreme and
// the first NaN win as in ArgMinMax::combine. Needs hi - lo < 2^30.
template <class Op, int V>
__device__ __forceinline__ typename Op::acc_t arg_fold_vec(const Op& op, const char* in, int64_t lo, int64_t hi,
                                                           int lane, int step) {
  using In = typename Op::in_t;
  const int n = static_cast<int>(hi - lo), nv = n / V;
  // Nothing beats worst() but a better value, so the thread's first position holds until then.
  In best = op.worst();
  int bi = lane < nv ? lane * V : (nv * V + lane < n ? nv * V + lane : -1);
  auto fold = [&](In x, int k) {
    if (op.better(x, best)) {
      best = x;
      bi = k;
    }
  };
  for_each_vec<In, V>(in, lo, hi, 0, lane, step, fold);
  const In* q = reinterpret_cast<const In*>(in + lo * static_cast<int64_t>(sizeof(In)));
  for (int r = nv * V + lane; r < n; r += step) fold(q[r], r);
  typename Op::acc_t acc = op.identity();
  if (bi >= 0) {
    acc.value = best;
    acc.index = lo + bi;
  }
  return acc;
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
  constexpr int V = kVecLen<In>;
  if constexpr (V > 1) {
    if constexpr (requires { op.better(In{}, In{}); }) {
      if (a.vec && !a.skip_nan && hi - lo < (int64_t{1} << 30)) return arg_fold_vec<Op, V>(op, in, lo, hi, lane, step);
    }
    if (a.vec) {  // one contiguous, aligned, unmasked row; lo is a multiple of 16 elements
      const int64_t tail =
          for_each_vec<In, V>(in, lo, hi, lo, lane, step, [&](In x, int64_t r) { take(acc, x, r, true); });
      for (int64_t r = lo + tail + lane; r < hi; r += step)
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
    if (a.inner && bx < 32) {
      // Short rows (Note [Short reduced rows]): a warp holds 32 / bx outputs of bx lanes each;
      // the tree stays inside each group of bx lanes (lane 0 of a group reads lanes < bx only).
      for (int d = bx / 2; d > 0; d >>= 1) acc = op.combine(acc, shfl_down(acc, d));
    } else if (a.inner) {
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

// Rows of at most four loads (Note [Short reduced rows]): lane `lane` of a group of L = blockDim.x
// lanes makes the row's load number `lane` (a 16-byte vector of V elements when a.vec, else one
// element at stride a.red_strides[0][0]) for kShortRowsPerThread rows at once, all issued before
// any is folded; then each row's group combines by the same shuffle tree as reduce_kernel's short
// rows (the same sums as there). One kept and one reduced dim, no mask, no split across blocks.
inline constexpr int kShortRowsPerThread = 2;

template <class Op>
__global__ void __launch_bounds__(kReduceThreads)
    reduce_short_rows_kernel(Op op, typename Op::acc_t init, bool has_init, ReduceArgs a, int nloads) {
  using In = typename Op::in_t;
  using Acc = typename Op::acc_t;
  constexpr int V = kVecLen<In>;
  constexpr int R = kShortRowsPerThread;
  using VecT = Vec<In, V>;
  const int lane = threadIdx.x, L = blockDim.x, slot = threadIdx.y, nslots = blockDim.y;
  const int64_t per_block = static_cast<int64_t>(nslots) * R, s = a.red_strides[0][0];
  const int64_t out_step = a.out_strides[0][0], in_step = a.out_strides[0][1];
  const int64_t nblocks = (a.nout + per_block - 1) / per_block;
  const bool loads = lane < nloads;
  auto take = [&](Acc& acc, In x, int64_t r) {
    if (!(a.skip_nan && reduce_ops::is_nan(x))) acc = op.reduce(acc, x, r);
  };
  for (int64_t ob = blockIdx.x; ob < nblocks; ob += gridDim.x) {
    const int64_t m0 = ob * per_block + slot;
    Acc acc[R];
#pragma unroll
    for (int u = 0; u < R; ++u) acc[u] = op.identity();
    // Both kinds of load land in a vector (the element in its first slot): one set of registers.
    VecT x[R];
    const bool vec = a.vec;
#pragma unroll
    for (int u = 0; u < R; ++u) {
      const int64_t m = m0 + static_cast<int64_t>(u) * nslots;
      if (loads && m < a.nout) {
        if (vec)
          x[u] = reinterpret_cast<const VecT*>(a.in + m * in_step)[lane];
        else
          x[u].v[0] = *reinterpret_cast<const In*>(a.in + m * in_step + lane * s);
      }
    }
#pragma unroll
    for (int u = 0; u < R; ++u)
      if (loads && m0 + static_cast<int64_t>(u) * nslots < a.nout)
#pragma unroll
        for (int j = 0; j < V; ++j)
          if (j == 0 || vec) take(acc[u], x[u].v[j], vec ? lane * V + j : lane);
#pragma unroll
    for (int u = 0; u < R; ++u) {
      for (int d = L / 2; d > 0; d >>= 1) acc[u] = op.combine(acc[u], shfl_down(acc[u], d));
      const int64_t m = m0 + static_cast<int64_t>(u) * nslots;
      if (lane == 0 && m < a.nout) {
        if (has_init) acc[u] = op.combine(acc[u], init);
        *reinterpret_cast<typename Op::out_t*>(a.out + m * out_step) = op.finalize(acc[u]);
      }
    }
  }
}

// The ops reduce_cols_kernel is compiled for (compile time: one more kernel per op and dtype, so
// only where axis-0 reductions of big arrays are common); the others keep reduce_kernel's
// column layout.
template <class Op> inline constexpr bool kColumnTiles = false;
template <class I, class O> inline constexpr bool kColumnTiles<reduce_ops::Sum<I, O>> = true;
template <class T, bool M> inline constexpr bool kColumnTiles<reduce_ops::MinMax<T, M, false>> =
    true;  // not nanmin/nanmax
template <class T, bool M> inline constexpr bool kColumnTiles<reduce_ops::ArgMinMax<T, M>> = true;
template <class I> inline constexpr bool kColumnTiles<reduce_ops::Mean<I>> = true;
template <class I> inline constexpr bool kColumnTiles<reduce_ops::Var<I>> = true;

// Column tiles of 16-byte loads: width of the vector of In one thread of reduce_cols_kernel
// loads per row and keeps V accumulators for (1: no such kernel for this Op).
template <class Op>
constexpr int col_vec_width() {
  using In = typename Op::in_t;
  using Acc = typename Op::acc_t;
  if (!kColumnTiles<Op>) return 1;
  int v = kVecLen<In>;
  while (v > 1 && v * sizeof(Acc) > 64) v /= 2;  // accumulators in registers and in shared memory
  return v;
}

// The column layout with contiguous columns (Note [CUDA reductions]): the plan has one reduced
// dim (stride a.red_strides[0][0]) and its fastest kept dim (ncols outputs) has input stride
// sizeof(In); every row start is V * sizeof(In)-aligned. Each outer output (the kept dims other
// than the fastest) has `slots` thread slots across x, numbered across blocks: slot g = blockIdx.x *
// bx + tx is column vector j = g % slots of outer output g / slots, and folds the V consecutive
// columns c = j * V of rows lo + ty, lo + ty + by, ... < hi with one vector load per row; the by
// row partials are combined through shared memory; blockIdx.y walks the row splits as in
// reduce_kernel. Wide rows take slots = whole tiles of bx (a block stays inside one outer
// output); rows of fewer vectors than bx take slots = their vector count, so one block covers
// several outer outputs (w.sum(axis=1) of a (N, 3, 64) float32 array: 16 vectors a row, 64 threads
// across, rather than 16 across and 16 along a reduction of 3 with 13 of them idle).
template <class Op, int V>
__global__ void __launch_bounds__(kReduceThreads)
    reduce_cols_kernel(Op op, typename Op::acc_t init, bool has_init, ReduceArgs a, int64_t ncols, int64_t slots,
                       int64_t nblocks) {
  using In = typename Op::in_t;
  using Acc = typename Op::acc_t;
  using VecT = Vec<In, V>;
  extern __shared__ __align__(16) unsigned char smem_raw[];
  Acc* smem = reinterpret_cast<Acc*>(smem_raw);  // [by][bx][V]
  const int tx = threadIdx.x, ty = threadIdx.y, bx = blockDim.x, by = blockDim.y;
  const int64_t lo = static_cast<int64_t>(blockIdx.y) * a.red_per_split;
  const int64_t hi = lo + a.red_per_split < a.nred ? lo + a.red_per_split : a.nred;
  const int64_t s = a.red_strides[0][0];  // nblocks: ceil(outer outputs * slots / bx)
  const int64_t out_step = a.out_strides[a.out_ndim - 1][0];
  for (int64_t ob = blockIdx.x; ob < nblocks; ob += gridDim.x) {
    const int64_t g = ob * bx + tx, outer = g / slots, c = (g - outer * slots) * V;
    const int64_t m = outer * ncols + c;  // first output of this thread
    const int nvalid = c < ncols && m < a.nout ? static_cast<int>(ncols - c < V ? ncols - c : V) : 0;
    int64_t off[3] = {0, 0, 0};
    Acc acc[V];
#pragma unroll
    for (int j = 0; j < V; ++j) acc[j] = op.identity();
    auto take = [&](int j, In x, int64_t r) {
      if (!(a.skip_nan && reduce_ops::is_nan(x))) acc[j] = op.reduce(acc[j], x, r);
    };
    if (nvalid > 0) {
      out_offsets(a, m, off);
      int64_t r = lo + ty;
      const char* q = a.in + off[1] + r * s;
      const int64_t qs = by * s;
      if (nvalid == V) {
        for (; r + 3 * by < hi; r += 4 * by, q += 4 * qs) {
          VecT x[4];
#pragma unroll
          for (int u = 0; u < 4; ++u) x[u] = *reinterpret_cast<const VecT*>(q + u * qs);
#pragma unroll
          for (int u = 0; u < 4; ++u)
#pragma unroll
            for (int j = 0; j < V; ++j) take(j, x[u].v[j], r + u * by);
        }
        for (; r < hi; r += by, q += qs) {
          VecT x = *reinterpret_cast<const VecT*>(q);
#pragma unroll
          for (int j = 0; j < V; ++j) take(j, x.v[j], r);
        }
      } else {  // the last columns, fewer than V
        for (; r < hi; r += by, q += qs)
#pragma unroll
          for (int j = 0; j < V; ++j)
            if (j < nvalid) take(j, reinterpret_cast<const In*>(q)[j], r);
      }
    }
    Acc* mine = smem + (static_cast<int64_t>(ty) * bx + tx) * V;
#pragma unroll
    for (int j = 0; j < V; ++j) mine[j] = acc[j];
    __syncthreads();
    for (int h = by / 2; h > 0; h >>= 1) {
      if (ty < h) {
        const Acc* other = mine + static_cast<int64_t>(h) * bx * V;
#pragma unroll
        for (int j = 0; j < V; ++j) mine[j] = op.combine(mine[j], other[j]);
      }
      __syncthreads();
    }
    if (ty == 0) {
      for (int j = 0; j < nvalid; ++j) {
        Acc res = mine[j];
        if (a.partials) {
          static_cast<Acc*>(a.partials)[static_cast<int64_t>(blockIdx.y) * a.nout + m + j] = res;
        } else {
          if (has_init) res = op.combine(res, init);
          *reinterpret_cast<typename Op::out_t*>(a.out + off[0] + j * out_step) = op.finalize(res);
        }
      }
    }
    __syncthreads();
  }
}

// Second pass of split reductions: block (bx, by) combines the nsplit partials of bx consecutive
// outputs (coalesced: partials are [split][output]), y through the splits, then through shared
// memory; bx is 1 for a single output (full reductions), 32 for many.
template <class Op>
__global__ void __launch_bounds__(kReduceThreads)
    reduce_partials_kernel(Op op, typename Op::acc_t init, bool has_init, ReduceArgs a, int64_t nsplit) {
  using Acc = typename Op::acc_t;
  extern __shared__ __align__(16) unsigned char smem_raw[];
  Acc* smem = reinterpret_cast<Acc*>(smem_raw);
  const int tx = threadIdx.x, ty = threadIdx.y, bx = blockDim.x, by = blockDim.y;
  const Acc* part = static_cast<const Acc*>(a.partials);
  const int64_t nblocks = (a.nout + bx - 1) / bx;
  for (int64_t ob = blockIdx.x; ob < nblocks; ob += gridDim.x) {
    const int64_t m = ob * bx + tx;
    Acc acc = op.identity();
    if (m < a.nout) {
      for (int64_t s = ty; s < nsplit; s += by) acc = op.combine(acc, part[s * a.nout + m]);
    }
    smem[ty * bx + tx] = acc;
    __syncthreads();
    for (int h = by / 2; h > 0; h >>= 1) {
      if (ty < h) smem[ty * bx + tx] = op.combine(smem[ty * bx + tx], smem[(ty + h) * bx + tx]);
      __syncthreads();
    }
    if (ty == 0 && m < a.nout) {
      acc = smem[tx];
      int64_t off[3];
      out_offsets(a, m, off);
      if (has_init) acc = op.combine(acc, init);
      *reinterpret_cast<typename Op::out_t*>(a.out + off[0]) = op.finalize(acc);
    }
    __syncthreads();
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
  dims_per_dim<3>(p.out_ndim, p.out_shape, p.out_strides, a.out_shape, a.out_strides);
  dims_per_dim<2>(p.red_ndim, p.red_shape, p.red_strides, a.red_shape, a.red_strides);
  a.inner = p.inner;
  a.skip_nan = params.skip_nan;
  a.vec = p.accelerated && p.inner && !p.mask && p.red_ndim == 1 &&
          p.red_strides[0][0] == static_cast<int64_t>(sizeof(In)) && reinterpret_cast<uintptr_t>(p.in) % 16 == 0;
  for (int d = 0; d < p.out_ndim && a.vec; ++d) a.vec = p.out_strides[1][d] % 16 == 0;
  auto launch_partials = [&](int64_t nsplit) {  // the second pass of a split reduction
    const int pbx = p.nout >= 32 ? 32 : 1, pby = kReduceThreads / pbx;
    int64_t blocks = (p.nout + pbx - 1) / pbx;
    if (blocks > (int64_t{1} << 20)) blocks = int64_t{1} << 20;
    launch<&reduce_partials_kernel<Op>>(static_cast<unsigned>(blocks), dim3(pbx, pby), kReduceThreads * sizeof(Acc), s,
                                        op, init, params.has_initial, a, nsplit);
  };
  std::shared_ptr<Memory> workspace;
  // Contiguous columns: reduce_cols_kernel (16-byte loads across columns, rows split over grid.y).
  constexpr int VC = col_vec_width<Op>();
  if constexpr (VC > 1) {
    constexpr int64_t vbytes = VC * static_cast<int64_t>(sizeof(In));
    const int last = p.out_ndim - 1;
    bool cols = p.accelerated && !p.inner && !p.mask && p.red_ndim == 1 && p.out_ndim >= 1 &&
                p.out_strides[1][last] == static_cast<int64_t>(sizeof(In)) && p.nred > 0 &&
                reinterpret_cast<uintptr_t>(p.in) % vbytes == 0 && p.red_strides[0][0] % vbytes == 0;
    for (int d = 0; d < last && cols; ++d) cols = p.out_strides[1][d] % vbytes == 0;
    if (cols) {
      const int64_t ncols = p.out_shape[last];
      const int64_t nthr = (ncols + VC - 1) / VC;  // threads across one row's columns
      int rows = 1;  // threads along the reduction needed: up to 8 (Note [Short reduced rows])
      while (rows < 8 && rows < p.nred) rows *= 2;
      int cbx = 1;
      while (cbx < kReduceThreads / rows && cbx < nthr) cbx *= 2;
      int64_t per_outer = (nthr + cbx - 1) / cbx * cbx;  // whole tiles of cbx per outer output
      if (cbx < kReduceThreads / rows && p.nred < kReduceThreads / cbx) {
        // Narrow rows and a reduction shorter than the block's y: y threads would idle, so
        // pack several outer outputs per block (longer reductions keep their layout and sums).
        per_outer = nthr;
        while (cbx < kReduceThreads / rows && cbx < p.nout / ncols * nthr) cbx *= 2;
      }
      const int cby = kReduceThreads / cbx;
      const int64_t nblocks = (p.nout / ncols * per_outer + cbx - 1) / cbx;
      int64_t gx = nblocks;
      if (gx > (int64_t{1} << 30)) gx = int64_t{1} << 30;
      const size_t smem = static_cast<size_t>(kReduceThreads) * VC * sizeof(Acc);
      // Split the rows into about four waves of resident blocks (blocks do equal work, so waves
      // are what the time counts: take the first split from there whose last wave is >= 90 %
      // full), keeping >= 16 rows per thread.
      static const int occ = [&] {
        int n = 0;
        if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, reduce_cols_kernel<Op, VC>, kReduceThreads, smem) !=
            cudaSuccess) {
          (void)cudaGetLastError();  // a failed query must not surface as the launch's error
          n = 0;
        }
        return n > 0 ? n : 1;
      }();
      const int64_t slots = static_cast<int64_t>(sm_count(stream.device)) * occ;
      int64_t gy = 1;
      if (gx < 4 * slots) {
        const int64_t most = std::min<int64_t>((p.nred + int64_t{cby} * 16 - 1) / (int64_t{cby} * 16), 65535);
        gy = std::max<int64_t>(1, std::min<int64_t>(4 * slots / gx, most));
        for (int64_t g = gy, tries = 0; g <= most && tries < 64; ++g, ++tries) {
          const int64_t blocks = gx * g, waves = (blocks + slots - 1) / slots;
          if (blocks * 10 >= waves * slots * 9) {
            gy = g;
            break;
          }
        }
      }
      const int64_t rps = (p.nred + gy - 1) / gy;
      gy = (p.nred + rps - 1) / rps;
      a.red_per_split = rps;
      if (gy > 1) {
        workspace = allocate(*p.backend, static_cast<size_t>(gy * p.nout) * sizeof(Acc));
        a.partials = workspace->ptr();
      }
      launch<&reduce_cols_kernel<Op, VC>>(dim3(static_cast<unsigned>(gx), static_cast<unsigned>(gy)), dim3(cbx, cby),
                                          smem, s, op, init, params.has_initial, a, ncols, per_outer, nblocks);
      if (gy > 1) launch_partials(gy);
      return;
    }
  }
  // Rows of at most four loads: reduce_short_rows_kernel (Note [Short reduced rows]).
  if (p.inner && !p.mask && p.out_ndim == 1 && p.red_ndim == 1 && p.nred >= 1 && p.nred <= 4 * kVecLen<In>) {
    const bool vec_rows = a.vec && p.nred % kVecLen<In> == 0;
    const int64_t loads = vec_rows ? p.nred / kVecLen<In> : p.nred;
    if (loads <= 4) {
      a.vec = vec_rows;
      a.red_per_split = p.nred;
      const int lx = loads <= 1 ? 1 : loads <= 2 ? 2 : 4, ly = kReduceThreads / lx;
      const int64_t per_block = int64_t{ly} * kShortRowsPerThread;
      int64_t gx = (p.nout + per_block - 1) / per_block;
      if (gx > (int64_t{1} << 30)) gx = int64_t{1} << 30;
      launch<&reduce_short_rows_kernel<Op>>(static_cast<unsigned>(gx), dim3(lx, ly), 0, s, op, init, params.has_initial,
                                            a, static_cast<int>(loads));
      return;
    }
  }
  // Block shape (Note [Short reduced rows]): rows longer than 256 elements get one lane per 16
  // elements (32 ... 256 lanes), shorter ones 1 ... 16 lanes by their loads; columns get up to 32
  // outputs across x, more when the reduction is shorter than 8.
  int bx, by;
  if (p.inner) {
    bx = 32;
    while (bx < kReduceThreads && bx * 16 < p.nred) bx *= 2;
    if (p.nred <= 16 * 16) {
      constexpr int64_t VL = kVecLen<In>;
      const int64_t loads = a.vec ? (p.nred + VL - 1) / VL : p.nred;  // per row
      const int64_t per_lane = loads <= 4 ? 1 : 4;
      bx = 1;
      while (bx < 16 && bx * per_lane < loads) bx *= 2;
    }
    by = kReduceThreads / bx;
  } else {
    int rows = 1;  // threads along the reduction needed: up to 8
    while (rows < 8 && rows < p.nred) rows *= 2;
    bx = 1;
    while (bx < kReduceThreads / rows && bx < p.nout) bx *= 2;
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
  if (gy > 1) {
    workspace = allocate(*p.backend, static_cast<size_t>(gy * p.nout) * sizeof(Acc));
    a.partials = workspace->ptr();
  }
  const size_t smem = static_cast<size_t>(kReduceThreads) * sizeof(Acc);
  launch<&reduce_kernel<Op>>(dim3(static_cast<unsigned>(gx), static_cast<unsigned>(gy)), dim3(bx, by), smem, s, op,
                             init, params.has_initial, a);
  if (gy > 1) launch_partials(gy);
  // The workspace returns to the pool now; the pool hands it out again only to work ordered
  // after these kernels on this stream (the same assumption every temporary makes).
}

}  // namespace cupric::cuda
