// numpy.linspace / numpy.logspace with array bounds (and logspace with an array or complex
// base): composed of ufuncs in numpy.linspace's order, so values match NumPy's to rounding. The
// scalar-bound forms are the closed-form loops of creation_ranges.cpp.
#include <cmath>
#include <limits>
#include "cupric/ops/creation.hpp"
#include "cupric/ops/linspace_arrays.hpp"
#include "cupric/ops/indexing.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/reduction.hpp"
#include "cupric/ops/ufunc.hpp"
#include "cupric/shape.hpp"
#include "cupric/error.hpp"

namespace cupric {

namespace {

// An operand as the array numpy.asarray makes of it (a weak Python number takes its default
// dtype: int64, float64 or complex128, which the Scalar already has).
ndarray as_array(const Operand& v) {
  if (v.is_array()) return v.array();
  return full(Dims{}, v.scalar(), v.scalar().dtype);
}

const Dims& shape_of(const Operand& v) {
  static const Dims scalar_shape = Dims{};
  return v.is_array() ? v.array().shape() : scalar_shape;
}

// numpy.array(v, ndmin=n): leading length-1 axes up to n dimensions (a view).
ndarray with_ndmin(const Operand& v, int n) {
  ndarray a = as_array(v);
  if (a.ndim() >= n) return a;
  Dims shape(static_cast<size_t>(n - a.ndim()), 1);
  for (int64_t d : a.shape()) shape.push_back(d);
  return reshape(a, shape);
}

// A 0-d array operand read back as a scalar (host sync), as numpy.linspace's scalar path reads it.
Scalar scalar_of(const Operand& v) {
  if (!v.is_array()) return v.scalar();
  Scalar s;
  s.dtype = v.array().dtype();
  to_host(v.array(), s.bytes, Order::C, true);
  return s;
}

bool is_true(const ndarray& zero_d_bool) {
  bool b = false;
  to_host(zero_d_bool, &b, Order::C, true);
  return b;
}

// The scalar forms build a 1-D result; NumPy then moves axis 0 to `axis`, so only 0 or -1 exist.
void check_1d_axis(int64_t axis) {
  if (axis != 0 && axis != -1)
    throw AxisError("destination: axis " + std::to_string(axis) + " is out of bounds for array of dimension 1");
}

}  // namespace

ndarray linspace(const Operand& start, const Operand& stop, int64_t num, bool endpoint, std::optional<DType> dtype,
                 int64_t axis, ndarray* step) {
  if (num < 0) throw ValueError("Number of samples, " + std::to_string(num) + ", must be non-negative.");
  const int64_t div = endpoint ? num - 1 : num;
  const ndarray start_a = as_array(start), stop_a = as_array(stop);
  // NumPy: the bounds' result type made inexact; Python numbers stay weak (NEP 50).
  const Operand type_ops[3] = {start, stop, Operand(0.0)};
  const DType dt = result_type(type_ops, 3);
  const bool integer_result = dtype && dtype->is_integer();
  const DType result_dtype = dtype.value_or(dt);

  UfuncOptions in_dt;
  in_dt.dtype = dt;
  const ndarray delta = subtract(stop_a, start_a, in_dt);
  Dims column{num};
  for (int i = 0; i < delta.ndim(); ++i) column.push_back(1);
  ndarray y = reshape(arange(Scalar::of<int64_t>(0), Scalar::of<int64_t>(num), Scalar::of<int64_t>(1), dt), column);
  ndarray st;
  if (div > 0) {
    st = divide(delta, div);
    // host sync, as in NumPy: a step that underflows to zero loses the values, so divide last
    if (is_true(any(equal(st, 0)))) {
      y = multiply(divide(y, div), delta);
    } else {
      y = multiply(y, st);
    }
  } else {
    st = full(delta.shape(), Scalar::of<double>(std::numeric_limits<double>::quiet_NaN()), dt);
    y = multiply(y, delta);
  }
  UfuncOptions in_place;  // y += start: in place, so the bounds do not widen dt (as NumPy)
  in_place.out[0] = y;
  add(y, start_a, in_place);
  if (endpoint && num > 1) copyto(basic_index(y, {Index::integer(-1), Index::ellipsis()}), stop_a, Casting::Unsafe);
  if (axis != 0) y = moveaxis(y, std::vector<int64_t>{0}, std::vector<int64_t>{axis});
  if (integer_result) y = floor_divide(y, 1);
  if (step) *step = st;
  return astype(y, result_dtype, Order::K, Casting::Unsafe, false);
}

ndarray logspace(const Operand& start, const Operand& stop, int64_t num, bool endpoint, const Operand& base,
                 std::optional<DType> dtype, int64_t axis) {
  // As NumPy: bounds and base are brought to one ndim first, so the samples go along `axis`.
  const int nd = static_cast<int>(broadcast_shapes({shape_of(start), shape_of(stop), shape_of(base)}).size());
  ndarray y;
  if (nd == 0) {
    y = linspace(scalar_of(start), scalar_of(stop), num, endpoint);
    check_1d_axis(axis);
  } else {
    y = linspace(with_ndmin(start, nd), with_ndmin(stop, nd), num, endpoint, std::nullopt, axis);
  }
  ndarray b = nd == 0 ? as_array(base) : with_ndmin(base, nd);
  if (b.ndim() != 0) b = expand_dims(b, std::vector<int64_t>{axis});
  ndarray r = power(b, y);
  return dtype ? astype(r, *dtype, Order::K, Casting::Unsafe, false) : r;
}

}  // namespace cupric
