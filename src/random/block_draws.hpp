// The Philox generator's block draws (Note [Philox block draws]): normal, exponential, uniform and
// bounded integers computed a Philox block (four words) at a time, as CUPRIC_HD laws shared by
// the host loop here and the CUDA kernel (src/random/cuda/block_draws.cuh).
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include "cupric/random/exact_math.hpp"
#include "cupric/random/ziggurat.hpp"
#include "random/draw_kernels.hpp"

namespace cupric::random {

// Note [Philox block draws]
// The per-element sub-streams (Note [Random streams]) cost one Philox block per element and a
// loop whose trip count a GPU cannot see through: 114 GB/s for a float32 standard_normal on an
// H200. The distributions that need a fixed number of words per value take them instead from the
// call's block stream: block q of sub-stream call c is Philox4x32-10 of counter
// {q low, q high, c, 0x40000000} under the seed's key (word 3 is 0 in the raw stream's counters
// and has bit 31 set in the sub-streams', so no counter is shared), and
// * float32 normal, exponential, uniform: element e is made from word e % 4 of block e / 4
//   (normal: the ziggurat's fast path, Note [Normal ziggurat] in include/cupric/random/ziggurat.hpp;
//   its 1.5% of rejected words continue on the element's own sub-stream, as Lemire's do below);
// * float64: element e from words 2(e % 2), 2(e % 2) + 1 of block e / 2 (53-bit uniforms; normal:
//   the ziggurat on the 64-bit word (w0, w1) or (w2, w3));
// * integers(low, high): a range below 2^32 takes word e % 4 of block e / 4, a wider one words
//   2(e % 2), 2(e % 2) + 1 of block e / 2, through Lemire's multiply-shift; the rare word Lemire
//   rejects (probability range / 2^32 at most) sends element e to its own sub-stream, which
//   continues the rejection loop there (`bounded`), so the value still depends on e alone.
// An element's value is a function of (seed, call, e, its parameters) only: the same whatever the
// launch shape, on either backend, whether the parameters are scalars (BlockF: a GPU thread
// computes one block and stores its values with one vector store) or arrays (ElemF: element by
// element, the parameters as loop operands). Integers and uniforms are integer arithmetic, hence
// bit-identical on host and GPU, and so are the float32 normal and exponential (their logarithm
// is a polynomial of exact steps: Note [Exact float log, sine and cosine] in
// include/cupric/random/exact_math.hpp); the float64 normal's fast path too (its rare tail and
// wedge use log/exp), while the float64 exponential uses log, which may differ by an ulp.
// XORWOW and MRG32k3a keep the sub-stream samplers.
CUPRIC_HD inline Words4 philox_call_block(const StreamKey& k, uint64_t q) {
  Words4 c{{static_cast<uint32_t>(q), static_cast<uint32_t>(q >> 32), k.call, 0x40000000u}};
  return philox4x32_10(c, static_cast<uint32_t>(k.seed), static_cast<uint32_t>(k.seed >> 32));
}

// Word j of a block, by selects (a GPU would put an array indexed by a variable in local memory).
CUPRIC_HD inline uint32_t word_at(const Words4& w, int j) {
  return j < 2 ? (j == 0 ? w.w[0] : w.w[1]) : (j == 2 ? w.w[2] : w.w[3]);
}

// 53-bit uniform in [0, 1) from two words (NumPy's construction, as SubStream::uniform_double).
CUPRIC_HD inline double uniform53_of(uint32_t a, uint32_t b) {
  return ((a >> 5) * 67108864.0 + (b >> 6)) * (1.0 / 9007199254740992.0);
}
// 24-bit uniform in (0, 1), for logarithms.
CUPRIC_HD inline float uniform_open_float_of(uint32_t w) {
  return (static_cast<float>(w >> 8) + 0.5f) * (1.0f / 16777216.0f);
}

// -ln(u) for the open uniform u = uniform_open_float_of(w): neg_log_float (Note [Exact float
// log, sine and cosine] in include/cupric/random/exact_math.hpp).
CUPRIC_HD inline float neg_log_open_of(uint32_t w) { return neg_log_float(uniform_open_float_of(w)); }

template <class T>
inline constexpr int kBlockPer = sizeof(T) <= 4 ? 4 : 2;

// The index of the lowest set bit of a nonzero mask.
CUPRIC_HD inline int lowest_bit(unsigned m) {
#if defined(__CUDA_ARCH__)
  return __ffs(static_cast<int>(m)) - 1;
#else
  return __builtin_ctz(m);
#endif
}

// Each law: Params, `per` values per block, block(key, q, params, v[per]) and element(key, e,
// params) == the value block(key, e / per) gives element e.
struct NormalLaw {  // loc + scale * z: the ziggurat (Note [Normal ziggurat])
  struct Params {
    double loc, scale;
  };
  template <class T>
  static constexpr int per = kBlockPer<T>;
  // The fast path of every value of block w: z[j] and the mask of the words it rejected (their
  // z[j] is then meaningless). `layers`: the ziggurat's layers wherever the caller keeps them.
  template <class T>
  CUPRIC_HD static unsigned fast(Words4 w, T* z, const ZigLayer<T>* layers) {
    unsigned rejected = 0;
    if constexpr (sizeof(T) <= 4) {
      for (int j = 0; j < 4; ++j) {
        float x;
        if (!zig_fast32(w.w[j], layers, x)) rejected |= 1u << j;
        z[j] = static_cast<T>(x);
      }
    } else {
      for (int j = 0; j < 2; ++j) {
        double x;
        if (!zig_fast64((static_cast<uint64_t>(w.w[2 * j]) << 32) | w.w[2 * j + 1], layers, x)) rejected |= 1u << j;
        z[j] = static_cast<T>(x);
      }
    }
    return rejected;
  }
  // The value of position j of block w (element e = per * q + j), whichever path it takes: the
  // rejected ones continue on element e's sub-stream.
  template <class T>
  CUPRIC_HD static T one(const StreamKey& k, uint64_t e, const Words4& w, int j) {
    if constexpr (sizeof(T) <= 4) {
      const uint32_t x = word_at(w, j);
      float z;
      if (zig_fast32(x, zig_layers<float>(), z)) return static_cast<T>(z);
      PhiloxSubStream s(k, e);
      return static_cast<T>(zig_slow32(x, s));
    } else {
      const uint64_t r =
          j ? (static_cast<uint64_t>(w.w[2]) << 32) | w.w[3] : (static_cast<uint64_t>(w.w[0]) << 32) | w.w[1];
      double z;
      if (zig_fast64(r, zig_layers<double>(), z)) return static_cast<T>(z);
      PhiloxSubStream s(k, e);
      return static_cast<T>(zig_slow64(r, s));
    }
  }
  // A whole block, the rejected values finished in place (the host loop, and the CUDA loop of
  // draws too large to defer them: Note [Deferred ziggurat rejections] in
  // src/random/cuda/block_draws.cuh).
  template <class T>
  CUPRIC_HD static void standard(const StreamKey& k, uint64_t q, Words4 w, T* z) {
    constexpr int K = kBlockPer<T>;
    unsigned pending = fast<T>(w, z, zig_layers<T>());
    while (pending) {
      const int j = lowest_bit(pending);
      pending &= pending - 1;
      const T x = one<T>(k, K * q + static_cast<uint64_t>(j), w, j);
      for (int i = 0; i < K; ++i) z[i] = i == j ? x : z[i];  // selects: z stays in registers
    }
  }
  template <class T>
  CUPRIC_HD static T finish(T z, const Params& p) {
    // standard_normal's float32: no float64 round trip (two conversions per value, the slow kind
    // on a GPU); the fast path has already made -0 the +0 that 0 + 1 * z gives.
    if (sizeof(T) <= 4 && p.loc == 0.0 && p.scale == 1.0) return z;
    // Rounded twice, never fused: the same bits from every kernel and from the host.
    return static_cast<T>(fp::add_rn(p.loc, fp::mul_rn(p.scale, static_cast<double>(z))));
  }
};

struct ExponentialLaw {  // scale * (-log U)
  struct Params {
    double scale;
  };
  template <class T>
  static constexpr int per = kBlockPer<T>;
  template <class T>
  CUPRIC_HD static void standard(const StreamKey&, uint64_t, Words4 w, T* z) {
    if constexpr (sizeof(T) <= 4) {
      for (int j = 0; j < 4; ++j) z[j] = static_cast<T>(neg_log_open_of(w.w[j]));
    } else {
      for (int j = 0; j < 2; ++j) z[j] = static_cast<T>(-::log(1.0 - uniform53_of(w.w[2 * j], w.w[2 * j + 1])));
    }
  }
  template <class T>
  CUPRIC_HD static T finish(T z, const Params& p) {
    if (sizeof(T) <= 4 && p.scale == 1.0) return z;  // 1 * z: exact, no float64 round trip
    return static_cast<T>(p.scale * static_cast<double>(z));
  }
};

struct UniformLaw {  // low + (high - low) * U, as NumPy computes it
  struct Params {
    double low, high;
  };
  template <class T>
  static constexpr int per = kBlockPer<T>;
  template <class T>
  CUPRIC_HD static void standard(const StreamKey&, uint64_t, Words4 w, T* z) {
    if constexpr (sizeof(T) <= 4) {
      for (int j = 0; j < 4; ++j) z[j] = static_cast<T>(uniform_float_of(w.w[j]));
    } else {
      for (int j = 0; j < 2; ++j) z[j] = static_cast<T>(uniform53_of(w.w[2 * j], w.w[2 * j + 1]));
    }
  }
  template <class T>
  CUPRIC_HD static T finish(T z, const Params& p) {
    // One rounding per operation on both backends (Note [No FMA contraction] in
    // include/cupric/detail/exact_fp.hpp): uniforms are bit-identical on host and GPU.
    return static_cast<T>(fp::add_rn(p.low, fp::mul_rn(p.high - p.low, static_cast<double>(z))));
  }
};

// The continuous laws' block and element functions.
template <class Law>
struct ContinuousBlocks {
  template <class T>
  CUPRIC_HD static void block(const StreamKey& k, uint64_t q, const typename Law::Params& p, T* v) {
    Law::template standard<T>(k, q, philox_call_block(k, q), v);
    for (int j = 0; j < Law::template per<T>; ++j) v[j] = Law::template finish<T>(v[j], p);
  }
  template <class T>
  CUPRIC_HD static T element(const StreamKey& k, uint64_t e, const typename Law::Params& p) {
    constexpr int per = Law::template per<T>;
    const Words4 w = philox_call_block(k, e / per);
    if constexpr (std::is_same_v<Law, NormalLaw>) {  // element e's value alone, not its block's
      return Law::template finish<T>(Law::template one<T>(k, e, w, static_cast<int>(e % per)), p);
    } else {
      T z[per];
      Law::template standard<T>(k, e / per, w, z);
      return Law::template finish<T>(z[e % per], p);
    }
  }
};

// ---- integers -------------------------------------------------------------------------------------
inline constexpr uint64_t kNarrowRangeMax = 0xffffffffull;  // ranges up to this use one word

struct IntegerParams {
  int64_t low;
  uint64_t range;  // high - low, inclusive
};

// Lemire's multiply-shift of one word (range < 2^32 - 1) or one 64-bit word (range > 2^32 - 1,
// range != 2^64 - 1); a rejected word hands element e to its sub-stream. A word is rejected when
// the low half of its product is below (2^w - n) mod n (n = range + 1): the block functors get
// that threshold computed once on the host (integer_reject_below), so a GPU thread does no
// division; the element functors (array bounds) compute it only for the rare low product below n.
// The generator is Philox here, so the sub-stream is PhiloxSubStream (SubStream's words).
inline uint64_t integer_reject_below(uint64_t range) {
  if (range == 0 || range == kNarrowRangeMax || range == ~0ull) return 0;  // no word is rejected
  if (range < kNarrowRangeMax) {
    const uint32_t n = static_cast<uint32_t>(range) + 1u;
    return (0u - n) % n;
  }
  const uint64_t n = range + 1;
  return (0ull - n) % n;
}
CUPRIC_HD inline uint64_t bounded32_of(uint32_t w, uint32_t range, uint32_t reject_below, const StreamKey& k,
                                       uint64_t e) {
  const uint64_t m = static_cast<uint64_t>(w) * (range + 1u);
  if (static_cast<uint32_t>(m) < reject_below) {
    PhiloxSubStream s(k, e);
    return bounded(s, range);
  }
  return m >> 32;
}
CUPRIC_HD inline uint64_t bounded32_of(uint32_t w, uint32_t range, const StreamKey& k, uint64_t e) {
  const uint32_t n = range + 1u;
  const uint32_t l = static_cast<uint32_t>(static_cast<uint64_t>(w) * n);
  return bounded32_of(w, range, l < n ? (0u - n) % n : 0u, k, e);
}
CUPRIC_HD inline uint64_t bounded64_of(uint64_t x, uint64_t range, uint64_t reject_below, const StreamKey& k,
                                       uint64_t e) {
  if (range == ~0ull) return x;
  const uint64_t n = range + 1;
  if (x * n < reject_below) {
    PhiloxSubStream s(k, e);
    return bounded(s, range);
  }
  return mulhi64(x, n);
}
CUPRIC_HD inline uint64_t bounded64_of(uint64_t x, uint64_t range, const StreamKey& k, uint64_t e) {
  const uint64_t n = range + 1, l = x * n;
  return bounded64_of(x, range, range != ~0ull && l < n ? (0ull - n) % n : 0ull, k, e);
}

template <class T>
CUPRIC_HD inline T integer_value(int64_t low, uint64_t offset) {
  const uint64_t v = static_cast<uint64_t>(low) + offset;
  if constexpr (std::is_same_v<T, bool>)
    return v != 0;
  else
    return static_cast<T>(v);
}

struct IntegerBlocks {
  // block() for a narrow range (4 values) or a wide one (2 values): BlockF picks by Wide.
  // reject_below: integer_reject_below(p.range).
  // The hot path tests the least low half of the block's products against the threshold once
  // (a word is rejected iff its low half is below it; probability range / 2^32 at most), and the
  // rare block that has one finishes its rejected words by a call (rejected_value, not inlined:
  // the sub-stream loop's registers and code stay out of the loop, whose loop-invariant kernel
  // parameters then stay in registers).
  // SASS (sm_90, integers(0, 1000) int32): the former per-word mask and the inlined loop came to
  // ~86 instructions a block of four values in the loop (0.306 ms for 2^28 on the H200, 3509
  // GB/s), random()'s float32 Philox loop to ~68 (0.264 ms).
  // A rejected element's value is bounded() of its own sub-stream, as bounded32_of/bounded64_of give.
  template <class T>
  CUPRIC_HD static T rejected_value(const StreamKey& k, uint64_t e, const IntegerParams& p) {
    PhiloxSubStream s(k, e);
    return integer_value<T>(p.low, bounded(s, p.range));
  }
  template <class T, bool Wide>
  CUPRIC_HD static void block(const StreamKey& k, uint64_t q, const IntegerParams& p, uint64_t reject_below, T* v) {
    const Words4 w = philox_call_block(k, q);
    if constexpr (!Wide) {
      const uint32_t n = static_cast<uint32_t>(p.range) + 1u, t = static_cast<uint32_t>(reject_below);
      if (p.range == kNarrowRangeMax) {  // every word is a value
        for (int j = 0; j < 4; ++j) v[j] = integer_value<T>(p.low, w.w[j]);
        return;
      }
      uint32_t least = 0xffffffffu;
      for (int j = 0; j < 4; ++j) {
        const uint64_t m = static_cast<uint64_t>(w.w[j]) * n;
        least = static_cast<uint32_t>(m) < least ? static_cast<uint32_t>(m) : least;
        v[j] = integer_value<T>(p.low, m >> 32);
      }
      if (least < t) {  // by selects, not indices: w and v stay in registers
        for (int j = 0; j < 4; ++j) {
          if (static_cast<uint32_t>(static_cast<uint64_t>(word_at(w, j)) * n) < t) {
            const T x = rejected_value<T>(k, 4 * q + static_cast<uint64_t>(j), p);
            for (int i = 0; i < 4; ++i) v[i] = i == j ? x : v[i];
          }
        }
      }
    } else {
      const uint64_t x0 = (static_cast<uint64_t>(w.w[0]) << 32) | w.w[1];
      const uint64_t x1 = (static_cast<uint64_t>(w.w[2]) << 32) | w.w[3];
      if (p.range == ~0ull) {  // every 64-bit word is a value
        v[0] = integer_value<T>(p.low, x0);
        v[1] = integer_value<T>(p.low, x1);
        return;
      }
      const uint64_t n = p.range + 1, l0 = x0 * n, l1 = x1 * n;
      v[0] = integer_value<T>(p.low, mulhi64(x0, n));
      v[1] = integer_value<T>(p.low, mulhi64(x1, n));
      if ((l0 < l1 ? l0 : l1) < reject_below) {
        for (int j = 0; j < 2; ++j) {
          if ((j ? l1 : l0) < reject_below) {
            const T x = rejected_value<T>(k, 2 * q + static_cast<uint64_t>(j), p);
            v[0] = j == 0 ? x : v[0];
            v[1] = j == 1 ? x : v[1];
          }
        }
      }
    }
  }
  template <class T>
  CUPRIC_HD static T element(const StreamKey& k, uint64_t e, const IntegerParams& p) {
    const Words4 w = philox_call_block(k, p.range <= kNarrowRangeMax ? e / 4 : e / 2);
    if (p.range <= kNarrowRangeMax) {
      const uint32_t x = word_at(w, static_cast<int>(e % 4));
      return integer_value<T>(p.low,
                              p.range == kNarrowRangeMax ? x : bounded32_of(x, static_cast<uint32_t>(p.range), k, e));
    }
    const uint64_t x =
        e % 2 ? (static_cast<uint64_t>(w.w[2]) << 32) | w.w[3] : (static_cast<uint64_t>(w.w[0]) << 32) | w.w[1];
    return integer_value<T>(p.low, bounded64_of(x, p.range, k, e));
  }
};

// ---- functors -----------------------------------------------------------------------------------
// Scalar parameters: the loop's only operand is the output; block q gives elements
// per*q .. per*q + per - 1 (the CUDA kernel's unit); operator() is one element (other layouts).
template <class T, class Law>
struct ContinuousBlockF {
  using Out = T;
  static constexpr int per = Law::template per<T>;
  StreamKey key;
  typename Law::Params params;
  CUPRIC_HD void block(uint64_t q, T* v) const { ContinuousBlocks<Law>::template block<T>(key, q, params, v); }
  CUPRIC_HD T operator()(int64_t i) const {
    return ContinuousBlocks<Law>::template element<T>(key, static_cast<uint64_t>(i), params);
  }
};
// The normal's block functor (the CUDA loop defers its rejected values: Note [Deferred ziggurat
// rejections] in src/random/cuda/block_draws.cuh).
template <class T>
using NormalBlockF = ContinuousBlockF<T, NormalLaw>;

// The CUDA block loop's launch shape: a thread per Philox block, at most 2^16 CTAs of 256,
// grid-stride beyond.
inline constexpr int kDrawThreads = 256;
inline int64_t block_draw_grid(int64_t blocks) {
  return std::min<int64_t>((blocks + kDrawThreads - 1) / kDrawThreads, int64_t{1} << 16);
}
// Draws of 2^31 values or more finish rejections in place (the lists hold 32-bit element indices).
inline constexpr int64_t kDeferMaxValues = (int64_t{1} << 31) - 1;
// The deferred normal kernel's grid: a thread takes 32 / per blocks (its rejection bits fill one
// 32-bit word: Note [Deferred ziggurat rejections] in src/random/cuda/block_draws.cuh), so that a
// CTA's fixed costs (its 512 layer entries, two barriers, the appends, the two warps of slow
// values at its end) spread over 8192 values; but at least min(blocks / 256, 2048) CTAs, so that
// a mid-size draw still fills the GPU (2048 CTAs: ~2 waves of 8 CTAs on 132 SMs).
inline int64_t deferred_grid(int64_t numel, int per) {
  const int64_t blocks = (numel + per - 1) / per, group = kDrawThreads * (32 / per);
  const int64_t fill = std::min<int64_t>((blocks + kDrawThreads - 1) / kDrawThreads, 2048);
  return std::max(fill, (blocks + group - 1) / group);
}
// Slots of a CTA's list: 1/48 of the values it draws plus 48. The ziggurat rejects 1.5% (a CTA
// of 8192 values: 123 +- 11); a CTA whose list is full finishes the rest in place (same values).
inline int64_t deferred_slots_per_cta(int64_t numel, int per) {
  const int64_t blocks = (numel + per - 1) / per, grid = deferred_grid(numel, per);
  const int64_t rounds = (blocks + grid * kDrawThreads - 1) / (grid * kDrawThreads);
  return rounds * kDrawThreads * per / 48 + 48;
}
template <class T, bool Wide>
struct IntegerBlockF {
  using Out = T;
  static constexpr int per = Wide ? 2 : 4;
  StreamKey key;
  IntegerParams params;
  uint64_t reject_below;  // integer_reject_below(params.range)
  CUPRIC_HD void block(uint64_t q, T* v) const { IntegerBlocks::block<T, Wide>(key, q, params, reject_below, v); }
  CUPRIC_HD T operator()(int64_t i) const { return IntegerBlocks::element<T>(key, static_cast<uint64_t>(i), params); }
};

// Array parameters: element i with its parameters as the loop's inputs (in NumPy's order),
// checked as they are read (Note [Parameter guard] in src/random/param_guard.hpp).
struct ElemState {
  StreamKey key;
  ParamGuard guard;
};
template <class T, class Law, class... In>
struct ContinuousElemF {
  ElemState st;
  CUPRIC_HD T operator()(int64_t i, In... a) const {
    const double p[] = {static_cast<double>(a)...};
    if (!st.guard.admits(p)) return T(0);
    return ContinuousBlocks<Law>::template element<T>(st.key, static_cast<uint64_t>(i), typename Law::Params{a...});
  }
};
template <class T>
struct IntegerElemF {
  StreamKey key;
  CUPRIC_HD T operator()(int64_t i, int64_t low, uint64_t range) const {
    return IntegerBlocks::element<T>(key, static_cast<uint64_t>(i), IntegerParams{low, range});
  }
};

// The host loop of a block functor: blocks computed once each along a contiguous plan (or piece
// of one); other plans element by element.
template <class F>
void host_block_loop(const LoopPlan& p, const void* state, const Stream&) {
  F f;
  std::memcpy(static_cast<void*>(&f), state, sizeof(F));
  using T = typename F::Out;
  T v[F::per] = {};  // = {}: GCC cannot see that f.block() fills v before the first read
  if (p.contiguous) {
    T* out = reinterpret_cast<T*>(p.data[0]);
    uint64_t have = ~0ull;
    for (int64_t i = 0; i < p.numel; ++i) {
      const uint64_t e = static_cast<uint64_t>(p.index_base + i), q = e / F::per;
      if (q != have) {
        f.block(q, v);
        have = q;
      }
      out[i] = v[e % F::per];
    }
    return;
  }
  // Not reached from Generator (its outputs are fresh C-order arrays); kept general.
  int64_t idx[kMaxDims] = {};
  for (int64_t i = 0; i < p.numel; ++i) {
    int64_t off = 0;
    for (int d = 0; d < p.ndim; ++d) off += idx[d] * p.strides[0][d];
    *reinterpret_cast<T*>(p.data[0] + off) = f(p.index_base + i);
    for (int d = p.ndim - 1; d >= 0; --d) {
      if (++idx[d] < p.shape[d]) break;
      idx[d] = 0;
    }
  }
}

}  // namespace cupric::random
