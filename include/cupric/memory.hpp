// Device memory: the Memory block an array owns (shared by its views) and the pooled allocator
// behind it. The pool keeps CuPy's accounting (512-byte rounding, used/total/free bytes, limits,
// free_all_blocks, OOM retry) on every backend, so its semantics are tested without a GPU.
// Note [Memory pool] in src/memory/pool.cpp explains the design (DESIGN.md decision 7).
#pragma once
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>
#include <memory>
#include <string>
#include "cupric/runtime/backend.hpp"

namespace cupric {

class MemoryPool;

// What a Memory is (CuPy's BaseMemory subclasses): taken from a MemoryPool (PooledMemory),
// straight from the backend (Memory), someone else's (UnownedMemory), or stream-ordered from
// cudaMallocAsync (MemoryAsync); Managed (cudaMallocManaged) and System (the system allocator)
// are owned memory made by cupric/runtime/managed_memory.hpp.
enum class MemoryOrigin : uint8_t { Pooled, Raw, Unowned, Async, Managed, System };

// One allocation. Freed (returned to its pool) when the last array using it goes away.
class Memory {
 public:
  Memory(void* ptr, size_t size, int device, Backend* backend, std::shared_ptr<MemoryPool> pool, void* block = nullptr)
      : ptr_(ptr), size_(size), device_(device), backend_(backend), pool_(std::move(pool)), block_(block) {}
  // Wraps memory someone else owns (UnownedMemory, a user allocator); `owner` keeps it alive.
  // `kind` tells what the owner is (Unowned, or Managed/System when the owner frees it).
  static std::shared_ptr<Memory> unowned(void* ptr, size_t size, int device, Backend* backend,
                                         std::shared_ptr<void> owner = nullptr,
                                         MemoryOrigin kind = MemoryOrigin::Unowned);
  // Memory taken straight from the backend and given back to it on release (no pool).
  static std::shared_ptr<Memory> raw(Backend& b, size_t nbytes, int device, bool pinned = false);
  ~Memory();
  MemoryOrigin kind() const {
    return pool_ ? MemoryOrigin::Pooled : raw_ ? MemoryOrigin::Raw : async_ ? MemoryOrigin::Async : owned_kind_;
  }
  // Gives pooled or raw memory back now (CuPy's PooledMemory.free()); ptr() is null afterwards.
  // Whoever still uses the old pointer is on their own, as in CuPy.
  void free();
  Memory(const Memory&) = delete;
  Memory& operator=(const Memory&) = delete;

  void* ptr() const { return ptr_; }
  size_t size() const { return size_; }
  int device() const { return device_; }
  Backend* backend() const { return backend_; }
  DeviceType device_type() const { return backend_->type(); }
  bool pinned_host() const { return pinned_; }

 private:
  friend class MemoryPool;
  void* ptr_;
  size_t size_;
  int device_;
  Backend* backend_;
  std::shared_ptr<MemoryPool> pool_;  // null for unowned and raw memory
  void* block_;                       // the pool's bookkeeping for this allocation
  std::shared_ptr<void> owner_;
  bool raw_ = false, pinned_ = false, async_ = false;
  MemoryOrigin owned_kind_ = MemoryOrigin::Unowned;
  friend class AsyncMemoryPool;
};

// A pointer into a Memory, with an offset (CuPy's MemoryPointer). Copies and memsets are
// stream-ordered on `s`; the plain forms run on the current stream and wait for it. Sizes are
// checked against the memory's size (ValueError), so a bad call changes nothing.
class MemoryPointer {
 public:
  MemoryPointer() = default;
  explicit MemoryPointer(std::shared_ptr<Memory> mem, int64_t offset = 0);
  const std::shared_ptr<Memory>& mem() const { return mem_; }
  int64_t offset() const { return offset_; }
  void* get() const { return mem_ && mem_->ptr() ? static_cast<char*>(mem_->ptr()) + offset_ : nullptr; }
  uintptr_t ptr() const { return reinterpret_cast<uintptr_t>(get()); }
  int device() const { return mem_ ? mem_->device() : -1; }
  // Bytes from this pointer to the end of its memory.
  size_t remaining() const { return mem_ ? mem_->size() - static_cast<size_t>(offset_) : 0; }
  MemoryPointer operator+(int64_t delta) const { return MemoryPointer(mem_, offset_ + delta); }

