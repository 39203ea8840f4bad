// The front of the driver queries and the profiler (cupric/runtime/cuda_driver.hpp): forwards to
// runtime/cuda/cuda_driver.cpp (Note [Dispatch]); without it (a build without CUDA) every driver
// call answers CUDA_ERROR_NO_DEVICE and the profiler calls do nothing.
#include "cupric/runtime/cuda_driver.hpp"
#include "cupric/runtime/backend.hpp"
#include "runtime/cuda_driver_fns.hpp"
#include "cupric/error.hpp"

namespace cupric {

dispatch::Table<const CudaDriverFns*>& cuda_driver_table() {
  static constinit dispatch::Table<const CudaDriverFns*> t;
  return t;
}

namespace cuda::driver {
namespace {
const CudaDriverFns* fns() { return cuda_driver_table().get(DeviceType::Cuda); }
}  // namespace

int build_version() { return fns() ? fns()->build_version() : 0; }
int ctx_get_current(uintptr_t* ctx) { return fns() ? fns()->ctx_get_current(ctx) : kErrorNoDevice; }
int ctx_get_device(int* device) { return fns() ? fns()->ctx_get_device(device) : kErrorNoDevice; }
int device_get(int* device, int ordinal) { return fns() ? fns()->device_get(device, ordinal) : kErrorNoDevice; }
int device_get_attribute(int* value, int attrib, int device) {
  return fns() ? fns()->device_get_attribute(value, attrib, device) : kErrorNoDevice;
}
int driver_get_version(int* version) { return fns() ? fns()->driver_get_version(version) : kErrorNoDevice; }
void* entry_point(const char* name, int abi_version) { return fns() ? fns()->entry_point(name, abi_version) : nullptr; }

std::pair<std::string, std::string> error_name_and_text(int status) {
  if (fns()) return fns()->error_name_and_text(status);
  if (status == 0) return {"CUDA_SUCCESS", "no error"};
  if (status == kErrorNoDevice)
    return {"CUDA_ERROR_NO_DEVICE", "no CUDA-capable device is detected (this cupric was built without CUDA)"};
  return {"CUDA_ERROR_UNKNOWN", "unknown error (this cupric was built without CUDA)"};
}

}  // namespace cuda::driver

namespace cuda {
PointerAttributes pointer_attributes(const void* p) {
  const CudaDriverFns* f = cuda_driver_table().get(DeviceType::Cuda);
  if (!f)
    throw CudaError(35, "cudaErrorInsufficientDriver: this cupric was built without CUDA (no nvcc at build time)");
  return f->pointer_attributes(p);
}

// No-ops where no GPU can run (a host-only build, or a CUDA build on a machine without a driver or
// device): a profiler range has nothing to collect there (cupricx.profiler.profile on the host).
void profiler_start() {
  const CudaDriverFns* f = cuda_driver_table().get(DeviceType::Cuda);
  if (f && cuda_is_available()) f->profiler_start();
}
void profiler_stop() {
  const CudaDriverFns* f = cuda_driver_table().get(DeviceType::Cuda);
  if (f && cuda_is_available()) f->profiler_stop();
}
}  // namespace cuda

}  // namespace cupric
