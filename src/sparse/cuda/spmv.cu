// cupric's own CSR SpMV kernel (src/sparse/cuda/spmv.hpp).
//
// Note [SpMV kernels]
// A CSR SpMV streams data and indices once and gathers x; it is bandwidth-bound, so what counts is
// that every byte of data/indices is read with full, coalesced transactions and that x stays in
// cache. cupric's kernel gives each row a group of G lanes (G a power of two from 1 to 32, picked
// from the mean row length so a group's first pass covers a typical row): the lanes of a group read
// consecutive entries (coalesced), data and indices with streaming loads (__ldcs: read once, kept
// out of L1/L2's way so x's lines stay cached) and x through the read-only path, then reduce with
// warp shuffles inside the group. For the issue's banded 2^24 x 16 case G = 16: one warp serves two
// rows with two 64-byte segments per array. cuSPARSE's CSR SpMV (CuPy's) balances rows by nnz
// (merge-path), which costs extra passes on uniform rows; cupric uses cuSPARSE when its kernel has
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
#include <cstdint>
#include "cupric/error.hpp"
#include "runtime/cuda/cuda_launch.cuh"
#include "sparse/cuda/spmv.hpp"

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

template <class T, class I, int G>
void launch_rows(const SpMV& p) {
  constexpr int kBlock = 256, kRows = 4;
  const int64_t rows_per_block = (kBlock / G) * kRows;
  const int64_t grid = (p.rows + rows_per_block - 1) / rows_per_block;
  cupric::cuda::launch<&spmv_rows<T, I, G, kRows>>(
      dim3(static_cast<unsigned>(grid)), dim3(kBlock), 0, static_cast<cudaStream_t>(p.stream.handle),
      static_cast<const T*>(p.data), static_cast<const I*>(p.indices), static_cast<const I*>(p.indptr),
      static_cast<const T*>(p.x), static_cast<T*>(p.y), p.rows);
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
