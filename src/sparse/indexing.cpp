// Indexing of the compressed formats: row/column selection (integers, slices, fancy, boolean) and
// element lookup and assignment (include/cupric/sparse.hpp), from cupric's array routines (Note [Sparse module]
// in src/sparse/sparse_table.hpp).
#include <algorithm>
#include <limits>
#include <string>
#include "cupric/cupric.hpp"
#include "sparse/sparse_internal.hpp"

namespace cupric::sparse {

ndarray normalize_index(const ndarray& idx, int64_t n) {
  if (idx.ndim() != 1) throw IndexError("sparse indexing takes 1-D index arrays");
  if (idx.dtype() == dtypes::bool_) {
    if (idx.size() != n)
      throw IndexError("boolean index did not match indexed array along axis; size of axis is " + std::to_string(n) +
                       " but size of corresponding boolean axis is " + std::to_string(idx.size()));
    return flatnonzero(idx);
  }
  if (!idx.dtype().is_integer()) throw IndexError("arrays used as indices must be of integer (or boolean) type");
  ndarray i = astype(idx, dtypes::int64);
  if (i.size() == 0) return i;
  const std::vector<int64_t> bounds = to_vector<int64_t>(concatenate({reshape(amin(i), {1}), reshape(amax(i), {1})}));
  const int64_t lo = bounds[0], hi = bounds[1];  // one read-back for both
  if (hi >= n) throw IndexError("index (" + std::to_string(hi) + ") out of range");
  if (lo < -n) throw IndexError("index (" + std::to_string(lo) + ") out of range");
  if (lo < 0) i = where(less(i, 0), add(i, n), i);
  return i;
}

CsrMatrix take_rows(const CsrMatrix& a, const ndarray& rows_in) {
  const ndarray rows = normalize_index(rows_in, a.rows);
  const int64_t m = rows.size();
  const ndarray ptr = astype(a.indptr, dtypes::int64);
  const ndarray starts = take(ptr, rows);
  const ndarray lengths = subtract(take(ptr, add(rows, 1)), starts);
  const ndarray ends = cumsum(lengths);
  const int64_t total = m ? to_vector<int64_t>(getitem(ends, {Index::integer(-1)}))[0] : 0;
  const DType it = index_dtype_for(m, a.cols, total);
  const ndarray indptr = astype(concatenate({zeros({1}, dtypes::int64), ends}), it);
  if (total == 0) return {zeros({0}, a.data.dtype()), zeros({0}, it), indptr, m, a.cols};
  // Entry t of the result is entry starts[r] + (t - first[r]) of `a`, r its result row.
  const ndarray first = subtract(ends, lengths);
  // repeat(x, lengths) as take(x, owner): no host loop (Note [Expanding indptr on the device] in formats.cpp).
  const ndarray owner = owners(first, total);
  const ndarray pos =
      add(subtract(arange(Scalar::of<int64_t>(total), dtypes::int64), take(first, owner)), take(starts, owner));
  return {take(a.data, pos), astype(take(a.indices, pos), it), indptr, m, a.cols};
}

CscMatrix take_cols(const CscMatrix& a, const ndarray& cols) { return transpose(take_rows(transpose(a), cols)); }

ndarray get_values(const CsrMatrix& a, const ndarray& rows_in, const ndarray& cols_in) {
  const ndarray rows = normalize_index(rows_in, a.rows), cols = normalize_index(cols_in, a.cols);
  if (rows.size() != cols.size()) throw IndexError("shape mismatch: indexing arrays could not be broadcast together");
  ndarray out = zeros({rows.size()}, a.data.dtype());
  if (rows.size() == 0 || a.nnz() == 0) return out;
  // Keys of the canonical entries are sorted: one search per query.
  const CsrMatrix c = sum_duplicates(a);
  const int64_t w = std::max<int64_t>(a.cols, 1);
  const ndarray keys = add(multiply(astype(expand_major(c.indptr, c.rows, c.nnz()), dtypes::int64), w),
                           astype(c.indices, dtypes::int64));
  const ndarray q = add(multiply(rows, w), cols);
  const ndarray at = minimum(searchsorted(keys, q), c.nnz() - 1);
  const ndarray hit = flatnonzero(equal(take(keys, at), q));
  put(out, hit, take(c.data, take(at, hit)));
  return out;
}

SetValues set_values(const CsrMatrix& a_in, const ndarray& rows_in, const ndarray& cols_in, const ndarray& values,
                     bool insert) {
  const ndarray rows = normalize_index(rows_in, a_in.rows), cols = normalize_index(cols_in, a_in.cols);
  const int64_t n = rows.size();
  if (cols.size() != n) throw IndexError("shape mismatch: indexing arrays could not be broadcast together");
  ndarray vals = astype(ravel(values), a_in.data.dtype());
  if (vals.size() == 1 && n != 1) vals = copy(broadcast_to(vals, {n}), Order::C);
  if (vals.size() != n) throw ValueError("shape mismatch in assignment");
  if (n == 0) return {a_in, false};
  const int64_t w = std::max<int64_t>(a_in.cols, 1);
  if (a_in.rows > std::numeric_limits<int64_t>::max() / w)
    throw ValueError("sparse assignment: the matrix has more than 2^63 positions");
  const CsrMatrix a = has_canonical_format(a_in) ? a_in : sum_duplicates(a_in);
  // The assignments by position, the last of each position kept (the last write wins).
  const ndarray q = add(multiply(rows, w), cols);
  const ndarray order = argsort(q, -1, SortKind::Stable);
  const ndarray qs = take(q, order);
  const ndarray last = flatnonzero(concatenate({not_equal(diff(qs), 0), ones({1}, dtypes::bool_)}));
  const ndarray keys = take(qs, last), kv = take(vals, take(order, last));
  // Stored positions are sorted (canonical): one search per assigned position.
  const ndarray major = astype(expand_major(a.indptr, a.rows, a.nnz()), dtypes::int64);
  ndarray found = zeros({keys.size()}, dtypes::bool_);
  if (a.nnz() > 0) {
    const ndarray stored = add(multiply(major, w), astype(a.indices, dtypes::int64));
    const ndarray at = minimum(searchsorted(stored, keys), a.nnz() - 1);
    found = equal(take(stored, at), keys);
    const ndarray hit = flatnonzero(found);
    put(a.data, take(at, hit), take(kv, hit));
  }
  const ndarray miss = flatnonzero(logical_not(found));
  if (!insert || miss.size() == 0) return {a, false};
  const ndarray mk = take(keys, miss);
  Compressed c =
      compress_entries(concatenate({a.data, take(kv, miss)}), concatenate({major, floor_divide(mk, w)}),
                       concatenate({astype(a.indices, dtypes::int64), remainder(mk, w)}), a.rows, a.cols, false);
  return {{c.data, c.indices, c.indptr, a.rows, a.cols}, true};
}

}  // namespace cupric::sparse
