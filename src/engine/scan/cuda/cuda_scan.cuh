// CUDA scan loop: runs a reduction functor (Note [Reduction functors]) as an inclusive scan over
// a ScanPlan. Included only by CUDA kernel-family translation units.
//
// Note [CUDA scans]
// Rows contiguous-ish along the scan (any stride; the driver copies few long strided rows to
// this layout) are cut into tiles of kScanThreads * items elements; one block scans one tile:
// coalesced striped loads into shared memory, a sequential scan of `items` consecutive elements
// per thread, a warp-shuffle scan of the thread totals, and the tile's prefix from the tiles
// before it in its row. That prefix comes either
//  - (accelerated, the default: CUPRIC_ACCELERATORS=cub) from a single-pass decoupled look-back:
//    tiles are numbered in the order blocks start (an atomic counter, so a block only ever waits
//    for blocks already running), each publishes its own total ("A") at once and its inclusive
//    prefix ("P") as soon as it knows it; warp 0 of a block reads 32 predecessors' states at a
//    time, folds back to the nearest P. Each element is read once and written once (2N bytes);
//  - or (no accelerators) from reduce-then-scan: a first kernel writes every tile's total, a
//    second scans each row's totals, the third is the tile scan above with the prefix read from
//    the second's output (3N bytes).
// Totals and prefixes live in separate arrays, so a reader that saw flag A never reads a value
// overwritten by the later P. Rows of at most kShortRow elements, and many strided rows (axis 0
// of a C array), run one thread per row instead, reading coalesced across threads.
#pragma once
#include <cuda_runtime.h>
#include <cstring>
#include "cupric/error.hpp"
#include "cupric/memory.hpp"
#include "engine/reduction/cuda/cuda_reduce.cuh"
#include "kernels/reduce_ops.hpp"
#include "engine/scan/scan_engine.hpp"
#include "runtime/cuda/cuda_check.hpp"

