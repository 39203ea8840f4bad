// The caching allocator behind every array (see include/cupric/memory.hpp).
//
// Note [Memory pool]: a CuPy-compatible pool, better in three ways (DESIGN.md decision 7).
//  * Segments are what the backend handed out (cudaMalloc / cudaHostAlloc), of exactly the
//    rounded size asked for, so total_bytes() is CuPy's number (an array of 100 float32: 512).
//    A segment is cut into blocks; a free block is found best-fit (Note [Free lists]), split when larger than needed, and merged with free neighbours of
//    the same stream when freed.
//  * Small requests (<= kSmallSize) are only served from segments made for small requests, and
//    large from large: a 512-byte array never pins down a piece of a 1 GiB segment, so large
//    segments stay whole and can be reused or returned.
//  * Free blocks are kept per stream (an "arena" per stream). A block freed on stream A is
//    reused on A with no synchronization: A's order already puts the new use after the old.
//    Another stream B takes it only when B would otherwise fail to allocate, and then B first
//    waits on the device for A's work so far (an event; no host sync): reuse on another stream
//    is safe. free_all_blocks() returns every segment whose blocks are all free, even when the
//    blocks were freed on different streams and so could not be merged.
// OOM: new segment fails (driver OOM or the pool's limit) -> steal from other streams ->
// release free segments -> the gc hook (Python: gc.collect(), run without the lock) -> retry ->
// OutOfMemoryError with the size asked for and the pool's bytes. The pool's state is unchanged
// by a failed request. One mutex per pool guards everything; it is uncontended in the common
// single-thread case and held for well under a microsecond.
//
// Note [Stream retirement]: arenas are keyed by the stream handle, and CUDA may hand a destroyed
// stream's handle to a new stream. So a StreamObject, before destroying its stream, calls
// retire_stream() on every pool of its backend: the stream is synchronized (only if the pool
// ever allocated on it), its free blocks move to the legacy default stream's arena (they are
// idle now), and blocks allocated on it and freed later go there too. A new stream with the same
// handle un-retires the key. The per-thread default stream has one handle for many streams: its
// key is made per thread, and its blocks are never stolen by other streams.
//
// Note [Upstream allocator]: a pool made with an upstream allocator (CuPy's
// MemoryPool(allocator), e.g. MemoryPool(malloc_managed)) takes each new segment from it instead
// of the backend: the Memory it returns is kept in the segment and let go when the segment is
// released (free_all_blocks, the OOM path, the pool's end), so the allocator's own memory
// object frees it, as in CuPy. The allocator may be user Python code: it runs without the pool's
// lock (it may take the GIL, run garbage collection, or allocate from this very pool), and
// released upstream memory is dropped after the lock is let go, for the same reason. Only a
// cache miss tests for it; the default pools take the same path as before.
#include "cupric/memory.hpp"
#include <array>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <memory_resource>
#include <mutex>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>
#include "cupric/error.hpp"
#include "cupric/runtime/memory_hook.hpp"

