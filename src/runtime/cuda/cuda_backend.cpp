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
#include "runtime/cuda/staged_copy.hpp"

namespace cupric {

void throw_internal_error(const char* what) { throw RuntimeError(std::string("internal error: ") + what); }

void cuda_check(cudaError_t err, const char* what) {
  if (err == cudaSuccess) return;
  cudaGetLastError();  // clear the sticky-free error so the next call starts clean
  throw CudaError(static_cast<int>(err),
                  std::string(cudaGetErrorName(err)) + ": " + cudaGetErrorString(err) + " (in " + what + ")");
}

namespace {

// Note [Current stream]: the current stream is per thread and per device (V10-STREAM-PER-DEVICE):
// a stream made current on device 0 is not used for work on device 1. The Python layer keeps the
// Stream objects (so a current stream is never destroyed: V10-STREAM-THREADS); this keeps only
// handles, for the engine's hot path.
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
    // Note [Graph capture]: the pool may need a new segment while a stream captures; cudaMalloc
    // enqueues nothing, so this thread may call it in relaxed capture mode.
    RelaxedCapture relaxed;
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
    const auto stream = static_cast<cudaStream_t>(s.handle);
    // Note [Staged host transfers]: large pageable copies go through the pinned staging ring.
    if ((kind == CopyKind::HostToDevice || kind == CopyKind::DeviceToHost) &&
        staged_copy(dst, src, nbytes, kind == CopyKind::HostToDevice, stream, s.device))
      return;
    cudaMemcpyKind k = kind == CopyKind::HostToDevice   ? cudaMemcpyHostToDevice
                       : kind == CopyKind::DeviceToHost ? cudaMemcpyDeviceToHost
                       : kind == CopyKind::HostToHost   ? cudaMemcpyHostToHost
                                                        : cudaMemcpyDeviceToDevice;
    cuda_check(cudaMemcpyAsync(dst, src, nbytes, k, stream), "cudaMemcpyAsync");
  }
  void memset(void* dst, int value, size_t nbytes, const Stream& s) override {
    if (!nbytes) return;
    cuda_check(cudaMemsetAsync(dst, value, nbytes, static_cast<cudaStream_t>(s.handle)), "cudaMemsetAsync");
  }
  bool memset_pattern(void* dst, uint32_t pattern, int width, size_t count, const Stream& s) override {
    // Note [Pattern memsets]: cuMemsetD16Async/cuMemsetD32Async through the driver entry point
    // the runtime hands out (no libcuda link). Stream handles mean the same in both APIs (null:
    // legacy default stream, 2: per-thread default stream). The call needs the device's context
    // current on this thread, which any earlier runtime call on it (the array's cudaMalloc, a
    // cudaSetDevice) made; on any failure the caller falls back to its fill kernel.
    using D16 = int (*)(uintptr_t, unsigned short, size_t, void*);
    using D32 = int (*)(uintptr_t, unsigned int, size_t, void*);
    struct Fns {
      D16 d16 = nullptr;
      D32 d32 = nullptr;
    };
    static const Fns fns = [] {
      RelaxedCapture relaxed;  // the first fill may come while a stream captures
      return Fns{reinterpret_cast<D16>(driver_entry_point("cuMemsetD16Async")),
                 reinterpret_cast<D32>(driver_entry_point("cuMemsetD32Async"))};
    }();
    const auto d = reinterpret_cast<uintptr_t>(dst);
    if (width == 4 && fns.d32 && d % 4 == 0) return fns.d32(d, pattern, count, s.handle) == 0;
    if (width == 2 && fns.d16 && d % 2 == 0)
      return fns.d16(d, static_cast<unsigned short>(pattern), count, s.handle) == 0;
    return false;
  }
  void synchronize(const Stream& s) override {
    cuda_check(cudaStreamSynchronize(static_cast<cudaStream_t>(s.handle)), "cudaStreamSynchronize");
  }
  void synchronize_device(int device) override {
    DeviceGuard g(device);
    cuda_check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
  }
  Stream current_stream(int device) override {
    cudaStream_t h = static_cast<cudaStream_t>(default_stream_handle());
    if (static_cast<size_t>(device) < t_current_streams.size()) h = t_current_streams[device];
    return Stream{h, device, DeviceType::Cuda};
  }
  void set_current_stream(const Stream& s) override {
    if (s.device < 0) throw ValueError("invalid device id " + std::to_string(s.device));
    if (t_current_streams.size() <= static_cast<size_t>(s.device))
      t_current_streams.resize(s.device + 1, static_cast<cudaStream_t>(default_stream_handle()));
    t_current_streams[s.device] = static_cast<cudaStream_t>(s.handle);
  }

