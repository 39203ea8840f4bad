// median, nanmedian, quantile, percentile, nanquantile, nanpercentile (cupric/ops/order_statistics.hpp):
// NumPy's algorithm (numpy/lib/_function_base_impl.py `_quantile`): sort the lanes, compute the
// virtual index of each quantile (Hyndman & Fan's (alpha, beta) for the continuous methods), gather
// the neighbours and lerp. The index arithmetic is NumPy's, on the host, in q's float type.
#include "cupric/ops/order_statistics.hpp"
#include <algorithm>
#include <cmath>
#include <vector>
#include "cupric/error.hpp"
#include "cupric/half.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/indexing.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/reduction.hpp"
#include "cupric/ops/scan.hpp"
#include "cupric/ops/sorting.hpp"
#include "cupric/ops/ufunc.hpp"
#include "engine/index/index_engine.hpp"

namespace cupric {
namespace {

using M = QuantileMethod;

// `a` as lanes (rest..., n): the reduced axes merged last.
struct QLanes {
  ndarray lanes;
  int64_t n = 1;
  Dims rest, kd;
};
QLanes q_lanes(const ndarray& a, const AxisArg& axis) {
  const int nd = a.ndim();
  std::vector<bool> red(static_cast<size_t>(nd), axis.is_none());
  if (!axis.is_none()) {
    for (int64_t ax : axis.axes()) {
      const int d = normalize_axis(ax, nd);
      if (red[d]) throw ValueError("repeated axis");
      red[d] = true;
    }
  }
  QLanes l;
  std::vector<int64_t> perm;
  for (int d = 0; d < nd; ++d)
    if (!red[d]) {
      perm.push_back(d);
      l.rest.push_back(a.shape()[d]);
    }
  for (int d = 0; d < nd; ++d)
    if (red[d]) {
      perm.push_back(d);
      l.n *= a.shape()[d];
    }
  for (int d = 0; d < nd; ++d) l.kd.push_back(red[d] ? 1 : a.shape()[d]);
  Dims ls = l.rest;
  ls.push_back(l.n);
  l.lanes = reshape(nd ? transpose(a, perm) : a, ls);
  return l;
}

int64_t count_of(const Dims& d) {
  int64_t n = 1;
  for (int64_t x : d) n *= x;
  return n;
}

Dims concat_dims(const Dims& a, const Dims& b) {
  Dims r = a;
  for (int64_t x : b) r.push_back(x);
  return r;
}

ndarray upload(const void* data, const Dims& shape, DType t, const ndarray& like) {
  return from_host(data, shape, c_strides(shape, t.itemsize), t, &like.backend());
}

// Non-NaN elements per lane (one host sync), or n everywhere.
std::vector<int64_t> valid_counts(const QLanes& l, bool nan) {
  const int64_t r = count_of(l.rest);
  std::vector<int64_t> c(static_cast<size_t>(r), l.n);
  if (!nan || l.n == 0 || !(l.lanes.dtype().is_floating() || l.lanes.dtype().is_complex())) return c;
  std::vector<int64_t> nans =
      to_vector<int64_t>(astype(count_nonzero(isnan(l.lanes), AxisArg(int64_t{-1})), dtypes::int64));  // one host sync
  for (size_t i = 0; i < c.size(); ++i) c[i] -= nans[i];
  return c;
}

bool discrete(M m) {
  return m == M::InvertedCdf || m == M::ClosestObservation || m == M::Lower || m == M::Higher || m == M::Nearest;
}

// NumPy's index arithmetic for quantile q on a lane of n valid values, in T (q's float type),
// each step rounded by `r` (to float16 for float16 q, as NumPy's float16 arithmetic rounds).
template <class T, class R>
void quantile_index(M m, T q, int64_t n, int64_t* prev, int64_t* next, T* gamma, R r) {
  const T nq = r(static_cast<T>(n));
  const int64_t last = n > 0 ? n - 1 : 0;
  if (discrete(m)) {
    T idx;
    if (m == M::InvertedCdf) {
      const T v = r(r(nq * q) - T(1));
      idx = r(v - std::floor(v)) > 0 ? std::floor(v) + T(1) : v;
    } else if (m == M::ClosestObservation) {
      const T v = r(r(r(nq * q) - T(1)) - T(0.5));
      const T j = std::floor(v);
      const bool odd = std::fmod(j, T(2)) != 0;  // H&F's 1-based j (= j + 1) even
      idx = (r(v - j) == 0 && odd) ? j : j + T(1);
    } else {
      const T v = r(r(nq - T(1)) * q);
      idx = m == M::Lower ? std::floor(v) : (m == M::Higher ? std::ceil(v) : std::nearbyint(v));
    }
    int64_t i = idx < 0 ? 0 : static_cast<int64_t>(idx);
    *prev = *next = i > last ? last : i;
    return;
  }
  T v;
  switch (m) {
    case M::Linear:
    case M::Midpoint: v = r(r(nq - T(1)) * q); break;
    case M::AveragedInvertedCdf: v = r(r(nq * q) - T(1)); break;
    default: {
      double alpha = 1, beta = 1;
      switch (m) {
        case M::InterpolatedInvertedCdf:
          alpha = 0;
          beta = 1;
          break;
        case M::Hazen: alpha = beta = 0.5; break;
        case M::Weibull: alpha = beta = 0; break;
        case M::MedianUnbiased: alpha = beta = 1.0 / 3.0; break;
        case M::NormalUnbiased: alpha = beta = 3.0 / 8.0; break;
        default: break;
      }
      const T inner = r(r(static_cast<T>(alpha)) + r(q * r(static_cast<T>(1.0 - alpha - beta))));
      v = r(r(r(nq * q) + inner) - T(1));
    }
  }
  const T fl = std::floor(v);
  T g = r(v - fl);
  if (m == M::AveragedInvertedCdf) g = g == 0 ? T(0.5) : T(1);
  if (m == M::Midpoint) g = g == 0 ? T(0) : T(0.5);
  *gamma = g;
  if (v >= r(nq - T(1))) {
    *prev = *next = last;
    return;
  }
  if (v < 0) {
    *prev = *next = 0;
    return;
  }
  *prev = static_cast<int64_t>(fl);
  *next = *prev + 1;
}

// NumPy's _lerp: a + (b - a) * t, from b's side where t >= 0.5.
ndarray lerp(const ndarray& a, const ndarray& b, const ndarray& t) {
  ndarray diff = subtract(a.dtype().is_bool() ? astype(b, dtypes::int64) : b, a);
  ndarray r = add(a, multiply(diff, t));
  ndarray w = greater_equal(t, Operand(0.5));
  UfuncOptions o;
  o.out[0] = r;
  o.where = &w;
  o.casting = Casting::Unsafe;
  subtract(b, multiply(diff, subtract(Operand(int64_t{1}), t)), o);
  return r;
}

ndarray finish(ndarray r, const ndarray& out, bool keepdims, const Dims& qshape, const Dims& kd) {
  if (keepdims) r = reshape(r, concat_dims(qshape, kd));
  if (out.defined()) {
    copyto(out, r, Casting::Unsafe);
    return out;
  }
  return r;
}

// result[..., r] = NaN where lane r's last sorted value is NaN (NumPy's NaN propagation).
void propagate_nan(const ndarray& result, const ndarray& srt) {
  ndarray last = basic_index(srt, {Index::ellipsis(), Index::integer(-1)});
  detail::where_copy(result, isnan(last), astype(last, result.dtype()));
}

// NumPy's _weights_are_valid: weights of a's shape, or of the reduced axes' shape (in `axis`
// order) broadcast along the others; then non-negative (one host sync).
ndarray weights_like(const ndarray& a, const ndarray& w, const AxisArg& axis) {
  ndarray r = w;
  if (w.shape() != a.shape()) {
    if (axis.is_none()) throw TypeError("Axis must be specified when shapes of a and weights differ.");
    const int nd = a.ndim();
    std::vector<int64_t> axes;
    for (int64_t ax : axis.axes()) {
      const int d = normalize_axis(ax, nd);
      for (int64_t e : axes)
        if (e == d) throw ValueError("repeated axis");
      axes.push_back(d);
    }
    Dims want;
    for (int64_t d : axes) want.push_back(a.shape()[d]);
    if (w.shape() != want)
      throw ValueError("Shape of weights must be consistent with shape of a along specified axis.");
    std::vector<int64_t> perm(axes.size());
    for (size_t i = 0; i < perm.size(); ++i) perm[i] = static_cast<int64_t>(i);
    std::sort(perm.begin(), perm.end(), [&](int64_t x, int64_t y) { return axes[x] < axes[y]; });
    Dims bshape;
    for (int d = 0; d < nd; ++d)
      bshape.push_back(std::find(axes.begin(), axes.end(), d) != axes.end() ? a.shape()[d] : 1);
    r = broadcast_to(reshape(transpose(w, perm), bshape), a.shape());
  }
  if (r.size() > 0 && to_vector<bool>(any(less(r, Operand(int64_t{0})))).at(0))  // host sync
    throw ValueError("Weights must be non-negative.");
  return r;
}

// method="inverted_cdf" with weights (NumPy's weighted branch of _quantile): sort each lane, the
// weights' float64 cumulative sum over its total is the empirical CDF (in q's float type), and
// each quantile takes the first value whose CDF reaches it (leading zero weights skipped).
ndarray weighted_quantile(const ndarray& a, const ndarray& q_dev, const Dims& qshape, const AxisArg& axis,
                          const ndarray& out, bool keepdims, bool nan, bool* all_nan, const ndarray& w) {
  QLanes l = q_lanes(a, axis);
  if (l.n == 0) throw IndexError("index -1 is out of bounds for axis 0 with size 0");
  QLanes lw = q_lanes(w, axis);
  ndarray order = argsort(l.lanes, -1);
  ndarray srt = take_along_axis(l.lanes, order, -1);
  ndarray ws = take_along_axis(lw.lanes, order, -1);
  const bool has_nan = a.dtype().is_floating();
  if (nan && has_nan)  // NaNs sort last and drop out with their weights
    detail::where_copy(ws, isnan(srt), zeros(Dims{}, ws.dtype()));
  ndarray cdf = cumsum(ws, int64_t{-1}, dtypes::float64);
  ndarray total = basic_index(cdf, {Index::ellipsis(), Index::slice(l.n - 1, l.n)});
  cdf = divide(cdf, total);
  std::vector<int64_t> counts = valid_counts(l, nan && has_nan);  // one host sync (nan-variants)
  ndarray bad = isnan(basic_index(cdf, {Index::ellipsis(), Index::integer(-1)}));
  ndarray empty_lane;
  if (nan && has_nan) {
    std::vector<uint8_t> e(counts.size());
    for (size_t i = 0; i < counts.size(); ++i) e[i] = counts[i] == 0;
    empty_lane = upload(e.data(), l.rest, dtypes::bool_, a);
    bad = logical_and(bad, logical_not(empty_lane));
    if (all_nan) {
      *all_nan = false;
      for (int64_t c : counts) *all_nan = *all_nan || c == 0;
    }
  }
  if (to_vector<bool>(any(bad)).at(0))  // host sync
    throw ValueError("Weights included NaN, inf or were all zero.");
  cdf = astype(cdf, q_dev.dtype(), Order::K, Casting::Unsafe, true);  // a fresh array: written below
  detail::where_copy(cdf, equal(cdf, Operand(int64_t{0})), full(Dims{}, Scalar::of<int64_t>(-1), cdf.dtype()));
  // idx[rest..., qi] = #(cdf < q[qi]) in the lane: numpy.searchsorted(cdf, q, side="left")
  const int64_t qs = q_dev.size();
  Dims cshape = l.rest;
  cshape.push_back(1);
  cshape.push_back(l.n);
  ndarray below = less(reshape(cdf, cshape), reshape(q_dev, Dims{qs, 1}));
  ndarray idx = minimum(count_nonzero(below, AxisArg(int64_t{-1})), Operand(l.n - 1));
  ndarray g = take_along_axis(srt, astype(idx, dtypes::int64), -1);  // rest + (Qs,)
  ndarray result = reshape(copy(moveaxis(g, -1, 0), Order::C), concat_dims(qshape, l.rest));
  if (has_nan) {
    if (!nan) {
      propagate_nan(result, srt);
    } else if (empty_lane.defined()) {
      if (result.ndim() == 0) result = copy(result);
      ndarray nan_v = astype(full(Dims{}, Scalar::of<double>(std::nan("")), dtypes::float64), result.dtype());
      detail::where_copy(result, broadcast_to(empty_lane, result.shape()), nan_v);
    }
  }
  return finish(result, out, keepdims, qshape, l.kd);
}

template <class T>
ndarray quantile_typed(const ndarray& a, const std::vector<T>& q, const Dims& qshape, DType qdt, const AxisArg& axis,
                       const ndarray& out, M method, bool keepdims, bool nan, bool* all_nan) {
  QLanes l = q_lanes(a, axis);
  if (l.n == 0) throw IndexError("index -1 is out of bounds for axis 0 with size 0");
  ndarray srt = sort(l.lanes, -1);
  const std::vector<int64_t> counts = valid_counts(l, nan);
  if (all_nan) {
    *all_nan = false;
    for (int64_t c : counts) *all_nan = *all_nan || c == 0;
  }
  const int64_t qs = static_cast<int64_t>(q.size()), rs = static_cast<int64_t>(counts.size());
  std::vector<int64_t> prev(static_cast<size_t>(qs * rs)), next(prev.size());  // [r][qi]: rest + (Qs,)
  std::vector<T> gamma(prev.size());                                           // [qi][r]: (Qs,) + rest
  const bool half = qdt == dtypes::float16;
  auto round = [half](T x) { return half ? static_cast<T>(static_cast<float>(float16(static_cast<float>(x)))) : x; };
  for (int64_t i = 0; i < qs; ++i)
    for (int64_t r = 0; r < rs; ++r)
      quantile_index<T>(method, q[i], counts[r], &prev[r * qs + i], &next[r * qs + i], &gamma[i * rs + r], round);
  const Dims full = concat_dims(qshape, l.rest);
  Dims ishape = l.rest;
  ishape.push_back(qs);
  auto gather = [&](const std::vector<int64_t>& idx) {
    ndarray g = take_along_axis(srt, upload(idx.data(), ishape, dtypes::int64, a), -1);
    return reshape(copy(moveaxis(g, -1, 0), Order::C), full);
  };
  ndarray result;
  if (discrete(method)) {
    result = gather(prev);
  } else {
    ndarray g = upload(gamma.data(), full, dtype_v<T>, a);
    if (g.dtype() != qdt) g = astype(g, qdt);
    result = lerp(gather(prev), gather(next), g);
  }
  if (!nan && a.dtype().is_floating()) propagate_nan(result, srt);
  return finish(result, out, keepdims, qshape, l.kd);
}

ndarray quantile_impl(const ndarray& a, const ndarray& q, const AxisArg& axis, const ndarray& out, M method,
                      bool keepdims, bool nan, bool* all_nan, const ndarray& weights = {}) {
  if (a.dtype().is_complex()) throw TypeError("a must be an array of real numbers");
  if (a.dtype().is_void() || q.dtype().is_complex() || q.dtype().is_void()) throw TypeError("q must be real numbers");
  const DType qdt = q.dtype().is_floating() ? q.dtype() : dtypes::float64;
  if (weights.defined()) {
    for (double x : to_vector<double>(astype(q, dtypes::float64)))
      if (!(x >= 0 && x <= 1)) throw ValueError("Quantiles must be in the range [0, 1]");
    if (method != M::InvertedCdf) {
      static const char* names[] = {"inverted_cdf",
                                    "averaged_inverted_cdf",
                                    "closest_observation",
                                    "interpolated_inverted_cdf",
                                    "hazen",
                                    "weibull",
                                    "linear",
                                    "median_unbiased",
                                    "normal_unbiased",
                                    "lower",
                                    "higher",
                                    "midpoint",
                                    "nearest"};
      throw ValueError(std::string("Only method 'inverted_cdf' supports weights. Got: ") +
                       names[static_cast<int>(method)] + ".");
    }
    const bool use_nan = nan && a.dtype().is_floating();
    return weighted_quantile(a, q.dtype().is_floating() ? q : astype(q, dtypes::float64), q.shape(), axis, out,
                             keepdims, use_nan, all_nan, weights_like(a, weights, axis));
  }
  const bool single = qdt == dtypes::float32 || qdt == dtypes::float16 || qdt == dtypes::bfloat16;
  const bool use_nan = nan && a.dtype().is_floating();
  if (single) {
    std::vector<float> qv = to_vector<float>(astype(q, dtypes::float32));
    for (float x : qv)
      if (!(x >= 0 && x <= 1)) throw ValueError("Quantiles must be in the range [0, 1]");
    return quantile_typed<float>(a, qv, q.shape(), qdt, axis, out, method, keepdims, use_nan, all_nan);
  }
  std::vector<double> qv = to_vector<double>(astype(q, dtypes::float64));
  for (double x : qv)
    if (!(x >= 0 && x <= 1)) throw ValueError("Quantiles must be in the range [0, 1]");
  return quantile_typed<double>(a, qv, q.shape(), qdt, axis, out, method, keepdims, use_nan, all_nan);
}

ndarray percent(const ndarray& q) {
  if (q.dtype().is_complex() || q.dtype().is_void()) throw TypeError("q must be real numbers");
  ndarray p = true_divide(q, Operand(int64_t{100}));
  for (double x : to_vector<double>(astype(p, dtypes::float64)))
    if (!(x >= 0 && x <= 1)) throw ValueError("Percentiles must be in the range [0, 100]");
  return p;
}

}  // namespace

QuantileMethod parse_quantile_method(std::string_view m) {
  static const std::pair<const char*, M> names[] = {{"inverted_cdf", M::InvertedCdf},
                                                    {"averaged_inverted_cdf", M::AveragedInvertedCdf},
                                                    {"closest_observation", M::ClosestObservation},
                                                    {"interpolated_inverted_cdf", M::InterpolatedInvertedCdf},
                                                    {"hazen", M::Hazen},
                                                    {"weibull", M::Weibull},
                                                    {"linear", M::Linear},
                                                    {"median_unbiased", M::MedianUnbiased},
                                                    {"normal_unbiased", M::NormalUnbiased},
                                                    {"lower", M::Lower},
                                                    {"higher", M::Higher},
                                                    {"midpoint", M::Midpoint},
                                                    {"nearest", M::Nearest}};
  std::string all;
  for (const auto& [name, v] : names) {
    if (m == name) return v;
    all += std::string(all.empty() ? "" : ", ") + "'" + name + "'";
  }
  throw ValueError("'" + std::string(m) + "' is not a valid method. Use one of: dict_keys([" + all + "])");
}

ndarray quantile(const ndarray& a, const ndarray& q, const AxisArg& axis, const ndarray& out, bool, M method,
                 bool keepdims, const ndarray& weights) {
  return quantile_impl(a, q, axis, out, method, keepdims, false, nullptr, weights);
}
ndarray nanquantile(const ndarray& a, const ndarray& q, const AxisArg& axis, const ndarray& out, bool, M method,
                    bool keepdims, const ndarray& weights) {
  return quantile_impl(a, q, axis, out, method, keepdims, true, nullptr, weights);
}
ndarray percentile(const ndarray& a, const ndarray& q, const AxisArg& axis, const ndarray& out, bool, M method,
                   bool keepdims, const ndarray& weights) {
  if (a.dtype().is_complex()) throw TypeError("a must be an array of real numbers");
  return quantile_impl(a, percent(q), axis, out, method, keepdims, false, nullptr, weights);
}
ndarray nanpercentile(const ndarray& a, const ndarray& q, const AxisArg& axis, const ndarray& out, bool, M method,
                      bool keepdims, const ndarray& weights) {
  if (a.dtype().is_complex()) throw TypeError("a must be an array of real numbers");
  return quantile_impl(a, percent(q), axis, out, method, keepdims, true, nullptr, weights);
}

ndarray median(const ndarray& a, const AxisArg& axis, const ndarray& out, bool, bool keepdims) {
  QLanes l = q_lanes(a, axis);
  ndarray srt = sort(l.lanes, -1);
  const int64_t lo = l.n > 0 ? (l.n - 1) / 2 : 0;
  ndarray mid = basic_index(srt, {Index::ellipsis(), Index::slice(lo, l.n / 2 + 1)});
  ndarray r = mean(mid, AxisArg(int64_t{-1}));
  if (l.n > 0 && (a.dtype().is_floating() || a.dtype().is_complex())) {
    if (r.ndim() == 0) r = copy(r);
    propagate_nan(r, srt);
  }
  return finish(r, out, keepdims, Dims{}, l.kd);
}

ndarray detail::nanmedian_flag(const ndarray& a, const AxisArg& axis, const ndarray& out, bool keepdims,
                               bool* all_nan) {
  if (all_nan) *all_nan = false;
  if (!a.dtype().is_floating()) return median(a, axis, out, false, keepdims);
  QLanes l = q_lanes(a, axis);
  if (l.n == 0) return median(a, axis, out, false, keepdims);
  ndarray srt = sort(l.lanes, -1);
  const std::vector<int64_t> counts = valid_counts(l, true);  // one host sync
  std::vector<int64_t> idx;
  for (int64_t c : counts) {
    if (all_nan && c == 0) *all_nan = true;
    const int64_t lo = c > 0 ? (c - 1) / 2 : 0, hi = c / 2;
    idx.push_back(lo);
    idx.push_back(hi < l.n ? hi : l.n - 1);
  }
  Dims ishape = l.rest;
  ishape.push_back(2);
  ndarray g = take_along_axis(srt, upload(idx.data(), ishape, dtypes::int64, a), -1);
  return finish(mean(g, AxisArg(int64_t{-1})), out, keepdims, Dims{}, l.kd);
}

ndarray nanmedian(const ndarray& a, const AxisArg& axis, const ndarray& out, bool, bool keepdims) {
  return detail::nanmedian_flag(a, axis, out, keepdims, nullptr);
}

ndarray detail::quantile_flag(const ndarray& a, const ndarray& q, const AxisArg& axis, const ndarray& out, M method,
                              bool keepdims, bool nan, bool percentiles, bool weak_q, bool* all_nan,
                              const ndarray& weights) {
  if (a.dtype().is_complex()) throw TypeError("a must be an array of real numbers");
  ndarray qv = percentiles ? percent(q) : q;
  // NEP 50 as NumPy 2's quantile applies it: a weak q (a Python number) takes a floating a's dtype
  // once scaled; the weighted branch keeps q's own dtype.
  if (weak_q && !weights.defined() && a.dtype().is_floating() && qv.dtype() != a.dtype()) qv = astype(qv, a.dtype());
  return quantile_impl(a, qv, axis, out, method, keepdims, nan, all_nan, weights);
}

}  // namespace cupric
