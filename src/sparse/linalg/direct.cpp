// spsolve and spsolve_triangular on a CSR matrix's arrays (include/cupric/sparse/linalg.hpp): the
// argument checks, dtypes and result shapes; the solves are the backend's (direct_kernels.hpp).
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
#include "sparse/linalg/direct_kernels.hpp"
#include "sparse/linalg/krylov_common.hpp"

namespace cupric::sparse::linalg {

using namespace detail;

// Note [Sparse direct solves]
// spsolve and spsolve_triangular never form the dense n x n matrix: their memory is the matrix's
// entries, its factors and the right-hand sides.
//  - Host: spsolve factorises A Q = P^T L U by a left-looking sparse LU with partial pivoting
//    (Gilbert and Peierls: each column of L and U is a sparse triangular solve whose nonzero
//    pattern is found by a depth-first search through L's columns first, so the work is
//    proportional to the arithmetic). The column order Q is an approximate minimum degree
//    ordering of A + A^T (Note [Minimum degree ordering] in host/min_degree.cpp), and the pivot
//    is the permuted diagonal entry when it is as large as the column's largest (KLU's scheme;
//    SciPy's SuperLU orders by COLAMD instead, so the factors and rounding differ, not the
//    solution). An exactly zero pivot column means A is singular. spsolve_triangular
//    substitutes row by row over the CSR.
//  - CUDA: spsolve runs cuSOLVER's sparse QR (cusolverSp<t>csrlsvqr with symrcm reordering, as
//    CuPy; deprecated in CUDA 12 in favour of cuDSS but present in CUDA 13's libcusolver) once per
//    right-hand side, on the canonical (duplicates summed) 32-bit CSR; tol 0, so only an exactly
//    zero diagonal of R reports singularity. spsolve_triangular runs cuSPARSE's SpSV (analysis
//    once, a solve per right-hand side) on the triangle it reads, extracted first.
// A singular A gives NaN and SciPy's MatrixRankWarning (the Python layer warns): CuPy 14 returns
// whatever cuSOLVER left in x without a warning; SciPy's behaviour is the one kept here.
// splu/spilu/factorized factorise through SciPy's SuperLU on the host, as CuPy does (DESIGN.md).
ndarray csr_to_dense(const CsrArrays& a) {
  const CsrMatrix m = make_csr(a.data, a.indices, a.indptr, a.rows, a.cols);
  return sparse::to_dense(m);
}

namespace {

DType float_at_least(DType t) {
  if (t.type == ScalarType::Float32 || t.type == ScalarType::Float64 || t.is_complex()) return t;
  if (t.type == ScalarType::Float16 || t.type == ScalarType::BFloat16) return dtypes::float32;
  return dtypes::float64;
}

// A's arrays as a CSR matrix of dtype t (make_csr's checks: lengths, index dtypes).
CsrMatrix csr_of(const CsrArrays& A, DType t) {
  if (A.data.ndim() != 1) throw ValueError("data, indices, and indptr should be 1-D");
  return make_csr(astype(A.data, t), A.indices, A.indptr, A.rows, A.cols);
}

// b as an (n, k) Fortran-contiguous array of dtype t.
ndarray rhs_columns(const ndarray& b, DType t) {
  const ndarray b2 = b.ndim() == 1 ? reshape(b, Dims{b.shape()[0], 1}) : b;
  return copy(astype(b2, t), Order::F);
}

const DirectFns* fns(const ndarray& a, const char* what) { return direct_table().require(a.device_type(), what); }

}  // namespace

SpsolveResult spsolve(const CsrArrays& A, const ndarray& b) {
  const DType t = promote_types(float_at_least(A.data.dtype()), b.dtype());
  if (A.rows != A.cols) throw ValueError("matrix must be square (has shape " + shape_text(A.rows, A.cols) + ")");
  if (b.ndim() == 0 || b.ndim() > 2 || b.shape()[0] != A.rows)
    throw ValueError("matrix - rhs dimension mismatch (" + shape_text(A.rows, A.cols) + " - " +
                     (b.ndim() ? std::to_string(b.shape()[0]) : std::string("()")) + ")");
  const bool vector = b.ndim() == 1 || b.shape()[1] == 1;
  if (A.indices.size() > 0) {
    // Column indices are checked here for every backend (one host read): cuSOLVER's csrlsvqr reads
    // outside the matrix on a bad index instead of reporting it.
    int64_t lo_hi[2] = {0, 0};
    to_host(astype(stack({amin(A.indices), amax(A.indices)}), dtypes::int64), lo_hi, Order::C, true);
    if (lo_hi[0] < 0) throw ValueError("column index " + std::to_string(lo_hi[0]) + " out of range");
    if (lo_hi[1] >= A.cols) throw ValueError("column index " + std::to_string(lo_hi[1]) + " out of range");
  }
  const CsrMatrix a = csr_of(A, t);
  const ndarray rhs = rhs_columns(b, t);
  ndarray x = ndarray::empty(rhs.shape(), t, Order::F, &rhs.backend());
  SpsolveResult r;
  if (rhs.size() > 0) r.singular = !fns(rhs, "spsolve")->solve(a, rhs, x);
  if (r.singular) x = full(rhs.shape(), Scalar::of<double>(std::numeric_limits<double>::quiet_NaN()).cast(t), t);
  r.x = vector ? ravel(x) : x;
  return r;
}

ndarray spsolve_triangular(const CsrArrays& A, const ndarray& b, bool lower, bool unit_diagonal) {
  if (A.rows != A.cols)
    throw ValueError("A must be a square matrix but its shape is " + shape_text(A.rows, A.cols) + ".");
  if (b.ndim() != 1 && b.ndim() != 2)
    throw ValueError("b must have 1 or 2 dims but its shape is " + shape_text(b.shape()) + ".");
  if (b.shape()[0] != A.rows)
    throw ValueError(
        "The size of the dimensions of A must be equal to the size of the first dimension of b but the shape of A is " +
        shape_text(A.rows, A.cols) + " and the shape of b is " + shape_text(b.shape()) + ".");
  const DType t = promote_types(promote_types(A.data.dtype(), dtypes::float32), b.dtype());
  const CsrMatrix a = csr_of(A, t);
  if (!unit_diagonal && A.rows > 0) {
    const ndarray zero_on_diag = cupric::any(cupric::equal(sparse::diagonal(a), 0));
    bool z = false;
    to_host(zero_on_diag, &z, Order::C, true);
    if (z) throw cupric::LinAlgError("A is singular: zero entry on diagonal.");
  }
  const ndarray rhs = rhs_columns(b, t);
  ndarray x = ndarray::empty(rhs.shape(), t, Order::F, &rhs.backend());
  if (rhs.size() > 0) fns(rhs, "spsolve_triangular")->triangular_solve(a, rhs, x, lower, unit_diagonal);
  return b.ndim() == 1 ? ravel(x) : x;
}

dispatch::Table<const DirectFns*>& direct_table() {
  static constinit dispatch::Table<const DirectFns*> t;
  return t;
}

}  // namespace cupric::sparse::linalg
