// The registry draws' streams of one kind (Note [Sub-streams by kind] in
// src/random/kind_streams.hpp) give SubStream's words, and the gamma sampler's float test (Note
// [Gamma acceptance in float] in include/cupric/random/distributions/continuous.hpp) decides as
// the plain test: both changes keep every value.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>

#include "cupric/random/distributions.hpp"
#include "random/kind_streams.hpp"

namespace cr = cupric::random;

namespace {

template <class Stream>
void expect_substream_words(cr::BitGenKind kind) {
  for (uint64_t seed : {0ull, 1ull, 0x123456789abcdefull}) {
    for (uint32_t call : {0u, 7u, 0x7fffffffu}) {
      const cr::StreamKey key{seed, 99, call, kind};
      const cr::DrawKey dk = cr::DrawKey::of(key);
      for (uint64_t e : {0ull, 1ull, 4097ull, (1ull << 32) + 5}) {
        cr::SubStream ref(key, e);
        Stream s(dk, e);
        for (int w = 0; w < 19; ++w) ASSERT_EQ(s.next32(), ref.next32()) << "word " << w << " of element " << e;
        ASSERT_EQ(s.uniform_double(), ref.uniform_double());
        ASSERT_EQ(s.uniform_float(), ref.uniform_float());
      }
    }
  }
}

// The test Marsaglia-Tsang made before the float pre-check.
template <class T>
bool plain_accept(T u, T v, T x2, T d) {
  return std::log(u) < T(0.5) * x2 + d * (T(1) - v + std::log(v));
}

template <class T>
void expect_same_decisions() {
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::normal_distribution<double> normal;
  int64_t near = 0;
  for (double shape : {0.0 + 1.0, 1.0 + 1e-9, 1.7, 2.5, 10.0, 1e3, 1e6}) {
    const T d = T(shape) - T(1) / T(3), c = T(1) / std::sqrt(T(9) * d);
    for (int i = 0; i < 200000; ++i) {
      const T x = static_cast<T>(normal(rng));
      T v = T(1) + c * x;
      if (v <= T(0)) continue;
      v = v * v * v;
      const T x2 = x * x;
      // uniforms near the boundary half of the time: exp of the right-hand side, nudged
      T u = static_cast<T>(unit(rng));
      if (i % 2) {
        const T r = std::exp(T(0.5) * x2 + d * (T(1) - v + std::log(v)));
        u = std::nextafter(std::min(r, T(1)), T(0)) * static_cast<T>(1 + (unit(rng) - 0.5) * 1e-5);
        ++near;
      }
      if (!(u > T(0) && u < T(1))) continue;
      ASSERT_EQ(cr::dist::gamma_log_accept<T>(u, v, x2, d), plain_accept<T>(u, v, x2, d))
          << "shape " << shape << " x " << x << " u " << u;
    }
  }
  EXPECT_GT(near, 0);
}

}  // namespace

TEST(RandomKindStreams, PhiloxGivesSubStreamWords) {
  expect_substream_words<cr::PhiloxKindStream>(cr::BitGenKind::Philox4x3210);
}
TEST(RandomKindStreams, XorwowGivesSubStreamWords) {
  expect_substream_words<cr::XorwowKindStream>(cr::BitGenKind::XORWOW);
}
TEST(RandomKindStreams, MrgGivesSubStreamWords) { expect_substream_words<cr::MrgKindStream>(cr::BitGenKind::MRG32k3a); }

TEST(RandomGammaAcceptance, FloatTestDecidesAsThePlainTestDouble) { expect_same_decisions<double>(); }
TEST(RandomGammaAcceptance, FloatTestDecidesAsThePlainTestFloat) { expect_same_decisions<float>(); }
