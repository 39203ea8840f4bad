// Building sparse matrices: eye, diags, kron, bmat (hstack/vstack/block_diag), tril/triu and the
// DIA format's conversions (include/cupric/sparse/construct.hpp), from cupric's array routines
// (Note [Sparse module] in src/sparse/sparse_table.hpp). Results are COO; the Python functions
// convert to the format asked for.
#include <string>
#include "cupric/cupric.hpp"
#include "cupric/sparse/construct.hpp"
#include "sparse/sparse_internal.hpp"

namespace cupric::sparse {

namespace {

int64_t diagonal_length(int64_t rows, int64_t cols, int64_t k) {
  return k >= 0 ? std::max<int64_t>(0, std::min(rows, cols - k)) : std::max<int64_t>(0, std::min(rows + k, cols));
}

ndarray index_range(int64_t start, int64_t stop, DType it) {
  return arange(Scalar::of<int64_t>(start), Scalar::of<int64_t>(stop), Scalar::of<int64_t>(1), it);
}

CooMatrix coo_of(const ndarray& data, const ndarray& row64, const ndarray& col64, int64_t rows, int64_t cols) {
  const DType it = index_dtype_for(rows, cols, data.size());
  return {contiguous(data), astype(row64, it), astype(col64, it), rows, cols};
}

}  // namespace

CooMatrix eye(int64_t rows, int64_t cols, int64_t k, DType dtype) {
  if (rows < 0 || cols < 0) throw ValueError("invalid shape (negative dimension)");
  check_data_dtype(dtype);
  const int64_t n = diagonal_length(rows, cols, k);
  const ndarray i = index_range(0, n, dtypes::int64);
  return coo_of(ones({n}, dtype), k >= 0 ? i : add(i, -k), k >= 0 ? add(i, k) : i, rows, cols);
}

CooMatrix diags(const std::vector<ndarray>& diagonals, const std::vector<int64_t>& offsets, int64_t rows, int64_t cols,
                DType dtype) {
  if (diagonals.size() != offsets.size()) throw ValueError("Different number of diagonals and offsets.");
  check_data_dtype(dtype);
  std::vector<ndarray> data, row, col;
  for (size_t d = 0; d < diagonals.size(); ++d) {
    const int64_t k = offsets[d];
    const int64_t n = diagonal_length(rows, cols, k);
    ndarray v = ravel(diagonals[d]);
    if (v.size() == 1 && n != 1) v = broadcast_to(v, {n});
    if (v.size() < n)
      throw ValueError("Diagonal length (index " + std::to_string(d) + ": " + std::to_string(v.size()) + " at offset " +
                       std::to_string(k) + ") does not agree with array size (" + std::to_string(rows) + ", " +
                       std::to_string(cols) + ").");
    const ndarray i = index_range(0, n, dtypes::int64);
    data.push_back(astype(getitem(v, {Index::slice(0, n)}), dtype));
    row.push_back(k >= 0 ? i : add(i, -k));
    col.push_back(k >= 0 ? add(i, k) : i);
  }
  if (data.empty()) return coo_of(zeros({0}, dtype), zeros({0}, dtypes::int64), zeros({0}, dtypes::int64), rows, cols);
  return coo_of(concatenate(data), concatenate(row), concatenate(col), rows, cols);
}

CooMatrix kron(const CooMatrix& a, const CooMatrix& b) {
  const int64_t rows = a.rows * b.rows, cols = a.cols * b.cols;
  const int64_t na = a.nnz(), nb = b.nnz();
  // Entry (p, q) of the result: a's entry p times b's entry q at (a.row*b.rows + b.row, ...).
  auto outer = [&](const ndarray& x, const ndarray& y, const Operand& scale) {
    const ndarray xs = reshape(astype(x, dtypes::int64), {na, 1});
    return ravel(add(multiply(xs, scale), reshape(astype(y, dtypes::int64), {1, nb})));
  };
  const DType dt = promote_types(a.data.dtype(), b.data.dtype());
  const ndarray data = ravel(multiply(reshape(a.data, {na, 1}), reshape(b.data, {1, nb})));
  return coo_of(astype(data, dt, Order::K, Casting::Unsafe, false), outer(a.row, b.row, b.rows),
                outer(a.col, b.col, b.cols), rows, cols);
}

CooMatrix bmat(const std::vector<std::vector<std::optional<CooMatrix>>>& blocks, std::optional<DType> dtype) {
  const size_t M = blocks.size(), N = M ? blocks[0].size() : 0;
  for (const auto& r : blocks)
    if (r.size() != N) throw ValueError("blocks must be 2-D");
  std::vector<int64_t> brow(M, -1), bcol(N, -1);
  for (size_t i = 0; i < M; ++i)
    for (size_t j = 0; j < N; ++j) {
      if (!blocks[i][j]) continue;
      const CooMatrix& b = *blocks[i][j];
      const std::string at = "blocks[" + std::to_string(i) + "," + std::to_string(j) + "]";
      if (brow[i] < 0)
        brow[i] = b.rows;
      else if (brow[i] != b.rows)
        throw ValueError("blocks[" + std::to_string(i) + ",:] has incompatible row dimensions. Got " + at +
                         ".shape[0] == " + std::to_string(b.rows) + ", expected " + std::to_string(brow[i]) + ".");
      if (bcol[j] < 0)
        bcol[j] = b.cols;
      else if (bcol[j] != b.cols)
        throw ValueError("blocks[:," + std::to_string(j) + "] has incompatible column dimensions. Got " + at +
                         ".shape[1] == " + std::to_string(b.cols) + ", expected " + std::to_string(bcol[j]) + ".");
    }
  for (size_t i = 0; i < M; ++i)
    if (brow[i] < 0) throw ValueError("blocks[" + std::to_string(i) + ",:] is all None (its row count is unknown)");
  for (size_t j = 0; j < N; ++j)
    if (bcol[j] < 0) throw ValueError("blocks[:," + std::to_string(j) + "] is all None (its column count is unknown)");
  std::vector<int64_t> row_off(M + 1, 0), col_off(N + 1, 0);
  for (size_t i = 0; i < M; ++i) row_off[i + 1] = row_off[i] + brow[i];
  for (size_t j = 0; j < N; ++j) col_off[j + 1] = col_off[j] + bcol[j];
  std::optional<DType> dt = dtype;
  std::vector<ndarray> data, row, col;
  for (size_t i = 0; i < M; ++i)
    for (size_t j = 0; j < N; ++j)
      if (blocks[i][j]) {
        const CooMatrix& b = *blocks[i][j];
        if (!dtype) dt = dt ? promote_types(*dt, b.data.dtype()) : b.data.dtype();
        data.push_back(b.data);
        row.push_back(add(astype(b.row, dtypes::int64), row_off[i]));
        col.push_back(add(astype(b.col, dtypes::int64), col_off[j]));
      }
  const DType out = dt ? *dt : dtypes::float64;
  check_data_dtype(out);
  if (data.empty())
    return coo_of(zeros({0}, out), zeros({0}, dtypes::int64), zeros({0}, dtypes::int64), row_off[M], col_off[N]);
  return coo_of(astype(concatenate(data), out), concatenate(row), concatenate(col), row_off[M], col_off[N]);
}

CooMatrix tril(const CooMatrix& a, int64_t k) {
  const ndarray keep = flatnonzero(less_equal(subtract(astype(a.col, dtypes::int64), astype(a.row, dtypes::int64)), k));
  return {take(a.data, keep), take(a.row, keep), take(a.col, keep), a.rows, a.cols};
}

CooMatrix triu(const CooMatrix& a, int64_t k) {
  const ndarray keep =
      flatnonzero(greater_equal(subtract(astype(a.col, dtypes::int64), astype(a.row, dtypes::int64)), k));
  return {take(a.data, keep), take(a.row, keep), take(a.col, keep), a.rows, a.cols};
}

DiaMatrix make_dia(const ndarray& data_in, const ndarray& offsets, int64_t rows, int64_t cols) {
  if (rows < 0 || cols < 0) throw ValueError("invalid shape (negative dimension)");
  const ndarray data = data_in.ndim() == 1 ? reshape(data_in, {1, data_in.size()}) : data_in;
  if (data.ndim() != 2) throw ValueError("DIA data array must be 1-D or 2-D (one row per diagonal)");
  check_data_dtype(data.dtype());
  if (offsets.ndim() > 1) throw ValueError("offsets array must have rank 1");
  const ndarray off = astype(ravel(offsets), dtypes::int32);
  if (data.shape()[0] != off.size())
    throw ValueError("number of diagonals (" + std::to_string(data.shape()[0]) +
                     ") does not match the number of offsets (" + std::to_string(off.size()) + ")");
  if (off.size() > 1 && unique_values(off).size() != off.size())
    throw ValueError("offset array contains duplicate values");
  return {contiguous(data), off, rows, cols};
}

CooMatrix dia_to_coo(const DiaMatrix& a) {
  const int64_t nd = a.data.shape()[0], L = a.data.shape()[1];
  const int64_t width = std::min(L, a.cols);
  if (nd == 0 || width == 0)
    return coo_of(zeros({0}, a.data.dtype()), zeros({0}, dtypes::int64), zeros({0}, dtypes::int64), a.rows, a.cols);
  // data[i, j] sits at (j - offsets[i], j).
  const ndarray j = reshape(index_range(0, width, dtypes::int64), {1, width});
  const ndarray r = subtract(j, reshape(astype(a.offsets, dtypes::int64), {nd, 1}));
  const ndarray vals = getitem(a.data, {Index::slice(), Index::slice(0, width)});
  const ndarray inside = logical_and(logical_and(greater_equal(r, 0), less(r, a.rows)), not_equal(vals, 0));
  const ndarray keep = flatnonzero(inside);
  const ndarray cols = broadcast_to(j, {nd, width});
  return coo_of(take(ravel(vals), keep), take(ravel(r), keep), take(ravel(cols), keep), a.rows, a.cols);
}

DiaMatrix coo_to_dia(const CooMatrix& a) {
  const CooMatrix c = csr_to_coo(coo_to_csr(a));  // duplicates summed
  const ndarray k = subtract(astype(c.col, dtypes::int64), astype(c.row, dtypes::int64));
  const ndarray offsets = unique_values(k);
  const int64_t nd = offsets.size();
  ndarray data = zeros({nd, a.cols}, a.data.dtype());
  if (nd > 0) {
    const ndarray which = searchsorted(offsets, k);
    put(data, add(multiply(which, a.cols), astype(c.col, dtypes::int64)), c.data);
  }
  return {data, astype(offsets, dtypes::int32), a.rows, a.cols};
}

}  // namespace cupric::sparse
