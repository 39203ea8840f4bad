// The memory pool on the host backend: CuPy's accounting (V4-POOL), best fit with split and
// merge, small/large segments, per-stream reuse and safe stealing, free_all_blocks of segments
// whose pieces are all free, limits, OOM, stream retirement, and 8 threads at once.
#include <gtest/gtest.h>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <random>
#include <thread>
#include <cupric/cupric.hpp>

using namespace cupric;

namespace {

std::shared_ptr<MemoryPool> fresh_pool() { return std::make_shared<MemoryPool>(&host_backend(), 0); }

Stream host_stream(void* h) { return Stream{h, 0, DeviceType::Host}; }
// Fake stream handles: the host backend never dereferences them.
const Stream kA = host_stream(reinterpret_cast<void*>(uintptr_t{0x1000}));
const Stream kB = host_stream(reinterpret_cast<void*>(uintptr_t{0x2000}));
const Stream kNull = host_stream(nullptr);

#define EXPECT_CONSISTENT(pool) EXPECT_EQ((pool)->check_consistency(), "")

}  // namespace

TEST(Pool, V4PoolRoundsTo512AndCaches) {
  auto pool = fresh_pool();
  {
    auto m = pool->malloc(400);  // an array of 100 float32
    EXPECT_EQ(m->size(), 512u);
    EXPECT_EQ(pool->used_bytes(), 512u);
    EXPECT_EQ(pool->total_bytes(), 512u);
    EXPECT_EQ(pool->n_free_blocks(), 0u);
  }
  EXPECT_EQ(pool->used_bytes(), 0u);
  EXPECT_EQ(pool->total_bytes(), 512u);
  EXPECT_EQ(pool->free_bytes(), 512u);
  EXPECT_EQ(pool->n_free_blocks(), 1u);
  pool->free_all_blocks();
  EXPECT_EQ(pool->total_bytes(), 0u);
  EXPECT_EQ(pool->n_free_blocks(), 0u);
  EXPECT_CONSISTENT(pool);
}

TEST(Pool, ZeroBytesTakesNothing) {
  auto pool = fresh_pool();
  auto m = pool->malloc(0);
  EXPECT_EQ(m->ptr(), nullptr);
  EXPECT_EQ(pool->total_bytes(), 0u);
  EXPECT_EQ(MemoryPool::round_size(1), 512u);
  EXPECT_EQ(MemoryPool::round_size(512), 512u);
  EXPECT_EQ(MemoryPool::round_size(513), 1024u);
}

TEST(Pool, SameSizeIsReusedOnTheSameStream) {
  auto pool = fresh_pool();
  void* p;
  {
    auto m = pool->malloc(3000, kA);
    p = m->ptr();
  }
  auto m2 = pool->malloc(3000, kA);
  EXPECT_EQ(m2->ptr(), p);
  EXPECT_EQ(pool->total_bytes(), 3072u);
  EXPECT_CONSISTENT(pool);
}

TEST(Pool, BestFitSplitsAndMergesBack) {
  auto pool = fresh_pool();
  char* base;
  {
    auto m = pool->malloc(4096, kA);
    base = static_cast<char*>(m->ptr());
  }
  auto a = pool->malloc(1024, kA);
  EXPECT_EQ(a->ptr(), base);  // split: the front piece
  EXPECT_EQ(pool->n_free_blocks(), 1u);
  EXPECT_EQ(pool->free_bytes(), 3072u);
  auto b = pool->malloc(3072, kA);
  EXPECT_EQ(b->ptr(), base + 1024);
  EXPECT_EQ(pool->n_free_blocks(), 0u);
  EXPECT_EQ(pool->total_bytes(), 4096u);
  EXPECT_CONSISTENT(pool);
  a.reset();
  b.reset();
  EXPECT_EQ(pool->n_free_blocks(), 1u);  // merged back into one block
  auto c = pool->malloc(4096, kA);
  EXPECT_EQ(c->ptr(), base);
  EXPECT_EQ(pool->total_bytes(), 4096u);
  EXPECT_CONSISTENT(pool);
}

