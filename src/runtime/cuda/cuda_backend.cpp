// The CUDA backend: device memory through cudaMalloc (the pool above caches it), stream-ordered
// copies and memsets, per-thread per-device current streams. The CUDA runtime is linked
// statically and loads libcuda itself at first use, so nothing here runs at import.
#include <cuda_runtime.h>
#include <mutex>
#include <string>
#include <vector>
#include "cupric/error.hpp"
#include "cupric/runtime/backend.hpp"
#include "runtime/cuda/cuda_check.hpp"

namespace cupric {

void cuda_check(cudaError_t err, const char* what) {
  if (err == cudaSuccess) return;
  cudaGetLastError();  // clear the sticky-free error so the next call starts clean
  throw CudaError(static_cast<int>(err), std::string(cudaGetErrorName(err)) + ": " + cudaGetErrorString(err) +
                                             " (in " + what + ")");
}

namespace {

// Note [Current stream]: the current stream is per thread and per device (V10-STREAM-PER-DEVICE).
thread_local std::vector<cudaStream_t> t_current_streams;

class CudaBackend final : public Backend {
 public:
  DeviceType type() const override { return DeviceType::Cuda; }
  const char* name() const override { return "cuda"; }
  int device_count() override {
    int n = 0;
    cuda_check(cudaGetDeviceCount(&n), "cudaGetDeviceCount");
    return n;
  }
  int current_device() override {
    int d = 0;
    cuda_check(cudaGetDevice(&d), "cudaGetDevice");
    return d;
  }
  void set_device(int device) override { cuda_check(cudaSetDevice(device), "cudaSetDevice"); }
  void* raw_alloc(size_t nbytes, int device) override {
    DeviceGuard g(device);
    void* p = nullptr;
    cudaError_t err = cudaMalloc(&p, nbytes);
    if (err == cudaErrorMemoryAllocation) {
      cudaGetLastError();
      return nullptr;
    }
    cuda_check(err, "cudaMalloc");
    return p;
  }
  void raw_free(void* p, int device) override {
    DeviceGuard g(device);
    cuda_check(cudaFree(p), "cudaFree");
  }
  void copy(void* dst, const void* src, size_t nbytes, CopyKind kind, const Stream& s) override {
    if (!nbytes) return;
    cudaMemcpyKind k = kind == CopyKind::HostToDevice   ? cudaMemcpyHostToDevice
                       : kind == CopyKind::DeviceToHost ? cudaMemcpyDeviceToHost
                       : kind == CopyKind::HostToHost   ? cudaMemcpyHostToHost
                                                        : cudaMemcpyDeviceToDevice;
    cuda_check(cudaMemcpyAsync(dst, src, nbytes, k, static_cast<cudaStream_t>(s.handle)), "cudaMemcpyAsync");
  }
  void memset(void* dst, int value, size_t nbytes, const Stream& s) override {
    if (!nbytes) return;
    cuda_check(cudaMemsetAsync(dst, value, nbytes, static_cast<cudaStream_t>(s.handle)), "cudaMemsetAsync");
  }
  void synchronize(const Stream& s) override {
    cuda_check(cudaStreamSynchronize(static_cast<cudaStream_t>(s.handle)), "cudaStreamSynchronize");
  }
  void synchronize_device(int device) override {
    DeviceGuard g(device);
    cuda_check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
  }
  Stream current_stream(int device) override {
    cudaStream_t h = nullptr;
    if (static_cast<size_t>(device) < t_current_streams.size()) h = t_current_streams[device];
    return Stream{h, device, DeviceType::Cuda};
  }
  void set_current_stream(const Stream& s) override {
    if (t_current_streams.size() <= static_cast<size_t>(s.device)) t_current_streams.resize(s.device + 1, nullptr);
    t_current_streams[s.device] = static_cast<cudaStream_t>(s.handle);
  }
};

}  // namespace

Backend* cuda_backend_if_built() {
  static CudaBackend* b = new CudaBackend();
  return b;
}

bool cuda_probe_available() {
  int n = 0;
  cudaError_t err = cudaGetDeviceCount(&n);
  if (err != cudaSuccess) {
    cudaGetLastError();
    return false;
  }
  return n > 0;
}

}  // namespace cupric
