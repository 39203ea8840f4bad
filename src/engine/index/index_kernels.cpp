// Storage of the index kernels' tables (index_kernels.hpp): constant-initialised, filled by the
// `index` and `index_misc` families and host|cuda/batch_copy at load time (Note [Dispatch]).
#include "engine/index/index_kernels.hpp"
#include "engine/elementwise/op_table.hpp"

namespace cupric {
namespace {
constinit IndexLoops g_by_size[5];
constinit IndexLoops g_none;
constinit LoopPair g_offsets, g_unravel, g_iota;
constinit MaskFns g_mask;
constinit dispatch::Table<BatchCopyFn> g_batch_copy;

int size_slot(int64_t itemsize) {
  switch (itemsize) {
    case 1: return 0;
    case 2: return 1;
    case 4: return 2;
    case 8: return 3;
    case 16: return 4;
    default: return -1;
  }
}
}  // namespace

IndexLoops& index_loops(int64_t itemsize) {
  int s = size_slot(itemsize);
  if (s < 0) {
    g_none = IndexLoops{};
    return g_none;
  }
  return g_by_size[s];
}
LoopPair& index_offsets_loops() { return g_offsets; }
LoopPair& unravel_loops() { return g_unravel; }
LoopPair& iota_loops() { return g_iota; }
MaskFns& mask_fns() { return g_mask; }
dispatch::Table<BatchCopyFn>& batch_copy_fns() { return g_batch_copy; }
int64_t mask_work_size(int64_t n) { return (n + kMaskTile - 1) / kMaskTile + 1; }

void register_index_loops(LoopBackend b, int64_t itemsize, LoopFn gather, LoopFn scatter, LoopFn where_copy,
                          MaskSelectFn select, MaskPlaceFn place) {
  IndexLoops& l = g_by_size[size_slot(itemsize)];
  l.select.set(b, select);
  l.place.set(b, place);
  l.gather.set(b, gather);
  l.scatter.set(b, scatter);
  l.where_copy.set(b, where_copy);
}

}  // namespace cupric
