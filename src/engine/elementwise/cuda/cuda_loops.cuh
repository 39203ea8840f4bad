// CUDA loops: run a device-portable functor over a LoopPlan. Included only by CUDA kernel-family
// translation units (.cu). See Note [Elementwise engine] in elementwise_engine.cpp for what the plan
// guarantees.
//
// Note [CUDA elementwise kernels]
// Contiguous plans use a grid-stride kernel that moves 16 bytes per operand per access when every
// pointer is aligned (VEC elements of the widest type), with a scalar tail; misaligned pointers
// take the scalar path of the same kernel. Strided plans use an offset calculator over at most
// kMaxKernelDims dimensions with 32-bit index math (the engine cuts plans with more dimensions or
// bigger offsets: Note [32-bit strided kernels] in elementwise_engine.cpp). Every kernel here is launched
// through the driver (Note [Driver launches] in cuda_launch.cuh).
#pragma once
#include <cuda_runtime.h>
#include <algorithm>
#include <climits>
#include <cuda/std/tuple>
#include <cstring>
#include <type_traits>
#include <utility>
#include "runtime/cuda/cuda_launch.cuh"
#include "engine/elementwise/fast_div.hpp"
#include "engine/elementwise/loop_plan.hpp"
#include "runtime/cuda/cuda_check.hpp"

