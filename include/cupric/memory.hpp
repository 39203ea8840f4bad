// Device memory: the Memory block an array owns (shared by its views) and the pooled allocator
// behind it. The pool keeps CuPy's accounting (512-byte rounding, used/total/free bytes, limits,
// free_all_blocks, OOM retry) on every backend, so its semantics are tested without a GPU.
// Note [Memory pool] in src/memory/pool.cpp explains the design (DESIGN.md decision 7).
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include "cupric/runtime/backend.hpp"

namespace cupric {

class MemoryPool;

// One allocation. Freed (returned to its pool) when the last array using it goes away.
class Memory {
 public:
  Memory(void* ptr, size_t size, int device, Backend* backend, std::shared_ptr<MemoryPool> pool,
         void* block = nullptr)
      : ptr_(ptr), size_(size), device_(device), backend_(backend), pool_(std::move(pool)), block_(block) {}
  // Wraps memory someone else owns (UnownedMemory, a user allocator); `owner` keeps it alive.
  static std::shared_ptr<Memory> unowned(void* ptr, size_t size, int device, Backend* backend,
                                         std::shared_ptr<void> owner = nullptr);
  // Memory taken straight from the backend and given back to it on release (no pool).
  static std::shared_ptr<Memory> raw(Backend& b, size_t nbytes, int device, bool pinned = false);
  ~Memory();
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
  bool raw_ = false, pinned_ = false;
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
  MemoryPool(Backend* backend, int device, MemoryKind kind = MemoryKind::Device);
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
  static size_t round_size(size_t n) { return (n + kRound - 1) / kRound * kRound; }

  // Called on OOM before the last retry (the Python layer hooks gc.collect() here).
  static void set_oom_hook(std::function<void()> hook);

 private:
  struct Impl;
  void release_locked(Impl& m, const uintptr_t* only_stream);
  Backend* backend_;
  int device_;
  MemoryKind kind_;
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

// Allocates on the backend's current device through the allocator in use.
std::shared_ptr<Memory> allocate(Backend& b, size_t nbytes);
// Page-locked host memory through the pinned allocator in use.
std::shared_ptr<Memory> allocate_pinned(Backend& b, size_t nbytes);

// The byte count CUPRIC_GPU_MEMORY_LIMIT asks for on a device of `device_total` bytes:
// "1073741824" (bytes) or "50%" (of the device); 0 when unset. Throws ValueError when malformed.
size_t parse_memory_limit(const char* text, size_t device_total);

}  // namespace cupric
