// NumPy's elementwise functions that are compositions of ufuncs rather than ufuncs themselves
// (fix, around, nan_to_num, angle, sinc, i0, clip; divmod, frexp and modf come from the ufunc
// list, in ufunc_api.cpp). Each composes the ufuncs as NumPy's own implementation does (fix, sinc,
// angle and nan_to_num are Python in NumPy; around is PyArray_Round: multiply, rint, divide), so
// values and dtypes are NumPy's.
#include <cmath>
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/ufunc.hpp"
#include "cupric/ops/ufunc_funcs.hpp"

namespace cupric {

namespace {
UfuncOptions into(const ndarray* out) {
  UfuncOptions o;
  if (out) o.out[0] = *out;
  return o;
}
ndarray scalar0d(const Scalar& v, DType t, const ndarray& like) {
  ndarray s = ndarray::empty(Dims{}, t, Order::C, &like.backend());
  fill(s, v);
  return s;
}
}  // namespace

ndarray fix(const ndarray& x, const ndarray* out) {
  ndarray res = ceil(x, into(out));
  ndarray nonneg = greater_equal(x, 0);
  UfuncOptions o;
  o.out[0] = res;
  o.where = &nonneg;
  floor(x, o);
  return res;
}

ndarray around(const ndarray& a, int decimals, const ndarray* out) {
  if (a.dtype().is_complex()) {
    ndarray res = out ? *out : ndarray::empty(a.shape(), a.dtype(), Order::C, &a.backend());
    ndarray re = real(res), im = imag(res);
    around(real(a), decimals, &re);
    around(imag(a), decimals, &im);
    return res;
  }
  // bool is not an integer type to PyArray_Round: decimals=0 runs rint (its float16 loop, so NumPy 2
  // gives float16), other decimals multiply into a bool result, which raises NumPy's cast error.
  if (a.dtype().is_bool() && decimals == 0) return ufunc_call("rint", {a}, into(out)).out[0];
  const bool integer = a.dtype().is_integer();
  if (integer && decimals >= 0) {
    if (!out) return copy(a);
    copyto(*out, a, Casting::Unsafe);
    return *out;
  }
  const char* op1 = decimals >= 0 ? "multiply" : "divide";
  const char* op2 = decimals >= 0 ? "divide" : "multiply";
  const Operand f(std::pow(10.0, static_cast<double>(decimals >= 0 ? decimals : -decimals)));  // weak
  ndarray ret = (out && !integer)
                    ? *out
                    : ndarray::empty(a.shape(), integer ? dtypes::float64 : a.dtype(), Order::C, &a.backend());
  UfuncOptions o;
  o.out[0] = ret;
  ufunc_call(op1, {a, f}, o);
  ufunc_call("rint", {ret}, o);
  ufunc_call(op2, {ret, f}, o);
  if (!integer) return ret;
  if (!out) return astype(ret, a.dtype(), Order::K, Casting::Unsafe, true);
  copyto(*out, ret, Casting::Unsafe);
  return *out;
}

ndarray clip(const ndarray& a, const Operand& a_min, const Operand& a_max, const UfuncOptions& opts) {
  const Operand in[3] = {a, a_min, a_max};
  return ufunc_call("clip", {in[0], in[1], in[2]}, opts).out[0];
}

ndarray nan_to_num(const ndarray& x, bool copy_, double nan, std::optional<double> posinf,
                   std::optional<double> neginf) {
  const ndarray nan_v = scalar0d(Scalar::of<double>(nan), dtypes::float64, x);
  std::optional<ndarray> pos_v, neg_v;
  if (posinf) pos_v = scalar0d(Scalar::of<double>(*posinf), dtypes::float64, x);
  if (neginf) neg_v = scalar0d(Scalar::of<double>(*neginf), dtypes::float64, x);
  return nan_to_num(x, copy_, nan_v, pos_v ? &*pos_v : nullptr, neg_v ? &*neg_v : nullptr);
}

// The replacements are copied in where the condition holds, broadcast against x (NumPy's
// copyto(d, nan, where=isnan(d))): arrays of values work as NumPy's do.
ndarray nan_to_num(const ndarray& x, bool copy_, const ndarray& nan, const ndarray* posinf, const ndarray* neginf) {
  if (!x.dtype().is_floating() && !x.dtype().is_complex()) return copy_ ? copy(x) : x;
  ndarray r = copy_ ? copy(x) : x;
  const ndarray parts[2] = {real(r), x.dtype().is_complex() ? imag(r) : ndarray()};
  for (const ndarray& d : parts) {
    if (!d.defined()) continue;
    const DType t = d.dtype();
    double big;
    switch (t.type) {
      case ScalarType::Float16: big = 65504.0; break;
      case ScalarType::BFloat16: big = 3.3895313892515355e38; break;
      case ScalarType::Float32: big = 3.4028234663852886e38; break;
      default: big = 1.7976931348623157e308;
    }
    const ndarray pos = posinf ? *posinf : scalar0d(Scalar::of<double>(big), t, d);
    const ndarray neg = neginf ? *neginf : scalar0d(Scalar::of<double>(-big), t, d);
    ndarray is_nan = isnan(d), is_pos = logical_and(isinf(d), greater(d, 0)),
            is_neg = logical_and(isinf(d), less(d, 0));
    copyto(d, nan, Casting::Unsafe, is_nan);
    copyto(d, pos, Casting::Unsafe, is_pos);
    copyto(d, neg, Casting::Unsafe, is_neg);
  }
  return r;
}

ndarray angle(const ndarray& z, bool deg) {
  ndarray a = z.dtype().is_complex() ? arctan2(imag(z), real(z)) : arctan2(0, z);
  if (deg) {
    UfuncOptions o;
    o.out[0] = a;
    multiply(a, 180.0 / 3.14159265358979323846, o);
  }
  return a;
}

ndarray sinc(const ndarray& x) {
  // y = pi * where(x == 0, 1e-20, x), in result_type(x, 1e-20) (weak float), then sin(y) / y.
  const Operand ops[2] = {x, Operand(1e-20)};
  const DType t = result_type(ops, 2);
  ndarray w = astype(x, t, Order::K, Casting::Unsafe, false);
  copyto(w, scalar0d(Scalar::of<double>(1e-20), t, x), Casting::Unsafe, equal(x, 0));
  ndarray y = multiply(w, 3.14159265358979323846);
  return divide(sin(y), y);
}

ndarray i0(const ndarray& x) {
  if (x.dtype().is_complex()) throw TypeError("i0 not supported for complex values");
  return ufunc_call("_i0", {x}).out[0];
}

}  // namespace cupric
