// The driver side of Note [Driver launches] (src/runtime/cuda/cuda_launch.cuh): entry points, the
// first lookup of a kernel in a context, launch errors.
#include "runtime/cuda/cuda_launch.cuh"
#include <cuda_runtime.h>
#include <mutex>
#include <string>
#include "cupric/error.hpp"
#include "runtime/cuda/cuda_check.hpp"

namespace cupric {

void* driver_entry_point(const char* name) {
  void* p = nullptr;
  cudaDriverEntryPointQueryResult q{};
#if CUDART_VERSION >= 12050
  cudaError_t err = cudaGetDriverEntryPointByVersion(name, &p, 12000, cudaEnableDefault, &q);
#else
  cudaError_t err = cudaGetDriverEntryPoint(name, &p, cudaEnableDefault, &q);
#endif
  if (err != cudaSuccess || q != cudaDriverEntryPointSuccess) {
    cudaGetLastError();
    return nullptr;
  }
  return p;
}

}  // namespace cupric

namespace cupric::cuda {

namespace {

// driver_entry_point, required.
void* entry_point(const char* name) {
  if (void* p = driver_entry_point(name)) return p;
  throw CudaError(static_cast<int>(cudaErrorNotSupported),
                  std::string("the CUDA driver has no ") + name + " (a CUDA 12 or newer driver is needed)");
}

struct ErrorNames {
  int (*name)(int, const char**) = nullptr;
  int (*text)(int, const char**) = nullptr;
};

std::mutex& lookup_mutex() {
  static std::mutex m;
  return m;
}

}  // namespace

const LaunchDriver& launch_driver() {
  static const LaunchDriver d = [] {
    RelaxedCapture relaxed;  // the first launch may come while a stream captures
    LaunchDriver r{};
    r.ctx_get_current = reinterpret_cast<decltype(r.ctx_get_current)>(entry_point("cuCtxGetCurrent"));
    r.launch = reinterpret_cast<decltype(r.launch)>(entry_point("cuLaunchKernel"));
    return r;
  }();
  return d;
}

void* kernel_function_slow(KernelSlots& slots, const void* stub) {
  const LaunchDriver& d = launch_driver();
  RelaxedCapture relaxed;  // cudaGetFuncBySymbol may load the kernel's module during a capture
  std::lock_guard<std::mutex> lk(lookup_mutex());
  void* ctx = nullptr;
  d.ctx_get_current(&ctx);
  if (!ctx) {
    // No context on this thread yet: the current device's primary context, as `<<<>>>` would use.
    int dev = 0;
    cuda_check(cudaGetDevice(&dev), "cudaGetDevice");
    cuda_check(cudaSetDevice(dev), "cudaSetDevice");
    d.ctx_get_current(&ctx);
    if (!ctx)
      throw CudaError(static_cast<int>(cudaErrorDeviceUninitialized),
                      "no CUDA context is current for the kernel launch");
  }
  int free_slot = -1;
  for (int i = 0; i < KernelSlots::kSlots; ++i) {
    void* c = slots.ctx[i].load(std::memory_order_acquire);
    if (c == ctx) return slots.fn[i];
    if (!c) {
      free_slot = i;
      break;
    }
  }
  cudaFunction_t fn = nullptr;
  cuda_check(cudaGetFuncBySymbol(&fn, stub), "cudaGetFuncBySymbol");
  if (free_slot >= 0) {
    slots.fn[free_slot] = fn;
    slots.ctx[free_slot].store(ctx, std::memory_order_release);
  }
  return fn;
}

void launch_failed(int rc) {
  static const ErrorNames names{reinterpret_cast<int (*)(int, const char**)>(driver_entry_point("cuGetErrorName")),
                                reinterpret_cast<int (*)(int, const char**)>(driver_entry_point("cuGetErrorString"))};
  const char* name = nullptr;
  const char* text = nullptr;
  if (names.name) names.name(rc, &name);
  if (names.text) names.text(rc, &text);
  const std::string what = name ? std::string(name) : "CUDA error " + std::to_string(rc);
  throw CudaError(rc, what + ": " + (text ? text : "") + " (in kernel launch)");
}

}  // namespace cupric::cuda
