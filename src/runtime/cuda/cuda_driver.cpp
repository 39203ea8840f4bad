// The CUDA side of cupric/runtime/cuda_driver.hpp and managed_memory.hpp: driver queries through
// the runtime's driver entry points (no libcuda link), the profiler, managed memory.
#include <cuda.h>
#include <cuda_profiler_api.h>
#include <cuda_runtime.h>
#include <mutex>
#include <string>
#include <unordered_map>
#include "runtime/cuda/cuda_check.hpp"
#include "runtime/cuda_driver_fns.hpp"

namespace cupric {
namespace {

constexpr int kNoDevice = 100;  // CUDA_ERROR_NO_DEVICE: the driver (or the entry point) is missing

template <class Fn>
Fn entry(const char* name) {
  return reinterpret_cast<Fn>(driver_entry_point(name));
}

int build_version() { return CUDA_VERSION; }

// The entry points of cupric.cuda.driver's raw calls (Note [Raw driver calls] in
// cupric/runtime/cuda_driver.hpp) in the ABI of CUDA `abi`, looked up once per name and ABI: a
// launch pays a hash lookup, not the runtime's entry-point query. A toolkit before 12.5 cannot
// ask for an ABI: it gets the toolkit's own, which is CUDA 12.0's shape for every call but
// cuCtxCreate's, refused there (nullptr) rather than called with the wrong arguments.
void* versioned_entry_point(const char* name, int abi) {
#if CUDART_VERSION >= 12050
  void* p = nullptr;
  cudaDriverEntryPointQueryResult q{};
  if (cudaGetDriverEntryPointByVersion(name, &p, abi, cudaEnableDefault, &q) != cudaSuccess ||
      q != cudaDriverEntryPointSuccess) {
    cudaGetLastError();
    return nullptr;
  }
  return p;
#else
  return abi == 12000 ? driver_entry_point(name) : nullptr;
#endif
}

void* cached_entry_point(const char* name, int abi) {
  static std::mutex m;
  static std::unordered_map<std::string, void*> cache;
  std::string key = std::string(name) + '@' + std::to_string(abi);
  std::lock_guard<std::mutex> lock(m);
  auto it = cache.find(key);
  if (it == cache.end()) it = cache.emplace(std::move(key), versioned_entry_point(name, abi)).first;
  return it->second;
}

int ctx_get_current(uintptr_t* ctx) {
  static auto fn = entry<int (*)(void**)>("cuCtxGetCurrent");
  if (!fn) return kNoDevice;
  void* c = nullptr;
  int st = fn(&c);
  *ctx = reinterpret_cast<uintptr_t>(c);
  return st;
}

int ctx_get_device(int* device) {
  static auto fn = entry<int (*)(int*)>("cuCtxGetDevice");
  return fn ? fn(device) : kNoDevice;
}

int device_get(int* device, int ordinal) {
  static auto fn = entry<int (*)(int*, int)>("cuDeviceGet");
  return fn ? fn(device, ordinal) : kNoDevice;
}

int device_get_attribute(int* value, int attrib, int device) {
  static auto fn = entry<int (*)(int*, int, int)>("cuDeviceGetAttribute");
  return fn ? fn(value, attrib, device) : kNoDevice;
}

int driver_get_version(int* version) {
  static auto fn = entry<int (*)(int*)>("cuDriverGetVersion");
  return fn ? fn(version) : kNoDevice;
}

std::pair<std::string, std::string> error_name_and_text(int status) {
  static auto name_fn = entry<int (*)(int, const char**)>("cuGetErrorName");
  static auto text_fn = entry<int (*)(int, const char**)>("cuGetErrorString");
  const char* name = nullptr;
  const char* text = nullptr;
  if (name_fn) name_fn(status, &name);
  if (text_fn) text_fn(status, &text);
  if (!name && status == kNoDevice) name = "CUDA_ERROR_NO_DEVICE";
  if (!text && status == kNoDevice) text = "no CUDA-capable device is detected";
  return {name ? name : "CUDA_ERROR_UNKNOWN", text ? text : "unknown error"};
}

void profiler_start() { cuda_check(cudaProfilerStart(), "cudaProfilerStart"); }
void profiler_stop() { cuda_check(cudaProfilerStop(), "cudaProfilerStop"); }

void* malloc_managed(size_t nbytes, int device) {
  DeviceGuard guard(device);
  void* p = nullptr;
  cudaError_t err = cudaMallocManaged(&p, nbytes, cudaMemAttachGlobal);
  if (err == cudaErrorMemoryAllocation) {
    cudaGetLastError();
    return nullptr;
  }
  cuda_check(err, "cudaMallocManaged");
  return p;
}

void free_managed(void* p) { cudaFree(p); }  // (freeing runs in destructors: errors are dropped)

void mem_prefetch(const void* p, size_t nbytes, int device, void* stream) {
#if CUDART_VERSION >= 13000
  cuda_check(cudaMemPrefetchAsync(p, nbytes, mem_location(device), 0, static_cast<cudaStream_t>(stream)),
             "cudaMemPrefetchAsync");
#else
  cuda_check(cudaMemPrefetchAsync(p, nbytes, device < 0 ? cudaCpuDeviceId : device, static_cast<cudaStream_t>(stream)),
             "cudaMemPrefetchAsync");
#endif
}

void mem_advise(const void* p, size_t nbytes, int advise, int device) {
#if CUDART_VERSION >= 13000
  cuda_check(cudaMemAdvise(p, nbytes, static_cast<cudaMemoryAdvise>(advise), mem_location(device)), "cudaMemAdvise");
#else
  cuda_check(cudaMemAdvise(p, nbytes, static_cast<cudaMemoryAdvise>(advise), device < 0 ? cudaCpuDeviceId : device),
             "cudaMemAdvise");
#endif
}

bool pageable_memory_access(int device) {
  int v = 0;
  cuda_check(cudaDeviceGetAttribute(&v, cudaDevAttrPageableMemoryAccess, device), "cudaDeviceGetAttribute");
  return v != 0;
}

cuda::PointerAttributes pointer_attributes(const void* p) {
  cudaPointerAttributes a{};
  cuda_check(cudaPointerGetAttributes(&a, p), "cudaPointerGetAttributes");
  cuda::PointerAttributes r;
  r.type = static_cast<int>(a.type);
  r.device = a.device;
  r.device_pointer = reinterpret_cast<uintptr_t>(a.devicePointer);
  r.host_pointer = reinterpret_cast<uintptr_t>(a.hostPointer);
  return r;
}

constexpr CudaDriverFns kCudaDriver{
    build_version,        ctx_get_current,        ctx_get_device,      device_get,
    device_get_attribute, driver_get_version,     error_name_and_text, profiler_start,
    profiler_stop,        malloc_managed,         free_managed,        mem_prefetch,
    mem_advise,           pageable_memory_access, pointer_attributes,  cached_entry_point};

const dispatch::Registration register_cuda_driver(cuda_driver_table(), DeviceType::Cuda, &kCudaDriver);

}  // namespace
}  // namespace cupric
