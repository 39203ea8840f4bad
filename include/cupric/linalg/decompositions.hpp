// cupric.linalg's decompositions and solvers for C++ callers (numpy.linalg 2.x names, shapes,
// dtypes and errors), on stacks of matrices (..., M, N): LAPACK from scipy-openblas64 on the
// host backend, cuSOLVER on the CUDA backend (src/linalg/solvers/, Note [Solver dispatch] in
// src/linalg/solvers/solver_table.hpp). Integer and bool inputs are computed in float64;
// float16 and bfloat16 are refused as NumPy refuses them (TypeError).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>
#include "cupric/linalg.hpp"  // LinAlgError
#include "cupric/ndarray.hpp"

namespace cupric {

namespace linalg {

// Whether a failed factorisation (cuSOLVER's or LAPACK's info) raises LinAlgError (the default)
// or leaves NaNs in the result (cupricx.errstate(linalg='ignore'), CuPy's opt-out); per thread.
bool linalg_errors_raise();
void set_linalg_errors_raise(bool raise);

ndarray det(const ndarray& a);
struct SlogdetResult {
  ndarray sign, logabsdet;
};
SlogdetResult slogdet(const ndarray& a);
ndarray inv(const ndarray& a);
// numpy.linalg.solve: b of shape (M,) is one vector, anything else a stack of (M, K) matrices;
// batch dimensions broadcast.
ndarray solve(const ndarray& a, const ndarray& b);
ndarray cholesky(const ndarray& a, bool upper = false);

// numpy.linalg.qr modes: "reduced", "complete", "r", "raw".
struct QRResult {
  ndarray Q, R;  // mode "r": R only; mode "raw": (h, tau) in (Q, R)
};
QRResult qr(const ndarray& a, std::string_view mode = "reduced");

struct SVDResult {
  ndarray U, S, Vh;
};
SVDResult svd(const ndarray& a, bool full_matrices = true, bool hermitian = false);
ndarray svdvals(const ndarray& a, bool hermitian = false);

struct EigResult {
  ndarray eigenvalues, eigenvectors;
};
// UPLO "L" or "U".
EigResult eigh(const ndarray& a, std::string_view UPLO = "L");
ndarray eigvalsh(const ndarray& a, std::string_view UPLO = "L");
// numpy.linalg.eig / eigvals: complex results unless every eigenvalue of a real input is real.
EigResult eig(const ndarray& a);
ndarray eigvals(const ndarray& a);

// numpy.linalg.lstsq: (x, residuals, rank, singular values); rcond none: eps * max(M, N).
struct LstsqResult {
  ndarray x, residuals;
  int64_t rank;
  ndarray s;
};
LstsqResult lstsq(const ndarray& a, const ndarray& b, std::optional<double> rcond = std::nullopt);

// numpy.linalg.matrix_rank: tol (an array broadcast against the stack) or rtol; neither: S.max()
// * max(M, N) * eps. hermitian uses eigenvalues. Inputs of fewer than 2 dimensions give a 0-d
// int64: 1 unless every element is 0 (NumPy returns a Python int).
ndarray matrix_rank(const ndarray& A, const ndarray& tol = {}, bool hermitian = false, const ndarray& rtol = {});
// numpy.linalg.pinv: rcond (undefined: 1e-15) or rtol (nullopt: not given; an undefined array:
// None, max(M, N) * eps), broadcast against the stack.
ndarray pinv(const ndarray& a, const ndarray& rcond = {}, bool hermitian = false,
             const std::optional<ndarray>& rtol = std::nullopt);
// numpy.linalg.cond: p none/2/-2 through singular values, else norm(x, p) * norm(inv(x), p).
// p: none, a number, or "fro"/"nuc".
struct CondOrder {
  bool given = false;
  double value = 0;
  std::string name;
};
ndarray cond(const ndarray& x, const CondOrder& p = {});
ndarray matrix_power(const ndarray& a, int64_t n);
ndarray multi_dot(const std::vector<ndarray>& arrays);
ndarray tensorsolve(const ndarray& a, const ndarray& b, const std::optional<std::vector<int64_t>>& axes = {});
ndarray tensorinv(const ndarray& a, int64_t ind = 2);

}  // namespace linalg

namespace scipy::linalg {

// scipy.linalg.lu_factor: (lu, piv) with 0-based pivots (int32, as SciPy); check_finite raises
// ValueError on infs and NaNs. A singular matrix factors without SciPy's LinAlgWarning.
std::pair<ndarray, ndarray> lu_factor(const ndarray& a, bool overwrite_a = false, bool check_finite = true);
// scipy.linalg.lu_solve: trans 0 (a x = b), 1 (a^T x = b), 2 (a^H x = b).
ndarray lu_solve(const ndarray& lu, const ndarray& piv, const ndarray& b, int trans = 0, bool check_finite = true);
// scipy.linalg.lu: (p, l, u), or (pl, u) with permute_l; p_indices gives p as row indices.
std::vector<ndarray> lu(const ndarray& a, bool permute_l = false, bool check_finite = true, bool p_indices = false);
// scipy.linalg.solve_triangular: trans 0/1/2 ('N'/'T'/'C').
ndarray solve_triangular(const ndarray& a, const ndarray& b, int trans = 0, bool lower = false,
                         bool unit_diagonal = false, bool check_finite = true);
// scipy.linalg.cho_factor: (c, lower) with the unused triangle left as given; a stack (..., n, n)
// is factored matrix by matrix (SciPy 1.17). cho_solve broadcasts the batch dimensions of c and
// of b's (n, k) (b of shape (n,) is one vector).
std::pair<ndarray, bool> cho_factor(const ndarray& a, bool lower = false, bool check_finite = true);
ndarray cho_solve(const ndarray& c, bool lower, const ndarray& b, bool check_finite = true);
// scipy.linalg.solve with assume_a "gen" (also "general"), "sym", "her", "pos" (also "positive
// definite"), "diagonal", "lower triangular", "upper triangular", and transposed.
ndarray solve(const ndarray& a, const ndarray& b, bool lower = false, std::string_view assume_a = "gen",
              bool transposed = false, bool check_finite = true);
// scipy.linalg.expm: scaling and squaring with a Pade approximant (Note [expm] in
// src/linalg/solvers/scipy_solvers.cpp), on stacks (..., n, n).
ndarray expm(const ndarray& A);

}  // namespace scipy::linalg

}  // namespace cupric
