// cupric's own CSR SpMV kernel (src/sparse/cuda/spmv.hpp).
//
// Note [SpMV kernels]
// A CSR SpMV streams data and indices once and gathers x; it is bandwidth-bound, so what counts is
// that every byte of data/indices is read with full, coalesced transactions and that x stays in
// cache. cupric's kernel gives each row a group of G lanes (G a power of two from 1 to 32, picked
// from the mean row length so a group's first pass covers a typical row): the lanes of a group read
// consecutive entries (coalesced), data and indices with streaming loads (__ldcs: read once, kept
// out of L1/L2's way so x's lines stay cached) and x through the read-only path, then reduce with
// warp shuffles inside the group (bool, complex, short rows, unaligned arrays; float32/float64 rows
// of a 16-byte vector or more take the vector kernel of Note [SpMV vector loads]). cuSPARSE's CSR
// SpMV (CuPy's) balances rows by nnz (merge-path), which costs extra passes on uniform rows; cupric
// uses cuSPARSE when its kernel has
// no advantage: transposed products (CSC @ x) and SpMM with floating dtypes
// (src/sparse/cuda/cuda_sparse.cpp). Very long or very uneven rows would want a merge-path split
// too: rows longer than 32 * 64 entries on average go to cuSPARSE.
//
// Note [SpMV rows in flight]
// A row's work is three dependent reads (indptr, then data and indices, then x), so one row per
// group leaves each lane with one or two loads in flight and the kernel waits on latency, not
// bandwidth: the ninth session's one-row kernel moved the banded float32 case at 1.23 TB/s against
// cuSPARSE's 2.96. Each group therefore takes R = 4 rows, interleaved so that for each r the warp's
// groups read adjacent rows (coalesced as before), and issues all R rows' indptr reads, then all
// their first-pass data/index reads, before using any. Entries past a row's first G run in the same
// loop as before. Rows past the end read the last row's offsets and write nothing, so whole warps
// stay in the shuffles.
//
// Note [SpMV vector loads]
// With R = 4 the scalar kernel still issues one 4-byte load per array per entry and holds 32 bytes
// in flight per lane, and its SASS shows why it sits at 1.85 TB/s (banded f32; cuSPARSE 2.97, a
// copy ~4): ptxas schedules each row's x gathers right after that row's index load, so a warp
// waits for row 0's loads before it even issues row 1's indptr reads: ~3 serial DRAM latencies
// per row set with little in flight. For float32 and float64 with a mean row length of at least
// V = 16 / sizeof(T) entries and aligned arrays, spmv_vec instead
//  - reads data and indices as aligned V-entry vectors (16-byte data loads; indices 16 bytes for
//    int32 with f32 and int64 with f64, 8 for int32 with f64, two 16-byte loads for int64 with
//    f32): a group of G lanes covers G * V entries per pass (f32 rows of 16: G = 4, one float4 +
//    one int4 per lane per row; f64: G = 8, one double2 + one int2); R = 4 rows per group keep
//    4 * (16 + 16) bytes per lane in flight, 4 blocks of 256 per SM (64 registers);
//  - runs the first pass without predicates: a row's pass starts at the vector holding its first
//    entry (begin rounded down to V), a lane past its row's end loads the array's first vector,
//    entries outside [begin, end) gather x[0] (always valid) and are masked to +0 by bit masks
//    made with arithmetic. With one predicate per entry the seven predicate registers ran out and
//    ptxas serialised the gathers again;
//  - orders the phases with a kernel argument `zero` (0 at run time, unknown to the compiler): the
//    vector addresses add zero * (sum of all R rows' offsets), the gather indices zero * (sum of
//    the first word of every vector), the sums start from zero * (sum of the gathered bits), so
//    ptxas must issue all 2R indptr loads, then all 2R vector loads, then all R * V gathers back
//    to back: three latencies per 32 rows per warp, each with everything in flight (checked in
//    the SASS: cuobjdump -sass shows 8 LDG.E.CONSTANT, 8 LDG.E.EF.128, 16 LDG.E.CONSTANT, then
//    the FFMAs, for float/int32 with G = 4).
// Entries past a row's first G * V run in a plain loop (predicated; long rows are rarer). Every
// byte read lies in a 16-byte-aligned granule that holds at least one entry of the array, so no
// read leaves the allocation; pointers not aligned to the vector (a view at an odd offset) take
// the scalar kernel. Expected on the H200: banded f32 ~3.3-3.6 TB/s, f64 ~3.4-3.7 TB/s (80-90 %
// of the same bytes as a pure stream: bench/spmv_floor.cu); random columns stay bound by the x
// gathers (~600 GB/s), at least what they were.
//
// Note [SpMV random columns]
// With random columns (the sp_spmv_random_* cases: 2^24 rows x 16, x of 64 MiB in float32 against
// the H200's 50 MB of L2) the time goes to the x gathers: each is a 32-byte sector for 4 useful
// bytes, and a share of them miss L2. The eleventh session measured spmv_vec at 562 GB/s (f32)
// against cuSPARSE's 592 and bench/spmv_floor.cu's fixed16 at 604; fixed16 differs in not waiting
// for indptr before its vector loads, and in its registers: spmv_vec's float32/int32 instances
// fit 64 registers (4 blocks of 256 per SM) only by spilling 16 bytes per thread (ptxas -v).
// Three variants address those differences, and sparse::spmv_with (cupric._core._sparse.spmv_with)
// forces each, so that one GPU run compares them with cupric's choice and with cuSPARSE (bench
// cases sp_spmv_{random,banded}_float{32,64}_{own_keepx,own_wide,pipe,pipe_keepx,cusparse}):
//  - keepx: the gathers carry an L2 evict_last policy (createpolicy + ld.global.nc.L2::cache_hint),
//    so x's lines outlive the streamed data and index lines (already read evict-first, __ldcs);
//  - wide: 3 blocks per SM (85 registers): no spill, a quarter fewer warps;
//  - pipe: 3 blocks per SM in one wave, each warp looping over row sets and loading the next
//    set's indptr entries before this set's vector loads, so that latency overlaps the gathers
//    instead of preceding every set (spmv_vec_pipe in spmv_vec.cuh; with 64 registers it spilled
//    72 bytes).
// The variants exist for int32 indices and the group width of 16-entry rows (the cases'); other
// matrices take spmv_vec under any name. Measured on the H200 (2026-12-02, one run, CuPy's
// cuSPARSE 592 GB/s random f32): random f32 spmv_vec 560, own_keepx 561, own_wide 608, pipe 601,
// pipe_keepx 601, cuSPARSE through cupric 595; banded f32 spmv_vec 4225, pipe 4259, pipe_keepx
// 4255. So spmv's own choice (Auto) for float32 is pipe, ahead on both; float64 keeps spmv_vec
// (653 against CuPy's 636 random, 4079 banded) until its variants are measured.
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include "cupric/error.hpp"
#include "runtime/cuda/cuda_launch.cuh"
#include "sparse/cuda/spmv.hpp"
#include "sparse/cuda/spmv_vec.cuh"