namespace cupric::cuda {

inline constexpr int kMaxKernelDims = 16;
inline constexpr int kBlock = 256;

// A functor that declares kUnevenWork (Note [Uneven elementwise work], below).
template <class F>
concept UnevenWork = requires { requires F::kUnevenWork; };

template <class F>
F load_functor(const void* state) {
  F f{};
  if constexpr (!std::is_empty_v<F>) std::memcpy(static_cast<void*>(&f), state, sizeof(F));
  return f;
}

template <class T, int V>
struct alignas(sizeof(T) * V) Vec {
  T v[V];
};

template <class... T>
constexpr int max_size() {
  int m = 1;
  ((m = sizeof(T) > static_cast<size_t>(m) ? static_cast<int>(sizeof(T)) : m), ...);
  return m;
}

// Calls f with the element's index first when the loop is indexed (Note [Indexed loops] in
// host_loops.hpp); plain loops never compute the index.
template <bool Indexed, class F, class... In>
__device__ __forceinline__ auto invoke(const F& f, int64_t i, const In&... x) {
  if constexpr (Indexed)
    return f(i, x...);
  else
    return f(x...);
}

template <bool Indexed, int V, class F, class Out, class... In>
__device__ __forceinline__ void apply_vec(const F& f, int64_t first, Vec<Out, V>& r, const Vec<In, V>&... x) {
#pragma unroll
  for (int j = 0; j < V; ++j) r.v[j] = invoke<Indexed>(f, first + j, x.v[j]...);
}

// The grid-stride loop of uneven work over contiguous operands (Note [Uneven elementwise work]):
// an element's inputs are loaded one iteration ahead, so the next element's loads are in flight
// while this element's work runs.
template <bool Indexed, class F, class Out, class... In>
__device__ __forceinline__ void uneven_contiguous_loop(const F& f, int64_t i, int64_t n, int64_t stride, int64_t base,
                                                       Out* out, const In*... in) {
  if (i >= n) return;
  ::cuda::std::tuple<In...> cur{in[i]...};
#pragma unroll 1
  for (;;) {
    const int64_t j = i + stride;
    const bool more = j < n;
    ::cuda::std::tuple<In...> next = cur;
    if (more) next = ::cuda::std::tuple<In...>{in[j]...};
    out[i] = ::cuda::std::apply([&](const In&... x) { return invoke<Indexed>(f, base + i, x...); }, cur);
    if (!more) return;
    i = j;
    cur = next;
  }
}

template <bool Indexed, int V, class F, class Out, class... In>
__global__ void __launch_bounds__(kBlock)
    contiguous_kernel(F f, int64_t n, int64_t base, bool aligned, Out* out, const In*... in) {
  int64_t tid = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  int64_t nthreads = static_cast<int64_t>(gridDim.x) * blockDim.x;
  if constexpr (UnevenWork<F> && sizeof...(In) > 0) {
    uneven_contiguous_loop<Indexed>(f, tid, n, nthreads, base, out, in...);
  } else {
    int64_t start = 0;
    if (aligned && V > 1) {
      int64_t nvec = n / V;
#pragma unroll 1
      for (int64_t v = tid; v < nvec; v += nthreads) {
        Vec<Out, V> r;
        apply_vec<Indexed, V>(f, base + v * V, r, reinterpret_cast<const Vec<In, V>*>(in)[v]...);
        reinterpret_cast<Vec<Out, V>*>(out)[v] = r;
      }
      start = nvec * V;
    }
#pragma unroll 1
    for (int64_t i = start + tid; i < n; i += nthreads) out[i] = invoke<Indexed>(f, base + i, in[i]...);
  }
}

// Note [Strided index division]
// The strided kernel splits a flat index into per-dimension indices with one division per
// dimension. A hardware-less 32-bit division by a run-time value is ~35 instructions, and the
// kernel unrolls all kMaxKernelDims dimensions, which made it the largest part of every module
// (and of the first-call load, Note [Kernel module size] in src/kernels/README.md). The host
// precomputes for each extent d a magic number m and shift s (Granlund-Montgomery, round-up
// variant) so that, for 0 <= n < 2^31 and 1 <= d < 2^31, n / d == (umulhi(n, m) + n) >> s: three
// instructions (fast_div.hpp). The 32-bit plans of Note [32-bit strided kernels] meet both bounds.
template <int N, class Index>
struct StridedArgs {
  int ndim;
  Index shape[kMaxKernelDims];
  FastDivU32 div[kMaxKernelDims];  // used when Index is 32-bit (Note [Strided index division])
  Index strides[kMaxKernelDims][N];
  char* data[N];
};

// A plan's dims laid out per dim, as the kernels' argument blocks hold them: out_shape[d] =
// shape[d], out_strides[d][k] = strides[k][d] (array k's byte stride along dim d).
template <int K, class Index>
inline void dims_per_dim(int ndim, const int64_t* shape, const int64_t (*strides)[kMaxDims], Index* out_shape,
                         Index (*out_strides)[K]) {
  for (int d = 0; d < ndim; ++d) {
    out_shape[d] = static_cast<Index>(shape[d]);
    for (int k = 0; k < K; ++k) out_strides[d][k] = static_cast<Index>(strides[k][d]);
  }
}

// The argument block of a plan's N arrays (`div` unset: for kernels that do not divide by it).
template <int N, class Index>
StridedArgs<N, Index> strided_args(const LoopPlan& p) {
  StridedArgs<N, Index> a{};
  a.ndim = p.ndim;
  dims_per_dim<N>(p.ndim, p.shape, p.strides, a.shape, a.strides);
  for (int k = 0; k < N; ++k) a.data[k] = p.data[k];
  return a;
}

template <bool Indexed, class Index, class F, class Out, class... In, size_t... K>
__device__ __forceinline__ void strided_apply(const F& f, const StridedArgs<1 + sizeof...(In), Index>& a, Index i,
                                              int64_t base, std::index_sequence<K...>) {
  constexpr int N = 1 + sizeof...(In);
  Index off[N];
#pragma unroll
  for (int k = 0; k < N; ++k) off[k] = 0;
  Index r = i;
#pragma unroll
  for (int d = kMaxKernelDims - 1; d >= 0; --d) {
    if (d >= a.ndim) continue;
    Index idx = r;  // the outermost dimension takes what is left (i < n): no division
    if (d > 0) {
      Index q;
      if constexpr (sizeof(Index) == 4) {
        q = static_cast<Index>(a.div[d].div(static_cast<uint32_t>(r)));
      } else {
        q = r / a.shape[d];
      }
      idx = r - q * a.shape[d];
      r = q;
    }
#pragma unroll
    for (int k = 0; k < N; ++k) off[k] += idx * a.strides[d][k];
  }
  *reinterpret_cast<Out*>(a.data[0] + off[0]) =
      invoke<Indexed>(f, base + static_cast<int64_t>(i), *reinterpret_cast<const In*>(a.data[K + 1] + off[K + 1])...);
}

template <bool Indexed, class Index, class F, class Out, class... In>
__global__ void __launch_bounds__(kBlock)
    strided_kernel(F f, Index n, int64_t base, StridedArgs<1 + sizeof...(In), Index> a) {
  Index tid = static_cast<Index>(blockIdx.x) * blockDim.x + threadIdx.x;
  Index nthreads = static_cast<Index>(gridDim.x) * blockDim.x;
#pragma unroll 1
  for (Index i = tid; i < n; i += nthreads)
    strided_apply<Indexed, Index, F, Out, In...>(f, a, i, base, std::index_sequence_for<In...>{});
}

inline unsigned grid_for(int64_t work) {
  int64_t blocks = (work + kBlock - 1) / kBlock;
  if (blocks < 1) blocks = 1;
  if (blocks > (int64_t{1} << 20)) blocks = int64_t{1} << 20;  // grid-stride loops cover the rest
  return static_cast<unsigned>(blocks);
}

// Note [Uneven elementwise work]
// A functor whose elements take very different times (a rejection sampler: most accept at once,
// a few loop many times) declares `static constexpr bool kUnevenWork = true`. Its loops then run
// one element per iteration (no vector unroll: the body is compiled once, not V + 1 times, and
// the registers of one element suffice) on a grid of `kUnevenWaves` waves of the CTAs the device
// holds at once (resident_grid), so that each thread takes many elements of the grid-stride loop
// and a warp waits for about the sum of its threads' elements, not for the slowest element of
// each group of 32. The random module's scalar-parameter loop (src/random/cuda/scalar_draws.cuh)
// was built so and drew standard_gamma(2.5) at 1.7x the array-parameter loop, which then took two
// elements a thread, unrolled, on a grid covering the draw once (493 against 290 GB/s on the H200);
// the registry's draws with array parameters (DrawF) now take this path too. Over contiguous
// operands the loop loads an element's inputs one iteration ahead (uneven_contiguous_loop): with
// one element an iteration and the work between load and store, a thread otherwise waits a whole
// memory latency per element, and the SM holds too few loads in flight to fill the bus
// (geometric(p array) drew 548 GB/s against the scalar-parameter loop's 1626 on the H200).
inline constexpr int kUnevenWaves = 4;

// The CTAs of `threads` threads of Kernel the current device holds at once
// (cudaOccupancyMaxActiveBlocksPerMultiprocessor: the kernel's registers decide).
template <auto Kernel>
int64_t resident_ctas(int threads) {
  static const int per_sm = [threads] {
    int b = 0;
    if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&b, Kernel, threads, 0) != cudaSuccess || b <= 0) b = 1;
    return b;
  }();
  int dev = 0, sms = 0;
  cudaGetDevice(&dev);
  if (cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev) != cudaSuccess || sms <= 0) sms = 1;
  return int64_t{per_sm} * sms;
}

