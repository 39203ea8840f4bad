// The host sparse kernels' dispatch on value and index dtypes (src/sparse/host/,
// src/sparse/linalg/host/): one template instantiation per layout.
#pragma once
#include <complex>
#include <cstdint>
#include "cupric/dtype.hpp"
#include "cupric/error.hpp"

namespace cupric::sparse::host {

template <class F>
void visit_value(DType dt, F&& f) {
  switch (dt.type) {
    // Values by their layout: bool as bytes, complex as std::complex (cupric::complex has the
    // same layout and no arithmetic).
    case ScalarType::Bool: return f.template operator()<uint8_t>();
    case ScalarType::Float32: return f.template operator()<float>();
    case ScalarType::Float64: return f.template operator()<double>();
    case ScalarType::Complex64: return f.template operator()<std::complex<float>>();
    case ScalarType::Complex128: return f.template operator()<std::complex<double>>();
    default: throw TypeError("sparse kernels: unsupported dtype " + dt.name());
  }
}

template <class F>
void visit_index(DType it, F&& f) {
  if (it == dtypes::int32) return f.template operator()<int32_t>();
  if (it == dtypes::int64) return f.template operator()<int64_t>();
  throw TypeError("sparse kernels: unsupported index dtype " + it.name());
}

}  // namespace cupric::sparse::host
