// The default pools (one per backend and device, plus a pinned one), CUPRIC_GPU_MEMORY_LIMIT,
// and the allocator arrays use (Note [Allocator hook] in include/cupric/memory.hpp).
#include <array>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <mutex>
#include <string>
#include <vector>
#include "cupric/error.hpp"
#include "cupric/memory.hpp"

namespace cupric {

size_t parse_memory_limit(const char* text, size_t device_total) {
  if (!text) return 0;
  std::string t(text);
  while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.pop_back();
  size_t i = 0;
  while (i < t.size() && std::isspace(static_cast<unsigned char>(t[i]))) ++i;
  t = t.substr(i);
  if (t.empty()) return 0;
  auto bad = [&]() {
    return ValueError(
        "CUPRIC_GPU_MEMORY_LIMIT must be a number of bytes (\"1073741824\") or a percentage of "
        "the device's memory (\"50%\"); got '" +
        std::string(text) + "'");
  };
  char* end = nullptr;
  errno = 0;
  if (t.back() == '%') {
    double pct = std::strtod(t.c_str(), &end);
    if (end != t.c_str() + t.size() - 1 || errno || !(pct >= 0.0) || pct > 100.0) throw bad();
    return static_cast<size_t>(static_cast<long double>(device_total) * pct / 100.0L);
  }
  if (!std::isdigit(static_cast<unsigned char>(t[0]))) throw bad();
  unsigned long long v = std::strtoull(t.c_str(), &end, 10);
  if (end != t.c_str() + t.size() || errno) throw bad();
  return static_cast<size_t>(v);
}

namespace {
constexpr int kMaxDevices = 64;
// Lock-free lookup for the hot path; the shared_ptrs live in a leaked vector (pools outlive every
// array, including ones freed during interpreter exit).
std::array<std::array<std::atomic<MemoryPool*>, kMaxDevices>, 2> g_pools{};
std::mutex g_pools_mu;

size_t limit_from_env(Backend& b, int device) {
  const char* env = std::getenv("CUPRIC_GPU_MEMORY_LIMIT");
  if (!env || !*env) return 0;
  size_t free_b = 0, total_b = 0;
  if (std::string(env).find('%') != std::string::npos) b.mem_info(device, &free_b, &total_b);
  return parse_memory_limit(env, total_b);
}

struct AllocatorSlot {
  std::atomic<AllocatorMode> mode{AllocatorMode::Pool};
  AllocatorFn fn;  // guarded by g_alloc_mu; copied out before use
};
std::array<AllocatorSlot, 3> g_alloc;  // [Host], [Cuda], [2] = pinned
std::mutex g_alloc_mu;
}  // namespace

namespace {
// The default pool of (b, device), made on first use; never destroyed. A reference, so that the
// allocation hot path touches no reference count.
MemoryPool& default_pool_ref(Backend& b, int device) {
  int t = static_cast<int>(b.type());
  if (device < 0 || device >= kMaxDevices) throw ValueError("invalid device id " + std::to_string(device));
  if (MemoryPool* p = g_pools[t][device].load(std::memory_order_acquire)) [[likely]]
    return *p;
  std::lock_guard<std::mutex> lk(g_pools_mu);
  if (MemoryPool* p = g_pools[t][device].load(std::memory_order_acquire)) return *p;
  static auto* keep = new std::vector<std::shared_ptr<MemoryPool>>();
  auto pool = std::make_shared<MemoryPool>(&b, device);
  pool->set_limit(limit_from_env(b, device));
  keep->push_back(pool);
  g_pools[t][device].store(pool.get(), std::memory_order_release);
  return *pool;
}
}  // namespace

std::shared_ptr<MemoryPool> default_pool(Backend& b, int device) {
  return default_pool_ref(b, device).shared_from_this();
}

std::shared_ptr<MemoryPool> default_pinned_pool(Backend& b) {
  static std::mutex mu;
  static auto* pools = new std::array<std::shared_ptr<MemoryPool>, 2>();
  std::lock_guard<std::mutex> lk(mu);
  auto& p = (*pools)[static_cast<int>(b.type())];
  if (!p) p = std::make_shared<MemoryPool>(&b, -1, MemoryKind::PinnedHost);
  return p;
}

void set_allocator(DeviceType t, AllocatorMode mode, AllocatorFn fn) {
  if (mode == AllocatorMode::Custom && !fn) throw ValueError("a custom allocator needs a function");
  std::lock_guard<std::mutex> lk(g_alloc_mu);
  g_alloc[static_cast<int>(t)].fn = std::move(fn);
  g_alloc[static_cast<int>(t)].mode.store(mode);
}
AllocatorMode allocator_mode(DeviceType t) { return g_alloc[static_cast<int>(t)].mode.load(); }

void set_pinned_allocator(AllocatorMode mode, AllocatorFn fn) {
  if (mode == AllocatorMode::Custom && !fn) throw ValueError("a custom allocator needs a function");
  std::lock_guard<std::mutex> lk(g_alloc_mu);
  g_alloc[2].fn = std::move(fn);
  g_alloc[2].mode.store(mode);
}
AllocatorMode pinned_allocator_mode() { return g_alloc[2].mode.load(); }

namespace {
// using_allocator's per-thread override, per backend kind (null: none).
thread_local std::shared_ptr<ThreadAllocator> t_alloc[2];
}  // namespace

std::shared_ptr<ThreadAllocator> exchange_thread_allocator(DeviceType t, std::shared_ptr<ThreadAllocator> a) {
  if (a && a->mode == AllocatorMode::Custom && !a->fn) throw ValueError("a custom allocator needs a function");
  std::swap(t_alloc[static_cast<int>(t)], a);
  return a;
}

std::shared_ptr<ThreadAllocator> thread_allocator(DeviceType t) { return t_alloc[static_cast<int>(t)]; }

std::shared_ptr<Memory> allocate(Backend& b, size_t nbytes) {
  int device = b.current_device();
  if (const auto& ta = t_alloc[static_cast<int>(b.type())]) [[unlikely]] {
    switch (ta->mode) {
      case AllocatorMode::Pool: return default_pool_ref(b, device).malloc(nbytes);
      case AllocatorMode::Raw: return Memory::raw(b, nbytes, device);
      case AllocatorMode::Custom: {
        AllocatorFn fn = ta->fn;  // a copy: the function may change this thread's allocator
        return fn(b, device, nbytes);
      }
    }
  }
  AllocatorSlot& slot = g_alloc[static_cast<int>(b.type())];
  switch (slot.mode.load(std::memory_order_relaxed)) {
    case AllocatorMode::Pool: return default_pool_ref(b, device).malloc(nbytes);
    case AllocatorMode::Raw: return Memory::raw(b, nbytes, device);
    case AllocatorMode::Custom: {
      AllocatorFn fn;
      {
        std::lock_guard<std::mutex> lk(g_alloc_mu);
        fn = slot.fn;
      }
      return fn(b, device, nbytes);
    }
  }
  return nullptr;
}

std::shared_ptr<Memory> allocate_pinned(Backend& b, size_t nbytes) {
  switch (g_alloc[2].mode.load(std::memory_order_relaxed)) {
    case AllocatorMode::Pool: return default_pinned_pool(b)->malloc(nbytes);
    case AllocatorMode::Raw: return Memory::raw(b, nbytes, -1, true);
    case AllocatorMode::Custom: {
      AllocatorFn fn;
      {
        std::lock_guard<std::mutex> lk(g_alloc_mu);
        fn = g_alloc[2].fn;
      }
      return fn(b, -1, nbytes);
    }
  }
  return nullptr;
}

}  // namespace cupric
