// Canonical forms of the sparse formats: sum_duplicates, sort_indices, eliminate_zeros and the
// has_sorted_indices / has_canonical_format tests (include/cupric/sparse.hpp), built from cupric's
// array routines (Note [Sparse module] in src/sparse/sparse_table.hpp).
#include "cupric/cupric.hpp"
#include "sparse/sparse_internal.hpp"

namespace cupric::sparse {

namespace {

template <class M>
M recompress(const M& a, int64_t major, int64_t minor, bool sum_dups) {
  Compressed c = compress_entries(a.data, expand_major(a.indptr, major), a.indices, major, minor, sum_dups);
  return {c.data, c.indices, c.indptr, a.rows, a.cols};
}

template <class M>
M drop_zeros(const M& a, int64_t major) {
  const ndarray keep = flatnonzero(a.data);
  if (keep.size() == a.nnz()) return a;
  const ndarray maj = take(expand_major(a.indptr, major), keep);
  const DType it = a.indices.dtype();
  return {take(a.data, keep), take(a.indices, keep), compress_major(maj, major, it), a.rows, a.cols};
}

// Whether the minor indices of each major slice are non-decreasing (strictly increasing when
// `strict`: sorted and free of duplicates).
bool sorted_within(const ndarray& indptr, const ndarray& indices, int64_t major, bool strict) {
  if (indices.size() < 2) return true;
  const ndarray same = equal(diff(expand_major(indptr, major)), 0);
  const ndarray d = diff(indices);
  const ndarray bad = logical_and(same, strict ? less_equal(d, 0) : less(d, 0));
  return !to_vector<bool>(any(bad))[0];
}

}  // namespace

CsrMatrix sum_duplicates(const CsrMatrix& a) { return recompress(a, a.rows, a.cols, true); }
CscMatrix sum_duplicates(const CscMatrix& a) { return recompress(a, a.cols, a.rows, true); }
CooMatrix sum_duplicates(const CooMatrix& a) { return csr_to_coo(coo_to_csr(a)); }
CsrMatrix sort_indices(const CsrMatrix& a) { return recompress(a, a.rows, a.cols, false); }
CscMatrix sort_indices(const CscMatrix& a) { return recompress(a, a.cols, a.rows, false); }
CsrMatrix eliminate_zeros(const CsrMatrix& a) { return drop_zeros(a, a.rows); }
CscMatrix eliminate_zeros(const CscMatrix& a) { return drop_zeros(a, a.cols); }

CooMatrix eliminate_zeros(const CooMatrix& a) {
  const ndarray keep = flatnonzero(a.data);
  if (keep.size() == a.nnz()) return a;
  return {take(a.data, keep), take(a.row, keep), take(a.col, keep), a.rows, a.cols};
}

bool has_sorted_indices(const CsrMatrix& a) { return sorted_within(a.indptr, a.indices, a.rows, false); }
bool has_canonical_format(const CsrMatrix& a) { return sorted_within(a.indptr, a.indices, a.rows, true); }

}  // namespace cupric::sparse
