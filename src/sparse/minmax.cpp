// SciPy's max/min/argmax/argmin of sparse matrices, implicit zeros included
// (include/cupric/sparse.hpp), from cupric's array routines (Note [Sparse module] in
// src/sparse/sparse_table.hpp).
#include <limits>
#include "cupric/cupric.hpp"
#include "sparse/sparse_internal.hpp"

namespace cupric::sparse {

namespace {

struct Extremes {
  ndarray values;  // per row
  ndarray args;    // per row: the first column holding the value (int64)
};

// Note [Sparse extremes]
// Per row of a canonical CSR: the extreme of the stored values (one segmented reduction over the non-empty
// rows), combined with 0 when the row has implicit zeros. The argument is the first column
// holding that value: the smallest stored column equal to it, or, when the value is 0, the first
// implicit zero if it comes earlier. In a canonical row, entry k's column exceeds its position p
// (k - row start) exactly when columns p.. are missing, so the first such p is the first implicit
// zero (or the row's length when the stored columns are 0..length-1).
Extremes row_extremes(const CsrMatrix& c, bool is_max, bool want_args) {
  const char* op = is_max ? "maximum" : "minimum";
  const int64_t rows = c.rows;
  const ndarray ptr = astype(c.indptr, dtypes::int64);
  const ndarray starts = getitem(ptr, {Index::slice(0, rows)});
  const ndarray lengths = diff(ptr);
  const ndarray nonempty = flatnonzero(greater(lengths, 0));
  ndarray values = zeros({rows}, c.data.dtype());
  if (nonempty.size() > 0) {
    const ndarray red = segment_reduce(op, c.data, take(starts, nonempty));
    const ndarray full = equal(take(lengths, nonempty), c.cols);
    const Operand zero(0);
    const Operand ops[2] = {Operand(red), zero};
    put(values, nonempty, where(full, red, ufunc_call(*find_ufunc(op), ops, 2).out[0]));
  }
  if (!want_args) return {values, {}};
  const int64_t big = std::numeric_limits<int64_t>::max();
  ndarray args = zeros({rows}, dtypes::int64);
  if (c.nnz() == 0) return {values, args};
  const ndarray r = astype(expand_major(c.indptr, rows, c.indices.size()), dtypes::int64);
  const ndarray col = astype(c.indices, dtypes::int64);
  const ndarray eq = equal(c.data, take(values, r));
  const ndarray ne_starts = take(starts, nonempty);
  ndarray cand = full({rows}, Scalar::of<int64_t>(big), dtypes::int64);
  put(cand, nonempty, segment_reduce("minimum", where(eq, col, Operand(big)), ne_starts));
  const ndarray p = subtract(arange(Scalar::of<int64_t>(c.nnz()), dtypes::int64), take(starts, r));
  ndarray gap = full({rows}, Scalar::of<int64_t>(big), dtypes::int64);
  put(gap, nonempty, segment_reduce("minimum", where(not_equal(col, p), p, Operand(big)), ne_starts));
  const ndarray first_zero = minimum(gap, where(less(lengths, c.cols), lengths, Operand(big)));
  const ndarray zero_wins = logical_and(equal(values, 0), less(first_zero, big));
  args = where(zero_wins, minimum(cand, first_zero), cand);
  args = where(equal(args, big), Operand(int64_t{0}), args);  // empty rows (value 0 at column 0)
  return {values, args};
}

// The matrix whose rows are what `axis` reduces: A's rows (axis 1), A's columns (axis 0), or one
// row of all rows*cols positions in C order (no axis); canonical.
CsrMatrix reduction_rows(const CsrMatrix& a, std::optional<int> axis) {
  if (a.rows == 0 || a.cols == 0) throw ValueError("zero-size array to reduction operation");
  if (axis && (*axis < -2 || *axis > 1))
    throw AxisError("axis " + std::to_string(*axis) + " is out of bounds for array of dimension 2");
  const CsrMatrix c = sum_duplicates(a);
  if (!axis) {
    const ndarray keys = add(multiply(astype(expand_major(c.indptr, c.rows, c.nnz()), dtypes::int64), c.cols),
                             astype(c.indices, dtypes::int64));
    return {c.data, keys, array<int64_t>({0, c.nnz()}), 1, a.rows * a.cols};
  }
  const int ax = *axis < 0 ? *axis + 2 : *axis;
  if (ax == 1) return c;
  return transpose(sum_duplicates(csr_to_csc(c)));
}

}  // namespace

ndarray reduce_minmax(const CsrMatrix& a, std::optional<int> axis, bool is_max) {
  const ndarray v = row_extremes(reduction_rows(a, axis), is_max, false).values;
  return axis ? v : reshape(v, {});
}

ndarray arg_minmax(const CsrMatrix& a, std::optional<int> axis, bool is_max) {
  const ndarray v = row_extremes(reduction_rows(a, axis), is_max, true).args;
  return axis ? v : reshape(v, {});
}

}  // namespace cupric::sparse
