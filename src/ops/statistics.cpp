// correlate, convolve, array_equal, array_equiv (cupric/ops/statistics.hpp), composed of device
// ufuncs and reductions: each is a few whole-array calls, so a kernel of its own buys nothing.
#include "cupric/ops/statistics.hpp"
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/reduction.hpp"
#include "cupric/ops/ufunc.hpp"

namespace cupric {

namespace {

// Element k of a 1-D array as a 0-d view.
ndarray at(const ndarray& a, int64_t k) { return a.view(Dims{}, Dims{}, k * a.strides()[0]); }
// a[lo:lo+n] of a 1-D array.
ndarray slice(const ndarray& a, int64_t lo, int64_t n) {
  return a.view(Dims{n}, Dims{a.strides()[0]}, lo * a.strides()[0]);
}
ndarray reversed(const ndarray& a) {
  const int64_t n = a.shape()[0];
  return copy(a.view(Dims{n}, Dims{-a.strides()[0]}, n > 0 ? (n - 1) * a.strides()[0] : 0), Order::C);
}

// Complex conjugate (a copy); real arrays as they are.
ndarray conj(const ndarray& v) {
  if (!v.dtype().is_complex()) return v;
  ndarray y = copy(v, Order::C);
  const int64_t half = y.itemsize() / 2, n = y.size();
  DType part = y.dtype() == dtypes::complex64 ? dtypes::float32 : dtypes::float64;
  ndarray im = y.view(part, Dims{n}, Dims{y.itemsize()}, half);
  UfuncOptions o;
  o.out[0] = im;
  negative(im, o);
  return y;
}

void check_1d(const ndarray& a, const ndarray& v) {
  if (a.ndim() == 0 || v.ndim() == 0) throw ValueError("object of too small depth for desired array");
  if (a.ndim() != 1 || v.ndim() != 1) throw ValueError("object too deep for desired array");
  if (a.size() == 0) throw ValueError("a cannot be empty");
  if (v.size() == 0) throw ValueError("v cannot be empty");
}

// c[k] = sum_j a[k + j - pad] * v[j] (zero outside a), len(a) >= len(v).
ndarray correlate_direct(const ndarray& a, const ndarray& v, const std::string& mode) {
  const int64_t n = a.shape()[0], m = v.shape()[0];
  int64_t pad, len;
  if (mode == "valid" || mode == "v")
    pad = 0, len = n - m + 1;
  else if (mode == "same" || mode == "s")
    pad = m / 2, len = n;
  else if (mode == "full" || mode == "f")
    pad = m - 1, len = n + m - 1;
  else
    throw ValueError("mode must be one of 'valid', 'same', or 'full' (got '" + mode + "')");
  Operand ops[2] = {a, v};
  DType rt = result_type(ops, 2);
  ndarray ap = zeros(Dims{n + 2 * (m - 1)}, rt);
  copyto(slice(ap, m - 1, n), a, Casting::Unsafe);
  ndarray out = zeros(Dims{len}, rt);
  UfuncOptions o;
  o.out[0] = out;
  const int64_t start = m - 1 - pad;
  for (int64_t k = 0; k < m; ++k) add(out, multiply(slice(ap, start + k, len), at(v, k)), o);
  return out;
}

}  // namespace

ndarray correlate(const ndarray& a, const ndarray& v_arg, const std::string& mode) {
  check_1d(a, v_arg);
  ndarray v = conj(v_arg);
  // Longer kernel: d[j] = sum_n conj(v[n + j]) a[n] = c[-j], so the reversed d is the result.
  if (v.shape()[0] > a.shape()[0]) return reversed(correlate_direct(v, a, mode));
  return correlate_direct(a, v, mode);
}

ndarray convolve(const ndarray& a_arg, const ndarray& v_arg, const std::string& mode) {
  // numpy.convolve reads its inputs with ndmin=1 (a 0-d input is a length-1 sequence); correlate
  // does not (it raises "too small depth").
  const ndarray a = atleast_1d(a_arg), v = atleast_1d(v_arg);
  check_1d(a, v);
  if (v.shape()[0] > a.shape()[0]) return correlate_direct(v, reversed(a), mode);
  return correlate_direct(a, reversed(v), mode);
}

ndarray array_equal(const ndarray& a1, const ndarray& a2, bool equal_nan) {
  if (a1.shape() != a2.shape()) return full(Dims{}, Scalar::of<bool>(false), dtypes::bool_);
  const bool inexact =
      a1.dtype().is_floating() || a1.dtype().is_complex() || a2.dtype().is_floating() || a2.dtype().is_complex();
  if (!equal_nan || !inexact) return all(equal(a1, a2));
  ndarray n1 = not_equal(a1, a1), n2 = not_equal(a2, a2);  // isnan
  return logical_and(all(logical_or(equal(a1, a2), logical_and(n1, n2))), all(equal(n1, n2)));
}

ndarray array_equiv(const ndarray& a1, const ndarray& a2) {
  try {
    broadcast_shapes(a1.shape(), a2.shape());
  } catch (const ValueError&) { return full(Dims{}, Scalar::of<bool>(false), dtypes::bool_); }
  return all(equal(a1, a2));
}

}  // namespace cupric
