// Rearranging and repeating (cupric/ops/manipulation.hpp): flip, rot90 and atleast_* are views;
// roll, tile, repeat and resize copy through strided views (tile and scalar repeat broadcast a
// stride-0 view into an interleaved shape, so they are one copy each); copyto with `where`.
#include <numeric>
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/indexing.hpp"
#include "cupric/ops/manipulation.hpp"
#include "engine/index/index_engine.hpp"

namespace cupric {
namespace {

ndarray flip_axes(const ndarray& m, const std::vector<int>& axes) {
  Dims strides = m.strides();
  int64_t offset = 0;
  for (int ax : axes) {
    if (m.shape()[ax] > 0) offset += (m.shape()[ax] - 1) * strides[ax];
    strides[ax] = -strides[ax];
  }
  return m.view(m.shape(), std::move(strides), offset);
}

std::string axes_tuple(const std::vector<int64_t>& axes) {
  std::string s = "(";
  for (size_t i = 0; i < axes.size(); ++i) s += (i ? ", " : "") + std::to_string(axes[i]);
  return s + (axes.size() == 1 ? ",)" : ")");
}

}  // namespace

ndarray flip(const ndarray& m) {
  std::vector<int> all(static_cast<size_t>(m.ndim()));
  std::iota(all.begin(), all.end(), 0);
  return flip_axes(m, all);
}

ndarray flip(const ndarray& m, const std::vector<int64_t>& axes) {
  std::vector<int> norm;
  std::vector<bool> seen(static_cast<size_t>(m.ndim()), false);
  for (int64_t ax : axes) {
    int a = normalize_axis(ax, m.ndim());
    if (seen[a]) throw ValueError("repeated axis");
    seen[a] = true;
    norm.push_back(a);
  }
  return flip_axes(m, norm);
}

ndarray fliplr(const ndarray& m) {
  if (m.ndim() < 2) throw ValueError("Input must be >= 2-d.");
  return flip_axes(m, {1});
}

ndarray flipud(const ndarray& m) {
  if (m.ndim() < 1) throw ValueError("Input must be >= 1-d.");
  return flip_axes(m, {0});
}

ndarray rot90(const ndarray& m, int64_t k, const std::vector<int64_t>& axes) {
  if (axes.size() != 2) throw ValueError("len(axes) must be 2.");
  const int nd = m.ndim();
  if (axes[0] == axes[1] || std::llabs(axes[0] - axes[1]) == nd) throw ValueError("Axes must be different.");
  if (axes[0] >= nd || axes[0] < -nd || axes[1] >= nd || axes[1] < -nd)
    throw ValueError("Axes=" + axes_tuple(axes) + " out of range for array of ndim=" + std::to_string(nd) + ".");
  k = ((k % 4) + 4) % 4;
  const int a0 = normalize_axis(axes[0], nd), a1 = normalize_axis(axes[1], nd);
  if (k == 0) return m.view(m.shape(), m.strides());
  if (k == 2) return flip_axes(m, {a0, a1});
  std::vector<int64_t> perm(static_cast<size_t>(nd));
  std::iota(perm.begin(), perm.end(), 0);
  std::swap(perm[a0], perm[a1]);
  if (k == 1) return transpose(flip_axes(m, {a1}), perm);
  return flip_axes(transpose(m, perm), {a1});
}

ndarray roll(const ndarray& a, const std::vector<int64_t>& shift, std::optional<std::vector<int64_t>> axes) {
  if (!axes) {
    int64_t total = 0;
    for (int64_t s : shift) total += s;
    return reshape(roll(ravel(a), {total}, std::vector<int64_t>{0}), a.shape());
  }
  const size_t ns = shift.size(), na = axes->size();
  if (ns != na && ns != 1 && na != 1)
    throw ValueError(
        "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg 0 "
        "with shape (" +
        std::to_string(ns) + ",) and arg 1 with shape (" + std::to_string(na) + ",).");
  std::vector<int64_t> shifts(static_cast<size_t>(a.ndim()), 0);
  for (size_t i = 0; i < std::max(ns, na); ++i) {
    int ax = normalize_axis((*axes)[na == 1 ? 0 : i], a.ndim());
    shifts[ax] += shift[ns == 1 ? 0 : i];
  }
  ndarray result = empty_like(a);
  // Each rolled axis splits into two (source slice, destination slice) pairs; every
  // combination over the axes is one copy (NumPy's roll does the same).
  const int nd = a.ndim();
  std::vector<int> rolled;
  std::vector<int64_t> off(static_cast<size_t>(nd), 0);
  for (int d = 0; d < nd; ++d) {
    int64_t len = a.shape()[d];
    int64_t o = len ? ((shifts[d] % len) + len) % len : 0;
    off[d] = o;
    if (o) rolled.push_back(d);
  }
  for (int64_t combo = 0; combo < (int64_t{1} << rolled.size()); ++combo) {
    std::vector<Index> src(static_cast<size_t>(nd), Index::slice()), dst(static_cast<size_t>(nd), Index::slice());
    for (size_t r = 0; r < rolled.size(); ++r) {
      int d = rolled[r];
      int64_t o = off[d];
      if ((combo >> r) & 1) {
        src[d] = Index::slice(-o, Index::kNone);
        dst[d] = Index::slice(Index::kNone, o);
      } else {
        src[d] = Index::slice(Index::kNone, -o);
        dst[d] = Index::slice(o, Index::kNone);
      }
    }
    copyto(basic_index(result, dst), basic_index(a, src), Casting::No);
  }
  return result;
}

ndarray tile(const ndarray& a, const std::vector<int64_t>& reps_in) {
  for (int64_t r : reps_in)
    if (r < 0) throw ValueError("negative dimensions are not allowed");
  const int nd = std::max<int>(a.ndim(), static_cast<int>(reps_in.size()));
  std::vector<int64_t> reps(static_cast<size_t>(nd - static_cast<int>(reps_in.size())), 1);
  reps.insert(reps.end(), reps_in.begin(), reps_in.end());
  Dims shape(static_cast<size_t>(nd - a.ndim()), 1), strides(static_cast<size_t>(nd - a.ndim()), 0);
  for (int d = 0; d < a.ndim(); ++d) {
    shape.push_back(a.shape()[d]);
    strides.push_back(a.strides()[d]);
  }
  // Interleaved (reps_0, shape_0, reps_1, shape_1, ...): the source repeats with stride 0.
  Dims ishape, istrides, out_shape;
  for (int d = 0; d < nd; ++d) {
    ishape.push_back(reps[d]);
    istrides.push_back(0);
    ishape.push_back(shape[d]);
    istrides.push_back(strides[d]);
    out_shape.push_back(reps[d] * shape[d]);
  }
  ndarray out = ndarray::empty(ishape, a.dtype(), Order::C, &a.backend());
  copyto(out, a.view(ishape, istrides, 0), Casting::No);
  return reshape(out, out_shape);
}

ndarray repeat(const ndarray& a_in, int64_t repeats, std::optional<int64_t> axis) {
  if (repeats < 0) throw ValueError("negative dimensions are not allowed");
  ndarray a = axis ? a_in : ravel(a_in);
  const int ax = normalize_axis(axis.value_or(0), a.ndim());
  Dims ishape, istrides, out_shape;
  for (int d = 0; d < a.ndim(); ++d) {
    ishape.push_back(a.shape()[d]);
    istrides.push_back(a.strides()[d]);
    out_shape.push_back(a.shape()[d]);
    if (d == ax) {
      ishape.push_back(repeats);
      istrides.push_back(0);
      out_shape.back() *= repeats;
    }
  }
  ndarray out = ndarray::empty(ishape, a.dtype(), Order::C, &a.backend());
  copyto(out, a.view(ishape, istrides, 0), Casting::No);
  return reshape(out, out_shape);
}

ndarray repeat(const ndarray& a_in, const ndarray& repeats, std::optional<int64_t> axis) {
  if (!can_cast(repeats.dtype(), dtypes::int64, Casting::Safe))
    throw TypeError("Cannot cast array data from dtype('" + repeats.dtype().name() +
                    "') to dtype('int64') according to the rule 'safe'");
  ndarray a = axis ? a_in : ravel(a_in);
  const int ax = normalize_axis(axis.value_or(0), a.ndim());
  const int64_t n = a.shape()[ax];
  // One host sync: the repeat counts decide the result's size.
  std::vector<int64_t> r(static_cast<size_t>(repeats.size()));
  to_host(astype(repeats, dtypes::int64), r.data(), Order::C, true);
  if (r.size() == 1) {
    if (r[0] < 0) throw ValueError("repeats may not contain negative values.");
    return repeat(a, r[0], ax);
  }
  if (repeats.ndim() > 1 || static_cast<int64_t>(r.size()) != n)
    throw ValueError("operands could not be broadcast together with shape (" + std::to_string(n) + ",) (" +
                     std::to_string(r.size()) + ",)");
  std::vector<int64_t> idx;
  for (int64_t i = 0; i < n; ++i) {
    if (r[i] < 0) throw ValueError("repeats may not contain negative values.");
    idx.insert(idx.end(), static_cast<size_t>(r[i]), i);
  }
  Dims ishape{static_cast<int64_t>(idx.size())};
  ndarray ind = from_host(idx.data(), ishape, Dims{8}, dtypes::int64, &a.backend());
  return take(a, ind, ax);
}

ndarray atleast_1d(const ndarray& a) { return a.ndim() == 0 ? a.view(Dims{1}, Dims{0}) : a; }

ndarray atleast_2d(const ndarray& a) {
  if (a.ndim() == 0) return a.view(Dims{1, 1}, Dims{0, 0});
  if (a.ndim() == 1) return a.view(Dims{1, a.shape()[0]}, Dims{0, a.strides()[0]});
  return a;
}

ndarray atleast_3d(const ndarray& a) {
  if (a.ndim() == 0) return a.view(Dims{1, 1, 1}, Dims{0, 0, 0});
  if (a.ndim() == 1) return a.view(Dims{1, a.shape()[0], 1}, Dims{0, a.strides()[0], 0});
  if (a.ndim() == 2) return a.view(Dims{a.shape()[0], a.shape()[1], 1}, Dims{a.strides()[0], a.strides()[1], 0});
  return a;
}

ndarray resize(const ndarray& a, const Dims& new_shape) {
  for (int64_t d : new_shape)
    if (d < 0) throw ValueError("all elements of `new_shape` must be non-negative");
  const int64_t n = check_new_shape(new_shape);
  if (n == 0 || a.size() == 0) return zeros(new_shape, a.dtype());
  return reshape(take(ravel(a), detail::iota(n, a), std::nullopt, ClipMode::Wrap), new_shape);
}

void copyto(const ndarray& dst, const ndarray& src, Casting casting, const ndarray& where) {
  if (!can_cast(src.dtype(), dst.dtype(), casting))
    throw TypeError("Cannot cast array data from dtype('" + src.dtype().name() + "') to dtype('" + dst.dtype().name() +
                    "') according to the rule '" + casting_name(casting) + "'");
  broadcast_to(src, dst.shape());  // ValueError when src does not broadcast
  ndarray w = broadcast_to(where, dst.shape());
  ndarray v = astype(src, dst.dtype(), Order::K, Casting::Unsafe, false);
  detail::where_copy(dst, w, v);
}

}  // namespace cupric
