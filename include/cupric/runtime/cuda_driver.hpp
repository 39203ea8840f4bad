// The CUDA driver API calls that CuPy's cupy.cuda.driver exposes to user code (context and
// device queries), and the profiler's start/stop. Each call returns the CUresult status
// (0: success), as the driver does, so the Python layer raises CUDADriverError; in a build without
// CUDA, or without a driver, they answer CUDA_ERROR_NO_DEVICE (100).
#pragma once
#include <cstdint>
#include <string>
#include <utility>

namespace cupric::cuda::driver {

inline constexpr int kErrorNoDevice = 100;  // CUDA_ERROR_NO_DEVICE

int build_version();  // CUDA_VERSION of the toolkit cupric was built with; 0 without CUDA
int ctx_get_current(uintptr_t* ctx);
int ctx_get_device(int* device);
int device_get(int* device, int ordinal);
int device_get_attribute(int* value, int attrib, int device);
int driver_get_version(int* version);
// (name, text) of a CUresult, e.g. ("CUDA_ERROR_INVALID_VALUE", "invalid argument").
std::pair<std::string, std::string> error_name_and_text(int status);

// Note [Raw driver calls]
// cupric.cuda.driver's module, link, launch, attribute and occupancy calls (CuPy's
// cupy.cuda.driver) take handles and device pointers as integers and return the CUresult, so the
// bindings call each driver entry point directly: `call` looks the entry up through the runtime
// (cudaGetDriverEntryPointByVersion), no libcuda link. The driver serves each name in the ABI of
// the CUDA version asked for, and the bindings' argument types follow CUDA 12.0's (e.g.
// cuLinkCreate_v2, cuModuleGetGlobal_v2), except where 12.0's name means a call of another shape:
// cuCtxCreate is cuCtxCreate_v3 (execution affinities) from 11.4 on, so ctxCreate asks for 3.2's
// (pctx, flags, dev). Without a driver, or in a build without CUDA, the entry is missing and the
// call answers CUDA_ERROR_NO_DEVICE, as the queries above do.
inline constexpr int kDriverAbi = 12000;
void* entry_point(const char* name, int abi_version);  // nullptr when the driver (or the entry) is missing

template <int Abi = kDriverAbi, class... Args>
int call(const char* name, Args... args) {
  void* f = entry_point(name, Abi);
  return f ? reinterpret_cast<int (*)(Args...)>(f)(args...) : kErrorNoDevice;
}

}  // namespace cupric::cuda::driver

namespace cupric::cuda {
// cudaPointerGetAttributes (CuPy's runtime.PointerAttributes): the memory type
// (cudaMemoryType: 0 unregistered, 1 host, 2 device, 3 managed), its device, and its device and
// host addresses (0 where it has none).
struct PointerAttributes {
  int type = 0;
  int device = -2;  // cudaInvalidDeviceId
  uintptr_t device_pointer = 0, host_pointer = 0;
};
// Raises CudaError where CUDA is missing (a build without CUDA: CUDA error 35).
PointerAttributes pointer_attributes(const void* p);

// cudaProfilerStart / cudaProfilerStop (no-ops in a build without CUDA).
void profiler_start();
void profiler_stop();
}  // namespace cupric::cuda
