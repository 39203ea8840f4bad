// average, diff with prepend/append, ediff1d, trapezoid, gradient, cov, corrcoef
// (cupric/ops/averages.hpp), composed as NumPy's own Python code composes them: each routine is a
// handful of whole-array ufunc, reduction and view calls, so a kernel of its own would buy
// nothing (DESIGN.md); they run on every backend. Operation order follows NumPy's source so that
// dtypes (NEP 50 weak scalars included) and rounding match.
#include "cupric/ops/averages.hpp"
#include <algorithm>
#include <complex>
#include <numeric>
#include <string>
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/indexing.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/scan.hpp"
#include "cupric/ops/ufunc_funcs.hpp"
#include "cupric/shape.hpp"

namespace cupric {

namespace {

// a[:, ..., idx, ..., :] with idx on axis `ax`.
ndarray along(const ndarray& a, int ax, const Index& idx) {
  std::vector<Index> v(static_cast<size_t>(a.ndim()), Index::slice());
  v[static_cast<size_t>(ax)] = idx;
  return basic_index(a, v);
}
void assign_along(const ndarray& a, int ax, const Index& idx, const ndarray& value) {
  std::vector<Index> v(static_cast<size_t>(a.ndim()), Index::slice());
  v[static_cast<size_t>(ax)] = idx;
  basic_assign(a, v, value);
}
constexpr int64_t kNone = Index::kNone;

// numpy's normalize_axis_tuple: AxisError out of range, ValueError on repeats.
std::vector<int> axis_tuple(const AxisArg& axis, int ndim, const char* argname) {
  std::vector<int> out;
  for (int64_t ax : axis.axes()) out.push_back(normalize_axis(ax, ndim));
  for (size_t i = 0; i < out.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (out[i] == out[j])
        throw ValueError(argname ? std::string("repeated axis in `") + argname + "` argument"
                                 : std::string("repeated axis"));
  return out;
}

bool host_bool(const ndarray& a) {
  return to_vector<bool>(astype(a, dtypes::bool_, Order::K, Casting::Unsafe, false))[0];
}
double host_double(const ndarray& a) {
  ndarray r = a.dtype().is_complex() ? real(a) : a;
  return to_vector<double>(astype(r, dtypes::float64, Order::K, Casting::Unsafe, false))[0];
}

bool is_integer_kind(DType d) { return d.kind() == 'i' || d.kind() == 'u'; }

// k * s and k / s as Python computes them: a weak (Python) number stays a weak number; anything
// else goes through the ufunc (a strong NumPy scalar or array result).
Operand kmul(double k, const Operand& s) {
  if (!s.is_array() && s.is_weak()) {
    if (s.weak_kind() == 'c') {
      const complex128 v = s.scalar().as<complex128>();
      return Operand(complex128(k * v.re, k * v.im));
    }
    return Operand(k * s.scalar().as<double>());
  }
  return Operand(multiply(k, s));
}
Operand kdiv(double k, const Operand& s) {
  if (!s.is_array() && s.is_weak()) {
    if (s.weak_kind() == 'c') {
      const std::complex<double> q =
          k / std::complex<double>(s.scalar().as<complex128>().re, s.scalar().as<complex128>().im);
      return Operand(complex128(q.real(), q.imag()));
    }
    return Operand(k / s.scalar().as<double>());
  }
  return Operand(divide(k, s));
}
bool is_0d(const Operand& s) { return !s.is_array() || s.array().ndim() == 0; }

std::pair<ndarray, ndarray> average_impl(const ndarray& a, const AxisArg& axis, const ndarray& weights, bool keepdims,
                                         bool returned) {
  std::vector<int> axes;
  if (!axis.is_none()) axes = axis_tuple(axis, a.ndim(), "axis");
  ndarray avg, scl;
  if (!weights.defined()) {
    avg = mean(a, axis, std::nullopt, {}, keepdims);
    if (!returned) return {avg, {}};
    if (avg.size() == 0) throw ZeroDivisionError("division by zero");
    // NumPy: avg.dtype.type(a.size / avg.size), broadcast to avg's shape.
    const double count = static_cast<double>(a.size()) / static_cast<double>(avg.size());
    return {avg, full(avg.shape(), Scalar::of<double>(count), avg.dtype())};
  }
  ndarray wgt = weights;
  if (a.shape() != wgt.shape()) {
    if (axis.is_none()) throw TypeError("Axis must be specified when shapes of a and weights differ.");
    Dims want;
    for (int ax : axes) want.push_back(a.shape()[static_cast<size_t>(ax)]);
    if (wgt.shape() != want)
      throw ValueError("Shape of weights must be consistent with shape of a along specified axis.");
    std::vector<int64_t> order(axes.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int64_t i, int64_t j) { return axes[i] < axes[j]; });
    wgt = transpose(wgt, order);
    Dims shape;
    for (int d = 0; d < a.ndim(); ++d)
      shape.push_back(std::find(axes.begin(), axes.end(), d) != axes.end() ? a.shape()[static_cast<size_t>(d)] : 1);
    wgt = reshape(wgt, shape);
  }
  DType rt = promote_types(a.dtype(), wgt.dtype());
  if (is_integer_kind(a.dtype()) || a.dtype() == dtypes::bool_) rt = promote_types(rt, dtypes::float64);
  scl = sum(wgt, axis, rt, {}, keepdims);
  if (host_bool(any(equal(scl, 0.0)))) throw ZeroDivisionError("Weights sum to zero, can't be normalized");
  UfuncOptions o;
  o.dtype = rt;
  avg = divide(sum(multiply(a, wgt, o), axis, std::nullopt, {}, keepdims), scl);
  if (returned && scl.shape() != avg.shape()) scl = copy(broadcast_to(scl, avg.shape()));
  return {avg, scl};
}

// dot(A, B) of 2-D arrays: broadcast products summed over the shared axis, a block of rows at a time.
ndarray dot2d(const ndarray& A, const ndarray& B) {
  const int64_t n = A.shape()[0], k = A.shape()[1], m = B.shape()[1];
  ndarray bt = expand_dims(transpose(B), 0);  // (1, m, k)
  const int64_t per_row = std::max<int64_t>(1, m * k);
  const int64_t block = std::max<int64_t>(1, std::min<int64_t>(n, (int64_t{1} << 24) / per_row));
  std::vector<ndarray> parts;
  for (int64_t r = 0; r < n; r += block) {
    ndarray rows = along(A, 0, Index::slice(r, std::min(n, r + block)));
    parts.push_back(sum(multiply(expand_dims(rows, 1), bt), 2));
  }
  if (parts.size() == 1) return parts[0];
  if (parts.empty()) {
    Operand ops[2] = {A, B};
    return zeros(Dims{n, m}, result_type(ops, 2));
  }
  return concatenate(parts, 0);
}

}  // namespace

ndarray average(const ndarray& a, const AxisArg& axis, const ndarray& weights, bool keepdims) {
  return average_impl(a, axis, weights, keepdims, false).first;
}

std::pair<ndarray, ndarray> average_returned(const ndarray& a, const AxisArg& axis, const ndarray& weights,
                                             bool keepdims) {
  return average_impl(a, axis, weights, keepdims, true);
}

ndarray diff(const ndarray& a, int64_t n, int64_t axis, const ndarray& prepend, const ndarray& append) {
  if (n == 0) return a;
  if (n < 0) throw ValueError("order must be non-negative but got " + std::to_string(n));
  if (a.ndim() == 0) throw ValueError("diff requires input that is at least one dimensional");
  const int ax = normalize_axis(axis, a.ndim());
  std::vector<ndarray> combined;
  auto edge = [&](const ndarray& v) {
    if (v.ndim() != 0) return v;
    Dims shape = a.shape();
    shape[static_cast<size_t>(ax)] = 1;
    return broadcast_to(v, shape);
  };
  if (prepend.defined()) combined.push_back(edge(prepend));
  combined.push_back(a);
  if (append.defined()) combined.push_back(edge(append));
  ndarray joined = combined.size() > 1 ? concatenate(combined, ax) : a;
  return diff(joined, n, ax);
}

ndarray ediff1d(const ndarray& ary_in, const ndarray& to_end, const ndarray& to_begin) {
  ndarray ary = ravel(ary_in);
  const DType req = ary.dtype();
  const int64_t len = ary.shape()[0];
  if (!to_begin.defined() && !to_end.defined())
    return subtract(along(ary, 0, Index::slice(1)), along(ary, 0, Index::slice(kNone, -1)));
  ndarray b, e;
  if (to_begin.defined()) {
    if (!can_cast(to_begin.dtype(), req, Casting::SameKind))
      throw TypeError("dtype of `to_begin` must be compatible with input `ary` under the `same_kind` rule.");
    b = ravel(to_begin);
  }
  if (to_end.defined()) {
    if (!can_cast(to_end.dtype(), req, Casting::SameKind))
      throw TypeError("dtype of `to_end` must be compatible with input `ary` under the `same_kind` rule.");
    e = ravel(to_end);
  }
  const int64_t lb = b.defined() ? b.shape()[0] : 0, le = e.defined() ? e.shape()[0] : 0;
  const int64_t ld = std::max<int64_t>(len - 1, 0);
  ndarray result = empty(Dims{ld + lb + le}, req);
  if (lb > 0) copyto(along(result, 0, Index::slice(kNone, lb)), b, Casting::Unsafe);
  if (le > 0) copyto(along(result, 0, Index::slice(lb + ld)), e, Casting::Unsafe);
  UfuncOptions o;
  o.out[0] = along(result, 0, Index::slice(lb, lb + ld));
  subtract(along(ary, 0, Index::slice(1)), along(ary, 0, Index::slice(kNone, -1)), o);
  return result;
}

ndarray trapezoid(const ndarray& y, const ndarray& x, const Operand& dx, int64_t axis) {
  const int nd = y.ndim();
  // NumPy indexes a Python list of nd slices with axis: out of range is an IndexError.
  if (axis < -nd || axis >= nd) throw IndexError("list assignment index out of range");
  const int ax = static_cast<int>(axis < 0 ? axis + nd : axis);
  Operand d = dx;
  if (x.defined()) {
    if (x.ndim() == 1) {
      ndarray dd = diff(x, 1, -1);
      Dims shape(static_cast<size_t>(nd), 1);
      shape[static_cast<size_t>(ax)] = dd.shape()[0];
      d = Operand(reshape(dd, shape));
    } else {
      d = Operand(diff(x, 1, axis));
    }
  }
  ndarray s = add(along(y, ax, Index::slice(1)), along(y, ax, Index::slice(kNone, -1)));
  return sum(divide(multiply(d, s), 2.0), axis);
}

std::vector<ndarray> gradient(const ndarray& f_in, const std::vector<Operand>& varargs, const AxisArg& axis,
                              int64_t edge_order) {
  ndarray f = f_in;
  const int N = f.ndim();
  std::vector<int> axes;
  if (axis.is_none()) {
    for (int i = 0; i < N; ++i) axes.push_back(i);
  } else {
    axes = axis_tuple(axis, N, nullptr);
  }
  const size_t len_axes = axes.size(), n = varargs.size();
  std::vector<Operand> dx;
  if (n == 0) {
    dx.assign(len_axes, Operand(1.0));
  } else if (n == 1 && is_0d(varargs[0])) {
    dx.assign(len_axes, varargs[0]);
  } else if (n == len_axes) {
    dx = varargs;
    for (size_t i = 0; i < n; ++i) {
      if (is_0d(dx[i])) continue;
      ndarray distances = dx[i].array();
      if (distances.ndim() != 1) throw ValueError("distances must be either scalars or 1d");
      if (distances.shape()[0] != f.shape()[static_cast<size_t>(axes[i])])
        throw ValueError("when 1d, distances must match the length of the corresponding dimension");
      if (is_integer_kind(distances.dtype())) distances = astype(distances, dtypes::float64);
      ndarray diffx = diff(distances, 1, -1);
      ndarray first = basic_index(diffx, {Index::integer(0)});
      // A constant spacing is the scalar case, as NumPy reduces it (one host sync).
      dx[i] = host_bool(all(equal(diffx, first))) ? Operand(first) : Operand(diffx);
    }
  } else {
    throw TypeError("invalid number of arguments");
  }
  if (edge_order > 2) throw ValueError("'edge_order' greater than 2 not supported");

  DType otype = f.dtype();
  if (otype.kind() != 'f' && otype.kind() != 'c') {
    if (is_integer_kind(otype)) f = astype(f, dtypes::float64);
    otype = dtypes::float64;
  }
  std::vector<ndarray> outvals;
  for (size_t i = 0; i < len_axes; ++i) {
    const int ax = axes[i];
    const Operand& h = dx[i];
    if (f.shape()[static_cast<size_t>(ax)] < edge_order + 1)
      throw ValueError(
          "Shape of array too small to calculate a numerical gradient, "
          "at least (edge_order + 1) elements are required.");
    ndarray out = empty_like(f, otype);
    auto F = [&](int64_t start, int64_t stop) { return along(f, ax, Index::slice(start, stop)); };
    auto Fi = [&](int64_t k) { return along(f, ax, Index::integer(k)); };
    const bool uniform = is_0d(h);
    if (uniform) {
      assign_along(out, ax, Index::slice(1, -1), divide(subtract(F(2, kNone), F(kNone, -2)), kmul(2.0, h)));
    } else {
      const ndarray& hx = h.array();
      ndarray dx1 = along(hx, 0, Index::slice(0, -1)), dx2 = along(hx, 0, Index::slice(1));
      ndarray a = divide(negative(dx2), multiply(dx1, add(dx1, dx2)));
      ndarray b = divide(subtract(dx2, dx1), multiply(dx1, dx2));
      ndarray c = divide(dx1, multiply(dx2, add(dx1, dx2)));
      Dims shape(static_cast<size_t>(N), 1);
      shape[static_cast<size_t>(ax)] = -1;
      a = reshape(a, shape), b = reshape(b, shape), c = reshape(c, shape);
      assign_along(out, ax, Index::slice(1, -1),
                   add(add(multiply(a, F(kNone, -2)), multiply(b, F(1, -1))), multiply(c, F(2, kNone))));
    }
    auto hx_at = [&](int64_t k) { return basic_index(h.array(), {Index::integer(k)}); };
    if (edge_order == 1) {
      Operand d0 = uniform ? h : Operand(hx_at(0));
      assign_along(out, ax, Index::integer(0), divide(subtract(Fi(1), Fi(0)), d0));
      Operand dn = uniform ? h : Operand(hx_at(-1));
      assign_along(out, ax, Index::integer(-1), divide(subtract(Fi(-1), Fi(-2)), dn));
    } else {
      Operand a, b, c;
      if (uniform) {
        a = kdiv(-1.5, h), b = kdiv(2.0, h), c = kdiv(-0.5, h);
      } else {
        ndarray dx1 = hx_at(0), dx2 = hx_at(1);
        a = Operand(divide(negative(add(multiply(2.0, dx1), dx2)), multiply(dx1, add(dx1, dx2))));
        b = Operand(divide(add(dx1, dx2), multiply(dx1, dx2)));
        c = Operand(divide(negative(dx1), multiply(dx2, add(dx1, dx2))));
      }
      assign_along(out, ax, Index::integer(0), add(add(multiply(a, Fi(0)), multiply(b, Fi(1))), multiply(c, Fi(2))));
      if (uniform) {
        a = kdiv(0.5, h), b = kdiv(-2.0, h), c = kdiv(1.5, h);
      } else {
        ndarray dx1 = hx_at(-2), dx2 = hx_at(-1);
        a = Operand(divide(dx2, multiply(dx1, add(dx1, dx2))));
        b = Operand(divide(negative(add(dx2, dx1)), multiply(dx1, dx2)));
        c = Operand(divide(add(multiply(2.0, dx2), dx1), multiply(dx2, add(dx1, dx2))));
      }
      assign_along(out, ax, Index::integer(-1),
                   add(add(multiply(a, Fi(-3)), multiply(b, Fi(-2))), multiply(c, Fi(-1))));
    }
    outvals.push_back(out);
  }
  return outvals;
}

ndarray cov(const ndarray& m, const ndarray& y, bool rowvar, bool bias, std::optional<int64_t> ddof_in,
            const ndarray& fweights, const ndarray& aweights, std::optional<DType> dtype_in) {
  if (m.ndim() > 2) throw ValueError("m has more than 2 dimensions");
  if (y.defined() && y.ndim() > 2) throw ValueError("y has more than 2 dimensions");
  DType dtype = dtype_in
                    ? *dtype_in
                    : promote_types(y.defined() ? promote_types(m.dtype(), y.dtype()) : m.dtype(), dtypes::float64);
  ndarray X = astype(atleast_2d(m), dtype, Order::K, Casting::Unsafe, true);
  if (!rowvar && m.ndim() != 1) X = transpose(X);
  if (X.shape()[0] == 0) return zeros(Dims{0, 0}, dtypes::float64);
  if (y.defined()) {
    ndarray Y = astype(atleast_2d(y), dtype, Order::K, Casting::Unsafe, false);
    if (!rowvar && Y.shape()[0] != 1) Y = transpose(Y);
    X = concatenate({X, Y}, 0);
  }
  const int64_t ddof = ddof_in ? *ddof_in : (bias ? 0 : 1);
  const int64_t nobs = X.shape()[1];
  auto check_weights = [&](const ndarray& w, const char* name) {
    if (w.ndim() > 1) throw RuntimeError(std::string("cannot handle multidimensional ") + name);
    if (w.ndim() == 0) throw IndexError("tuple index out of range");
    if (w.shape()[0] != nobs) throw RuntimeError(std::string("incompatible numbers of samples and ") + name);
    if (host_bool(any(less(w, 0)))) throw ValueError(std::string(name) + " cannot be negative");
  };
  ndarray w, aw;
  if (fweights.defined()) {
    ndarray fw = astype(fweights, dtypes::float64);
    if (!host_bool(all(equal(fw, around(fw))))) throw TypeError("fweights must be integer");
    check_weights(fw, "fweights");
    w = fw;
  }
  if (aweights.defined()) {
    aw = astype(aweights, dtypes::float64);
    check_weights(aw, "aweights");
    w = w.defined() ? multiply(w, aw) : aw;
  }
  auto [avg, w_sum_all] = average_returned(X, 1, w);
  ndarray w_sum = basic_index(w_sum_all, {Index::integer(0)});
  double fact;
  if (!w.defined())
    fact = static_cast<double>(nobs - ddof);
  else if (ddof == 0)
    fact = host_double(w_sum);
  else if (!aw.defined())
    fact = host_double(subtract(w_sum, ddof));
  else
    fact = host_double(subtract(w_sum, divide(multiply(ddof, sum(multiply(w, aw))), w_sum)));
  if (fact <= 0) {
    warn("RuntimeWarning", "Degrees of freedom <= 0 for slice");
    fact = 0.0;
  }
  UfuncOptions in_x;
  in_x.out[0] = X;
  subtract(X, basic_index(avg, {Index::slice(), Index::newaxis()}), in_x);
  ndarray X_T = w.defined() ? transpose(multiply(X, w)) : transpose(X);
  ndarray c = dot2d(X, conjugate(X_T));
  UfuncOptions in_c;
  in_c.out[0] = c;
  multiply(c, Scalar::of<double>(1.0 / fact), in_c);  // NumPy: c *= true_divide(1, fact)
  return squeeze(c);
}

ndarray corrcoef(const ndarray& x, const ndarray& y, bool rowvar, std::optional<DType> dtype) {
  ndarray c = cov(x, y, rowvar, false, std::nullopt, {}, {}, dtype);
  if (c.ndim() != 2) return divide(c, c);  // scalar covariance: NaN for nan/inf/0, else 1
  ndarray stddev = sqrt(real(diagonal(c)));
  UfuncOptions in_c;
  in_c.out[0] = c;
  divide(c, basic_index(stddev, {Index::slice(), Index::newaxis()}), in_c);
  divide(c, basic_index(stddev, {Index::newaxis(), Index::slice()}), in_c);
  // Clip the real and imaginary parts to [-1, 1], as NumPy does.
  ndarray re = real(c);
  UfuncOptions o;
  o.out[0] = re;
  clip(re, -1, 1, o);
  if (c.dtype().is_complex()) {
    ndarray im = imag(c);
    o.out[0] = im;
    clip(im, -1, 1, o);
  }
  return c;
}

}  // namespace cupric
