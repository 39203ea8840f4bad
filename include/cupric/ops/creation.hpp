// Array creation (NumPy's "Array creation routines") and host <-> device transfers.
#pragma once
#include <optional>
#include <string_view>
#include <type_traits>
#include <vector>
#include "cupric/ndarray.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/scalar.hpp"

namespace cupric {

ndarray empty(const Dims& shape, DType dtype = dtypes::float64, Order order = Order::C);
ndarray zeros(const Dims& shape, DType dtype = dtypes::float64, Order order = Order::C);
ndarray ones(const Dims& shape, DType dtype = dtypes::float64, Order order = Order::C);
ndarray full(const Dims& shape, const Scalar& value, DType dtype, Order order = Order::C);

// ---- From shape or value: the *_like family (empty_like is in ops/copy.hpp) ----
// dtype defaults to a's; order K keeps a's memory order; `shape` replaces a's shape (order K then
// keeps a's order only when the new shape has a's number of dimensions, as in NumPy).
ndarray zeros_like(const ndarray& a, std::optional<DType> dtype = std::nullopt, Order order = Order::K,
                   const std::optional<Dims>& shape = std::nullopt);
// TypeError for void and structured dtypes (ones_like and full_like compute values).
ndarray ones_like(const ndarray& a, std::optional<DType> dtype = std::nullopt, Order order = Order::K,
                  const std::optional<Dims>& shape = std::nullopt);
// fill_value is cast unsafely (a complex value into a real dtype warns ComplexWarning). NumPy's
// OverflowError for out-of-range *Python* integers is the binding's job: a Scalar has no
// Python-int flavour.
ndarray full_like(const ndarray& a, const Scalar& fill_value, std::optional<DType> dtype = std::nullopt,
                  Order order = Order::K, const std::optional<Dims>& shape = std::nullopt);

// ---- Numerical ranges (ops/creation_ranges.cpp) ----
// Scalars stand for Python numbers: bool and integer Scalars are Python ints (uint64 values above
// int64 are fine), floating ones Python floats (float32/float16 values are widened to double, so
// NumPy's float32-scalar arithmetic is not reproduced), complex ones Python complex.
//
// numpy.arange(start, stop, step, dtype): length ceil((stop - start) / step), values as NumPy
// computes them (Note [arange values]). dtype defaults to promote_types(int64, each argument's
// dtype). Errors as NumPy 2: ZeroDivisionError for step 0, ValueError "arange: cannot compute
// length" (nan) and "Maximum allowed size exceeded", OverflowError for an integer start that does
// not fit the dtype, TypeError for complex arguments with a real dtype, for bool results longer
// than 2 and for void dtypes.
ndarray arange(const Scalar& stop, std::optional<DType> dtype = std::nullopt);
ndarray arange(const Scalar& start, const Scalar& stop, const Scalar& step = Scalar::of<int64_t>(1),
               std::optional<DType> dtype = std::nullopt);
// numpy.linspace(start, stop, num, endpoint, dtype=dtype, retstep=...) for scalar bounds; when
// `step` is given it receives the step NumPy's retstep returns (float64, complex128 for complex
// bounds, nan when num <= 1 with endpoint or num == 0). Computed in float64/complex128 and cast
// (Note [linspace values]). ValueError for num < 0; TypeError for void dtypes and for complex
// bounds with an integer dtype (NumPy's floor has no complex loop).
ndarray linspace(const Scalar& start, const Scalar& stop, int64_t num = 50, bool endpoint = true,
                 std::optional<DType> dtype = std::nullopt, Scalar* step = nullptr);
// numpy.logspace for real scalar bounds and a real base: power(base, linspace(start, stop, ...)).
// Complex bounds raise NotImplementedError (NumPy's complex power is not ported).
ndarray logspace(const Scalar& start, const Scalar& stop, int64_t num = 50, bool endpoint = true, double base = 10.0,
                 std::optional<DType> dtype = std::nullopt);
// numpy.meshgrid(*xi, indexing=..., sparse=..., copy=...): N-D coordinate arrays; inputs are
// flattened. With copy=false the results are broadcast views of the inputs (do not write to
// them). indexing is "xy" (Cartesian, the default) or "ij" (matrix); else ValueError.
std::vector<ndarray> meshgrid(const std::vector<ndarray>& xi, std::string_view indexing = "xy", bool sparse = false,
                              bool copy = true);

// ---- Building matrices (ops/creation_matrices.cpp) ----
// numpy.eye: ones on the k-th diagonal of an N x M (M defaults to N) array; order C or F (else
// ValueError). TypeError for void dtypes.
ndarray eye(int64_t N, std::optional<int64_t> M = std::nullopt, int64_t k = 0, DType dtype = dtypes::float64,
            Order order = Order::C);
ndarray identity(int64_t n, DType dtype = dtypes::float64);
// numpy.diag: a 1-D v gives the 2-D array with v on the k-th diagonal; a 2-D v gives a copy of its
// k-th diagonal (CuPy copies; NumPy returns a read-only view). ValueError for other ndims.
ndarray diag(const ndarray& v, int64_t k = 0);
// numpy.diagflat: v flattened (C order) onto the k-th diagonal of a new 2-D array.
ndarray diagflat(const ndarray& v, int64_t k = 0);
// numpy.tri: 1 at and below the k-th diagonal of an N x M array, else 0.
ndarray tri(int64_t N, std::optional<int64_t> M = std::nullopt, int64_t k = 0, DType dtype = dtypes::float64);
// numpy.tril / triu on the last two axes (a 1-D m is broadcast to a square matrix first, as in
// NumPy). The result is C-contiguous. TypeError for 0-d input and for void dtypes.
ndarray tril(const ndarray& m, int64_t k = 0);
ndarray triu(const ndarray& m, int64_t k = 0);

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
  if constexpr (std::is_same_v<T, bool>) {  // std::vector<bool> has no data()
    std::vector<unsigned char> bytes(values.begin(), values.end());
    return from_host(bytes.data(), s, c_strides(s, 1), dtype_v<T>);
  } else {
    return from_host(values.data(), s, c_strides(s, sizeof(T)), dtype_v<T>);
  }
}
template <class T>
ndarray array(const std::vector<T>& values) {
  return array(values, Dims{static_cast<int64_t>(values.size())});
}
template <class T>
std::vector<T> to_vector(const ndarray& a) {
  if (a.dtype() != dtype_v<T>) throw std::invalid_argument("to_vector: element type does not match the array's dtype");
  if constexpr (std::is_same_v<T, bool>) {  // std::vector<bool> has no data(): go through bytes
    std::vector<unsigned char> bytes(static_cast<size_t>(a.size()));
    to_host(a, bytes.data(), Order::C, true);
    return std::vector<bool>(bytes.begin(), bytes.end());
  } else {
    std::vector<T> v(static_cast<size_t>(a.size()));
    to_host(a, v.data(), Order::C, true);
    return v;
  }
}

}  // namespace cupric
