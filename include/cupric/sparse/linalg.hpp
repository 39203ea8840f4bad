// cupricx.scipy.sparse.linalg for C++ callers: a linear operator (shape, dtype, matvec and an
// optional rmatvec) and SciPy's Krylov solvers over it (cg, cgs, bicgstab, gmres, minres), with
// SciPy 1.17's arguments, return codes and callbacks (src/sparse/linalg/, docs/sparse_linalg.md).
#pragma once
#include <complex>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include "cupric/ndarray.hpp"

namespace cupric::sparse::linalg {

// What a solver needs of a matrix: its shape, its dtype and y = A @ x for a vector x of length
// cols (and y = A^H @ x for one of length rows, where a solver needs it). The functions may
// return any shape of the right size and any dtype that casts to the solver's (the Python
// LinearOperator's matvec, a lambda over a sparse matrix, a dense product). A dense matrix
// becomes one with `from_dense`.
struct LinearOperator {
  int64_t rows = 0, cols = 0;
  DType dtype;
  std::function<ndarray(const ndarray&)> matvec;
  std::function<ndarray(const ndarray&)> rmatvec;  // empty: not available

  // A 2-D ndarray as an operator (matvec: a @ x, rmatvec: conj(a).T @ x).
  static LinearOperator from_dense(const ndarray& a);
};

// The arguments common to the iterative solvers (SciPy's names). The tolerance reached is
// max(atol, rtol * ||b||) on the (unpreconditioned) residual norm.
struct IterativeOptions {
  ndarray x0;  // undefined: zeros
  double rtol = 1e-5;
  double atol = 0.0;                  // must be >= 0
  std::optional<int64_t> maxiter;     // default: 10 * n (minres: 5 * n)
  const LinearOperator* M = nullptr;  // preconditioner (an approximation of A^-1); null: identity
  // Called after every iteration with the current x (gmres: see GmresCallback).
  std::function<void(const ndarray&)> callback;
  // How often cg reads the residual norm back (Note [Residual checks] in
  // src/sparse/linalg/krylov.cpp); 0: automatic (every iteration on the host backend or with a
  // callback, every 16 on a GPU).
  int64_t check_every = 0;
};

struct IterativeResult {
  ndarray x;
  // SciPy's info: 0 converged, > 0 the iteration limit (maxiter) was reached without
  // convergence, < 0 a breakdown (-10: rho, -11: omega or a zero product; cgs and bicgstab).
  int64_t info = 0;
  int64_t iterations = 0;  // iterations run (for gmres: inner iterations)
};

IterativeResult cg(const LinearOperator& A, const ndarray& b, const IterativeOptions& opts = {});
IterativeResult cgs(const LinearOperator& A, const ndarray& b, const IterativeOptions& opts = {});
IterativeResult bicgstab(const LinearOperator& A, const ndarray& b, const IterativeOptions& opts = {});

// gmres's callback_type: Legacy and PrNorm call `callback_norm` with the preconditioned
// residual norm relative to ||b|| after every inner iteration (Legacy also counts maxiter in
// inner iterations, as SciPy's default); X calls `callback` with x after every restart cycle.
enum class GmresCallback { Legacy, PrNorm, X };
struct GmresOptions : IterativeOptions {
  std::optional<int64_t> restart;  // default 20 (at most n)
  GmresCallback callback_type = GmresCallback::Legacy;
  std::function<void(double)> callback_norm;
};
IterativeResult gmres(const LinearOperator& A, const ndarray& b, const GmresOptions& opts = {});

// minres for Hermitian A (and Hermitian positive definite M): solves (A - shift I) x = b;
// `check` tests A and M for symmetry first (ValueError). info: 0 converged, maxiter otherwise.
struct MinresOptions : IterativeOptions {
  double shift = 0.0;
  bool check = false;
};
IterativeResult minres(const LinearOperator& A, const ndarray& b, const MinresOptions& opts = {});

// Least squares: SciPy's lsqr and lsmr (Paige and Saunders; Fong and Saunders) for
// min ||A x - b||^2 + damp^2 ||x||^2 with A of any shape (they use A's rmatvec). They compute
// in the promotion of A's and b's dtypes with float64 (SciPy's). istop: 0 x = 0 (or x0) is exact,
// 1 A x - b small enough (atol, btol), 2 least-squares solution good enough (atol), 3 cond(A)
// above conlim, 4-6 as 1-3 at machine precision, 7 the iteration limit.
struct LeastSquaresOptions {
  double damp = 0.0, atol = 1e-6, btol = 1e-6, conlim = 1e8;
  std::optional<int64_t> iter_lim;  // default: lsqr 2 * n, lsmr min(m, n)
  ndarray x0;                       // undefined: zeros
  bool calc_var = false;            // lsqr only
};
struct LsqrResult {
  ndarray x;
  int istop = 0;
  int64_t itn = 0;
  double r1norm = 0, r2norm = 0, anorm = 0, acond = 0, arnorm = 0, xnorm = 0;
  ndarray var;  // diagonal of (A^H A + damp^2 I)^-1 estimates when calc_var, else zeros
};
LsqrResult lsqr(const LinearOperator& A, const ndarray& b, const LeastSquaresOptions& opts = {});
struct LsmrResult {
  ndarray x;
  int istop = 0;
  int64_t itn = 0;
  double normr = 0, normar = 0, normA = 0, condA = 0, normx = 0;
};
LsmrResult lsmr(const LinearOperator& A, const ndarray& b, const LeastSquaresOptions& opts = {});

// eigsh: k eigenvalues (and eigenvectors) of a Hermitian A by thick-restart Lanczos with full
// reorthogonalisation (CuPy's algorithm). which: "LM" (largest magnitude), "LA" (largest
// algebraic) or "SA" (smallest algebraic). w ascending (A's real dtype), x n x k.
struct EigshOptions {
  int64_t k = 6;
  std::string which = "LM";
  ndarray v0;                      // undefined: a fixed pseudo-random start vector
  std::optional<int64_t> ncv;      // default min(max(2k, k + 32), n - 1)
  std::optional<int64_t> maxiter;  // default 10 n (counted in Lanczos steps)
  double tol = 0;                  // 0: A's machine epsilon
  bool return_eigenvectors = true;
};
struct EigshResult {
  ndarray w, x;  // x undefined without return_eigenvectors
};
EigshResult eigsh(const LinearOperator& A, const EigshOptions& opts = {});

// Direct solves of a CSR matrix given by its arrays (SciPy's layout: indptr rows + 1 entries,
// indices and data nnz each; duplicates sum), as cupricx.scipy.sparse's csr_matrix holds them.
// Note [Sparse direct solves] in src/sparse/linalg/direct.cpp says how they solve (never densely).
struct CsrArrays {
  int64_t rows = 0, cols = 0;
  ndarray indptr, indices, data;
};
// The CSR matrix as a dense rows x cols array of its data's dtype (duplicates summed).
ndarray csr_to_dense(const CsrArrays& a);
// scipy.sparse.linalg.spsolve: x with A x = b for b of shape (M,), (M, 1) (x 1-D) or (M, K);
// computed in the promotion of A's dtype (at least float) and b's. `singular` is set (and x is
// NaN) when A is exactly singular, where SciPy warns MatrixRankWarning.
struct SpsolveResult {
  ndarray x;
  bool singular = false;
};
SpsolveResult spsolve(const CsrArrays& A, const ndarray& b);
// scipy.sparse.linalg.spsolve_triangular: only A's lower (upper) triangle is read, its diagonal
// taken as ones with unit_diagonal; LinAlgError for a zero on the diagonal.
ndarray spsolve_triangular(const CsrArrays& A, const ndarray& b, bool lower = true, bool unit_diagonal = false);

// The dtype a solver computes in for an operator of dtype `a` and a right-hand side of dtype
// `b` (SciPy's make_system): the promotion of the two, each counted as float64 unless it is
// float32/64 or complex64/128.
DType solver_dtype(DType a, DType b);

}  // namespace cupric::sparse::linalg
