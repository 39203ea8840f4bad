// The compile cache of run-time compiled kernels (DESIGN.md decision 3): content-addressed keys,
// an in-memory LRU of loaded objects and a checksummed disk cache (Note [Kernel cache] in
// src/jit/cache.cpp). Backend independent: the host compiler and NVRTC both store here.
#pragma once
#include <cstddef>
#include <cstdint>
#include <list>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace cupric::jit {

// A 128-bit content hash as 32 hex digits (two independent 64-bit FNV-1a streams, each finished
// with a strong mixer). Used for cache keys, not for security.
std::string hash_hex(std::string_view data);
// 64-bit checksum of an entry's payload.
uint64_t checksum64(std::string_view data);

// CUPRIC_CACHE_DIR, default ~/.cupric/kernel_cache (read each call: tests change it).
std::string cache_dir();
// CUPRIC_CACHE_IN_MEMORY=1: never read or write the disk cache.
bool cache_in_memory_only();

// Disk entries: <cache_dir>/<kind>/<key[0:2]>/<key>.<ext>. The payload comes first (so a cached
// shared library can be dlopened in place), then a 32-byte trailer: magic "CUPRICK1", payload
// size, checksum, and the trailer's own checksum. Writes go to a temporary file renamed into place.
std::string entry_path(const std::string& kind, const std::string& key, const std::string& ext);
// The payload of a valid entry; nullopt when missing, truncated or corrupted (a corrupted
// entry is removed so that it is rebuilt).
std::optional<std::string> read_entry(const std::string& path);
// Writes atomically; returns false (and leaves no partial file) when the disk refuses.
bool write_entry(const std::string& path, std::string_view payload);

// A bounded least-recently-used map, thread-safe.
template <class V>
class LruCache {
 public:
  explicit LruCache(size_t capacity) : capacity_(capacity) {}
  std::optional<V> get(const std::string& key) {
    std::lock_guard<std::mutex> lk(mu_);
    auto it = map_.find(key);
    if (it == map_.end()) return std::nullopt;
    order_.splice(order_.begin(), order_, it->second);
    return it->second->second;
  }
  void put(const std::string& key, V value) {
    std::lock_guard<std::mutex> lk(mu_);
    auto it = map_.find(key);
    if (it != map_.end()) {
      it->second->second = std::move(value);
      order_.splice(order_.begin(), order_, it->second);
      return;
    }
    order_.emplace_front(key, std::move(value));
    map_[key] = order_.begin();
    while (order_.size() > capacity_) {
      map_.erase(order_.back().first);
      order_.pop_back();
    }
  }
  size_t size() const {
    std::lock_guard<std::mutex> lk(mu_);
    return order_.size();
  }
  void clear() {
    std::lock_guard<std::mutex> lk(mu_);
    map_.clear();
    order_.clear();
  }

 private:
  size_t capacity_;
  mutable std::mutex mu_;
  std::list<std::pair<std::string, V>> order_;
  std::unordered_map<std::string, typename std::list<std::pair<std::string, V>>::iterator> map_;
};

// Counters the tests and benchmarks read: compiles done, disk hits, corrupted entries rebuilt.
struct CacheStats {
  uint64_t compiles = 0;
  uint64_t disk_hits = 0;
  uint64_t memory_hits = 0;
  uint64_t corrupted = 0;
};
CacheStats& cache_stats();
// Drops every in-memory cache of compiled kernels (the disk cache stays).
void clear_memory_caches();

}  // namespace cupric::jit
