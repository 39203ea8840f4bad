// Tests of cupric::jit: the cache's disk format (checksums, corruption, atomic writes), the LRU, and
// ElementwiseKernel / ReductionKernel through the C++ API on the default backend.
#include <gtest/gtest.h>
#include <unistd.h>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include "test_helpers.hpp"
#include "cupric/cupric.hpp"  // includes the jit API (cache.hpp, compiler.hpp, kernels.hpp)

using namespace cupric;

namespace {

std::string temp_dir() {
  char buf[] = "/tmp/cupric_jit_test_XXXXXX";
  return ::mkdtemp(buf);
}

struct CacheDir {
  std::string dir = temp_dir();
  CacheDir() { ::setenv("CUPRIC_CACHE_DIR", dir.c_str(), 1); }
  ~CacheDir() {
    ::unsetenv("CUPRIC_CACHE_DIR");
    std::system(("rm -rf '" + dir + "'").c_str());
  }
};

}  // namespace

TEST(JitCache, HashIsStableAndSensitive) {
  EXPECT_EQ(jit::hash_hex("abc"), jit::hash_hex("abc"));
  EXPECT_NE(jit::hash_hex("abc"), jit::hash_hex("abd"));
  EXPECT_EQ(jit::hash_hex("").size(), 32u);
}

TEST(JitCache, EntryRoundTripAndCorruption) {
  CacheDir cd;
  std::string path = jit::entry_path("test", jit::hash_hex("k"), "bin");
  EXPECT_EQ(path.substr(0, cd.dir.size()), cd.dir);
  std::string payload(1000, 'x');
  payload[10] = '\0';
  ASSERT_TRUE(jit::write_entry(path, payload));
  auto back = jit::read_entry(path);
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(*back, payload);
  // flip one payload byte: detected, removed
  uint64_t before = jit::cache_stats().corrupted;
  {
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(500);
    f.put('y');
  }
  EXPECT_FALSE(jit::read_entry(path).has_value());
  EXPECT_EQ(jit::cache_stats().corrupted, before + 1);
  EXPECT_FALSE(std::ifstream(path).good());
  // truncated
  ASSERT_TRUE(jit::write_entry(path, payload));
  ASSERT_EQ(::truncate(path.c_str(), 600), 0);
  EXPECT_FALSE(jit::read_entry(path).has_value());
  // missing
  EXPECT_FALSE(jit::read_entry(path + ".none").has_value());
}

TEST(JitCache, LruEvictsLeastRecentlyUsed) {
  jit::LruCache<int> c(2);
  c.put("a", 1);
  c.put("b", 2);
  EXPECT_EQ(c.get("a").value(), 1);  // a is now the most recent
  c.put("c", 3);
  EXPECT_FALSE(c.get("b").has_value());
  EXPECT_EQ(c.get("a").value(), 1);
  EXPECT_EQ(c.get("c").value(), 3);
  EXPECT_EQ(c.size(), 2u);
}

TEST(JitKernels, ElementwiseGenericAndBroadcast) {
  CacheDir cd;
  ElementwiseKernel k("T x, T y", "T z", "z = x * y + 1", "cpp_fma");
  ndarray x = array(std::vector<double>{1, 2, 3});
  ndarray y = array(std::vector<double>{2, 4}, Dims{2, 1});
  auto outs = k({KernelArg::of(x), KernelArg::of(y)});
  ASSERT_EQ(outs.size(), 1u);
  EXPECT_EQ(outs[0].shape(), (Dims{2, 3}));
  EXPECT_EQ(to_vector<double>(outs[0]), (std::vector<double>{3, 5, 7, 5, 9, 13}));
  EXPECT_THROW(k({KernelArg::of(x), KernelArg::of(astype(x, dtypes::float32))}), TypeError);
}

TEST(JitKernels, ReductionWithPostMap) {
  CacheDir cd;
  ReductionKernel k("T x", "T y", "x * x", "a + b", "y = sqrt(a)", "0", "cpp_l2");
  ndarray x = array(std::vector<double>{3, 4, 6, 8}, Dims{2, 2});
  ndarray r = k({KernelArg::of(x)}, std::vector<int64_t>{1});
  EXPECT_EQ(to_vector<double>(r), (std::vector<double>{5, 10}));
}

TEST(JitKernels, CompileErrorCarriesLog) {
  CacheDir cd;
  ElementwiseKernel k("T x", "T y", "y = x + no_such_name", "cpp_bad");
  try {
    k({KernelArg::of(array(std::vector<double>{1}))});
    FAIL() << "no CompileError";
  } catch (const jit::CompileError& e) {
    EXPECT_NE(e.log.find("no_such_name"), std::string::npos);
    EXPECT_NE(e.source.find("CArray"), std::string::npos);
  }
}
