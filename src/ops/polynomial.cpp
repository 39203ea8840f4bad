// numpy.polyval, numpy.vander and numpy.polynomial.polynomial's polyval, polyvalfromroots and
// polyvander (cupric/ops/polynomial.hpp). Each follows NumPy's own sequence of whole-array
// operations (Horner steps, a multiply.accumulate, a product over the roots), so values and dtypes
// are NumPy's; the loops are the elementwise, scan and reduction engines'.
#include "cupric/ops/polynomial.hpp"
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/copyto.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/indexing.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/reduction.hpp"
#include "cupric/ops/ufunc_methods.hpp"

namespace cupric {

namespace {

// a[i] along the first axis (a view).
ndarray row(const ndarray& a, int64_t i) { return basic_index(a, {Index::integer(i)}); }

// x * 0 as NumPy computes it: an array for an array x, a zero of x's type and weakness for a scalar.
Operand times_zero(const Operand& x) {
  if (x.is_array()) return multiply(x.array(), 0);
  const Scalar z = Scalar::of<int64_t>(0).cast(x.scalar().dtype);
  return x.is_weak() ? Operand::weak(z, x.weak_kind()) : Operand(z);
}

// NumPy's `c + 0.0` / `astype(double)` for integer and bool coefficient arrays.
ndarray as_inexact(const ndarray& c) {
  if (c.dtype().is_integer() || c.dtype().is_bool()) return astype(c, dtypes::float64);
  return c;
}

// c reshaped to c.shape + (1,) * x.ndim (tensor=True with an array x).
ndarray tensor_shape(const ndarray& c, const Operand& x) {
  if (!x.is_array()) return c;
  Dims shape = c.shape();
  for (int i = 0; i < x.array().ndim(); ++i) shape.push_back(1);
  return reshape(c, shape);
}

}  // namespace

ndarray polyval(const ndarray& p, const ndarray& x) {
  if (p.ndim() == 0) throw TypeError("iteration over a 0-d array");
  ndarray y = zeros_like(x);
  for (int64_t i = 0; i < p.shape()[0]; ++i) y = add(multiply(y, x), row(p, i));
  return y;
}

ndarray vander(const ndarray& x, std::optional<int64_t> N, bool increasing) {
  if (x.ndim() != 1) throw ValueError("x must be a one-dimensional array or sequence.");
  const int64_t n = N ? *N : x.shape()[0];
  if (n < 0) throw ValueError("negative dimensions are not allowed");
  const DType dt = promote_types(x.dtype(), dtypes::int64);
  ndarray v = empty(Dims{x.shape()[0], n}, dt);
  // Columns in increasing powers: `tmp` is v itself or v reversed along its columns.
  const ndarray tmp = increasing ? v : basic_index(v, {Index::slice(), Index::slice(Index::kNone, Index::kNone, -1)});
  if (n > 0) fill(basic_index(tmp, {Index::slice(), Index::integer(0)}), Scalar::of<int64_t>(1));
  if (n > 1) {
    const ndarray rest = basic_index(tmp, {Index::slice(), Index::slice(1)});
    copyto(rest, Operand(basic_index(x, {Index::slice(), Index::newaxis()})), Casting::Unsafe);
    ufunc_accumulate("multiply", rest, 1, std::nullopt, rest);
  }
  return v;
}

ndarray polyval_lowfirst(const Operand& x, const ndarray& c_arg, bool tensor) {
  ndarray c = as_inexact(atleast_1d(c_arg));
  if (tensor) c = tensor_shape(c, x);
  const int64_t n = c.shape()[0];
  ndarray c0 = add(row(c, n - 1), times_zero(x));
  for (int64_t i = 2; i <= n; ++i) c0 = add(row(c, n - i), multiply(c0, x));
  return c0;
}

ndarray polyvalfromroots(const Operand& x, const ndarray& r_arg, bool tensor) {
  ndarray r = as_inexact(atleast_1d(r_arg));
  if (x.is_array()) {
    if (tensor)
      r = tensor_shape(r, x);
    else if (x.array().ndim() >= r.ndim())
      throw ValueError("x.ndim must be < r.ndim when tensor == False");
  }
  return prod(subtract(x, r), AxisArg(int64_t{0}));
}

ndarray polyvander(const ndarray& x_arg, int64_t deg) {
  if (deg < 0) throw ValueError("deg must be non-negative");
  const ndarray x = add(atleast_1d(x_arg), 0.0);
  Dims dims{deg + 1};
  for (int64_t d : x.shape()) dims.push_back(d);
  ndarray v = empty(dims, x.dtype());
  copyto(row(v, 0), Operand(add(multiply(x, 0), 1)), Casting::Unsafe);
  if (deg > 0) {
    copyto(row(v, 1), Operand(x), Casting::Unsafe);
    for (int64_t i = 2; i <= deg; ++i) copyto(row(v, i), Operand(multiply(row(v, i - 1), x)), Casting::Unsafe);
  }
  return moveaxis(v, std::vector<int64_t>{0}, std::vector<int64_t>{-1});
}

}  // namespace cupric
