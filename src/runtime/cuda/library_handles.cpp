// The CUDA side of cupric/runtime/library_handles.hpp: the wrappers' per-thread handles
// (src/runtime/cuda/libs/), bound to the stream asked for.
#include "cupric/runtime/library_handles.hpp"
#include "runtime/cuda/libs/cublas.hpp"
#include "runtime/cuda/libs/cusolver.hpp"
#include "runtime/cuda/libs/cusparse.hpp"

namespace cupric {
namespace {

uintptr_t handle(CudaLibrary lib, int device, void* stream) {
  auto s = static_cast<cudaStream_t>(stream);
  switch (lib) {
    case CudaLibrary::Cublas: return reinterpret_cast<uintptr_t>(cublas::handle(device, s));
    case CudaLibrary::Cusolver: return reinterpret_cast<uintptr_t>(cusolver::handle(device, s));
    case CudaLibrary::Cusparse: return reinterpret_cast<uintptr_t>(cusparse::handle(device, s));
  }
  return 0;
}

constexpr LibraryHandleFns kHandles{handle};
const dispatch::Registration register_library_handles(library_handle_table(), DeviceType::Cuda, &kHandles);

}  // namespace
}  // namespace cupric
