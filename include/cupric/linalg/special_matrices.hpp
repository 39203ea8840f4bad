// SciPy's special matrices (cupricx.scipy.linalg: block_diag, khatri_rao, kron, toeplitz,
// circulant, hankel, companion, hadamard, leslie) for C++ callers, with SciPy 1.17's shapes,
// dtypes, batching and errors (src/linalg/solvers/special_matrices.cpp).
#pragma once
#include <cstdint>
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

}  // namespace cupric::scipy::linalg
