// spsolve and spsolve_triangular on a CSR matrix's arrays (include/cupric/sparse/linalg.hpp).
#include <cmath>
#include <limits>
#include "cupric/error.hpp"
#include "cupric/linalg.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/indexing.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/reduction.hpp"
#include "cupric/ops/ufunc.hpp"
#include "cupric/ops/ufunc_methods.hpp"
#include "sparse/linalg/krylov_common.hpp"

namespace cupric::sparse::linalg {

using namespace detail;

// Note [Dense direct solves]
// spsolve and spsolve_triangular scatter the CSR matrix into a dense array (duplicates summed,
// as SciPy's sum_duplicates does) and solve with cupric.linalg's LU (getrf/getrs: LAPACK on the
// host, cuSOLVER on the GPU) or triangular solve (trsm). That is exact and fast for the sizes
// a dense matrix fits (n up to a few 10^4 on an H200), and its memory is n^2: a sparse
// factorisation (cuDSS on the GPU, as CuPy's csrlsvqr) is what larger systems need and is not
// here yet. splu/spilu/factorized factorise sparsely on the host through SciPy (DESIGN.md).
ndarray csr_to_dense(const CsrArrays& a) {
  if (a.indptr.ndim() != 1 || a.indptr.size() != a.rows + 1)
    throw ValueError("index pointer size (" + std::to_string(a.indptr.size()) + ") should be (" +
                     std::to_string(a.rows + 1) + ")");
  if (a.indices.size() != a.data.size()) throw ValueError("indices and data should have the same size");
  ndarray dense = zeros(Dims{a.rows, a.cols}, a.data.dtype());
  if (a.data.size() == 0 || a.rows == 0) return dense;
  ndarray ip = astype(a.indptr, dtypes::int64);
  ndarray counts =
      cupric::subtract(basic_index(ip, {Index::slice(1)}), basic_index(ip, {Index::slice(Index::kNone, -1)}));
  ndarray rows = repeat(arange(Scalar::of<int64_t>(a.rows), dtypes::int64), counts, 0);
  ndarray flat = cupric::add(cupric::multiply(rows, a.cols), astype(ravel(a.indices), dtypes::int64));
  ndarray d = ravel(dense);
  const Operand vals(ravel(a.data));
  ufunc_at(*find_ufunc("add"), d, {Index::array_index(flat)}, &vals);
  return dense;
}

namespace {

DType float_at_least(DType t) {
  if (t.type == ScalarType::Float32 || t.type == ScalarType::Float64 || t.is_complex()) return t;
  if (t.type == ScalarType::Float16 || t.type == ScalarType::BFloat16) return dtypes::float32;
  return dtypes::float64;
}

}  // namespace

SpsolveResult spsolve(const CsrArrays& A, const ndarray& b) {
  const DType t = promote_types(float_at_least(A.data.dtype()), b.dtype());
  if (A.rows != A.cols) throw ValueError("matrix must be square (has shape " + shape_text(A.rows, A.cols) + ")");
  if (b.ndim() == 0 || b.ndim() > 2 || b.shape()[0] != A.rows)
    throw ValueError("matrix - rhs dimension mismatch (" + shape_text(A.rows, A.cols) + " - " +
                     (b.ndim() ? std::to_string(b.shape()[0]) : std::string("()")) + ")");
  const bool vector = b.ndim() == 1 || b.shape()[1] == 1;
  ndarray a = astype(csr_to_dense(A), t);
  ndarray rhs = astype(vector ? ravel(b) : b, t);
  SpsolveResult r;
  try {
    r.x = cupric::linalg::solve(a, rhs);
  } catch (const cupric::LinAlgError&) {
    r.x = full(rhs.shape(), Scalar::of<double>(std::numeric_limits<double>::quiet_NaN()).cast(t), t);
    r.singular = true;
  }
  return r;
}

ndarray spsolve_triangular(const CsrArrays& A, const ndarray& b, bool lower, bool unit_diagonal) {
  if (A.rows != A.cols)
    throw ValueError("A must be a square matrix but its shape is " + shape_text(A.rows, A.cols) + ".");
  ndarray a = csr_to_dense(A);
  if (!unit_diagonal) {
    ndarray zero_on_diag = cupric::any(cupric::equal(cupric::linalg::diagonal(a), 0));
    bool z = false;
    to_host(zero_on_diag, &z, Order::C, true);
    if (z) throw cupric::LinAlgError("A is singular: zero entry on diagonal.");
  }
  if (b.ndim() != 1 && b.ndim() != 2)
    throw ValueError("b must have 1 or 2 dims but its shape is " + shape_text(b.shape()) + ".");
  if (b.shape()[0] != A.rows)
    throw ValueError(
        "The size of the dimensions of A must be equal to the size of the first dimension of b but the shape of A is " +
        shape_text(A.rows, A.cols) + " and the shape of b is " + shape_text(b.shape()) + ".");
  const DType t = promote_types(promote_types(A.data.dtype(), dtypes::float32), b.dtype());
  return cupric::scipy::linalg::solve_triangular(astype(a, t), astype(b, t), 0, lower, unit_diagonal, false);
}

}  // namespace cupric::sparse::linalg
