// Scalar: one typed value on the host (what `a.fill(3)` or `full(..., 2.5)` carries to a kernel).
#pragma once
#include <cstring>
#include <string>
#include "cupric/detail/cast_value.hpp"
#include "cupric/dtype.hpp"

namespace cupric {

struct Scalar {
  DType dtype = dtypes::float64;
  alignas(16) unsigned char bytes[16] = {};

  Scalar() = default;
  template <class T>
  static Scalar of(T v) {
    Scalar s;
    s.dtype = dtype_v<T>;
    std::memcpy(s.bytes, &v, sizeof(T));
    return s;
  }
  template <class T>
  T as() const {  // the value converted to T with NumPy's cast rules
    return visit_scalar_type(dtype.type, [&]<class S>() {
      S v;
      std::memcpy(&v, bytes, sizeof(S));
      return cast_value<T>(v);
    });
  }
  // The value cast (unsafely, NumPy's rules) to `to`.
  Scalar cast(DType to) const {
    return visit_scalar_type(to.type, [&]<class T>() { return Scalar::of<T>(as<T>()); });
  }
};

}  // namespace cupric
