// Raw cuBLAS floor for cupric's matmul figures: cublasGemmEx device time at 8192^2 for float64 /
// float32 / TF32 / float16 / bfloat16 (TFLOP/s), and the host time per call of a small
// cublasGemmEx (2^2, 64^2, 256^2 float32; what `a @ b` sits on). Printed as GEMM_FLOOR lines next
// to bench/run.py's matmul cases in the same GPU run (tools/gpu-check).
//   nvcc -O2 -arch=sm_90 -std=c++17 -o /tmp/gemm_floor bench/gemm_floor.cu -lcublas
//
// Note [GEMM floor measures what the matmul cases measure]
// The tensor-core GEMMs of an H200 are power-limited: their clocks, and so their TFLOP/s, depend
// on the data's bit patterns and on how long the GPU has run at full load. The floor therefore
// runs exactly what the matmul_* cases of bench/cases.py run:
//  - the same data: A standard normal drawn in float32 and cast to the dtype (so float64's low
//    mantissa bits are zero there too), B = A with its rows reversed (the cases' `_h[::-1]`);
//    the earlier floor filled both with uniform values in [0.5, 1.5), whose constant sign and
//    near-constant exponent bits toggle less and should draw less power (its tf32 / f16 / bf16
//    rows were 6-18 % above cupric and CuPy, which agree with each other within 1 %: the call is
//    the same, so data and clock are where the gap should be);
//  - the same call: row-major C = A @ B is column-major C^T = B^T A^T, so cupric (and CuPy) pass
//    B first; the "as cupric" row calls cublasGemmEx_64 as cupric does (src/linalg/cuda/
//    cuda_blas.cpp), the plain row cublasGemmEx;
//  - the same clock: bench/timing.py's device clock (10 warm-up calls, 100 calls back to back,
//    each between its own events, median), not a synchronise after each call, which lets the
//    GPU idle and cool between calls.
// The "old floor" row repeats the previous measurement (uniform data, a sync per call) so one run
// shows how much of the old gap was the measurement.
#include <cublas_v2.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <cstdio>
#include "floor_timing.cuh"

__device__ inline float hash_unit(int64_t i, unsigned seed) {  // in (0, 1]
  unsigned x = static_cast<unsigned>(i) * 2654435761u ^ seed ^ static_cast<unsigned>(i >> 32) * 0x9e3779b9u;
  x ^= x >> 16, x *= 0x7feb352du, x ^= x >> 15, x *= 0x846ca68bu, x ^= x >> 16;
  return (static_cast<float>(x >> 8) + 1.0f) * (1.0f / 16777216.0f);
}

// Standard normal values drawn in float32 (Box-Muller), cast to T, as the cases' float32 draw.
template <class T>
__global__ void fill_normal(T* p, int64_t n, unsigned seed) {
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < n; i += int64_t(gridDim.x) * blockDim.x) {
    const float u1 = hash_unit(i, seed), u2 = hash_unit(i, seed ^ 0x5bd1e995u);
    p[i] = static_cast<T>(sqrtf(-2.0f * logf(u1)) * cospif(2.0f * u2));
  }
}

// The previous floor's data: uniform in [0.5, 1.5).
template <class T>
__global__ void fill_uniform(T* p, int64_t n, unsigned seed) {
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < n; i += int64_t(gridDim.x) * blockDim.x)
    p[i] = static_cast<T>(0.5f + hash_unit(i, seed) - 1.0f / 16777216.0f);
}

// b = a (rows x rows, row-major) with its rows reversed.
template <class T>
__global__ void reverse_rows(const T* a, T* b, int64_t rows) {
  const int64_t n = rows * rows;
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < n; i += int64_t(gridDim.x) * blockDim.x)
    b[i] = a[(rows - 1 - i / rows) * rows + i % rows];
}

template <class T>
void fill_pair(void* a, void* b, int64_t rows, bool normal) {
  T* pa = static_cast<T*>(a);
  T* pb = static_cast<T*>(b);
  if (normal) {
    fill_normal<<<1024, 256>>>(pa, rows * rows, 1u);
    reverse_rows<<<1024, 256>>>(pa, pb, rows);
  } else {
    fill_uniform<<<1024, 256>>>(pa, rows * rows, 1u);
    fill_uniform<<<1024, 256>>>(pb, rows * rows, 2u);
  }
}

void fill(void* a, void* b, cudaDataType_t t, int64_t rows, bool normal) {
  if (t == CUDA_R_64F) fill_pair<double>(a, b, rows, normal);
  if (t == CUDA_R_32F) fill_pair<float>(a, b, rows, normal);
  if (t == CUDA_R_16F) fill_pair<__half>(a, b, rows, normal);
  if (t == CUDA_R_16BF) fill_pair<__nv_bfloat16>(a, b, rows, normal);
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
  CHECK(cublasSetWorkspace(h, ws, 32 << 20));  // as cupric: 32 MiB, set once per handle and stream
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
    double d1 = 1, d0 = 0;
    float f1 = 1, f0 = 0;
    const void* alpha = k.dbl ? static_cast<const void*>(&d1) : &f1;
    const void* beta = k.dbl ? static_cast<const void*>(&d0) : &f0;
    // Row-major C = A @ B as column-major C^T = B^T A^T: B first (Note [GEMM layout]).
    auto plain = [&] {
      return cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, alpha, b, k.type, n, a, k.type, n, beta, c, k.type, n,
                          k.compute, CUBLAS_GEMM_DEFAULT);
    };
    auto as_cupric = [&] {
      return cublasGemmEx_64(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, alpha, b, k.type, n, a, k.type, n, beta, c, k.type,
                             n, k.compute, CUBLAS_GEMM_DEFAULT);
    };
    auto report = [&](const char* what, double med) {
      std::printf("GEMM_FLOOR matmul %lld^2 %-4s %s: %.3f ms  %.1f TFLOP/s\n", (long long)n, k.name, what, med,
                  2.0 * n * n * n / (med * 1e-3) / 1e12);
    };
    fill(a, b, k.type, n, true);
    double med = median_back_to_back_ms(plain);
    CHECK(med < 0 ? int(-med) : 0);
    report("cublasGemmEx (the floor: bench data, back to back)", med);
    med = median_back_to_back_ms(as_cupric);
    CHECK(med < 0 ? int(-med) : 0);
    report("cublasGemmEx_64 as cupric calls it (bench data, back to back)", med);
    fill(a, b, k.type, n, false);
    med = median_event_ms(plain);
    CHECK(med < 0 ? int(-med) : 0);
    report("cublasGemmEx old floor (uniform [0.5, 1.5) data, a sync per call)", med);
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