// `waves` waves of them, fewer for less work than that (`work` items, one a thread).
template <auto Kernel>
int64_t resident_grid(int64_t work, int threads, int waves) {
  const int64_t need = (work + threads - 1) / threads;
  return std::max<int64_t>(1, std::min<int64_t>(need, waves * resident_ctas<Kernel>(threads)));
}

// The grid of a loop kernel over `work` items (Note [Uneven elementwise work]).
template <class F, auto Kernel>
unsigned loop_grid(int64_t work) {
  if constexpr (UnevenWork<F>)
    return static_cast<unsigned>(resident_grid<Kernel>(work, kBlock, kUnevenWaves));
  else
    return grid_for(work);
}

template <bool Indexed, class Index, class F, class Out, class... In>
void launch_strided(const F& f, const LoopPlan& p, cudaStream_t s) {
  constexpr int N = 1 + sizeof...(In);
  StridedArgs<N, Index> a{};
  a.ndim = p.ndim;
  for (int d = 0; d < p.ndim; ++d) {
    a.shape[d] = static_cast<Index>(p.shape[d]);
    if constexpr (sizeof(Index) == 4) a.div[d] = FastDivU32::make(static_cast<uint32_t>(p.shape[d]));
    for (int k = 0; k < N; ++k) a.strides[d][k] = static_cast<Index>(p.strides[k][d]);
  }
  for (int k = 0; k < N; ++k) a.data[k] = p.data[k];
  constexpr auto kernel = &strided_kernel<Indexed, Index, F, Out, In...>;
  launch<kernel>(loop_grid<F, kernel>(p.numel), kBlock, 0, s, f, static_cast<Index>(p.numel), p.index_base, a);
}