  void mem_info(int device, size_t* free_bytes, size_t* total_bytes) override {
    DeviceGuard g(device);
    cuda_check(cudaMemGetInfo(free_bytes, total_bytes), "cudaMemGetInfo");
  }
  void* raw_alloc_pinned(size_t nbytes) override {
    void* p = nullptr;
    cudaError_t err = cudaHostAlloc(&p, nbytes, cudaHostAllocPortable);
    if (err == cudaErrorMemoryAllocation) {
      cudaGetLastError();
      return nullptr;
    }
    cuda_check(err, "cudaHostAlloc");
    return p;
  }
  void raw_free_pinned(void* p) override { cuda_check(cudaFreeHost(p), "cudaFreeHost"); }
  bool is_pinned(const void* p) override {
    cudaPointerAttributes attr{};
    if (cudaPointerGetAttributes(&attr, p) != cudaSuccess) {
      cudaGetLastError();
      return false;
    }
    return attr.type == cudaMemoryTypeHost;
  }

  void* stream_create(int device, bool non_blocking, int priority) override {
    DeviceGuard g(device);
    cudaStream_t s = nullptr;
    cuda_check(cudaStreamCreateWithPriority(&s, non_blocking ? cudaStreamNonBlocking : cudaStreamDefault, priority),
               "cudaStreamCreateWithPriority");
    return s;
  }
  void stream_destroy(void* handle, int device) override {
    DeviceGuard g(device);
    cuda_check(cudaStreamDestroy(static_cast<cudaStream_t>(handle)), "cudaStreamDestroy");
  }
  bool stream_query(const Stream& s) override {
    cudaError_t err = cudaStreamQuery(static_cast<cudaStream_t>(s.handle));
    if (err == cudaErrorNotReady) {
      cudaGetLastError();
      return false;
    }
    cuda_check(err, "cudaStreamQuery");
    return true;
  }
  void stream_wait_stream(const Stream& waiter, const Stream& waitee) override {
    if (waiter.handle == waitee.handle && waiter.device == waitee.device) return;
    DeviceGuard g(waitee.device);
    cudaEvent_t e = nullptr;
    cuda_check(cudaEventCreateWithFlags(&e, cudaEventDisableTiming), "cudaEventCreateWithFlags");
    cudaError_t err = cudaEventRecord(e, static_cast<cudaStream_t>(waitee.handle));
    if (err == cudaSuccess) err = cudaStreamWaitEvent(static_cast<cudaStream_t>(waiter.handle), e, 0);
    cudaEventDestroy(e);  // released once the wait is satisfied
    cuda_check(err, "cudaStreamWaitEvent");
  }
  void launch_host_func(const Stream& s, void (*fn)(void*), void* arg) override {
    cuda_check(cudaLaunchHostFunc(static_cast<cudaStream_t>(s.handle), fn, arg), "cudaLaunchHostFunc");
  }
  void stream_priority_range(int* least, int* greatest) override {
    cuda_check(cudaDeviceGetStreamPriorityRange(least, greatest), "cudaDeviceGetStreamPriorityRange");
  }
  void* event_create(int device, bool blocking, bool disable_timing, bool interprocess) override {
    DeviceGuard g(device);
    unsigned flags = (blocking ? cudaEventBlockingSync : 0u) | (disable_timing ? cudaEventDisableTiming : 0u) |
                     (interprocess ? cudaEventInterprocess : 0u);
    cudaEvent_t e = nullptr;
    cuda_check(cudaEventCreateWithFlags(&e, flags), "cudaEventCreateWithFlags");
    return e;
  }
  void event_destroy(void* e, int device) override {
    DeviceGuard g(device);
    cuda_check(cudaEventDestroy(static_cast<cudaEvent_t>(e)), "cudaEventDestroy");
  }
  void event_record(void* e, const Stream& s) override {
    cuda_check(cudaEventRecord(static_cast<cudaEvent_t>(e), static_cast<cudaStream_t>(s.handle)), "cudaEventRecord");
  }
  bool event_query(void* e) override {
    cudaError_t err = cudaEventQuery(static_cast<cudaEvent_t>(e));
    if (err == cudaErrorNotReady) {
      cudaGetLastError();
      return false;
    }
    cuda_check(err, "cudaEventQuery");
    return true;
  }
  void event_synchronize(void* e) override {
    cuda_check(cudaEventSynchronize(static_cast<cudaEvent_t>(e)), "cudaEventSynchronize");
  }
  float event_elapsed_ms(void* start, void* end) override {
    float ms = 0;
    cuda_check(cudaEventElapsedTime(&ms, static_cast<cudaEvent_t>(start), static_cast<cudaEvent_t>(end)),
               "cudaEventElapsedTime");
    return ms;
  }
  void stream_wait_event(const Stream& s, void* e) override {
    cuda_check(cudaStreamWaitEvent(static_cast<cudaStream_t>(s.handle), static_cast<cudaEvent_t>(e), 0),
               "cudaStreamWaitEvent");
  }

