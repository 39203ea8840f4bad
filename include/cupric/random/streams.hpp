// The streams a draw reads (Note [Random streams]): the generator's raw 32-bit stream in
// cuRAND's order, and the per-element sub-streams of the other distributions. CUPRIC_HD, so the
// kernels of both backends compute the same words for the same element.
#pragma once
#include <cstdint>
#include "cupric/random/bit_generators.hpp"

namespace cupric::random {

// Note [Random streams]
// A generator is (kind, seed, offset, calls). Whatever the launch shape or backend:
// * Raw draws (random_raw, bytes, the uniform floats: random/random_sample) read the generator's
//   raw 32-bit stream in cuRAND's order (Note [cuRAND Philox order], Note [cuRAND XORWOW and
//   MRG32k3a order]): element e of a call that needs w words per element is words
//   offset + w*e .. offset + w*e + w-1, and the call advances offset by w * count, exactly as
//   cuRAND's generator offset advances. So a uint32 draw is cuRAND's curandGenerate output for
//   the same seed and offset.
// * Every other distribution gives element e of the call its own sub-stream, so a rejection
//   sampler can draw as many words as it needs without any coordination between elements:
//   Philox: key = seed, counter {k, e low, e high, 0x80000000 | call} for block k of the element
//   (word 3's top bit is never set in the raw stream's counters, so the two never meet);
//   XORWOW, MRG32k3a: the generator seeded with mix(seed, call, e) (a SplitMix64 hash chain).
//   `call` is the generator's count of such calls (31 bits for Philox, then it wraps), advanced
//   by one per call whatever its size.
// * Philox's normal, exponential, uniform and integers read the call's block stream instead (a
//   fixed number of words per value, a Philox block per GPU thread): Note [Philox block draws] in
//   src/random/block_draws.hpp.
// * XORWOW's raw stream on a GPU is split into (lane, chunk) threads: Note [XORWOW lane chunks]
//   in src/random/xorwow_chunks.hpp.
// Integer and uniform streams are bit-identical on host and GPU (integer arithmetic only); the
// samplers that use the backend's transcendental functions may differ by an ulp (Philox's
// float32 normal and exponential do not: Note [Philox block draws]).
enum class BitGenKind : uint8_t { Philox4x3210 = 0, XORWOW = 1, MRG32k3a = 2 };

// Note [cuRAND XORWOW and MRG32k3a order]
// cuRAND's host generators (CURAND_ORDERING_PSEUDO_DEFAULT), measured against
// curandCreateGeneratorHost (tests/cpp/test_random_streams.cpp): XORWOW runs 4096 lanes, lane l
// being subsequence l (2^67 elements apart); element g of the stream (offset included) is
// element g / 4096 of lane g % 4096. MRG32k3a runs 81920 lanes, lane l being subsequence l
// (2^76 elements apart), element g is element g / 81920 of lane g % 81920. So each lane is
// produced sequentially (one skip-ahead per lane and call), which is what the lane loops do.
inline constexpr int64_t kXorwowLanes = 4096;
inline constexpr int64_t kMrgLanes = 81920;
inline constexpr int kMrgSubseqShift = 76;

CUPRIC_HD inline uint64_t splitmix64(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// What a kernel needs to know of the generator for one call.
struct StreamKey {
  uint64_t seed;
  uint64_t offset;  // raw stream: first word of the call
  uint32_t call;    // sub-streams: the call's number
  BitGenKind kind;
};

// The most chunks a lane of a chunked XORWOW draw is cut into on a GPU (Note [XORWOW lane
// chunks] in src/random/xorwow_chunks.hpp), and its private switch: bench/cases.py's
// rs_random_sample_chunks* cases set other limits (cupric._core.random._set_xorwow_max_chunks)
// so that one GPU run measures the trade-off; k <= 0 restores the default. Not thread-safe: a
// benchmark's setting, not an API.
int xorwow_max_chunks();
void set_xorwow_max_chunks(int k);

// The conversions a sub-stream offers over its Words' next32(): SubStream's, and the registry's
// streams of one generator kind (src/random/kind_streams.hpp).
template <class Words>
struct StreamOps : Words {
  using Words::Words;
  CUPRIC_HD uint64_t next64() {
    uint64_t hi = this->next32();
    return (hi << 32) | this->next32();
  }
  // Uniform on [0, 1) with 53 random bits (NumPy's construction from two 32-bit words).
  CUPRIC_HD double uniform_double() {
    uint32_t a = this->next32() >> 5, b = this->next32() >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
  }
  // Uniform on (0, 1]: for logarithms.
  CUPRIC_HD double uniform_double_open0() { return 1.0 - uniform_double(); }
  CUPRIC_HD float uniform_float() { return static_cast<float>(this->next32() >> 8) * (1.0f / 16777216.0f); }
};

// Element e's sub-stream's words: drawn one at a time, refilled four at a time for Philox
// (SubStream below adds the conversions).
class SubStreamCore {
 public:
  CUPRIC_HD SubStreamCore(const StreamKey& k, uint64_t e) : kind_(k.kind) {
    if (kind_ == BitGenKind::Philox4x3210) {
      k0_ = static_cast<uint32_t>(k.seed);
      k1_ = static_cast<uint32_t>(k.seed >> 32);
      c_ = Words4{{0u, static_cast<uint32_t>(e), static_cast<uint32_t>(e >> 32), 0x80000000u | (k.call & 0x7fffffffu)}};
      used_ = 4;
    } else {
      uint64_t s = splitmix64(splitmix64(k.seed ^ (static_cast<uint64_t>(k.call) << 32)) ^ e);
      if (kind_ == BitGenKind::XORWOW)
        x_ = Xorwow::seeded(s);
      else
        m_ = Mrg32k3a::seeded(s);
    }
  }

  CUPRIC_HD uint32_t next32() {
    if (kind_ == BitGenKind::Philox4x3210) {
      if (used_ == 4) {
        buf_ = philox4x32_10(c_, k0_, k1_);
        ++c_.w[0];
        used_ = 0;
      }
      // Selects, not buf_.w[used_]: an array indexed by a variable goes to a GPU thread's local
      // memory (a 96-136 byte stack frame in every sampler kernel); selects keep it in registers.
      const uint32_t u = used_++;
      return u < 2 ? (u == 0 ? buf_.w[0] : buf_.w[1]) : (u == 2 ? buf_.w[2] : buf_.w[3]);
    }
    return kind_ == BitGenKind::XORWOW ? x_.next() : m_.next();
  }

 private:
  BitGenKind kind_;
  uint32_t used_ = 0, k0_ = 0, k1_ = 0;
  Words4 c_{}, buf_{};
  Xorwow x_{};
  Mrg32k3a m_{};
};
// Element e's sub-stream.
using SubStream = StreamOps<SubStreamCore>;

// SubStream's words for a Philox generator, without the other kinds' state or an indexed buffer:
// what a GPU kernel that knows its generator is Philox carries (the rare Lemire rejection of the
// block draws), so the kernel keeps no local-memory stack frame.
class PhiloxSubStream {
 public:
  CUPRIC_HD PhiloxSubStream(const StreamKey& k, uint64_t e)
      : k0_(static_cast<uint32_t>(k.seed)),
        k1_(static_cast<uint32_t>(k.seed >> 32)),
        c_{{0u, static_cast<uint32_t>(e), static_cast<uint32_t>(e >> 32), 0x80000000u | (k.call & 0x7fffffffu)}} {}
  CUPRIC_HD uint32_t next32() {
    if (left_ == 0) {
      buf_ = philox4x32_10(c_, k0_, k1_);
      ++c_.w[0];
      left_ = 4;
    }
    const uint32_t w = buf_.w[0];  // the buffer shifts down: no indexing by a variable
    buf_.w[0] = buf_.w[1];
    buf_.w[1] = buf_.w[2];
    buf_.w[2] = buf_.w[3];
    --left_;
    return w;
  }
  CUPRIC_HD uint64_t next64() {
    uint64_t hi = next32();
    return (hi << 32) | next32();
  }

 private:
  uint32_t k0_, k1_;
  Words4 c_;
  Words4 buf_{};
  int left_ = 0;
};

// Word sources of the raw draws: Philox computes any word of the raw stream directly; XORWOW and
// MRG32k3a words come from a buffer the lane loop filled (src/random/raw_stream.cpp).
struct PhiloxWords {
  uint64_t seed, base;
  CUPRIC_HD uint32_t operator()(uint64_t i) const { return philox_curand_raw(seed, base + i); }
};
struct BufferWords {
  const uint32_t* p;
  CUPRIC_HD uint32_t operator()(uint64_t i) const { return p[i]; }
};

// Uniform [0, 1) from raw words: float32 from one word (24 bits), float64 from two (53 bits).
template <class T>
struct RawWordsPerElement {
  static constexpr int value = sizeof(T) <= 4 ? 1 : 2;
};

}  // namespace cupric::random
