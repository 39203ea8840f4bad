// The host backend: "device" memory is ordinary aligned host memory and every operation runs
// synchronously on the calling thread. It exists so that all of cupric runs and is tested on
// machines without a GPU (DESIGN.md decision 4).
//
// Note [Host streams]: streams and events are accepted so that code written for the GPU (and
// cupric.cuda's API) runs unchanged: a stream is a distinct handle with a per-thread current
// stream like CUDA's, but work runs at once, so every stream is always done, synchronize returns
// at once, launch_host_func calls the function right away, and an event records the wall-clock
// time at which it was recorded (get_elapsed_time measures host time between records).
#include <unistd.h>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <unordered_map>
#include "cupric/error.hpp"
#include "cupric/runtime/backend.hpp"

namespace cupric {
namespace {

struct HostEvent {
  std::chrono::steady_clock::time_point t;
  bool recorded = false;
  bool timing = true;
};

// One device; the initial stream is the default stream (legacy, or per-thread by the env).
thread_local void* t_current_stream = default_stream_handle();

// Stream-ordered allocations of the host backend: allocated at once, counted so that
// MemoryAsyncPool's used/total bytes work as on the GPU (no cached reserve: reserved == used).
struct AsyncCounts {
  std::mutex mu;
  std::unordered_map<void*, size_t> sizes;
  size_t used = 0;
};
AsyncCounts& async_counts() {
  static auto* c = new AsyncCounts();
  return *c;
}

class HostBackend final : public Backend {
 public:
  DeviceType type() const override { return DeviceType::Host; }
  const char* name() const override { return "host"; }
  int device_count() override { return 1; }
  int current_device() override { return 0; }
  void set_device(int device) override { check_device(device); }
  void* raw_alloc(size_t nbytes, int) override {
    // 256-byte alignment like cudaMalloc, so alignment-dependent paths behave the same.
    return std::aligned_alloc(256, (nbytes + 255) / 256 * 256);
  }
  void raw_free(void* p, int) override { std::free(p); }
  void copy(void* dst, const void* src, size_t nbytes, CopyKind, const Stream&) override {
    if (nbytes) std::memmove(dst, src, nbytes);
  }
  void memset(void* dst, int value, size_t nbytes, const Stream&) override {
    if (nbytes) std::memset(dst, value, nbytes);
  }
  void synchronize(const Stream&) override {}
  void synchronize_device(int) override {}
  Stream current_stream(int device) override { return Stream{t_current_stream, device, DeviceType::Host}; }
  void set_current_stream(const Stream& s) override {
    check_device(s.device);
    t_current_stream = s.handle;
  }

  void mem_info(int device, size_t* free_bytes, size_t* total_bytes) override {
    check_device(device);
    size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    *total_bytes = static_cast<size_t>(sysconf(_SC_PHYS_PAGES)) * page;
    *free_bytes = static_cast<size_t>(sysconf(_SC_AVPHYS_PAGES)) * page;
  }
  void* raw_alloc_pinned(size_t nbytes) override { return std::aligned_alloc(256, (nbytes + 255) / 256 * 256); }
  void raw_free_pinned(void* p) override { std::free(p); }
  bool is_pinned(const void*) override { return false; }

  void* stream_create(int device, bool, int) override {
    check_device(device);
    return new char;  // a distinct handle (Note [Host streams])
  }
  void stream_destroy(void* handle, int) override {
    if (handle && handle != kPerThreadStream && handle != reinterpret_cast<void*>(uintptr_t{1}))
      delete static_cast<char*>(handle);
  }
  bool stream_query(const Stream&) override { return true; }
  void stream_wait_stream(const Stream&, const Stream&) override {}
  void launch_host_func(const Stream&, void (*fn)(void*), void* arg) override { fn(arg); }
  void stream_priority_range(int* least, int* greatest) override {
    *least = 0;
    *greatest = 0;
  }
  void* event_create(int device, bool, bool disable_timing, bool) override {
    check_device(device);
    auto* e = new HostEvent;
    e->timing = !disable_timing;
    return e;
  }
  void event_destroy(void* e, int) override { delete static_cast<HostEvent*>(e); }
  void event_record(void* e, const Stream&) override {
    auto* ev = static_cast<HostEvent*>(e);
    ev->t = std::chrono::steady_clock::now();
    ev->recorded = true;
  }
  bool event_query(void*) override { return true; }
  void event_synchronize(void*) override {}
  float event_elapsed_ms(void* start, void* end) override {
    auto *a = static_cast<HostEvent*>(start), *b = static_cast<HostEvent*>(end);
    if (!a->timing || !b->timing)
      throw CudaError(400, "cudaErrorInvalidResourceHandle: an event created with disable_timing=True cannot be timed");
    if (!a->recorded || !b->recorded)
      throw CudaError(400, "cudaErrorInvalidResourceHandle: both events must be recorded before get_elapsed_time");
    return std::chrono::duration<float, std::milli>(b->t - a->t).count();
  }
  void stream_wait_event(const Stream&, void*) override {}

  bool async_alloc_supported(int device) override {
    check_device(device);
    return true;
  }
  void* raw_alloc_async(size_t nbytes, const Stream& s) override {
    void* p = raw_alloc(nbytes, s.device);
    if (!p) return nullptr;
    AsyncCounts& c = async_counts();
    std::lock_guard<std::mutex> lk(c.mu);
    c.sizes[p] = nbytes;
    c.used += nbytes;
    return p;
  }
  void raw_free_async(void* p, const Stream&) override {
    if (!p) return;
    AsyncCounts& c = async_counts();
    {
      std::lock_guard<std::mutex> lk(c.mu);
      auto it = c.sizes.find(p);
      if (it != c.sizes.end()) {
        c.used -= it->second;
        c.sizes.erase(it);
      }
    }
    std::free(p);
  }
  void async_pool_stats(int device, size_t* used, size_t* reserved) override {
    check_device(device);
    AsyncCounts& c = async_counts();
    std::lock_guard<std::mutex> lk(c.mu);
    *used = *reserved = c.used;
  }
  void async_pool_trim(int device, size_t) override { check_device(device); }

  // Note [Graph capture] (src/runtime/graph.cpp): the host backend runs every operation at once,
  // so there is nothing to record; capture is refused with a clear error.
  void stream_begin_capture(const Stream&, int) override {
    throw RuntimeError(
        "CUDA graph capture needs the CUDA backend: the host backend runs each operation at once and "
        "cannot record it (set CUPRIC_BACKEND=cuda on a machine with a GPU)");
  }
  void* stream_end_capture(const Stream&) override {
    throw RuntimeError("the stream is not capturing (the host backend cannot capture CUDA graphs)");
  }
  bool stream_is_capturing(const Stream&) override { return false; }
  void graph_launch(void*, const Stream&) override { throw RuntimeError("the host backend has no CUDA graphs"); }
  void graph_upload(void*, const Stream&) override { throw RuntimeError("the host backend has no CUDA graphs"); }
  void graph_destroy(void*) override {}

 private:
  static void check_device(int device) {
    if (device != 0) throw ValueError("the host backend has one device (0); got " + std::to_string(device));
  }
};

}  // namespace

Backend& host_backend() {
  static HostBackend* b = new HostBackend();  // never destroyed: arrays may outlive statics
  return *b;
}

}  // namespace cupric
