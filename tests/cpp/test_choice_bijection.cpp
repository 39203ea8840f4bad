// choice's keyed bijection (Note [Choice by a keyed bijection] in src/random/choice_bijection.hpp):
// for every range size up to 600 and a few beyond, under several keys, the functor maps [0, n)
// onto [0, n) one to one; the keys are the call's sub-stream words, so different calls permute
// differently, and the network alone (before cycle walking) is a bijection of [0, 2^b).
#include <gtest/gtest.h>
#include <algorithm>
#include <cstdint>
#include <vector>
#include "cupric/cupric.hpp"
#include "cupric/random.hpp"
#include "random/choice_bijection.hpp"

using namespace cupric;
using random::BitGenKind;
using random::ChoiceBijectionF;

namespace {

// f maps [0, n) onto [0, n) one to one.
void expect_bijection(const ChoiceBijectionF& f, int64_t n) {
  std::vector<char> seen(static_cast<size_t>(n), 0);
  for (int64_t i = 0; i < n; ++i) {
    const int64_t v = f(i);
    ASSERT_GE(v, 0) << "n " << n << " i " << i;
    ASSERT_LT(v, n) << "n " << n << " i " << i;
    ASSERT_FALSE(seen[static_cast<size_t>(v)]) << "n " << n << " value " << v << " taken twice";
    seen[static_cast<size_t>(v)] = 1;
  }
}

}  // namespace

TEST(ChoiceBijection, MapsEveryRangeOntoItself) {
  for (BitGenKind kind : {BitGenKind::Philox4x3210, BitGenKind::XORWOW, BitGenKind::MRG32k3a}) {
    random::Generator g(20261202, kind);
    for (int64_t n = 1; n <= 600; ++n) expect_bijection(ChoiceBijectionF::make(g.next_substream_key(), n), n);
    for (int64_t n : {int64_t{1} << 16, (int64_t{1} << 16) + 1, int64_t{100003}})
      expect_bijection(ChoiceBijectionF::make(g.next_substream_key(), n), n);
  }
}

TEST(ChoiceBijection, TheNetworkPermutesItsWords) {
  random::Generator g(7);
  for (uint64_t n : {uint64_t{2}, uint64_t{1000}, uint64_t{1} << 20, (uint64_t{1} << 21) - 5}) {
    const ChoiceBijectionF f = ChoiceBijectionF::make(g.next_substream_key(), n);
    const uint64_t words = uint64_t{1} << (f.left + f.right);
    ASSERT_GE(words, n);
    ASSERT_LT(words / 2, n);
    std::vector<char> seen(words, 0);
    for (uint64_t x = 0; x < words; ++x) {
      const uint64_t y = f.network(x);
      ASSERT_LT(y, words);
      ASSERT_FALSE(seen[y]) << y;
      seen[y] = 1;
    }
  }
}

TEST(ChoiceBijection, CallsDrawDifferentPermutations) {
  random::Generator g(3);
  const int64_t n = 1000;
  const ChoiceBijectionF a = ChoiceBijectionF::make(g.next_substream_key(), n);
  const ChoiceBijectionF b = ChoiceBijectionF::make(g.next_substream_key(), n);
  int same = 0;
  for (int64_t i = 0; i < n; ++i) same += a(i) == b(i);
  EXPECT_LT(same, 10);  // two independent permutations of 1000 agree in about one place
}

TEST(ChoiceBijection, HugeRangesStayInRange) {
  random::Generator g(5);
  for (uint64_t n : {uint64_t{1} << 62, (uint64_t{1} << 63) - 1, uint64_t{1000000000000}}) {
    const ChoiceBijectionF f = ChoiceBijectionF::make(g.next_substream_key(), n);
    std::vector<int64_t> v;
    for (int64_t i = 0; i < 2000; ++i) {
      v.push_back(f(i));
      ASSERT_GE(v.back(), 0);
      ASSERT_LT(static_cast<uint64_t>(v.back()), n);
    }
    std::sort(v.begin(), v.end());
    EXPECT_EQ(std::adjacent_find(v.begin(), v.end()), v.end());
  }
}

TEST(ChoiceBijection, NarrowWordsGiveTheWideValues) {
  // Words of at most 32 bits run in 32-bit arithmetic: the same network as the 64-bit form.
  random::Generator g(11);
  for (uint64_t n : {uint64_t{2}, uint64_t{777}, uint64_t{1} << 20, (uint64_t{1} << 31) + 3, uint64_t{1} << 32}) {
    const ChoiceBijectionF f = ChoiceBijectionF::make(g.next_substream_key(), n);
    ASSERT_TRUE(f.narrow());
    const uint64_t words = uint64_t{1} << (f.left + f.right);
    for (uint64_t j = 0; j < 200000; ++j) {
      const uint64_t x = words <= 200000 ? j % words : random::splitmix64(j) % words;
      ASSERT_EQ(static_cast<uint64_t>(f.network_in<uint32_t>(static_cast<uint32_t>(x))), f.network_in<uint64_t>(x))
          << "n " << n << " x " << x;
    }
  }
  EXPECT_FALSE(ChoiceBijectionF::make(g.next_substream_key(), (uint64_t{1} << 32) + 1).narrow());
}
