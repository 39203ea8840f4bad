// The CUDA loop for bool and integer matmul (NumPy's results, not BLAS): int_gemm.cu.
#pragma once
#include "linalg/blas.hpp"

namespace cupric::linalg::cuda {
void int_gemm(const IntGemm& g);
}
