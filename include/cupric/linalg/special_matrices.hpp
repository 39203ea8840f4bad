// SciPy's special matrices (cupricx.scipy.linalg: block_diag, khatri_rao, kron, toeplitz,
// circulant, hankel, companion, hadamard, leslie, convolution_matrix, fiedler, fiedler_companion,
// dft, helmert, hilbert, and the bandwidth query) for C++ callers, with SciPy 1.17's shapes,
// dtypes, batching and errors (src/linalg/solvers/special_matrices.cpp).
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>
#include "cupric/dtype.hpp"
#include "cupric/ndarray.hpp"

namespace cupric::scipy::linalg {

// scipy.linalg.block_diag: the arrays (each made at least 2-D) on the diagonal of a zero matrix;
// leading (batch) dimensions broadcast; no arrays: a (1, 0) float64 matrix.
ndarray block_diag(const std::vector<ndarray>& arrs);
// scipy.linalg.khatri_rao: the column-wise Kronecker product of two (..., p, n) and (..., q, n)
// arrays (leading dimensions broadcast): (..., p * q, n).
ndarray khatri_rao(const ndarray& a, const ndarray& b);
// cupyx.scipy.linalg.kron (SciPy removed its own in 1.17): numpy.kron of two 2-D arrays.
ndarray kron(const ndarray& a, const ndarray& b);
// scipy.linalg.toeplitz: first column c, first row r (undefined: conj(c)); r[..., 0] is ignored.
// Leading dimensions of c and r are batches and broadcast.
ndarray toeplitz(const ndarray& c, const ndarray& r = {});
// scipy.linalg.circulant: first column c; leading dimensions are batches.
ndarray circulant(const ndarray& c);
// scipy.linalg.hankel: first column c, last row r (undefined: zeros); N-d inputs are flattened
// (with SciPy's FutureWarning).
ndarray hankel(const ndarray& c, const ndarray& r = {});
// scipy.linalg.companion: the companion matrix of the polynomial coefficients a (a[..., 0] != 0).
ndarray companion(const ndarray& a);
// scipy.linalg.hadamard: the n x n Hadamard matrix (n a power of 2) of Sylvester's construction.
ndarray hadamard(int64_t n, DType dtype = dtypes::int64);
// scipy.linalg.leslie: fecundity f (length n) and survival s (length n - 1); leading dimensions
// are batches.
ndarray leslie(const ndarray& f, const ndarray& s);
// scipy.linalg.convolution_matrix: the (..., k, n) Toeplitz matrix A with A @ v ==
// numpy.convolve(a, v, mode) for each (..., m) slice of a; mode "full", "same" or "valid".
ndarray convolution_matrix(const ndarray& a, int64_t n, const std::string& mode = "full");
// scipy.linalg.fiedler: F[..., i, j] = |a[..., i] - a[..., j]| (an empty a: an empty float64 (0,)).
ndarray fiedler(const ndarray& a);
// scipy.linalg.fiedler_companion: the pentadiagonal (..., N-1, N-1) companion matrix of Fiedler
// (2003) whose eigenvalues are the roots of the polynomial a (descending, a[..., 0] != 0).
ndarray fiedler_companion(const ndarray& a);
// scipy.linalg.dft: the n x n complex128 DFT matrix exp(-2 pi i jk / n), scale "" (none),
// "sqrtn" or "n".
ndarray dft(int64_t n, const std::string& scale = "");
// scipy.linalg.helmert: the (n - 1, n) Helmert matrix (n x n with full), float64.
ndarray helmert(int64_t n, bool full = false);
// scipy.linalg.hilbert: the n x n float64 matrix 1 / (i + j + 1).
ndarray hilbert(int64_t n);
// scipy.linalg.bandwidth: the lower and upper bandwidth of each (..., N, M) matrix, as int64
// arrays of the batch shape (0-d for one matrix).
std::pair<ndarray, ndarray> bandwidth(const ndarray& a);

}  // namespace cupric::scipy::linalg
