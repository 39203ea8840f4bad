// cuBLAS through dlopen: entry points resolved at first use, one handle per (device, thread)
// bound to the current stream, workspace from cupric's pool (Note [CUDA libraries] in cublas.cpp).
// CUDA builds only.
#pragma once
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include "runtime/cuda/libs/library.hpp"

namespace cupric::cublas {

// The entry points cupric calls, resolved together when first needed (the 64-bit-size forms):
// X(field of Api, cuBLAS symbol) (CUPRIC_LIBRARY_API_FIELD in library.hpp).
#define CUPRIC_CUBLAS_API(X)                   \
  X(create, cublasCreate_v2)                   \
  X(destroy, cublasDestroy_v2)                 \
  X(set_stream, cublasSetStream_v2)            \
  X(set_workspace, cublasSetWorkspace_v2)      \
  X(set_math_mode, cublasSetMathMode)          \
  X(set_pointer_mode, cublasSetPointerMode_v2) \
  X(status_name, cublasGetStatusName)          \
  X(gemm_ex, cublasGemmEx_64)                  \
  X(gemm_strided_batched_ex, cublasGemmStridedBatchedEx_64)
struct Api {
  CUPRIC_CUBLAS_API(CUPRIC_LIBRARY_API_FIELD)
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
