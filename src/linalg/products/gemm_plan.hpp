// Runs a stack of matrix products on the array's backend: BLAS GEMM for floating and complex
// dtypes, cupric's own loops for bool and integers (Note [GEMM layout] in gemm_plan.cpp).
#pragma once
#include "cupric/ndarray.hpp"

namespace cupric::linalg {

// c[i] = a[i] @ b[i] over the leading (batch) dimensions: a (B..., m, k), b (B..., k, n),
// c (B..., m, n), one dtype, one backend, the same batch shape (broadcast views allowed: stride
// 0). c is written in place and may have any layout; it must not overlap a or b.
void matmul_into(const ndarray& a, const ndarray& b, const ndarray& c);

}  // namespace cupric::linalg
