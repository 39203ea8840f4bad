// cupric's own CUDA product loops (loop_gemm.cu): bool and integer matmul (NumPy's results, not
// BLAS), and tiny floating products (Note [Tiny GEMMs] in src/linalg/products/gemm_plan.cpp).
#pragma once
#include "linalg/blas.hpp"

namespace cupric::linalg::cuda {
void loop_gemm(const LoopGemm& g);  // bool, int8 .. uint64
void tiny_gemm(const LoopGemm& g);  // float16, bfloat16, float32, float64
}  // namespace cupric::linalg::cuda