  void copy_from_device_async(const MemoryPointer& src, size_t n, const Stream& s);
  void copy_from_host_async(const void* src, size_t n, const Stream& s);
  void copy_to_host_async(void* dst, size_t n, const Stream& s) const;
  void memset_async(int value, size_t n, const Stream& s);
  void copy_from_device(const MemoryPointer& src, size_t n);
  void copy_from_host(const void* src, size_t n);
  void copy_to_host(void* dst, size_t n) const;
  void memset(int value, size_t n);

 private:
  void check(size_t n, const char* what) const;
  Stream current() const;
  std::shared_ptr<Memory> mem_;
  int64_t offset_ = 0;
};

enum class MemoryKind : uint8_t { Device, PinnedHost };

// A caching allocator for one backend and device (or for pinned host memory).
// Note [Pool rounding]: like CuPy, sizes round up to a multiple of 512 bytes; a zero-byte
// request takes no memory and gives a Memory with a null pointer.
class MemoryPool : public std::enable_shared_from_this<MemoryPool> {
 public:
  static constexpr size_t kRound = 512;
  // Requests up to this size are "small": served only from segments made for small requests.
  static constexpr size_t kSmallSize = size_t{1} << 20;
  // Note [Upstream allocator] in src/memory/pool.cpp: where a pool's segments come from when
  // not from the backend (CuPy's MemoryPool(allocator)): a Memory of at least `nbytes` bytes,
  // kept while the segment is cached and let go by free_all_blocks; nullptr when out of memory.
  using UpstreamFn = std::function<std::shared_ptr<Memory>(size_t nbytes)>;
  MemoryPool(Backend* backend, int device, MemoryKind kind = MemoryKind::Device, UpstreamFn upstream = nullptr);
  ~MemoryPool();
  MemoryPool(const MemoryPool&) = delete;
  MemoryPool& operator=(const MemoryPool&) = delete;

  // Allocates on the thread's current stream of this pool's device, or on `s`.
  std::shared_ptr<Memory> malloc(size_t nbytes);
  std::shared_ptr<Memory> malloc(size_t nbytes, const Stream& s);
  void free_block(void* block);  // called by ~Memory

  size_t used_bytes() const;
  size_t total_bytes() const;
  size_t free_bytes() const;
  size_t n_free_blocks() const;
  size_t n_segments() const;
  // Returns to the backend every segment whose pieces are all free (only pieces freed on `s`,
  // when given).
  void free_all_blocks();
  void free_all_blocks(const Stream& s);
  // Limit on total_bytes(); 0 = none. Lowering it below total_bytes() frees nothing by itself.
  void set_limit(size_t bytes);
  size_t get_limit() const;

  // `s` is about to be destroyed: it is synchronized and its free pieces become reusable by any
  // stream (Note [Stream retirement]). Called by StreamObject for every pool of its backend.
  void retire_stream(const Stream& s);
  // Checks the pool's bookkeeping (blocks tile each segment, counters match); "" when
  // consistent, else what is wrong. For tests.
  std::string check_consistency() const;
  void unretire_stream(const Stream& s);

  Backend* backend() const { return backend_; }
  int device() const { return device_; }
  MemoryKind kind() const { return kind_; }
  bool has_upstream() const { return static_cast<bool>(upstream_); }
  static size_t round_size(size_t n) { return (n + kRound - 1) / kRound * kRound; }

  // Called on OOM before the last retry (the Python layer hooks gc.collect() here).
  static void set_oom_hook(std::function<void()> hook);
  static void run_oom_hook();

