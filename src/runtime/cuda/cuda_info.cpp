// Versions, device properties and attributes from the CUDA runtime (see cuda_info.hpp), registered
// with the CUDA backend's object as the CUDA runtime's dispatch entry (runtime/cuda_runtime_fns.hpp).
#include "cupric/runtime/cuda_info.hpp"
#include <cuda_runtime.h>
#include "cupric/error.hpp"
#include "runtime/cuda/cuda_check.hpp"
#include "runtime/cuda_runtime_fns.hpp"

namespace cupric {
// Defined in cuda_backend.cpp.
Backend* cuda_backend_instance();
bool cuda_backend_usable();
}  // namespace cupric

namespace cupric::cuda::runtime_impl {

int runtime_version_built() { return CUDART_VERSION; }

int runtime_version_linked() {
  int v = 0;
  cuda_check(cudaRuntimeGetVersion(&v), "cudaRuntimeGetVersion");
  return v;
}

int driver_version() {
  int v = 0;
  if (cudaDriverGetVersion(&v) != cudaSuccess) {
    cudaGetLastError();
    return 0;
  }
  return v;
}

int device_count() {
  int n = 0;
  cuda_check(cudaGetDeviceCount(&n), "cudaGetDeviceCount");
  return n;
}

int get_device() {
  int d = 0;
  cuda_check(cudaGetDevice(&d), "cudaGetDevice");
  return d;
}

void set_device(int device) { cuda_check(cudaSetDevice(device), "cudaSetDevice"); }
void device_synchronize() { cuda_check(cudaDeviceSynchronize(), "cudaDeviceSynchronize"); }

DeviceProperties device_properties(int device) {
  cudaDeviceProp p{};
  cuda_check(cudaGetDeviceProperties(&p, device), "cudaGetDeviceProperties");
  DeviceProperties r;
  r.name = p.name;
  r.uuid.assign(p.uuid.bytes, sizeof(p.uuid.bytes));
  for (int i = 0; i < 3; ++i) {
    r.max_threads_dim[i] = p.maxThreadsDim[i];
    r.max_grid_size[i] = p.maxGridSize[i];
  }
#define CUPRIC_PROP(f) r.ints.emplace_back(#f, static_cast<long long>(p.f))
  CUPRIC_PROP(totalGlobalMem);
  CUPRIC_PROP(sharedMemPerBlock);
  CUPRIC_PROP(regsPerBlock);
  CUPRIC_PROP(warpSize);
  CUPRIC_PROP(memPitch);
  CUPRIC_PROP(maxThreadsPerBlock);
  CUPRIC_PROP(totalConstMem);
  CUPRIC_PROP(major);
  CUPRIC_PROP(minor);
  CUPRIC_PROP(textureAlignment);
  CUPRIC_PROP(multiProcessorCount);
  CUPRIC_PROP(integrated);
  CUPRIC_PROP(canMapHostMemory);
  CUPRIC_PROP(concurrentKernels);
  CUPRIC_PROP(ECCEnabled);
  CUPRIC_PROP(pciBusID);
  CUPRIC_PROP(pciDeviceID);
  CUPRIC_PROP(pciDomainID);
  CUPRIC_PROP(tccDriver);
  CUPRIC_PROP(asyncEngineCount);
  CUPRIC_PROP(unifiedAddressing);
  CUPRIC_PROP(memoryBusWidth);
  CUPRIC_PROP(l2CacheSize);
  CUPRIC_PROP(persistingL2CacheMaxSize);
  CUPRIC_PROP(maxThreadsPerMultiProcessor);
  CUPRIC_PROP(streamPrioritiesSupported);
  CUPRIC_PROP(globalL1CacheSupported);
  CUPRIC_PROP(localL1CacheSupported);
  CUPRIC_PROP(sharedMemPerMultiprocessor);
  CUPRIC_PROP(regsPerMultiprocessor);
  CUPRIC_PROP(managedMemory);
  CUPRIC_PROP(isMultiGpuBoard);
  CUPRIC_PROP(multiGpuBoardGroupID);
  CUPRIC_PROP(pageableMemoryAccess);
  CUPRIC_PROP(concurrentManagedAccess);
  CUPRIC_PROP(computePreemptionSupported);
  CUPRIC_PROP(cooperativeLaunch);
  CUPRIC_PROP(sharedMemPerBlockOptin);
  CUPRIC_PROP(maxBlocksPerMultiProcessor);
  CUPRIC_PROP(accessPolicyMaxWindowSize);
  CUPRIC_PROP(reservedSharedMemPerBlock);
#undef CUPRIC_PROP
  return r;
}

std::vector<std::pair<std::string, int>> device_attributes(int device) {
  std::vector<std::pair<std::string, int>> out;
  auto add = [&](const char* name, cudaDeviceAttr a) {
    int v = 0;
    if (cudaDeviceGetAttribute(&v, a, device) == cudaSuccess)
      out.emplace_back(name, v);
    else
      cudaGetLastError();
  };
#define CUPRIC_ATTR(n) add(#n, cudaDevAttr##n)
  CUPRIC_ATTR(MaxThreadsPerBlock);
  CUPRIC_ATTR(MaxBlockDimX);
  CUPRIC_ATTR(MaxBlockDimY);
  CUPRIC_ATTR(MaxBlockDimZ);
  CUPRIC_ATTR(MaxGridDimX);
  CUPRIC_ATTR(MaxGridDimY);
  CUPRIC_ATTR(MaxGridDimZ);
  CUPRIC_ATTR(MaxSharedMemoryPerBlock);
  CUPRIC_ATTR(TotalConstantMemory);
  CUPRIC_ATTR(WarpSize);
  CUPRIC_ATTR(MaxPitch);
  CUPRIC_ATTR(MaxRegistersPerBlock);
  CUPRIC_ATTR(ClockRate);
  CUPRIC_ATTR(TextureAlignment);
  CUPRIC_ATTR(MultiProcessorCount);
  CUPRIC_ATTR(KernelExecTimeout);
  CUPRIC_ATTR(Integrated);
  CUPRIC_ATTR(CanMapHostMemory);
  CUPRIC_ATTR(ComputeMode);
  CUPRIC_ATTR(ConcurrentKernels);
  CUPRIC_ATTR(EccEnabled);
  CUPRIC_ATTR(PciBusId);
  CUPRIC_ATTR(PciDeviceId);
  CUPRIC_ATTR(TccDriver);
  CUPRIC_ATTR(MemoryClockRate);
  CUPRIC_ATTR(GlobalMemoryBusWidth);
  CUPRIC_ATTR(L2CacheSize);
  CUPRIC_ATTR(MaxThreadsPerMultiProcessor);
  CUPRIC_ATTR(AsyncEngineCount);
  CUPRIC_ATTR(UnifiedAddressing);
  CUPRIC_ATTR(PciDomainId);
  CUPRIC_ATTR(ComputeCapabilityMajor);
  CUPRIC_ATTR(ComputeCapabilityMinor);
  CUPRIC_ATTR(StreamPrioritiesSupported);
  CUPRIC_ATTR(GlobalL1CacheSupported);
  CUPRIC_ATTR(LocalL1CacheSupported);
  CUPRIC_ATTR(MaxSharedMemoryPerMultiprocessor);
  CUPRIC_ATTR(MaxRegistersPerMultiprocessor);
  CUPRIC_ATTR(ManagedMemory);
  CUPRIC_ATTR(IsMultiGpuBoard);
  CUPRIC_ATTR(MultiGpuBoardGroupID);
  CUPRIC_ATTR(HostNativeAtomicSupported);
  CUPRIC_ATTR(PageableMemoryAccess);
  CUPRIC_ATTR(ConcurrentManagedAccess);
  CUPRIC_ATTR(ComputePreemptionSupported);
  CUPRIC_ATTR(CooperativeLaunch);
  CUPRIC_ATTR(MaxSharedMemoryPerBlockOptin);
  CUPRIC_ATTR(MaxBlocksPerMultiprocessor);
  CUPRIC_ATTR(MemoryPoolsSupported);
#undef CUPRIC_ATTR
  return out;
}

std::string device_pci_bus_id(int device) {
  char buf[32] = {0};
  cuda_check(cudaDeviceGetPCIBusId(buf, sizeof(buf), device), "cudaDeviceGetPCIBusId");
  return buf;
}

std::pair<std::string, std::string> error_name_and_text(int code) {
  auto e = static_cast<cudaError_t>(code);
  return {cudaGetErrorName(e), cudaGetErrorString(e)};
}

constexpr CudaRuntimeFns kCudaRuntime{&cuda_backend_instance,
                                      &cuda_backend_usable,
                                      &runtime_version_built,
                                      &runtime_version_linked,
                                      &driver_version,
                                      &device_count,
                                      &get_device,
                                      &set_device,
                                      &device_synchronize,
                                      &device_properties,
                                      &device_attributes,
                                      &device_pci_bus_id,
                                      &error_name_and_text};
const dispatch::Registration register_cuda_runtime(cuda_runtime_table(), DeviceType::Cuda, &kCudaRuntime);

}  // namespace cupric::cuda::runtime_impl
