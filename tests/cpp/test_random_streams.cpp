// cupric.random's raw streams against cuRAND's host generator (the oracle: libcurand, linked into
// this test only when CUDAToolkit's curand is found), and the stream design's invariants: the same
// words whatever the chunking of the calls (Note [Random streams]).
#include <gtest/gtest.h>
#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>
#include "cupric/cupric.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/random.hpp"
#include "random/draw_kernels.hpp"
#include "random/jump_tables.hpp"
#include "random/xorwow_jumps.hpp"
#include "random/permutation_ties.hpp"
#include "random/xorwow_chunks.hpp"
#if defined(CUPRIC_TEST_CURAND)
#include <curand.h>
#endif

using namespace cupric;
using random::BitGenKind;

namespace {

std::vector<uint32_t> cupric_words(BitGenKind kind, uint64_t seed, uint64_t offset, std::vector<int64_t> chunks) {
  random::Generator g(seed, kind);
  g.set_offset(offset);
  std::vector<uint32_t> all;
  for (int64_t n : chunks) {
    std::vector<uint32_t> v = to_vector<uint32_t>(g.raw(Dims{n}, dtypes::uint32));
    all.insert(all.end(), v.begin(), v.end());
  }
  return all;
}

constexpr BitGenKind kKinds[] = {BitGenKind::Philox4x3210, BitGenKind::XORWOW, BitGenKind::MRG32k3a};

}  // namespace

TEST(RandomStreams, ChunkingDoesNotChangeTheWords) {
  for (BitGenKind k : kKinds) {
    std::vector<uint32_t> one = cupric_words(k, 42, 0, {10000});
    std::vector<uint32_t> many = cupric_words(k, 42, 0, {1, 2, 3, 4094, 4096, 1804});
    EXPECT_EQ(one, many) << random::bit_generator_name(k);
    std::vector<uint32_t> shifted = cupric_words(k, 42, 3, {9997});
    EXPECT_TRUE(std::equal(shifted.begin(), shifted.end(), one.begin() + 3)) << random::bit_generator_name(k);
    EXPECT_NE(one, cupric_words(k, 43, 0, {10000})) << random::bit_generator_name(k);
  }
}

TEST(RandomStreams, PhiloxKnownAnswer) {
  // Random123's known-answer vector for Philox4x32-10: counter 0, key 0.
  random::Words4 r = random::philox4x32_10(random::Words4{{0, 0, 0, 0}}, 0, 0);
  EXPECT_EQ(r.w[0], 0x6627e8d5u);
  EXPECT_EQ(r.w[1], 0xe169c58du);
  EXPECT_EQ(r.w[2], 0xbc57ac4cu);
  EXPECT_EQ(r.w[3], 0x9b00dbd8u);
}

TEST(RandomStreams, SubStreamsIndependentOfTheRawStream) {
  random::StreamKey key{7, 0, 0, BitGenKind::Philox4x3210};
  random::SubStream s(key, 0);
  uint32_t first = s.next32();
  for (uint64_t g = 0; g < 4096; ++g) EXPECT_NE(first, random::philox_curand_raw(7, g)) << g;
}

TEST(RandomStreams, SameWordsAsCurandHostGenerator) {
#if defined(CUPRIC_TEST_CURAND)
  const curandRngType_t types[] = {CURAND_RNG_PSEUDO_PHILOX4_32_10, CURAND_RNG_PSEUDO_XORWOW,
                                   CURAND_RNG_PSEUDO_MRG32K3A};
  for (int t = 0; t < 3; ++t) {
    for (uint64_t seed : {0ull, 1234567890123ull, 0xffffffffffffffffull}) {
      for (uint64_t offset : {5ull, 100003ull}) {
        const size_t n = 90000;  // more than MRG32k3a's 81920 lanes
        curandGenerator_t g;
        ASSERT_EQ(curandCreateGeneratorHost(&g, types[t]), CURAND_STATUS_SUCCESS);
        curandSetPseudoRandomGeneratorSeed(g, seed);
        curandSetGeneratorOffset(g, offset);
        std::vector<uint32_t> ref(n);
        ASSERT_EQ(curandGenerate(g, ref.data(), n), CURAND_STATUS_SUCCESS);
        curandDestroyGenerator(g);
        std::vector<uint32_t> ours = cupric_words(kKinds[t], seed, offset, {static_cast<int64_t>(n)});
        size_t bad = 0;
        for (size_t i = 0; i < n; ++i) bad += ours[i] != ref[i];
        EXPECT_EQ(bad, 0u) << random::bit_generator_name(kKinds[t]) << " seed " << seed << " offset " << offset;
      }
    }
  }
#else
  GTEST_SKIP() << "libcurand not found at configure time: the cuRAND oracle comparison is skipped";
#endif
}

