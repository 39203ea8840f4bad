// sort, argsort, lexsort, partition, argpartition, sort_complex and ndarray.sort over the sort
// engine (engine/sort/sort_engine.hpp; Note [Sort keys] in engine/sort/sort_keys.hpp).
#include "cupric/ops/sorting.hpp"
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/ufunc.hpp"
#include "engine/sort/sort_engine.hpp"

namespace cupric {
namespace {

bool wants_exact(std::optional<SortKind> kind, std::optional<bool> stable) {
  if (stable.has_value() && kind.has_value())
    throw ValueError("`kind` and keyword parameters can't be provided at the same time. Use only one of them.");
  return stable.value_or(false) || kind == SortKind::Stable;
}

// Flat positions of the lanes' argsort turned into positions along the axis.
ndarray along_axis(const ndarray& perm, int64_t nseg, int64_t seglen) {
  return nseg > 1 ? remainder(perm, Operand(seglen)) : perm;
}

// NumPy's partition_prep_kth_array: negative kth count from the end; an empty array takes any kth.
void check_kth(const std::vector<int64_t>& kth, int64_t len, int64_t size) {
  if (size == 0) return;
  for (int64_t k : kth) {
    const int64_t kk = k < 0 ? k + len : k;
    if (kk < 0 || kk >= len)
      throw ValueError("kth(=" + std::to_string(kk) + ") out of bounds (" + std::to_string(len) + ")");
  }
}

}  // namespace

SortKind parse_sort_kind(std::string_view kind) {
  // NumPy reads the first letter (numpy/_core/src/multiarray/conversion_utils.c).
  if (!kind.empty()) {
    switch (kind[0]) {
      case 'q':
      case 'Q': return SortKind::Quicksort;
      case 'h':
      case 'H': return SortKind::Heapsort;
      case 'm':
      case 'M':
      case 's':
      case 'S': return SortKind::Stable;
      default: break;
    }
  }
  throw ValueError("sort kind must be one of 'quick', 'heap', or 'stable' (got '" + std::string(kind) + "')");
}

ndarray sort(const ndarray& a, std::optional<int64_t> axis, std::optional<SortKind> kind, std::optional<bool> stable,
             bool descending) {
  const bool exact = wants_exact(kind, stable);
  detail::Lanes l = detail::make_lanes(a, axis);
  ndarray r = detail::unlane(l, detail::sort_lanes(l, exact));
  if (!descending || r.ndim() == 0) return r;
  // equal values are interchangeable, so reversing the ascending sort is the descending one
  return copy(flip(r, {axis ? normalize_axis(*axis, r.ndim()) : 0}), Order::K);
}

ndarray argsort(const ndarray& a, std::optional<int64_t> axis, std::optional<SortKind> kind, std::optional<bool> stable,
                bool descending) {
  if (descending) {
    // Indices of the reversed input's ascending (stable) sort, reversed and mapped back: the
    // largest first, equal elements in input order.
    wants_exact(kind, stable);
    ndarray x = a.ndim() == 0 && axis ? a.view(Dims{1}, Dims{a.itemsize()}, 0) : a;
    if (!axis) x = ravel(x);
    const int64_t ax = axis ? normalize_axis(*axis, x.ndim()) : 0;
    ndarray up = argsort(flip(x, {ax}), ax, kind, stable);
    return copy(subtract(Operand(x.shape()[ax] - 1), flip(up, {ax})), Order::K);
  }
  wants_exact(kind, stable);
  // NumPy sorts a 0-d array's single element along a new axis.
  ndarray x = a.ndim() == 0 && axis ? a.view(Dims{1}, Dims{a.itemsize()}, 0) : a;
  detail::Lanes l = detail::make_lanes(x, axis);
  std::vector<detail::KeySrc> keys;
  detail::append_keys(keys, l.data);
  return detail::unlane(l, along_axis(detail::argsort_lanes(keys, l.nseg, l.seglen), l.nseg, l.seglen));
}

void sort_inplace(const ndarray& a, int64_t axis, std::optional<SortKind> kind, std::optional<bool> stable) {
  ndarray r = sort(a, axis, kind, stable);
  copyto(a, r, Casting::Unsafe);
}

ndarray lexsort(const std::vector<ndarray>& keys, int64_t axis) {
  if (keys.empty()) throw TypeError("need sequence of keys with len > 0 in lexsort");
  for (const ndarray& k : keys)
    if (k.shape() != keys.front().shape()) throw ValueError("all keys need to be the same shape");
  std::vector<detail::Lanes> lanes;
  std::vector<detail::KeySrc> srcs;
  for (const ndarray& k : keys) {
    ndarray x = k.ndim() == 0 ? k.view(Dims{1}, Dims{k.itemsize()}, 0) : k;
    lanes.push_back(detail::make_lanes(x, axis));
    detail::append_keys(srcs, lanes.back().data);
  }
  const detail::Lanes& l = lanes.front();
  return detail::unlane(l, along_axis(detail::argsort_lanes(srcs, l.nseg, l.seglen), l.nseg, l.seglen));
}

ndarray partition(const ndarray& a, const std::vector<int64_t>& kth, std::optional<int64_t> axis) {
  const int64_t len = axis ? a.shape()[normalize_axis(*axis, a.ndim())] : a.size();
  check_kth(kth, len, a.size());
  return sort(a, axis);  // a full sort is a partition for every kth
}

ndarray argpartition(const ndarray& a, const std::vector<int64_t>& kth, std::optional<int64_t> axis) {
  ndarray x = a.ndim() == 0 && axis ? a.view(Dims{1}, Dims{a.itemsize()}, 0) : a;
  const int64_t len = axis ? x.shape()[normalize_axis(*axis, x.ndim())] : x.size();
  check_kth(kth, len, x.size());
  return argsort(x, axis);
}

ndarray sort_complex(const ndarray& a) {
  ndarray s = sort(a, -1);
  if (s.dtype().is_complex()) return s;
  const ScalarType t = s.dtype().type;
  const bool small =
      t == ScalarType::Int8 || t == ScalarType::Int16 || t == ScalarType::UInt8 || t == ScalarType::UInt16;
  return astype(s, small ? dtypes::complex64 : dtypes::complex128);
}

}  // namespace cupric
