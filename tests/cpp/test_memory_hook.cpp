// Memory hooks (Note [Memory hooks] in src/runtime/memory_hook.cpp) on the host backend: the
// pool's events, their order and arguments, per-thread installation, deferred alloc events,
// the hot path untouched without a hook, and errors from a hook.
#include <gtest/gtest.h>
#include <stdexcept>
#include <thread>
#include <vector>
#include <cupric/cupric.hpp>
#include <cupric/runtime/memory_hook.hpp>

using namespace cupric;

namespace {

struct Recorder {
  std::vector<MemoryHookEvent> events;
  explicit Recorder() {
    set_thread_memory_hook([this](const MemoryHookEvent& e) { events.push_back(e); });
  }
  ~Recorder() { set_thread_memory_hook(nullptr); }
};

std::shared_ptr<MemoryPool> fresh_pool() { return std::make_shared<MemoryPool>(&host_backend(), 0); }

}  // namespace

TEST(MemoryHook, EventsInCupysOrderWithTheirArguments) {
  auto pool = fresh_pool();
  Recorder r;
  uintptr_t ptr = 0, id = 0;
  {
    auto m = pool->malloc(400);
    ptr = reinterpret_cast<uintptr_t>(m->ptr());
    id = reinterpret_cast<uintptr_t>(m.get());
  }
  ASSERT_EQ(r.events.size(), 6u);
  const MemoryHookPoint want[] = {MemoryHookPoint::MallocPre,  MemoryHookPoint::AllocPre, MemoryHookPoint::AllocPost,
                                  MemoryHookPoint::MallocPost, MemoryHookPoint::FreePre,  MemoryHookPoint::FreePost};
  for (size_t i = 0; i < 6; ++i) EXPECT_EQ(r.events[i].point, want[i]) << i;
  EXPECT_EQ(r.events[0].size, 400u);
  EXPECT_EQ(r.events[0].mem_size, 512u);
  EXPECT_EQ(r.events[2].mem_ptr, ptr);
  EXPECT_EQ(r.events[3].mem_ptr, ptr);
  EXPECT_EQ(r.events[3].pmem_id, id);
  EXPECT_EQ(r.events[4].pmem_id, id);
  EXPECT_EQ(r.events[5].mem_size, 512u);
}

TEST(MemoryHook, CachedBlockHasNoAllocEvents) {
  auto pool = fresh_pool();
  pool->malloc(1000);  // made and cached
  Recorder r;
  auto m = pool->malloc(1000);
  ASSERT_EQ(r.events.size(), 2u);
  EXPECT_EQ(r.events[0].point, MemoryHookPoint::MallocPre);
  EXPECT_EQ(r.events[1].point, MemoryHookPoint::MallocPost);
}

TEST(MemoryHook, PerThreadAndCountedOnlyWhileInstalled) {
  EXPECT_FALSE(memory_hooks_installed());
  auto pool = fresh_pool();
  {
    Recorder r;
    EXPECT_TRUE(memory_hooks_installed());
    std::thread t([&] {
      EXPECT_FALSE(thread_has_memory_hook());
      auto m = pool->malloc(64);
    });
    t.join();
    EXPECT_TRUE(r.events.empty());
  }
  EXPECT_FALSE(memory_hooks_installed());
}

TEST(MemoryHook, PinnedPoolCallsNoHook) {
  auto pinned = std::make_shared<MemoryPool>(&host_backend(), -1, MemoryKind::PinnedHost);
  Recorder r;
  auto m = pinned->malloc(100);
  EXPECT_TRUE(r.events.empty());
}

TEST(MemoryHook, ARaisingPreHookAllocatesNothing) {
  auto pool = fresh_pool();
  set_thread_memory_hook([](const MemoryHookEvent& e) {
    if (e.point == MemoryHookPoint::MallocPre) throw std::runtime_error("refused");
  });
  EXPECT_THROW(pool->malloc(100), std::runtime_error);
  set_thread_memory_hook(nullptr);
  EXPECT_EQ(pool->used_bytes(), 0u);
  EXPECT_EQ(pool->total_bytes(), 0u);
}

TEST(MemoryHook, ADestructorSwallowsAFreeHookError) {
  auto pool = fresh_pool();
  auto m = pool->malloc(100);
  set_thread_memory_hook([](const MemoryHookEvent& e) {
    if (e.point == MemoryHookPoint::FreePost) throw std::runtime_error("late");
  });
  m.reset();  // the block is freed; the error stays in the destructor
  set_thread_memory_hook(nullptr);
  EXPECT_EQ(pool->used_bytes(), 0u);
  EXPECT_EQ(pool->check_consistency(), "");
}