TEST(RandomStreams, Float32UniformAsCurandGenerateUniform) {
#if defined(CUPRIC_TEST_CURAND)
  // Note [cuRAND uniform floats]: CuPy's RandomState.random_sample(dtype=float32) numbers.
  const curandRngType_t types[] = {CURAND_RNG_PSEUDO_PHILOX4_32_10, CURAND_RNG_PSEUDO_XORWOW};
  for (int t = 0; t < 2; ++t) {
    const size_t n = 50000;
    curandGenerator_t g;
    ASSERT_EQ(curandCreateGeneratorHost(&g, types[t]), CURAND_STATUS_SUCCESS);
    curandSetPseudoRandomGeneratorSeed(g, 2024);
    std::vector<float> ref(n);
    ASSERT_EQ(curandGenerateUniform(g, ref.data(), 1000), CURAND_STATUS_SUCCESS);
    ASSERT_EQ(curandGenerateUniform(g, ref.data() + 1000, n - 1000), CURAND_STATUS_SUCCESS);
    curandDestroyGenerator(g);
    for (float& x : ref) x = x == 1.0f ? 0.0f : x;
    random::Generator ours(2024, kKinds[t]);
    std::vector<float> a = to_vector<float>(ours.random_curand(Dims{1000}, dtypes::float32));
    std::vector<float> b = to_vector<float>(ours.random_curand(Dims{static_cast<int64_t>(n - 1000)}, dtypes::float32));
    a.insert(a.end(), b.begin(), b.end());
    EXPECT_EQ(a, ref) << random::bit_generator_name(kKinds[t]);
  }
#else
  GTEST_SKIP() << "libcurand not found at configure time: the cuRAND oracle comparison is skipped";
#endif
}

// PhiloxSubStream (the block draws' rejections, the tie fix-up) gives SubStream's Philox words.
TEST(RandomStreams, PhiloxSubStreamIsSubStreamsPhiloxBranch) {
  for (uint64_t e : {uint64_t{0}, uint64_t{5}, uint64_t{1} << 33, ~uint64_t{0}}) {
    const random::StreamKey k{0x123456789abcdefull, 0, 0x80000007u, BitGenKind::Philox4x3210};
    random::SubStream a(k, e);
    random::PhiloxSubStream b(k, e);
    for (int i = 0; i < 11; ++i) ASSERT_EQ(a.next32(), b.next32()) << "element " << e << " word " << i;
    EXPECT_EQ(a.next64(), b.next64());
  }
}

// Note [XORWOW jump table at build time]: the table the build wrote is the squarings' result, and
// its matrices jump as stepping does.
TEST(RandomStreams, XorwowBuildTimeTableIsTheSquarings) {
  EXPECT_EQ(random::host_jump_table(BitGenKind::XORWOW), random::compute_xorwow_jump_table());
  const uint32_t* table = random::host_jump_table(BitGenKind::XORWOW).data();
  random::Xorwow a = random::Xorwow::seeded(42), b = a;
  for (int i = 0; i < 1000; ++i) a.next();
  random::xorwow_skip(b, 1000, table);
  EXPECT_EQ(a.next(), b.next());
}

// The row layout the CUDA start-state kernel reads (xorwow_row_word): bit t of output word k is
// the parity of row (k, t) AND the state, as the kernel's popc and ballot compute it.
TEST(RandomStreams, XorwowRowLayoutGivesTheSameProducts) {
  const std::vector<uint32_t>& rows = random::xorwow_warp_table();
  EXPECT_EQ(rows, random::xorwow_row_layout(random::host_jump_table(BitGenKind::XORWOW)));
  const uint32_t* table = random::host_jump_table(BitGenKind::XORWOW).data();
  random::Xorwow x = random::Xorwow::seeded(7);
  for (int mi : {0, 5, 63, 64, 79}) {
    random::Xorwow ref = x;
    ref.apply(table + static_cast<int64_t>(mi) * random::kXorwowMatrixWords);
    const uint32_t* m = rows.data() + static_cast<int64_t>(mi) * random::kXorwowMatrixWords;
    for (int k = 0; k < 5; ++k) {
      uint32_t r = 0;
      for (int t = 0; t < 32; ++t) {
        uint32_t acc = 0;
        for (int w = 0; w < 5; ++w) acc ^= m[random::xorwow_row_word(k, w, t)] & x.v[w];
        r |= static_cast<uint32_t>(__builtin_popcount(acc) & 1) << t;
      }
      EXPECT_EQ(r, ref.v[k]) << "matrix " << mi << " word " << k;
    }
    x.next();
  }
}

