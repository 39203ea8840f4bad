// The CUDA-only pieces of cupric/runtime/cuda_driver.hpp and managed_memory.hpp as one dispatch
// entry (Note [Dispatch]): registered by runtime/cuda/cuda_driver.cpp in CUDA builds; the fronts
// (runtime/cuda_driver.cpp, runtime/managed_memory.cpp) answer without it in host-only builds.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include "cupric/detail/dispatch.hpp"
#include "cupric/runtime/cuda_driver.hpp"

namespace cupric {

struct CudaDriverFns {
  int (*build_version)();
  int (*ctx_get_current)(uintptr_t* ctx);
  int (*ctx_get_device)(int* device);
  int (*device_get)(int* device, int ordinal);
  int (*device_get_attribute)(int* value, int attrib, int device);
  int (*driver_get_version)(int* version);
  std::pair<std::string, std::string> (*error_name_and_text)(int status);
  void (*profiler_start)();
  void (*profiler_stop)();
  void* (*malloc_managed)(size_t nbytes, int device);  // nullptr when out of memory
  void (*free_managed)(void* p);
  void (*mem_prefetch)(const void* p, size_t nbytes, int device, void* stream);
  void (*mem_advise)(const void* p, size_t nbytes, int advise, int device);
  bool (*pageable_memory_access)(int device);
  cuda::PointerAttributes (*pointer_attributes)(const void* p);
  void* (*entry_point)(const char* name, int abi_version);  // a driver entry point; nullptr when missing
};

dispatch::Table<const CudaDriverFns*>& cuda_driver_table();

}  // namespace cupric
