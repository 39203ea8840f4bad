// Elementwise operations between sparse matrices, sums and diagonals (include/cupric/sparse.hpp),
// built from cupric's array routines (Note [Sparse module] in src/sparse/sparse_table.hpp).
#include "cupric/cupric.hpp"
#include "sparse/sparse_internal.hpp"

namespace cupric::sparse {

// Note [Sparse binary operations]
// op(A, B) for any binary ufunc with op(0, 0) == 0 runs over the union of the two patterns: the
// entries of A (with B's value 0) and of B (with A's value 0) are concatenated, sorted by
// position and summed per position, once for each operand's values (the same stable sort, so the
// same positions), then the ufunc runs on the two summed arrays and exact zeros are dropped.
// multiply needs no intersection of its own: a product with an implicit zero is zero and dropped
// (NaN * 0 stays, as SciPy's _binopt keeps it).
CsrMatrix binop(const CsrMatrix& a, const CsrMatrix& b, std::string_view name) {
  if (a.rows != b.rows || a.cols != b.cols) throw ValueError("inconsistent shapes");
  const Ufunc* u = find_ufunc(name);
  if (!u) throw ValueError("sparse binop: unknown ufunc " + std::string(name));
  const ndarray ra = expand_major(a.indptr, a.rows, a.nnz()), rb = expand_major(b.indptr, b.rows, b.nnz());
  const ndarray rows = concatenate({astype(ra, dtypes::int64), astype(rb, dtypes::int64)});
  const ndarray cols = concatenate({astype(a.indices, dtypes::int64), astype(b.indices, dtypes::int64)});
  const ndarray va = concatenate({a.data, zeros({b.nnz()}, a.data.dtype())});
  const ndarray vb = concatenate({zeros({a.nnz()}, b.data.dtype()), b.data});
  const Compressed ca = compress_entries(va, rows, cols, a.rows, a.cols);
  const Compressed cb = compress_entries(vb, rows, cols, a.rows, a.cols);
  const Operand ops[2] = {Operand(ca.data), Operand(cb.data)};
  ndarray vals = ufunc_call(*u, ops, 2).out[0];
  check_data_dtype(vals.dtype());
  CsrMatrix c{vals, ca.indices, ca.indptr, a.rows, a.cols};
  return eliminate_zeros(c);
}

ndarray sum(const CsrMatrix& a, std::optional<int> axis, std::optional<DType> dtype) {
  const DType natural = a.data.dtype() == dtypes::bool_ ? dtypes::int64 : a.data.dtype();
  const DType out = dtype ? *dtype : natural;
  if (!axis) return astype(cupric::sum(a.data, {}, out), out);
  if (*axis < -2 || *axis > 1)
    throw AxisError("axis " + std::to_string(*axis) + " is out of bounds for array of dimension 2");
  const int ax = *axis < 0 ? *axis + 2 : *axis;
  const DType work = storage_dtype(out);
  const CsrMatrix w{a.data.dtype() == work ? a.data : astype(a.data, work), a.indices, a.indptr, a.rows, a.cols};
  const ndarray y = ax == 1 ? dot(w, ones({a.cols}, work)) : dot(transpose(w), ones({a.rows}, work));
  return y.dtype() == out ? y : astype(y, out);
}

ndarray diagonal(const CsrMatrix& a, int64_t k) {
  const int64_t len =
      k >= 0 ? std::max<int64_t>(0, std::min(a.rows, a.cols - k)) : std::max<int64_t>(0, std::min(a.rows + k, a.cols));
  ndarray out = zeros({len}, a.data.dtype());
  if (len == 0 || a.nnz() == 0) return out;
  // The entries on the diagonal only, duplicates added by add.at (bool: or), without sorting the
  // whole matrix as sum_duplicates would.
  const ndarray r = astype(expand_major(a.indptr, a.rows, a.nnz()), dtypes::int64);
  const ndarray col = astype(a.indices, dtypes::int64);
  const ndarray on = flatnonzero(equal(subtract(col, r), k));
  if (on.size() == 0) return out;
  const Operand vals(take(a.data, on));
  ufunc_at(*find_ufunc("add"), out, {Index::array_index(take(k >= 0 ? r : col, on))}, &vals);
  return out;
}

}  // namespace cupric::sparse
