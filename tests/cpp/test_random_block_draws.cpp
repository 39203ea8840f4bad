// The device forms of the Philox block draws' arithmetic against the host forms they replace:
// Philox with precomputed round keys (Note [Philox round keys]) and the ziggurat's fused
// fast-path product (Note [Ziggurat fast path arithmetic]), so that the GPU's values, which the
// host cannot run, are the host's bit for bit.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>

#include "cupric/random/bit_generators.hpp"
#include "cupric/random/ziggurat.hpp"

namespace cr = cupric::random;

namespace {

uint32_t bits(float x) {
  uint32_t b;
  std::memcpy(&b, &x, sizeof b);
  return b;
}
uint64_t bits(double x) {
  uint64_t b;
  std::memcpy(&b, &x, sizeof b);
  return b;
}

// The GPU's form: one correctly rounded fma (glibc's fmaf/fma are exact), 2^23 ws exact.
float device_scaled32(uint32_t ub, float ws) {
  float uf;
  std::memcpy(&uf, &ub, sizeof uf);
  return std::fmaf(uf, ws, -8388608.0f * ws);
}
double device_scaled64(uint64_t ub, double ws) {
  double d;
  std::memcpy(&d, &ub, sizeof d);
  return std::fma(d, ws, -4503599627370496.0 * ws);
}

// The fast path before the entries: x = round(u w), then 0 - x for a negative sign.
float old_fast32(uint32_t w, bool& accept) {
  const cr::ZigLayer32 l = cr::kZigLayers32[w & 0xffu];
  const uint32_t u = w >> 9;
  const float x = static_cast<float>(u) * l.w;
  accept = u < l.k;
  return (w & 0x100u) ? 0.0f - x : x;
}

}  // namespace

TEST(RandomBlockDraws, PhiloxRoundKeysGiveTheTextbookWords) {
  // Salmon et al.'s schedule (the key bumped by the Weyl constants after each round) against the
  // precomputed round keys, and the (k0, k1) form built on them.
  auto textbook = [](cr::Words4 c, uint32_t k0, uint32_t k1) {
    for (int r = 0; r < 10; ++r) {
      const uint64_t p0 = uint64_t{0xD2511F53u} * c.w[0], p1 = uint64_t{0xCD9E8D57u} * c.w[2];
      c = cr::Words4{{static_cast<uint32_t>(p1 >> 32) ^ c.w[1] ^ k0, static_cast<uint32_t>(p1),
                      static_cast<uint32_t>(p0 >> 32) ^ c.w[3] ^ k1, static_cast<uint32_t>(p0)}};
      k0 += 0x9E3779B9u;
      k1 += 0xBB67AE85u;
    }
    return c;
  };
  std::mt19937_64 r(7);
  for (int i = 0; i < 20000; ++i) {
    const uint64_t a = r(), b = r(), s = r();
    const cr::Words4 c{{static_cast<uint32_t>(a), static_cast<uint32_t>(a >> 32), static_cast<uint32_t>(b),
                        static_cast<uint32_t>(b >> 32)}};
    const uint32_t k0 = static_cast<uint32_t>(s), k1 = static_cast<uint32_t>(s >> 32);
    const cr::Words4 x = textbook(c, k0, k1), y = cr::philox4x32_10(c, cr::philox_round_keys(k0, k1)),
                     z = cr::philox4x32_10(c, k0, k1);
    for (int j = 0; j < 4; ++j) {
      ASSERT_EQ(x.w[j], y.w[j]) << i;
      ASSERT_EQ(x.w[j], z.w[j]) << i;
    }
  }
}

TEST(RandomBlockDraws, ZigguratFastPathFormsAgree32) {
  // Every entry (layer and sign) at sampled u, and every u of the entries at the ends and of
  // the tail layer: the host form, the GPU's fma form and the former product agree bit for bit
  // (and u = 0 gives +0, never -0); the accept test is the former u < k.
  std::mt19937 r(11);
  auto check = [](uint32_t w) {
    const cr::ZigEntry32 e = cr::zig_entry<float>(cr::kZigLayers32, w & 0x1ffu);
    const uint32_t ub = cr::zig_ubits<float>(w);
    float z;
    const bool acc = cr::zig_fast32(w, cr::kZigLayers32, z);
    bool old_acc;
    const float old = old_fast32(w, old_acc);
    ASSERT_EQ(bits(z), bits(old)) << w;
    ASSERT_EQ(bits(z), bits(device_scaled32(ub, e.ws))) << w;
    ASSERT_EQ(acc, old_acc) << w;
    ASSERT_EQ(acc, static_cast<int32_t>(e.kb1 - ub) >= 0) << w;  // the CUDA loop's sign test
  };
  for (uint32_t i = 0; i < 512; ++i) {
    check(i);  // u = 0
    check(i | (0x7fffffu << 9));
    for (int s = 0; s < 2000; ++s) check(i | (r() & ~0x1ffu));
  }
  for (uint32_t i : {0u, 1u, 255u, 256u, 257u, 511u})
    for (uint32_t u = 0; u < (1u << 23); u += 3) check(i | (u << 9));
}

TEST(RandomBlockDraws, ZigguratFastPathFormsAgree64) {
  std::mt19937_64 r(12);
  for (uint32_t i = 0; i < 512; ++i) {
    for (int s = 0; s < 4000; ++s) {
      const uint64_t w = s == 0 ? i : s == 1 ? (i | ~0x1ffull) : (i | (r() & ~0x1ffull));
      const cr::ZigEntry64 e = cr::zig_entry<double>(cr::kZigLayers64, static_cast<uint32_t>(w) & 0x1ffu);
      const uint64_t ub = cr::zig_ubits<double>(w);
      double z;
      const bool acc = cr::zig_fast64(w, cr::kZigLayers64, z);
      const cr::ZigLayer64 l = cr::kZigLayers64[w & 0xffu];
      const uint64_t u = (w >> 9) & 0xfffffffffffffull;
      const double x = static_cast<double>(u) * l.w, old = (w & 0x100u) ? 0.0 - x : x;
      ASSERT_EQ(bits(z), bits(old)) << w;
      ASSERT_EQ(bits(z), bits(device_scaled64(ub, e.ws))) << w;
      ASSERT_EQ(acc, u < l.k) << w;
      ASSERT_EQ(acc, static_cast<int64_t>(e.kb1 - ub) >= 0) << w;
    }
  }
}