template <bool Indexed, class F, class Out, class... In, size_t... K>
void launch_contiguous(const F& f, const LoopPlan& p, cudaStream_t s, std::index_sequence<K...>) {
  constexpr int V = UnevenWork<F> ? 1 : 16 / max_size<Out, In...>() > 0 ? 16 / max_size<Out, In...>() : 1;
  bool aligned = true;
  for (int k = 0; k < p.nargs; ++k)
    if (reinterpret_cast<uintptr_t>(p.data[k]) % 16 != 0) aligned = false;
  int64_t work = aligned ? (p.numel + V - 1) / V : p.numel;
  constexpr auto kernel = &contiguous_kernel<Indexed, V, F, Out, In...>;
  launch<kernel>(loop_grid<F, kernel>(work), kBlock, 0, s, f, p.numel, p.index_base, aligned,
                 reinterpret_cast<Out*>(p.data[0]), reinterpret_cast<const In*>(p.data[K + 1])...);
}

// Note [Tiled transpose path]
// A 2-D plan whose output runs fastest along dimension 1 while its single input runs fastest
// along dimension 0 (a.T copies, ascontiguousarray of F-ordered data) cannot be coalesced for both
// sides by the strided kernel. It goes through 32x32 shared-memory tiles: reads coalesced along
// the input's fast dimension, writes along the output's. Enabled when Out and In are the same
// type (copies and same-type unary ops) to keep the number of instantiations down.
inline constexpr int kTile = 32, kTileRows = 8;

template <class F, class Out, class In>
__global__ void __launch_bounds__(kTile* kTileRows)
    tiled_transpose_kernel(F f, int64_t rows, int64_t cols, Out* out, int64_t os0, int64_t os1, const In* in,
                           int64_t is0, int64_t is1) {
  __shared__ In tile[kTile][kTile + 1];
  const int64_t r0 = static_cast<int64_t>(blockIdx.y) * kTile, c0 = static_cast<int64_t>(blockIdx.x) * kTile;
  for (int j = threadIdx.y; j < kTile; j += kTileRows) {
    int64_t r = r0 + threadIdx.x, c = c0 + j;
    if (r < rows && c < cols) tile[j][threadIdx.x] = in[r * is0 + c * is1];
  }
  __syncthreads();
  for (int j = threadIdx.y; j < kTile; j += kTileRows) {
    int64_t r = r0 + j, c = c0 + threadIdx.x;
    if (r < rows && c < cols) out[r * os0 + c * os1] = f(tile[threadIdx.x][j]);
  }
}