TEST(Pool, BestFitPicksTheSmallestBlockThatFits) {
  auto pool = fresh_pool();
  void *big, *small;
  {
    auto m1 = pool->malloc(8192, kA);
    auto m2 = pool->malloc(2048, kA);
    big = m1->ptr();
    small = m2->ptr();
  }
  auto m = pool->malloc(1024, kA);
  EXPECT_EQ(m->ptr(), small);
  EXPECT_NE(m->ptr(), big);
  EXPECT_CONSISTENT(pool);
}

TEST(Pool, SmallRequestsDoNotSplitLargeSegments) {
  auto pool = fresh_pool();
  char* large;
  {
    auto m = pool->malloc(4 << 20, kA);
    large = static_cast<char*>(m->ptr());
  }
  auto s = pool->malloc(512, kA);
  char* p = static_cast<char*>(s->ptr());
  EXPECT_TRUE(p < large || p >= large + (4 << 20));  // a new small segment
  EXPECT_EQ(pool->total_bytes(), (4u << 20) + 512u);
  EXPECT_EQ(pool->n_segments(), 2u);
  auto l = pool->malloc(2 << 20, kA);  // a large request does split the large segment
  EXPECT_EQ(l->ptr(), large);
  EXPECT_EQ(pool->n_segments(), 2u);
  EXPECT_CONSISTENT(pool);
}

TEST(Pool, FreeBlocksArePerStream) {
  auto pool = fresh_pool();
  void* p;
  {
    auto m = pool->malloc(1024, kA);
    p = m->ptr();
  }
  auto other = pool->malloc(1024, kB);  // not A's block while memory is available
  EXPECT_NE(other->ptr(), p);
  EXPECT_EQ(pool->total_bytes(), 2048u);
  auto again = pool->malloc(1024, kA);
  EXPECT_EQ(again->ptr(), p);
  EXPECT_CONSISTENT(pool);
}

TEST(Pool, AnotherStreamStealsOnlyWhenOutOfMemory) {
  auto pool = fresh_pool();
  void* p;
  {
    auto m = pool->malloc(4096, kA);
    p = m->ptr();
  }
  pool->set_limit(4096);
  auto b = pool->malloc(1024, kB);  // at the limit: takes (a piece of) A's block
  EXPECT_EQ(b->ptr(), p);
  EXPECT_EQ(pool->total_bytes(), 4096u);
  EXPECT_EQ(pool->n_free_blocks(), 1u);  // the rest stays free, on A
  EXPECT_CONSISTENT(pool);
  b.reset();
  // Pieces freed on different streams are not merged...
  EXPECT_EQ(pool->n_free_blocks(), 2u);
  // ...but the segment is all free, so free_all_blocks returns it; not when limited to one stream.
  pool->free_all_blocks(kA);
  EXPECT_EQ(pool->total_bytes(), 4096u);
  pool->free_all_blocks();
  EXPECT_EQ(pool->total_bytes(), 0u);
  EXPECT_EQ(pool->n_free_blocks(), 0u);
  EXPECT_CONSISTENT(pool);
}

TEST(Pool, FreeAllBlocksOfOneStream) {
  auto pool = fresh_pool();
  {
    auto a = pool->malloc(1024, kA);
    auto b = pool->malloc(2048, kB);
  }
  EXPECT_EQ(pool->total_bytes(), 3072u);
  pool->free_all_blocks(kA);
  EXPECT_EQ(pool->total_bytes(), 2048u);
  EXPECT_EQ(pool->n_free_blocks(), 1u);
  EXPECT_CONSISTENT(pool);
}

