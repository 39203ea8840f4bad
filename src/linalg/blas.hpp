// The BLAS interface of cupric.linalg's front: one GEMM description, filled by the front and run
// by the backend's implementation (host: OpenBLAS, cuda: cuBLAS), found through a dispatch table.
#pragma once
#include <cstdint>
#include "cupric/detail/dispatch.hpp"
#include "cupric/dtype.hpp"
#include "cupric/runtime/backend.hpp"

namespace cupric::linalg {

// Note [Linalg module]
// cupric.linalg is a library module laid out as docs/architecture.md says: the front
// (src/linalg/*.cpp, src/linalg/products/) checks arguments, computes shapes and dtypes and
// lays operands out for BLAS; each backend registers one `BlasFns` (src/linalg/host/ on
// OpenBLAS, src/linalg/cuda/ on cuBLAS) in `blas_table()` (Note [Dispatch] in
// include/cupric/detail/dispatch.hpp). Decompositions and solvers add their own tables next to
// this one (their own struct of function pointers, their own host/ and cuda/ units).
//
// Layouts are described in BLAS's column-major terms, so both backends take them as they are: a
// row-major C = A @ B (m x k times k x n) is the column-major C^T = B^T @ A^T, and the front does
// that swap once (Note [GEMM layout] in src/linalg/products/gemm_plan.cpp).

enum class Op : uint8_t { N, T, C };  // as is, transposed, conjugate-transposed

// C[i] = op_a(A[i]) @ op_b(B[i]) for i < batch, column-major, element strides. dtype is the
// storage dtype of A, B and C (float16, bfloat16, float32, float64, complex64, complex128);
// float16/bfloat16 accumulate in float32 (Note [GEMM compute types] in src/linalg/cuda/cuda_blas.cpp).
struct Gemm {
  DType dtype;
  Op op_a = Op::N, op_b = Op::N;
  int64_t m = 0, n = 0, k = 0;
  const void* a = nullptr;
  int64_t lda = 1, stride_a = 0;
  const void* b = nullptr;
  int64_t ldb = 1, stride_b = 0;
  void* c = nullptr;
  int64_t ldc = 1, stride_c = 0;
  int64_t batch = 1;
  bool allow_tf32 = false;  // float32 only
  Stream stream;
};

// C[i] = A[i] @ B[i] by cupric's own loops, row-major indexing with element strides {batch, row,
// column} per operand (no copies): bool and integers (NumPy's results: wrap-around sums; bool: or
// of ands), and on the GPU tiny floating products (Note [Tiny GEMMs] in src/linalg/products/gemm_plan.cpp).
struct LoopGemm {
  DType dtype;
  int64_t m = 0, n = 0, k = 0, batch = 1;
  const void* a = nullptr;
  const void* b = nullptr;
  void* c = nullptr;
  int64_t sa[3] = {}, sb[3] = {}, sc[3] = {};
  Stream stream;
};

struct BlasFns {
  void (*gemm)(const Gemm& g);
  void (*loop_gemm)(const LoopGemm& g);  // bool and integer dtypes
  // float16 / bfloat16 / float32 / float64 products small enough that a launch of cupric's own
  // loop beats a BLAS call (null: always BLAS; the host's OpenBLAS is cheap to call).
  void (*tiny_gemm)(const LoopGemm& g);
};

dispatch::Table<const BlasFns*>& blas_table();

}  // namespace cupric::linalg
