// The FFT plan cache (Note [FFT plan cache] in src/fft/plan_cache.hpp) and its public queries.
#include "fft/plan_cache.hpp"
#include <map>
#include <thread>
#include "cupric/error.hpp"
#include "cupric/fft.hpp"

namespace cupric::fft {

PlanCache::Plan PlanCache::find(const std::string& key) {
  auto it = index_.find(key);
  if (it == index_.end()) return nullptr;
  lru_.splice(lru_.begin(), lru_, it->second);
  return it->second->plan;
}

PlanCache::Plan PlanCache::get_or_make(const std::string& key, const std::function<std::pair<Plan, int64_t>()>& make) {
  if (Plan p = find(key)) return p;
  auto [plan, bytes] = make();
  const bool fits = size_ != 0 && (memsize_ < 0 || bytes <= memsize_);
  if (fits) {
    lru_.push_front({key, plan, bytes});
    index_[key] = lru_.begin();
    curr_mem_ += bytes;
    evict();
  }
  return plan;
}

void PlanCache::evict() {
  while (!lru_.empty() && ((size_ >= 0 && curr_size() > size_) || (memsize_ >= 0 && curr_mem_ > memsize_))) {
    curr_mem_ -= lru_.back().bytes;
    index_.erase(lru_.back().key);
    lru_.pop_back();
  }
}

void PlanCache::set_size(int64_t size) {
  if (size < -1)
    throw ValueError("the plan cache size must be -1 (unbounded) or a non-negative integer, got " +
                     std::to_string(size));
  size_ = size;
  evict();
}

void PlanCache::set_memsize(int64_t memsize) {
  if (memsize < -1)
    throw ValueError("the plan cache memsize must be -1 (unbounded) or a non-negative number of bytes, got " +
                     std::to_string(memsize));
  memsize_ = memsize;
  evict();
}

void PlanCache::clear() {
  lru_.clear();
  index_.clear();
  curr_mem_ = 0;
}

std::vector<std::pair<std::string, int64_t>> PlanCache::entries() const {
  std::vector<std::pair<std::string, int64_t>> v;
  for (const auto& e : lru_) v.emplace_back(e.key, e.bytes);
  return v;
}

namespace {
using Caches = std::map<std::pair<bool, int>, PlanCache>;
const std::thread::id g_main_at_load = std::this_thread::get_id();  // the thread that loads libcupric
}  // namespace

// A thread's caches die with the thread (its cuFFT plans destroyed, work areas back to the pool);
// the main thread's are left for process exit, when the CUDA runtime and the pool may already be
// gone (as cuBLAS's handles: Note [CUDA libraries] in src/runtime/cuda/libs/cublas.cpp).
PlanCache& plan_cache(bool host, int device) {
  if (std::this_thread::get_id() == g_main_at_load) {
    static Caches* main_caches = new Caches();
    return (*main_caches)[{host, device}];
  }
  thread_local Caches caches;
  return caches[{host, device}];
}

PlanCacheInfo plan_cache_info(bool host, int device) {
  const PlanCache& c = plan_cache(host, device);
  PlanCacheInfo info{device, host, c.size(), c.curr_size(), c.memsize(), c.curr_memsize(), {}, {}};
  for (auto& [k, b] : c.entries()) {
    info.keys.push_back(k);
    info.key_bytes.push_back(b);
  }
  return info;
}
void set_plan_cache_size(bool host, int device, int64_t size) { plan_cache(host, device).set_size(size); }
void set_plan_cache_memsize(bool host, int device, int64_t memsize) { plan_cache(host, device).set_memsize(memsize); }
void clear_plan_cache(bool host, int device) { plan_cache(host, device).clear(); }
bool plan_cache_contains(bool host, int device, const std::string& key) {
  return plan_cache(host, device).find(key) != nullptr;
}

}  // namespace cupric::fft