namespace cupric::sparse::cuda {

namespace {

// Value types by layout: bool as bytes (or of ands), complex as two reals.
template <class R>
struct Cplx {
  R re, im;
};

template <class T>
struct Arith {
  using Acc = T;
  __device__ static Acc zero() { return T(0); }
  __device__ static Acc mac(Acc acc, T a, T b) { return acc + a * b; }
  __device__ static Acc shfl(Acc v, int delta, int width) { return __shfl_down_sync(0xffffffffu, v, delta, width); }
  __device__ static Acc add(Acc a, Acc b) { return a + b; }
  __device__ static T out(Acc v) { return v; }
};

template <>
struct Arith<uint8_t> {
  using Acc = int;
  __device__ static Acc zero() { return 0; }
  __device__ static Acc mac(Acc acc, uint8_t a, uint8_t b) { return acc | (a & b); }
  __device__ static Acc shfl(Acc v, int delta, int width) { return __shfl_down_sync(0xffffffffu, v, delta, width); }
  __device__ static Acc add(Acc a, Acc b) { return a | b; }
  __device__ static uint8_t out(Acc v) { return static_cast<uint8_t>(v != 0); }
};

template <class R>
struct Arith<Cplx<R>> {
  using T = Cplx<R>;
  using Acc = T;
  __device__ static Acc zero() { return {R(0), R(0)}; }
  __device__ static Acc mac(Acc acc, T a, T b) {
    return {acc.re + a.re * b.re - a.im * b.im, acc.im + a.re * b.im + a.im * b.re};
  }
  __device__ static Acc shfl(Acc v, int delta, int width) {
    return {__shfl_down_sync(0xffffffffu, v.re, delta, width), __shfl_down_sync(0xffffffffu, v.im, delta, width)};
  }
  __device__ static Acc add(Acc a, Acc b) { return {a.re + b.re, a.im + b.im}; }
  __device__ static T out(Acc v) { return v; }
};

template <class T>
__device__ __forceinline__ T stream_load(const T* p) {
  if constexpr (sizeof(T) == 4 || sizeof(T) == 8)
    return __ldcs(p);
  else
    return *p;
}

template <class T>
__device__ __forceinline__ Cplx<T> stream_load(const Cplx<T>* p) {
  return {__ldcs(&p->re), __ldcs(&p->im)};
}

// One group of G lanes per row, R rows per group (Note [SpMV rows in flight]).
template <class T, class I, int G, int R>
__global__ void spmv_rows(const T* __restrict__ data, const I* __restrict__ indices, const I* __restrict__ indptr,
                          const T* __restrict__ x, T* __restrict__ y, int64_t rows) {
  using A = Arith<T>;
  constexpr int kGroups = 32 / G;  // groups per warp
  const int64_t warp = (blockIdx.x * int64_t(blockDim.x) + threadIdx.x) / 32;
  const int group = static_cast<int>(threadIdx.x % 32) / G, lane = static_cast<int>(threadIdx.x % G);
  const int64_t first = warp * (kGroups * R) + group;
  int64_t begin[R], end[R];
#pragma unroll
  for (int r = 0; r < R; ++r) {
    const int64_t row = first + int64_t{r} * kGroups;
    const int64_t at = row < rows ? row : rows - 1;  // whole warps stay in the shuffles
    begin[r] = indptr[at];
    end[r] = row < rows ? static_cast<int64_t>(indptr[at + 1]) : begin[r];
  }
  // Every row's first G entries are loaded before any is used: R rows' loads in flight per lane.
  T d[R];
  I c[R];
#pragma unroll
  for (int r = 0; r < R; ++r) {
    const int64_t j = begin[r] + lane;
    c[r] = 0;
    d[r] = T{};
    if (j < end[r]) {
      c[r] = stream_load(indices + j);
      d[r] = stream_load(data + j);
    }
  }
  typename A::Acc acc[R];
#pragma unroll
  for (int r = 0; r < R; ++r) {
    acc[r] = A::zero();
    if (begin[r] + lane < end[r]) acc[r] = A::mac(acc[r], d[r], x[static_cast<int64_t>(c[r])]);
    for (int64_t j = begin[r] + lane + G; j < end[r]; j += G)
      acc[r] = A::mac(acc[r], stream_load(data + j), x[static_cast<int64_t>(stream_load(indices + j))]);
  }
#pragma unroll
  for (int r = 0; r < R; ++r) {
#pragma unroll
    for (int dd = G / 2; dd > 0; dd /= 2) acc[r] = A::add(acc[r], A::shfl(acc[r], dd, G));
    const int64_t row = first + int64_t{r} * kGroups;
    if (lane == 0 && row < rows) y[row] = A::out(acc[r]);
  }
}

// Y = A @ X, X (cols x k) and Y (rows x k) row-major: one thread per output element.
template <class T, class I>
__global__ void spmm_rows(const T* __restrict__ data, const I* __restrict__ indices, const I* __restrict__ indptr,
                          const T* __restrict__ x, T* __restrict__ y, int64_t rows, int64_t k) {
  using A = Arith<T>;
  const int64_t total = rows * k;
  for (int64_t t = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; t < total; t += int64_t(gridDim.x) * blockDim.x) {
    const int64_t i = t / k, c = t % k;
    typename A::Acc acc = A::zero();
    for (int64_t j = indptr[i]; j < indptr[i + 1]; ++j)
      acc = A::mac(acc, data[j], x[static_cast<int64_t>(indices[j]) * k + c]);
    y[t] = A::out(acc);
  }
}

// A kernel of G lanes per row and 4 rows per group over A's arrays, blocks of 256 (both kernels'
// launch; `extra` follows the row count).
template <auto Kernel, class T, class I, int G, class... Extra>
void launch_groups(const SpMV& p, Extra... extra) {
  constexpr int kBlock = 256, kRows = 4;
  const int64_t rows_per_block = (kBlock / G) * kRows;
  const int64_t grid = (p.rows + rows_per_block - 1) / rows_per_block;
  cupric::cuda::launch<Kernel>(dim3(static_cast<unsigned>(grid)), dim3(kBlock), 0,
                               static_cast<cudaStream_t>(p.stream.handle), static_cast<const T*>(p.data),
                               static_cast<const I*>(p.indices), static_cast<const I*>(p.indptr),
                               static_cast<const T*>(p.x), static_cast<T*>(p.y), p.rows, extra...);
}

template <class T, class I, int G>
void launch_rows(const SpMV& p) {
  launch_groups<&spmv_rows<T, I, G, 4>, T, I, G>(p);
}

// The SMs of the stream's device (spmv_vec_pipe's grid is one wave of blocks).
int sm_count(int device) {
  static std::atomic<int> counts[64] = {};
  const int slot = device >= 0 && device < 64 ? device : 0;
  int n = counts[slot].load(std::memory_order_relaxed);
  if (n == 0) {
    if (cudaDeviceGetAttribute(&n, cudaDevAttrMultiProcessorCount, device) != cudaSuccess || n <= 0) n = 132;
    counts[slot].store(n, std::memory_order_relaxed);
  }
  return n;
}

// A grid-stride kernel's launch: one wave of `per_sm` blocks of 256 per SM at most.
template <auto Kernel, class T, class I, int G>
void launch_wave(const SpMV& p, int per_sm) {
  constexpr int kBlock = 256;
  const int64_t needed = (p.rows + (kBlock / G) * 4 - 1) / ((kBlock / G) * 4);
  const int64_t grid = std::min<int64_t>(needed, int64_t{sm_count(p.stream.device)} * per_sm);
  cupric::cuda::launch<Kernel>(dim3(static_cast<unsigned>(grid)), dim3(kBlock), 0,
                               static_cast<cudaStream_t>(p.stream.handle), static_cast<const T*>(p.data),
                               static_cast<const I*>(p.indices), static_cast<const I*>(p.indptr),
                               static_cast<const T*>(p.x), static_cast<T*>(p.y), p.rows, 0);
}

template <class T, class I, int G>
void launch_vec(const SpMV& p) {
  constexpr int kV = 16 / static_cast<int>(sizeof(T));
  // The random-column variants (Note [SpMV random columns]): int32 indices and the group width of
  // rows of 16 entries (rows of 13-16 float32 or 9-16 float64 entries); others take spmv_vec.
  if constexpr (sizeof(I) == 4 && G == 16 / kV) {
    switch (p.kernel) {
      case SpmvKernel::OwnKeepX: return launch_groups<&spmv_vec<T, I, G, kV, 4, true>, T, I, G>(p, 0);
      case SpmvKernel::OwnWide: return launch_groups<&spmv_vec<T, I, G, kV, 4, false, 3>, T, I, G>(p, 0);
      case SpmvKernel::Pipe: return launch_wave<&spmv_vec_pipe<T, I, G, kV, 4, false, 3>, T, I, G>(p, 3);
      case SpmvKernel::PipeKeepX: return launch_wave<&spmv_vec_pipe<T, I, G, kV, 4, true, 3>, T, I, G>(p, 3);
      case SpmvKernel::Auto:  // float32: pipe (Note [SpMV random columns])
        if constexpr (sizeof(T) == 4) return launch_wave<&spmv_vec_pipe<T, I, G, kV, 4, false, 3>, T, I, G>(p, 3);
        break;
      default: break;
    }
  }
  launch_groups<&spmv_vec<T, I, G, kV, 4, false>, T, I, G>(p, 0);  // zero: 0
}

// The vector kernel for float32/float64 with rows of at least one vector on average and aligned
// arrays (Note [SpMV vector loads]); false when it does not apply.
template <class T, class I>
bool run_vec(const SpMV& p, int64_t mean) {
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    constexpr int kV = 16 / static_cast<int>(sizeof(T));
    const auto aligned = [](const void* q, size_t bytes) { return reinterpret_cast<uintptr_t>(q) % bytes == 0; };
    if (mean < kV || !aligned(p.data, sizeof(T) * kV) || !aligned(p.indices, std::min<size_t>(sizeof(I) * kV, 16)))
      return false;
    const int64_t vecs = (mean + kV - 1) / kV;  // vectors in a typical row
    if (vecs <= 1)
      launch_vec<T, I, 1>(p);
    else if (vecs <= 2)
      launch_vec<T, I, 2>(p);
    else if (vecs <= 4)
      launch_vec<T, I, 4>(p);
    else if (vecs <= 8)
      launch_vec<T, I, 8>(p);
    else if (vecs <= 16)
      launch_vec<T, I, 16>(p);
    else
      launch_vec<T, I, 32>(p);
    return true;
  } else {
    return false;
  }
}

template <class T, class I>
void run(const SpMV& p) {
  if (p.k > 1) {
    const int block = 256;
    const int64_t grid = std::min<int64_t>((p.rows * p.k + block - 1) / block, int64_t{1} << 20);
    cupric::cuda::launch<&spmm_rows<T, I>>(dim3(static_cast<unsigned>(grid)), dim3(block), 0,
                                           static_cast<cudaStream_t>(p.stream.handle), static_cast<const T*>(p.data),
                                           static_cast<const I*>(p.indices), static_cast<const I*>(p.indptr),
                                           static_cast<const T*>(p.x), static_cast<T*>(p.y), p.rows, p.k);
    return;
  }
  const int64_t mean = p.rows > 0 ? (p.nnz + p.rows - 1) / p.rows : 1;
  if (run_vec<T, I>(p, mean)) return;
  if (mean <= 1) return launch_rows<T, I, 1>(p);
  if (mean <= 2) return launch_rows<T, I, 2>(p);
  if (mean <= 4) return launch_rows<T, I, 4>(p);
  if (mean <= 8) return launch_rows<T, I, 8>(p);
  if (mean <= 16) return launch_rows<T, I, 16>(p);
  return launch_rows<T, I, 32>(p);
}

template <class T>
void run_index(const SpMV& p) {
  if (p.index_dtype.type == ScalarType::Int32) return run<T, int32_t>(p);
  return run<T, int64_t>(p);
}

}  // namespace

void own_spmv(const SpMV& p) {
  switch (p.dtype.type) {
    case ScalarType::Bool: return run_index<uint8_t>(p);
    case ScalarType::Float32: return run_index<float>(p);
    case ScalarType::Float64: return run_index<double>(p);
    case ScalarType::Complex64: return run_index<Cplx<float>>(p);
    case ScalarType::Complex128: return run_index<Cplx<double>>(p);
    default: throw TypeError("sparse products: unsupported dtype " + p.dtype.name());
  }
}

}  // namespace cupric::sparse::cuda
