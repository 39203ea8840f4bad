// The index kernels' tables: gather, scatter and masked copy for each element size, and the
// int64 helpers (index offsets, unravel, iota, boolean-mask compaction) that advanced indexing
// and the indexing routines (ops/advanced_indexing.cpp, ops/indexing_routines.cpp) run.
//
// Note [Index kernels move bytes]
// Gathering, scattering and masked copies never look at element values, only at their bytes, so
// their loops are registered per element size (1, 2, 4, 8, 16 bytes), not per dtype: the `index`
// family is instantiated for five dtypes only (one per size), a third of the translation units
// a per-dtype family would need (DESIGN.md decision 3: CI builds on two cores). Value-dependent
// work (is this element nonzero?) is a cast to bool first, through the cast family.
#pragma once
#include <cstdint>
#include "engine/elementwise/loop_plan.hpp"
#include "engine/elementwise/op_table.hpp"

namespace cupric {

// How an index value i is resolved against an axis of length `size` (NumPy's take modes).
enum class IndexMode : int32_t {
  Raise,    // negative from the end; out of range sets the error flag (the caller raises IndexError)
  Wrap,     // modulo size
  Clip,     // clamped to [0, size) (negative values clip to 0, as NumPy's clip mode)
  Trusted,  // already in range and non-negative (coordinates from a mask, precomputed offsets)
};

// State of gather, scatter and index-offset loops: element i uses byte offset resolve(idx[i]) * stride.
struct IndexState {
  int64_t stride = 0;
  int64_t size = 0;
  IndexMode mode = IndexMode::Trusted;
  int32_t* flag = nullptr;  // device memory; set to 1 by Raise mode on an out-of-range index
};

// Loops for one element size. Operands (LoopPlan order):
//   gather:     out, src, idx(int64)   out[i] = *(src[i] + resolve(idx[i]) * stride)
//   scatter:    dst, val, idx(int64)   *(dst[i] + resolve(idx[i]) * stride) = val[i]
//   where_copy: dst, mask(bool), val, dst   dst[i] = mask[i] ? val[i] : dst[i]  (elementwise)
// mask_select: out[j] = src[i] for the j-th true mask[i]; mask, src and out contiguous, `work`
// filled by MaskFns::count (the full-mask fast path of a[mask]).
// mask_place: dst[i] = vals[j] for the j-th true mask[i] (the inverse: a[mask] = vals).
using MaskSelectFn = void (*)(const bool* mask, int64_t n, const int64_t* work, const char* src, char* out,
                              const Stream& s);
using MaskPlaceFn = void (*)(const bool* mask, int64_t n, const int64_t* work, const char* vals, char* dst,
                             const Stream& s);
struct IndexLoops {  // one slot per backend each (Note [Dispatch])
  LoopPair gather, scatter, where_copy;
  dispatch::Table<MaskSelectFn> select;
  dispatch::Table<MaskPlaceFn> place;
};
IndexLoops& index_loops(int64_t itemsize);  // itemsize 1, 2, 4, 8 or 16; others: no loops

// int64 elementwise helpers (operands in LoopPlan order, outputs first):
//   offsets: out, acc, idx     out = acc + resolve(idx) * stride          (state: IndexState)
//   unravel: out, x            out = (x / div) % mod, flag if x outside [0, size)  (state: UnravelState)
//   iota:    out               out[i] = start + i * step over a contiguous plan    (state: IotaState)
struct UnravelState {
  int64_t div = 1, mod = 1, size = 0;
  int32_t* flag = nullptr;
};
struct IotaState {
  int64_t start = 0, step = 1;
};
LoopPair& index_offsets_loops();
LoopPair& unravel_loops();
LoopPair& iota_loops();

// Boolean-mask compaction (nonzero). `mask` is a contiguous bool array of n elements.
// count: the number of true elements; leaves per-block offsets in `work` (mask_work_size(n)
//        int64s) for coords. Reads the count back to the host: one stream synchronisation.
// coords: out[k * count + j] = coordinate k (in `shape`, C order) of the j-th true element.
struct CoordShape {
  int ndim = 0;
  int64_t shape[kMaxDims] = {};
};
using MaskCountFn = int64_t (*)(const bool* mask, int64_t n, int64_t* work, const Stream& s);
using MaskCoordsFn = void (*)(const bool* mask, int64_t n, const int64_t* work, const CoordShape& shape, int64_t* out,
                              int64_t count, const Stream& s);
struct MaskFns {  // one slot per backend each (Note [Dispatch])
  dispatch::Table<MaskCountFn> count;
  dispatch::Table<MaskCoordsFn> coords;
};
MaskFns& mask_fns();
int64_t mask_work_size(int64_t n);
inline constexpr int64_t kMaskTile = 16384;  // elements per CUDA block in count, select and coords

// Batched contiguous copies (concatenate): dst[seg.dst_offset, + seg.bytes) = seg.src[0, seg.bytes)
// for every segment of a batch, in one kernel launch on the CUDA backend. Segments must not
// overlap dst's written ranges. Registered by host/batch_copy.cpp and cuda/batch_copy.cu.
struct CopySegment {
  const char* src = nullptr;
  int64_t dst_offset = 0;
  int64_t bytes = 0;
};
inline constexpr int kMaxCopySegments = 32;  // per launch (they travel in the kernel's arguments)
struct CopyBatch {
  CopySegment seg[kMaxCopySegments];
  int count = 0;
};
using BatchCopyFn = void (*)(char* dst, const CopyBatch& batch, const Stream& s);
dispatch::Table<BatchCopyFn>& batch_copy_fns();

// Called from the index families' static initialisers.
void register_index_loops(LoopBackend b, int64_t itemsize, LoopFn gather, LoopFn scatter, LoopFn where_copy,
                          MaskSelectFn select, MaskPlaceFn place);

}  // namespace cupric
