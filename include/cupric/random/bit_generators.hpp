// The counter-based and skip-ahead bit generators of cupric.random (Philox4x32-10, XORWOW,
// MRG32k3a), written once for both backends: every function is CUPRIC_HD and uses integer
// arithmetic only, so the host and the GPU compute the same 32-bit words bit for bit.
// cuRAND's host generator is the test oracle (tests/cpp/test_random_streams.cpp), not a dependency.
#pragma once
#include <cstdint>
#include "cupric/config.hpp"

namespace cupric::random {

struct Words4 {
  uint32_t w[4];
};

// ---- Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3") -------------
// On the device as two products: ptxas then emits one IMAD.WIDE.U32 per multiplication and uses
// its halves in place, where the 64-bit product cost a register move per multiplication besides
// (a Philox round in 4 instructions instead of 6; its key schedule stays in uniform registers).
CUPRIC_HD inline void mulhilo32(uint32_t a, uint32_t b, uint32_t& hi, uint32_t& lo) {
#if defined(__CUDA_ARCH__)
  hi = __umulhi(a, b);
  lo = a * b;
#else
  uint64_t p = static_cast<uint64_t>(a) * b;
  hi = static_cast<uint32_t>(p >> 32);
  lo = static_cast<uint32_t>(p);
#endif
}

// Note [Philox round keys]
// The ten round keys (k0 + r W0, k1 + r W1) of a key, computed once (on the host, for a kernel's
// parameters): a GPU loop that draws many blocks under one key then reads them as constant-bank
// operands of its LOP3s, where philox4x32_10(c, k0, k1) had the loop re-add them every block
// (ten VIADDs a block in SASS; ptxas keeps at most part of the schedule in registers). The same
// rounds, the same words: philox4x32_10(c, philox_round_keys(k0, k1)) == philox4x32_10(c, k0, k1).
struct PhiloxKeys {
  uint32_t k0[10], k1[10];
};
CUPRIC_HD inline PhiloxKeys philox_round_keys(uint32_t k0, uint32_t k1) {
  PhiloxKeys k{};
  for (int r = 0; r < 10; ++r) {
    k.k0[r] = k0 + static_cast<uint32_t>(r) * 0x9E3779B9u;
    k.k1[r] = k1 + static_cast<uint32_t>(r) * 0xBB67AE85u;
  }
  return k;
}
CUPRIC_HD inline Words4 philox4x32_10(Words4 c, const PhiloxKeys& k) {
  constexpr uint32_t M0 = 0xD2511F53u, M1 = 0xCD9E8D57u;
#if defined(__CUDA_ARCH__)
#pragma unroll
#endif
  for (int r = 0; r < 10; ++r) {
    uint32_t hi0, lo0, hi1, lo1;
    mulhilo32(M0, c.w[0], hi0, lo0);
    mulhilo32(M1, c.w[2], hi1, lo1);
    c = Words4{{hi1 ^ c.w[1] ^ k.k0[r], lo1, hi0 ^ c.w[3] ^ k.k1[r], lo0}};
  }
  return c;
}
// One block of four words for counter `c` and key (k0, k1): the same rounds, the keys computed
// where they are used (they fold into the loop's constants).
CUPRIC_HD inline Words4 philox4x32_10(Words4 c, uint32_t k0, uint32_t k1) {
  return philox4x32_10(c, philox_round_keys(k0, k1));
}

// Note [cuRAND Philox order]
// cuRAND's Philox4_32_10 generator (host and device API, CURAND_ORDERING_PSEUDO_DEFAULT) keys
// Philox with the seed (low word, high word) and runs 65536 subsequences side by side: block q
// (elements 4q..4q+3 of the output, offset included) is block q / 65536 of subsequence q % 65536,
// i.e. counter {q / 65536 (64 bits over words 0-1), q % 65536 (word 2), 0}. Checked against
// curandCreateGeneratorHost by tests/cpp/test_random_streams.cpp.
CUPRIC_HD inline Words4 philox_curand_block(uint64_t seed, uint64_t q) {
  uint64_t hi = q >> 16;
  Words4 c{{static_cast<uint32_t>(hi), static_cast<uint32_t>(hi >> 32), static_cast<uint32_t>(q & 0xffffu), 0u}};
  return philox4x32_10(c, static_cast<uint32_t>(seed), static_cast<uint32_t>(seed >> 32));
}

// Element g of the raw 32-bit stream in cuRAND's order.
CUPRIC_HD inline uint32_t philox_curand_raw(uint64_t seed, uint64_t g) {
  return philox_curand_block(seed, g >> 2).w[g & 3];
}

// ---- XORWOW (Marsaglia's xorshift with a Weyl sequence), seeded as cuRAND seeds it ------------
struct Xorwow {
  uint32_t v[5];
  uint32_t d;

