// Element conversion with NumPy 2's values, shared by the cast kernels (host and device) and by
// host-side scalar conversion. One function, so a value cast on the GPU and on the host agree.
//
// Note [Float to integer casts]
// NumPy casts with C conversions compiled for x86-64, whose conversion instructions return the
// "integer indefinite" value (INT_MIN of the 32- or 64-bit result) for NaN, infinities and
// out-of-range values. Narrower targets convert to int32 first and wrap (300.0 -> int8 44),
// uint32 converts to int64 first, uint64 of a negative value wraps through int64. We spell these
// paths out, so every value (NaN and infinities included) casts as NumPy on x86-64 does, on the
// host and on the GPU (whose own cvt instruction would saturate instead).
#pragma once
#include <cstdint>
#include <type_traits>
#include "cupric/complex.hpp"
#include "cupric/config.hpp"
#include "cupric/half.hpp"

namespace cupric {

template <class T> inline constexpr bool is_half_v = std::is_same_v<T, float16> || std::is_same_v<T, bfloat16>;
template <class T> inline constexpr bool is_real_float_v = std::is_floating_point_v<T> || is_half_v<T>;

namespace detail {

// x86-64's cvttsd2si/cvttss2si: truncation, or INT_MIN of the result width when out of range/NaN.
template <class I, class F>
CUPRIC_HD inline I x86_truncate(F x) {
  constexpr F lo = -static_cast<F>(sizeof(I) == 8 ? 9223372036854775808.0 : 2147483648.0);
  if (x >= lo && x < -lo) return static_cast<I>(x);
  return sizeof(I) == 8 ? static_cast<I>(INT64_MIN) : static_cast<I>(INT32_MIN);
}

template <class To, class F>  // F: float or double
CUPRIC_HD inline To float_to_int(F x) {
  if constexpr (sizeof(To) <= 2 || std::is_same_v<To, int32_t>) {
    return static_cast<To>(x86_truncate<int32_t>(x));
  } else if constexpr (std::is_same_v<To, uint32_t> || std::is_same_v<To, int64_t>) {
    return static_cast<To>(x86_truncate<int64_t>(x));
  } else {  // uint64: values >= 2^63 convert after subtracting 2^63, as compilers emit it
    constexpr F two63 = static_cast<F>(9223372036854775808.0);
    if (!(x >= two63)) return static_cast<uint64_t>(x86_truncate<int64_t>(x));
    return static_cast<uint64_t>(x86_truncate<int64_t>(x - two63)) ^ (1ull << 63);
  }
}

}  // namespace detail

template <class To, class From>
CUPRIC_HD inline To cast_value(From x) {
  if constexpr (std::is_same_v<To, From>) {
    return x;
  } else if constexpr (is_complex_v<From>) {
    if constexpr (std::is_same_v<To, bool>) {
      return x.re != 0 || x.im != 0;
    } else if constexpr (is_complex_v<To>) {
      using T = decltype(To{}.re);
      return To(static_cast<T>(x.re), static_cast<T>(x.im));
    } else {
      return cast_value<To>(x.re);  // ComplexWarning: the imaginary part is discarded
    }
  } else if constexpr (is_half_v<From>) {
    return cast_value<To>(static_cast<float>(x));
  } else if constexpr (std::is_same_v<To, bool>) {
    return x != From(0);
  } else if constexpr (is_complex_v<To>) {
    using T = decltype(To{}.re);
    return To(cast_value<T>(x), T(0));
  } else if constexpr (std::is_same_v<To, float16>) {
    if constexpr (std::is_same_v<From, double>)
      return float16(x);
    else
      return float16(static_cast<float>(x));
  } else if constexpr (std::is_same_v<To, bfloat16>) {
    return bfloat16(static_cast<float>(x));
  } else if constexpr (std::is_floating_point_v<From> && std::is_integral_v<To>) {
    return detail::float_to_int<To>(x);
  } else {
    return static_cast<To>(x);
  }
}

}  // namespace cupric
