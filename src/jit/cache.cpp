// The kernel cache's hashing and disk format (include/cupric/jit/cache.hpp).
//
// Note [Kernel cache]
// A key is the hash of everything that determines the compiled object: the source, the compile
// options, the compiler's identity (NVRTC version or the host compiler's --version line), the
// target (device arch) and the hash of the embedded header set (Note [JIT headers]). Entries are
// immutable, so concurrent processes can only race to write identical bytes: each writes a
// temporary file in the same folder and renames it into place (atomic on POSIX). Every entry ends
// with a trailer holding the payload size and checksum; a short, damaged or foreign file is never
// handed to the loader: it is counted, removed and rebuilt. Keys are sharded by their first two hex
// digits so no folder grows huge.
#include "cupric/jit/cache.hpp"
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <random>
#include <sstream>
#include <vector>

namespace cupric::jit {

namespace {

uint64_t mix64(uint64_t x) {  // splitmix64's finaliser
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  x ^= x >> 31;
  return x;
}

uint64_t fnv1a(std::string_view d, uint64_t basis) {
  uint64_t h = basis;
  for (unsigned char c : d) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return mix64(h ^ d.size());
}

constexpr char kMagic[8] = {'C', 'U', 'P', 'R', 'I', 'C', 'K', '1'};
constexpr size_t kTrailer = 32;

void put_u64(std::string& s, uint64_t v) {
  for (int i = 0; i < 8; ++i) s.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}
uint64_t get_u64(const char* p) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(p[i]);
  return v;
}

bool make_dirs(const std::string& path) {
  std::string cur;
  size_t pos = 0;
  while (pos != std::string::npos) {
    pos = path.find('/', pos + 1);
    cur = path.substr(0, pos);
    if (cur.empty()) continue;
    if (mkdir(cur.c_str(), 0755) != 0 && errno != EEXIST) return false;
  }
  return true;
}

}  // namespace

std::string hash_hex(std::string_view data) {
  char buf[33];
  std::snprintf(buf, sizeof buf, "%016llx%016llx", static_cast<unsigned long long>(fnv1a(data, 0xcbf29ce484222325ULL)),
                static_cast<unsigned long long>(fnv1a(data, 0x84222325cbf29ce4ULL ^ 0x5bd1e995ULL)));
  return buf;
}

uint64_t checksum64(std::string_view data) { return fnv1a(data, 0x9e3779b97f4a7c15ULL); }

std::string cache_dir() {
  if (const char* d = std::getenv("CUPRIC_CACHE_DIR"); d && *d) return d;
  const char* home = std::getenv("HOME");
  return std::string(home && *home ? home : "/tmp") + "/.cupric/kernel_cache";
}

bool cache_in_memory_only() {
  const char* v = std::getenv("CUPRIC_CACHE_IN_MEMORY");
  return v && *v && std::string(v) != "0";
}

std::string entry_path(const std::string& kind, const std::string& key, const std::string& ext) {
  return cache_dir() + "/" + kind + "/" + key.substr(0, 2) + "/" + key + "." + ext;
}

std::optional<std::string> read_entry(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return std::nullopt;
  std::string all((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  auto bad = [&]() -> std::optional<std::string> {
    ++cache_stats().corrupted;
    std::remove(path.c_str());
    return std::nullopt;
  };
  if (all.size() < kTrailer) return bad();
  const char* t = all.data() + all.size() - kTrailer;
  if (std::memcmp(t, kMagic, 8) != 0) return bad();
  uint64_t size = get_u64(t + 8), sum = get_u64(t + 16), tsum = get_u64(t + 24);
  if (tsum != checksum64(std::string_view(t, 24))) return bad();
  if (size != all.size() - kTrailer) return bad();
  all.resize(size);
  if (checksum64(all) != sum) return bad();
  return all;
}

bool write_entry(const std::string& path, std::string_view payload) {
  size_t slash = path.rfind('/');
  if (slash == std::string::npos || !make_dirs(path.substr(0, slash))) return false;
  std::string trailer(kMagic, 8);
  put_u64(trailer, payload.size());
  put_u64(trailer, checksum64(payload));
  put_u64(trailer, checksum64(trailer));
  static thread_local std::mt19937_64 rng{std::random_device{}()};
  std::string tmp = path + ".tmp" + std::to_string(getpid()) + "_" + std::to_string(rng());
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0644);
  if (fd < 0) return false;
  auto write_all = [&](std::string_view s) {
    while (!s.empty()) {
      ssize_t n = ::write(fd, s.data(), s.size());
      if (n <= 0) return false;
      s.remove_prefix(static_cast<size_t>(n));
    }
    return true;
  };
  // No fsync: a file cut short by a crash fails its checksum and is rebuilt.
  bool ok = write_all(payload) && write_all(trailer);
  ok = (::close(fd) == 0) && ok;
  if (!ok || std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    return false;
  }
  return true;
}

CacheStats& cache_stats() {
  static CacheStats s;
  return s;
}

}  // namespace cupric::jit
