// Sparse products: SpMV, SpMM and SpGEMM (include/cupric/sparse.hpp): shape and dtype checks here,
// the kernels in the backend's SparseFns (Note [Sparse module] in src/sparse/sparse_table.hpp).
#include <string>
#include "cupric/cupric.hpp"
#include "sparse/sparse_internal.hpp"
#include "sparse/sparse_table.hpp"

namespace cupric::sparse {

namespace {

[[noreturn]] void mismatch(int64_t k, int64_t n, bool vector) {
  throw ValueError("matmul: dimension mismatch with signature (n,k=" + std::to_string(k) + "),(k=" + std::to_string(n) +
                   (vector ? ",1?)->(n,1?)" : ",m)->(n,m)"));
}

// y = op(S) @ x with S the stored CSR arrays (srows x scols); `transpose` reads them as CSC.
ndarray product(const ndarray& data, const ndarray& indices, const ndarray& indptr, int64_t srows, int64_t scols,
                bool transpose, const ndarray& x) {
  if (x.ndim() != 1 && x.ndim() != 2) throw ValueError("matmul: the dense operand must be 1-D or 2-D");
  const int64_t m = transpose ? scols : srows, n = transpose ? srows : scols;
  if (x.shape()[0] != n) mismatch(n, x.shape()[0], x.ndim() == 1);
  const DType dt = storage_dtype(promote_types(data.dtype(), x.dtype()));
  const int64_t k = x.ndim() == 2 ? x.shape()[1] : 1;
  const Dims out_shape = x.ndim() == 1 ? Dims{m} : Dims{m, k};
  if (data.size() == 0 || m == 0 || k == 0 || n == 0) return zeros(out_shape, dt);
  const ndarray xs = contiguous(x.dtype() == dt ? x : astype(x, dt));
  const ndarray vals = contiguous(data.dtype() == dt ? data : astype(data, dt));
  ndarray y = ndarray::empty(out_shape, dt, Order::C, &vals.backend());
  SpMV p;
  p.dtype = dt;
  p.index_dtype = indices.dtype();
  p.rows = srows;
  p.cols = scols;
  p.nnz = data.size();
  p.k = k;
  p.data = vals.data();
  p.indices = indices.data();
  p.indptr = indptr.data();
  p.x = xs.data();
  p.y = y.data();
  p.transpose = transpose;
  p.stream = vals.backend().current_stream(vals.device());
  sparse_table().require(vals.device_type(), "sparse matrix products")->spmv(p);
  return y;
}

}  // namespace

ndarray dot(const CsrMatrix& a, const ndarray& x) {
  return product(a.data, a.indices, a.indptr, a.rows, a.cols, false, x);
}

ndarray dot(const CscMatrix& a, const ndarray& x) {
  // Transposed products are SpMV only (cuSPARSE's transposed SpMM wants column-major operands;
  // bool has no transposed kernel on the GPU): otherwise the CSR first.
  if (x.ndim() == 2 || promote_types(a.data.dtype(), x.dtype()) == dtypes::bool_) return dot(csc_to_csr(a), x);
  return product(a.data, a.indices, a.indptr, a.cols, a.rows, true, x);
}

ndarray spmv(const CsrMatrix& a, const ndarray& x) {
  if (x.ndim() != 1) throw ValueError("spmv: x must be 1-D (use spmm for a 2-D operand)");
  return dot(a, x);
}

ndarray spmv(const CscMatrix& a, const ndarray& x) {
  if (x.ndim() != 1) throw ValueError("spmv: x must be 1-D (use spmm for a 2-D operand)");
  return dot(a, x);
}

ndarray spmm(const CsrMatrix& a, const ndarray& x) {
  if (x.ndim() != 2) throw ValueError("spmm: X must be 2-D (use spmv for a 1-D operand)");
  return dot(a, x);
}

ndarray spmm(const CscMatrix& a, const ndarray& x) {
  if (x.ndim() != 2) throw ValueError("spmm: X must be 2-D (use spmv for a 1-D operand)");
  return dot(a, x);
}

CsrMatrix spgemm(const CsrMatrix& a, const CsrMatrix& b) {
  if (a.cols != b.rows) mismatch(a.cols, b.rows, false);
  const DType dt = promote_types(a.data.dtype(), b.data.dtype());
  const DType it = promote_types(a.indices.dtype(), b.indices.dtype());
  auto prepare = [&](const CsrMatrix& m) {
    return CsrMatrix{m.data.dtype() == dt ? m.data : astype(m.data, dt),
                     astype(m.indices, it, Order::K, Casting::Unsafe, false),
                     astype(m.indptr, it, Order::K, Casting::Unsafe, false), m.rows, m.cols};
  };
  if (a.nnz() == 0 || b.nnz() == 0) return empty_csr(a.rows, b.cols, dt);
  return sparse_table().require(a.data.device_type(), "sparse @ sparse (SpGEMM)")->spgemm(prepare(a), prepare(b));
}

}  // namespace cupric::sparse
