// numpy.insert, delete, trim_zeros, block and row_stack (cupric/ops/elements.hpp), composed of
// slice copies, take and advanced indexing as NumPy's own function_base.py / shape_base.py
// compose them. Index sets given on the host (ints, slices) never touch the device until the
// final gather; index arrays on the device cost the host syncs the header names.
#include "cupric/ops/elements.hpp"
#include <algorithm>
#include <cctype>
#include <numeric>
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/ufunc.hpp"

namespace cupric {
namespace {

ndarray along(const ndarray& a, int axis, int64_t start, int64_t len) {
  Dims shape = a.shape();
  const int64_t off = len > 0 ? start * a.strides()[axis] : 0;
  shape[axis] = len;
  return a.view(std::move(shape), a.strides(), off);
}

ndarray device_int64(const std::vector<int64_t>& v, const ndarray& like) {
  const int64_t n = static_cast<int64_t>(v.size());
  return from_host(v.data(), Dims{n}, Dims{8}, dtypes::int64, &like.backend());
}

std::vector<int64_t> host_int64(const ndarray& a) {
  ndarray c = astype(ravel(a), dtypes::int64, Order::C, Casting::Unsafe, false);
  std::vector<int64_t> v(static_cast<size_t>(c.size()));
  if (!v.empty()) to_host(c, v.data(), Order::C, true);  // host sync
  return v;
}

// NumPy's arrorder: F for an F- but not C-contiguous input, else C.
Order result_order(const ndarray& a) { return a.f_contiguous() && !a.c_contiguous() ? Order::F : Order::C; }

// insert/delete flatten `arr` when axis is None (NumPy's `arr.ravel()`); else check the axis.
int resolve_axis(ndarray& arr, std::optional<int64_t> axis) {
  if (!axis) {
    if (arr.ndim() != 1) arr = ravel(arr);
    return arr.ndim() - 1;
  }
  return normalize_axis(*axis, arr.ndim());
}

std::vector<Index> axis_index(int axis, Index idx) {
  std::vector<Index> v(static_cast<size_t>(axis), Index::slice());
  v.push_back(std::move(idx));
  return v;
}

std::string out_of_bounds(const std::string& what, int axis, int64_t n) {
  return "index " + what + " is out of bounds for axis " + std::to_string(axis) + " with size " + std::to_string(n);
}

ndarray in_order(ndarray r, Order order) { return order == Order::F && !r.f_contiguous() ? copy(r, Order::F) : r; }

// All positions along an axis of length n except those of `drop` (host side).
ndarray kept_positions(int64_t n, const std::vector<bool>& drop, const ndarray& like) {
  std::vector<int64_t> keep;
  for (int64_t i = 0; i < n; ++i)
    if (!drop[static_cast<size_t>(i)]) keep.push_back(i);
  return device_int64(keep, like);
}

}  // namespace

ndarray insert(const ndarray& arr_in, const Index& obj, const ndarray& values_in, std::optional<int64_t> axis_in) {
  const Order order = result_order(arr_in);
  ndarray arr = arr_in;
  const int axis = resolve_axis(arr, axis_in);
  const int64_t N = arr.shape()[axis];
  std::vector<int64_t> idx;
  bool scalar_index = false;
  switch (obj.kind) {
    case Index::Kind::Integer:
      idx.push_back(obj.value);
      scalar_index = true;
      break;
    case Index::Kind::Slice: {
      SliceBounds b = adjust_slice(N, obj.start, obj.stop, obj.step);
      for (int64_t i = 0; i < b.length; ++i) idx.push_back(b.start + i * b.step);
      break;
    }
    case Index::Kind::Array: {
      const ndarray& a = obj.array;
      if (a.dtype().is_bool()) {
        if (a.ndim() != 1) throw ValueError("boolean array argument obj to insert must be one dimensional");
        idx = host_int64(flatnonzero(a));
      } else {
        if (a.ndim() > 1) throw ValueError("index array argument obj to insert must be one dimensional or scalar");
        if (!a.dtype().is_integer() && a.size() > 0)
          throw IndexError("arrays used as indices must be of integer (or boolean) type");
        idx = host_int64(a);
        scalar_index = a.ndim() == 0;
      }
      break;
    }
    default: throw TypeError("insert: obj must be an integer, a slice or an array of indices");
  }
  ndarray values = astype(values_in, arr.dtype(), Order::K, Casting::Unsafe, false);
  if (idx.size() == 1) {
    int64_t index = idx[0];
    if (index < -N || index > N)
      throw IndexError(
          out_of_bounds(scalar_index ? std::to_string(index) : "[" + std::to_string(index) + "]", axis, N));
    if (index < 0) index += N;
    while (values.ndim() < arr.ndim()) values = expand_dims(values, 0);
    if (scalar_index) values = moveaxis(values, 0, axis);
    const int64_t numnew = values.shape()[axis];
    Dims shape = arr.shape();
    shape[axis] += numnew;
    ndarray out = ndarray::empty(shape, arr.dtype(), order, &arr.backend());
    copyto(along(out, axis, 0, index), along(arr, axis, 0, index), Casting::Unsafe);
    copyto(along(out, axis, index, numnew), values, Casting::Unsafe);
    copyto(along(out, axis, index + numnew, N - index), along(arr, axis, index, N - index), Casting::Unsafe);
    return out;
  }
  // Several indices: each lands at its index plus the number of indices placed before it
  // (a stable order, as NumPy's mergesort), the old elements fill the rest.
  for (int64_t& i : idx)
    if (i < 0) i += N;
  const int64_t numnew = static_cast<int64_t>(idx.size()), newN = N + numnew;
  std::vector<size_t> rank(idx.size());
  std::iota(rank.begin(), rank.end(), size_t{0});
  std::stable_sort(rank.begin(), rank.end(), [&](size_t a, size_t b) { return idx[a] < idx[b]; });
  std::vector<int64_t> pos(idx.size());
  std::vector<bool> taken(static_cast<size_t>(newN), false);
  for (size_t r = 0; r < rank.size(); ++r) {
    int64_t p = idx[rank[r]] + static_cast<int64_t>(r);
    if (p < -newN || p >= newN) throw IndexError(out_of_bounds(std::to_string(p), 0, newN));
    if (p < 0) p += newN;
    pos[rank[r]] = p;
    taken[static_cast<size_t>(p)] = true;
  }
  ndarray old_pos = kept_positions(newN, taken, arr);
  if (old_pos.size() != N)
    throw ValueError("shape mismatch: the positions left for the old elements do not match their number");
  Dims shape = arr.shape();
  shape[axis] = newN;
  ndarray out = ndarray::empty(shape, arr.dtype(), order, &arr.backend());
  setitem(out, axis_index(axis, Index::array_index(device_int64(pos, arr))), values);
  setitem(out, axis_index(axis, Index::array_index(old_pos)), arr);
  return out;
}

ndarray delete_(const ndarray& arr_in, const Index& obj, std::optional<int64_t> axis_in) {
  const Order order = result_order(arr_in);
  ndarray arr = arr_in;
  const int axis = resolve_axis(arr, axis_in);
  const int64_t N = arr.shape()[axis];
  auto without = [&](const std::vector<bool>& drop) {
    return in_order(take(arr, kept_positions(N, drop, arr), axis), order);
  };
  if (obj.kind == Index::Kind::Slice) {
    SliceBounds b = adjust_slice(N, obj.start, obj.stop, obj.step);
    if (b.length <= 0) return copy(arr, order);
    std::vector<bool> drop(static_cast<size_t>(N), false);
    for (int64_t i = 0; i < b.length; ++i) drop[static_cast<size_t>(b.start + i * b.step)] = true;
    return without(drop);
  }
  std::optional<int64_t> single;
  if (obj.kind == Index::Kind::Integer)
    single = obj.value;
  else if (obj.kind != Index::Kind::Array)
    throw TypeError("delete: obj must be an integer, a slice or an array of indices");
  else if (obj.array.size() == 1 && obj.array.dtype().is_integer())
    single = host_int64(obj.array)[0];
  if (single) {
    int64_t i = *single;
    if (i < -N || i >= N) throw IndexError(out_of_bounds(std::to_string(i), axis, N));
    if (i < 0) i += N;
    std::vector<bool> drop(static_cast<size_t>(N), false);
    drop[static_cast<size_t>(i)] = true;
    return without(drop);
  }
  ndarray keep;
  if (obj.array.dtype().is_bool()) {
    if (obj.array.shape() != Dims{N})
      throw ValueError("boolean array argument obj to delete must be one dimensional and match the axis length of " +
                       std::to_string(N));
    keep = logical_not(obj.array);
  } else {
    keep = ones(Dims{N}, dtypes::bool_);
    setitem(keep, {Index::array_index(obj.array)}, zeros(Dims{}, dtypes::bool_));
  }
  return getitem(arr, axis_index(axis, Index::array_index(keep)));  // one host sync (the count)
}

ndarray trim_zeros(const ndarray& filt, std::string_view trim_in, const AxisArg& axis) {
  std::string trim(trim_in);
  for (char& c : trim) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (trim != "fb" && trim != "bf" && trim != "f" && trim != "b")
    throw ValueError("unexpected character(s) in `trim`: '" + trim + "'");
  const int nd = filt.ndim();
  std::vector<bool> trimmed(static_cast<size_t>(nd), axis.is_none());
  if (!axis.is_none()) {
    for (int64_t ax : axis.axes()) {
      if (ax < -nd || ax >= nd)
        throw AxisError("axis: axis " + std::to_string(ax) + " is out of bounds for array of dimension " +
                        std::to_string(nd));
      const size_t d = static_cast<size_t>(ax < 0 ? ax + nd : ax);
      if (trimmed[d]) throw ValueError("repeated axis in `axis` argument");
      trimmed[d] = true;
    }
  }
  if (std::find(trimmed.begin(), trimmed.end(), true) == trimmed.end()) return filt;
  // The bounding box of the nonzero elements: per axis, which hyperplanes hold one (one sync).
  ndarray nz = not_equal(filt, 0);
  std::vector<ndarray> profiles;
  for (int d = 0; d < nd; ++d) {
    std::vector<int64_t> others;
    for (int e = 0; e < nd; ++e)
      if (e != d) others.push_back(e);
    profiles.push_back(nd == 1 ? nz : any(nz, AxisArg(others)));
  }
  std::vector<bool> flags = to_vector<bool>(concatenate(profiles, 0));
  ndarray r = filt;
  size_t base = 0;
  const bool empty = std::find(flags.begin(), flags.begin() + filt.shape()[0], true) == flags.begin() + filt.shape()[0];
  for (int d = 0; d < nd; ++d) {
    const int64_t n = filt.shape()[d];
    if (trimmed[static_cast<size_t>(d)]) {
      int64_t start = 0, stop = 0;
      if (!empty) {
        start = n, stop = 0;
        for (int64_t i = 0; i < n; ++i)
          if (flags[base + static_cast<size_t>(i)]) {
            start = std::min(start, i);
            stop = i + 1;
          }
        if (trim.find('f') == std::string::npos) start = 0;
        if (trim.find('b') == std::string::npos) stop = n;
      }
      r = along(r, d, start, std::max<int64_t>(stop - start, 0));
    }
    base += static_cast<size_t>(n);
  }
  return r;
}

namespace {

// NumPy's _block_check_depths_match: the index of the first bottom element (-1 marks an empty
// list, as NumPy's None) and the largest leaf ndim.
struct BlockDepth {
  std::vector<int64_t> index;
  int max_ndim = 0;
};
std::string block_index_str(const std::vector<int64_t>& index) {
  std::string s = "arrays";
  for (int64_t i : index)
    if (i >= 0) s += "[" + std::to_string(i) + "]";
  return s;
}
BlockDepth block_depths(const BlockNode& node, const std::vector<int64_t>& parent) {
  if (!node.is_list) return {parent, node.array.ndim()};
  if (node.items.empty()) {
    std::vector<int64_t> index = parent;
    index.push_back(-1);
    return {index, 0};
  }
  auto child_index = [&](size_t i) {
    std::vector<int64_t> index = parent;
    index.push_back(static_cast<int64_t>(i));
    return index;
  };
  BlockDepth first = block_depths(node.items[0], child_index(0));
  for (size_t i = 1; i < node.items.size(); ++i) {
    BlockDepth d = block_depths(node.items[i], child_index(i));
    first.max_ndim = std::max(first.max_ndim, d.max_ndim);
    if (d.index.size() != first.index.size())
      throw ValueError("List depths are mismatched. First element was at depth " + std::to_string(first.index.size()) +
                       ", but there is an element at depth " + std::to_string(d.index.size()) + " (" +
                       block_index_str(d.index) + ")");
    if (d.index.back() == -1) first.index = d.index;
  }
  return first;
}

ndarray block_recursive(const BlockNode& node, int max_depth, int result_ndim, int depth) {
  if (depth < max_depth) {
    std::vector<ndarray> parts;
    for (const auto& item : node.items) parts.push_back(block_recursive(item, max_depth, result_ndim, depth + 1));
    return concatenate(parts, -(max_depth - depth));
  }
  ndarray a = node.array;
  while (a.ndim() < result_ndim) a = expand_dims(a, 0);
  return a;
}

}  // namespace

ndarray block(const BlockNode& arrays) {
  BlockDepth d = block_depths(arrays, {});
  const int list_ndim = static_cast<int>(d.index.size());
  if (!d.index.empty() && d.index.back() == -1)
    throw ValueError("List at " + block_index_str(d.index) + " cannot be empty");
  const int result_ndim = std::max(d.max_ndim, list_ndim);
  ndarray r = block_recursive(arrays, list_ndim, result_ndim, 0);
  return list_ndim == 0 ? copy(r, Order::K) : r;
}

ndarray row_stack(const std::vector<ndarray>& tup, std::optional<DType> dtype, Casting casting) {
  return vstack(tup, dtype, casting);
}

}  // namespace cupric
