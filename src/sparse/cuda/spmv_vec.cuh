// cupric's float32/float64 CSR SpMV with 16-byte vector loads (Note [SpMV vector loads] in
// spmv.cu) and its variants for random columns (Note [SpMV random columns] there): the kernels
// spmv_vec (one row set per warp) and spmv_vec_pipe (row sets in a loop, the next set's offsets
// loaded while this one's gathers are in flight), both over vec_row_set.
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace cupric::sparse::cuda {

// V entries of U read as one aligned vector with the streaming hint (Note [SpMV vector loads]).
template <class U, int V>
struct alignas(sizeof(U) * V <= 16 ? sizeof(U) * V : 16) Vec {
  U v[V];
};

template <class U, int V>
__device__ __forceinline__ Vec<U, V> vload(const U* p) {
  constexpr int kBytes = static_cast<int>(sizeof(U)) * V;
  Vec<U, V> out;
  if constexpr (kBytes == 16) {
    const uint4 t = __ldcs(reinterpret_cast<const uint4*>(p));
    memcpy(&out, &t, 16);
  } else if constexpr (kBytes == 32) {
    const uint4 t0 = __ldcs(reinterpret_cast<const uint4*>(p)), t1 = __ldcs(reinterpret_cast<const uint4*>(p) + 1);
    memcpy(&out, &t0, 16);
    memcpy(reinterpret_cast<char*>(&out) + 16, &t1, 16);
  } else if constexpr (kBytes == 8) {
    const uint2 t = __ldcs(reinterpret_cast<const uint2*>(p));
    memcpy(&out, &t, 8);
  } else {
    static_assert(kBytes == 4, "vector of 4, 8, 16 or 32 bytes");
    const unsigned t = __ldcs(reinterpret_cast<const unsigned*>(p));
    memcpy(&out, &t, 4);
  }
  return out;
}

// The L2 policy that keeps x's lines over the streamed arrays' (Note [SpMV random columns]).
__device__ __forceinline__ uint64_t keep_in_l2_policy() {
  uint64_t policy = 0;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(policy));
#endif
  return policy;
}

// x[i] through the read-only path; with KeepX under the evict_last policy.
template <bool KeepX, class T>
__device__ __forceinline__ T gather(const T* p, uint64_t policy) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  if constexpr (KeepX) {
    T v;
    if constexpr (sizeof(T) == 4)
      asm("ld.global.nc.L2::cache_hint.f32 %0, [%1], %2;" : "=f"(v) : "l"(p), "l"(policy));
    else
      asm("ld.global.nc.L2::cache_hint.f64 %0, [%1], %2;" : "=d"(v) : "l"(p), "l"(policy));
    return v;
  }
#endif
  (void)policy;
  return __ldg(p);
}

// All ones when lo >= 0 and hi >= 0, else zero: a mask made by arithmetic, not a predicate.
template <class S>
__device__ __forceinline__ S keep_if_nonnegative(S lo, S hi) {
  return ~((lo | hi) >> (8 * sizeof(S) - 1));
}

// v when the mask is all ones, +0 when it is zero (T float or double; the mask sign-extended or cut).
template <class T, class S>
__device__ __forceinline__ T masked(T v, S keep) {
  if constexpr (sizeof(T) == 4)
    return __int_as_float(__float_as_int(v) & static_cast<int32_t>(keep));
  else
    return __longlong_as_double(__double_as_longlong(v) & static_cast<long long>(keep));
}

__device__ __forceinline__ int32_t bits_of(float v) { return __float_as_int(v); }
__device__ __forceinline__ long long bits_of(double v) { return __double_as_longlong(v); }
template <class T, class B>
__device__ __forceinline__ T from_bits(B b) {
  if constexpr (sizeof(T) == 4)
    return __int_as_float(static_cast<int32_t>(b));
  else
    return __longlong_as_double(static_cast<long long>(b));
}

// Entry offsets in 32 bits for int32 indices (nnz < 2^31, so j + G * V stays below 2^32).
template <class I>
using VecOff = std::conditional_t<sizeof(I) == 4, uint32_t, int64_t>;

