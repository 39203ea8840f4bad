// What the CUDA runtime says about the machine: versions, device properties and attributes
// (cupric.cuda.runtime, cupric.cuda.Device). In a build without CUDA every query but
// runtime_version_built() throws CudaError (cudaErrorInsufficientDriver-like), as CuPy does
// on a machine without a driver.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace cupric::cuda {

// CUDART_VERSION cupric was built with (e.g. 13000); 0 in a build without CUDA (V13-RUNTIME-VERSION).
int runtime_version_built();
// The version of the CUDA runtime in use (cudaRuntimeGetVersion of the linked runtime).
int runtime_version_linked();
// The driver's CUDA version (cudaDriverGetVersion); 0 when no driver is installed.
int driver_version();
int device_count();
int get_device();
void set_device(int device);
void device_synchronize();

struct DeviceProperties {
  std::string name;
  std::string uuid;  // 16 raw bytes
  int max_threads_dim[3] = {0, 0, 0};
  int max_grid_size[3] = {0, 0, 0};
  std::vector<std::pair<std::string, long long>> ints;  // the integer fields, by cudaDeviceProp name
};
DeviceProperties device_properties(int device);
// Every cudaDeviceAttr cupric knows, by name without the cudaDevAttr prefix (CuPy's
// Device.attributes keys), and its value on `device`.
std::vector<std::pair<std::string, int>> device_attributes(int device);
std::string device_pci_bus_id(int device);
// The name and text of a CUDA error code (cudaGetErrorName / cudaGetErrorString).
std::pair<std::string, std::string> error_name_and_text(int code);

}  // namespace cupric::cuda
