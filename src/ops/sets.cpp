// unique (and the Array API unique_*), isin, intersect1d, union1d, setdiff1d, setxor1d:
// NumPy's algorithms (numpy/lib/_arraysetops_impl.py) over the sort engine. The result sizes
// come from one flatnonzero each: one host synchronisation (said at each place).
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/indexing.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/reduction.hpp"
#include "cupric/ops/sorting.hpp"
#include "cupric/ops/ufunc.hpp"
#include "engine/index/index_engine.hpp"
#include "engine/sort/sort_engine.hpp"

namespace cupric {
namespace {

ndarray slice0(const ndarray& a, int64_t start, int64_t stop) { return basic_index(a, {Index::slice(start, stop)}); }
ndarray empty_on(const Dims& shape, DType t, const ndarray& like) {
  return ndarray::empty(shape, t, Order::C, &like.backend());
}
bool has_nan(DType t) { return t.is_floating() || t.is_complex(); }

// mask[0] = true; mask[i] = sorted[i] differs from sorted[i-1] (rows: `rows`; NaNs one value
// when equal_nan): true where a run of equal values starts.
ndarray run_starts(const ndarray& sorted, bool rows, bool equal_nan) {
  const int64_t n = sorted.shape()[0];
  ndarray mask = empty_on(Dims{n}, dtypes::bool_, sorted);
  if (n == 0) return mask;
  fill(slice0(mask, 0, 1), Scalar::of<bool>(true));
  if (n == 1) return mask;
  ndarray hi = slice0(sorted, 1, n), lo = slice0(sorted, 0, n - 1), tail = slice0(mask, 1, n);
  UfuncOptions into;
  into.out[0] = tail;
  if (rows) {
    if (sorted.shape()[1] == 0)
      fill(tail, Scalar::of<bool>(false));
    else
      any(not_equal(hi, lo), AxisArg(int64_t{1}), tail);
  } else if (equal_nan && has_nan(sorted.dtype())) {
    logical_and(not_equal(hi, lo), logical_not(logical_and(isnan(hi), isnan(lo))), into);
  } else {
    not_equal(hi, lo, into);
  }
  return mask;
}

// counts[j] = starts[j+1] - starts[j] (starts[k] = n).
ndarray run_counts(const ndarray& starts, int64_t n) {
  const int64_t k = starts.size();
  ndarray ends = empty_on(Dims{k}, dtypes::int64, starts);
  if (k == 0) return ends;
  if (k > 1) copyto(slice0(ends, 0, k - 1), slice0(starts, 1, k));
  fill(slice0(ends, k - 1, k), Scalar::of<int64_t>(n));
  return subtract(ends, starts);
}

// inverse[perm[i]] = the run of sorted position i (searching the run starts: no scan, no sync).
ndarray run_inverse(const ndarray& starts, const ndarray& perm, int64_t n) {
  ndarray inv = empty_on(Dims{n}, dtypes::int64, perm);
  if (n == 0) return inv;
  ndarray pos = detail::iota(n, perm);
  ndarray run = detail::search_sorted_keys(detail::search_keys(starts), detail::search_keys(pos), true, Dims{n});
  run = subtract(run, Operand(int64_t{1}));
  ndarray dst = inv.view(Dims{n}, Dims{0}, 0);
  detail::scatter(dst, run, perm, IndexState{8, n, IndexMode::Trusted, nullptr});
  return inv;
}

UniqueResult unique_flat(const ndarray& ar, bool ri, bool rv, bool rc, bool equal_nan) {
  detail::Lanes l = detail::make_lanes(ar, std::nullopt);
  const int64_t n = l.data.size();
  ndarray perm, aux;
  if (ri || rv) {
    std::vector<detail::KeySrc> keys;
    detail::append_keys(keys, l.data);
    perm = detail::argsort_lanes(keys, 1, n);
    aux = detail::gather_trusted(l.data, perm);
  } else {
    aux = detail::sort_lanes(l, false);
  }
  ndarray starts = flatnonzero(run_starts(aux, false, equal_nan));  // one host sync: the unique count
  UniqueResult r;
  r.values = detail::gather_trusted(aux, starts);
  if (ri) r.indices = detail::gather_trusted(perm, starts);
  if (rv) r.inverse = reshape(run_inverse(starts, perm, n), ar.shape());
  if (rc) r.counts = run_counts(starts, n);
  return r;
}

UniqueResult unique_axis(const ndarray& ar, int64_t axis_in, bool ri, bool rv, bool rc) {
  if (ar.dtype().is_void()) throw TypeError("cupric: unique needs a numeric dtype");
  const int ax = normalize_axis(axis_in, ar.ndim());
  ndarray m = moveaxis(ar, ax, 0);
  const int64_t n0 = m.shape()[0];
  int64_t cols = 1;
  Dims rest;
  for (int d = 1; d < m.ndim(); ++d) {
    cols *= m.shape()[d];
    rest.push_back(m.shape()[d]);
  }
  ndarray rows = reshape(copy(m, Order::C), Dims{n0, cols});
  ndarray perm;
  if (cols == 0 || n0 == 0) {
    perm = detail::iota(n0, rows);
  } else {
    // Rows in lexicographic order: columns as lexsort keys, the last column least significant.
    std::vector<detail::KeySrc> keys;
    for (int64_t j = cols - 1; j >= 0; --j) {
      ndarray col = copy(basic_index(rows, {Index::slice(), Index::integer(j)}), Order::C);
      detail::append_keys(keys, col);
    }
    perm = detail::argsort_lanes(keys, 1, n0);
  }
  ndarray sorted = take(rows, perm, 0, ClipMode::Wrap);           // in range: no check, no sync
  ndarray starts = flatnonzero(run_starts(sorted, true, false));  // one host sync: the unique count
  UniqueResult r;
  ndarray vals = take(sorted, starts, 0, ClipMode::Wrap);
  Dims vshape{starts.size()};
  for (int64_t d : rest) vshape.push_back(d);
  r.values = moveaxis(reshape(vals, vshape), 0, ax);
  if (ri) r.indices = detail::gather_trusted(perm, starts);
  if (rv) r.inverse = run_inverse(starts, perm, n0);
  if (rc) r.counts = run_counts(starts, n0);
  return r;
}

ndarray flat_contiguous(const ndarray& a, DType t) {
  ndarray c = astype(ravel(a), t, Order::C, Casting::Unsafe, false);
  if (!c.c_contiguous() || !detail::storage_aligned(c)) c = copy(c, Order::C);
  return c;
}

}  // namespace

UniqueResult unique(const ndarray& ar, bool return_index, bool return_inverse, bool return_counts,
                    std::optional<int64_t> axis, bool equal_nan) {
  if (axis) return unique_axis(ar, *axis, return_index, return_inverse, return_counts);
  return unique_flat(ar, return_index, return_inverse, return_counts, equal_nan);
}

ndarray unique_values(const ndarray& x) { return unique(x, false, false, false, std::nullopt, false).values; }
UniqueResult unique_counts(const ndarray& x) { return unique(x, false, false, true, std::nullopt, false); }
UniqueResult unique_inverse(const ndarray& x) { return unique(x, false, true, false, std::nullopt, false); }
UniqueResult unique_all(const ndarray& x) { return unique(x, true, true, true, std::nullopt, false); }

ndarray isin(const ndarray& element, const ndarray& test_elements, bool assume_unique, bool invert) {
  if (element.dtype().is_void() || test_elements.dtype().is_void())
    throw TypeError("cupric: isin needs numeric dtypes");
  const DType t = promote_types(element.dtype(), test_elements.dtype());
  ndarray found;
  if (test_elements.size() == 0 || element.size() == 0) {
    found = ndarray::empty(element.shape(), dtypes::bool_, Order::C, &element.backend());
    fill(found, Scalar::of<bool>(false));
  } else {
    detail::Lanes l = detail::make_lanes(flat_contiguous(test_elements, t), std::nullopt);
    ndarray ts = detail::sort_lanes(l, false);
    ndarray el = flat_contiguous(element, t);
    ndarray pos = detail::search_sorted_keys(detail::search_keys(ts), detail::search_keys(el), false, Dims{el.size()});
    pos = minimum(pos, Operand(ts.size() - 1));
    found = reshape(equal(detail::gather_trusted(ts, pos), el), element.shape());
  }
  return invert ? logical_not(found) : found;
}

IntersectResult intersect1d_indices(const ndarray& ar1_in, const ndarray& ar2_in, bool assume_unique) {
  ndarray ar1, ar2, ind1, ind2;
  if (!assume_unique) {
    UniqueResult u1 = unique(ar1_in, true), u2 = unique(ar2_in, true);
    ar1 = u1.values, ind1 = u1.indices, ar2 = u2.values, ind2 = u2.indices;
  } else {
    ar1 = ravel(ar1_in), ar2 = ravel(ar2_in);
  }
  ndarray aux = concatenate({ar1, ar2}, 0);
  const int64_t n = aux.size();
  detail::Lanes l = detail::make_lanes(aux, std::nullopt);
  std::vector<detail::KeySrc> keys;
  detail::append_keys(keys, l.data);
  ndarray perm = detail::argsort_lanes(keys, 1, n);
  ndarray sorted = detail::gather_trusted(l.data, perm);
  IntersectResult r;
  if (n < 2) {
    r.values = slice0(sorted, 0, 0);
    r.indices1 = r.indices2 = empty_on(Dims{0}, dtypes::int64, aux);
    return r;
  }
  ndarray mask = equal(slice0(sorted, 1, n), slice0(sorted, 0, n - 1));
  ndarray at = flatnonzero(mask);  // one host sync: the intersection's size
  r.values = detail::gather_trusted(sorted, at);
  r.indices1 = detail::gather_trusted(slice0(perm, 0, n - 1), at);
  r.indices2 = subtract(detail::gather_trusted(slice0(perm, 1, n), at), Operand(ar1.size()));
  if (!assume_unique) {
    r.indices1 = detail::gather_trusted(ind1, r.indices1);
    r.indices2 = detail::gather_trusted(ind2, r.indices2);
  }
  return r;
}

ndarray intersect1d(const ndarray& ar1_in, const ndarray& ar2_in, bool assume_unique) {
  ndarray ar1 = assume_unique ? ravel(ar1_in) : unique(ar1_in).values;
  ndarray ar2 = assume_unique ? ravel(ar2_in) : unique(ar2_in).values;
  ndarray aux = sort(concatenate({ar1, ar2}, 0), 0);
  const int64_t n = aux.size();
  if (n < 2) return slice0(aux, 0, 0);
  ndarray lo = slice0(aux, 0, n - 1);
  return extract(equal(slice0(aux, 1, n), lo), lo);  // one host sync: the intersection's size
}

ndarray union1d(const ndarray& ar1, const ndarray& ar2) {
  return unique(concatenate({ravel(ar1), ravel(ar2)}, 0)).values;
}

ndarray setdiff1d(const ndarray& ar1_in, const ndarray& ar2_in, bool assume_unique) {
  ndarray ar1 = assume_unique ? ravel(ar1_in) : unique(ar1_in).values;
  ndarray ar2 = assume_unique ? ravel(ar2_in) : unique(ar2_in).values;
  return extract(isin(ar1, ar2, true, true), ar1);  // one host sync: the result's size
}

ndarray setxor1d(const ndarray& ar1_in, const ndarray& ar2_in, bool assume_unique) {
  ndarray ar1 = assume_unique ? ar1_in : unique(ar1_in).values;
  ndarray ar2 = assume_unique ? ar2_in : unique(ar2_in).values;
  ndarray aux = concatenate({ravel(ar1), ravel(ar2)}, 0);
  const int64_t n = aux.size();
  if (n == 0) return aux;
  aux = sort(aux, 0);
  // flag = [True, aux[1:] != aux[:-1], True]; keep where flag[1:] & flag[:-1].
  ndarray flag = empty_on(Dims{n + 1}, dtypes::bool_, aux);
  fill(slice0(flag, 0, 1), Scalar::of<bool>(true));
  fill(slice0(flag, n, n + 1), Scalar::of<bool>(true));
  if (n > 1) {
    UfuncOptions into;
    into.out[0] = slice0(flag, 1, n);
    not_equal(slice0(aux, 1, n), slice0(aux, 0, n - 1), into);
  }
  return extract(logical_and(slice0(flag, 1, n + 1), slice0(flag, 0, n)), aux);  // one host sync
}

}  // namespace cupric