TEST(Pool, FreeAllBlocksKeepsSegmentsInUse) {
  auto pool = fresh_pool();
  { auto m = pool->malloc(4096, kA); }
  auto used = pool->malloc(1024, kA);  // splits the segment: 3072 bytes of it stay free
  pool->free_all_blocks();
  EXPECT_EQ(pool->total_bytes(), 4096u);
  EXPECT_EQ(pool->used_bytes(), 1024u);
  EXPECT_CONSISTENT(pool);
}

TEST(Pool, LimitRaisesOutOfMemoryAndLeavesThePoolUsable) {
  auto pool = fresh_pool();
  pool->set_limit(2048);
  EXPECT_EQ(pool->get_limit(), 2048u);
  auto a = pool->malloc(1024);
  try {
    pool->malloc(4096);
    FAIL() << "expected OutOfMemoryError";
  } catch (const OutOfMemoryError& e) {
    std::string msg = e.what();
    EXPECT_NE(msg.find("4096 bytes"), std::string::npos) << msg;
    EXPECT_NE(msg.find("limit is 2048"), std::string::npos) << msg;
    EXPECT_EQ(e.requested, 4096u);
  }
  EXPECT_EQ(pool->used_bytes(), 1024u);
  EXPECT_EQ(pool->total_bytes(), 1024u);
  auto b = pool->malloc(1024);  // still usable
  EXPECT_EQ(pool->used_bytes(), 2048u);
  pool->set_limit(0);
  auto c = pool->malloc(4096);
  EXPECT_CONSISTENT(pool);
}

TEST(Pool, OutOfMemoryFreesCachedBlocksBeforeGivingUp) {
  auto pool = fresh_pool();
  {
    auto m = pool->malloc(1024, kA);
    auto n = pool->malloc(512, kA);
  }
  pool->set_limit(2048);
  auto big = pool->malloc(2048, kA);  // cached 1024 + 512 are returned to make room
  EXPECT_EQ(pool->total_bytes(), 2048u);
  EXPECT_EQ(pool->n_free_blocks(), 0u);
  EXPECT_CONSISTENT(pool);
}

TEST(Pool, OomHookRunsBeforeTheLastRetry) {
  auto pool = fresh_pool();
  pool->set_limit(2048);
  std::shared_ptr<Memory> held = pool->malloc(2048);
  int calls = 0;
  MemoryPool::set_oom_hook([&]() {
    ++calls;
    held.reset();
  });  // "garbage collection"
  auto m = pool->malloc(1024);
  MemoryPool::set_oom_hook(nullptr);
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(pool->used_bytes(), 1024u);
  EXPECT_CONSISTENT(pool);
}

TEST(Pool, HugeRequestRaises) {
  auto pool = fresh_pool();
  EXPECT_THROW(pool->malloc(SIZE_MAX - 10), OutOfMemoryError);
  EXPECT_EQ(pool->total_bytes(), 0u);
}

TEST(Pool, RetiredStreamBlocksGoToTheNullStream) {
  auto pool = default_pool(host_backend(), 0);
  pool->free_all_blocks();
  void* p;
  {
    auto s = StreamObject::create(host_backend());
    {
      auto m = pool->malloc(1536, s->stream());
      p = m->ptr();
    }
    auto pending = pool->malloc(2560, s->stream());
    s.reset();  // destroyed: synchronized, its free blocks become reusable anywhere
    auto m2 = pool->malloc(1536, kNull);
    EXPECT_EQ(m2->ptr(), p);
    EXPECT_CONSISTENT(pool);
  }  // `pending` is freed after its stream is gone: it goes to the null stream's arena
  EXPECT_EQ(pool->used_bytes(), 0u);
  EXPECT_CONSISTENT(pool);
  pool->free_all_blocks();
  EXPECT_EQ(pool->total_bytes(), 0u);
}

