// Tests of RawKernel / RawModule code on the host through the C++ API (cupric/jit/host_raw.hpp):
// the source scan and rewrite, and launches with block semantics (barriers, shuffles, dynamic
// shared memory, the deadlock error).
#include <gtest/gtest.h>
#include <unistd.h>
#include <cstdlib>
#include <numeric>
#include <vector>
#include "cupric/jit/host_raw.hpp"

using namespace cupric;

namespace {

struct CacheDir {
  std::string dir;
  CacheDir() {
    char buf[] = "/tmp/cupric_jit_raw_test_XXXXXX";
    dir = ::mkdtemp(buf);
    ::setenv("CUPRIC_CACHE_DIR", dir.c_str(), 1);
  }
  ~CacheDir() {
    ::unsetenv("CUPRIC_CACHE_DIR");
    std::system(("rm -rf '" + dir + "'").c_str());
  }
};

const char* kBlockSum = R"(
extern "C" __global__ void block_sum(const double* x, double* out, int n) {
  extern __shared__ double buf[];
  int t = threadIdx.x;
  double s = 0;
  for (int i = t; i < n; i += blockDim.x) s += x[i];
  buf[t] = s;
  __syncthreads();
  for (int k = blockDim.x / 2; k > 0; k >>= 1) {
    if (t < k) buf[t] += buf[t + k];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = buf[0] + __shfl_sync(0xffffffffu, 0.0, 0);
}
)";

}  // namespace

TEST(JitHostRaw, ScanFindsKernelsAndRewritesDynamicShared) {
  auto t = jit::translate_raw_source(kBlockSum, "k");
  ASSERT_EQ(t.kernels.size(), 1u);
  EXPECT_EQ(t.kernels[0], "block_sum");
  EXPECT_TRUE(t.needs_fibers);
  EXPECT_EQ(t.text.find("extern __shared__"), std::string::npos);
  EXPECT_NE(t.text.find("double* buf = reinterpret_cast<double*>(::cupric_host::dynamic_shared());"),
            std::string::npos);
  auto plain = jit::translate_raw_source("extern \"C\" __global__ void a(int* x) { x[0] = 1; }", "k");
  EXPECT_FALSE(plain.needs_fibers);
}

TEST(JitHostRaw, RefusesInlinePtx) {
  try {
    jit::translate_raw_source("extern \"C\" __global__ void a(int* x) {\n  asm(\"exit;\");\n}", "k");
    FAIL() << "expected a CompileError";
  } catch (const jit::CompileError& e) {
    EXPECT_NE(std::string(e.what()).find("inline PTX"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("line 2"), std::string::npos);
  }
}

TEST(JitHostRaw, BlockReductionWithBarriers) {
  CacheDir cache;
  auto mod = jit::compile_host_raw(kBlockSum, {}, {}, "block_sum");
  auto fn = mod->function("block_sum");
  std::vector<double> x(1000);
  std::iota(x.begin(), x.end(), 1.0);
  std::vector<double> out(3, 0.0);
  const double* xp = x.data();
  double* op = out.data();
  int n = static_cast<int>(x.size());
  void* args[] = {&xp, &op, &n};
  unsigned grid[3] = {3, 1, 1}, block[3] = {128, 1, 1};
  fn.launch(grid, block, args, 3, 128 * sizeof(double));
  for (double v : out) EXPECT_EQ(v, 500500.0);
}

TEST(JitHostRaw, DivergentBarrierIsAnError) {
  CacheDir cache;
  auto mod = jit::compile_host_raw(
      "extern \"C\" __global__ void d(int* x) { if (threadIdx.x == 0) __syncthreads(); else __syncwarp(); }", {}, {},
      "d");
  int v = 0;
  int* p = &v;
  void* args[] = {&p};
  unsigned grid[3] = {1, 1, 1}, block[3] = {8, 1, 1};
  EXPECT_THROW(mod->function("d").launch(grid, block, args, 1, 0), RuntimeError);
}
