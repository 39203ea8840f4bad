// FastDivU32 (src/kernels/fast_div.hpp), the magic-number division of the CUDA strided kernels
// (Note [Strided index division] in cuda_loops.cuh): n / d for every extent and index the 32-bit
// plans can hold, checked on the host with the same arithmetic the device runs.
#include <gtest/gtest.h>
#include <cstdint>
#include <random>
#include <vector>
#include "engine/elementwise/fast_div.hpp"

using cupric::FastDivU32;

namespace {

void check(uint32_t d, uint32_t n) {
  FastDivU32 f = FastDivU32::make(d);
  ASSERT_EQ(f.div(n), n / d) << "n=" << n << " d=" << d;
}

}  // namespace

TEST(FastDiv, SmallExtentsAllSmallIndices) {
  for (uint32_t d = 1; d <= 600; ++d)
    for (uint32_t n = 0; n <= 5000; ++n) check(d, n);
}

TEST(FastDiv, EdgesNearPowersOfTwoAndLimits) {
  std::vector<uint32_t> ds;
  for (int k = 1; k <= 31; ++k)
    for (int64_t o = -2; o <= 2; ++o) {
      int64_t d = (int64_t{1} << k) + o;
      if (d >= 1 && d < (int64_t{1} << 31)) ds.push_back(static_cast<uint32_t>(d));
    }
  ds.push_back(0x7fffffffu);
  const uint32_t nmax = 0x7fffffffu;
  for (uint32_t d : ds) {
    for (uint32_t n : {0u, 1u, d - 1, d, d + 1, 2 * d - 1, 2 * d, nmax, nmax - 1, nmax / d * d, nmax / d * d - 1})
      if (n <= nmax) check(d, n);
  }
}

TEST(FastDiv, RandomExtentsAndIndices) {
  std::mt19937_64 rng(12345);
  std::uniform_int_distribution<uint32_t> dd(1, 0x7fffffffu), nn(0, 0x7fffffffu);
  std::uniform_int_distribution<uint32_t> small(1, 70000);
  for (int i = 0; i < 200000; ++i) {
    uint32_t d = (i % 2) ? dd(rng) : small(rng);
    check(d, nn(rng));
  }
}

TEST(FastDiv, ExtentOneIsIdentity) {
  FastDivU32 f = FastDivU32::make(1);
  EXPECT_EQ(f.magic, 1u);
  EXPECT_EQ(f.shift, 0u);
  EXPECT_EQ(f.div(0x7fffffffu), 0x7fffffffu);
}
