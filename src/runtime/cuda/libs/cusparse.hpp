// cuSPARSE's generic API through dlopen: entry points by name at first use, one handle per
// (device, thread) bound to the current stream (Note [CUDA libraries] in cublas.cpp); buffers come
// from cupric's pool (workspace()). CUDA builds only.
#pragma once
#include <cuda_runtime.h>
#include <cusparse.h>
#include <memory>
#include "cupric/dtype.hpp"
#include "cupric/memory.hpp"
#include "runtime/cuda/libs/library.hpp"

namespace cupric::cusparse {

// Any cuSPARSE entry point by name, loading libcusparse on the first call (find_library
// ("cusparse")): `auto f = CUPRIC_CUSPARSE_FN(cusparseSpMV);`. RuntimeError naming
// `pip install nvidia-cusparse` when the library or the entry is missing.
void* symbol(const char* name);
template <class Fn>
Fn fn(const char* name) {
  return reinterpret_cast<Fn>(symbol(name));
}
#define CUPRIC_CUSPARSE_FN(sym) ::cupric::cusparse::fn<decltype(&sym)>(#sym)

// The calling thread's handle for `device`, bound to `stream` (cusparseSetStream only when the
// stream changed: one compare on the hot path).
cusparseHandle_t handle(int device, cudaStream_t stream);
// That handle if this thread has made it, else null: nothing is created or bound.
cusparseHandle_t existing_handle(int device);

// Throws RuntimeError("cuSPARSE error CUSPARSE_STATUS_...: <what>") unless `status` is success.
void check(cusparseStatus_t status, const char* what);

// Buffers from cupric's pool (library.hpp).
using cuda_libs::workspace;

// cuSPARSE's value type of float32, float64, complex64, complex128 (TypeError otherwise).
cudaDataType value_type(DType dt);

// Host scalars 1 and 0 of a compute type (alpha and beta under cuSPARSE's default host pointer mode).
struct HostScalars {
  alignas(16) unsigned char one[16] = {}, zero[16] = {};
  explicit HostScalars(DType dt);
};

}  // namespace cupric::cusparse