namespace cupric {

namespace {

struct Segment;

struct Block {
  char* ptr;
  size_t size;
  Segment* seg;
  Block* prev = nullptr;  // address-ordered neighbours inside the segment
  Block* next = nullptr;
  uintptr_t stream = 0;
  bool free = true;
  Block* fprev = nullptr;  // the free list (small bins) this block is in
  Block* fnext = nullptr;
};

struct Segment {
  void* base;
  size_t size;
  bool small;
  size_t n_used = 0;
  Block* first = nullptr;
  Segment* prev = nullptr;  // the pool's list of segments
  Segment* next = nullptr;
  std::shared_ptr<Memory> upstream;  // Note [Upstream allocator]; null: the backend's memory
};

struct BlockLess {
  bool operator()(const Block* a, const Block* b) const {
    return a->size != b->size ? a->size < b->size : a->ptr < b->ptr;
  }
};

// Note [Free lists]: free blocks of small segments (all <= kSmallSize) sit in exact-size bins
// (one intrusive LIFO list per multiple of 512 bytes, and a bitmap of the non-empty bins), so
// the best fit is a bit scan and malloc/free of a cached size allocate nothing. Large blocks
// are in an ordered set by (size, address): rarer, and best fit by lowest address there keeps
// large segments compact.
class FreeList {
 public:
  FreeList(bool small, std::pmr::memory_resource* r) : small_(small), large_(r) {}
  bool small() const { return small_; }
  size_t size() const { return small_ ? n_ : large_.size(); }
  void insert(Block* b) {
    if (!small_) {
      large_.insert(b);
      return;
    }
    size_t i = bin(b->size);
    b->fprev = nullptr;
    b->fnext = head_[i];
    if (head_[i]) head_[i]->fprev = b;
    head_[i] = b;
    bits_[i >> 6] |= uint64_t{1} << (i & 63);
    ++n_;
  }
  void erase(Block* b) {
    if (!small_) {
      large_.erase(b);
      return;
    }
    size_t i = bin(b->size);
    if (b->fprev)
      b->fprev->fnext = b->fnext;
    else
      head_[i] = b->fnext;
    if (b->fnext) b->fnext->fprev = b->fprev;
    if (!head_[i]) bits_[i >> 6] &= ~(uint64_t{1} << (i & 63));
    b->fprev = b->fnext = nullptr;
    --n_;
  }
  // The smallest free block of at least `size` bytes (not removed), or nullptr.
  Block* best_fit(size_t size) const {
    if (!small_) {
      Block probe{nullptr, size, nullptr};
      auto it = large_.lower_bound(&probe);
      return it == large_.end() ? nullptr : *it;
    }
    if (size > MemoryPool::kSmallSize) return nullptr;
    size_t i = bin(size), w = i >> 6;
    uint64_t bits = bits_[w] & (~uint64_t{0} << (i & 63));
    while (!bits) {
      if (++w == kWords) return nullptr;
      bits = bits_[w];
    }
    return head_[w * 64 + static_cast<size_t>(__builtin_ctzll(bits))];
  }
  bool contains(const Block* b) const {
    if (!small_) return large_.count(const_cast<Block*>(b)) != 0;
    for (Block* x = head_[bin(b->size)]; x; x = x->fnext)
      if (x == b) return true;
    return false;
  }
  // Removes and returns every block.
  std::vector<Block*> take_all() {
    std::vector<Block*> out;
    if (!small_) {
      out.assign(large_.begin(), large_.end());
      large_.clear();
      return out;
    }
    for (size_t w = 0; w < kWords; ++w)
      for (uint64_t bits = bits_[w]; bits; bits &= bits - 1)
        for (Block* x = head_[w * 64 + static_cast<size_t>(__builtin_ctzll(bits))]; x; x = x->fnext) out.push_back(x);
    for (Block* b : out) erase(b);
    return out;
  }

 private:
  static constexpr size_t kBins = MemoryPool::kSmallSize / MemoryPool::kRound;
  static constexpr size_t kWords = kBins / 64;
  static size_t bin(size_t size) { return size / MemoryPool::kRound - 1; }
  bool small_;
  size_t n_ = 0;
  std::array<Block*, kBins> head_{};
  std::array<uint64_t, kWords> bits_{};
  std::set<Block*, BlockLess, std::pmr::polymorphic_allocator<Block*>> large_;
};

struct Arena {
  explicit Arena(std::pmr::memory_resource* r, const Stream& s, bool stealable)
      : stream(s), stealable(stealable), small(true, r), large(false, r) {}
  Stream stream;
  bool stealable;
  FreeList small, large;
  FreeList& set(bool is_small) { return is_small ? small : large; }
};

uintptr_t stream_key(const Stream& s) {
  if (s.handle == kPerThreadStream) {
    thread_local char tag;  // one key per thread: each thread's per-thread stream differs
    return reinterpret_cast<uintptr_t>(&tag) | 1;
  }
  return reinterpret_cast<uintptr_t>(s.handle);
}

// The capture registry (Note [Graph capture] in src/runtime/graph.cpp): stream key -> the memory
// the graph being captured there must keep alive.
struct CaptureRegistry {
  std::mutex mu;
  std::unordered_map<uintptr_t, std::vector<std::shared_ptr<Memory>>> keep;
};
CaptureRegistry& captures() {
  static auto* r = new CaptureRegistry();
  return *r;
}
std::atomic<int> g_n_captures{0};

// True when `key` captures; then `mem` (if any) is kept for its graph.
bool capture_keep(uintptr_t key, std::shared_ptr<Memory> mem) {
  CaptureRegistry& r = captures();
  std::lock_guard<std::mutex> lk(r.mu);
  auto it = r.keep.find(key);
  if (it == r.keep.end()) return false;
  if (mem) it->second.push_back(std::move(mem));
  return true;
}

std::function<void()>& oom_hook() {
  static std::function<void()> h;
  return h;
}

}  // namespace

struct MemoryPool::Impl {
  std::mutex mu;
  std::pmr::unsynchronized_pool_resource nodes;  // free-set nodes (declared before the sets)
  std::unordered_map<uintptr_t, std::unique_ptr<Arena>> arenas;
  uintptr_t last_key = ~uintptr_t{0};
  Arena* last_arena = nullptr;
  std::unordered_set<uintptr_t> retired;
  Segment* segments = nullptr;
  size_t used = 0, total = 0, n_free = 0, n_segments = 0, limit = 0;
  bool hit_limit = false;  // the last failed segment allocation was refused by the limit
  // Upstream memory of released segments, dropped once the lock is let go (Note [Upstream allocator]).
  std::vector<std::shared_ptr<Memory>> released;

