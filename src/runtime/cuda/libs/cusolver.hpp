// cuSOLVER's dense API through dlopen: entry points by name at first use, one handle per
// (device, thread) bound to the current stream (Note [CUDA libraries] in cublas.cpp); work areas
// come from cupric's pool (workspace()). CUDA builds only.
#pragma once
#include <cuda_runtime.h>
#include <cusolverDn.h>
#include <memory>
#include "cupric/memory.hpp"
#include "runtime/cuda/libs/library.hpp"

namespace cupric::cusolver {

// Any cuSOLVER entry point by name, loading libcusolver on the first call (find_library
// ("cusolver")): `auto f = cusolver::fn<decltype(&cusolverDnXgetrf)>("cusolverDnXgetrf");`.
// RuntimeError naming `pip install nvidia-cusolver` when the library or the entry is missing.
void* symbol(const char* name);
template <class Fn>
Fn fn(const char* name) {
  return reinterpret_cast<Fn>(symbol(name));
}
#define CUPRIC_CUSOLVER_FN(sym) ::cupric::cusolver::fn<decltype(&sym)>(#sym)

// The calling thread's handle for `device`, bound to `stream` (cusolverDnSetStream only when the
// stream changed: one compare on the hot path).
cusolverDnHandle_t handle(int device, cudaStream_t stream);
// That handle if this thread has made it, else null: nothing is created or bound.
cusolverDnHandle_t existing_handle(int device);
// The calling thread's cusolverDnParams_t (default algorithms) for the 64-bit X API.
cusolverDnParams_t params();

// Throws RuntimeError("cuSOLVER error CUSOLVER_STATUS_<NAME> in <what>") unless `status` is success.
void check(cusolverStatus_t status, const char* what);

// Work areas from cupric's pool (library.hpp).
using cuda_libs::workspace;

}  // namespace cupric::cusolver