// The CUDA path's split of an XORWOW draw into (lane, chunk) threads (Note [XORWOW lane chunks]),
// run here thread by thread with the same CUPRIC_HD code and one-thread jumps where the kernel
// has warp jumps: the words must be the lane loop's (which the cuRAND test above checks).
TEST(RandomStreams, XorwowChunkSplitGivesTheLaneLoopsWords) {
  const uint32_t* table = random::host_jump_table(BitGenKind::XORWOW).data();
  struct Case {
    uint64_t offset, count;
  };
  // Fewer words than lanes, a partial last round, several chunks, and C > 64 (16M words).
  // The chunk limit's default and the benchmark's other settings (xorwow_max_chunks).
  for (int most : {random::kXorwowMaxChunks, 1, 5, 64})
    for (Case c : {Case{0, 1}, Case{7, 1000}, Case{4095, 4097}, Case{12345, 4096 * 200 + 77},
                   Case{3, (4096ull * 4096 * 9) / 8 + 5}}) {
      random::set_xorwow_max_chunks(most);
      random::XorwowChunkPlan p = random::plan_xorwow_chunks(99, c.offset, c.count);
      random::set_xorwow_max_chunks(0);
      ASSERT_LE(p.chunks, most);
      ASSERT_GE(p.chunks << p.chunk_log2, static_cast<int64_t>(p.lane_length(0)));
      std::vector<uint32_t> states(static_cast<size_t>(6 * p.states()));
      for (int64_t j = 0; j < p.lanes; ++j) {
        random::Xorwow x = random::xorwow_lane_start(p, j, table);
        for (int64_t k = 0; k < p.chunks; ++k) {
          random::store_xorwow_state(states.data(), p, k * p.lanes + j, x);
          x.apply(table + static_cast<int64_t>(p.chunk_log2) * random::kXorwowMatrixWords);
          x.d += static_cast<uint32_t>(uint64_t{1} << p.chunk_log2) * 362437u;
        }
      }
      std::vector<uint32_t> out(c.count, 0u);
      random::WordSink sink{out.data()};
      for (int64_t s = 0; s < p.states(); ++s) random::xorwow_fill_chunk(p, states.data(), s, sink);
      std::vector<uint32_t> ref = cupric_words(BitGenKind::XORWOW, 99, c.offset, {static_cast<int64_t>(c.count)});
      size_t bad = 0;
      for (size_t i = 0; i < out.size(); ++i) bad += out[i] != ref[i];
      EXPECT_EQ(bad, 0u) << "offset " << c.offset << " count " << c.count << " chunk 2^" << p.chunk_log2;
    }
}

// Note [Permutation by 32-bit keys]: a run of equal keys comes out in a uniformly random order
// (every order of four tied elements about equally often over many calls), distinct keys keep
// the sort's order, and the result is always a permutation of the order.
TEST(RandomStreams, PermutationTiesAreBrokenUniformly) {
  const uint32_t keys[] = {1, 7, 7, 7, 7, 9};
  const int32_t order[] = {5, 0, 1, 2, 3, 4};
  std::vector<int> counts(4 * 4 * 4 * 4, 0);
  const int calls = 24000;
  for (uint32_t c = 0; c < static_cast<uint32_t>(calls); ++c) {
    random::PermutationTiesF f{keys, order, 6, random::StreamKey{3, 0, c, BitGenKind::Philox4x3210}};
    int64_t got[6];
    for (int64_t i = 0; i < 6; ++i) got[i] = f(i);
    EXPECT_EQ(got[0], 5);
    EXPECT_EQ(got[5], 4);
    std::vector<int64_t> mid(got + 1, got + 5);
    std::sort(mid.begin(), mid.end());
    ASSERT_EQ(mid, (std::vector<int64_t>{0, 1, 2, 3}));
    ++counts[static_cast<size_t>(((got[1] * 4 + got[2]) * 4 + got[3]) * 4 + got[4])];
  }
  // 24 orders, 1000 expected each: a chi-square with 23 degrees of freedom below 60 (p ~ 4e-5).
  double chi2 = 0;
  int orders = 0;
  for (int v : counts)
    if (v) {
      ++orders;
      chi2 += (v - 1000.0) * (v - 1000.0) / 1000.0;
    }
  EXPECT_EQ(orders, 24);
  EXPECT_LT(chi2, 60.0);
}

