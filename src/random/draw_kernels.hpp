// The functors of cupric.random's kernels (indexed: Note [Indexed loops]) and the table of their
// typed loops, filled by the "random" kernel family (families/random.inl) for both backends.
#pragma once
#include <cstdint>
#include "cupric/dtype.hpp"
#include "cupric/random/registry.hpp"
#include "cupric/random/samplers.hpp"
#include "cupric/random/streams.hpp"
#include "random/kind_streams.hpp"
#include "random/param_guard.hpp"
#include "cupric/detail/exact_fp.hpp"
#include "engine/elementwise/op_table.hpp"

namespace cupric::random {

// Loops of the registry's distributions: (distribution, output dtype); array parameters (DrawF)
// and scalar ones (ScalarDrawF: Note [Scalar-parameter draws] in src/random/scalar_draws.hpp).
LoopPair& draw_loops(DistributionId d, ScalarType out);
LoopPair& scalar_draw_loops(DistributionId d, ScalarType out);
// Loops of the built-in draws, per output dtype.
enum class RawKind : uint8_t {
  UniformPhilox,  // random(): [0, 1) from the Philox raw stream
  UniformBuffer,  // random(): [0, 1) from raw words in a buffer (XORWOW, MRG32k3a)
  BitsPhilox,     // the raw words themselves (uint32; uint64 takes two)
  BitsBuffer,
  Integers,             // integers(low, range): Lemire's bounded integers on the sub-streams
  Lanes,                // the XORWOW / MRG32k3a lane loop filling a word buffer (uint8 dummy output)
  CurandUniformPhilox,  // float32 uniform as curandGenerateUniform computes it (CuPy's RandomState)
  CurandUniformBuffer,
  // XORWOW's block-cooperative draws (Note [XORWOW lane chunks]; CUDA only): raw uint32 words,
  // random() float32, random_sample float32 as curandGenerateUniform.
  XorwowBits,
  XorwowUniform,
  XorwowCurandUniform,
  // Philox block draws (Note [Philox block draws] in src/random/block_draws.hpp): scalar
  // parameters in the functor (Block*), or array parameters as float64 / (int64, uint64) inputs
  // (Elem*). Normal, Exponential, Uniform: float32, float64; integers: the integer dtypes, bool.
  BlockNormal,
  BlockExponential,
  BlockUniform,
  BlockIntegersNarrow,
  BlockIntegersWide,
  ElemNormal,
  ElemExponential,
  ElemUniform,
  ElemIntegers,
  PermutationTies,  // int64: permutation's tie fix-up (src/random/permutation_ties.hpp)
  ChoiceBijection,  // int64: choice without replacement (src/random/choice_bijection.hpp)
  DirichletRows,    // float32, float64: dirichlet's rows (src/random/dirichlet_rows.hpp)
  count_
};
LoopPair& raw_loops(RawKind k, ScalarType out);
void register_draw_loop(LoopBackend b, DistributionId d, ScalarType out, LoopFn fn);
void register_scalar_draw_loop(LoopBackend b, DistributionId d, ScalarType out, LoopFn fn);
void register_raw_loop(LoopBackend b, RawKind k, ScalarType out, LoopFn fn);

// A registry distribution's value of element e: its sampler on element e's sub-stream of the
// call's kind (Note [Sub-streams by kind] in src/random/kind_streams.hpp); a sampler written for
// SubStream only (`sample(SubStream&, ...)`) draws from SubStream, the same words.
template <class T, class S>
CUPRIC_HD inline T draw_element(const DrawKey& k, uint64_t e, const double* p) {
  if constexpr (requires(PhiloxKindStream& s) { S::template sample<T>(s, p); }) {
    return with_kind_stream<T>(k, e, [&](auto& s) { return S::template sample<T>(s, p); });
  } else {
    SubStream s(k.key, e);
    return S::template sample<T>(s, p);
  }
}

// A registry distribution with array parameters: element i, its parameters as float64 inputs,
// checked as they are read (Note [Parameter guard] in src/random/param_guard.hpp); an element
// that breaks a rule is not drawn (Generator::draw raises).
struct DrawState {
  DrawKey key;
  ParamGuard guard;
};
template <class T, class S, int NP>
struct DrawF {
  // Rejection samplers: the engine's loops take many elements a thread (Note [Uneven elementwise
  // work] in src/engine/elementwise/cuda/cuda_loops.cuh).
  static constexpr bool kUnevenWork = true;
  DrawState st;
  template <class... P>
  CUPRIC_HD T operator()(int64_t i, P... a) const {
    static_assert(sizeof...(P) == NP);
    if constexpr (NP == 0) {
      return draw_element<T, S>(st.key, static_cast<uint64_t>(i), nullptr);
    } else {
      const double p[NP] = {a...};
      if (!st.guard.admits(p)) return T(0);
      return draw_element<T, S>(st.key, static_cast<uint64_t>(i), p);
    }
  }
};

// The bytes Generator::dirichlet hands the DirichletRows loop (DirichletRowsF in
// src/random/dirichlet_rows.hpp: Note [Dirichlet rows] there).
struct DirichletRowsState {
  DrawKey key;
  const double* alpha;  // the k parameters, on the loop's backend
  void* out;            // the output's data, C-order rows of k
  int64_t k;
  bool shift;  // normalise exp(l - max l), not exp(l)
};

// The bytes Generator::draw hands a scalar-parameter loop (ScalarDrawF in
// src/random/scalar_draws.hpp: Note [Scalar-parameter draws] there).
struct ScalarDrawState {
  DrawKey key;
  double params[kMaxDistParams];
};

// The float32 uniform [0, 1) of one raw word: its top 24 bits.
CUPRIC_HD inline float uniform_float_of(uint32_t w) { return static_cast<float>(w >> 8) * (1.0f / 16777216.0f); }

// Uniform [0, 1) from the raw stream: float32 from word i (24 bits), float64 from words 2i, 2i+1
// (53 bits, NumPy's construction); float16 as float32 rounded.
template <class T, class Src>
struct UniformF {
  Src src;
  CUPRIC_HD T operator()(int64_t i) const {
    uint64_t u = static_cast<uint64_t>(i);
    if constexpr (sizeof(T) == 8) {
      uint32_t a, b;
      if constexpr (std::is_same_v<Src, PhiloxWords>) {
        // Both words from one Philox block when they share it (an even first word).
        uint64_t g = src.base + 2 * u;
        if ((g & 1) == 0) {
          Words4 blk = philox_curand_block(src.seed, g >> 2);
          a = blk.w[g & 3];
          b = blk.w[(g & 3) + 1];
        } else {
          a = src(2 * u);
          b = src(2 * u + 1);
        }
      } else {
        a = src(2 * u);
        b = src(2 * u + 1);
      }
      return ((a >> 5) * 67108864.0 + (b >> 6)) * (1.0 / 9007199254740992.0);
    } else {
      return static_cast<T>(uniform_float_of(src(u)));
    }
  }
};

// Note [cuRAND uniform floats]
// curandGenerateUniform (Philox, XORWOW; checked against the host generator) maps word w to
// float(w) * 2^-32 + 2^-33 in float arithmetic, a value in (0, 1]; CuPy's RandomState.random_sample
// then replaces 1 by 0. Spelled with round-to-nearest operations so nvcc does not contract them
// into an FMA, which would change the last bit.
CUPRIC_HD inline float curand_uniform_of(uint32_t w) {
  float x = fp::add_rn(fp::mul_rn(static_cast<float>(w), 2.3283064e-10f), 1.1641532e-10f);
  return x == 1.0f ? 0.0f : x;
}
template <class Src>
struct CurandUniformF {
  Src src;
  CUPRIC_HD float operator()(int64_t i) const { return curand_uniform_of(src(static_cast<uint64_t>(i))); }
};

// Sinks of the chunked XORWOW draws (src/random/xorwow_chunks.hpp): word i of the call to out[i].
struct WordSink {
  using Out = uint32_t;
  uint32_t* out;
  CUPRIC_HD void operator()(uint64_t i, uint32_t w) const { out[i] = w; }
};
struct UniformFloatSink {
  using Out = float;
  float* out;
  CUPRIC_HD void operator()(uint64_t i, uint32_t w) const { out[i] = uniform_float_of(w); }
};
struct CurandUniformSink {
  using Out = float;
  float* out;
  CUPRIC_HD void operator()(uint64_t i, uint32_t w) const { out[i] = curand_uniform_of(w); }
};

// Raw words: uint32 word i; uint64 words 2i (high) and 2i+1 (low).
template <class T, class Src>
struct BitsF {
  Src src;
  CUPRIC_HD T operator()(int64_t i) const {
    uint64_t u = static_cast<uint64_t>(i);
    if constexpr (sizeof(T) == 8)
      return static_cast<T>((static_cast<uint64_t>(src(2 * u)) << 32) | src(2 * u + 1));
    else
      return static_cast<T>(src(u));
  }
};

// Bounded integers low + [0, range] (range = high - low, inclusive) with Lemire's unbiased
// multiply-and-reject, 32-bit when range < 2^32, else 64-bit (NumPy's choice of widths).
CUPRIC_HD inline uint64_t mulhi64(uint64_t a, uint64_t b) {
#if defined(__CUDA_ARCH__)
  return __umul64hi(a, b);
#else
  return static_cast<uint64_t>((static_cast<unsigned __int128>(a) * b) >> 64);
#endif
}

// S: SubStream, or PhiloxSubStream where the generator is known to be Philox (same words).
template <class S>
CUPRIC_HD inline uint64_t bounded(S& s, uint64_t range) {
  if (range == 0) return 0;
  if (range < 0xffffffffull) {
    uint32_t n = static_cast<uint32_t>(range) + 1u;
    uint64_t m = static_cast<uint64_t>(s.next32()) * n;
    uint32_t l = static_cast<uint32_t>(m);
    if (l < n) {
      uint32_t t = (0u - n) % n;
      while (l < t) {
        m = static_cast<uint64_t>(s.next32()) * n;
        l = static_cast<uint32_t>(m);
      }
    }
    return m >> 32;
  }
  if (range == 0xffffffffull) return s.next32();
  if (range == ~0ull) return s.next64();
  uint64_t n = range + 1;
  uint64_t x = s.next64();
  uint64_t l = x * n;
  if (l < n) {
    uint64_t t = (0ull - n) % n;
    while (l < t) {
      x = s.next64();
      l = x * n;
    }
  }
  return mulhi64(x, n);
}

template <class T>
struct IntegersF {
  StreamKey key;
  CUPRIC_HD T operator()(int64_t i, int64_t low, uint64_t range) const {
    SubStream s(key, static_cast<uint64_t>(i));
    uint64_t v = static_cast<uint64_t>(low) + bounded(s, range);
    if constexpr (std::is_same_v<T, bool>)
      return v != 0;
    else
      return static_cast<T>(v);
  }
};

// The lane loop of XORWOW and MRG32k3a (Note [cuRAND XORWOW and MRG32k3a order]): loop index j
// (j < min(count, lanes)) serves the lane of word g = offset + j, writing the words g, g + lanes,
// ... below offset + count into out[g - offset], after one skip-ahead to g. `table`: the XORWOW
// or MRG32k3a jump matrices (src/random/jump_tables.cpp), in the memory of the backend that runs
// the loop.
struct LanesF {
  uint32_t* out;
  const uint32_t* table;
  uint64_t seed, offset, count;
  BitGenKind kind;
  CUPRIC_HD uint8_t operator()(int64_t j) const;
};

// MRG32k3a jump matrices: kMrgTableMatrices pairs of 3x3 (A1^(2^i) mod m1, A2^(2^i) mod m2) for
// i in [0, 64) (elements) then A^(2^(76+i)) for i in [0, 17) (subsequences).
inline constexpr int kMrgSubseqBits = 17;
inline constexpr int kMrgTableMatrices = 64 + kMrgSubseqBits;

CUPRIC_HD inline void mrg_jump(Mrg32k3a& g, uint64_t n, const uint32_t* table, int first) {
  for (int i = first; n; ++i, n >>= 1) {
    if (n & 1) {
      Mrg32k3a::apply(table + 18 * i, g.s1, kMrgM1);
      Mrg32k3a::apply(table + 18 * i + 9, g.s2, kMrgM2);
    }
  }
}

CUPRIC_HD inline uint8_t LanesF::operator()(int64_t j) const {
  const uint64_t lanes = kind == BitGenKind::XORWOW ? kXorwowLanes : kMrgLanes;
  uint64_t g = offset + static_cast<uint64_t>(j);
  const uint64_t end = offset + count, l = g % lanes;
  if (kind == BitGenKind::XORWOW) {
    Xorwow x = Xorwow::seeded(seed);
    xorwow_skip_subsequence(x, l, table);
    xorwow_skip(x, g / lanes, table);
    for (; g < end; g += lanes) out[g - offset] = x.next();
  } else {
    Mrg32k3a m = Mrg32k3a::seeded(seed);
    mrg_jump(m, l, table, 64);
    mrg_jump(m, g / lanes, table, 0);
    for (; g < end; g += lanes) out[g - offset] = m.next();
  }
  return 0;
}

}  // namespace cupric::random
