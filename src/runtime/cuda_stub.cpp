// Weak stand-ins used when cupric is built without CUDA; the CUDA backend's definitions win.
// The CUDA queries raise CudaError (cudaErrorInsufficientDriver, 35), as the CUDA runtime does
// on a machine without a driver.
#include "cupric/error.hpp"
#include "cupric/runtime/backend.hpp"
#include "cupric/runtime/cuda_info.hpp"

namespace cupric {
__attribute__((weak)) Backend* cuda_backend_if_built() { return nullptr; }
__attribute__((weak)) bool cuda_probe_available() { return false; }

namespace cuda {
namespace {
[[noreturn]] void no_cuda() {
  throw CudaError(35, "cudaErrorInsufficientDriver: this cupric was built without CUDA (no nvcc at build time)");
}
}  // namespace
__attribute__((weak)) int runtime_version_built() { return 0; }
__attribute__((weak)) int runtime_version_linked() { no_cuda(); }
__attribute__((weak)) int driver_version() { return 0; }
__attribute__((weak)) int device_count() { no_cuda(); }
__attribute__((weak)) int get_device() { no_cuda(); }
__attribute__((weak)) void set_device(int) { no_cuda(); }
__attribute__((weak)) void device_synchronize() { no_cuda(); }
__attribute__((weak)) DeviceProperties device_properties(int) { no_cuda(); }
__attribute__((weak)) std::vector<std::pair<std::string, int>> device_attributes(int) { no_cuda(); }
__attribute__((weak)) std::string device_pci_bus_id(int) { no_cuda(); }
__attribute__((weak)) std::pair<std::string, std::string> error_name_and_text(int code) {
  if (code == 35) return {"cudaErrorInsufficientDriver", "CUDA driver version is insufficient for CUDA runtime version"};
  if (code == 100) return {"cudaErrorNoDevice", "no CUDA-capable device is detected"};
  return {"cudaErrorUnknown", "unknown error (this cupric was built without CUDA)"};
}
}  // namespace cuda
}  // namespace cupric
