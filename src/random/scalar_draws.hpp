// The registry's draws with scalar parameters (Note [Scalar-parameter draws]): the functor with
// the parameters (and what the sampler prepares from them) and its host loop; the CUDA loop is
// src/random/cuda/scalar_draws.cuh.
#pragma once
#include <cstring>
#include <type_traits>
#include <utility>
#include "cupric/error.hpp"
#include "engine/elementwise/loop_plan.hpp"
#include "random/draw_kernels.hpp"

namespace cupric::random {

// Note [Scalar-parameter draws]
// With scalar parameters (the common call: rs.gamma(2.5, 2.0, size=n)) the parameters travel in
// the functor, not as broadcast 0-d float64 operands of the strided engine: the loop's only
// operand is the contiguous output, so the CUDA loop is a plain grid-stride loop with 32-bit
// indices (no offset walk, no parameter loads: the strided loop's standard_gamma kernel
// computed two offsets and loaded the shape for every element), and a prepared sampler (Note
// [Prepared samplers] in include/cupric/random/distributions/registry_samplers.hpp) derives its
// per-law constants once, on the host, when the loop builds the functor. The values are DrawF's:
// element i's sub-stream, the same parameters, the same operations.
// The most values a scalar-parameter draw takes (its CUDA loop's indices are 32-bit: the grid's
// threads, at most four waves, stay far below the rest of 2^32); Generator::draw gives a bigger
// one the array-parameter loop (parameters as 0-d operands: the same values).
inline constexpr int64_t kScalarDrawMax = int64_t{1} << 31;

template <class S, class T>
concept PreparedSampler = requires(const double* p) { S::template prepare<T>(p); };

template <class S, class T>
struct PrepOf {
  struct type {};
};
template <class S, class T>
  requires PreparedSampler<S, T>
struct PrepOf<S, T> {
  using type = decltype(S::template prepare<T>(nullptr));
};

// Samplers with variants (Note [Sampler variants] in
// include/cupric/random/distributions/registry_samplers.hpp).
template <class S>
concept VariantSampler = requires { S::variants; };

// V: the sampler's variant the call runs (-1: `sample`, which picks it per element).
template <class T, class S, int V = -1>
struct ScalarDrawF {
  using Out = T;
  ScalarDrawState st;
  typename PrepOf<S, T>::type prep;

  // The functor of a call: the state Generator::draw passed (a ScalarDrawState), prepared.
  static ScalarDrawF of(const void* state) {
    ScalarDrawF f{};
    std::memcpy(static_cast<void*>(&f.st), state, sizeof(ScalarDrawState));
    if constexpr (PreparedSampler<S, T>) f.prep = S::template prepare<T>(f.st.params);
    return f;
  }
  CUPRIC_HD T operator()(int64_t i) const {
    if constexpr (V >= 0) {
      return with_kind_stream<T>(st.key, static_cast<uint64_t>(i),
                                 [&](auto& s) { return S::template sample_variant<T, V>(s, prep); });
    } else if constexpr (PreparedSampler<S, T>) {
      return with_kind_stream<T>(st.key, static_cast<uint64_t>(i),
                                 [&](auto& s) { return S::template sample<T>(s, prep); });
    } else {
      return draw_element<T, S>(st.key, static_cast<uint64_t>(i), st.params);
    }
  }
  // The same functor as the variant V2 its parameters take (the loops' dispatch).
  template <int V2>
  ScalarDrawF<T, S, V2> as() const {
    return ScalarDrawF<T, S, V2>{st, prep};
  }
};

// run(f2) with f2 the functor of f's variant (f itself for a sampler without variants).
template <class T, class S, class Run>
void with_variant(const ScalarDrawF<T, S>& f, Run&& run) {
  if constexpr (VariantSampler<S>) {
    const int v = S::template variant_of<T>(f.prep);
    [&]<int... V>(std::integer_sequence<int, V...>) {
      ((v == V ? (run(f.template as<V>()), 0) : 0), ...);
    }(std::make_integer_sequence<int, S::variants>{});
  } else {
    run(f);
  }
}

// The host loop: element index_base + i to out[i]. The plan is contiguous: Generator's outputs
// are fresh C-order arrays (the engine merges their dimensions into one; a 0-d one is contiguous).
template <class F>
void scalar_draw_host_run(const LoopPlan& p, const F& f) {
  using T = typename F::Out;
  if (!p.contiguous)
    throw RuntimeError("cupric.random: a scalar-parameter draw needs a contiguous output (internal error)");
  T* out = reinterpret_cast<T*>(p.data[0]);
  for (int64_t i = 0; i < p.numel; ++i) out[i] = f(p.index_base + i);
}
template <class F>
void scalar_draw_host_loop(const LoopPlan& p, const void* state, const Stream&) {
  with_variant(F::of(state), [&](const auto& f) { scalar_draw_host_run(p, f); });
}

}  // namespace cupric::random