  Arena& arena(uintptr_t key, const Stream& s) {
    if (key == last_key) return *last_arena;
    auto it = arenas.find(key);
    if (it == arenas.end())
      it = arenas.emplace(key, std::make_unique<Arena>(&nodes, s, s.handle != kPerThreadStream)).first;
    last_key = key;
    last_arena = it->second.get();
    return *last_arena;
  }
  Arena* find_arena(uintptr_t key) {
    if (key == last_key) return last_arena;
    auto it = arenas.find(key);
    return it == arenas.end() ? nullptr : it->second.get();
  }
  void drop_arena(uintptr_t key) {
    arenas.erase(key);
    last_key = ~uintptr_t{0};
    last_arena = nullptr;
  }

  // Cuts `b` (free, in no set) to `size`; the rest goes back to `fs` as a free block.
  void split(Block* b, size_t size, FreeList& fs) {
    if (b->size == size) return;
    auto* rest = new Block{b->ptr + size, b->size - size, b->seg, b, b->next, b->stream};
    if (b->next) b->next->prev = rest;
    b->next = rest;
    b->size = size;
    fs.insert(rest);
    ++n_free;
  }

  Block* take_best_fit(Arena& a, bool small, size_t size) {
    FreeList& fs = a.set(small);
    Block* b = fs.best_fit(size);
    if (!b) return nullptr;
    fs.erase(b);
    --n_free;
    split(b, size, fs);
    return b;
  }

