// cuSPARSE through dlopen (src/runtime/cuda/libs/cusparse.hpp); the same shape as the cuBLAS and
// cuSOLVER wrappers (Note [CUDA libraries] in cublas.cpp): lazy load, per-(device, thread)
// handles, pool memory.
#include "runtime/cuda/libs/cusparse.hpp"
#include <cstring>
#include <string>
#include <vector>
#include "cupric/error.hpp"
#include "cupric/runtime/backend.hpp"
#include "runtime/cuda/cuda_check.hpp"
#include "runtime/cuda/libs/library.hpp"

namespace cupric::cusparse {

namespace {

constexpr cuda_libs::LibraryName kLibrary{"cusparse", "cuSPARSE", "nvidia-cusparse"};

struct ThreadState {
  cuda_libs::StreamBoundHandles<cusparseHandle_t> handles;
  ~ThreadState() {
    handles.destroy_all([](cusparseHandle_t h) { CUPRIC_CUSPARSE_FN(cusparseDestroy)(h); });
  }
};

ThreadState& thread_state() { return cuda_libs::thread_state<ThreadState>(); }

}  // namespace

void* symbol(const char* name) { return cuda_libs::lazy_symbol<kLibrary>(name); }

void check(cusparseStatus_t status, const char* what) {
  if (status == CUSPARSE_STATUS_SUCCESS) return;
  const char* name = CUPRIC_CUSPARSE_FN(cusparseGetErrorName)(status);
  throw RuntimeError(std::string("cuSPARSE error ") + (name ? name : std::to_string(static_cast<int>(status))) +
                     " in " + what);
}

cusparseHandle_t existing_handle(int device) { return thread_state().handles.existing(device); }

cusparseHandle_t handle(int device, cudaStream_t stream) {
  return thread_state().handles.get(
      device, stream, CUPRIC_CUSPARSE_FN(cusparseCreate), CUPRIC_CUSPARSE_FN(cusparseSetStream),
      [](cusparseStatus_t st, const char* what) { check(st, what); }, "cusparseCreate", "cusparseSetStream");
}

cudaDataType value_type(DType dt) {
  switch (dt.type) {
    case ScalarType::Float32: return CUDA_R_32F;
    case ScalarType::Float64: return CUDA_R_64F;
    case ScalarType::Complex64: return CUDA_C_32F;
    case ScalarType::Complex128: return CUDA_C_64F;
    default: throw TypeError("cuSPARSE: unsupported dtype " + dt.name());
  }
}

HostScalars::HostScalars(DType dt) {
  const double d1 = 1.0;
  const float f1 = 1.0f;
  if (dt.type == ScalarType::Float32 || dt.type == ScalarType::Complex64)
    std::memcpy(one, &f1, sizeof f1);
  else
    std::memcpy(one, &d1, sizeof d1);
}

}  // namespace cupric::cusparse
