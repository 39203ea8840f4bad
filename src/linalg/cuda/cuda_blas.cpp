// The CUDA backend's BLAS for cupric.linalg (Note [Linalg module] in src/linalg/blas.hpp): GEMM
// on cuBLAS (src/runtime/cuda/libs/cublas.hpp), the bool/integer loops and tiny floating products of
// loop_gemm.cu (Note [Tiny GEMMs] in src/linalg/products/gemm_plan.cpp).
//
// Note [GEMM compute types]
// Every floating GEMM is one cublasGemmEx / cublasGemmStridedBatchedEx call with the operand
// type as A/B/C type and this compute type (docs/linalg.md):
//   float64, complex128          CUBLAS_COMPUTE_64F
//   float32, complex64           CUBLAS_COMPUTE_32F (CUBLAS_COMPUTE_32F_FAST_TF32 for float32
//                                when TF32 is allowed: CUPRIC_TF32=1 / set_tf32_allowed)
//   float16, bfloat16            CUBLAS_COMPUTE_32F: float32 accumulation, as NumPy's float16
//                                matmul, result rounded to the operand type
// alpha = 1 and beta = 0 live on the host in the compute type's scalar (float, double, or their
// complex pairs), so no device memory is touched for them (pointer mode host, the default).
#include <cuComplex.h>
#include "cupric/error.hpp"
#include "linalg/blas.hpp"
#include "linalg/cuda/loop_gemm.hpp"
#include "runtime/cuda/libs/cublas.hpp"

namespace cupric::linalg {

namespace {

cublasOperation_t op_of(Op op) { return op == Op::N ? CUBLAS_OP_N : op == Op::T ? CUBLAS_OP_T : CUBLAS_OP_C; }

void cuda_gemm(const Gemm& g) {
  cudaDataType type;
  cublasComputeType_t compute;
  const void* alpha;
  const void* beta;
  static const float f1 = 1.0f, f0 = 0.0f;
  static const double d1 = 1.0, d0 = 0.0;
  static const cuComplex c1 = {1.0f, 0.0f}, c0 = {0.0f, 0.0f};
  static const cuDoubleComplex z1 = {1.0, 0.0}, z0 = {0.0, 0.0};
  switch (g.dtype.type) {
    case ScalarType::Float64: type = CUDA_R_64F, compute = CUBLAS_COMPUTE_64F, alpha = &d1, beta = &d0; break;
    case ScalarType::Float32:
      type = CUDA_R_32F, compute = g.allow_tf32 ? CUBLAS_COMPUTE_32F_FAST_TF32 : CUBLAS_COMPUTE_32F;
      alpha = &f1, beta = &f0;
      break;
    case ScalarType::Float16: type = CUDA_R_16F, compute = CUBLAS_COMPUTE_32F, alpha = &f1, beta = &f0; break;
    case ScalarType::BFloat16: type = CUDA_R_16BF, compute = CUBLAS_COMPUTE_32F, alpha = &f1, beta = &f0; break;
    case ScalarType::Complex64: type = CUDA_C_32F, compute = CUBLAS_COMPUTE_32F, alpha = &c1, beta = &c0; break;
    case ScalarType::Complex128: type = CUDA_C_64F, compute = CUBLAS_COMPUTE_64F, alpha = &z1, beta = &z0; break;
    default: throw TypeError("matmul: no cuBLAS product for dtype " + g.dtype.name());
  }
  const cublas::Api& api = cublas::api();
  cublasHandle_t h = cublas::handle(g.stream.device, static_cast<cudaStream_t>(g.stream.handle));
  if (g.batch == 1) {
    cublas::check(api.gemm_ex(h, op_of(g.op_a), op_of(g.op_b), g.m, g.n, g.k, alpha, g.a, type, g.lda, g.b, type, g.ldb,
                              beta, g.c, type, g.ldc, compute, CUBLAS_GEMM_DEFAULT),
                  "cublasGemmEx");
    return;
  }
  cublas::check(api.gemm_strided_batched_ex(h, op_of(g.op_a), op_of(g.op_b), g.m, g.n, g.k, alpha, g.a, type, g.lda,
                                            g.stride_a, g.b, type, g.ldb, g.stride_b, beta, g.c, type, g.ldc,
                                            g.stride_c, g.batch, compute, CUBLAS_GEMM_DEFAULT),
                "cublasGemmStridedBatchedEx");
}

constexpr BlasFns kCudaBlas{&cuda_gemm, &cuda::loop_gemm, &cuda::tiny_gemm};
const dispatch::Registration reg(blas_table(), DeviceType::Cuda, &kCudaBlas);

}  // namespace

}  // namespace cupric::linalg
