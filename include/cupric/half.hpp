// float16 and bfloat16 storage types usable on host and device, with NumPy/ml_dtypes-exact
// round-to-nearest-even conversions.
#pragma once
#include <cstdint>
#include <cstring>
#include "cupric/config.hpp"

#if defined(__CUDACC__)
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#endif

namespace cupric {

namespace detail {

// The bits of `v` as a value of another type of the same size: std::bit_cast, in a form host
// compilers, nvcc and NVRTC (the JIT compiles this header) all accept; each turns it into a move.
template <class To, class From>
CUPRIC_HD inline To bit_copy(const From& v) {
  static_assert(sizeof(To) == sizeof(From), "bit_copy needs two types of one size");
  return __builtin_bit_cast(To, v);
}
CUPRIC_HD inline uint32_t f32_bits(float f) { return bit_copy<uint32_t>(f); }
CUPRIC_HD inline float f32_from_bits(uint32_t u) { return bit_copy<float>(u); }
CUPRIC_HD inline uint64_t f64_bits(double d) { return bit_copy<uint64_t>(d); }

// IEEE binary16 from the bits `x` of a binary32 (Bits = uint32_t, M = 23 mantissa bits, bias 127)
// or a binary64 (uint64_t, 52, 1023), rounded to nearest even once, as NumPy's npy_float_to_half
// and npy_double_to_half round (a double is not rounded through float first).
// The one difference between the widths is a nan whose top 10 payload bits are zero: from float
// it gets the quiet bit and payload bit 0 (0x7e01), from double the quiet bit only (0x7e00); both
// are kept as they were (kNanLowBit), so every result is unchanged bit for bit.
template <class Bits, int M, int Bias, bool kNanLowBit>
CUPRIC_HD inline uint16_t narrow_to_half_bits(Bits x) {
  constexpr int W = static_cast<int>(sizeof(Bits) * 8);
  constexpr int drop = M - 10;  // mantissa bits below half's 10
  constexpr uint32_t exp_max = (1u << (W - 1 - M)) - 1u;
  constexpr Bits one = 1;
  const uint32_t sign = static_cast<uint32_t>((x >> (W - 16)) & 0x8000u);
  const uint32_t exp = static_cast<uint32_t>(x >> M) & exp_max;
  Bits man = x & ((one << M) - 1u);
  if (exp == exp_max) {  // inf or nan
    if (man == 0) return static_cast<uint16_t>(sign | 0x7c00u);
    uint16_t r = static_cast<uint16_t>(sign | 0x7c00u | static_cast<uint32_t>(man >> drop));
    if (kNanLowBit && (r & 0x3ffu) == 0) r |= 1;  // keep it a nan
    return static_cast<uint16_t>(r | 0x0200u);
  }
  const int32_t e = static_cast<int32_t>(exp) - Bias + 15;
  if (e >= 0x1f) return static_cast<uint16_t>(sign | 0x7c00u);  // overflow to inf
  if (e <= 0) {                                                 // subnormal half or zero
    if (e < -10) return static_cast<uint16_t>(sign);
    man |= one << M;
    const uint32_t shift = static_cast<uint32_t>(drop + 1 - e);
    Bits half_man = man >> shift;
    const Bits rem = man & ((one << shift) - 1u);
    const Bits halfway = one << (shift - 1);
    if (rem > halfway || (rem == halfway && (half_man & 1u))) ++half_man;
    return static_cast<uint16_t>(sign | static_cast<uint32_t>(half_man));
  }
  Bits half = sign | (static_cast<Bits>(e) << 10) | (man >> drop);
  const Bits rem = man & ((one << drop) - 1u);
  const Bits halfway = one << (drop - 1);
  if (rem > halfway || (rem == halfway && (half & 1u))) ++half;  // may carry into exponent: fine
  return static_cast<uint16_t>(half);
}
CUPRIC_HD inline uint16_t float_to_half_bits(float f) {
  return narrow_to_half_bits<uint32_t, 23, 127, true>(f32_bits(f));
}
CUPRIC_HD inline uint16_t double_to_half_bits(double d) {
  return narrow_to_half_bits<uint64_t, 52, 1023, false>(f64_bits(d));
}

CUPRIC_HD inline float half_bits_to_float(uint16_t h) {
  uint32_t sign = (static_cast<uint32_t>(h) & 0x8000u) << 16;
  uint32_t exp = (h >> 10) & 0x1fu;
  uint32_t man = h & 0x3ffu;
  if (exp == 0) {
    if (man == 0) return f32_from_bits(sign);
    // subnormal: normalise
    int e = -1;
    do {
      ++e;
      man <<= 1;
    } while ((man & 0x400u) == 0);
    man &= 0x3ffu;
    return f32_from_bits(sign | (static_cast<uint32_t>(127 - 15 - e) << 23) | (man << 13));
  }
  if (exp == 0x1fu) return f32_from_bits(sign | 0x7f800000u | (man << 13));
  return f32_from_bits(sign | ((exp + 112u) << 23) | (man << 13));
}

// bfloat16 from binary32, round to nearest even; nan stays a quiet nan (ml_dtypes' rule).
CUPRIC_HD inline uint16_t float_to_bf16_bits(float f) {
  uint32_t x = f32_bits(f);
  if ((x & 0x7fffffffu) > 0x7f800000u) return static_cast<uint16_t>((x >> 16) | 0x0040u);
  uint32_t rounding = 0x7fffu + ((x >> 16) & 1u);
  return static_cast<uint16_t>((x + rounding) >> 16);
}
CUPRIC_HD inline float bf16_bits_to_float(uint16_t b) { return f32_from_bits(static_cast<uint32_t>(b) << 16); }

}  // namespace detail

struct float16 {
  uint16_t bits;
  float16() = default;
  CUPRIC_HD static constexpr float16 from_bits(uint16_t b) {
    float16 h{};
    h.bits = b;
    return h;
  }
  CUPRIC_HD explicit float16(float f) {
#if defined(CUPRIC_DEVICE_PASS)
    // The hardware conversion makes every NaN 0x7fff; NumPy keeps the sign and top payload bits.
    bits = f != f ? detail::float_to_half_bits(f) : __half_as_ushort(__float2half_rn(f));
#else
    bits = detail::float_to_half_bits(f);
#endif
  }
  CUPRIC_HD explicit float16(double d) : bits(detail::double_to_half_bits(d)) {}
  CUPRIC_HD operator float() const {
#if defined(CUPRIC_DEVICE_PASS)
    return __half2float(__ushort_as_half(bits));
#else
    return detail::half_bits_to_float(bits);
#endif
  }
};

struct bfloat16 {
  uint16_t bits;
  bfloat16() = default;
  CUPRIC_HD static constexpr bfloat16 from_bits(uint16_t b) {
    bfloat16 h{};
    h.bits = b;
    return h;
  }
  CUPRIC_HD explicit bfloat16(float f) : bits(detail::float_to_bf16_bits(f)) {}
  CUPRIC_HD explicit bfloat16(double d) : bits(detail::float_to_bf16_bits(static_cast<float>(d))) {}
  CUPRIC_HD operator float() const { return detail::bf16_bits_to_float(bits); }
};

static_assert(sizeof(float16) == 2 && sizeof(bfloat16) == 2);

}  // namespace cupric