// Runs of two (nearly all of them) take the two-key shortcut: each order about half the time, the
// two elements of the run agreeing on it, and the XORWOW sub-streams (SubStream) as Philox's.
TEST(RandomStreams, PermutationTiedPairsAreBrokenUniformly) {
  const uint32_t keys[] = {2, 4, 4, 8, 8};
  const int32_t order[] = {0, 3, 1, 2, 4};
  for (BitGenKind kind : {BitGenKind::Philox4x3210, BitGenKind::XORWOW}) {
    int swapped = 0;
    const int calls = 20000;
    for (uint32_t c = 0; c < static_cast<uint32_t>(calls); ++c) {
      random::PermutationTiesF f{keys, order, 5, random::StreamKey{11, 0, c, kind}};
      const int64_t a = f(1), b = f(2), x = f(3), y = f(4);
      ASSERT_EQ(f(0), 0);
      ASSERT_TRUE((a == 3 && b == 1) || (a == 1 && b == 3));
      ASSERT_TRUE((x == 2 && y == 4) || (x == 4 && y == 2));
      swapped += a == 1;
    }
    EXPECT_NEAR(swapped, calls / 2, 500);  // 7 standard deviations
  }
}

// Note [Permutation groups on a GPU]: a group's elements in any order (the GPU's unstable sort, or
// its O(m^2) fallback placing each element at permutation_slot) give the fix-up's result over the
// same pairs stably sorted, ties and all.
TEST(RandomStreams, PermutationSlotsGiveTheFixUpsOrder) {
  std::mt19937_64 rng(5);
  for (int trial = 0; trial < 200; ++trial) {
    const int64_t n = 1 + static_cast<int64_t>(rng() % 60);
    const uint32_t range = 1 + static_cast<uint32_t>(rng() % 20);  // many ties, runs of 3 and more
    std::vector<uint32_t> keys(static_cast<size_t>(n));
    std::vector<int32_t> pos(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) {
      keys[static_cast<size_t>(i)] = static_cast<uint32_t>(rng() % range);
      pos[static_cast<size_t>(i)] = static_cast<int32_t>(1000 + 3 * i);
    }
    std::shuffle(pos.begin(), pos.end(), rng);  // positions in no particular order, as a group's
    const random::StreamKey key{77, 0, static_cast<uint32_t>(trial),
                                trial % 2 ? BitGenKind::XORWOW : BitGenKind::Philox4x3210};
    // The reference: pairs stably sorted by key, then the fix-up.
    std::vector<size_t> idx(static_cast<size_t>(n));
    for (size_t i = 0; i < idx.size(); ++i) idx[i] = i;
    std::stable_sort(idx.begin(), idx.end(), [&](size_t a, size_t b) { return keys[a] < keys[b]; });
    std::vector<uint32_t> sk;
    std::vector<int32_t> sp;
    for (size_t i : idx) {
      sk.push_back(keys[i]);
      sp.push_back(pos[i]);
    }
    random::PermutationTiesF sorted{sk.data(), sp.data(), n, key};
    std::vector<int64_t> want(static_cast<size_t>(n)), got(static_cast<size_t>(n), -1);
    for (int64_t r = 0; r < n; ++r) want[static_cast<size_t>(r)] = sorted(r);
    random::PermutationTiesF any{keys.data(), pos.data(), n, key};
    for (int64_t i = 0; i < n; ++i)
      got[static_cast<size_t>(random::permutation_slot(any, i))] = pos[static_cast<size_t>(i)];
    ASSERT_EQ(got, want) << "trial " << trial;
    // And the fix-up itself over the pairs sorted unstably (each run reversed) gives the same.
    std::vector<uint32_t> rk(sk);
    std::vector<int32_t> rp(sp);
    for (size_t s = 0; s < rk.size();) {
      size_t t = s;
      while (t < rk.size() && rk[t] == rk[s]) ++t;
      std::reverse(rp.begin() + static_cast<std::ptrdiff_t>(s), rp.begin() + static_cast<std::ptrdiff_t>(t));
      s = t;
    }
    random::PermutationTiesF reversed{rk.data(), rp.data(), n, key};
    for (int64_t r = 0; r < n; ++r) ASSERT_EQ(reversed(r), want[static_cast<size_t>(r)]) << "trial " << trial;
  }
}