 private:
  struct Impl;
  void release_locked(Impl& m, const uintptr_t* only_stream);
  Backend* backend_;
  int device_;
  MemoryKind kind_;
  UpstreamFn upstream_;
  std::unique_ptr<Impl> impl_;
};

// The pool new arrays on `device` of backend `b` use (one per backend and device), and the
// pinned host pool of a backend. Their limits start from CUPRIC_GPU_MEMORY_LIMIT.
std::shared_ptr<MemoryPool> default_pool(Backend& b, int device);
std::shared_ptr<MemoryPool> default_pinned_pool(Backend& b);
// Calls f on every live pool of backend `b` (retirement of streams, tests).
void for_each_pool(Backend& b, const std::function<void(MemoryPool&)>& f);

// Note [Allocator hook]: how allocate() gets memory — the default pool of the device (the
// default), straight from the backend (set_allocator(None)), or a user function (Python's
// set_allocator(callable)). Per backend kind, process-wide.
using AllocatorFn = std::function<std::shared_ptr<Memory>(Backend& b, int device, size_t nbytes)>;
enum class AllocatorMode : uint8_t { Pool, Raw, Custom };
void set_allocator(DeviceType t, AllocatorMode mode, AllocatorFn fn = nullptr);
AllocatorMode allocator_mode(DeviceType t);
void set_pinned_allocator(AllocatorMode mode, AllocatorFn fn = nullptr);  // fn's device is -1
AllocatorMode pinned_allocator_mode();

// using_allocator: an allocator for the calling thread only, over the process-wide one (CuPy's
// using_allocator is thread-local). exchange_thread_allocator installs `a` (nullptr: none) for
// backend kind `t` on this thread and returns the previous one.
struct ThreadAllocator {
  AllocatorMode mode;
  AllocatorFn fn;
};
std::shared_ptr<ThreadAllocator> exchange_thread_allocator(DeviceType t, std::shared_ptr<ThreadAllocator> a);
std::shared_ptr<ThreadAllocator> thread_allocator(DeviceType t);

// Stream-ordered allocation (CuPy's MemoryAsyncPool): cudaMallocAsync on the current (or given)
// stream from the device's current CUDA memory pool; the memory is freed with cudaFreeAsync on
// the stream it was allocated on. used/total bytes are the CUDA pool's (shared by every user of
// it); the limit caps the bytes this object has handed out and not yet freed. On OOM: garbage
// collection (the OOM hook), a trim, a retry, then OutOfMemoryError.
class AsyncMemoryPool : public std::enable_shared_from_this<AsyncMemoryPool> {
 public:
  explicit AsyncMemoryPool(Backend* b) : b_(b) {}
  std::shared_ptr<Memory> malloc(size_t nbytes);
  std::shared_ptr<Memory> malloc(size_t nbytes, const Stream& s);
  size_t used_bytes(int device) const;
  size_t total_bytes(int device) const;
  size_t free_bytes(int device) const {
    return total_bytes(device) - std::min(used_bytes(device), total_bytes(device));
  }
  // Waits for `s` (or the whole device) and returns the pool's unused reserve to the driver.
  void free_all_blocks(int device, const Stream* s = nullptr);
  void set_limit(size_t bytes) { limit_ = bytes; }
  size_t get_limit() const { return limit_; }
  size_t handed_out() const { return handed_out_; }
  Backend* backend() const { return b_; }

 private:
  Backend* b_;
  std::atomic<size_t> limit_{0}, handed_out_{0};
};

// A stream is about to be destroyed / was created (StreamObject): stream-ordered allocations
// made on it are waited for and later freed on the legacy stream (Note [Async frees and dead
// streams] in src/memory/pointer.cpp).
void async_stream_retiring(Backend& b, const Stream& s);
void async_stream_created(const Stream& s);

// Note [Graph capture] (src/runtime/graph.cpp): streams that capture through cupric are
// registered so that the pools keep every block the captured work may touch until the graph is
// destroyed. capture_begin/capture_end are called by begin_capture/end_capture; capture_end
// returns the memory to keep alive. capture_active() is one relaxed atomic load.
void capture_begin(const Stream& s);
std::vector<std::shared_ptr<Memory>> capture_end(const Stream& s);
bool capture_active();
bool capture_has(const Stream& s);

// Allocates on the backend's current device through the allocator in use.
std::shared_ptr<Memory> allocate(Backend& b, size_t nbytes);
// Page-locked host memory through the pinned allocator in use.
std::shared_ptr<Memory> allocate_pinned(Backend& b, size_t nbytes);

// The byte count CUPRIC_GPU_MEMORY_LIMIT asks for on a device of `device_total` bytes:
// "1073741824" (bytes) or "50%" (of the device); 0 when unset. Throws ValueError when malformed.
size_t parse_memory_limit(const char* text, size_t device_total);

}  // namespace cupric