  CUPRIC_HD static Xorwow seeded(uint64_t seed) {
    uint32_t s0 = static_cast<uint32_t>(seed) ^ 0xaad26b49u;
    uint32_t s1 = static_cast<uint32_t>(seed >> 32) ^ 0xf7dcefddu;
    uint32_t t0 = 1099087573u * s0, t1 = 2591861531u * s1;
    Xorwow x;
    x.d = 6615241u + t1 + t0;
    x.v[0] = 123456789u + t0;
    x.v[1] = 362436069u ^ t0;
    x.v[2] = 521288629u + t1;
    x.v[3] = 88675123u ^ t1;
    x.v[4] = 5783321u + t0;
    return x;
  }

  CUPRIC_HD uint32_t next() {
    uint32_t t = v[0] ^ (v[0] >> 2);
    v[0] = v[1];
    v[1] = v[2];
    v[2] = v[3];
    v[3] = v[4];
    v[4] = (v[4] ^ (v[4] << 4)) ^ (t ^ (t << 1));
    d += 362437u;
    return v[4] + d;
  }

  // Applies a GF(2) transition matrix given by its 160 columns (5 words each) to v: the xorshift
  // part of the state is linear, so a jump of n steps is the matrix M^n (the Weyl part is d += n*362437).
  CUPRIC_HD void apply(const uint32_t* columns) {
    uint32_t r[5] = {0, 0, 0, 0, 0};
    for (int i = 0; i < 160; ++i) {
      if ((v[i >> 5] >> (i & 31)) & 1u) {
        const uint32_t* c = columns + 5 * i;
        for (int k = 0; k < 5; ++k) r[k] ^= c[k];
      }
    }
    for (int k = 0; k < 5; ++k) v[k] = r[k];
  }
};

// Words of one jump matrix, and the table layout the jumps read (xorwow_jump_table in
// src/random/xorwow_jumps.cpp): matrices M^(2^i) for i in [0, 64) (offsets), then M^(2^(67+i))
// for i in [0, kXorwowSubseqBits) (subsequences of 2^67 elements, cuRAND's spacing).
inline constexpr int kXorwowMatrixWords = 160 * 5;
inline constexpr int kXorwowSubseqBits = 16;
inline constexpr int kXorwowTableMatrices = 64 + kXorwowSubseqBits;

// Advances x by n elements with the table.
CUPRIC_HD inline void xorwow_skip(Xorwow& x, uint64_t n, const uint32_t* table) {
  x.d += static_cast<uint32_t>(n) * 362437u;
  for (int i = 0; n; ++i, n >>= 1)
    if (n & 1) x.apply(table + static_cast<int64_t>(i) * kXorwowMatrixWords);
}

// Moves x to subsequence s (s < 2^kXorwowSubseqBits); the Weyl counter is 2^67-periodic in
// 32 bits, so it does not change.
CUPRIC_HD inline void xorwow_skip_subsequence(Xorwow& x, uint64_t s, const uint32_t* table) {
  for (int i = 0; s; ++i, s >>= 1)
    if (s & 1) x.apply(table + static_cast<int64_t>(64 + i) * kXorwowMatrixWords);
}

// ---- MRG32k3a (L'Ecuyer), seeded as cuRAND seeds it ---------------------------------------------
inline constexpr uint32_t kMrgM1 = 4294967087u, kMrgM2 = 4294944443u;

CUPRIC_HD inline uint32_t mulmod(uint64_t a, uint64_t b, uint32_t m) {
#if defined(__CUDA_ARCH__)
  // a, b < 2^32: the 128-bit product's remainder by hand (mul.hi + two folds).
  uint64_t lo = a * b, hi = __umul64hi(a, b);
  // 2^64 mod m, with m = 2^32 - c: (2^32 mod m)^2 = c^2.
  uint64_t c = (1ull << 32) - m;
  uint64_t r = (hi % m) * ((c * c) % m) % m;
  return static_cast<uint32_t>((r + lo % m) % m);
#else
  return static_cast<uint32_t>(static_cast<unsigned __int128>(a) * b % m);
#endif
}

struct Mrg32k3a {
  uint32_t s1[3], s2[3];

