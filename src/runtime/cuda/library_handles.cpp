// The CUDA side of cupric/runtime/library_handles.hpp: the wrappers' per-thread handles
// (src/runtime/cuda/libs/), bound to the stream asked for.
#include "cupric/runtime/library_handles.hpp"
#include "runtime/cuda/libs/library.hpp"
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
    case CudaLibrary::Curand:
    case CudaLibrary::Cufft: return 0;
  }
  return 0;
}

uintptr_t existing(CudaLibrary lib, int device) {
  switch (lib) {
    case CudaLibrary::Cublas: return reinterpret_cast<uintptr_t>(cublas::existing_handle(device));
    case CudaLibrary::Cusolver: return reinterpret_cast<uintptr_t>(cusolver::existing_handle(device));
    case CudaLibrary::Cusparse: return reinterpret_cast<uintptr_t>(cusparse::existing_handle(device));
    case CudaLibrary::Curand:
    case CudaLibrary::Cufft: return 0;
  }
  return 0;
}

// Libraries with no wrapper of this kind, loaded at their first entry (cuda_libs::lazy_symbol).
// cuRAND has no wrapper at all: cupric's generators are its own kernels (issue 16), so libcurand
// is loaded only when cupric.cuda.curand is first called (docs/cuda.md).
constexpr cuda_libs::LibraryName kCurand{"curand", "cuRAND", "nvidia-curand"};
constexpr cuda_libs::LibraryName kCufft{"cufft", "cuFFT", "nvidia-cufft"};

void* symbol(CudaLibrary lib, const char* name) {
  switch (lib) {
    case CudaLibrary::Cublas: return cublas::symbol(name);
    case CudaLibrary::Cusolver: return cusolver::symbol(name);
    case CudaLibrary::Cusparse: return cusparse::symbol(name);
    case CudaLibrary::Curand: return cuda_libs::lazy_symbol<kCurand>(name);
    case CudaLibrary::Cufft: return cuda_libs::lazy_symbol<kCufft>(name);
  }
  return nullptr;
}

constexpr LibraryHandleFns kHandles{handle, existing, symbol};
const dispatch::Registration register_library_handles(library_handle_table(), DeviceType::Cuda, &kHandles);

}  // namespace
}  // namespace cupric
