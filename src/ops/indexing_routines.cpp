// NumPy's indexing routines (cupric/ops/indexing.hpp): take, put, *_along_axis, compress,
// extract, nonzero, argwhere, place, putmask, choose, indices, ix_, unravel_index,
// ravel_multi_index, diag_indices, fill_diagonal. Each is a restrided gather or scatter
// (Note [Restrided operands] in engine/index/index_engine.hpp) or a composition of them.
#include <numeric>
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/indexing.hpp"
#include "cupric/ops/manipulation.hpp"
#include "engine/elementwise/elementwise_engine.hpp"
#include "kernels/index_functors.hpp"
#include "engine/index/index_engine.hpp"

namespace cupric {
namespace {

IndexMode to_index_mode(ClipMode m) {
  switch (m) {
    case ClipMode::Wrap: return IndexMode::Wrap;
    case ClipMode::Clip: return IndexMode::Clip;
    default: return IndexMode::Raise;
  }
}

ndarray as_index(const ndarray& a, const char* what = "arrays used as indices must be of integer (or boolean) type") {
  if (!a.dtype().is_integer() && !a.dtype().is_bool()) throw TypeError(what);
  return astype(a, dtypes::int64, Order::K, Casting::Unsafe, false);
}

// `a` with dims [axis, axis+1) replaced by `mid` (stride 0): the restrided source of a take.
ndarray splice_axis(const ndarray& a, int axis, const Dims& mid, const Dims& mid_strides) {
  Dims shape, strides;
  for (int d = 0; d < axis; ++d) {
    shape.push_back(a.shape()[d]);
    strides.push_back(a.strides()[d]);
  }
  for (size_t i = 0; i < mid.size(); ++i) {
    shape.push_back(mid[i]);
    strides.push_back(mid_strides[i]);
  }
  for (int d = axis + 1; d < a.ndim(); ++d) {
    shape.push_back(a.shape()[d]);
    strides.push_back(a.strides()[d]);
  }
  return a.view(std::move(shape), std::move(strides), 0);
}

// A gather whose Raise mode reports through the flag; IndexError names `axis`.
void checked_gather(const ndarray& out, const ndarray& src, const ndarray& idx, const detail::AxisIndex& part,
                    IndexMode mode, const ndarray& like) {
  if (out.size() == 0 || part.size == 0) {  // (an empty axis must not be read: see getitem)
    if (mode == IndexMode::Raise) detail::index_offsets(Dims{0}, {part}, mode, like);
    return;
  }
  std::optional<detail::ErrorFlag> flag;
  if (mode == IndexMode::Raise) flag.emplace(like);
  detail::gather(out, src, idx, IndexState{part.stride, part.size, mode, flag ? flag->ptr() : nullptr});
  if (flag && flag->raised()) detail::raise_out_of_bounds({part});
}

// a.flat[pos] = v for int64 flat positions already resolved by `mode` (v: a's dtype, pos's shape).
void flat_put(const ndarray& a, const ndarray& pos, const ndarray& v, IndexMode mode) {
  if (!a.c_contiguous() || !detail::storage_aligned(a)) {
    ndarray tmp = copy(a, Order::C);
    flat_put(tmp, pos, v, mode);
    copyto(a, tmp, Casting::Unsafe);
    return;
  }
  ndarray flat = a.view(Dims{a.size()}, Dims{a.itemsize()}, 0);
  detail::AxisIndex part{pos, a.itemsize(), a.size(), 0};
  ndarray off = detail::index_offsets(pos.shape(), {part}, mode, a);  // checked before writing
  if (pos.size() == 0) return;
  ndarray val = v.may_share_memory(a) ? copy(v, Order::C) : detail::aligned_source(v);
  ndarray dst = flat.view(pos.shape(), Dims(static_cast<size_t>(pos.ndim()), 0), 0);
  detail::scatter(dst, val, off, IndexState{1, INT64_MAX, IndexMode::Trusted, nullptr});
}

// v flattened and repeated (or cut) to n elements, cast to `dtype`.
ndarray cycled(const ndarray& v, int64_t n, DType dtype, const ndarray& like) {
  ndarray flat = ravel(astype(v, dtype, Order::K, Casting::Unsafe, false));
  if (flat.size() == n) return flat;
  return take(flat, detail::iota(n, like), std::nullopt, ClipMode::Wrap);
}

}  // namespace

ClipMode parse_clip_mode(const std::string& s) {
  if (s == "raise") return ClipMode::Raise;
  if (s == "wrap") return ClipMode::Wrap;
  if (s == "clip") return ClipMode::Clip;
  throw ValueError("clipmode must be one of 'clip', 'raise', or 'wrap' (got '" + s + "')");
}

ndarray take(const ndarray& a_in, const ndarray& indices, std::optional<int64_t> axis, ClipMode mode) {
  ndarray a = detail::aligned_source(axis ? a_in : ravel(a_in));
  const int ax = normalize_axis(axis.value_or(0), a.ndim() == 0 ? 1 : a.ndim());
  if (a.ndim() == 0) a = a.view(Dims{1}, Dims{a.itemsize()}, 0);
  if (!indices.dtype().is_integer() && !indices.dtype().is_bool())  // NumPy casts with same_kind
    throw TypeError("Cannot cast array data from dtype('" + indices.dtype().name() +
                    "') to dtype('int64') according to the rule 'same_kind'");
  ndarray idx = as_index(indices);
  const int64_t len = a.shape()[ax];
  if (len == 0 && idx.size() > 0) throw IndexError("cannot do a non-empty take from an empty axes.");
  ndarray src = splice_axis(a, ax, idx.shape(), Dims(static_cast<size_t>(idx.ndim()), 0));
  ndarray out = ndarray::empty(src.shape(), a.dtype(), Order::C, &a.backend());
  Dims idx_strides(static_cast<size_t>(src.ndim()), 0);
  for (int i = 0; i < idx.ndim(); ++i) idx_strides[ax + i] = idx.strides()[i];
  ndarray idx_r = idx.view(src.shape(), std::move(idx_strides), 0);
  checked_gather(out, src, idx_r, {idx, a.strides()[ax], len, ax}, to_index_mode(mode), a);
  return out;
}

void put(const ndarray& a, const ndarray& ind, const ndarray& v, ClipMode mode) {
  ndarray pos = ravel(as_index(ind));
  if (v.size() == 0 || pos.size() == 0) return;
  if (a.size() == 0) throw IndexError("cannot replace elements of an empty array");
  flat_put(a, pos, cycled(v, pos.size(), a.dtype(), a), to_index_mode(mode));
}

namespace {
struct AlongAxis {
  ndarray arr, idx;
  int axis;
  Dims shape;  // the result shape: broadcast of arr and indices off the axis, indices' length on it
};
AlongAxis along_axis(const ndarray& arr_in, const ndarray& indices, std::optional<int64_t> axis) {
  if (!indices.dtype().is_integer()) throw IndexError("`indices` must be an integer array");
  AlongAxis r;
  r.arr = axis ? arr_in : ravel(arr_in);
  if (!axis && indices.ndim() != 1) throw ValueError("when axis=None, `indices` must have a single dimension.");
  r.axis = normalize_axis(axis.value_or(0), r.arr.ndim());
  if (indices.ndim() != r.arr.ndim()) throw ValueError("`indices` and `arr` must have the same number of dimensions");
  r.idx = as_index(indices);
  Dims a_shape = r.arr.shape(), i_shape = r.idx.shape();
  a_shape[r.axis] = 1;
  i_shape[r.axis] = 1;
  r.shape = broadcast_shapes(a_shape, i_shape);
  r.shape[r.axis] = r.idx.shape()[r.axis];
  return r;
}
// arr restrided to the result shape: stride 0 on the axis and on broadcast dimensions.
ndarray along_source(const AlongAxis& r) {
  Dims strides(r.shape.size(), 0);
  for (int d = 0; d < r.arr.ndim(); ++d)
    if (d != r.axis && r.arr.shape()[d] != 1) strides[d] = r.arr.strides()[d];
  return r.arr.view(r.shape, std::move(strides), 0);
}
}  // namespace

ndarray take_along_axis(const ndarray& arr, const ndarray& indices, std::optional<int64_t> axis) {
  AlongAxis r = along_axis(detail::aligned_source(arr), indices, axis);
  ndarray out = ndarray::empty(r.shape, r.arr.dtype(), Order::C, &r.arr.backend());
  checked_gather(out, along_source(r), broadcast_to(r.idx, r.shape),
                 {r.idx, r.arr.strides()[r.axis], r.arr.shape()[r.axis], r.axis}, IndexMode::Raise, r.arr);
  return out;
}

void put_along_axis(const ndarray& arr, const ndarray& indices, const ndarray& values, std::optional<int64_t> axis) {
  if (!arr.c_contiguous() && !axis) throw ValueError("put_along_axis with axis=None needs a contiguous array");
  if (!detail::storage_aligned(arr)) {
    ndarray tmp = copy(arr, Order::C);
    put_along_axis(tmp, indices, values, axis);
    copyto(arr, tmp, Casting::Unsafe);
    return;
  }
  AlongAxis r = along_axis(arr, indices, axis);
  ndarray idx_b = broadcast_to(r.idx, r.shape);
  detail::AxisIndex part{idx_b, r.arr.strides()[r.axis], r.arr.shape()[r.axis], r.axis};
  ndarray off = detail::index_offsets(r.shape, {part}, IndexMode::Raise, r.arr);  // checked before writing
  if (shape_size(r.shape) == 0) return;
  ndarray v = astype(values, arr.dtype(), Order::K, Casting::Unsafe, false);
  if (v.may_share_memory(arr)) v = copy(v, Order::C);
  detail::scatter(along_source(r), broadcast_to(detail::aligned_source(v), r.shape), off,
                  IndexState{1, INT64_MAX, IndexMode::Trusted, nullptr});
}

std::vector<ndarray> nonzero(const ndarray& a) {
  if (a.ndim() == 0)
    throw ValueError("Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() instead.");
  ndarray c = detail::nonzero_coords(a);
  const int64_t n = c.shape()[1];
  std::vector<ndarray> out;
  for (int k = 0; k < a.ndim(); ++k) out.push_back(c.view(Dims{n}, Dims{8}, k * n * 8));
  return out;
}

ndarray flatnonzero(const ndarray& a) { return nonzero(ravel(a))[0]; }

ndarray argwhere(const ndarray& a) {
  if (a.ndim() == 0) {
    ndarray c = detail::nonzero_coords(a);
    return c.view(Dims{c.shape()[1], 0}, Dims{0, 8}, 0);
  }
  return copy(transpose(detail::nonzero_coords(a)), Order::C);
}

// compress and extract with a condition as long as the selected axis are a boolean mask: a
// direct compaction (detail::mask_select) rather than nonzero + take; other lengths keep NumPy's
// take semantics (a short condition selects a prefix, a long one raises IndexError when it
// selects past the end).
ndarray compress(const ndarray& condition, const ndarray& a, std::optional<int64_t> axis) {
  if (condition.ndim() != 1) throw ValueError("condition must be a 1-d array");
  if (!axis) {
    ndarray flat = ravel(a);
    if (condition.size() == flat.size())
      if (auto r = detail::mask_select(flat, condition)) return *r;
  } else if (a.ndim() > 0 && normalize_axis(*axis, a.ndim()) == 0 && condition.size() == a.shape()[0]) {
    if (auto r = detail::mask_select(a, condition)) return *r;
  }
  return take(a, nonzero(condition)[0], axis);
}

ndarray extract(const ndarray& condition, const ndarray& arr) {
  if (condition.size() == arr.size())
    if (auto r = detail::mask_select(ravel(arr), ravel(condition))) return *r;
  return take(ravel(arr), nonzero(ravel(condition))[0]);
}

void place(const ndarray& arr, const ndarray& mask, const ndarray& vals) {
  if (mask.size() != arr.size()) throw ValueError("place: mask and data must be the same size");
  ndarray pos = nonzero(ravel(mask))[0];
  if (pos.size() == 0) return;
  if (vals.size() == 0) throw ValueError("Cannot insert from an empty array!");
  flat_put(arr, pos, cycled(vals, pos.size(), arr.dtype(), arr), IndexMode::Trusted);
}

void putmask(const ndarray& a, const ndarray& mask, const ndarray& values) {
  if (mask.size() != a.size()) throw ValueError("putmask: mask and data must be the same size");
  if (values.size() == 0 || a.size() == 0) return;
  ndarray m = reshape(mask.c_contiguous() ? mask : copy(mask, Order::C), a.shape());
  ndarray v = (values.shape() == a.shape()) ? astype(values, a.dtype(), Order::K, Casting::Unsafe, false)
                                            : reshape(cycled(values, a.size(), a.dtype(), a), a.shape());
  if (v.may_share_memory(a)) v = copy(v, Order::C);
  detail::where_copy(a, m, v);
}

ndarray choose(const ndarray& a, const std::vector<ndarray>& choices, ClipMode mode) {
  if (choices.empty()) throw ValueError("0-length sequence.");
  if (!a.dtype().is_integer() && !a.dtype().is_bool())
    throw TypeError("Cannot cast array data from dtype('" + a.dtype().name() +
                    "') to dtype('int64') according to the rule 'safe'");
  std::vector<Dims> shapes{a.shape()};
  DType dt = choices[0].dtype();
  for (const auto& c : choices) {
    shapes.push_back(c.shape());
    dt = promote_types(dt, c.dtype());
  }
  const Dims shape = broadcast_shapes(shapes);
  const int64_t n = static_cast<int64_t>(choices.size());
  Dims stacked_shape{n};
  for (int64_t d : shape) stacked_shape.push_back(d);
  ndarray stacked = ndarray::empty(stacked_shape, dt, Order::C, &a.backend());
  for (int64_t k = 0; k < n; ++k)
    copyto(basic_index(stacked, {Index::integer(k)}), choices[static_cast<size_t>(k)], Casting::Unsafe);
  ndarray out = ndarray::empty(shape, dt, Order::C, &a.backend());
  ndarray src = basic_index(stacked, {Index::integer(0)});
  ndarray idx = broadcast_to(as_index(a), shape);
  if (out.size() == 0) return out;
  std::optional<detail::ErrorFlag> flag;
  IndexMode m = to_index_mode(mode);
  if (m == IndexMode::Raise) flag.emplace(a);
  detail::gather(out, src, idx, IndexState{stacked.strides()[0], n, m, flag ? flag->ptr() : nullptr});
  if (flag && flag->raised()) throw ValueError("invalid entry in choice array");
  return out;
}

ndarray indices(const Dims& dimensions, DType dtype) {
  const int64_t n = static_cast<int64_t>(dimensions.size());
  Dims shape{n};
  for (int64_t d : dimensions) shape.push_back(d);
  check_new_shape(shape);
  ndarray out = ndarray::empty(shape, dtype, Order::C, &default_backend());
  std::vector<ndarray> parts = indices_sparse(dimensions, dtype);
  for (int64_t k = 0; k < n; ++k)
    copyto(basic_index(out, {Index::integer(k)}), parts[static_cast<size_t>(k)], Casting::Unsafe);
  return out;
}

std::vector<ndarray> indices_sparse(const Dims& dimensions, DType dtype) {
  const size_t n = dimensions.size();
  ndarray like = ndarray::empty(Dims{0}, dtypes::int64, Order::C, &default_backend());
  std::vector<ndarray> out;
  for (size_t k = 0; k < n; ++k) {
    Dims shape(n, 1);
    shape[k] = dimensions[k];
    ndarray r = astype(detail::iota(dimensions[k], like), dtype, Order::C, Casting::Unsafe, false);
    out.push_back(reshape(r, shape));
  }
  return out;
}

std::vector<ndarray> ix_(const std::vector<ndarray>& args) {
  std::vector<ndarray> out;
  const size_t nd = args.size();
  for (size_t k = 0; k < nd; ++k) {
    ndarray a = args[k];
    if (a.ndim() != 1) throw ValueError("Cross index must be 1 dimensional");
    if (a.dtype().is_bool())
      a = nonzero(a)[0];
    else if (!a.dtype().is_integer() && a.size() == 0)
      a = astype(a, dtypes::int64);
    Dims shape(nd, 1);
    shape[k] = a.size();
    out.push_back(reshape(a, shape));
  }
  return out;
}

std::vector<ndarray> unravel_index(const ndarray& indices_in, const Dims& shape, Order order) {
  if (!indices_in.dtype().is_integer() && !indices_in.dtype().is_bool()) throw TypeError("only int indices permitted");
  ndarray x = as_index(indices_in);
  const int64_t size = check_new_shape(shape);
  const int nd = static_cast<int>(shape.size());
  detail::ErrorFlag flag(x);
  std::vector<ndarray> out;
  int64_t div = 1;
  std::vector<int64_t> divs(static_cast<size_t>(nd));
  for (int i = 0; i < nd; ++i) {
    int k = order == Order::F ? i : nd - 1 - i;
    divs[static_cast<size_t>(k)] = div;
    div *= shape[k];
  }
  for (int k = 0; k < nd; ++k) {
    ndarray r = ndarray::empty(x.shape(), dtypes::int64, Order::C, &x.backend());
    idx::UnravelF f{UnravelState{divs[static_cast<size_t>(k)], shape[k], size, flag.ptr()}};
    ndarray ops[2] = {r, x};
    run_elementwise(unravel_loops(), ops, 1, 1, &f);
    out.push_back(r);
  }
  // One host sync: the range check (the kernels flag; the error path finds the first bad value).
  if (x.size() > 0 && (nd == 0 || flag.raised())) {
    std::vector<int64_t> v(static_cast<size_t>(x.size()));
    to_host(x, v.data(), Order::C, true);
    for (int64_t e : v)
      if (e < 0 || e >= size)
        throw ValueError("index " + std::to_string(e) + " is out of bounds for array with size " +
                         std::to_string(size));
  }
  return out;
}

ndarray ravel_multi_index(const std::vector<ndarray>& multi_index, const Dims& dims, const std::vector<ClipMode>& modes,
                          Order order) {
  const size_t nd = dims.size();
  if (multi_index.size() != nd)
    throw ValueError("parameter multi_index must be a sequence of length " + std::to_string(nd));
  if (modes.size() != 1 && modes.size() != nd) throw ValueError("mode must be a single mode or one per dimension");
  std::vector<Dims> shapes;
  std::vector<detail::AxisIndex> parts;
  int64_t mult = 1;
  std::vector<int64_t> mults(nd);
  for (size_t i = 0; i < nd; ++i) {
    size_t k = order == Order::F ? i : nd - 1 - i;
    mults[k] = mult;
    mult *= dims[k];
  }
  for (size_t k = 0; k < nd; ++k) {
    if (!multi_index[k].dtype().is_integer()) throw TypeError("only int indices permitted");
    detail::AxisIndex p{as_index(multi_index[k]), mults[k], dims[k], static_cast<int>(k)};
    p.mode = to_index_mode(modes[modes.size() == 1 ? 0 : k]);
    shapes.push_back(p.idx.shape());
    parts.push_back(p);
  }
  if (nd == 0) throw ValueError("parameter multi_index must be a sequence of length 0");
  return detail::index_offsets(broadcast_shapes(shapes), parts, IndexMode::Raise, multi_index[0],
                               "invalid entry in coordinates array");
}

std::vector<ndarray> diag_indices(int64_t n, int ndim) {
  ndarray like = ndarray::empty(Dims{0}, dtypes::int64, Order::C, &default_backend());
  ndarray r = detail::iota(n, like);
  return std::vector<ndarray>(static_cast<size_t>(ndim), r);
}

void fill_diagonal(const ndarray& a, const ndarray& val, bool wrap) {
  if (a.ndim() < 2) throw ValueError("array must be at least 2-d");
  int64_t end = a.size(), step;
  if (a.ndim() == 2) {
    step = a.shape()[1] + 1;
    if (!wrap) end = std::min(a.shape()[1] * a.shape()[1], a.size());
  } else {
    for (int d = 1; d < a.ndim(); ++d)
      if (a.shape()[d] != a.shape()[0]) throw ValueError("All dimensions of input must be of equal length");
    step = 1;
    int64_t p = 1;
    for (int d = 0; d < a.ndim() - 1; ++d) {
      p *= a.shape()[d];
      step += p;
    }
  }
  const int64_t count = end > 0 ? (end - 1) / step + 1 : 0;
  if (count == 0 || val.size() == 0) return;
  flat_put(a, detail::iota(count, a, 0, step), cycled(val, count, a.dtype(), a), IndexMode::Trusted);
}

}  // namespace cupric
