// The CUDA runtime pieces of the C++ API on the host backend: MemoryPointer copies, arrays over
// given memory, AsyncMemoryPool, per-thread allocators, graph capture refused on the host, the
// pool's capture registry, NVTX no-ops and NCCL's clear error.
#include <gtest/gtest.h>
#include <numeric>
#include <thread>
#include <vector>
#include <cupric/cupric.hpp>
#include <cupric/memptr_array.hpp>
#include <cupric/runtime/graph.hpp>
#include <cupric/runtime/nccl.hpp>
#include <cupric/runtime/nvtx.hpp>
#include <cupric/runtime/stream.hpp>

using namespace cupric;

namespace {
Backend& hb() { return host_backend(); }
std::shared_ptr<MemoryPool> fresh_pool() { return std::make_shared<MemoryPool>(&hb(), 0); }
}  // namespace

TEST(MemoryPointer, CopiesMemsetAndOffsets) {
  auto pool = fresh_pool();
  MemoryPointer a(pool->malloc(400));
  std::vector<int32_t> h(100);
  std::iota(h.begin(), h.end(), 0);
  a.copy_from_host(h.data(), 400);
  MemoryPointer b(pool->malloc(400));
  b.copy_from_device(a, 400);
  (b + 40).memset(0, 8);
  std::vector<int32_t> out(100, -1);
  b.copy_to_host(out.data(), 400);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(out[i], (i == 10 || i == 11) ? 0 : i);
  EXPECT_EQ((a + 16).ptr(), a.ptr() + 16);
  EXPECT_THROW(a + 513, ValueError);
  EXPECT_EQ(a.mem()->size(), 512u);  // rounded by the pool
  std::vector<char> big(513);
  EXPECT_THROW(a.copy_from_host(big.data(), 513), ValueError);
  EXPECT_THROW((a + 511).memset(0, 2), ValueError);
  EXPECT_EQ(a.mem()->kind(), MemoryOrigin::Pooled);
}

TEST(MemoryPointer, ArrayFromMemptrChecksBounds) {
  auto pool = fresh_pool();
  MemoryPointer p(pool->malloc(64));
  ndarray a = array_from_memptr(p, Dims{4, 4}, dtypes::float32, nullptr);
  EXPECT_EQ(a.data_ptr(), p.ptr());
  EXPECT_TRUE(a.c_contiguous());
  ndarray f = array_from_memptr(p, Dims{4, 4}, dtypes::float32, nullptr, Order::F);
  EXPECT_TRUE(f.f_contiguous());
  EXPECT_THROW(array_from_memptr(p, Dims{129}, dtypes::float32, nullptr), ValueError);  // 516 > 512 bytes
  EXPECT_THROW(array_from_memptr(p + 4, Dims{128}, dtypes::float32, nullptr), ValueError);
  Dims neg{-4};
  EXPECT_THROW(array_from_memptr(p, Dims{2}, dtypes::float32, &neg), ValueError);
  ndarray r = array_from_memptr(p + 12, Dims{4}, dtypes::float32, &neg);
  EXPECT_EQ(r.data_ptr(), p.ptr() + 12);
}

TEST(AsyncMemoryPool, HostAccountingLimitAndOom) {
  auto ap = std::make_shared<AsyncMemoryPool>(&hb());
  size_t base = ap->used_bytes(0);
  {
    auto m = ap->malloc(1000);
    EXPECT_EQ(m->kind(), MemoryOrigin::Async);
    EXPECT_EQ(ap->used_bytes(0), base + 1000);
    EXPECT_EQ(ap->handed_out(), 1000u);
    ap->set_limit(1500);
    EXPECT_THROW(ap->malloc(600), OutOfMemoryError);
    EXPECT_EQ(ap->handed_out(), 1000u);
  }
  EXPECT_EQ(ap->used_bytes(0), base);
  EXPECT_EQ(ap->handed_out(), 0u);
  auto m2 = ap->malloc(1400);  // usable after the OOM
  EXPECT_NE(m2->ptr(), nullptr);
}