  bool async_alloc_supported(int device) override {
    int v = 0;
    if (cudaDeviceGetAttribute(&v, cudaDevAttrMemoryPoolsSupported, device) != cudaSuccess) {
      cudaGetLastError();
      return false;
    }
    return v != 0;
  }
  void* raw_alloc_async(size_t nbytes, const Stream& s) override {
    DeviceGuard g(s.device);
    void* p = nullptr;
    cudaError_t err = cudaMallocAsync(&p, nbytes, static_cast<cudaStream_t>(s.handle));
    if (err == cudaErrorMemoryAllocation) {
      cudaGetLastError();
      return nullptr;
    }
    cuda_check(err, "cudaMallocAsync");
    return p;
  }
  void raw_free_async(void* p, const Stream& s) override {
    DeviceGuard g(s.device);
    cuda_check(cudaFreeAsync(p, static_cast<cudaStream_t>(s.handle)), "cudaFreeAsync");
  }
  void async_pool_stats(int device, size_t* used, size_t* reserved) override {
    cudaMemPool_t pool = nullptr;
    cuda_check(cudaDeviceGetMemPool(&pool, device), "cudaDeviceGetMemPool");
    uint64_t u = 0, r = 0;
    cuda_check(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &u), "cudaMemPoolGetAttribute");
    cuda_check(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReservedMemCurrent, &r), "cudaMemPoolGetAttribute");
    *used = static_cast<size_t>(u);
    *reserved = static_cast<size_t>(r);
  }
  void async_pool_trim(int device, size_t keep) override {
    cudaMemPool_t pool = nullptr;
    cuda_check(cudaDeviceGetMemPool(&pool, device), "cudaDeviceGetMemPool");
    cuda_check(cudaMemPoolTrimTo(pool, keep), "cudaMemPoolTrimTo");
  }

  void stream_begin_capture(const Stream& s, int mode) override {
    if (mode < 0 || mode > 2) throw ValueError("invalid stream capture mode " + std::to_string(mode));
    cuda_check(cudaStreamBeginCapture(static_cast<cudaStream_t>(s.handle), static_cast<cudaStreamCaptureMode>(mode)),
               "cudaStreamBeginCapture");
  }
  void* stream_end_capture(const Stream& s) override {
    cudaGraph_t graph = nullptr;
    cuda_check(cudaStreamEndCapture(static_cast<cudaStream_t>(s.handle), &graph), "cudaStreamEndCapture");
    cudaGraphExec_t exec = nullptr;
    cudaError_t err = cudaGraphInstantiate(&exec, graph, 0);
    cudaGraphDestroy(graph);  // the executable graph does not need it
    cuda_check(err, "cudaGraphInstantiate");
    return exec;
  }
  bool stream_is_capturing(const Stream& s) override {
    cudaStreamCaptureStatus st = cudaStreamCaptureStatusNone;
    cuda_check(cudaStreamIsCapturing(static_cast<cudaStream_t>(s.handle), &st), "cudaStreamIsCapturing");
    return st == cudaStreamCaptureStatusActive;
  }
  void graph_launch(void* exec, const Stream& s) override {
    cuda_check(cudaGraphLaunch(static_cast<cudaGraphExec_t>(exec), static_cast<cudaStream_t>(s.handle)),
               "cudaGraphLaunch");
  }
  void graph_upload(void* exec, const Stream& s) override {
    cuda_check(cudaGraphUpload(static_cast<cudaGraphExec_t>(exec), static_cast<cudaStream_t>(s.handle)),
               "cudaGraphUpload");
  }
  void graph_destroy(void* exec) override { cudaGraphExecDestroy(static_cast<cudaGraphExec_t>(exec)); }
};

}  // namespace

// Registered through runtime/cuda/cuda_info.cpp (runtime/cuda_runtime_fns.hpp).
Backend* cuda_backend_instance() {
  static CudaBackend* b = new CudaBackend();
  return b;
}

bool cuda_backend_usable() {
  int n = 0;
  cudaError_t err = cudaGetDeviceCount(&n);
  if (err != cudaSuccess) {
    cudaGetLastError();
    return false;
  }
  return n > 0;
}

}  // namespace cupric
