// Raw cuBLAS floor for cupric's matmul figures: cublasGemmEx device time (CUDA events, median of
// 20) at 8192^2 for float64 / float32 / TF32 / float16 / bfloat16 (TFLOP/s), and the host time
// per call of a small cublasGemmEx (2^2, 64^2, 256^2 float32; what `a @ b` sits on). Printed as
// GEMM_FLOOR lines next to bench/run.py's matmul cases in the same GPU run (tools/gpu-check).
//   nvcc -O2 -arch=sm_90 -std=c++17 -o /tmp/gemm_floor bench/gemm_floor.cu -lcublas
#include <cublas_v2.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <cstdio>
#include "floor_timing.cuh"

// The benchmark's data (bench/run.py: uniform in [0.5, 1.5), never zeros): tensor cores multiplying
// zeros draw less power and hold higher clocks, which made an earlier zero-filled floor 30 % above
// what any library reaches on real data.
template <class T>
__global__ void fill_uniform(T* p, int64_t n, unsigned seed) {
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < n; i += int64_t(gridDim.x) * blockDim.x) {
    unsigned x = static_cast<unsigned>(i) * 2654435761u ^ seed;
    x ^= x >> 16, x *= 0x7feb352du, x ^= x >> 15, x *= 0x846ca68bu, x ^= x >> 16;
    p[i] = static_cast<T>(0.5f + static_cast<float>(x >> 8) * (1.0f / 16777216.0f));
  }
}

void fill(void* p, cudaDataType_t t, int64_t n, unsigned seed) {
  if (t == CUDA_R_64F) fill_uniform<<<1024, 256>>>(static_cast<double*>(p), n, seed);
  if (t == CUDA_R_32F) fill_uniform<<<1024, 256>>>(static_cast<float*>(p), n, seed);
  if (t == CUDA_R_16F) fill_uniform<<<1024, 256>>>(static_cast<__half*>(p), n, seed);
  if (t == CUDA_R_16BF) fill_uniform<<<1024, 256>>>(static_cast<__nv_bfloat16*>(p), n, seed);
}

#define CHECK(x)                                                                  \
  do {                                                                            \
    auto rc = (x);                                                                \
    if (rc != 0) {                                                                \
      std::printf("GEMM_FLOOR error %d at %s:%d\n", int(rc), __FILE__, __LINE__); \
      return 1;                                                                   \
    }                                                                             \
  } while (0)

struct Kind {
  const char* name;
  cudaDataType type;
  cublasComputeType_t compute;
  size_t size;
  bool dbl;
};

int main() {
  cublasHandle_t h;
  CHECK(cublasCreate(&h));
  void* ws = nullptr;
  CHECK(cudaMalloc(&ws, 32 << 20));
  CHECK(cublasSetWorkspace(h, ws, 32 << 20));
  const Kind kinds[] = {{"f64", CUDA_R_64F, CUBLAS_COMPUTE_64F, 8, true},
                        {"f32", CUDA_R_32F, CUBLAS_COMPUTE_32F, 4, false},
                        {"tf32", CUDA_R_32F, CUBLAS_COMPUTE_32F_FAST_TF32, 4, false},
                        {"f16", CUDA_R_16F, CUBLAS_COMPUTE_32F, 2, false},
                        {"bf16", CUDA_R_16BF, CUBLAS_COMPUTE_32F, 2, false}};
  const int64_t n = 8192;
  for (const Kind& k : kinds) {
    void *a, *b, *c;
    CHECK(cudaMalloc(&a, n * n * k.size));
    CHECK(cudaMalloc(&b, n * n * k.size));
    CHECK(cudaMalloc(&c, n * n * k.size));
    fill(a, k.type, n * n, 1u);
    fill(b, k.type, n * n, 2u);
    double d1 = 1, d0 = 0;
    float f1 = 1, f0 = 0;
    const void* alpha = k.dbl ? static_cast<const void*>(&d1) : &f1;
    const void* beta = k.dbl ? static_cast<const void*>(&d0) : &f0;
    auto run = [&] {
      return cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, alpha, a, k.type, n, b, k.type, n, beta, c, k.type, n,
                          k.compute, CUBLAS_GEMM_DEFAULT);
    };
    const double med = median_event_ms(run);
    CHECK(med < 0 ? int(-med) : 0);
    std::printf("GEMM_FLOOR matmul %lld^2 %-4s cublasGemmEx: %.3f ms  %.1f TFLOP/s\n", (long long)n, k.name, med,
                2.0 * n * n * n / (med * 1e-3) / 1e12);
    cudaFree(a), cudaFree(b), cudaFree(c);
  }
  // Host time per call of a small float32 GEMM (the floor under `a @ b`'s host time).
  for (int64_t m : {2, 64, 256}) {
    void *a, *b, *c;
    CHECK(cudaMalloc(&a, m * m * 4));
    CHECK(cudaMalloc(&b, m * m * 4));
    CHECK(cudaMalloc(&c, m * m * 4));
    float f1 = 1, f0 = 0;
    auto run = [&] {
      return cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, m, m, &f1, a, CUDA_R_32F, m, b, CUDA_R_32F, m, &f0, c,
                          CUDA_R_32F, m, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
    };
    CHECK(run());
    std::printf("GEMM_FLOOR host time per cublasGemmEx %lld^2 f32: %.2f us\n", (long long)m, median_host_us(run));
    cudaFree(a), cudaFree(b), cudaFree(c);
  }
  return 0;
}
