// The samplers of the basic distributions (normal, exponential, uniform with bounds), drawn from
// an element's sub-stream (Note [Random streams]); the other distributions' samplers are in
// distributions.hpp. A sampler is a struct with
// `template <class T> CUPRIC_HD static T sample(SubStream& s, const double* params)`.
#pragma once
#include <cmath>
#include "cupric/detail/exact_fp.hpp"
#include "cupric/random/streams.hpp"

namespace cupric::random {

inline constexpr double kTwoPi = 6.283185307179586476925286766559;

// Box-Muller, one normal per element (the second is dropped: an element's draws stay its own,
// whatever the launch). float32 computes in float on both backends.
template <class T>
CUPRIC_HD inline T standard_normal(SubStream& s) {
  if constexpr (sizeof(T) <= 4) {
    float u1 = (static_cast<float>(s.next32() >> 8) + 0.5f) * (1.0f / 16777216.0f);  // (0, 1)
    float u2 = static_cast<float>(s.next32() >> 8) * (1.0f / 16777216.0f);
    return static_cast<T>(sqrtf(-2.0f * logf(u1)) * cosf(static_cast<float>(kTwoPi) * u2));
  } else {
    double u1 = s.uniform_double_open0();
    double u2 = s.uniform_double();
    return static_cast<T>(::sqrt(-2.0 * ::log(u1)) * ::cos(kTwoPi * u2));
  }
}

template <class T>
CUPRIC_HD inline T standard_exponential(SubStream& s) {
  if constexpr (sizeof(T) <= 4) {
    float u = (static_cast<float>(s.next32() >> 8) + 0.5f) * (1.0f / 16777216.0f);
    return static_cast<T>(-logf(u));
  } else {
    return static_cast<T>(-::log(s.uniform_double_open0()));
  }
}

struct StandardNormalSampler {
  template <class T>
  CUPRIC_HD static T sample(SubStream& s, const double*) {
    return standard_normal<T>(s);
  }
};
struct NormalSampler {  // loc, scale
  template <class T>
  CUPRIC_HD static T sample(SubStream& s, const double* p) {
    return static_cast<T>(p[0] + p[1] * static_cast<double>(standard_normal<T>(s)));
  }
};
struct StandardExponentialSampler {
  template <class T>
  CUPRIC_HD static T sample(SubStream& s, const double*) {
    return standard_exponential<T>(s);
  }
};
struct ExponentialSampler {  // scale
  template <class T>
  CUPRIC_HD static T sample(SubStream& s, const double* p) {
    return static_cast<T>(p[0] * static_cast<double>(standard_exponential<T>(s)));
  }
};
// uniform(low, high): low + (high - low) * U[0, 1), as NumPy computes it, rounded once per
// operation on both backends (Note [No FMA contraction] in include/cupric/detail/exact_fp.hpp).
struct UniformSampler {
  template <class T>
  CUPRIC_HD static T sample(SubStream& s, const double* p) {
    if constexpr (sizeof(T) <= 4)
      return static_cast<T>(fp::add_rn(p[0], fp::mul_rn(p[1] - p[0], static_cast<double>(s.uniform_float()))));
    else
      return static_cast<T>(fp::add_rn(p[0], fp::mul_rn(p[1] - p[0], s.uniform_double())));
  }
};

}  // namespace cupric::random
