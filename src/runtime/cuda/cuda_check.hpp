// Error checking and device guards for CUDA runtime calls (CUDA builds only).
#pragma once
#include <cuda_runtime.h>

namespace cupric {

// Throws CudaError with the error's name and text when `err` is not cudaSuccess.
void cuda_check(cudaError_t err, const char* what);

// The driver API function `name` (CUDA 12 ABI) through the entry point the runtime hands out (no
// libcuda link; defined in launch.cpp), or nullptr when this driver has none. Clears the
// runtime's last error on failure.
void* driver_entry_point(const char* name);

// Throws RuntimeError("internal error: ..."): a broken invariant between the engine and a kernel.
[[noreturn]] void throw_internal_error(const char* what);

#if CUDART_VERSION >= 13000
// CUDA 13's location of a prefetch or advice: a device, or the host for -1 (cudaCpuDeviceId).
inline cudaMemLocation mem_location(int device) {
  cudaMemLocation loc{};
  loc.type = device < 0 ? cudaMemLocationTypeHost : cudaMemLocationTypeDevice;
  loc.id = device < 0 ? 0 : device;
  return loc;
}
#endif

// Makes `device` current for a scope and restores the previous one.
class DeviceGuard {
 public:
  explicit DeviceGuard(int device) {
    cudaGetDevice(&prev_);
    if (prev_ != device) {
      cudaSetDevice(device);
      changed_ = true;
    }
  }
  ~DeviceGuard() {
    if (changed_) cudaSetDevice(prev_);
  }

 private:
  int prev_ = 0;
  bool changed_ = false;
};

// Puts the calling thread in relaxed stream-capture mode for a scope (calls such as cudaMalloc
// are then allowed while a stream captures) and restores the previous mode.
class RelaxedCapture {
 public:
  RelaxedCapture() { cudaThreadExchangeStreamCaptureMode(&mode_); }
  ~RelaxedCapture() { cudaThreadExchangeStreamCaptureMode(&mode_); }

 private:
  cudaStreamCaptureMode mode_ = cudaStreamCaptureModeRelaxed;
};

}  // namespace cupric
