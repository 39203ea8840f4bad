// The calling thread's handles of the CUDA libraries cupric wraps (CuPy's
// cupy.cuda.device.get_cublas_handle / get_cusolver_handle / get_cusparse_handle): the same
// per-(device, thread) handle cupric's own calls use, bound to the current stream, as an integer
// for user code that calls the library itself.
#pragma once
#include <cstdint>
#include "cupric/detail/dispatch.hpp"

namespace cupric {

enum class CudaLibrary : int { Cublas = 0, Cusolver = 1, Cusparse = 2, Curand = 3, Cufft = 4 };

struct LibraryHandleFns {
  uintptr_t (*handle)(CudaLibrary lib, int device, void* stream);
  // The calling thread's handle for `device` if cupric has made it, else 0; nothing is created.
  uintptr_t (*existing)(CudaLibrary lib, int device);
  // Entry point `name` of the library (loaded on first use); RuntimeError naming the package to
  // install when the library or the entry is missing. No handle for Curand and Cufft (handle() returns 0).
  void* (*symbol)(CudaLibrary lib, const char* name);
};
dispatch::Table<const LibraryHandleFns*>& library_handle_table();

// The handle for the CUDA runtime's current device and that device's current stream; CudaError 35
// (cudaErrorInsufficientDriver) in a build without CUDA, the library's error where it fails.
uintptr_t library_handle(CudaLibrary lib);

// Whether `handle` is cupric's own handle of `lib` (the calling thread's, for the current device);
// if it is, it is bound to the current stream as library_handle() binds it. Nothing is created
// for another handle (Note [Binding cupric's own handles] in bindings/library_entry.hpp).
// CudaError 35 in a build without CUDA.
bool bind_if_cupric_handle(CudaLibrary lib, uintptr_t handle);

// Entry point `name` of `lib` for the raw-pointer modules cupric.cuda.cusolver / cusparse / curand
// (bindings/cuda_lib_calls.cpp): the same dlopen'ed library cupric's own calls use. CudaError 35 in
// a build without CUDA; nothing is loaded before the first call.
void* library_symbol(CudaLibrary lib, const char* name);

// Calls entry `name` of `lib` as `int name(Args...)`: every entry these modules call returns its
// library's status (an int-sized enum) and takes handles and arrays as pointers, enums as int,
// so the bindings need none of the libraries' headers (they are built without CUDA too).
template <class... Args>
int call_library(CudaLibrary lib, const char* name, Args... args) {
  return reinterpret_cast<int (*)(Args...)>(library_symbol(lib, name))(args...);
}

}  // namespace cupric
