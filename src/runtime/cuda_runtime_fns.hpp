// The CUDA runtime's entry points as one dispatch entry (Note [Dispatch]): the CUDA backend's
// object, its availability probe and the queries of cupric/runtime/cuda_info.hpp. Registered by
// runtime/cuda/cuda_info.cpp in CUDA builds; a host-only build leaves the slot null and the
// front (runtime/cuda_queries.cpp) answers as CUDA does on a machine without a driver.
#pragma once
#include <string>
#include <utility>
#include <vector>
#include "cupric/detail/dispatch.hpp"
#include "cupric/runtime/backend.hpp"
#include "cupric/runtime/cuda_info.hpp"

namespace cupric {

struct CudaRuntimeFns {
  Backend* (*backend)();  // the CUDA backend object (created at first call)
  bool (*probe)();        // a driver is loaded and a device is visible; never throws
  int (*runtime_version_built)();
  int (*runtime_version_linked)();
  int (*driver_version)();
  int (*device_count)();
  int (*get_device)();
  void (*set_device)(int device);
  void (*device_synchronize)();
  cuda::DeviceProperties (*device_properties)(int device);
  std::vector<std::pair<std::string, int>> (*device_attributes)(int device);
  std::string (*device_pci_bus_id)(int device);
  std::pair<std::string, std::string> (*error_name_and_text)(int code);
};

// Only the `cuda` slot is used: the host backend has no CUDA runtime.
dispatch::Table<const CudaRuntimeFns*>& cuda_runtime_table();

}  // namespace cupric
