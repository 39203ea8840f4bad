// The front of the CUDA runtime queries (cupric/runtime/cuda_info.hpp) and of the CUDA backend's
// presence: forwards to the implementation runtime/cuda/cuda_info.cpp registers (Note [Dispatch]);
// in a build without CUDA the queries raise CudaError 35 (cudaErrorInsufficientDriver), as the
// CUDA runtime does on a machine without a driver, and the backend is absent (nullptr).
#include "runtime/cuda_runtime_fns.hpp"
#include "cupric/error.hpp"

namespace cupric {

dispatch::Table<const CudaRuntimeFns*>& cuda_runtime_table() {
  static constinit dispatch::Table<const CudaRuntimeFns*> t;
  return t;
}

namespace {
const CudaRuntimeFns* built() { return cuda_runtime_table().get(DeviceType::Cuda); }

const CudaRuntimeFns& rt() {
  const CudaRuntimeFns* r = built();
  if (!r)
    throw CudaError(35, "cudaErrorInsufficientDriver: this cupric was built without CUDA (no nvcc at build time)");
  return *r;
}
}  // namespace

Backend* cuda_backend_if_built() {
  const CudaRuntimeFns* r = built();
  return r ? r->backend() : nullptr;
}

bool cuda_probe_available() {
  const CudaRuntimeFns* r = built();
  return r && r->probe();
}

namespace cuda {

int runtime_version_built() { return built() ? built()->runtime_version_built() : 0; }
int runtime_version_linked() { return rt().runtime_version_linked(); }
int driver_version() { return built() ? built()->driver_version() : 0; }
int device_count() { return rt().device_count(); }
int get_device() { return rt().get_device(); }
void set_device(int device) { rt().set_device(device); }
void device_synchronize() { rt().device_synchronize(); }
DeviceProperties device_properties(int device) { return rt().device_properties(device); }
std::vector<std::pair<std::string, int>> device_attributes(int device) { return rt().device_attributes(device); }
std::string device_pci_bus_id(int device) { return rt().device_pci_bus_id(device); }

std::pair<std::string, std::string> error_name_and_text(int code) {
  if (const CudaRuntimeFns* r = built()) return r->error_name_and_text(code);
  if (code == 35)
    return {"cudaErrorInsufficientDriver", "CUDA driver version is insufficient for CUDA runtime version"};
  if (code == 100) return {"cudaErrorNoDevice", "no CUDA-capable device is detected"};
  return {"cudaErrorUnknown", "unknown error (this cupric was built without CUDA)"};
}

}  // namespace cuda
}  // namespace cupric
