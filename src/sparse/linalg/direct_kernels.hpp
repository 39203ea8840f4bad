// The kernels of spsolve and spsolve_triangular, one implementation per backend (Note [Sparse
// direct solves] in src/sparse/linalg/direct.cpp): a sparse LU and a sparse triangular solve of
// cupric's own on the host, cuSOLVER's sparse QR and cuSPARSE's SpSV on CUDA.
#pragma once
#include "cupric/detail/dispatch.hpp"
#include "cupric/sparse.hpp"

namespace cupric::sparse::linalg {

struct DirectFns {
  // x with A x = b for a square CSR A (duplicates and unsorted indices allowed) and b, x of shape
  // (n, k), Fortran-contiguous (each right-hand side contiguous), all of one dtype (float32,
  // float64, complex64 or complex128). Returns false when A is exactly singular (x is then
  // unspecified and the front fills it with NaN).
  bool (*solve)(const CsrMatrix& a, const ndarray& b, ndarray& x);
  // The same for a triangular A: only the lower (upper) triangle is read, and its diagonal is taken
  // as ones with `unit_diagonal`. The front has checked that no diagonal entry that is read is zero.
  void (*triangular_solve)(const CsrMatrix& a, const ndarray& b, ndarray& x, bool lower, bool unit_diagonal);
};

dispatch::Table<const DirectFns*>& direct_table();

}  // namespace cupric::sparse::linalg
