// The CUDA backend's tiny path (Note [Tiny solvers] in ../tiny_solvers.cpp): one kernel that
// factors and solves a stack of n <= 32 matrices, a group of lanes of a warp per matrix (one lane
// per row, tiny_lu.hpp's LU in shared memory), and the pinned flag that tells the host about a
// singular matrix.
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdint>
#include "cupric/error.hpp"
#include "cupric/runtime/backend.hpp"
#include "linalg/solvers/tiny_lu.hpp"
#include "linalg/solvers/tiny_solvers.hpp"
#include "runtime/cuda/cuda_check.hpp"
#include "runtime/cuda/cuda_launch.cuh"

namespace cupric::linalg::cuda {
namespace {

using namespace tiny;

// A group of `width` lanes (a power of two <= 32, the rows of one matrix) of a warp, as the
// Lanes of tiny_lu.hpp: lane i owns row (or column) i; argmax is a butterfly over the group.
// Every lane of the warp runs every argmax and sync, the lanes of unused groups included.
struct GroupLanes {
  int lane, width;
  template <class F> __device__ void each(int lo, int hi, F&& f) const {
    if (lane >= lo && lane < hi) f(lane);
  }
  template <class R, class Key> __device__ int argmax(int lo, int hi, Key&& key, R& best) const {
    R k = lane >= lo && lane < hi ? key(lane) : R(-1);
    int i = lane;
    for (int off = width / 2; off > 0; off /= 2) {
      const R ko = __shfl_xor_sync(0xffffffffu, k, off, width);
      const int io = __shfl_xor_sync(0xffffffffu, i, off, width);
      if (better(ko, io, k, i)) k = ko, i = io;
    }
    best = k;
    return i;
  }
  __device__ void sync() const { __syncwarp(); }
};

// Note [Tiny solver layout]
// What the kernel's cost at n = 32 came from, and the layout that avoids it (la_inv_batched_32:
// 10000 x 32x32 float32 inverses took ~1 ms on the H200, CuPy's getrfBatched + getriBatched 0.57):
// - Each lane solved its right-hand side (its column of the inverse) in `T x[kMaxN]` indexed by
//   a runtime n and a runtime pivot: ptxas put it on the stack (256 bytes a lane for float/double,
//   512 for complex). With 5 x 8.3 KiB of shared memory a block and 5 blocks an SM, about 210 of
//   the SM's 256 KiB of L1 are shared memory, so the 25 warps' 200 KiB of stack did not fit in
//   what is left of L1: each of the ~2000 dependent x[i] loads and stores of a 32 x 32 solve went
//   to L2. Now x is `T x[W]` for a compile-time bucket W >= n (4, 8, 16, 32: the kernel is
//   instantiated per bucket), its loops are unrolled over W with `i < n` guards, and the pivots
//   are turned into a row permutation first (permutation_of in tiny_lu.hpp, which the host runs
//   too), so that no index into x is a runtime value: x lives in registers (ptxas -v: 0 bytes
//   stack frame in every instantiation; 170 registers for W = 32 and double, 238 for complex,
//   64 for W <= 8 and double, so at n = 32 about 10 warps (matrices) an SM are resident, limited
//   by registers rather than shared memory; a __launch_bounds__ trading registers for more
//   resident matrices is the next thing to measure).
// - Shared memory held the matrix column-major with ld = n: at n = 32 the transposing store of
//   the load and lu_factor's row swaps (a lane per column, addresses ld elements apart) hit one
//   bank from every lane (16-way conflicts for 8-byte elements). ld is now n rounded up to an
//   odd count (tiny_ld in tiny_lu.hpp): ld elements apart fall in different banks for 8- and
//   16-byte elements.
// Choosing this over handing n > 16 to cuBLAS's getrfBatched + getriBatched (CuPy's path): the
// per-matrix work is the same LU, cuBLAS adds a pointer array, an info array and two launches,
// and factors float32 in float32 where NumPy (and the tiny path) factor in double; counted per
// 32 x 32 inverse the kernel now does ~500 LU steps (two shared loads, one FMA, one store each)
// and ~1000 solve FMAs per lane with one broadcast shared load each, all on chip, reading and
// writing each matrix once (82 MB for the benchmark's stack, 17 us of HBM time).

struct Args {
  int op, n, width;
  int64_t nrhs, batch;
  TinyStack a, b;
  void* out;
  void* out2;
  int* flag;  // mapped pinned int, set to 1 on a singular matrix; null: write NaN results instead
};

// S: the stored dtype; T: the computing one (wide_t, Note [Tiny solvers]).
// W: the bucket of lu_solve_fixed (Note [Tiny solver layout]).
template <int W, class S, class T = wide_t<S>>
__global__ void tiny_kernel(Args k) {
  extern __shared__ __align__(16) unsigned char smem[];
  const int n = k.n, ld = tiny_ld(n), width = k.width, per_warp = 32 / width;
  const int groups = static_cast<int>(blockDim.x / 32) * per_warp;
  const int group = static_cast<int>(threadIdx.x / 32) * per_warp + static_cast<int>(threadIdx.x % 32) / width;
  const GroupLanes lanes{static_cast<int>(threadIdx.x % 32) % width, width};
  T* a = reinterpret_cast<T*>(smem) + group * n * ld;
  int* piv = reinterpret_cast<int*>(reinterpret_cast<T*>(smem) + groups * n * ld) + group * 2 * n;
  int* perm = piv + n;
  const int64_t m = static_cast<int64_t>(blockIdx.x) * groups + group;
  const bool active = m < k.batch;
  // Consecutive lanes read consecutive elements of a C-ordered matrix. cholesky_upper factors the
  // transpose (its lower triangle is a's upper one) and stores L^T.
  const bool chol =
      k.op == static_cast<int>(TinyOp::cholesky_lower) || k.op == static_cast<int>(TinyOp::cholesky_upper);
  const bool up = k.op == static_cast<int>(TinyOp::cholesky_upper);
  const int64_t rs = up ? k.a.col : k.a.row, cs = up ? k.a.row : k.a.col;
  const S* src = static_cast<const S*>(k.a.data) + (active ? m * k.a.batch : 0);
  for (int e = lanes.lane; e < n * n; e += width) {
    const int i = e / n, j = e % n;
    a[j * ld + i] = active ? static_cast<T>(src[i * rs + j * cs]) : T(real_t<T>(0));
  }
  __syncwarp();
  // Every lane runs the factorisation: it holds the group's shuffles and syncs.
  const int info = chol ? cholesky_factor(a, ld, n, lanes) : lu_factor(a, ld, piv, n, lanes);
  const bool solves = k.op == static_cast<int>(TinyOp::solve) || k.op == static_cast<int>(TinyOp::inv);
  if (solves) permutation_of(piv, n, perm, lanes);
  if (!active) return;
  if (chol) {
    S* out = static_cast<S*>(k.out) + m * n * n;
    if (info > 0) {
      if (k.flag) {
        if (lanes.lane == 0) *static_cast<volatile int*>(k.flag) = 1;
        return;
      }
      for (int e = lanes.lane; e < n * n; e += width) out[e] = nan_value<S>();
      return;
    }
    for (int e = lanes.lane; e < n * n; e += width) {
      const int r = e / n, q = e % n;  // out[r][q]: L[r][q], or U[r][q] = L[q][r]
      const int i = up ? q : r, j = up ? r : q;
      out[e] = i >= j ? static_cast<S>(a[j * ld + i]) : S(real_t<S>(0));
    }
    return;
  }
  if (k.op == static_cast<int>(TinyOp::slogdet) || k.op == static_cast<int>(TinyOp::det)) {
    if (lanes.lane != 0) return;
    T sign;
    real_t<T> logabs;
    slogdet_of(a, ld, piv, n, info, sign, logabs);
    if (k.op == static_cast<int>(TinyOp::det)) {
      static_cast<S*>(k.out)[m] = static_cast<S>(det_of(sign, logabs));
    } else {
      static_cast<S*>(k.out)[m] = static_cast<S>(sign);
      static_cast<real_t<S>*>(k.out2)[m] = static_cast<real_t<S>>(logabs);
    }
    return;
  }
  S* out = static_cast<S*>(k.out) + m * n * k.nrhs;
  if (info > 0) {
    if (k.flag) {
      if (lanes.lane == 0) *static_cast<volatile int*>(k.flag) = 1;
      return;
    }
    for (int64_t e = lanes.lane; e < n * k.nrhs; e += width) out[e] = nan_value<S>();
    return;
  }
  const S* rhs = k.op == static_cast<int>(TinyOp::solve) ? static_cast<const S*>(k.b.data) + m * k.b.batch : nullptr;
  // A lane per right-hand side: consecutive lanes read and write consecutive elements of a row.
  // x = P b, read where b lies.
  for (int64_t col = lanes.lane; col < k.nrhs; col += width) {
    T x[W];
#pragma unroll
    for (int i = 0; i < W; ++i) {
      const int r = i < n ? perm[i] : 0;
      x[i] = i >= n ? T(real_t<T>(0))
             : rhs  ? static_cast<T>(rhs[r * k.b.row + col * k.b.col])
                    : T(real_t<T>(r == col ? 1 : 0));
    }
    lu_solve_fixed<W>(a, ld, n, x);
#pragma unroll
    for (int i = 0; i < W; ++i)
      if (i < n) out[i * k.nrhs + col] = static_cast<S>(x[i]);
  }
}

// This thread's flag: one mapped pinned int (written by the kernel, read by the host after the
// stream synchronises), allocated at the thread's first checked tiny call.
struct PinnedFlag {
  int* host = nullptr;
  int* device = nullptr;
  ~PinnedFlag() {
    if (host) cudaFreeHost(host);  // at exit the runtime may be gone already: nothing to report
  }
};
PinnedFlag& flag_of_thread() {
  thread_local PinnedFlag f;
  if (!f.host) {
    void* p = nullptr;
    cuda_check(cudaHostAlloc(&p, sizeof(int), cudaHostAllocMapped | cudaHostAllocPortable), "cudaHostAlloc");
    f.host = static_cast<int*>(p);
    void* d = nullptr;
    cuda_check(cudaHostGetDevicePointer(&d, p, 0), "cudaHostGetDevicePointer");
    f.device = static_cast<int*>(d);
  }
  return f;
}

template <int W, class S, class T = wide_t<S>>
bool run(const TinyCall& c) {
  Backend* b = cuda_backend_if_built();
  const int dev = b->current_device();
  const cudaStream_t stream = static_cast<cudaStream_t>(b->current_stream(dev).handle);
  int width = 1;
  while (width < c.n) width *= 2;
  const int per_warp = 32 / width;
  const size_t group_bytes =
      static_cast<size_t>(c.n) * tiny_ld(c.n) * sizeof(T) + 2 * static_cast<size_t>(c.n) * sizeof(int);
  // Up to 8 warps a block, within the 48 KiB of shared memory a launch gets without opting in, and
  // no more than the stack fills (one warp for a single matrix).
  const int64_t warps_needed = (c.batch + per_warp - 1) / per_warp;
  const int warps = static_cast<int>(std::clamp<int64_t>(
      std::min<int64_t>(static_cast<int64_t>((48 << 10) / (per_warp * group_bytes)), warps_needed), 1, 8));
  const int64_t groups = static_cast<int64_t>(warps) * per_warp;
  const int64_t blocks = (c.batch + groups - 1) / groups;
  if (blocks > INT32_MAX) throw ValueError("linalg: too many matrices in one stack for the GPU grid");
  PinnedFlag* flag = c.check && c.op != TinyOp::slogdet && c.op != TinyOp::det ? &flag_of_thread() : nullptr;
  if (flag) *static_cast<volatile int*>(flag->host) = 0;  // this thread's last checked call has synchronised
  Args k{static_cast<int>(c.op), c.n, width, c.nrhs, c.batch, c.a, c.b, c.out, c.out2, flag ? flag->device : nullptr};
  cupric::cuda::launch<&tiny_kernel<W, S>>(dim3(static_cast<unsigned>(blocks)), dim3(32 * warps),
                                           static_cast<size_t>(groups) * group_bytes, stream, k);
  if (!flag) return false;
  cuda_check(cudaStreamSynchronize(stream), "cudaStreamSynchronize");  // the one host sync of a checked call
  return *static_cast<volatile int*>(flag->host) != 0;
}

}  // namespace

bool tiny(const TinyCall& c) {
  return with_solver_type(c.t, [&](auto s) {
    return with_solve_bucket(c.n, [&](auto w) { return run<decltype(w)::value, decltype(s)>(c); });
  });
}

}  // namespace cupric::linalg::cuda
