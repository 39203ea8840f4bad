// The runtime Backend interface (device, stream, memory, copy, sync) and how cupric picks one.
// Two implementations: host (src/runtime/host, always built) and CUDA (src/runtime/cuda, built
// when nvcc is found). Everything above this layer talks to a Backend, never to CUDA directly.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

namespace cupric {

enum class DeviceType : uint8_t { Host = 0, Cuda = 1 };

// A stream handle: for CUDA a cudaStream_t (nullptr = the legacy default stream); the host
// backend runs everything synchronously and ignores it.
struct Stream {
  void* handle = nullptr;
  int device = 0;
  DeviceType type = DeviceType::Host;
};

enum class CopyKind : uint8_t { HostToDevice, DeviceToHost, DeviceToDevice, HostToHost };

class Backend {
 public:
  virtual ~Backend() = default;
  virtual DeviceType type() const = 0;
  virtual const char* name() const = 0;
  virtual int device_count() = 0;
  virtual int current_device() = 0;
  virtual void set_device(int device) = 0;
  // Raw allocation; returns nullptr when the device is out of memory (the pool then frees
  // cached blocks and retries). Other failures throw.
  virtual void* raw_alloc(size_t nbytes, int device) = 0;
  virtual void raw_free(void* p, int device) = 0;
  // Stream-ordered copy; `src_host_pageable` copies from pageable memory complete before return.
  virtual void copy(void* dst, const void* src, size_t nbytes, CopyKind kind, const Stream& s) = 0;
  virtual void memset(void* dst, int value, size_t nbytes, const Stream& s) = 0;
  // Stream-ordered fill of `count` elements of `width` bytes (2 or 4; dst aligned to width) with
  // the low `width` bytes of `pattern` (CUDA: cuMemsetD16/D32Async, cheaper than a kernel
  // launch). False when the backend has no such call; the caller then runs its fill loop.
  virtual bool memset_pattern(void* dst, uint32_t pattern, int width, size_t count, const Stream& s) {
    (void)dst, (void)pattern, (void)width, (void)count, (void)s;
    return false;
  }
  virtual void synchronize(const Stream& s) = 0;
  virtual void synchronize_device(int device) = 0;
  // The stream the current thread uses on `device` (Note [Current stream] in cuda_backend.cpp).
  virtual Stream current_stream(int device) = 0;
  virtual void set_current_stream(const Stream& s) = 0;

  // Free and total bytes of `device` (the host backend reports the machine's RAM).
  virtual void mem_info(int device, size_t* free_bytes, size_t* total_bytes) = 0;
  // Page-locked host memory for fast, asynchronous transfers; nullptr when out of memory.
  // The host backend hands out ordinary memory.
  virtual void* raw_alloc_pinned(size_t nbytes) = 0;
  virtual void raw_free_pinned(void* p) = 0;
  // True when `p` is page-locked host memory known to the driver (host backend: false).
  virtual bool is_pinned(const void* p) = 0;

  // Streams and events (Note [Host streams] in host_backend.cpp: the host backend accepts them
  // and runs everything synchronously). Handles are opaque; a null stream handle is the legacy
  // default stream, kPerThreadStream the per-thread default stream.
  virtual void* stream_create(int device, bool non_blocking, int priority) = 0;
  virtual void stream_destroy(void* handle, int device) = 0;
  virtual bool stream_query(const Stream& s) = 0;  // true when all work is done
  // `waiter` waits on the device (no host sync) for the work enqueued on `waitee` so far.
  virtual void stream_wait_stream(const Stream& waiter, const Stream& waitee) = 0;
  // Runs fn(arg) on a driver thread once the work enqueued so far is done (host: right away).
  virtual void launch_host_func(const Stream& s, void (*fn)(void*), void* arg) = 0;
  virtual void stream_priority_range(int* least, int* greatest) = 0;
  virtual void* event_create(int device, bool blocking, bool disable_timing, bool interprocess) = 0;
  virtual void event_destroy(void* e, int device) = 0;
  virtual void event_record(void* e, const Stream& s) = 0;
  virtual bool event_query(void* e) = 0;
  virtual void event_synchronize(void* e) = 0;
  virtual float event_elapsed_ms(void* start, void* end) = 0;
  virtual void stream_wait_event(const Stream& s, void* e) = 0;

  // Stream-ordered allocation (cudaMallocAsync / cudaFreeAsync) from the device's current
  // memory pool; nullptr when out of memory. The host backend allocates at once and counts.
  virtual bool async_alloc_supported(int device) = 0;
  virtual void* raw_alloc_async(size_t nbytes, const Stream& s) = 0;
  virtual void raw_free_async(void* p, const Stream& s) = 0;
  // Bytes in use and reserved by the device's current stream-ordered pool; trim releases the
  // unused reserve down to `keep` bytes.
  virtual void async_pool_stats(int device, size_t* used, size_t* reserved) = 0;
  virtual void async_pool_trim(int device, size_t keep) = 0;

  // CUDA graphs (Note [Graph capture] in src/runtime/graph.cpp). `mode` is CUDA's
  // cudaStreamCaptureMode (0 global, 1 thread-local, 2 relaxed). end_capture returns an
  // instantiated, launchable graph (cudaGraphExec_t). The host backend cannot capture: it throws.
  virtual void stream_begin_capture(const Stream& s, int mode) = 0;
  virtual void* stream_end_capture(const Stream& s) = 0;
  virtual bool stream_is_capturing(const Stream& s) = 0;
  virtual void graph_launch(void* exec, const Stream& s) = 0;
  virtual void graph_upload(void* exec, const Stream& s) = 0;
  virtual void graph_destroy(void* exec) = 0;
};

// cudaStreamPerThread's handle value (the per-thread default stream).
inline void* const kPerThreadStream = reinterpret_cast<void*>(uintptr_t{2});

// The stream a thread uses before it makes one current: the legacy default stream (nullptr), or
// the per-thread default stream when CUPRIC_CUDA_PER_THREAD_DEFAULT_STREAM=1 (CuPy's
// CUPY_CUDA_PER_THREAD_DEFAULT_STREAM). Read once per process.
void* default_stream_handle();

Backend& host_backend();
// nullptr when cupric was built without CUDA.
Backend* cuda_backend_if_built();
// True when the CUDA backend is built, a driver is present and at least one device is visible.
// Never throws; the answer is cached (V14-AVAILABLE).
bool cuda_is_available();
// The backend new arrays go to: CUPRIC_BACKEND=cuda|host|auto (auto: cuda when available).
// Throws RuntimeError when cuda is asked for and not available.
Backend& default_backend();
Backend& backend_for(DeviceType t);
// Overrides the default backend for this process (tests; the C++ API).
void set_default_backend(DeviceType t);

}  // namespace cupric