TEST(Pool, CurrentStreamDecidesTheArena) {
  auto pool = fresh_pool();
  Backend& b = host_backend();
  auto s = StreamObject::create(b);
  void* p;
  {
    auto m = pool->malloc(1024);
    p = m->ptr();
  }  // on the null stream
  s->use();
  auto on_s = pool->malloc(1024);
  EXPECT_NE(on_s->ptr(), p);
  b.set_current_stream(kNull);
  auto on_null = pool->malloc(1024);
  EXPECT_EQ(on_null->ptr(), p);
}

TEST(Pool, ParseMemoryLimit) {
  EXPECT_EQ(parse_memory_limit(nullptr, 1000), 0u);
  EXPECT_EQ(parse_memory_limit("", 1000), 0u);
  EXPECT_EQ(parse_memory_limit("1073741824", 0), 1073741824u);
  EXPECT_EQ(parse_memory_limit("50%", 1000), 500u);
  EXPECT_EQ(parse_memory_limit(" 12.5% ", 1000), 125u);
  EXPECT_THROW(parse_memory_limit("abc", 1000), ValueError);
  EXPECT_THROW(parse_memory_limit("-5", 1000), ValueError);
  EXPECT_THROW(parse_memory_limit("150%", 1000), ValueError);
  EXPECT_THROW(parse_memory_limit("10GB", 1000), ValueError);
}

TEST(Pool, RawAllocatorBypassesThePool) {
  Backend& b = host_backend();
  auto pool = default_pool(b, 0);
  size_t total0 = pool->total_bytes();
  set_allocator(DeviceType::Host, AllocatorMode::Raw);
  {
    auto m = allocate(b, 1000);
    EXPECT_EQ(m->size(), 1000u);
    EXPECT_EQ(pool->total_bytes(), total0);
  }
  set_allocator(DeviceType::Host, AllocatorMode::Custom,
                [](Backend& bk, int dev, size_t n) { return Memory::raw(bk, n + 1, dev); });
  EXPECT_EQ(allocate(b, 10)->size(), 11u);
  set_allocator(DeviceType::Host, AllocatorMode::Pool);
  EXPECT_EQ(allocate(b, 10)->size(), 512u);
  EXPECT_THROW(set_allocator(DeviceType::Host, AllocatorMode::Custom), ValueError);
  EXPECT_EQ(allocator_mode(DeviceType::Host), AllocatorMode::Pool);
}

TEST(Pool, PinnedPoolAccounting) {
  auto pinned = default_pinned_pool(host_backend());
  pinned->free_all_blocks();
  {
    auto m = allocate_pinned(host_backend(), 100);
    EXPECT_TRUE(m->pinned_host());
    EXPECT_EQ(pinned->used_bytes(), 512u);
    std::memset(m->ptr(), 1, 100);
  }
  EXPECT_EQ(pinned->used_bytes(), 0u);
  EXPECT_EQ(pinned->total_bytes(), 512u);
  pinned->free_all_blocks();
  EXPECT_EQ(pinned->total_bytes(), 0u);
}

