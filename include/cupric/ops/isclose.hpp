// Closeness tests (NumPy's isclose/allclose). allclose returns a 0-d bool array on the device,
// not a host bool, so it never syncs (V8-ALLCLOSE); bool() of it reads the value.
#pragma once
#include "cupric/ndarray.hpp"

namespace cupric {

// Elementwise |a - b| <= atol + rtol * |b| (b finite), or a == b, or both NaN with equal_nan.
// a and b broadcast; they are compared in result_type(a, b, float) (float64 for integers).
ndarray isclose(const ndarray& a, const ndarray& b, double rtol = 1e-05, double atol = 1e-08, bool equal_nan = false);
ndarray allclose(const ndarray& a, const ndarray& b, double rtol = 1e-05, double atol = 1e-08, bool equal_nan = false);

}  // namespace cupric
