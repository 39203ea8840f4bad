// cumsum, cumprod and their nan-variants in front of the scan engine (Note [Scan engine] in
// engine/scan/scan_engine.cpp); diff and nanargmax/nanargmin composed of device ops.
//
// Dtypes (NumPy 2's add/multiply.accumulate): without dtype, bool and integers narrower than 64
// bits accumulate in int64 (unsigned: uint64), everything else in its own type; with dtype D the
// loop (input, D) is used when it exists, otherwise the input is cast to D first.
#include "cupric/ops/scan.hpp"
#include <algorithm>
#include <cmath>
#include <limits>
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/ufunc.hpp"
#include "engine/scan/scan_engine.hpp"

namespace cupric {

namespace {

DType wide_type(DType t) {
  if (t.is_bool() || t.is_signed_int()) return dtypes::int64;
  if (t.is_unsigned_int()) return dtypes::uint64;
  return t;
}

ndarray scan(ScanOp op, const ndarray& a, std::optional<int64_t> axis, OptDType dtype, const ndarray& out,
             bool skip_nan, const char* name) {
  if (a.dtype().is_void())
    throw TypeError(std::string("cannot perform ") + name + " with a void or structured dtype (V14-STRUCT)");
  if (dtype && dtype->is_void()) throw TypeError("cannot accumulate into a void or structured dtype");
  DType d = dtype ? *dtype : wide_type(a.dtype());
  ndarray in = a;
  const ScanLoopPair& l = scan_loops(op, a.dtype().type, d.type);
  if (!l.any()) in = astype(a, d, Order::K, Casting::Unsafe, false);
  ScanParams p;
  p.skip_nan = skip_nan && (in.dtype().is_floating() || in.dtype().is_complex());
  return run_scan(in, op, axis, d, out, p);
}

}  // namespace

ndarray cumsum(const ndarray& a, std::optional<int64_t> axis, OptDType dtype, const ndarray& out) {
  return scan(ScanOp::Sum, a, axis, dtype, out, false, "cumsum");
}
ndarray cumprod(const ndarray& a, std::optional<int64_t> axis, OptDType dtype, const ndarray& out) {
  return scan(ScanOp::Prod, a, axis, dtype, out, false, "cumprod");
}
ndarray nancumsum(const ndarray& a, std::optional<int64_t> axis, OptDType dtype, const ndarray& out) {
  return scan(ScanOp::Sum, a, axis, dtype, out, true, "nancumsum");
}
ndarray nancumprod(const ndarray& a, std::optional<int64_t> axis, OptDType dtype, const ndarray& out) {
  return scan(ScanOp::Prod, a, axis, dtype, out, true, "nancumprod");
}

ndarray diff(const ndarray& a, int64_t n, int64_t axis) {
  if (n < 0) throw ValueError("order must be non-negative but got " + std::to_string(n));
  if (n == 0) return a;
  if (a.ndim() == 0) throw ValueError("diff requires input that is at least one dimensional");
  const int ax = normalize_axis(axis, a.ndim());
  ndarray r = a;
  for (int64_t k = 0; k < n; ++k) {
    const int64_t len = r.shape()[ax];
    Dims shape = r.shape();
    shape[ax] = len > 0 ? len - 1 : 0;
    ndarray hi = r.view(shape, r.strides(), len > 0 ? r.strides()[ax] : 0);
    ndarray lo = r.view(shape, r.strides(), 0);
    r = r.dtype().is_bool() ? not_equal(hi, lo) : subtract(hi, lo);
  }
  return r;
}

namespace {
ndarray nan_arg(bool is_max, const ndarray& a, std::optional<int64_t> axis, const ndarray& out, bool keepdims) {
  if (!(a.dtype().is_floating() || a.dtype().is_complex()))
    return is_max ? argmax(a, axis, out, keepdims) : argmin(a, axis, out, keepdims);
  ndarray nan = not_equal(a, a);  // isnan
  if (a.size() > 0) {
    // Host sync: NumPy raises for an all-NaN slice, which needs the values.
    ndarray bad = any(all(nan, axis ? AxisArg(*axis) : AxisArg()));
    bool b = false;
    to_host(bad, &b, Order::C, true);
    if (b) throw ValueError("All-NaN slice encountered");
  }
  ndarray tmp = copy(a, Order::K);
  const double fill = is_max ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
  copyto(tmp, full(Dims{}, Scalar::of<double>(fill), a.dtype()), Casting::Unsafe, nan);
  return is_max ? argmax(tmp, axis, out, keepdims) : argmin(tmp, axis, out, keepdims);
}
}  // namespace

ndarray nanargmax(const ndarray& a, std::optional<int64_t> axis, const ndarray& out, bool keepdims) {
  return nan_arg(true, a, axis, out, keepdims);
}
ndarray nanargmin(const ndarray& a, std::optional<int64_t> axis, const ndarray& out, bool keepdims) {
  return nan_arg(false, a, axis, out, keepdims);
}

}  // namespace cupric

#include "kernels/bincount.hpp"

namespace cupric {

ndarray bincount(const ndarray& x_arg, const ndarray& weights, int64_t minlength) {
  if (minlength < 0) throw ValueError("'minlength' must not be negative");
  if (x_arg.ndim() != 1) throw ValueError("object too deep for desired array");
  const DType t = x_arg.dtype();
  if (!(t.is_bool() || t.is_integer()))
    throw TypeError("Cannot cast array data from dtype('" + t.name() +
                    "') to dtype('int64') according to the rule 'safe'");
  if (t == dtypes::uint64)
    throw TypeError("Cannot cast array data from dtype('uint64') to dtype('int64') according to the rule 'safe'");
  ndarray x = astype(x_arg, dtypes::int64, Order::C, Casting::Unsafe, false);
  ndarray w;
  if (weights.defined()) {
    if (weights.shape() != x.shape()) throw ValueError("The weights and list don't have the same length.");
    w = astype(weights, dtypes::float64, Order::C, Casting::Unsafe, false);
  }
  int64_t n = minlength;
  if (x.size() > 0) {
    int64_t lo = 0, hi = 0;  // host sync: the result's length is the largest value + 1
    to_host(amin(x), &lo, Order::C, true);
    to_host(amax(x), &hi, Order::C, true);
    if (lo < 0) throw ValueError("'list' argument must have no negative elements");
    n = std::max(n, hi + 1);
  }
  ndarray out = zeros(Dims{n}, w.defined() ? dtypes::float64 : dtypes::int64);
  if (x.size() == 0) return out;
  const BincountFn fn = bincount_loops().require(x.device_type(), "bincount");
  fn(reinterpret_cast<const int64_t*>(x.data()), w.defined() ? reinterpret_cast<const double*>(w.data()) : nullptr,
     x.size(), out.data(), x.backend().current_stream(x.device()));
  return out;
}

}  // namespace cupric