// 8 threads, each on its own stream, allocate and free random sizes (small and large) and check
// that no two live blocks overlap (each block carries its owner's tag); then the accounting is
// exact. CUPRIC_POOL_SOAK_SECONDS lengthens the run (the default keeps CI fast).
TEST(Pool, EightThreadsKeepExactAccounting) {
  auto pool = fresh_pool();
  double seconds = 1.0;
  if (const char* s = std::getenv("CUPRIC_POOL_SOAK_SECONDS")) seconds = std::atof(s);
  std::atomic<bool> stop{false}, corrupt{false};
  std::atomic<long> ops{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t]() {
      std::mt19937 rng(1234 + t);
      Stream st = host_stream(reinterpret_cast<void*>(uintptr_t{0x10000} * (t % 4 + 1)));  // 2 threads per stream
      std::vector<std::pair<std::shared_ptr<Memory>, unsigned char>> live;
      while (!stop.load(std::memory_order_relaxed)) {
        if (live.size() < 16 && (live.empty() || rng() % 2)) {
          size_t n = rng() % 8 == 0 ? (size_t{1} << 20) + rng() % (3u << 20) : 1 + rng() % 20000;
          auto m = pool->malloc(n, st);
          unsigned char tag = static_cast<unsigned char>(rng());
          std::memset(m->ptr(), tag, m->size());
          live.emplace_back(std::move(m), tag);
        } else {
          size_t i = rng() % live.size();
          auto& [m, tag] = live[i];
          auto* c = static_cast<unsigned char*>(m->ptr());
          if (c[0] != tag || c[m->size() - 1] != tag || c[m->size() / 2] != tag) corrupt = true;
          live.erase(live.begin() + static_cast<long>(i));
        }
        if (rng() % 1000 == 0) pool->free_all_blocks();
        ops.fetch_add(1, std::memory_order_relaxed);
      }
    });
  }
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
  stop = true;
  for (auto& th : threads) th.join();
  EXPECT_FALSE(corrupt.load()) << "two live blocks overlapped";
  EXPECT_GT(ops.load(), 1000);
  EXPECT_EQ(pool->used_bytes(), 0u);
  EXPECT_EQ(pool->free_bytes(), pool->total_bytes());
  EXPECT_CONSISTENT(pool);
  pool->free_all_blocks();
  EXPECT_EQ(pool->total_bytes(), 0u);
  EXPECT_EQ(pool->n_free_blocks(), 0u);
  EXPECT_EQ(pool->n_segments(), 0u);
}

// Note [Upstream allocator]: segments come from the upstream function, stay cached, and are let
// go (their Memory destroyed) by free_all_blocks; nullptr from it is an out-of-memory answer.
TEST(Pool, UpstreamAllocatorSegmentsAreCachedAndReleased) {
  Backend& b = host_backend();
  int live = 0, calls = 0;
  size_t budget = 2048, in_use = 0;
  auto upstream = [&](size_t n) -> std::shared_ptr<Memory> {
    ++calls;
    if (in_use + n > budget) return nullptr;
    in_use += n;
    ++live;
    void* p = b.raw_alloc(n, 0);
    std::shared_ptr<void> owner(p, [&, n](void* q) {
      b.raw_free(q, 0);
      in_use -= n;
      --live;
    });
    return Memory::unowned(p, n, 0, &b, std::move(owner));
  };
  auto pool = std::make_shared<MemoryPool>(&b, 0, MemoryKind::Device, upstream);
  EXPECT_TRUE(pool->has_upstream());
  void* first;
  {
    auto m = pool->malloc(1000);
    first = m->ptr();
    EXPECT_EQ(m->size(), 1024u);
    EXPECT_EQ(m->kind(), MemoryOrigin::Pooled);
  }
  EXPECT_EQ(live, 1);
  EXPECT_EQ(pool->malloc(900)->ptr(), first);  // the cache, no new call
  EXPECT_EQ(calls, 1);
  {
    auto big = pool->malloc(1536);  // over the budget with the cache: released, then retried
    EXPECT_EQ(live, 1);
    EXPECT_EQ(calls, 3);
    EXPECT_EQ(pool->total_bytes(), 1536u);
    EXPECT_THROW(pool->malloc(1024), OutOfMemoryError);
    EXPECT_EQ(pool->used_bytes(), 1536u);
  }
  pool->free_all_blocks();
  EXPECT_EQ(live, 0);
  EXPECT_EQ(pool->total_bytes(), 0u);
  EXPECT_CONSISTENT(pool);
  auto short_one = std::make_shared<MemoryPool>(&b, 0, MemoryKind::Device,
                                                [&](size_t) { return Memory::unowned(first, 16, 0, &b); });
  EXPECT_THROW(short_one->malloc(10), ValueError);
  EXPECT_EQ(short_one->total_bytes(), 0u);
}

TEST(Pool, DefaultPoolsHaveNoUpstream) { EXPECT_FALSE(default_pool(host_backend(), 0)->has_upstream()); }
