// The caching device allocator (see include/cupric/memory.hpp).
// This first version caches blocks by exact rounded size; the CUDA-runtime issue grows it into
// best-fit with split/merge and per-stream reuse without changing the interface.
#include "cupric/memory.hpp"
#include <array>
#include "cupric/error.hpp"

namespace cupric {

namespace {
std::function<void()>& oom_hook() {
  static std::function<void()> h;
  return h;
}
}  // namespace

void MemoryPool::set_oom_hook(std::function<void()> hook) { oom_hook() = std::move(hook); }

std::shared_ptr<Memory> Memory::unowned(void* ptr, size_t size, int device, Backend* backend,
                                        std::shared_ptr<void> owner) {
  auto m = std::make_shared<Memory>(ptr, size, device, backend, nullptr);
  m->owner_ = std::move(owner);
  return m;
}

Memory::~Memory() {
  if (pool_ && size_ > 0) pool_->free(ptr_, size_);
}

MemoryPool::~MemoryPool() {
  // Process exit: the backend may already be torn down (the CUDA driver unloads first), so
  // cached blocks are left to the OS.
}

void* MemoryPool::try_alloc(size_t rounded) {
  auto it = free_.find(rounded);
  if (it != free_.end() && !it->second.empty()) {
    void* p = it->second.back();
    it->second.pop_back();
    --free_blocks_;
    return p;
  }
  if (limit_ && total_ + rounded > limit_) return nullptr;
  void* p = backend_->raw_alloc(rounded, device_);
  if (p) total_ += rounded;
  return p;
}

std::shared_ptr<Memory> MemoryPool::malloc(size_t nbytes) {
  if (nbytes == 0) return std::make_shared<Memory>(nullptr, 0, device_, backend_, nullptr);
  size_t rounded = round_size(nbytes);
  void* p = nullptr;
  {
    std::lock_guard<std::mutex> lk(mu_);
    p = try_alloc(rounded);
    if (!p) {
      free_all_blocks_locked();
      p = try_alloc(rounded);
    }
  }
  if (!p && oom_hook()) {
    oom_hook()();  // may free arrays (garbage collection): must run without the lock
    std::lock_guard<std::mutex> lk(mu_);
    free_all_blocks_locked();
    p = try_alloc(rounded);
  }
  if (!p) {
    std::lock_guard<std::mutex> lk(mu_);
    std::string detail;
    if (limit_ && total_ + rounded > limit_) detail = "the pool's limit is " + std::to_string(limit_) + " bytes";
    throw OutOfMemoryError(nbytes, total_, used_, detail);
  }
  std::lock_guard<std::mutex> lk(mu_);
  used_ += rounded;
  return std::make_shared<Memory>(p, rounded, device_, backend_, shared_from_this());
}

void MemoryPool::free(void* ptr, size_t rounded) {
  std::lock_guard<std::mutex> lk(mu_);
  free_[rounded].push_back(ptr);
  ++free_blocks_;
  used_ -= rounded;
}

size_t MemoryPool::used_bytes() const { std::lock_guard<std::mutex> lk(mu_); return used_; }
size_t MemoryPool::total_bytes() const { std::lock_guard<std::mutex> lk(mu_); return total_; }
size_t MemoryPool::free_bytes() const { std::lock_guard<std::mutex> lk(mu_); return total_ - used_; }
size_t MemoryPool::n_free_blocks() const { std::lock_guard<std::mutex> lk(mu_); return free_blocks_; }
void MemoryPool::set_limit(size_t bytes) { std::lock_guard<std::mutex> lk(mu_); limit_ = bytes; }
size_t MemoryPool::get_limit() const { std::lock_guard<std::mutex> lk(mu_); return limit_; }

void MemoryPool::free_all_blocks() {
  std::lock_guard<std::mutex> lk(mu_);
  free_all_blocks_locked();
}

void MemoryPool::free_all_blocks_locked() {
  for (auto& [size, blocks] : free_) {
    for (void* p : blocks) {
      backend_->raw_free(p, device_);
      total_ -= size;
    }
    blocks.clear();
  }
  free_.clear();
  free_blocks_ = 0;
}

std::shared_ptr<MemoryPool> default_pool(Backend& b, int device) {
  static std::mutex mu;
  // Leaked on purpose: pools outlive every array, including ones freed during interpreter exit.
  static auto* pools = new std::array<std::vector<std::shared_ptr<MemoryPool>>, 2>();
  auto& v = (*pools)[static_cast<int>(b.type())];
  std::lock_guard<std::mutex> lk(mu);
  if (device < 0) throw ValueError("invalid device id " + std::to_string(device));
  if (v.size() <= static_cast<size_t>(device)) v.resize(device + 1);
  if (!v[device]) v[device] = std::make_shared<MemoryPool>(&b, device);
  return v[device];
}

std::shared_ptr<Memory> allocate(Backend& b, size_t nbytes) {
  return default_pool(b, b.current_device())->malloc(nbytes);
}

}  // namespace cupric
