// The FFT plan cache: per thread and device, LRU-evicted, bounded in plans and bytes (Note [FFT plan cache]).
#pragma once
#include <cstdint>
#include <functional>
#include <list>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace cupric::fft {

// Note [FFT plan cache]
// Plans (the host's twiddle tables, cuFFT handles with their work areas) are expensive to build
// and cheap to reuse, so each thread keeps one cache per device and backend, as CuPy does
// (cupy.fft.config.get_plan_cache()). Per thread: a plan is bound to a stream and holds a work
// area, so sharing it between threads would need locks on the hot path; CuPy made the same
// choice. Entries are keyed by a string that names everything the plan depends on (kind, length,
// batch and layout, precision) and ordered by use; inserting past the limits evicts the least
// recently used entries. Limits: 16 plans (CuPy's default) and 1 GiB of plan memory (CuPy's is
// unbounded, and users reported caches of gigabytes of cuFFT work areas: docs/fft.md). A plan
// larger than the memory limit is used once and not cached; size 0 disables the cache.
inline constexpr int64_t kDefaultPlanCacheSize = 16;
inline constexpr int64_t kDefaultPlanCacheMemsize = int64_t{1} << 30;

class PlanCache {
 public:
  using Plan = std::shared_ptr<const void>;
  // The cached plan of `key` (now the most recently used), else the one `make` builds, cached
  // with its size in bytes when it fits the limits.
  Plan get_or_make(const std::string& key, const std::function<std::pair<Plan, int64_t>()>& make);
  Plan find(const std::string& key);
  void set_size(int64_t size);
  void set_memsize(int64_t memsize);
  void clear();
  int64_t size() const { return size_; }
  int64_t memsize() const { return memsize_; }
  int64_t curr_size() const { return static_cast<int64_t>(lru_.size()); }
  int64_t curr_memsize() const { return curr_mem_; }
  // Keys and their bytes, most recently used first.
  std::vector<std::pair<std::string, int64_t>> entries() const;

 private:
  struct Entry {
    std::string key;
    Plan plan;
    int64_t bytes;
  };
  void evict();
  std::list<Entry> lru_;
  std::unordered_map<std::string, std::list<Entry>::iterator> index_;
  int64_t size_ = kDefaultPlanCacheSize, memsize_ = kDefaultPlanCacheMemsize, curr_mem_ = 0;
};

// The calling thread's cache for (backend, device).
PlanCache& plan_cache(bool host, int device);

}  // namespace cupric::fft
