// The calling thread's handles of the CUDA libraries cupric wraps (CuPy's
// cupy.cuda.device.get_cublas_handle / get_cusolver_handle / get_cusparse_handle): the same
// per-(device, thread) handle cupric's own calls use, bound to the current stream, as an integer
// for user code that calls the library itself.
#pragma once
#include <cstdint>
#include "cupric/detail/dispatch.hpp"

namespace cupric {

enum class CudaLibrary : int { Cublas = 0, Cusolver = 1, Cusparse = 2 };

struct LibraryHandleFns {
  uintptr_t (*handle)(CudaLibrary lib, int device, void* stream);
};
dispatch::Table<const LibraryHandleFns*>& library_handle_table();

// The handle for the CUDA runtime's current device and that device's current stream; CudaError 35
// (cudaErrorInsufficientDriver) in a build without CUDA, the library's error where it fails.
uintptr_t library_handle(CudaLibrary lib);

}  // namespace cupric