// The offsets of the R rows first + r * (32 / G) (rows past the end: the last row's start, empty).
template <class I, int G, int R>
__device__ __forceinline__ void row_offsets(const I* __restrict__ indptr, int64_t rows, int64_t first,
                                            VecOff<I> (&begin)[R], VecOff<I> (&end)[R]) {
  constexpr int kGroups = 32 / G;
#pragma unroll
  for (int r = 0; r < R; ++r) {
    const int64_t row = first + int64_t{r} * kGroups;
    const int64_t at = row < rows ? row : rows - 1;  // whole warps stay in the shuffles
    begin[r] = static_cast<VecOff<I>>(__ldg(indptr + at));
    end[r] = static_cast<VecOff<I>>(__ldg(indptr + at + 1));
    if (row >= rows) end[r] = begin[r];
  }
}

// y of the R rows first + r * (32 / G) of a group of G lanes, V-entry vectors, their offsets
// given (Note [SpMV vector loads]).
template <class T, class I, int G, int V, int R, bool KeepX>
__device__ __forceinline__ void vec_row_set(const T* __restrict__ data, const I* __restrict__ indices,
                                            const T* __restrict__ x, T* __restrict__ y, int64_t rows, int64_t first,
                                            const VecOff<I> (&begin)[R], const VecOff<I> (&end)[R], int lane, int zero,
                                            uint64_t policy) {
  using Off = VecOff<I>;
  using S = std::make_signed_t<Off>;
  constexpr int kGroups = 32 / G;
  constexpr Off kStep = Off{G} * V, kAlign = ~Off{V - 1};
  // `zero` is 0 at run time but unknown to the compiler: the vector loads' addresses depend on every
  // row's offsets, so all R rows' indptr loads issue before any vector load (Note [SpMV vector loads]).
  // (Sums of this kind are unsigned: wrapping is defined.)
  using UI = std::make_unsigned_t<I>;
  using UT = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
  UI wait = 0;
#pragma unroll
  for (int r = 0; r < R; ++r) wait += static_cast<UI>(begin[r]) + static_cast<UI>(end[r]);
  const Off waited = static_cast<Off>(wait * static_cast<UI>(zero));
  // Every row's first vector is loaded before any is used: R rows' loads in flight per lane. The
  // loads, gathers and sums of this first pass carry no predicates (Note [SpMV vector loads]): a
  // lane past its row's end reads the array's first vector, entries outside [begin, end) gather
  // x[0] and are masked to +0 before the sum.
  Vec<T, V> d[R];
  Vec<I, V> c[R];
#pragma unroll
  for (int r = 0; r < R; ++r) {
    const Off j = (begin[r] & kAlign) + static_cast<Off>(lane * V);
    const Off at = j & static_cast<Off>(keep_if_nonnegative<S>(0, static_cast<S>(end[r] - j - 1)));
    d[r] = vload<T, V>(data + (at + waited));
    c[r] = vload<I, V>(indices + (at + waited));
  }
  // Likewise every gather waits for all 2R vector loads (which are then in flight together).
  UI loaded = 0;
#pragma unroll
  for (int r = 0; r < R; ++r) loaded += static_cast<UI>(c[r].v[0]) + static_cast<UI>(bits_of(d[r].v[0]));
  const I after = static_cast<I>(loaded * static_cast<UI>(zero));
  S keep[R][V];
#pragma unroll
  for (int r = 0; r < R; ++r) {
    const Off j = (begin[r] & kAlign) + static_cast<Off>(lane * V);
#pragma unroll
    for (int v = 0; v < V; ++v)
      keep[r][v] = keep_if_nonnegative<S>(static_cast<S>(j + v - begin[r]), static_cast<S>(end[r] - (j + v) - 1));
  }
  T xs[R][V];
#pragma unroll
  for (int r = 0; r < R; ++r)
#pragma unroll
    for (int v = 0; v < V; ++v)
      xs[r][v] = gather<KeepX>(x + static_cast<int64_t>((c[r].v[v] & static_cast<I>(keep[r][v])) + after), policy);
  // And every sum waits for all R * V gathers (+0 made from their bits times `zero`).
  UT gathered = 0;
#pragma unroll
  for (int r = 0; r < R; ++r)
#pragma unroll
    for (int v = 0; v < V; ++v) gathered += static_cast<UT>(bits_of(xs[r][v]));
  gathered *= static_cast<UT>(zero);
  T acc[R];
#pragma unroll
  for (int r = 0; r < R; ++r) {
    acc[r] = from_bits<T>(gathered);
#pragma unroll
    for (int v = 0; v < V; ++v) acc[r] += masked(d[r].v[v], keep[r][v]) * masked(xs[r][v], keep[r][v]);
  }
  // Entries past the first G * V of a row: the same, a pass at a time.
#pragma unroll
  for (int r = 0; r < R; ++r) {
    for (Off j = (begin[r] & kAlign) + static_cast<Off>(lane * V) + kStep; j < end[r]; j += kStep) {
      const Vec<T, V> dd = vload<T, V>(data + j);
      const Vec<I, V> cc = vload<I, V>(indices + j);
#pragma unroll
      for (int v = 0; v < V; ++v)
        if (j + v < end[r]) acc[r] += dd.v[v] * gather<KeepX>(x + static_cast<int64_t>(cc.v[v]), policy);
    }
  }
#pragma unroll
  for (int r = 0; r < R; ++r) {
#pragma unroll
    for (int dd = G / 2; dd > 0; dd /= 2) acc[r] += __shfl_down_sync(0xffffffffu, acc[r], dd, G);
    const int64_t row = first + int64_t{r} * kGroups;
    if (lane == 0 && row < rows) y[row] = acc[r];
  }
}

