// permutation's sort keys (Note [Permutation keys on a GPU] in src/random/permutation_keys.hpp):
// the GPU key kernel's functor gives the words Generator::integers(0, 2^32 - 1, uint32,
// endpoint=True) draws on the host, for every generator kind, element by element and four at a time.
#include <gtest/gtest.h>
#include <cstdint>
#include <vector>
#include "cupric/cupric.hpp"
#include "cupric/random.hpp"
#include "random/permutation_keys.hpp"

using namespace cupric;
using random::BitGenKind;

namespace {

template <BitGenKind K>
void expect_integers_words(uint64_t seed) {
  random::Generator g(seed, K);
  (void)g.random(Dims{7}, dtypes::float32);  // a non-zero raw offset
  (void)g.next_substream_key();              // and a sub-stream call before the keys'
  random::Generator probe = g;
  const random::PermutationKeys<K> keys{probe.next_substream_key()};
  const int64_t n = 1003;  // 250 quads and a tail of three
  const std::vector<uint32_t> want = to_vector<uint32_t>(
      g.integers(random::IntBound::of(0), random::IntBound::of(0xffffffff), Dims{n}, dtypes::uint32, true));
  for (int64_t e = 0; e < n; ++e) ASSERT_EQ(keys(static_cast<uint64_t>(e)), want[static_cast<size_t>(e)]) << e;
  for (int64_t q = 0; q < n / 4; ++q) {
    uint32_t v[4];
    keys.quad(static_cast<uint64_t>(q), v);
    for (int j = 0; j < 4; ++j) ASSERT_EQ(v[j], want[static_cast<size_t>(4 * q + j)]) << q;
  }
}

}  // namespace

TEST(PermutationKeys, AreTheCallsIntegers) {
  for (uint64_t seed : {uint64_t{0}, uint64_t{12345}, (uint64_t{1} << 40) + 7}) {
    expect_integers_words<BitGenKind::Philox4x3210>(seed);
    expect_integers_words<BitGenKind::XORWOW>(seed);
    expect_integers_words<BitGenKind::MRG32k3a>(seed);
  }
}
