// complex<T> usable on host and device, layout-compatible with NumPy's complex64/complex128.
#pragma once
#include "cupric/config.hpp"

namespace cupric {

// Aligned like NumPy's complex types (to one component), so views at any component-aligned
// offset are valid; vectorised loops use their own 16-byte vector types.
template <class T>
struct alignas(sizeof(T)) complex {
  T re, im;
  complex() = default;
  CUPRIC_HD constexpr complex(T r, T i = T(0)) : re(r), im(i) {}
  template <class U>
  CUPRIC_HD explicit constexpr complex(const complex<U>& o) : re(static_cast<T>(o.re)), im(static_cast<T>(o.im)) {}
  CUPRIC_HD constexpr T real() const { return re; }
  CUPRIC_HD constexpr T imag() const { return im; }
  CUPRIC_HD friend constexpr bool operator==(const complex& a, const complex& b) {
    return a.re == b.re && a.im == b.im;
  }
  CUPRIC_HD friend constexpr bool operator!=(const complex& a, const complex& b) { return !(a == b); }
};

using complex64 = complex<float>;
using complex128 = complex<double>;
static_assert(sizeof(complex64) == 8 && sizeof(complex128) == 16);

template <class T> struct is_complex {
  static constexpr bool value = false;
};
template <class T> struct is_complex<complex<T>> {
  static constexpr bool value = true;
};
template <class T> inline constexpr bool is_complex_v = is_complex<T>::value;

}  // namespace cupric
