// The samplers of the basic distributions (normal, exponential, uniform with bounds), drawn from
// an element's sub-stream (Note [Random streams]); the other distributions' samplers are in
// distributions.hpp. A sampler is a struct with
// `template <class T, class Src> CUPRIC_HD static T sample(Src& s, const double* params)`, Src
// being SubStream or a stream of one kind (Note [Sub-streams by kind] in src/random/kind_streams.hpp).
#pragma once
#include <cmath>
#include "cupric/detail/exact_fp.hpp"
#include "cupric/random/exact_math.hpp"
#include "cupric/random/streams.hpp"

namespace cupric::random {

inline constexpr double kTwoPi = 6.283185307179586476925286766559;

// Box-Muller, one normal per element (the second is dropped: an element's draws stay its own,
// whatever the launch). float32 computes in float with the exact-step logarithm and cosine (Note
// [Exact float log, sine and cosine] in exact_math.hpp), so host and GPU give the same bits, as
// Philox's block draws do: logf/cosf differed between libm and CUDA in the last bits of most
// values (the H200 run of 2026-12-01).
// (Src: a stream with SubStream's conversions; the requires keeps the samplers' bit sources of
// distributions/, found by argument-dependent lookup, on dist::standard_normal.)
template <class T, class Src>
  requires requires(Src& s) { s.uniform_double_open0(); }
CUPRIC_HD inline T standard_normal(Src& s) {
  if constexpr (sizeof(T) <= 4) {
    const float u1 = (static_cast<float>(s.next32() >> 8) + 0.5f) * (1.0f / 16777216.0f);  // (0, 1)
    float sn, cs;
    sincos_turn24(s.next32() >> 8, sn, cs);  // the angle 2 pi m / 2^24 of m = w >> 8
    return static_cast<T>(fp::mul_rn(sqrtf(2.0f * neg_log_float(u1)), cs));
  } else {
    double u1 = s.uniform_double_open0();
    double u2 = s.uniform_double();
    return static_cast<T>(::sqrt(-2.0 * ::log(u1)) * ::cos(kTwoPi * u2));
  }
}

template <class T, class Src>
  requires requires(Src& s) { s.uniform_double_open0(); }
CUPRIC_HD inline T standard_exponential(Src& s) {
  if constexpr (sizeof(T) <= 4) {
    const float u = (static_cast<float>(s.next32() >> 8) + 0.5f) * (1.0f / 16777216.0f);
    return static_cast<T>(neg_log_float(u));  // exact steps: the same bits on host and GPU
  } else {
    return static_cast<T>(-::log(s.uniform_double_open0()));
  }
}

struct StandardNormalSampler {
  template <class T, class Src>
  CUPRIC_HD static T sample(Src& s, const double*) {
    return standard_normal<T>(s);
  }
};
struct NormalSampler {  // loc, scale
  template <class T, class Src>
  CUPRIC_HD static T sample(Src& s, const double* p) {
    return static_cast<T>(p[0] + p[1] * static_cast<double>(standard_normal<T>(s)));
  }
};
struct StandardExponentialSampler {
  template <class T, class Src>
  CUPRIC_HD static T sample(Src& s, const double*) {
    return standard_exponential<T>(s);
  }
};
struct ExponentialSampler {  // scale
  template <class T, class Src>
  CUPRIC_HD static T sample(Src& s, const double* p) {
    return static_cast<T>(p[0] * static_cast<double>(standard_exponential<T>(s)));
  }
};
// uniform(low, high): low + (high - low) * U[0, 1), as NumPy computes it, rounded once per
// operation on both backends (Note [No FMA contraction] in include/cupric/detail/exact_fp.hpp).
struct UniformSampler {
  template <class T, class Src>
  CUPRIC_HD static T sample(Src& s, const double* p) {
    if constexpr (sizeof(T) <= 4)
      return static_cast<T>(fp::add_rn(p[0], fp::mul_rn(p[1] - p[0], static_cast<double>(s.uniform_float()))));
    else
      return static_cast<T>(fp::add_rn(p[0], fp::mul_rn(p[1] - p[0], s.uniform_double())));
  }
};

}  // namespace cupric::random
