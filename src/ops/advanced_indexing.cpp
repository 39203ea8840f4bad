// Advanced indexing: a[idx] and a[idx] = v with integer arrays, boolean masks and their mixes
// with basic indices (cupric/ops/indexing.hpp), following NumPy's mapping.c semantics.
//
// Note [Advanced index layout]
// An index is split in one pass over the source dimensions into
//  - a basic part: the view dimensions V (slices, newaxis, ellipsis, in order) and a byte
//    offset (integers), and
//  - advanced parts: one int64 array per indexed source axis (integer arrays as given, a
//    boolean mask of m dimensions as the m coordinate rows of its nonzero elements, a 0-d
//    boolean as an index of a new length-1 axis), broadcast together to the shape B.
// The result shape is V[:p] + B + V[p:], where p is the number of view dimensions before the
// first advanced index when all advanced indices (integers count as advanced once an array is
// present, as in NumPy) are adjacent in the index, and 0 otherwise: NumPy's placement rule.
// One part is gathered directly, checking its range in the kernel; several are first combined
// into byte offsets (engine/index/index_engine.hpp), which also checks them. Either way an out-of-range
// integer index costs one host sync to find out, and raises NumPy's IndexError.
#include <optional>
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/indexing.hpp"
#include "cupric/ops/manipulation.hpp"
#include "engine/index/index_kernels.hpp"
#include "engine/index/index_engine.hpp"

namespace cupric {
namespace {

using detail::AxisIndex;

struct AdvancedPlan {
  Dims vshape, vstrides;  // the basic part's view dimensions V
  int64_t offset = 0;     // byte offset of the basic part
  int p = 0;              // where B goes in the result
  Dims bshape;            // broadcast shape of the advanced parts
  std::vector<AxisIndex> parts;
  bool checked = false;      // some part is a user integer array: its range must be checked
  bool single_mask = false;  // the index is one boolean array spanning all of a's dimensions
  ndarray mask;              // that array

  // The parts NumPy checks even when the index arrays broadcast to an empty shape: 0-d integer
  // arrays (and integers among arrays), which NumPy takes as integers, not as arrays to iterate.
  std::vector<AxisIndex> scalar_parts() const {
    std::vector<AxisIndex> r;
    for (const auto& part : parts)
      if (part.idx.ndim() == 0) r.push_back(part);
    return r;
  }

