// cupric's linear algebra (NumPy's numpy.linalg and the products of the top-level namespace):
// `#include <cupric/linalg.hpp>`. Host backend on OpenBLAS/LAPACK (scipy-openblas64), CUDA
// backend on cuBLAS/cuSOLVER, both loaded at first use (docs/linalg.md).
#pragma once
#include <string>
#include "cupric/error.hpp"
#include "cupric/ndarray.hpp"

namespace cupric {

// numpy.linalg.LinAlgError (a ValueError): singular matrix, not positive definite, no
// convergence, ... The binding layer raises numpy.linalg.LinAlgError for it.
class LinAlgError : public ValueError {
 public:
  using ValueError::ValueError;
};

// Whether float32 GEMMs on the GPU may use TF32 tensor cores (CUBLAS_COMPUTE_32F_FAST_TF32):
// off by default, on with CUPRIC_TF32=1 (CuPy's CUPY_TF32) or set_tf32_allowed(true). Host
// GEMMs always compute in float32.
bool tf32_allowed();
void set_tf32_allowed(bool allowed);

// The host BLAS's thread count (loads scipy-openblas64 if it is not loaded yet: Note [OpenBLAS
// loading] in src/linalg/host/openblas.cpp).
int host_blas_num_threads();

}  // namespace cupric

// Decompositions, solvers and norms (numpy.linalg), SciPy's special matrices (cupricx.scipy.linalg).
#include "cupric/linalg/decompositions.hpp"
#include "cupric/linalg/norms.hpp"
#include "cupric/linalg/special_matrices.hpp"
