// Building blocks of the samplers: overloaded math for float/double on host and device, and the
// uniform, normal and exponential variates every other distribution is made of.
#pragma once
#include <cmath>
#include <cstdint>
#include <limits>

#include "cupric/config.hpp"
#include "cupric/detail/device_math.hpp"
#include "cupric/random/exact_math.hpp"
#include "cupric/random/ziggurat.hpp"

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
// The 256-layer ziggurat (Note [Normal ziggurat] in include/cupric/random/ziggurat.hpp) on the
// sampler's own bit source: one word (float) or two (double) and a table look-up for 98.5% of the
// values, the rest finished on further words of the same source. A sampler's words are its
// element's own sub-stream, so a variable count of words per draw touches no other element (the
// Box-Muller this replaces used a fixed count, and a logarithm, square root and cosine a value:
// most of a gamma draw's time: standard_gamma(2.5) float64 ran at 214 GB/s on the H200, CuPy 328;
// expected ~1.5x from this). float: every step exact or rounded once (the same bits on host and
// GPU); double: the fast path too, the rare tail and wedge within an ulp.
template <class Bits>
struct ZigWords {  // next32() of a sampler's bit source, for zig_slow32/zig_slow64
  Bits& b;
  CUPRIC_HD uint32_t next32() { return b.next_u32(); }
};
template <class T, class Bits> CUPRIC_HD inline T standard_normal(Bits& b) {
  ZigWords<Bits> src{b};
  if constexpr (sizeof(T) == sizeof(float)) {
    const uint32_t w = b.next_u32();
    float z;
    return zig_fast32(w, zig_layers<float>(), z) ? z : zig_slow32(w, src);
  } else {
    const uint64_t hi = b.next_u32();
    const uint64_t r = (hi << 32) | b.next_u32();
    double z;
    return zig_fast64(r, zig_layers<double>(), z) ? z : zig_slow64(r, src);
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
