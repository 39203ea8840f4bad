// cuBLAS through dlopen: entry points resolved at first use, one handle per (device, thread)
// bound to the current stream, workspace from cupric's pool (Note [CUDA libraries] in cublas.cpp).
// CUDA builds only.
#pragma once
#include <cublas_v2.h>
#include <cuda_runtime.h>

namespace cupric::cublas {

// The entry points cupric calls, resolved together when first needed (the 64-bit-size forms).
struct Api {
  cublasStatus_t (*create)(cublasHandle_t*);
  cublasStatus_t (*destroy)(cublasHandle_t);
  cublasStatus_t (*set_stream)(cublasHandle_t, cudaStream_t);
  cublasStatus_t (*set_workspace)(cublasHandle_t, void*, size_t);
  cublasStatus_t (*set_math_mode)(cublasHandle_t, cublasMath_t);
  cublasStatus_t (*set_pointer_mode)(cublasHandle_t, cublasPointerMode_t);
  const char* (*status_name)(cublasStatus_t);
  cublasStatus_t (*gemm_ex)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int64_t, int64_t, int64_t,
                            const void*, const void*, cudaDataType, int64_t, const void*, cudaDataType, int64_t,
                            const void*, void*, cudaDataType, int64_t, cublasComputeType_t, cublasGemmAlgo_t);
  cublasStatus_t (*gemm_strided_batched_ex)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int64_t, int64_t,
                                            int64_t, const void*, const void*, cudaDataType, int64_t, long long,
                                            const void*, cudaDataType, int64_t, long long, const void*, void*,
                                            cudaDataType, int64_t, long long, int64_t, cublasComputeType_t,
                                            cublasGemmAlgo_t);
};

// Loads libcublas on the first call (find_library("cublas"), Note [Library search order]);
// RuntimeError naming `pip install nvidia-cublas` when it is missing.
const Api& api();
// Any other cuBLAS entry point by name (e.g. for cupric.linalg's batched solvers):
// `auto f = cublas::fn<decltype(&cublasDgetrfBatched)>("cublasDgetrfBatched");` RuntimeError
// when this libcublas lacks it.
void* symbol(const char* name);
template <class Fn>
Fn fn(const char* name) {
  return reinterpret_cast<Fn>(symbol(name));
}

// The calling thread's handle for `device` (the current device), bound to `stream` and to a
// workspace from cupric's pool for that stream. Cheap when nothing changed (one compare).
cublasHandle_t handle(int device, cudaStream_t stream);
// That handle if this thread has made it, else null: nothing is created or bound.
cublasHandle_t existing_handle(int device);

// Throws RuntimeError("cuBLAS error CUBLAS_STATUS_...: <what>") unless `status` is success.
void check(cublasStatus_t status, const char* what);

}  // namespace cupric::cublas
