// Canonical forms of the sparse formats: sum_duplicates, sort_indices, eliminate_zeros and the
// has_sorted_indices / has_canonical_format tests (include/cupric/sparse.hpp), built from cupric's
// array routines (Note [Sparse module] in src/sparse/sparse_table.hpp).
#include "cupric/cupric.hpp"
#include "sparse/sparse_internal.hpp"

namespace cupric::sparse {

namespace {

template <class M>
M recompress(const M& a, int64_t major, int64_t minor, bool sum_dups) {
  Compressed c = compress_entries(a.data, expand_major(a.indptr, major, a.nnz()), a.indices, major, minor, sum_dups);
  return {c.data, c.indices, c.indptr, a.rows, a.cols};
}

// Note [Counting before dropping zeros]
// Most matrices have no stored zeros (every SpGEMM result is checked: cuSPARSE keeps cancelled
// products, SciPy drops them), so a count (one read of data, one host read) decides first; the
// positions (an nnz * 8-byte write and read) are made only when some entry goes.
bool all_nonzero(const ndarray& data) {
  return data.size() == 0 || to_vector<int64_t>(astype(count_nonzero(data), dtypes::int64))[0] == data.size();
}

template <class M>
M drop_zeros(const M& a, int64_t major) {
  if (all_nonzero(a.data)) return a;
  const ndarray keep = flatnonzero(a.data);
  const ndarray maj = take(expand_major(a.indptr, major, a.nnz()), keep);
  const DType it = a.indices.dtype();
  return {take(a.data, keep), take(a.indices, keep), compress_major(maj, major, it), a.rows, a.cols};
}

// Whether the minor indices of each major slice are non-decreasing (strictly increasing when
// `strict`: sorted and free of duplicates).
bool sorted_within(const ndarray& indptr, const ndarray& indices, int64_t major, bool strict) {
  if (indices.size() < 2) return true;
  const ndarray same = equal(diff(expand_major(indptr, major, indices.size())), 0);
  const ndarray d = diff(indices);
  const ndarray bad = logical_and(same, strict ? less_equal(d, 0) : less(d, 0));
  return !to_vector<bool>(any(bad))[0];
}

}  // namespace

CsrMatrix sum_duplicates(const CsrMatrix& a) { return recompress(a, a.rows, a.cols, true); }
CscMatrix sum_duplicates(const CscMatrix& a) { return recompress(a, a.cols, a.rows, true); }
// Note [COO sum_duplicates]
// A COO's canonical form comes straight from the sorted position keys (row = key / w, col =
// key % w), not through a CSR and back (indptr built by a search, then expanded again by another).
CooMatrix sum_duplicates(const CooMatrix& a) {
  if (a.nnz() == 0) return a;
  std::optional<KeyedEntries> k = keyed_entries(a.data, a.row, a.col, a.rows, a.cols, true);
  if (!k) return csr_to_coo(coo_to_csr(a));
  const DType it = index_dtype_for(a.rows, a.cols, k->vals.size());
  return {k->vals, astype(floor_divide(k->key, Operand(k->w)), it, Order::K, Casting::Unsafe, false),
          astype(remainder(k->key, Operand(k->w)), it, Order::K, Casting::Unsafe, false), a.rows, a.cols};
}
CsrMatrix sort_indices(const CsrMatrix& a) { return recompress(a, a.rows, a.cols, false); }
CscMatrix sort_indices(const CscMatrix& a) { return recompress(a, a.cols, a.rows, false); }
CsrMatrix eliminate_zeros(const CsrMatrix& a) { return drop_zeros(a, a.rows); }
CscMatrix eliminate_zeros(const CscMatrix& a) { return drop_zeros(a, a.cols); }

CooMatrix eliminate_zeros(const CooMatrix& a) {
  if (all_nonzero(a.data)) return a;
  const ndarray keep = flatnonzero(a.data);
  return {take(a.data, keep), take(a.row, keep), take(a.col, keep), a.rows, a.cols};
}

bool has_sorted_indices(const CsrMatrix& a) { return sorted_within(a.indptr, a.indices, a.rows, false); }
bool has_canonical_format(const CsrMatrix& a) { return sorted_within(a.indptr, a.indices, a.rows, true); }

}  // namespace cupric::sparse