  CUPRIC_HD static Mrg32k3a seeded(uint64_t seed) {
    Mrg32k3a g;
    for (int i = 0; i < 3; ++i) g.s1[i] = g.s2[i] = 12345u;
    if (seed != 0) {
      uint32_t x1 = static_cast<uint32_t>(seed) ^ 0x55555555u;
      uint32_t x2 = static_cast<uint32_t>(seed >> 32) ^ 0xAAAAAAAAu;
      g.s1[0] = mulmod(x1, g.s1[0], kMrgM1);
      g.s1[1] = mulmod(x2, g.s1[1], kMrgM1);
      g.s1[2] = mulmod(x1, g.s1[2], kMrgM1);
      g.s2[0] = mulmod(x2, g.s2[0], kMrgM2);
      g.s2[1] = mulmod(x1, g.s2[1], kMrgM2);
      g.s2[2] = mulmod(x2, g.s2[2], kMrgM2);
    }
    return g;
  }

  // The next value of the combined recurrence, in [1, m1].
  CUPRIC_HD uint32_t next_int() {
    uint64_t p1 = (1403580ull * s1[1] + 810728ull * (kMrgM1 - s1[0])) % kMrgM1;
    s1[0] = s1[1];
    s1[1] = s1[2];
    s1[2] = static_cast<uint32_t>(p1);
    uint64_t p2 = (527612ull * s2[2] + 1370589ull * (kMrgM2 - s2[0])) % kMrgM2;
    s2[0] = s2[1];
    s2[1] = s2[2];
    s2[2] = static_cast<uint32_t>(p2);
    return p1 > p2 ? static_cast<uint32_t>(p1 - p2) : static_cast<uint32_t>(p1 - p2 + kMrgM1);
  }

  // cuRAND's 32-bit output: the value scaled by (2^32 - 1) / m1 in double, truncated. The
  // product is exact enough in double (integer < 2^32 times a constant) on both backends.
  CUPRIC_HD uint32_t next() { return static_cast<uint32_t>(static_cast<double>(next_int()) * 1.000000048662); }

  // A^n mod m for the two 3x3 recurrences, by squaring (64 steps at most): no table needed.
  CUPRIC_HD static void matmul(const uint32_t a[9], const uint32_t b[9], uint32_t r[9], uint32_t m) {
    uint32_t t[9];
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) {
        uint64_t s = 0;
        for (int k = 0; k < 3; ++k) s = (s + mulmod(a[3 * i + k], b[3 * k + j], m)) % m;
        t[3 * i + j] = static_cast<uint32_t>(s);
      }
    for (int i = 0; i < 9; ++i) r[i] = t[i];
  }
  CUPRIC_HD static void apply(const uint32_t a[9], uint32_t s[3], uint32_t m) {
    uint32_t t[3];
    for (int i = 0; i < 3; ++i) {
      uint64_t v = 0;
      for (int k = 0; k < 3; ++k) v = (v + mulmod(a[3 * i + k], s[k], m)) % m;
      t[i] = static_cast<uint32_t>(v);
    }
    for (int i = 0; i < 3; ++i) s[i] = t[i];
  }
  // Advances by n * 2^shift steps (shift 0: elements; cuRAND's subsequences are 2^76 apart, its
  // sequences... see Note [cuRAND XORWOW and MRG32k3a order]).
  CUPRIC_HD void skip(uint64_t n, int shift = 0) {
    uint32_t a1[9] = {0, 1, 0, 0, 0, 1, kMrgM1 - 810728u, 1403580u, 0};
    uint32_t a2[9] = {0, 1, 0, 0, 0, 1, kMrgM2 - 1370589u, 0, 527612u};
    for (int i = 0; i < shift; ++i) {
      matmul(a1, a1, a1, kMrgM1);
      matmul(a2, a2, a2, kMrgM2);
    }
    for (; n; n >>= 1) {
      if (n & 1) {
        apply(a1, s1, kMrgM1);
        apply(a2, s2, kMrgM2);
      }
      if (n > 1) {
        matmul(a1, a1, a1, kMrgM1);
        matmul(a2, a2, a2, kMrgM2);
      }
    }
  }
};

}  // namespace cupric::random