TEST(Allocator, ThreadAllocatorOverridesOnlyThisThread) {
  auto pool = default_pool(hb(), 0);
  pool->free_all_blocks();
  size_t used = pool->used_bytes();
  auto prev = exchange_thread_allocator(
      DeviceType::Host, std::make_shared<ThreadAllocator>(ThreadAllocator{AllocatorMode::Raw, nullptr}));
  EXPECT_EQ(prev, nullptr);
  auto raw = allocate(hb(), 1000);
  EXPECT_EQ(raw->kind(), MemoryOrigin::Raw);
  EXPECT_EQ(pool->used_bytes(), used);
  std::shared_ptr<Memory> other;
  std::thread t([&] { other = allocate(hb(), 1000); });
  t.join();
  EXPECT_EQ(other->kind(), MemoryOrigin::Pooled);
  EXPECT_EQ(exchange_thread_allocator(DeviceType::Host, nullptr)->mode, AllocatorMode::Raw);
  EXPECT_EQ(allocate(hb(), 10)->kind(), MemoryOrigin::Pooled);
}

TEST(Graph, HostBackendRefusesCaptureAndChangesNothing) {
  auto s = StreamObject::create(hb());
  EXPECT_THROW(begin_capture(hb(), s->stream()), RuntimeError);
  EXPECT_FALSE(is_capturing(hb(), s->stream()));
  EXPECT_FALSE(capture_has(s->stream()));
  EXPECT_FALSE(capture_active());
  EXPECT_THROW(end_capture(hb(), s->stream()), RuntimeError);
}

TEST(Graph, PoolKeepsCapturedMemoryThroughTheRegistry) {
  // The registry alone (the host cannot capture): blocks allocated or freed on a registered
  // stream are kept until capture_end hands them over.
  auto pool = fresh_pool();
  Stream s{reinterpret_cast<void*>(uintptr_t{0x5000}), 0, DeviceType::Host};
  auto before = pool->malloc(1024, s);
  capture_begin(s);
  EXPECT_TRUE(capture_active());
  EXPECT_THROW(capture_begin(s), RuntimeError);
  auto during = pool->malloc(512, s);
  before.reset();  // freed during capture: kept
  during.reset();  // allocated during capture: kept
  EXPECT_EQ(pool->used_bytes(), 1536u);
  pool->free_all_blocks();  // no release while capturing
  EXPECT_EQ(pool->total_bytes(), 1536u);
  auto kept = capture_end(s);
  EXPECT_EQ(kept.size(), 2u);
  EXPECT_FALSE(capture_active());
  kept.clear();
  EXPECT_EQ(pool->used_bytes(), 0u);
  EXPECT_EQ(pool->check_consistency(), "");
}

TEST(Nvtx, CallsAreSafeWithOrWithoutTheLibrary) {
  bool ok = nvtx::available();
  nvtx::mark("m", nvtx::color_of_id(1));
  int d = nvtx::range_push("r");
  int e = nvtx::range_pop();
  if (!ok) {
    EXPECT_EQ(d, -1);
    EXPECT_EQ(e, -1);
  }
  EXPECT_EQ(nvtx::color_of_id(-1), 0u);
  EXPECT_EQ(nvtx::color_of_id(0), nvtx::color_of_id(10));
}

TEST(Nccl, MissingLibraryNamesIt) {
  if (nccl::available()) GTEST_SKIP() << "libnccl is installed";
  try {
    nccl::get_unique_id();
    FAIL() << "no error";
  } catch (const RuntimeError& e) { EXPECT_NE(std::string(e.what()).find("libnccl.so.2"), std::string::npos); }
}

TEST(AsyncMemoryPool, FreeAfterItsStreamIsDestroyedIsSafe) {
  auto ap = std::make_shared<AsyncMemoryPool>(&hb());
  size_t base = ap->used_bytes(0);
  std::shared_ptr<Memory> m;
  {
    auto s = StreamObject::create(hb());
    m = ap->malloc(4096, s->stream());
  }  // the stream is gone; the memory is still in use
  EXPECT_EQ(ap->used_bytes(0), base + 4096);
  m.reset();  // freed on the legacy stream
  EXPECT_EQ(ap->used_bytes(0), base);
  auto s2 = StreamObject::create(hb());  // may take the old handle: revived
  auto m2 = ap->malloc(100, s2->stream());
  m2.reset();
  EXPECT_EQ(ap->used_bytes(0), base);
}
