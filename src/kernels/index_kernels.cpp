// Storage of the index kernels' tables (kernels/index_kernels.hpp); filled by the `index` and
// `index_misc` families at load time.
#include "kernels/index_kernels.hpp"
#include "kernels/op_table.hpp"

namespace cupric {
namespace {
IndexLoops g_by_size[5];
IndexLoops g_none;
LoopPair g_offsets, g_unravel, g_iota;
MaskFns g_mask[2];

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
void set(LoopPair& p, LoopBackend b, LoopFn fn) { (b == LoopBackend::Host ? p.host : p.cuda) = fn; }
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
MaskFns& mask_fns(DeviceType t) { return g_mask[t == DeviceType::Host ? 0 : 1]; }
BatchCopyFn& batch_copy_fn(DeviceType t) {
  static BatchCopyFn fns[2] = {nullptr, nullptr};
  return fns[t == DeviceType::Host ? 0 : 1];
}
int64_t mask_work_size(int64_t n) { return (n + kMaskTile - 1) / kMaskTile + 1; }

void register_index_loops(LoopBackend b, int64_t itemsize, LoopFn gather, LoopFn scatter, LoopFn where_copy,
                          MaskSelectFn select, MaskPlaceFn place) {
  IndexLoops& l = g_by_size[size_slot(itemsize)];
  (b == LoopBackend::Host ? l.select_host : l.select_cuda) = select;
  (b == LoopBackend::Host ? l.place_host : l.place_cuda) = place;
  set(l.gather, b, gather);
  set(l.scatter, b, scatter);
  set(l.where_copy, b, where_copy);
}

}  // namespace cupric
