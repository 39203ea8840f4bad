// Sparse products: SpMV, SpMM and SpGEMM (include/cupric/sparse.hpp): shape and dtype checks here,
// the kernels in the backend's SparseFns (Note [Sparse module] in src/sparse/sparse_table.hpp).
#include <string>
#include <string_view>
#include <utility>
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
                bool transpose, const ndarray& x, SpmvKernel kernel = SpmvKernel::Auto) {
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
  p.kernel = kernel;
  p.stream = vals.backend().current_stream(vals.device());
  sparse_table().require(vals.device_type(), "sparse matrix products")->spmv(p);
  return y;
}

}  // namespace

// Note [SpGEMM by expansion]
// C = A @ B as "expand, sort, compress", from cupric's array routines, so it runs on every
// backend and with int64 indices: nonzero e of A (row i, column k) meets the cnt_e = len(B row k)
// entries of B's row k; product p of nonzero e reads B's entry start_e + (p - first_p(e)). The
// products become (i, j, a_ik * b_kj) entries that compress_entries sorts and sums, and exact zeros
// are dropped as SciPy's csr_matmat drops them. Memory: the products, sum of cnt_e entries (one
// host read learns it). The CUDA backend uses it where cuSPARSE's SpGEMM cannot (64-bit indices).
CsrMatrix spgemm_by_expansion(const CsrMatrix& a, const CsrMatrix& b) {
  const DType i64 = dtypes::int64;
  const ndarray k = astype(a.indices, i64), bptr = astype(b.indptr, i64);
  const ndarray start = take(bptr, k);
  const ndarray cnt = subtract(take(bptr, add(k, Operand(int64_t{1}))), start);
  const ndarray first = subtract(cumsum(cnt), cnt);  // exclusive prefix sum: first product of each nonzero
  const int64_t products = cnt.size() ? to_vector<int64_t>(sum(cnt))[0] : 0;  // one host read
  if (products == 0) return empty_csr(a.rows, b.cols, a.data.dtype());
  const ndarray owner = owners(first, products);  // Note [Expanding indptr on the device] in formats.cpp
  const ndarray p = arange(Scalar::of<int64_t>(products), i64);
  const ndarray pos = add(take(start, owner), subtract(p, take(first, owner)));
  const ndarray rows = take(astype(expand_major(a.indptr, a.rows, a.nnz()), i64), owner);
  const ndarray cols = take(astype(b.indices, i64), pos);
  const ndarray vals = multiply(take(a.data, owner), take(b.data, pos));
  const Compressed c = compress_entries(vals, rows, cols, a.rows, b.cols);
  return eliminate_zeros(CsrMatrix{c.data, c.indices, c.indptr, a.rows, b.cols});
}

ndarray dot(const CsrMatrix& a, const ndarray& x) {
  return product(a.data, a.indices, a.indptr, a.rows, a.cols, false, x);
}

ndarray dot(const CscMatrix& a, const ndarray& x) {
  // Transposed products are SpMV only (cuSPARSE's transposed SpMM wants column-major operands;
  // bool has no transposed kernel on the GPU): otherwise the CSR first.
  if (x.ndim() == 2 || promote_types(a.data.dtype(), x.dtype()) == dtypes::bool_) return dot(csc_to_csr(a), x);
  return product(a.data, a.indices, a.indptr, a.cols, a.rows, true, x);
}

ndarray spmv_with(const CsrMatrix& a, const ndarray& x, std::string_view kernel) {
  static constexpr std::pair<std::string_view, SpmvKernel> kNames[] = {
      {"auto", SpmvKernel::Auto},        {"own", SpmvKernel::Own},   {"own_keepx", SpmvKernel::OwnKeepX},
      {"own_wide", SpmvKernel::OwnWide}, {"pipe", SpmvKernel::Pipe}, {"pipe_keepx", SpmvKernel::PipeKeepX},
      {"cusparse", SpmvKernel::Cusparse}};
  if (x.ndim() != 1) throw ValueError("spmv: x must be 1-D (use spmm for a 2-D operand)");
  for (const auto& [name, k] : kNames)
    if (name == kernel) return product(a.data, a.indices, a.indptr, a.rows, a.cols, false, x, k);
  throw ValueError("spmv_with: unknown kernel '" + std::string(kernel) +
                   "' (auto, own, own_keepx, own_wide, pipe, pipe_keepx or cusparse)");
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
