// Device memory: the Memory block an array owns (shared by its views) and the pooled allocator
// behind it. The pool keeps CuPy's accounting (512-byte rounding, used/total/free bytes, limits,
// free_all_blocks, OOM retry) on every backend, so its semantics are tested without a GPU.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>
#include "cupric/runtime/backend.hpp"

namespace cupric {

class MemoryPool;

// One allocation. Freed (returned to its pool) when the last array using it goes away.
class Memory {
 public:
  Memory(void* ptr, size_t size, int device, Backend* backend, std::shared_ptr<MemoryPool> pool)
      : ptr_(ptr), size_(size), device_(device), backend_(backend), pool_(std::move(pool)) {}
  // Wraps memory someone else owns (UnownedMemory); `owner` keeps it alive.
  static std::shared_ptr<Memory> unowned(void* ptr, size_t size, int device, Backend* backend,
                                         std::shared_ptr<void> owner = nullptr);
  ~Memory();
  Memory(const Memory&) = delete;
  Memory& operator=(const Memory&) = delete;

  void* ptr() const { return ptr_; }
  size_t size() const { return size_; }
  int device() const { return device_; }
  Backend* backend() const { return backend_; }
  DeviceType device_type() const { return backend_->type(); }

 private:
  void* ptr_;
  size_t size_;
  int device_;
  Backend* backend_;
  std::shared_ptr<MemoryPool> pool_;  // null for unowned memory
  std::shared_ptr<void> owner_;
};

// A caching allocator for one backend and device.
// Note [Pool rounding]: like CuPy, sizes round up to a multiple of 512 bytes; a zero-byte
// request takes no memory and still gives a valid, unique-enough pointer-less block.
class MemoryPool : public std::enable_shared_from_this<MemoryPool> {
 public:
  static constexpr size_t kRound = 512;
  MemoryPool(Backend* backend, int device) : backend_(backend), device_(device) {}
  ~MemoryPool();

  std::shared_ptr<Memory> malloc(size_t nbytes);
  void free(void* ptr, size_t rounded_size);  // called by ~Memory
  size_t used_bytes() const;
  size_t total_bytes() const;
  size_t free_bytes() const;
  size_t n_free_blocks() const;
  void free_all_blocks();
  void set_limit(size_t bytes);  // 0 = no limit
  size_t get_limit() const;
  Backend* backend() const { return backend_; }
  int device() const { return device_; }
  static size_t round_size(size_t n) { return (n + kRound - 1) / kRound * kRound; }

  // Called on OOM before the retry (the Python layer hooks gc.collect() here).
  static void set_oom_hook(std::function<void()> hook);

 private:
  void* try_alloc(size_t rounded);
  void free_all_blocks_locked();
  Backend* backend_;
  int device_;
  mutable std::mutex mu_;
  std::unordered_map<size_t, std::vector<void*>> free_;  // rounded size -> cached blocks
  size_t used_ = 0, total_ = 0, free_blocks_ = 0, limit_ = 0;
};

// The pool new arrays on `device` of backend `b` use (one per backend and device).
std::shared_ptr<MemoryPool> default_pool(Backend& b, int device);
// Allocates on the default backend's current device through its pool.
std::shared_ptr<Memory> allocate(Backend& b, size_t nbytes);

}  // namespace cupric
