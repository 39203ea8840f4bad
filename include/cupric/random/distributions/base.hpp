// Building blocks of the samplers: overloaded math for float/double on host and device, and the
// uniform, normal and exponential variates every other distribution is made of.
#pragma once
#include <cmath>
#include <cstdint>
#include <limits>

#include "cupric/config.hpp"
#include "cupric/detail/device_math.hpp"
#include "cupric/random/exact_math.hpp"

namespace cupric::random::dist {

// A bit source is any type with `CUPRIC_HD uint32_t next_u32()`; the generators of
// cupric::random (Philox4x32-10, XORWOW, MRG32k3a) and the tests' SplitMix64 all are.
//
// The samplers are templates on the result type T (float or double) and compile under nvcc for
// the device: they call math through m::log & co., cupric::dmath's overloads (Note
// [Device-portable math] in include/cupric/detail/device_math.hpp). Float samplers compute in
// float throughout (as NumPy's float32 samplers do), so a float draw costs no double math on GPUs.
namespace m = ::cupric::dmath;

template <class T> inline constexpr T kPi = T(3.14159265358979323846);
template <class T> inline constexpr T kNaN = std::numeric_limits<T>::quiet_NaN();
template <class T> inline constexpr T kInf = std::numeric_limits<T>::infinity();
inline constexpr int64_t kInt64Max = std::numeric_limits<int64_t>::max();
inline constexpr int64_t kInt64Min = std::numeric_limits<int64_t>::min();

// --- uniforms ---------------------------------------------------------------------------------
// Note [Open uniforms]
// Every sampler takes logs or reciprocals of its uniforms, so they come from the open interval
// (0, 1): the top bits of the source, plus half a unit in the last place. A double uses 52 bits
// (two 32-bit words), a float 23 bits (one word): one bit less than the significand, so that the
// largest value, 1 - 2^-53 (resp. 2^-24), is representable and does not round up to 1.
// 1 - u is then exact and also in (0, 1).

template <class Bits> CUPRIC_HD inline double uniform_open_double(Bits& b) {
  uint64_t hi = b.next_u32(), lo = b.next_u32();
  uint64_t x = ((hi << 32) | lo) >> 12;  // 52 bits
  return (double(x) + 0.5) * 0x1.0p-52;
}

template <class Bits> CUPRIC_HD inline float uniform_open_float(Bits& b) {
  uint32_t x = b.next_u32() >> 9;  // 23 bits
  return (float(x) + 0.5f) * 0x1.0p-23f;
}

template <class T, class Bits> CUPRIC_HD inline T uniform_open(Bits& b) {
  if constexpr (sizeof(T) == sizeof(float)) {
    return uniform_open_float(b);
  } else {
    return uniform_open_double(b);
  }
}

// --- normal and exponential -------------------------------------------------------------------
// Box–Muller, one value per call: a fixed number of words per draw (no rejection loop), which keeps
// the per-element streams of a GPU warp in step and makes the number of words a draw consumes
// predictable. The second value of the pair is dropped on purpose: keeping it would make a draw
// depend on the previous one, which per-element counter streams must not.
// float: the exact-step log and cosine (Note [Exact float log, sine and cosine] in
// include/cupric/random/exact_math.hpp), the same bits on host and GPU; the angle 2 pi u2 of the
// open uniform u2 = (x + 0.5) 2^-23 is 2 pi (2x + 1) / 2^24, taken exactly.
template <class T, class Bits> CUPRIC_HD inline T standard_normal(Bits& b) {
  if constexpr (sizeof(T) == sizeof(float)) {
    const float u1 = uniform_open_float(b);
    const uint32_t v = ((b.next_u32() >> 9) << 1) | 1u;
    float s, c;
    sincos_turn24(v, s, c);
    return m::sqrt(2.0f * neg_log_float(u1)) * c;
  } else {
    T u1 = uniform_open<T>(b);
    T u2 = uniform_open<T>(b);
    return m::sqrt(T(-2) * m::log(u1)) * m::cos(T(2) * kPi<T> * u2);
  }
}

// Inversion: -log(U) with U in (0, 1) is exactly Exp(1).
template <class T, class Bits> CUPRIC_HD inline T standard_exponential(Bits& b) {
  if constexpr (sizeof(T) == sizeof(float))
    return neg_log_float(uniform_open_float(b));
  else
    return -m::log(uniform_open<T>(b));
}

// --- log-factorial differences ----------------------------------------------------------------
// Note [Log-factorial differences]
// The rejection tests of the binomial (BTRS), Poisson (PTRS) and hypergeometric samplers compare
// log-probabilities like log k! - log m! for k, m up to 2^63. lgamma of 1e18 is ~4e19, whose
// rounding error (~4e3) would swamp the test; so the differences are formed from Stirling's
// series directly: log x! = (x+1/2) log(x+1) - (x+1) + log(2 pi)/2 + tail(x), and
// (x+1/2) log(x+1) - (y+1/2) log(y+1) = (x+1/2) log1p((x-y)/(y+1)) + (x-y) log(y+1),
// whose terms are of the size of the difference, not of the values.
// Accurate for x, y up to 2^63.

// tail(x) = log x! - [(x+1/2) log(x+1) - (x+1) + log(2 pi)/2]
CUPRIC_HD inline double stirling_tail(double x) {
  constexpr double kHalfLog2Pi = 0.91893853320467274178;
  if (x < 16) return m::lgamma(x + 1) - ((x + 0.5) * m::log(x + 1) - (x + 1) + kHalfLog2Pi);
  double w = x + 1, w2 = w * w;
  return (1.0 / 12 - (1.0 / 360 - (1.0 / 1260 - 1.0 / (1680 * w2)) / w2) / w2) / w;
}

// log x! - log y! given d = x - y exactly: x and y may be rounded (n - k for n ~ 2^60 is not
// representable), their difference is passed by the caller, formed from small exact numbers.
CUPRIC_HD inline double log_factorial_diff(double x, double y, double d) {
  return (x + 0.5) * m::log1p(d / (y + 1)) + d * (m::log(y + 1) - 1) + stirling_tail(x) - stirling_tail(y);
}

}  // namespace cupric::random::dist