  Dims result_shape() const {
    Dims r;
    for (int i = 0; i < p; ++i) r.push_back(vshape[i]);
    for (int64_t b : bshape) r.push_back(b);
    for (size_t i = p; i < vshape.size(); ++i) r.push_back(vshape[i]);
    return r;
  }
  // `a` restrided to the result shape: stride 0 on the B dimensions (Note [Restrided operands]).
  ndarray restrided_source(const ndarray& a) const {
    Dims strides;
    for (int i = 0; i < p; ++i) strides.push_back(vstrides[i]);
    for (size_t i = 0; i < bshape.size(); ++i) strides.push_back(0);
    for (size_t i = p; i < vstrides.size(); ++i) strides.push_back(vstrides[i]);
    return a.view(result_shape(), std::move(strides), offset);
  }
  // An index array broadcast to B, embedded in the result shape with stride 0 elsewhere.
  ndarray embedded(const ndarray& idx) const {
    ndarray b = broadcast_to(idx, bshape);
    Dims strides;
    for (int i = 0; i < p; ++i) strides.push_back(0);
    for (int64_t s : b.strides()) strides.push_back(s);
    for (size_t i = p; i < vstrides.size(); ++i) strides.push_back(0);
    return b.view(result_shape(), std::move(strides), 0);
  }
};

[[noreturn]] void too_many(int ndim, int consumed) {
  throw IndexError("too many indices for array: array is " + std::to_string(ndim) + "-dimensional, but " +
                   std::to_string(consumed) + " were indexed");
}

AdvancedPlan plan_index(const ndarray& a, const std::vector<Index>& idx) {
  using K = Index::Kind;
  // Validate the index arrays and count the dimensions the index consumes.
  int consumed = 0, ellipses = 0;
  std::vector<ndarray> arrays(idx.size());
  for (size_t i = 0; i < idx.size(); ++i) {
    const Index& x = idx[i];
    if (x.kind == K::Integer || x.kind == K::Slice) ++consumed;
    if (x.kind == K::Ellipsis) ++ellipses;
    if (x.kind != K::Array) continue;
    const ndarray& arr = x.array;
    if (arr.dtype().is_bool()) {
      arrays[i] = arr;
      consumed += arr.ndim();
    } else if (arr.dtype().is_integer()) {
      arrays[i] = astype(arr, dtypes::int64, Order::K, Casting::Unsafe, false);
      ++consumed;
    } else {
      throw IndexError("arrays used as indices must be of integer (or boolean) type");
    }
  }
  if (ellipses > 1) throw IndexError("an index can only have a single ellipsis ('...')");
  if (consumed > a.ndim()) too_many(a.ndim(), consumed);

  AdvancedPlan plan;
  int dim = 0;
  bool seen_fancy = false, ended = false, consecutive = true;
  auto fancy_here = [&] {
    if (!seen_fancy)
      plan.p = static_cast<int>(plan.vshape.size());
    else if (ended)
      consecutive = false;
    seen_fancy = true;
  };
  auto basic_here = [&] {
    if (seen_fancy) ended = true;
  };
  auto full_slice = [&] {
    plan.vshape.push_back(a.shape()[dim]);
    plan.vstrides.push_back(a.strides()[dim]);
    ++dim;
  };
  for (size_t i = 0; i < idx.size(); ++i) {
    const Index& x = idx[i];
    switch (x.kind) {
      case K::Integer: {
        fancy_here();  // integers are advanced indices once an array is present
        int64_t len = a.shape()[dim];
        int64_t v = x.value < 0 ? x.value + len : x.value;
        if (v < 0 || v >= len)
          throw IndexError("index " + std::to_string(x.value) + " is out of bounds for axis " + std::to_string(dim) +
                           " with size " + std::to_string(len));
        plan.offset += v * a.strides()[dim];
        ++dim;
        break;
      }
      case K::Slice: {
        basic_here();
        SliceBounds b = adjust_slice(a.shape()[dim], x.start, x.stop, x.step);
        if (b.length > 0) plan.offset += b.start * a.strides()[dim];
        plan.vshape.push_back(b.length);
        plan.vstrides.push_back(a.strides()[dim] * b.step);
        ++dim;
        break;
      }
      case K::NewAxis:
        basic_here();
        plan.vshape.push_back(1);
        plan.vstrides.push_back(0);
        break;
      case K::Ellipsis:
        basic_here();
        for (int k = a.ndim() - consumed; k > 0; --k) full_slice();
        break;
      case K::Array: {
        fancy_here();
        const ndarray& arr = arrays[i];
        if (!arr.dtype().is_bool()) {
          plan.parts.push_back({arr, a.strides()[dim], a.shape()[dim], dim});
          plan.checked = true;
          ++dim;
        } else if (arr.ndim() == 0) {
          // A 0-d boolean indexes a new length-1 axis: [0] when true, [] when false.
          bool v = false;
          to_host(arr, &v, Order::C, true);  // host sync: the value decides the result's shape
          ndarray ix = detail::iota(v ? 1 : 0, a);
          plan.parts.push_back({ix, 0, 1, dim});
        } else {
          for (int j = 0; j < arr.ndim(); ++j) {
            if (arr.shape()[j] != a.shape()[dim + j])
              throw IndexError("boolean index did not match indexed array along axis " + std::to_string(dim + j) +
                               "; size of axis is " + std::to_string(a.shape()[dim + j]) +
                               " but size of corresponding boolean axis is " + std::to_string(arr.shape()[j]));
          }
          if (idx.size() == 1 && arr.ndim() == a.ndim()) {
            plan.single_mask = true;
            plan.mask = arr;
          }
          ndarray coords = detail::nonzero_coords(arr);  // one host sync: the count
          const int64_t count = coords.shape()[1];
          for (int j = 0; j < arr.ndim(); ++j) {
            ndarray row = coords.view(Dims{count}, Dims{8}, j * count * 8);
            plan.parts.push_back({row, a.strides()[dim + j], a.shape()[dim + j], dim + j});
          }
          dim += arr.ndim();
        }
        break;
      }
    }
  }
  while (dim < a.ndim()) full_slice();
  if (!consecutive) plan.p = 0;
  std::vector<Dims> shapes;
  for (const auto& part : plan.parts) shapes.push_back(part.idx.shape());
  try {
    plan.bshape = broadcast_shapes(shapes);
  } catch (const ValueError&) {
    std::string msg = "shape mismatch: indexing arrays could not be broadcast together with shapes ";
    for (const auto& s : shapes) msg += detail::np_shape(s) + " ";
    throw IndexError(msg);
  }
  return plan;
}

bool has_array(const std::vector<Index>& idx) {
  for (const auto& x : idx)
    if (x.kind == Index::Kind::Array) return true;
  return false;
}

IndexMode check_mode(const AdvancedPlan& plan) { return plan.checked ? IndexMode::Raise : IndexMode::Trusted; }

}  // namespace

ndarray getitem(const ndarray& a_in, const std::vector<Index>& idx) {
  if (!has_array(idx)) return basic_index(a_in, idx);
  // One mask over all of a (x[x > 0.5]) or its leading dimensions: compact the elements (rows)
  // directly, no coordinates (engine/index/index_engine.hpp).
  if (idx.size() == 1 && idx[0].kind == Index::Kind::Array && idx[0].array.dtype().is_bool()) {
    const ndarray& m = idx[0].array;
    bool leading = m.ndim() >= 1 && m.ndim() <= a_in.ndim();
    for (int d = 0; leading && d < m.ndim(); ++d) leading = m.shape()[d] == a_in.shape()[d];
    if (leading && index_loops(a_in.itemsize()).gather.any())
      if (auto r = detail::mask_select(a_in, m)) return *r;
  }
  const ndarray a = detail::aligned_source(a_in);
  AdvancedPlan plan = plan_index(a, idx);
  ndarray out = ndarray::empty(plan.result_shape(), a.dtype(), Order::C, &a.backend());
  bool empty_axis = false;  // an index into a length-0 axis: every value is out of range
  for (const auto& part : plan.parts) empty_axis = empty_axis || part.size == 0;
  if (out.size() == 0 || empty_axis) {
    // Nothing to copy, but NumPy still checks the indices (and the kernels must not read an
    // empty axis: Raise mode reads element 0 after flagging) -- except index arrays that
    // broadcast to an empty shape: NumPy reads none of them (a[[False], [5]] is empty), only
    // its integers (a[[False], 5] raises).
    if (plan.checked) {
      if (shape_size(plan.bshape) > 0)
        detail::index_offsets(plan.bshape, plan.parts, IndexMode::Raise, a);
      else if (auto ints = plan.scalar_parts(); !ints.empty())
        detail::index_offsets(plan.bshape, ints, IndexMode::Raise, a);
    }
    return out;
  }
  ndarray src = plan.restrided_source(a);
  if (plan.parts.size() == 1) {
    const AxisIndex& part = plan.parts[0];
    std::optional<detail::ErrorFlag> flag;
    if (plan.checked) flag.emplace(a);
    IndexState st{part.stride, part.size, check_mode(plan), flag ? flag->ptr() : nullptr};
    detail::gather(out, src, plan.embedded(part.idx), st);
    if (flag && flag->raised()) detail::raise_out_of_bounds(plan.parts);
    return out;
  }
  ndarray off = detail::index_offsets(plan.bshape, plan.parts, check_mode(plan), a);
  detail::gather(out, src, plan.embedded(off), IndexState{1, INT64_MAX, IndexMode::Trusted, nullptr});
  return out;
}

void setitem(const ndarray& a, const std::vector<Index>& idx, const ndarray& value_in) {
  if (!has_array(idx)) return basic_assign(a, idx, value_in);
  if (!detail::storage_aligned(a)) {
    ndarray tmp = copy(a, Order::C);
    setitem(tmp, idx, value_in);
    copyto(a, tmp, Casting::Unsafe);
    return;
  }
  ndarray value = value_in;
  if (value.dtype() != a.dtype()) {
    if (value.dtype().is_void() || a.dtype().is_void())
      throw TypeError("cannot assign an array of dtype " + value.dtype().name() + " to one of dtype " +
                      a.dtype().name());
    value = astype(value, a.dtype(), Order::K, Casting::Unsafe, true);
  }
  // The whole index is one mask over all of a: NumPy's boolean assignment, which takes 0-d and
  // 1-d values only; a single value needs no count (no host sync): a masked copy.
  const Index* only = idx.size() == 1 ? &idx[0] : nullptr;
  if (only && only->kind == Index::Kind::Array && only->array.dtype().is_bool() && only->array.ndim() == a.ndim() &&
      a.ndim() > 0) {
    const ndarray& m = only->array;
    for (int j = 0; j < m.ndim(); ++j)
      if (m.shape()[j] != a.shape()[j])
        throw IndexError("boolean index did not match indexed array along axis " + std::to_string(j) +
                         "; size of axis is " + std::to_string(a.shape()[j]) +
                         " but size of corresponding boolean axis is " + std::to_string(m.shape()[j]));
    if (value.ndim() > 1)
      throw TypeError("NumPy boolean array indexing assignment requires a 0 or 1-dimensional input, input has " +
                      std::to_string(value.ndim()) + " dimensions");
    if (value.size() == 1) {
      detail::where_copy(a, m, value.ndim() ? value.view(Dims{}, Dims{}, 0) : value);
      return;
    }
    // A value per selected element: one compaction-shaped pass, no coordinates.
    if (detail::mask_place(a, m, value)) return;
  }
  AdvancedPlan plan = plan_index(a, idx);
  const Dims rshape = plan.result_shape();
  if (plan.single_mask && value.size() != shape_size(rshape))
    throw ValueError("NumPy boolean array indexing assignment cannot assign " + std::to_string(value.size()) +
                     " input values to the " + std::to_string(shape_size(rshape)) +
                     " output values where the mask is true");
  // Leading length-1 dimensions of the value beyond the result's are dropped, as NumPy does.
  while (value.ndim() > static_cast<int>(rshape.size()) && value.shape()[0] == 1)
    value = value.view(Dims(value.shape().begin() + 1, value.shape().end()),
                       Dims(value.strides().begin() + 1, value.strides().end()), 0);
  bool fits = value.ndim() <= static_cast<int>(rshape.size());
  for (int i = 0; fits && i < value.ndim(); ++i) {
    int64_t v = value.shape()[value.ndim() - 1 - i], r = rshape[rshape.size() - 1 - i];
    fits = v == r || v == 1;
  }
  if (!fits)
    throw ValueError("shape mismatch: value array of shape " + detail::np_shape(value_in.shape()) +
                     " could not be broadcast to indexing result of shape " + detail::np_shape(rshape));
  // Index arrays that broadcast to an empty shape select nothing and are not read; integers
  // among them are still checked (NumPy).
  if (shape_size(plan.bshape) == 0) {
    if (auto ints = plan.scalar_parts(); !ints.empty()) detail::index_offsets(plan.bshape, ints, check_mode(plan), a);
    return;
  }
  // Checked before anything is written, so a bad index leaves `a` unchanged.
  ndarray off = detail::index_offsets(plan.bshape, plan.parts, check_mode(plan), a);
  if (shape_size(rshape) == 0) return;
  if (value.may_share_memory(a)) value = copy(value, Order::C);
  value = detail::aligned_source(value);
  ndarray dst = plan.restrided_source(a);
  detail::scatter(dst, broadcast_to(value, rshape), plan.embedded(off),
                  IndexState{1, INT64_MAX, IndexMode::Trusted, nullptr});
}

}  // namespace cupric