// One group of G lanes per row, R rows per group, V-entry vectors (Note [SpMV vector loads]);
// MinBlocks blocks of 256 per SM bound the registers (4 with int32 indices: 64).
template <class T, class I, int G, int V, int R, bool KeepX, int MinBlocks = sizeof(I) == 4 ? 4 : 2>
__global__ void __launch_bounds__(256, MinBlocks)
    spmv_vec(const T* __restrict__ data, const I* __restrict__ indices, const I* __restrict__ indptr,
             const T* __restrict__ x, T* __restrict__ y, int64_t rows, int zero) {
  const int64_t warp = (blockIdx.x * int64_t(blockDim.x) + threadIdx.x) / 32;
  const int group = static_cast<int>(threadIdx.x % 32) / G, lane = static_cast<int>(threadIdx.x % G);
  const int64_t first = warp * ((32 / G) * R) + group;
  VecOff<I> begin[R], end[R];
  row_offsets<I, G, R>(indptr, rows, first, begin, end);
  vec_row_set<T, I, G, V, R, KeepX>(data, indices, x, y, rows, first, begin, end, lane, zero,
                                    KeepX ? keep_in_l2_policy() : 0);
}

// spmv_vec over a grid of one wave: each warp takes row sets in a loop and loads the next set's
// offsets before this set's vectors and gathers, so the indptr latency overlaps the gathers
// (Note [SpMV random columns]).
template <class T, class I, int G, int V, int R, bool KeepX, int MinBlocks>
__global__ void __launch_bounds__(256, MinBlocks)
    spmv_vec_pipe(const T* __restrict__ data, const I* __restrict__ indices, const I* __restrict__ indptr,
                  const T* __restrict__ x, T* __restrict__ y, int64_t rows, int zero) {
  constexpr int64_t kSet = (32 / G) * R;  // rows per warp and set
  const int64_t warps = int64_t(gridDim.x) * blockDim.x / 32, sets = (rows + kSet - 1) / kSet;
  const int group = static_cast<int>(threadIdx.x % 32) / G, lane = static_cast<int>(threadIdx.x % G);
  const uint64_t policy = KeepX ? keep_in_l2_policy() : 0;
  int64_t warp = (blockIdx.x * int64_t(blockDim.x) + threadIdx.x) / 32;
  VecOff<I> begin[R], end[R];
  row_offsets<I, G, R>(indptr, rows, warp * kSet + group, begin, end);
  for (; warp < sets; warp += warps) {  // warp-uniform: whole warps stay in the shuffles
    VecOff<I> next_begin[R], next_end[R];
    row_offsets<I, G, R>(indptr, rows, (warp + warps) * kSet + group, next_begin, next_end);
    vec_row_set<T, I, G, V, R, KeepX>(data, indices, x, y, rows, warp * kSet + group, begin, end, lane, zero, policy);
#pragma unroll
    for (int r = 0; r < R; ++r) {
      begin[r] = next_begin[r];
      end[r] = next_end[r];
    }
  }
}

}  // namespace cupric::sparse::cuda
