// Internal building blocks of advanced indexing (ops/index_engine.hpp): the drivers of the index
// kernels and the error reporting that matches NumPy's messages.
#include "engine/index/index_engine.hpp"
#include <mutex>
#include <vector>
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "engine/elementwise/elementwise_engine.hpp"
#include "kernels/index_functors.hpp"

namespace cupric::detail {

// Note [Mapped error flags]
// A Raise-mode index kernel reports a bad index by storing 1 to a flag, which the host reads
// after the kernel: the one synchronisation NumPy's semantics need (IndexError from the call
// itself). On CUDA the flag is a slot of pinned host memory, which kernels write through at the
// same address (unified addressing maps cudaHostAlloc memory into every device's space), so
// clearing it is a host store and reading it is a stream synchronisation and a load: no memset
// launch and no device-to-host copy per indexing call. Slots come from a process-wide free list
// (each on its own 64-byte line; blocks of them are allocated as needed and kept), so nested and
// concurrent flags never share one. Kernels only ever store 1 to a flag (no atomics over PCIe).
// If pinned memory cannot be had, the flag is a device int32, cleared by a memset and copied back.
namespace {

std::mutex g_flag_mu;
std::vector<int32_t*> g_free_flags;

int32_t* take_mapped_flag(Backend& b) {
  std::lock_guard<std::mutex> lk(g_flag_mu);
  if (g_free_flags.empty()) {
    constexpr int kSlots = 64, kLine = 64;
    void* block = nullptr;
    try {
      block = b.raw_alloc_pinned(kSlots * kLine);
    } catch (const std::exception&) { block = nullptr; }
    if (!block) return nullptr;
    for (int i = kSlots - 1; i >= 0; --i)
      g_free_flags.push_back(reinterpret_cast<int32_t*>(static_cast<char*>(block) + i * kLine));
  }
  int32_t* f = g_free_flags.back();
  g_free_flags.pop_back();
  return f;
}

void return_mapped_flag(int32_t* f) {
  std::lock_guard<std::mutex> lk(g_flag_mu);
  g_free_flags.push_back(f);
}

}  // namespace

ErrorFlag::ErrorFlag(const ndarray& like) {
  Backend& b = like.backend();
  backend_ = &b;
  stream_ = b.current_stream(like.device());
  if (like.device_type() == DeviceType::Cuda && (mapped_ = take_mapped_flag(b)) != nullptr) {
    *static_cast<volatile int32_t*>(mapped_) = 0;
    return;
  }
  buf_ = ndarray::empty(Dims{1}, dtypes::int32, Order::C, &b);
  b.memset(buf_.data(), 0, sizeof(int32_t), stream_);
}

ErrorFlag::~ErrorFlag() {
  if (!mapped_) return;
  if (!read_) {
    // (an exception between launch and check: a kernel may still write the slot)
    try {
      backend_->synchronize(stream_);
    } catch (...) {}
  }
  return_mapped_flag(mapped_);
}

bool ErrorFlag::raised() const {
  read_ = true;
  if (mapped_) {
    backend_->synchronize(stream_);  // host sync: the error decides whether we raise
    return *static_cast<volatile int32_t*>(mapped_) != 0;
  }
  int32_t v = 0;
  to_host(buf_, &v, Order::C, true);  // host sync: the error decides whether we raise
  return v != 0;
}

bool storage_aligned(const ndarray& a) {
  const int64_t req = a.itemsize() < 8 ? a.itemsize() : 8;
  if (req <= 1 || a.size() == 0) return true;
  if (a.data_ptr() % static_cast<uintptr_t>(req) != 0) return false;
  for (int d = 0; d < a.ndim(); ++d)
    if (a.shape()[d] > 1 && a.strides()[d] % req != 0) return false;
  return true;
}

ndarray aligned_source(const ndarray& a) { return storage_aligned(a) ? a : copy(a, Order::C); }

std::string np_shape(const Dims& s) {
  if (s.size() == 0) return "()";
  std::string r = "(";
  for (size_t i = 0; i < s.size(); ++i) {
    if (i) r += ",";
    r += std::to_string(s[i]);
  }
  return r + (s.size() == 1 ? ",)" : ")");
}

namespace {
const IndexLoops& loops_for(const ndarray& a) {
  const IndexLoops& l = index_loops(a.itemsize());
  if (!l.gather.any())
    throw NotImplementedError("advanced indexing of " + a.dtype().name() + " elements of " +
                              std::to_string(a.itemsize()) + " bytes is not supported (sizes 1, 2, 4, 8 and 16 are)");
  return l;
}
}  // namespace

void gather(const ndarray& out, const ndarray& src, const ndarray& idx, const IndexState& st) {
  ndarray ops[3] = {out, src, idx};
  run_loop_unstaged(loops_for(out).gather, ops, 3, &st);
}

void scatter(const ndarray& dst, const ndarray& val, const ndarray& idx, const IndexState& st) {
  ndarray ops[3] = {dst, val, idx};
  run_loop_unstaged(loops_for(dst).scatter, ops, 3, &st);
}

std::optional<int64_t> first_out_of_bounds(const ndarray& idx, int64_t size) {
  std::vector<int64_t> v(static_cast<size_t>(idx.size()));
  to_host(idx, v.data(), Order::C, true);
  for (int64_t x : v)
    if (x < -size || x >= size) return x;
  return std::nullopt;
}

void raise_out_of_bounds(const std::vector<AxisIndex>& parts) {
  // 0-d parts first: NumPy takes 0-d integer arrays (and integers) among index arrays as integers
  // and checks them before it iterates the arrays, so their error is the one it reports.
  for (const bool zero_d : {true, false}) {
    for (const auto& p : parts) {
      if ((p.idx.ndim() == 0) != zero_d) continue;
      if (auto bad = first_out_of_bounds(p.idx, p.size))
        throw IndexError("index " + std::to_string(*bad) + " is out of bounds for axis " + std::to_string(p.axis) +
                         " with size " + std::to_string(p.size));
    }
  }
  throw IndexError("index out of bounds");
}

ndarray index_offsets(const Dims& shape, const std::vector<AxisIndex>& parts, IndexMode mode, const ndarray& like,
                      const char* value_error) {
  ndarray out = ndarray::empty(shape, dtypes::int64, Order::C, &like.backend());
  Backend& b = out.backend();
  bool checks = false;
  for (const auto& p : parts) checks = checks || p.mode.value_or(mode) == IndexMode::Raise;
  std::optional<ErrorFlag> flag;
  if (checks) flag.emplace(like);
  if (out.size() > 0) b.memset(out.data(), 0, static_cast<size_t>(out.nbytes()), b.current_stream(out.device()));
  for (const auto& p : parts) {
    IndexState st{p.stride, p.size, p.mode.value_or(mode), flag ? flag->ptr() : nullptr};
    idx::OffsetsF f{st};
    if (out.size() == 0) {
      // Nothing to compute, but the indices are still checked (as NumPy does).
      if (st.mode != IndexMode::Raise || p.idx.size() == 0) continue;
      ndarray scratch = ndarray::empty(p.idx.shape(), dtypes::int64, Order::C, &like.backend());
      ndarray ops[3] = {scratch, p.idx, p.idx};
      idx::OffsetsF g{IndexState{0, p.size, IndexMode::Raise, flag->ptr()}};
      run_elementwise(index_offsets_loops(), ops, 1, 2, &g);
      continue;
    }
    ndarray ops[3] = {out, out, p.idx};
    run_elementwise(index_offsets_loops(), ops, 1, 2, &f);
  }
  if (flag && flag->raised()) {
    if (value_error) throw ValueError(value_error);
    raise_out_of_bounds(parts);
  }
  return out;
}

ndarray nonzero_coords(const ndarray& a) {
  const int nd = a.ndim() == 0 ? 1 : a.ndim();
  ndarray mask = a.dtype().is_bool() && a.c_contiguous() ? a : astype(a, dtypes::bool_, Order::C);
  const int64_t n = mask.size();
  Backend& b = a.backend();
  Stream s = b.current_stream(a.device());
  const MaskCountFn mask_count = mask_fns().count.require(a.device_type(), "nonzero");
  const MaskCoordsFn mask_coords = mask_fns().coords.require(a.device_type(), "nonzero");
  ndarray work = ndarray::empty(Dims{mask_work_size(n)}, dtypes::int64, Order::C, &b);
  const bool* m = n ? reinterpret_cast<const bool*>(mask.data()) : nullptr;
  // One host sync: the number of nonzero elements sizes the result.
  int64_t count = n ? mask_count(m, n, reinterpret_cast<int64_t*>(work.data()), s) : 0;
  ndarray out = ndarray::empty(Dims{nd, count}, dtypes::int64, Order::C, &b);
  CoordShape cs;
  cs.ndim = nd;
  for (int k = 0; k < nd; ++k) cs.shape[k] = a.ndim() == 0 ? 1 : a.shape()[k];
  if (count)
    mask_coords(m, n, reinterpret_cast<const int64_t*>(work.data()), cs, reinterpret_cast<int64_t*>(out.data()), count,
                s);
  return out;
}

namespace {

// The row size in bytes of `a` grouped by its dimensions from k on (one row per mask entry),
// when the rows can move as single index-kernel elements: a C-contiguous, the row 1, 2, 4, 8 or
// 16 bytes and a's pointer aligned for that storage type. Else 0.
int64_t row_bytes(const ndarray& a, int k) {
  int64_t r = a.itemsize();
  for (int d = k; d < a.ndim(); ++d) r *= a.shape()[d];
  if (r != 1 && r != 2 && r != 4 && r != 8 && r != 16) return 0;
  if (!a.c_contiguous()) return 0;
  const int64_t req = r < 8 ? r : 8;  // Bytes16 is 8-byte aligned (index_functors.hpp)
  return a.data_ptr() % static_cast<uintptr_t>(req) == 0 ? r : 0;
}

struct CountedMask {
  ndarray mask;  // contiguous bool
  ndarray work;  // per-tile offsets (MaskFns::count)
  int64_t count = 0;
  const bool* ptr() const { return mask.size() ? reinterpret_cast<const bool*>(mask.data()) : nullptr; }
  const int64_t* offsets() const { return reinterpret_cast<const int64_t*>(work.data()); }
};

CountedMask count_mask(const ndarray& mask_in, const ndarray& like) {
  CountedMask c;
  c.mask = mask_in.dtype().is_bool() && mask_in.c_contiguous() ? mask_in : astype(mask_in, dtypes::bool_, Order::C);
  const MaskCountFn mask_count = mask_fns().count.require(like.device_type(), "boolean mask indexing");
  const int64_t n = c.mask.size();
  Backend& b = like.backend();
  c.work = ndarray::empty(Dims{mask_work_size(n)}, dtypes::int64, Order::C, &b);
  // The one host sync of a boolean mask: the number of selected elements sizes the result (or is
  // checked against the values of an assignment).
  c.count = n ? mask_count(c.ptr(), n, reinterpret_cast<int64_t*>(c.work.data()), b.current_stream(like.device())) : 0;
  return c;
}

}  // namespace

std::optional<ndarray> mask_select(const ndarray& a_in, const ndarray& mask_in) {
  const int k = mask_in.ndim();
  if (k < 1 || k > a_in.ndim()) return std::nullopt;
  ndarray a = a_in;
  if (k == a.ndim() && !(a.c_contiguous() && storage_aligned(a))) a = copy(a, Order::C);
  const int64_t rb = row_bytes(a, k);
  if (rb == 0) return std::nullopt;
  const IndexLoops& l = index_loops(rb);
  const MaskSelectFn select = l.select.get(a.device_type());
  if (!select) return std::nullopt;
  CountedMask m = count_mask(mask_in, a);  // one host sync
  Dims shape{m.count};
  for (int d = k; d < a.ndim(); ++d) shape.push_back(a.shape()[d]);
  Backend& b = a.backend();
  ndarray out = ndarray::empty(shape, a.dtype(), Order::C, &b);
  if (m.count) select(m.ptr(), m.mask.size(), m.offsets(), a.data(), out.data(), b.current_stream(a.device()));
  return out;
}

bool mask_place(const ndarray& a, const ndarray& mask, const ndarray& value) {
  if (mask.ndim() != a.ndim() || a.ndim() == 0 || value.ndim() > 1) return false;
  const int64_t rb = row_bytes(a, a.ndim());
  if (rb == 0) return false;
  const IndexLoops& l = index_loops(rb);
  const MaskPlaceFn place = l.place.get(a.device_type());
  if (!place) return false;
  CountedMask m = count_mask(mask, a);  // one host sync: the count is checked before writing
  if (value.size() != m.count)
    throw ValueError("NumPy boolean array indexing assignment cannot assign " + std::to_string(value.size()) +
                     " input values to the " + std::to_string(m.count) + " output values where the mask is true");
  if (m.count == 0) return true;
  ndarray v = value;
  if (v.dtype() != a.dtype()) v = astype(v, a.dtype(), Order::C, Casting::Unsafe, true);
  if (v.may_share_memory(a) || !v.c_contiguous() || !storage_aligned(v)) v = copy(v, Order::C);
  Backend& b = a.backend();
  place(m.ptr(), m.mask.size(), m.offsets(), v.data(), a.data(), b.current_stream(a.device()));
  return true;
}

ndarray iota(int64_t n, const ndarray& like, int64_t start, int64_t step) {
  ndarray out = ndarray::empty(Dims{n}, dtypes::int64, Order::C, &like.backend());
  IotaState st{start, step};
  run_loop_unstaged(iota_loops(), &out, 1, &st);
  return out;
}

void where_copy(const ndarray& dst, const ndarray& mask, const ndarray& val) {
  ndarray m = mask.dtype().is_bool() ? mask : astype(mask, dtypes::bool_);
  ndarray ops[4] = {dst, m, val, dst};
  run_elementwise(loops_for(dst).where_copy, ops, 1, 3);
}

}  // namespace cupric::detail