  // Inserts free block `b` into its arena, merged with free neighbours of the same stream.
  void insert_free(Block* b) {
    Arena& a = *find_arena(b->stream);
    FreeList& fs = a.set(b->seg->small);
    if (Block* p = b->prev; p && p->free && p->stream == b->stream) {
      fs.erase(p);
      --n_free;
      p->size += b->size;
      p->next = b->next;
      if (b->next) b->next->prev = p;
      delete b;
      b = p;
    }
    if (Block* n = b->next; n && n->free && n->stream == b->stream) {
      fs.erase(n);
      --n_free;
      b->size += n->size;
      b->next = n->next;
      if (n->next) n->next->prev = b;
      delete n;
    }
    fs.insert(b);
    ++n_free;
  }
  void unlink_segment(Segment* s) {
    if (s->prev)
      s->prev->next = s->next;
    else
      segments = s->next;
    if (s->next) s->next->prev = s->prev;
    --n_segments;
  }
};

void MemoryPool::set_oom_hook(std::function<void()> hook) { oom_hook() = std::move(hook); }
void MemoryPool::run_oom_hook() {
  if (oom_hook()) oom_hook()();
}

void capture_begin(const Stream& s) {
  CaptureRegistry& r = captures();
  std::lock_guard<std::mutex> lk(r.mu);
  if (!r.keep.emplace(stream_key(s), std::vector<std::shared_ptr<Memory>>{}).second)
    throw RuntimeError("the stream is already capturing");
  g_n_captures.fetch_add(1);
}

std::vector<std::shared_ptr<Memory>> capture_end(const Stream& s) {
  CaptureRegistry& r = captures();
  std::lock_guard<std::mutex> lk(r.mu);
  auto it = r.keep.find(stream_key(s));
  if (it == r.keep.end()) return {};
  std::vector<std::shared_ptr<Memory>> out = std::move(it->second);
  r.keep.erase(it);
  g_n_captures.fetch_sub(1);
  return out;
}

bool capture_active() { return g_n_captures.load(std::memory_order_relaxed) != 0; }

bool capture_has(const Stream& s) { return capture_active() && capture_keep(stream_key(s), nullptr); }

// ---- Memory ------------------------------------------------------------------------------------

std::shared_ptr<Memory> Memory::unowned(void* ptr, size_t size, int device, Backend* backend,
                                        std::shared_ptr<void> owner, MemoryOrigin kind) {
  auto m = std::make_shared<Memory>(ptr, size, device, backend, nullptr);
  m->owner_ = std::move(owner);
  m->owned_kind_ = kind;
  return m;
}

std::shared_ptr<Memory> Memory::raw(Backend& b, size_t nbytes, int device, bool pinned) {
  void* p = nullptr;
  if (nbytes) {
    p = pinned ? b.raw_alloc_pinned(nbytes) : b.raw_alloc(nbytes, device);
    if (!p) throw OutOfMemoryError(nbytes, 0, 0, "the allocator is not pooled (set_allocator(None))");
  }
  auto m = std::make_shared<Memory>(p, nbytes, device, &b, nullptr);
  m->raw_ = true;
  m->pinned_ = pinned;
  return m;
}

void Memory::free() {
  if (pool_) {
    if (block_) {
      if (memory_hooks_installed() && pool_->kind() == MemoryKind::Device) [[unlikely]]
        hooked_free(device_, size_, reinterpret_cast<uintptr_t>(ptr_), this, [&] { pool_->free_block(block_); });
      else
        pool_->free_block(block_);
    }
    block_ = nullptr;
  } else if (raw_ && ptr_) {
    if (pinned_)
      backend_->raw_free_pinned(ptr_);
    else
      backend_->raw_free(ptr_, device_);
  } else {
    return;  // unowned and stream-ordered memory are freed by their owner
  }
  ptr_ = nullptr;
}

Memory::~Memory() {
  if (pool_) {
    if (block_) {
      if (memory_hooks_installed() && pool_->kind() == MemoryKind::Device) [[unlikely]] {
        bool freed = false;
        try {  // a hook's error cannot leave a destructor (Note [Memory hooks])
          hooked_free(device_, size_, reinterpret_cast<uintptr_t>(ptr_), this, [&] {
            freed = true;
            pool_->free_block(block_);
          });
        } catch (...) {
          if (!freed) pool_->free_block(block_);
        }
      } else {
        pool_->free_block(block_);
      }
    }
  } else if (raw_ && ptr_) {
    try {
      if (pinned_)
        backend_->raw_free_pinned(ptr_);
      else
        backend_->raw_free(ptr_, device_);
    } catch (...) {  // a destructor must not throw (e.g. the driver is unloading at exit)
    }
  }
}

// ---- MemoryPool --------------------------------------------------------------------------------

namespace {
std::mutex& registry_mutex() {
  static std::mutex* m = new std::mutex();
  return *m;
}
std::vector<MemoryPool*>& registry() {
  static auto* v = new std::vector<MemoryPool*>();
  return *v;
}
}  // namespace

MemoryPool::MemoryPool(Backend* backend, int device, MemoryKind kind, UpstreamFn upstream)
    : backend_(backend), device_(device), kind_(kind), upstream_(std::move(upstream)), impl_(std::make_unique<Impl>()) {
  std::lock_guard<std::mutex> lk(registry_mutex());
  registry().push_back(this);
}

MemoryPool::~MemoryPool() {
  {
    std::lock_guard<std::mutex> lk(registry_mutex());
    auto& r = registry();
    for (size_t i = 0; i < r.size(); ++i)
      if (r[i] == this) {
        r[i] = r.back();
        r.pop_back();
        break;
      }
  }
  // No Memory is alive (each holds the pool), so every segment is free. The default pools are
  // never destroyed (process exit leaves their memory to the OS, after the driver is gone).
  try {
    free_all_blocks();
  } catch (...) {}
}

void for_each_pool(Backend& b, const std::function<void(MemoryPool&)>& f) {
  std::lock_guard<std::mutex> lk(registry_mutex());
  for (MemoryPool* p : registry())
    if (p->backend() == &b) f(*p);
}

std::shared_ptr<Memory> MemoryPool::malloc(size_t nbytes) {
  if (kind_ == MemoryKind::PinnedHost) return malloc(nbytes, Stream{nullptr, device_, backend_->type()});
  return malloc(nbytes, backend_->current_stream(device_));
}

std::shared_ptr<Memory> MemoryPool::malloc(size_t nbytes, const Stream& s) {
  // Note [Memory hooks] in src/runtime/memory_hook.cpp: one load and branch while none is installed.
  if (memory_hooks_installed() && kind_ == MemoryKind::Device && memory_hook_wanted()) [[unlikely]]
    return hooked_malloc(device_, nbytes, nbytes > SIZE_MAX - kRound ? nbytes : (nbytes ? round_size(nbytes) : 0),
                         [&] { return malloc(nbytes, s); });
  if (nbytes == 0) return std::make_shared<Memory>(nullptr, 0, device_, backend_, nullptr);
  if (nbytes > SIZE_MAX - kRound) throw OutOfMemoryError(nbytes, total_bytes(), used_bytes(), "the size is too large");
  const size_t size = round_size(nbytes);
  const bool small = size <= kSmallSize;
  // Pinned host memory is not stream-ordered: one arena.
  const Stream stream = kind_ == MemoryKind::PinnedHost ? Stream{nullptr, device_, backend_->type()} : s;
  const uintptr_t key = stream_key(stream);
  Impl& m = *impl_;
  // Note [Graph capture]: on a capturing stream, no stealing (no cross-stream waits) and no
  // cudaFree; what is allocated is kept alive for the graph.
  const bool capturing = capture_active() && kind_ == MemoryKind::Device && capture_keep(key, nullptr);

  // A new segment of exactly `size` bytes, or nullptr (device OOM or over the limit).
  auto new_segment = [&]() -> Block* {
    if (m.limit && (m.total > m.limit || size > m.limit - m.total)) {
      m.hit_limit = true;
      return nullptr;
    }
    void* p = nullptr;
    std::shared_ptr<Memory> up;
    if (upstream_) [[unlikely]] {
      // Note [Upstream allocator]: called without the lock (held by the caller's lock_guard,
      // taken back before returning or throwing), after dropping what was released.
      std::vector<std::shared_ptr<Memory>> released;
      released.swap(m.released);
      m.mu.unlock();
      released.clear();
      try {
        up = upstream_(size);
        if (up && (up->size() < size || !up->ptr())) {
          size_t got = up->size();
          up.reset();
          throw ValueError("the pool's allocator returned " + std::to_string(got) + " bytes for a request of " +
                           std::to_string(size) + " (it must return a MemoryPointer to at least the size asked for)");
        }
      } catch (...) {
        m.mu.lock();
        throw;
      }
      m.mu.lock();
      if (up) p = up->ptr();
    } else {
      p = kind_ == MemoryKind::PinnedHost ? backend_->raw_alloc_pinned(size) : backend_->raw_alloc(size, device_);
    }
    if (memory_hooks_installed() && kind_ == MemoryKind::Device) [[unlikely]]
      note_alloc(device_, size, reinterpret_cast<uintptr_t>(p));
    if (!p) {
      m.hit_limit = false;
      return nullptr;
    }
    auto* seg = new Segment{p, size, small, 0, nullptr, nullptr, nullptr, std::move(up)};
    auto* b = new Block{static_cast<char*>(p), size, seg, nullptr, nullptr, key};
    seg->first = b;
    seg->next = m.segments;
    if (m.segments) m.segments->prev = seg;
    m.segments = seg;
    ++m.n_segments;
    m.total += size;
    m.arena(key, stream);  // the block's arena exists from now on
    return b;
  };
  // Best fit among other streams' free blocks; the allocating stream waits for the owner.
  auto steal = [&]() -> Block* {
    Arena* best_arena = nullptr;
    Block* best = nullptr;
    for (auto& [k, a] : m.arenas) {
      if (k == key || !a->stealable || m.retired.count(k)) continue;
      Block* c = a->set(small).best_fit(size);
      if (c && (!best || BlockLess()(c, best))) {
        best = c;
        best_arena = a.get();
      }
    }
    if (!best) return nullptr;
    backend_->stream_wait_stream(stream, best_arena->stream);
    FreeList& fs = best_arena->set(small);
    fs.erase(best);
    --m.n_free;
    m.split(best, size, fs);  // the rest stays with the stream that freed it
    m.arena(key, stream);
    best->stream = key;
    return best;
  };

  // Under the lock: the block found (or null) is marked in use and counted.
  auto claim = [&](Block* found) {
    if (found) {
      found->free = false;
      ++found->seg->n_used;
      m.used += size;
    }
    return found;
  };
  Block* b = nullptr;
  {
    std::lock_guard<std::mutex> lk(m.mu);
    if (!m.retired.empty()) m.retired.erase(key);  // a live stream uses this handle again
    b = m.take_best_fit(m.arena(key, stream), small, size);
    if (!b) b = new_segment();
    if (!b && !capturing) b = steal();
    if (!b) {
      release_locked(m, nullptr);
      b = new_segment();
    }
    claim(b);
  }
  if (!b && oom_hook()) {
    oom_hook()();  // may free arrays (garbage collection): must run without the lock
    std::lock_guard<std::mutex> lk(m.mu);
    b = m.take_best_fit(m.arena(key, stream), small, size);
    if (!b) {
      release_locked(m, nullptr);
      b = new_segment();
    }
    claim(b);
  }
  if (!b) {
    std::vector<std::shared_ptr<Memory>> released;  // dropped after the lock (Note [Upstream allocator])
    std::lock_guard<std::mutex> lk(m.mu);
    released.swap(m.released);
    std::string detail =
        m.hit_limit ? "the pool's limit is " + std::to_string(m.limit) + " bytes (set_limit / CUPRIC_GPU_MEMORY_LIMIT)"
                    : std::string();
    throw OutOfMemoryError(nbytes, m.total, m.used, detail);
  }
  auto mem = std::make_shared<Memory>(b->ptr, size, device_, backend_, shared_from_this(), b);
  mem->pinned_ = kind_ == MemoryKind::PinnedHost;
  if (capturing) capture_keep(key, mem);
  return mem;
}

void MemoryPool::free_block(void* blk) {
  auto* b = static_cast<Block*>(blk);
  Impl& m = *impl_;
  // Note [Graph capture]: a block freed while its stream captures may be used by the graph (it
  // was allocated before the capture and used in it): the graph keeps it, as a new Memory.
  if (capture_active() && kind_ == MemoryKind::Device && b->stream) {
    CaptureRegistry& r = captures();
    std::lock_guard<std::mutex> lk(r.mu);
    auto it = r.keep.find(b->stream);
    if (it != r.keep.end()) {
      it->second.push_back(std::make_shared<Memory>(b->ptr, b->size, device_, backend_, shared_from_this(), b));
      return;
    }
  }
  std::lock_guard<std::mutex> lk(m.mu);
  m.used -= b->size;
  --b->seg->n_used;
  b->free = true;
  if (!m.retired.empty() && m.retired.count(b->stream)) b->stream = 0;  // Note [Stream retirement]
  // The arena may be gone (its stream was retired, then a new stream took the handle).
  if (!m.find_arena(b->stream))
    m.arena(b->stream, Stream{reinterpret_cast<void*>(b->stream), device_, backend_->type()});
  m.insert_free(b);
}

// Returns every segment whose blocks are all free (and, with `only`, all freed on that stream).
void MemoryPool::release_locked(Impl& m, const uintptr_t* only) {
  // cudaFree synchronizes the device, which a capture in progress forbids: keep everything.
  if (capture_active() && kind_ == MemoryKind::Device) return;
  for (Segment* seg = m.segments; seg;) {
    Segment* next = seg->next;
    bool release = seg->n_used == 0;
    for (Block* b = seg->first; release && only && b; b = b->next) release = b->stream == *only;
    if (release) {
      for (Block* b = seg->first; b;) {
        Block* nb = b->next;
        if (Arena* a = m.find_arena(b->stream)) a->set(seg->small).erase(b);
        --m.n_free;
        delete b;
        b = nb;
      }
      if (seg->upstream) [[unlikely]]
        m.released.push_back(std::move(seg->upstream));  // Note [Upstream allocator]
      else if (kind_ == MemoryKind::PinnedHost)
        backend_->raw_free_pinned(seg->base);
      else
        backend_->raw_free(seg->base, device_);
      m.total -= seg->size;
      m.unlink_segment(seg);
      delete seg;
    }
    seg = next;
  }
}

void MemoryPool::free_all_blocks() {
  std::vector<std::shared_ptr<Memory>> dropped;  // after the lock (Note [Upstream allocator])
  std::lock_guard<std::mutex> lk(impl_->mu);
  release_locked(*impl_, nullptr);
  dropped.swap(impl_->released);
}

void MemoryPool::free_all_blocks(const Stream& s) {
  uintptr_t key = stream_key(s);
  std::vector<std::shared_ptr<Memory>> dropped;
  std::lock_guard<std::mutex> lk(impl_->mu);
  release_locked(*impl_, &key);
  dropped.swap(impl_->released);
}

void MemoryPool::retire_stream(const Stream& s) {
  uintptr_t key = stream_key(s);
  if (key == 0) return;
  Impl& m = *impl_;
  std::lock_guard<std::mutex> lk(m.mu);
  Arena* a = m.find_arena(key);
  if (!a) return;  // this pool never allocated on the stream
  backend_->synchronize(s);
  std::vector<Block*> blocks = a->small.take_all(), large = a->large.take_all();
  blocks.insert(blocks.end(), large.begin(), large.end());
  m.n_free -= blocks.size();
  m.drop_arena(key);
  m.retired.insert(key);
  m.arena(0, Stream{nullptr, device_, backend_->type()});
  for (Block* b : blocks) {
    b->stream = 0;
    m.insert_free(b);
  }
}

void MemoryPool::unretire_stream(const Stream& s) {
  std::lock_guard<std::mutex> lk(impl_->mu);
  impl_->retired.erase(stream_key(s));
}

std::string MemoryPool::check_consistency() const {
  Impl& m = *impl_;
  std::lock_guard<std::mutex> lk(m.mu);
  size_t total = 0, used = 0, n_used_blocks = 0, n_free = 0, n_seg = 0;
  for (Segment* seg = m.segments; seg; seg = seg->next) {
    ++n_seg;
    total += seg->size;
    size_t covered = 0, seg_used = 0;
    char* expect = static_cast<char*>(seg->base);
    Block* prev = nullptr;
    for (Block* b = seg->first; b; prev = b, b = b->next) {
      if (b->ptr != expect || b->prev != prev || b->seg != seg) return "blocks do not tile a segment";
      if (b->size == 0 || b->size % kRound) return "a block size is not a positive multiple of 512";
      expect += b->size;
      covered += b->size;
      if (b->free) {
        ++n_free;
        Arena* a = m.find_arena(b->stream);
        if (!a || !a->set(seg->small).contains(b)) return "a free block is not in its arena";
        if (b->next && b->next->free && b->next->stream == b->stream) return "two free neighbours were not merged";
      } else {
        ++seg_used;
        used += b->size;
      }
    }
    if (covered != seg->size) return "blocks do not cover their segment";
    if (seg_used != seg->n_used) return "a segment's used count is wrong";
    n_used_blocks += seg_used;
  }
  size_t in_sets = 0;
  for (auto& [k, a] : m.arenas) in_sets += a->small.size() + a->large.size();
  if (total != m.total) return "total_bytes " + std::to_string(m.total) + " != segments " + std::to_string(total);
  if (used != m.used) return "used_bytes " + std::to_string(m.used) + " != used blocks " + std::to_string(used);
  if (n_free != m.n_free || in_sets != n_free) return "n_free_blocks is wrong";
  if (n_seg != m.n_segments) return "the segment count is wrong";
  return "";
}

size_t MemoryPool::used_bytes() const {
  std::lock_guard<std::mutex> lk(impl_->mu);
  return impl_->used;
}
size_t MemoryPool::total_bytes() const {
  std::lock_guard<std::mutex> lk(impl_->mu);
  return impl_->total;
}
size_t MemoryPool::free_bytes() const {
  std::lock_guard<std::mutex> lk(impl_->mu);
  return impl_->total - impl_->used;
}
size_t MemoryPool::n_free_blocks() const {
  std::lock_guard<std::mutex> lk(impl_->mu);
  return impl_->n_free;
}
size_t MemoryPool::n_segments() const {
  std::lock_guard<std::mutex> lk(impl_->mu);
  return impl_->n_segments;
}
void MemoryPool::set_limit(size_t bytes) {
  std::lock_guard<std::mutex> lk(impl_->mu);
  impl_->limit = bytes;
}
size_t MemoryPool::get_limit() const {
  std::lock_guard<std::mutex> lk(impl_->mu);
  return impl_->limit;
}

}  // namespace cupric
