// cupric.random in C++: bit generators (Philox4x32-10, XORWOW, MRG32k3a) and the draws of
// NumPy's Generator / CuPy's RandomState, the same numbers on the host and the GPU
// (Note [Random streams] in cupric/random/streams.hpp, Note [Random registry] in registry.hpp).
#pragma once
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>
#include "cupric/ndarray.hpp"
#include "cupric/random/registry.hpp"
#include "cupric/random/streams.hpp"

namespace cupric::random {

// A distribution parameter: a number, or an array (cast to float64) that broadcasts like NumPy.
struct Param {
  double value = 0;
  ndarray array;  // defined: the parameter is this array
  static Param of(double v) { return Param{v, {}}; }
  static Param of(const ndarray& a) { return Param{0, a}; }
  bool is_array() const { return array.defined(); }
};

// An integer bound of integers(): a number (kept exactly, up to uint64's range) or an array.
struct IntBound {
  __int128 value = 0;
  ndarray array;
  static IntBound of(__int128 v) { return IntBound{v, {}}; }
  static IntBound of(const ndarray& a) { return IntBound{0, a}; }
  bool is_array() const { return array.defined(); }
};

// The whole state of a generator (what get/set state copies).
struct GeneratorState {
  BitGenKind kind = BitGenKind::Philox4x3210;
  uint64_t seed = 0;
  uint64_t offset = 0;  // raw-stream words consumed
  uint32_t calls = 0;   // sub-stream calls made
};

const char* bit_generator_name(BitGenKind k);  // "Philox4x3210", "XORWOW", "MRG32k3a"

class Generator {
 public:
  explicit Generator(uint64_t seed = 0, BitGenKind kind = BitGenKind::Philox4x3210) {
    state_.seed = seed;
    state_.kind = kind;
  }
  const GeneratorState& state() const { return state_; }
  void set_state(const GeneratorState& s) { state_ = s; }
  // cuRAND's generator offset: the raw-stream word the next raw draw starts at.
  void set_offset(uint64_t off) { state_.offset = off; }

  // Uniform [0, 1) (float16, float32, float64) from the raw stream (Note [Random streams]).
  ndarray random(const Dims& size, DType dtype = dtypes::float64);
  // CuPy's RandomState.random_sample: float32 as curandGenerateUniform computes it from the same
  // raw words (Note [cuRAND uniform floats]; XORWOW: CuPy 14's numbers for the same seed);
  // float64 as random().
  ndarray random_curand(const Dims& size, DType dtype = dtypes::float64);
  // Raw words: uint32 (one word each) or uint64 (two).
  ndarray raw(const Dims& size, DType dtype = dtypes::uint32);
  // Bounded integers in [low, high) (or [low, high] with endpoint) of an integer/bool dtype.
  // size none: the broadcast shape of the bounds. Errors as NumPy: "low >= high",
  // "low is out of bounds for int8", ...
  ndarray integers(const IntBound& low, const IntBound& high, const std::optional<Dims>& size,
                   DType dtype = dtypes::int64, bool endpoint = false);
  // A registry distribution by name (ValueError for an unknown one), parameters in table order.
  // legacy: NumPy's RandomState checks of the parameters rather than Generator's (they differ for
  // a few distributions: Note [Parameter rules] in cupric/random/distributions/param_rules.hpp).
  ndarray draw(std::string_view name, const std::vector<Param>& params, const std::optional<Dims>& size,
               std::optional<DType> dtype = std::nullopt, bool legacy = false);
  ndarray draw(DistributionId id, const std::vector<Param>& params, const std::optional<Dims>& size,
               std::optional<DType> dtype = std::nullopt, bool legacy = false);

  // Dirichlet(alpha) rows of shape size + (k,), float64 or float32, on the current backend
  // (Note [Dirichlet rows] in src/random/dirichlet_rows.hpp); NumPy's alpha checks for
  // RandomState (legacy) or Generator.
  ndarray dirichlet(const std::vector<double>& alpha, const Dims& size, DType dtype = dtypes::float64,
                    bool legacy = false);

  // A random permutation of arange(n) (int64), and of `a` along `axis` (a copy).
  ndarray permutation(int64_t n);
  ndarray permutation(const ndarray& a, int64_t axis = 0);
  // Shuffles `a` in place along `axis`; permuted(a, axis) shuffles every 1-d slice along axis
  // independently (axis none: the flattened array), into `out` when given.
  void shuffle(const ndarray& a, int64_t axis = 0);
  ndarray permuted(const ndarray& a, std::optional<int64_t> axis = std::nullopt, const ndarray& out = {});
  // choice from arange(n) (int64 indices); p: probabilities (replace only: V14-CHOICE). legacy:
  // RandomState's error messages.
  ndarray choice(int64_t n, const std::optional<Dims>& size, bool replace = true, const ndarray& p = {},
                 bool legacy = false);
  // `count` random bytes.
  std::vector<uint8_t> bytes(int64_t count);

  // The key of the next sub-stream call (advances calls) and of a raw call of `words` words
  // (advances offset): what a new draw routine built on this generator passes to its kernel.
  StreamKey next_substream_key();
  StreamKey next_raw_key(uint64_t words);

 private:
  // The raw words [offset, offset + words) as a uint32 array on `backend`'s memory (XORWOW,
  // MRG32k3a: the lane loop), for the buffer-fed loops.
  ndarray raw_words(uint64_t offset, uint64_t words, Backend& backend);
  GeneratorState state_;
};

}  // namespace cupric::random