// Launches the tiled path when the plan fits it; false otherwise.
template <class F, class Out, class In>
bool try_tiled_transpose(const F& f, const LoopPlan& p, cudaStream_t s) {
  if (p.ndim != 2 || p.shape[0] < kTile || p.shape[1] < kTile) return false;
  const int64_t osz = sizeof(Out), isz = sizeof(In);
  if (p.strides[0][1] != osz || p.strides[1][0] != isz || p.strides[1][1] == isz) return false;
  int64_t gy = (p.shape[0] + kTile - 1) / kTile, gx = (p.shape[1] + kTile - 1) / kTile;
  if (gy > 65535 || gx > INT32_MAX) return false;
  launch<&tiled_transpose_kernel<F, Out, In>>(dim3(static_cast<unsigned>(gx), static_cast<unsigned>(gy)),
                                              dim3(kTile, kTileRows), 0, s, f, p.shape[0], p.shape[1],
                                              reinterpret_cast<Out*>(p.data[0]), p.strides[0][0] / osz, 1,
                                              reinterpret_cast<const In*>(p.data[1]), 1, p.strides[1][1] / isz);
  return true;
}

// Note [Tiled two-input path]
// `a + b.T`: a 2-D plan whose output (and maybe one input) runs fastest along dimension 1 while
// another input runs fastest along dimension 0. The strided kernel reads that input a warp-wide
// stride apart. Here each block takes a 32x32 tile: inputs fast along dimension 0 are first read
// coalesced into shared memory, the others straight from memory in the output's order. Two-input
// loops only (the binary ufuncs' full loops), one kernel each.
template <class F, class Out, class A, class B>
__global__ void __launch_bounds__(kTile* kTileRows)
    tiled2_kernel(F f, int64_t rows, int64_t cols, Out* out, int64_t os0, const A* a, int64_t as0, int64_t as1,
                  bool stage_a, const B* b, int64_t bs0, int64_t bs1, bool stage_b) {
  __shared__ A ta[kTile][kTile + 1];
  __shared__ B tb[kTile][kTile + 1];
  const int64_t r0 = static_cast<int64_t>(blockIdx.y) * kTile, c0 = static_cast<int64_t>(blockIdx.x) * kTile;
  if (stage_a || stage_b) {
    for (int j = threadIdx.y; j < kTile; j += kTileRows) {
      int64_t r = r0 + threadIdx.x, c = c0 + j;
      if (r < rows && c < cols) {
        if (stage_a) ta[j][threadIdx.x] = a[r * as0 + c * as1];
        if (stage_b) tb[j][threadIdx.x] = b[r * bs0 + c * bs1];
      }
    }
    __syncthreads();
  }
  for (int j = threadIdx.y; j < kTile; j += kTileRows) {
    int64_t r = r0 + j, c = c0 + threadIdx.x;
    if (r < rows && c < cols) {
      A x = stage_a ? ta[threadIdx.x][j] : a[r * as0 + c * as1];
      B y = stage_b ? tb[threadIdx.x][j] : b[r * bs0 + c * bs1];
      out[r * os0 + c] = f(x, y);
    }
  }
}

template <class F, class Out, class A, class B>
bool try_tiled2(const F& f, const LoopPlan& p, cudaStream_t s) {
  if (p.ndim != 2 || p.shape[0] < kTile || p.shape[1] < kTile) return false;
  const int64_t sz[3] = {sizeof(Out), sizeof(A), sizeof(B)};
  if (p.strides[0][1] != sz[0] || p.strides[0][0] % sz[0] != 0) return false;
  bool stage[3] = {false, false, false};
  for (int k = 1; k < 3; ++k) {
    if (p.strides[k][0] % sz[k] != 0 || p.strides[k][1] % sz[k] != 0) return false;
    // Fast along dimension 0 and not along 1 (a broadcast row, stride 0, is read directly).
    stage[k] = p.strides[k][0] == sz[k] && p.strides[k][1] != sz[k] && p.strides[k][1] != 0;
  }
  if (!stage[1] && !stage[2]) return false;
  int64_t gy = (p.shape[0] + kTile - 1) / kTile, gx = (p.shape[1] + kTile - 1) / kTile;
  if (gy > 65535 || gx > INT32_MAX) return false;
  launch<&tiled2_kernel<F, Out, A, B>>(
      dim3(static_cast<unsigned>(gx), static_cast<unsigned>(gy)), dim3(kTile, kTileRows), 0, s, f, p.shape[0],
      p.shape[1], reinterpret_cast<Out*>(p.data[0]), p.strides[0][0] / sz[0], reinterpret_cast<const A*>(p.data[1]),
      p.strides[1][0] / sz[1], p.strides[1][1] / sz[1], stage[1], reinterpret_cast<const B*>(p.data[2]),
      p.strides[2][0] / sz[2], p.strides[2][1] / sz[2], stage[2]);
  return true;
}

