// The registry draws' element sub-streams with the generator kind known at compile time (Note
// [Sub-streams by kind]): SubStream's words, without the other kinds' state in the kernel.
#pragma once
#include <cstdint>
#include "cupric/random/bit_generators.hpp"
#include "cupric/random/streams.hpp"

namespace cupric::random {

// Note [Sub-streams by kind]
// SubStream (Note [Random streams]) keeps the kind at run time, so a kernel that draws through it
// carries all three generators' code in every next32() and their state (Philox's counter and
// buffer, XORWOW's six words, MRG32k3a's six) in registers: standard_gamma's float64 kernel used
// 76 registers a thread (28.5% achieved occupancy on the H200, issue slots 69%: latency-bound,
// while its instruction count matched CuPy's). The registry's functors (DrawF, ScalarDrawF in
// src/random/draw_kernels.hpp) switch on the kind once, outside the sampler, and draw from the
// stream of that kind: each arm holds one generator, and a thread needs the registers of its
// largest arm only (sm_90, standard_gamma float64, strided loop: 76 -> 44). The words are
// SubStream's exactly (tests/cpp/test_random_kind_streams.cpp), so every value stays the same.
// What does not depend on the element is computed once per call on the host (DrawKey): Philox's
// round keys (Note [Philox round keys]: kernel parameters, read as constant-bank operands) and the
// first SplitMix64 hash of the XORWOW / MRG32k3a sub-stream seed.
struct DrawKey {
  StreamKey key;
  uint64_t hashed;  // splitmix64(seed ^ call << 32): the first hash of the sub-stream seeds
  PhiloxKeys rk;    // Philox: the round keys of (seed low, seed high)

  static DrawKey of(const StreamKey& k) {
    return DrawKey{k, splitmix64(k.seed ^ (static_cast<uint64_t>(k.call) << 32)),
                   philox_round_keys(static_cast<uint32_t>(k.seed), static_cast<uint32_t>(k.seed >> 32))};
  }
};

// Philox: counter {block, e low, e high, 0x80000000 | call}, words in order, as SubStream.
class PhiloxKindWords {
 public:
  CUPRIC_HD PhiloxKindWords(const DrawKey& k, uint64_t e)
      : rk_(&k.rk),
        c_{{0u, static_cast<uint32_t>(e), static_cast<uint32_t>(e >> 32), 0x80000000u | (k.key.call & 0x7fffffffu)}} {}
  CUPRIC_HD uint32_t next32() {
    if (used_ == 4) {
      buf_ = philox4x32_10(c_, *rk_);
      ++c_.w[0];
      used_ = 0;
    }
    const uint32_t u = used_++;  // selects, not buf_.w[used_]: registers, not local memory
    return u < 2 ? (u == 0 ? buf_.w[0] : buf_.w[1]) : (u == 2 ? buf_.w[2] : buf_.w[3]);
  }

 private:
  const PhiloxKeys* rk_;
  Words4 c_;
  Words4 buf_{};
  uint32_t used_ = 4;
};

// XORWOW and MRG32k3a: the generator seeded with splitmix64(hashed ^ e), as SubStream.
template <class Generator>
class SeededKindWords {
 public:
  CUPRIC_HD SeededKindWords(const DrawKey& k, uint64_t e) : g_(Generator::seeded(splitmix64(k.hashed ^ e))) {}
  CUPRIC_HD uint32_t next32() { return g_.next(); }

 private:
  Generator g_;
};

using PhiloxKindStream = StreamOps<PhiloxKindWords>;
using XorwowKindStream = StreamOps<SeededKindWords<Xorwow>>;
using MrgKindStream = StreamOps<SeededKindWords<Mrg32k3a>>;

// f(stream) with element e's stream of the call's kind: one switch, each arm one generator.
template <class R, class F>
CUPRIC_HD inline R with_kind_stream(const DrawKey& k, uint64_t e, F&& f) {
  switch (k.key.kind) {
    case BitGenKind::Philox4x3210: {
      PhiloxKindStream s(k, e);
      return f(s);
    }
    case BitGenKind::XORWOW: {
      XorwowKindStream s(k, e);
      return f(s);
    }
    default: {
      MrgKindStream s(k, e);
      return f(s);
    }
  }
}

}  // namespace cupric::random
