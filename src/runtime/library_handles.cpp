// The front of cupric/runtime/library_handles.hpp: the current device and stream, then the CUDA
// build's entry (runtime/cuda/library_handles.cpp).
#include "cupric/runtime/library_handles.hpp"
#include "cupric/error.hpp"
#include "cupric/runtime/backend.hpp"
#include "cupric/runtime/cuda_info.hpp"

namespace cupric {

dispatch::Table<const LibraryHandleFns*>& library_handle_table() {
  static constinit dispatch::Table<const LibraryHandleFns*> t;
  return t;
}

uintptr_t library_handle(CudaLibrary lib) {
  const LibraryHandleFns* f = library_handle_table().get(DeviceType::Cuda);
  Backend* b = cuda_backend_if_built();
  if (!f || !b)
    throw CudaError(35, "cudaErrorInsufficientDriver: this cupric was built without CUDA (no nvcc at build time)");
  int device = cuda::get_device();  // raises CudaError without a driver or a device
  return f->handle(lib, device, b->current_stream(device).handle);
}

bool bind_if_cupric_handle(CudaLibrary lib, uintptr_t handle) {
  const LibraryHandleFns* f = library_handle_table().get(DeviceType::Cuda);
  Backend* b = cuda_backend_if_built();
  if (!f || !b)
    throw CudaError(35, "cudaErrorInsufficientDriver: this cupric was built without CUDA (no nvcc at build time)");
  int device = cuda::get_device();
  if (handle == 0 || f->existing(lib, device) != handle) return false;
  f->handle(lib, device, b->current_stream(device).handle);
  return true;
}

void* library_symbol(CudaLibrary lib, const char* name) {
  const LibraryHandleFns* f = library_handle_table().get(DeviceType::Cuda);
  if (!f)
    throw CudaError(35, "cudaErrorInsufficientDriver: this cupric was built without CUDA (no nvcc at build time)");
  return f->symbol(lib, name);
}

}  // namespace cupric
