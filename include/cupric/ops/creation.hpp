// Array creation (NumPy's "Array creation routines") and host <-> device transfers.
#pragma once
#include <vector>
#include "cupric/ndarray.hpp"
#include "cupric/scalar.hpp"

namespace cupric {

ndarray empty(const Dims& shape, DType dtype = dtypes::float64, Order order = Order::C);
ndarray zeros(const Dims& shape, DType dtype = dtypes::float64, Order order = Order::C);
ndarray ones(const Dims& shape, DType dtype = dtypes::float64, Order order = Order::C);
ndarray full(const Dims& shape, const Scalar& value, DType dtype, Order order = Order::C);

// Copies host memory (C- or F-contiguous as `strides` says, in bytes) into a new array on the
// default backend. The host buffer may be reused as soon as this returns.
ndarray from_host(const void* src, const Dims& shape, const Dims& strides, DType dtype, Backend* backend = nullptr);
// Copies `a` into host memory laid out contiguously in `order` (C or F). With blocking=false the
// copy is only enqueued on the current stream and the caller synchronises (V13-ASNUMPY).
void to_host(const ndarray& a, void* dst, Order order = Order::C, bool blocking = true);

// Conveniences for C++ users.
template <class T>
ndarray array(const std::vector<T>& values, const Dims& shape) {
  Dims s = shape;
  return from_host(values.data(), s, c_strides(s, sizeof(T)), dtype_v<T>);
}
template <class T>
ndarray array(const std::vector<T>& values) { return array(values, Dims{static_cast<int64_t>(values.size())}); }
template <class T>
std::vector<T> to_vector(const ndarray& a) {
  if (a.dtype() != dtype_v<T>) throw std::invalid_argument("to_vector: element type does not match the array's dtype");
  std::vector<T> v(static_cast<size_t>(a.size()));
  to_host(a, v.data(), Order::C, true);
  return v;
}

}  // namespace cupric
