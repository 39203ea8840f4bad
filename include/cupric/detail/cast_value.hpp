// Element conversion with NumPy 2's values, shared by the cast kernels (host and device) and by
// host-side scalar conversion. One function, so a value cast on the GPU and on the host agree.
//
// Note [Float to integer casts]
// NumPy casts with C conversions compiled for x86-64. For values in range of the target that is
// truncation toward zero. For out-of-range values C leaves the result undefined; what x86-64 gives
// is: small targets (8/16-bit) go through int32 and wrap, uint32 goes through int64 and wraps,
// uint64 of a negative value in int64's range wraps. We spell those paths out so the GPU agrees
// with NumPy for every value that fits int64 (the GPU's own cvt instruction would saturate).
// nan/inf and values beyond int64 remain platform-defined (docs/differences.md).
#pragma once
#include <type_traits>
#include "cupric/complex.hpp"
#include "cupric/config.hpp"
#include "cupric/half.hpp"

namespace cupric {

template <class T> inline constexpr bool is_half_v = std::is_same_v<T, float16> || std::is_same_v<T, bfloat16>;
template <class T> inline constexpr bool is_real_float_v = std::is_floating_point_v<T> || is_half_v<T>;

namespace detail {

template <class To, class F>  // F: float or double
CUPRIC_HD inline To float_to_int(F x) {
  if constexpr (sizeof(To) <= 2) {
    return static_cast<To>(static_cast<int32_t>(x));
  } else if constexpr (std::is_same_v<To, uint32_t>) {
    return static_cast<To>(static_cast<int64_t>(x));
  } else if constexpr (std::is_same_v<To, uint64_t>) {
    constexpr F two63 = static_cast<F>(9223372036854775808.0);
    if (x < two63) return static_cast<uint64_t>(static_cast<int64_t>(x));
    return static_cast<uint64_t>(static_cast<int64_t>(x - two63)) ^ (1ull << 63);
  } else {
    return static_cast<To>(x);
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
    if constexpr (std::is_same_v<From, double>) return float16(x);
    else return float16(static_cast<float>(x));
  } else if constexpr (std::is_same_v<To, bfloat16>) {
    return bfloat16(static_cast<float>(x));
  } else if constexpr (std::is_floating_point_v<From> && std::is_integral_v<To>) {
    return detail::float_to_int<To>(x);
  } else {
    return static_cast<To>(x);
  }
}

}  // namespace cupric