namespace cupric::cuda {

inline constexpr int kScanThreads = 256;

struct ScanArgs {
  char* out;
  const char* in;
  int64_t nrows, len, tiles_per_row;
  int row_ndim;
  int64_t row_shape[kMaxKernelDims];
  int64_t row_strides[kMaxKernelDims][2];  // out, in
  int64_t len_stride[2];
  bool skip_nan;
};

__device__ __forceinline__ void scan_row_offsets(const ScanArgs& a, int64_t r, int64_t& oo, int64_t& io) {
  int64_t off[2];
  unravel_offsets<2>(r, a.row_ndim, a.row_shape, a.row_strides, off);
  oo = off[0];
  io = off[1];
}

template <class T>
__device__ __forceinline__ T shfl_up(const T& v, int delta) {
  return shfl_words(v, [delta](unsigned w) { return __shfl_up_sync(0xffffffffu, w, delta); });
}
template <class T>
__device__ __forceinline__ T shfl_idx(const T& v, int src) {
  return shfl_words(v, [src](unsigned w) { return __shfl_sync(0xffffffffu, w, src); });
}

// Tile status words shared between blocks: stored and loaded through L2 (.cg), word by word.
template <class T>
struct alignas(4) Slot {
  unsigned w[(sizeof(T) + 3) / 4];
};
template <class T>
__device__ __forceinline__ void slot_store(Slot<T>* s, const T& v) {
  Slot<T> tmp{};
  memcpy(tmp.w, &v, sizeof(T));
#pragma unroll
  for (int i = 0; i < static_cast<int>(sizeof(tmp.w) / 4); ++i) __stcg(&s->w[i], tmp.w[i]);
}
template <class T>
__device__ __forceinline__ T slot_load(const Slot<T>* s) {
  Slot<T> tmp;
#pragma unroll
  for (int i = 0; i < static_cast<int>(sizeof(tmp.w) / 4); ++i) tmp.w[i] = __ldcg(&s->w[i]);
  T v;
  memcpy(&v, tmp.w, sizeof(T));
  return v;
}

enum : int { kTileEmpty = 0, kTileAggregate = 1, kTilePrefix = 2 };

template <class Op>
struct ScanTiling {
  using Acc = typename Op::acc_t;
  static constexpr int kItems = sizeof(Acc) <= 4 ? 16 : (sizeof(Acc) <= 8 ? 8 : 4);
  static constexpr int kTile = kScanThreads * kItems;
  static constexpr int kPadded = kTile + kTile / 32;
  __device__ static __forceinline__ int pad(int i) { return i + i / 32; }  // no bank conflicts
  // Elements of E per 16-byte access when a thread's kItems split into whole accesses, else 1.
  template <class E>
  static constexpr int vec_width() {
    constexpr int w = sizeof(E) < 16 ? static_cast<int>(16 / sizeof(E)) : 1;
    return (w > 1 && w <= kItems && kItems % w == 0) ? w : 1;
  }
};

// Workspace of the tile kernel: the tile counter, per-tile flags, totals and prefixes.
template <class Acc>
struct ScanStatus {
  unsigned long long* counter;
  unsigned long long* words;  // accumulators of at most 4 bytes: flag << 32 | value bits, one word per tile
  int* flags;
  Slot<Acc>* aggregate;
  Slot<Acc>* inclusive;
  const Acc* given;  // reduce-then-scan: inclusive prefixes of the tiles (no look-back)
};

// Publishes tile g's total (kTileAggregate) or inclusive prefix (kTilePrefix). Small accumulators
// go with their flag in one 64-bit store, so readers need no fence between flag and value.
template <class Acc>
__device__ __forceinline__ void publish(const ScanStatus<Acc>& st, int64_t g, int flag, const Acc& v) {
  if constexpr (sizeof(Acc) <= 4) {
    unsigned bits = 0;
    memcpy(&bits, &v, sizeof(Acc));
    unsigned long long w = (static_cast<unsigned long long>(flag) << 32) | bits;
    __stcg(&st.words[g], w);
  } else {
    slot_store(flag == kTilePrefix ? &st.inclusive[g] : &st.aggregate[g], v);
    __threadfence();
    atomicExch(&st.flags[g], flag);
  }
}
// Tile idx's flag, and in `v` its value when the flag is set.
template <class Acc>
__device__ __forceinline__ int read_status(const ScanStatus<Acc>& st, int64_t idx, Acc& v) {
  if constexpr (sizeof(Acc) <= 4) {
    unsigned long long w = *reinterpret_cast<volatile const unsigned long long*>(&st.words[idx]);
    int f = static_cast<int>(w >> 32);
    if (f != kTileEmpty) {
      unsigned bits = static_cast<unsigned>(w);
      memcpy(&v, &bits, sizeof(Acc));
    }
    return f;
  } else {
    int f = *reinterpret_cast<volatile const int*>(&st.flags[idx]);
    if (f != kTileEmpty) {
      __threadfence();
      v = slot_load(f == kTilePrefix ? &st.inclusive[idx] : &st.aggregate[idx]);
    }
    return f;
  }
}

template <class Op>
__device__ __forceinline__ typename Op::acc_t scan_lift_value(const Op& op, const ScanArgs& a, typename Op::in_t x,
                                                              int64_t k) {
  if (a.skip_nan && reduce_ops::is_nan(x)) return op.identity();
  return op.reduce(op.identity(), x, k);
}
template <class Op>
__device__ __forceinline__ typename Op::acc_t scan_lift(const Op& op, const ScanArgs& a, const char* row_in,
                                                        int64_t k) {
  return scan_lift_value(op, a, *reinterpret_cast<const typename Op::in_t*>(row_in + k * a.len_stride[1]), k);
}

// Total of one tile (first kernel of reduce-then-scan).
template <class Op>
__global__ void __launch_bounds__(kScanThreads) scan_tile_total_kernel(Op op, ScanArgs a, typename Op::acc_t* totals) {
  using Acc = typename Op::acc_t;
  using T = ScanTiling<Op>;
  __shared__ Acc warp_tot[kScanThreads / 32];
  const int64_t g = blockIdx.x;
  const int64_t row = g / a.tiles_per_row, tile = g % a.tiles_per_row;
  int64_t oo, io;
  scan_row_offsets(a, row, oo, io);
  const int64_t start = tile * T::kTile;
  Acc acc = op.identity();
#pragma unroll 4
  for (int k = 0; k < T::kItems; ++k) {
    int64_t pos = start + k * kScanThreads + threadIdx.x;
    if (pos < a.len) acc = op.combine(acc, scan_lift(op, a, a.in + io, pos));
  }
  acc = warp_reduce(op, acc);
  if (threadIdx.x % 32 == 0) warp_tot[threadIdx.x / 32] = acc;
  __syncthreads();
  if (threadIdx.x < 32) {
    acc = threadIdx.x < kScanThreads / 32 ? warp_tot[threadIdx.x] : op.identity();
    acc = warp_reduce(op, acc);
    if (threadIdx.x == 0) totals[g] = acc;
  }
}

// Inclusive scan of each row's tile totals in place (second kernel of reduce-then-scan): one
// block per row, kScanThreads totals at a time.
template <class Op>
__global__ void __launch_bounds__(kScanThreads) scan_totals_kernel(Op op, typename Op::acc_t* totals, int64_t tiles) {
  using Acc = typename Op::acc_t;
  __shared__ Acc warp_tot[kScanThreads / 32];
  __shared__ Acc carry_s;
  Acc* t = totals + static_cast<int64_t>(blockIdx.x) * tiles;
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  Acc carry = op.identity();
  for (int64_t base = 0; base < tiles; base += kScanThreads) {
    int64_t i = base + threadIdx.x;
    Acc v = i < tiles ? t[i] : op.identity();
#pragma unroll
    for (int d = 1; d < 32; d <<= 1) {
      Acc o = shfl_up(v, d);
      if (lane >= d) v = op.combine(o, v);
    }
    if (lane == 31) warp_tot[warp] = v;
    __syncthreads();
    Acc before = carry;
    for (int w = 0; w < warp; ++w) before = op.combine(before, warp_tot[w]);
    v = op.combine(before, v);
    if (i < tiles) t[i] = v;
    if (threadIdx.x == kScanThreads - 1) carry_s = v;
    __syncthreads();
    carry = carry_s;
    __syncthreads();
  }
}

// One tile per block (Note [CUDA scans]).
template <class Op>
__global__ void __launch_bounds__(kScanThreads) scan_tile_kernel(Op op, ScanArgs a, ScanStatus<typename Op::acc_t> st) {
  using Acc = typename Op::acc_t;
  using In = typename Op::in_t;
  using Out = typename Op::out_t;
  using T = ScanTiling<Op>;
  constexpr int I = T::kItems;
  __shared__ Acc tile_s[T::kPadded];
  __shared__ Acc warp_tot[kScanThreads / 32];
  __shared__ Acc prefix_s;
  __shared__ int64_t id_s;
  const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
  if (st.given) {
    if (tid == 0) id_s = blockIdx.x;
  } else if (tid == 0) {
    id_s = static_cast<int64_t>(atomicAdd(st.counter, 1ull));
  }
  __syncthreads();
  const int64_t g = id_s;
  const int64_t row = g / a.tiles_per_row, tile = g % a.tiles_per_row;
  int64_t oo, io;
  scan_row_offsets(a, row, oo, io);
  const char* row_in = a.in + io;
  char* row_out = a.out + oo;
  const int64_t start = tile * T::kTile;
  const bool full = start + T::kTile <= a.len;
  Acc v[I];
  constexpr int VI = T::template vec_width<In>();
  constexpr int VO = T::template vec_width<Out>();
  bool direct_in = false, direct_out = false;
  if constexpr (VI > 1)
    direct_in = full && a.len_stride[1] == static_cast<int64_t>(sizeof(In)) &&
                reinterpret_cast<uintptr_t>(row_in + start * static_cast<int64_t>(sizeof(In))) % 16 == 0;
  if constexpr (VO > 1)
    direct_out = full && a.len_stride[0] == static_cast<int64_t>(sizeof(Out)) &&
                 reinterpret_cast<uintptr_t>(row_out + start * static_cast<int64_t>(sizeof(Out))) % 16 == 0;
  if constexpr (VI > 1) {
    if (direct_in) {  // full contiguous tile: striped 16-byte loads (512 contiguous bytes per warp access)
      using VecIn = Vec<In, VI>;
      const VecIn* p = reinterpret_cast<const VecIn*>(row_in + start * static_cast<int64_t>(sizeof(In)));
      VecIn x[I / VI];
#pragma unroll
      for (int k = 0; k < I / VI; ++k) x[k] = p[k * kScanThreads + tid];
#pragma unroll
      for (int k = 0; k < I / VI; ++k)
#pragma unroll
        for (int j = 0; j < VI; ++j) {
          const int i = (k * kScanThreads + tid) * VI + j;
          tile_s[T::pad(i)] = scan_lift_value(op, a, x[k].v[j], start + i);
        }
      __syncthreads();
#pragma unroll
      for (int j = 0; j < I; ++j) v[j] = tile_s[T::pad(tid * I + j)];
    }
  }
  if (!direct_in) {  // striped loads (coalesced for any stride), transposed through shared memory
    if (full) {
      In x[I];
#pragma unroll
      for (int k = 0; k < I; ++k)
        x[k] = *reinterpret_cast<const In*>(row_in + (start + k * kScanThreads + tid) * a.len_stride[1]);
#pragma unroll
      for (int k = 0; k < I; ++k) {
        int i = k * kScanThreads + tid;
        tile_s[T::pad(i)] = scan_lift_value(op, a, x[k], start + i);
      }
    } else {
#pragma unroll
      for (int k = 0; k < I; ++k) {
        int i = k * kScanThreads + tid;
        int64_t pos = start + i;
        tile_s[T::pad(i)] = pos < a.len ? scan_lift(op, a, row_in, pos) : op.identity();
      }
    }
    __syncthreads();
#pragma unroll
    for (int j = 0; j < I; ++j) v[j] = tile_s[T::pad(tid * I + j)];
  }
#pragma unroll
  for (int j = 1; j < I; ++j) v[j] = op.combine(v[j - 1], v[j]);
  // Block scan of the thread totals: inclusive within warps, then across warps.
  Acc incl = v[I - 1];
#pragma unroll
  for (int d = 1; d < 32; d <<= 1) {
    Acc o = shfl_up(incl, d);
    if (lane >= d) incl = op.combine(o, incl);
  }
  if (lane == 31) warp_tot[warp] = incl;
  __syncthreads();
  Acc warp_before = op.identity(), total = op.identity();
#pragma unroll
  for (int w = 0; w < kScanThreads / 32; ++w) {
    if (w < warp) warp_before = op.combine(warp_before, warp_tot[w]);
    total = op.combine(total, warp_tot[w]);
  }
  Acc excl = shfl_up(incl, 1);
  if (lane == 0) excl = op.identity();
  excl = op.combine(warp_before, excl);  // this thread's exclusive prefix within the tile
  // The tile's prefix within its row.
  if (warp == 0) {
    Acc prefix = op.identity();
    if (tile > 0) {
      if (st.given) {
        prefix = st.given[g - 1];
      } else {
        if (lane == 0) publish(st, g, kTileAggregate, total);
        const int64_t first = g - tile;  // the row's first tile
        int64_t base = g - 1;
        while (true) {
          const int64_t idx = base - lane;
          int f;
          Acc x = op.identity();
          for (int spins = 0;; ++spins) {
            if (idx < first)
              f = kTilePrefix;
            else
              f = read_status(st, idx, x);
            if (!__any_sync(0xffffffffu, f == kTileEmpty)) break;
            if (spins > 4) __nanosleep(32);
          }
          unsigned pm = __ballot_sync(0xffffffffu, f == kTilePrefix);
          int stop = pm ? __ffs(pm) - 1 : 31;
          if (lane > stop) x = op.identity();
          x = warp_reduce(op, x);
          x = shfl_idx(x, 0);
          prefix = op.combine(x, prefix);
          if (pm) break;
          base -= 32;
        }
      }
    }
    if (!st.given && lane == 0) publish(st, g, kTilePrefix, op.combine(prefix, total));
    if (lane == 0) prefix_s = prefix;
  }
  __syncthreads();
  excl = op.combine(prefix_s, excl);
#pragma unroll
  for (int j = 0; j < I; ++j) tile_s[T::pad(tid * I + j)] = op.combine(excl, v[j]);
  __syncthreads();
  if constexpr (VO > 1) {
    if (direct_out) {  // striped 16-byte stores
      using VecOut = Vec<Out, VO>;
      VecOut* p = reinterpret_cast<VecOut*>(row_out + start * static_cast<int64_t>(sizeof(Out)));
#pragma unroll
      for (int k = 0; k < I / VO; ++k) {
        VecOut y;
#pragma unroll
        for (int j = 0; j < VO; ++j) y.v[j] = op.finalize(tile_s[T::pad((k * kScanThreads + tid) * VO + j)]);
        p[k * kScanThreads + tid] = y;
      }
      return;
    }
  }
#pragma unroll
  for (int k = 0; k < I; ++k) {
    int i = k * kScanThreads + tid;
    int64_t pos = start + i;
    if (pos < a.len) *reinterpret_cast<Out*>(row_out + pos * a.len_stride[0]) = op.finalize(tile_s[T::pad(i)]);
  }
}

// One thread per row: short rows, and many strided rows (coalesced across threads).
template <class Op>
__global__ void __launch_bounds__(kScanThreads) scan_rows_kernel(Op op, ScanArgs a) {
  using Acc = typename Op::acc_t;
  using Out = typename Op::out_t;
  for (int64_t r = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; r < a.nrows;
       r += static_cast<int64_t>(gridDim.x) * blockDim.x) {
    int64_t oo, io;
    scan_row_offsets(a, r, oo, io);
    Acc acc = op.identity();
    for (int64_t k = 0; k < a.len; ++k) {
      acc = op.combine(acc, scan_lift(op, a, a.in + io, k));
      *reinterpret_cast<Out*>(a.out + oo + k * a.len_stride[0]) = op.finalize(acc);
    }
  }
}

template <class Op>
void scan_loop(const ScanPlan& p, const ScanParams& params, const Stream& stream) {
  using Acc = typename Op::acc_t;
  using T = ScanTiling<Op>;
  if (p.nrows == 0 || p.len == 0) return;
  const Op op{};
  auto s = static_cast<cudaStream_t>(stream.handle);
  ScanArgs a{};
  a.out = p.out;
  a.in = p.in;
  a.nrows = p.nrows;
  a.len = p.len;
  a.row_ndim = p.row_ndim;
  dims_per_dim<2>(p.row_ndim, p.row_shape, p.row_strides, a.row_shape, a.row_strides);
  a.len_stride[0] = p.len_stride[0];
  a.len_stride[1] = p.len_stride[1];
  a.skip_nan = params.skip_nan;
  const bool contiguous_rows = std::llabs(p.len_stride[1]) <= 16;  // elements of a row are (nearly) adjacent
  if (p.len <= 64 || !contiguous_rows) {
    int64_t blocks = (p.nrows + kScanThreads - 1) / kScanThreads;
    if (blocks > (int64_t{1} << 20)) blocks = int64_t{1} << 20;
    launch<&scan_rows_kernel<Op>>(static_cast<unsigned>(blocks), kScanThreads, 0, s, op, a);
    return;
  }
  a.tiles_per_row = (p.len + T::kTile - 1) / T::kTile;
  const int64_t ntiles = a.tiles_per_row * p.nrows;
  if (ntiles > (int64_t{1} << 31) - 1) throw ValueError("scan too large for one launch");
  ScanStatus<Acc> st{};
  std::shared_ptr<Memory> ws;
  if (p.accelerated && sizeof(Acc) <= 4) {
    // counter | words[ntiles]
    const size_t head = 256, words = static_cast<size_t>(ntiles) * sizeof(unsigned long long);
    ws = allocate(*p.backend, head + words);
    char* base = static_cast<char*>(ws->ptr());
    cuda_check(cudaMemsetAsync(base, 0, head + words, s), "scan workspace reset");
    st.counter = reinterpret_cast<unsigned long long*>(base);
    st.words = reinterpret_cast<unsigned long long*>(base + head);
  } else if (p.accelerated) {
    // counter | flags[ntiles] | aggregate[ntiles] | inclusive[ntiles]
    const size_t head = 256, flags = static_cast<size_t>(ntiles) * sizeof(int);
    const size_t flags_pad = (flags + 255) / 256 * 256, slots = static_cast<size_t>(ntiles) * sizeof(Slot<Acc>);
    const size_t slots_pad = (slots + 255) / 256 * 256;
    ws = allocate(*p.backend, head + flags_pad + 2 * slots_pad);
    char* base = static_cast<char*>(ws->ptr());
    cuda_check(cudaMemsetAsync(base, 0, head + flags_pad, s), "scan workspace reset");
    st.counter = reinterpret_cast<unsigned long long*>(base);
    st.flags = reinterpret_cast<int*>(base + head);
    st.aggregate = reinterpret_cast<Slot<Acc>*>(base + head + flags_pad);
    st.inclusive = reinterpret_cast<Slot<Acc>*>(base + head + flags_pad + slots_pad);
  } else {
    ws = allocate(*p.backend, static_cast<size_t>(ntiles) * sizeof(Acc));
    Acc* totals = static_cast<Acc*>(ws->ptr());
    launch<&scan_tile_total_kernel<Op>>(static_cast<unsigned>(ntiles), kScanThreads, 0, s, op, a, totals);
    int64_t rows = p.nrows;
    if (a.tiles_per_row > 1) {
      // one block per row; grid.x is at most 2^31 - 1, which ntiles already bounds
      launch<&scan_totals_kernel<Op>>(static_cast<unsigned>(rows), kScanThreads, 0, s, op, totals, a.tiles_per_row);
    }
    st.given = totals;
  }
  launch<&scan_tile_kernel<Op>>(static_cast<unsigned>(ntiles), kScanThreads, 0, s, op, a, st);
  // The workspace returns to the pool now; it is reused only by work ordered after this kernel.
}

}  // namespace cupric::cuda