// Note [Compile-check strided kernels]
// A compile-check build (CUPRIC_CUDA_CHECK_ONLY, Note [CUDA compile check] in
// cmake/cuda_check.cmake) compiles the tiled and strided kernels of a loop once per type
// signature (Out, In...) with a stand-in functor, not once per functor: a functor's device code
// is compiled in its contiguous kernel, whose call `f(x...)` on loaded In values is the very
// expression the other kernels make, and their own code (index walks, shared-memory tiles of In
// and Out) depends on the types only. So every template a GPU build instantiates is still
// compiled for every type it meets, at a third of the kernels of a binary ufunc's loops. Such a
// build runs contiguous loops only: a strided plan is refused with an error (it is never run: CI
// has no GPU and runs the host backend). The GPU build (tools/gpu-check) compiles every kernel.
#if defined(CUPRIC_CUDA_CHECK_ONLY)
template <bool Indexed, class Out, class... In>
struct SignatureStandIn {
  __device__ Out operator()(In...) const { return Out{}; }
};
template <class Out, class... In>
struct SignatureStandIn<true, Out, In...> {
  __device__ Out operator()(int64_t, In...) const { return Out{}; }
};
void refuse_strided_in_check_build();  // throws (check_build.cpp)
#endif

template <bool Indexed, class F, class Out, class... In>
void run_loop(const LoopPlan& p, const void* state, const Stream& stream) {
  if (p.numel == 0) return;
  const F f0 = load_functor<F>(state);
  auto s = static_cast<cudaStream_t>(stream.handle);
  if (p.contiguous || p.ndim == 0) {
    launch_contiguous<Indexed, F, Out, In...>(f0, p, s, std::index_sequence_for<In...>{});
    return;
  }
#if defined(CUPRIC_CUDA_CHECK_ONLY)
  refuse_strided_in_check_build();
  using G = SignatureStandIn<Indexed, Out, In...>;
  const G f{};
#else
  using G = F;
  const F& f = f0;
#endif
  if constexpr (!Indexed && sizeof...(In) == 1 && (std::is_same_v<Out, In> && ...)) {
    if (try_tiled_transpose<G, Out, In...>(f, p, s)) return;
  } else if constexpr (!Indexed && sizeof...(In) == 2) {
    if (try_tiled2<G, Out, In...>(f, p, s)) return;
  }
  // Strided plans reach here with int32 offsets only (Note [32-bit strided kernels] in
  // elementwise_engine.cpp cuts bigger ones).
  if (!p.index32) throw_internal_error("strided CUDA loop given a plan without 32-bit offsets");
  launch_strided<Indexed, int32_t, G, Out, In...>(f, p, s);
}

// The CUDA LoopFn for functor F computing Out from In...
template <class F, class Out, class... In>
void elementwise_loop(const LoopPlan& p, const void* state, const Stream& stream) {
  run_loop<false, F, Out, In...>(p, state, stream);
}

// The CUDA LoopFn for an indexed functor `Out f(int64_t index, In...)` (Note [Indexed loops]).
template <class F, class Out, class... In>
void indexed_loop(const LoopPlan& p, const void* state, const Stream& stream) {
  run_loop<true, F, Out, In...>(p, state, stream);
}

}  // namespace cupric::cuda
