// cuSOLVER through dlopen (src/runtime/cuda/libs/cusolver.hpp); the same shape as the cuBLAS
// wrapper (Note [CUDA libraries] in cublas.cpp): lazy load, per-(device, thread) handles, pool memory.
#include "runtime/cuda/libs/cusolver.hpp"
#include <string>
#include <vector>
#include "cupric/error.hpp"
#include "cupric/runtime/backend.hpp"
#include "runtime/cuda/cuda_check.hpp"
#include "runtime/cuda/libs/library.hpp"

namespace cupric::cusolver {

namespace {

constexpr cuda_libs::LibraryName kLibrary{"cusolver", "cuSOLVER", "nvidia-cusolver"};

struct ThreadState {
  cuda_libs::StreamBoundHandles<cusolverDnHandle_t> handles;
  cusolverDnParams_t params = nullptr;
  ~ThreadState() {
    handles.destroy_all([](cusolverDnHandle_t h) { fn<decltype(&cusolverDnDestroy)>("cusolverDnDestroy")(h); });
    if (params) fn<decltype(&cusolverDnDestroyParams)>("cusolverDnDestroyParams")(params);
  }
};

ThreadState& thread_state() { return cuda_libs::thread_state<ThreadState>(); }

}  // namespace

void* symbol(const char* name) { return cuda_libs::lazy_symbol<kLibrary>(name); }

namespace {
// cusolverStatus_t's name (cuSOLVER has no cusolverGetStatusName), null for a value this header
// does not know.
const char* status_name(cusolverStatus_t status) {
  switch (status) {
#define CUPRIC_CUSOLVER_STATUS(s) \
  case s: return #s;
    CUPRIC_CUSOLVER_STATUS(CUSOLVER_STATUS_NOT_INITIALIZED)
    CUPRIC_CUSOLVER_STATUS(CUSOLVER_STATUS_ALLOC_FAILED)
    CUPRIC_CUSOLVER_STATUS(CUSOLVER_STATUS_INVALID_VALUE)
    CUPRIC_CUSOLVER_STATUS(CUSOLVER_STATUS_ARCH_MISMATCH)
    CUPRIC_CUSOLVER_STATUS(CUSOLVER_STATUS_MAPPING_ERROR)
    CUPRIC_CUSOLVER_STATUS(CUSOLVER_STATUS_EXECUTION_FAILED)
    CUPRIC_CUSOLVER_STATUS(CUSOLVER_STATUS_INTERNAL_ERROR)
    CUPRIC_CUSOLVER_STATUS(CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED)
    CUPRIC_CUSOLVER_STATUS(CUSOLVER_STATUS_NOT_SUPPORTED)
    CUPRIC_CUSOLVER_STATUS(CUSOLVER_STATUS_ZERO_PIVOT)
    CUPRIC_CUSOLVER_STATUS(CUSOLVER_STATUS_INVALID_LICENSE)
    CUPRIC_CUSOLVER_STATUS(CUSOLVER_STATUS_INVALID_WORKSPACE)
#undef CUPRIC_CUSOLVER_STATUS
    default: return nullptr;
  }
}
}  // namespace

void check(cusolverStatus_t status, const char* what) {
  if (status == CUSOLVER_STATUS_SUCCESS) return;
  const char* name = status_name(status);
  throw RuntimeError(std::string("cuSOLVER error ") +
                     (name ? name : "CUSOLVER_STATUS_" + std::to_string(static_cast<int>(status))) + " in " + what);
}

cusolverDnHandle_t existing_handle(int device) { return thread_state().handles.existing(device); }

cusolverDnHandle_t handle(int device, cudaStream_t stream) {
  return thread_state().handles.get(
      device, stream, fn<decltype(&cusolverDnCreate)>("cusolverDnCreate"),
      fn<decltype(&cusolverDnSetStream)>("cusolverDnSetStream"),
      [](cusolverStatus_t st, const char* what) { check(st, what); }, "cusolverDnCreate", "cusolverDnSetStream");
}

cusolverDnParams_t params() {
  ThreadState& s = thread_state();
  if (!s.params)
    check(fn<decltype(&cusolverDnCreateParams)>("cusolverDnCreateParams")(&s.params), "cusolverDnCreateParams");
  return s.params;
}

}  // namespace cupric::cusolver
