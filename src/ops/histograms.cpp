// histogram, histogram_bin_edges, histogram2d, histogramdd (cupric/ops/histograms.hpp): NumPy's
// rules (numpy/lib/_histograms_impl.py). Edges: numpy.linspace's arithmetic on the host, in the
// float type NumPy computes them in (the data's for an autodetected range, float64 for a given
// one), each step rounded to it. Counts: the sorted data searched for the edges (the last bin
// closed), or, with weights, per-bin masked sums over chunks.
#include "cupric/ops/histograms.hpp"
#include <cmath>
#include <algorithm>
#include <numbers>
#include "cupric/error.hpp"
#include "cupric/half.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/indexing.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/order_statistics.hpp"
#include "cupric/ops/reduction.hpp"
#include "cupric/ops/sorting.hpp"
#include "cupric/ops/ufunc.hpp"
#include "engine/index/index_engine.hpp"

namespace cupric {
namespace {

double host_double(const ndarray& x) { return to_vector<double>(astype(x, dtypes::float64)).at(0); }  // host sync

// The data's range (or the given one) as NumPy's _get_outer_edges, with the float type the
// edges are computed in.
struct Outer {
  double first = 0, last = 1;
  DType dt = dtypes::float64;
};
double round_to(double x, DType dt) {
  if (dt == dtypes::float32) return static_cast<float>(x);
  if (dt == dtypes::float16) return static_cast<float>(float16(static_cast<float>(x)));
  return x;
}
Outer outer_edges(const ndarray& a, HistogramRange range) {
  Outer o;
  if (range) {
    o.first = range->first, o.last = range->second;
    if (o.first > o.last) throw ValueError("max must be larger than min in range parameter.");
    if (!std::isfinite(o.first) || !std::isfinite(o.last))
      throw ValueError("supplied range of [" + float_repr(o.first) + ", " + float_repr(o.last) + "] is not finite");
  } else if (a.size() > 0) {
    o.first = host_double(amin(a));  // host syncs: the data's range
    o.last = host_double(amax(a));
    if (!std::isfinite(o.first) || !std::isfinite(o.last))
      throw ValueError("autodetected range of [" + float_repr(o.first) + ", " + float_repr(o.last) + "] is not finite");
    if (a.dtype().is_floating() && a.dtype() != dtypes::bfloat16) o.dt = a.dtype();
  }
  if (o.first == o.last) {
    o.first = round_to(o.first - 0.5, o.dt);
    o.last = round_to(o.last + 0.5, o.dt);
  }
  return o;
}

// numpy.linspace(first, last, num) computed in o.dt, as float64 values, uploaded as `out_t`.
ndarray linspace_edges(const Outer& o, int64_t num, DType out_t, const ndarray& like) {
  std::vector<double> y(static_cast<size_t>(num));
  const int64_t div = num - 1;
  const double delta = round_to(o.last - o.first, o.dt);
  const double step = div > 0 ? round_to(delta / static_cast<double>(div), o.dt) : 0;
  for (int64_t i = 0; i < num; ++i) {
    double v = static_cast<double>(i);
    if (div > 0 && step == 0)
      v = round_to(round_to(v / static_cast<double>(div), o.dt) * delta, o.dt);
    else
      v = round_to(v * step, o.dt);
    y[i] = round_to(v + o.first, o.dt);
  }
  if (num > 1) y[num - 1] = o.last;
  ndarray e = from_host(y.data(), Dims{num}, Dims{8}, dtypes::float64, &like.backend());
  return out_t == dtypes::float64 ? e : astype(e, out_t);
}

ndarray slice1(const ndarray& a, int64_t start, int64_t stop) { return basic_index(a, {Index::slice(start, stop)}); }
ndarray at1(const ndarray& a, int64_t i) { return basic_index(a, {Index::integer(i)}); }

void check_edges(const ndarray& e, const std::string& not1d, const std::string& not_increasing) {
  if (e.ndim() != 1) throw ValueError(not1d);
  if (e.size() > 1 && host_double(any(greater(slice1(e, 0, e.size() - 1), slice1(e, 1, e.size())))))  // host sync
    throw ValueError(not_increasing);
}

// Counts of flat int64 bin indices in [0, nbins) (others dropped), or weight sums per bin.
ndarray count_bins(const ndarray& idx, const ndarray& w, int64_t nbins) {
  if (!w.defined()) {
    ndarray s = sort(idx, 0);
    ndarray cum = searchsorted(s, detail::iota(nbins + 1, idx));
    return subtract(slice1(cum, 1, nbins + 1), slice1(cum, 0, nbins));
  }
  ndarray ids = reshape(detail::iota(nbins, idx), Dims{1, nbins});
  ndarray acc;
  const int64_t n = idx.size(), chunk = std::max<int64_t>(1, (int64_t{1} << 24) / std::max<int64_t>(nbins, 1));
  for (int64_t s = 0; s < n || (s == 0 && !acc.defined()); s += chunk) {
    const int64_t e = std::min(n, s + chunk);
    ndarray ic = reshape(slice1(idx, s, e), Dims{e - s, 1});
    ndarray wc = broadcast_to(reshape(slice1(w, s, e), Dims{e - s, 1}), Dims{e - s, nbins});
    ndarray part = sum(wc, AxisArg(int64_t{0}), {}, {}, false, {}, equal(ic, ids));
    acc = acc.defined() ? add(acc, part) : part;
    if (n == 0) break;
  }
  return astype(acc, w.dtype());
}

double estimator_width(const std::string& name, const ndarray& x, const Outer& o);

ndarray bin_edges(const ndarray& a, const HistogramBins& bins, HistogramRange range, const ndarray& weights) {
  if (bins.edges.defined()) {
    check_edges(bins.edges, "`bins` must be 1d, when an array", "`bins` must increase monotonically, when an array");
    return bins.edges;
  }
  const DType bin_t = a.dtype().is_floating() ? a.dtype() : dtypes::float64;
  int64_t n_bins = bins.count;
  Outer o;
  if (!bins.estimator.empty()) {
    static const char* names[] = {"auto", "fd", "doane", "scott", "stone", "rice", "sturges", "sqrt"};
    if (std::find_if(std::begin(names), std::end(names), [&](const char* s) { return bins.estimator == s; }) ==
        std::end(names))
      throw ValueError("'" + bins.estimator + "' is not a valid estimator for `bins`");
    if (weights.defined())
      throw TypeError("Automated estimation of the number of bins is not supported for weighted data");
    o = outer_edges(a, range);
    ndarray x = a;
    if (range)  // one host sync: the selection's size
      x = extract(logical_and(greater_equal(a, Operand(o.first)), less_equal(a, Operand(o.last))), a);
    n_bins = 1;
    if (x.size() > 0) {
      double width = estimator_width(bins.estimator, x, o);
      if (width != 0) {
        if (a.dtype().is_integer() && width < 1) width = 1;
        n_bins = static_cast<int64_t>(std::ceil((o.last - o.first) / width));
      }
    }
  } else {
    if (n_bins < 1) throw ValueError("`bins` must be positive, when an integer");
    o = outer_edges(a, range);
  }
  return linspace_edges(o, n_bins + 1, bin_t, a);
}

double estimator_width(const std::string& name, const ndarray& x, const Outer& o) {
  const double n = static_cast<double>(x.size());
  auto ptp = [&] { return host_double(amax(x)) - host_double(amin(x)); };
  if (name == "sqrt") return ptp() / std::sqrt(n);
  if (name == "sturges") return ptp() / (std::log2(n) + 1.0);
  if (name == "rice") return ptp() / (2.0 * std::pow(n, 1.0 / 3));
  if (name == "scott") return std::pow(24.0 * std::sqrt(std::numbers::pi) / n, 1.0 / 3.0) * host_double(cupric::std(x));
  if (name == "fd") {
    ndarray q = from_host(std::vector<double>{75, 25}.data(), Dims{2}, Dims{8}, dtypes::float64, &x.backend());
    std::vector<double> p = to_vector<double>(astype(percentile(x, q), dtypes::float64));
    return 2.0 * (p[0] - p[1]) * std::pow(n, -1.0 / 3.0);
  }
  if (name == "doane") {
    if (x.size() > 2) {
      const double sg1 = std::sqrt(6.0 * (n - 2) / ((n + 1.0) * (n + 3)));
      const double sigma = host_double(cupric::std(x));
      if (sigma > 0.0) {
        ndarray t = divide(subtract(x, mean(x)), Operand(sigma));
        const double g1 = host_double(mean(power(t, Operand(int64_t{3}))));
        return ptp() / (1.0 + std::log2(n) + std::log2(1.0 + std::abs(g1) / sg1));
      }
    }
    return 0.0;
  }
  if (name == "stone") {
    const double ptp_x = ptp();
    if (x.size() <= 1 || ptp_x == 0) return 0;
    const int64_t upper = std::max<int64_t>(100, static_cast<int64_t>(std::sqrt(n)));
    double best = 0;
    int64_t best_n = 1;
    for (int64_t nb = 1; nb <= upper; ++nb) {
      std::vector<int64_t> c = to_vector<int64_t>(histogram(x, nb, std::make_pair(o.first, o.last)).hist);
      double dot = 0;
      for (int64_t k : c) dot += (static_cast<double>(k) / n) * (static_cast<double>(k) / n);
      const double j = (2 - (n + 1) * dot) / (ptp_x / static_cast<double>(nb));
      if (nb == 1 || j < best) best = j, best_n = nb;
    }
    return ptp_x / static_cast<double>(best_n);
  }
  // auto
  const double fd = estimator_width("fd", x, o), st = estimator_width("sturges", x, o);
  return fd != 0 ? std::min(fd, st) : st;
}

}  // namespace

ndarray histogram_bin_edges(const ndarray& a, const HistogramBins& bins, HistogramRange range, const ndarray& weights) {
  return bin_edges(ravel(a), bins, range, weights);
}

HistogramResult histogram(const ndarray& a_in, const HistogramBins& bins, HistogramRange range, bool density,
                          const ndarray& weights) {
  if (weights.defined() && weights.shape() != a_in.shape())
    throw ValueError("weights should have the same shape as a.");
  ndarray a = ravel(a_in);
  ndarray w = weights.defined() ? ravel(weights) : ndarray();
  ndarray edges = bin_edges(a, bins, range, weights);
  const int64_t nb = edges.size() - 1;
  ndarray n;
  if (!w.defined()) {
    // NumPy's _search_sorted_inclusive: the last bin includes its right edge.
    ndarray s = sort(a, 0);
    ndarray cum = concatenate(
        {searchsorted(s, slice1(edges, 0, nb)), searchsorted(s, slice1(edges, nb, nb + 1), Side::Right)}, 0);
    n = subtract(slice1(cum, 1, nb + 1), slice1(cum, 0, nb));
  } else {
    ndarray idx = subtract(searchsorted(edges, a, Side::Right), Operand(int64_t{1}));
    ndarray last = at1(edges, nb), first = at1(edges, 0);
    detail::where_copy(idx, equal(a, last), full(Dims{}, Scalar::of<int64_t>(nb - 1), dtypes::int64));
    detail::where_copy(idx, logical_not(logical_and(greater_equal(a, first), less_equal(a, last))),
                       full(Dims{}, Scalar::of<int64_t>(-1), dtypes::int64));
    n = count_bins(idx, w, nb);
  }
  if (density) {
    ndarray db = astype(subtract(slice1(edges, 1, nb + 1), slice1(edges, 0, nb)), dtypes::float64);
    n = divide(divide(n, db), sum(n));
  }
  return {n, edges};
}

HistogramddResult histogramdd(const std::vector<ndarray>& sample, const std::vector<HistogramBins>& bins_in,
                              const std::vector<HistogramRange>& range_in, bool density, const ndarray& weights) {
  const size_t D = sample.size();
  if (D == 0) throw ValueError("histogramdd needs at least one sample dimension");
  std::vector<HistogramBins> bins = bins_in.size() == 1 ? std::vector<HistogramBins>(D, bins_in[0]) : bins_in;
  if (bins.size() != D) throw ValueError("The dimension of bins must be equal to the dimension of the sample x.");
  std::vector<HistogramRange> range = range_in.empty() ? std::vector<HistogramRange>(D) : range_in;
  if (range.size() != D) throw ValueError("range argument must have one entry per dimension");
  // NumPy stacks the sample into one array: one common dtype.
  DType common = sample[0].dtype();
  for (const ndarray& s : sample) common = promote_types(common, s.dtype());
  HistogramddResult r;
  std::vector<int64_t> nbin;
  ndarray flat;
  const int64_t n = sample[0].size();
  for (size_t i = 0; i < D; ++i) {
    ndarray x = astype(ravel(sample[i]), common);
    if (x.size() != n) throw ValueError("all sample coordinates must have the same length");
    ndarray e;
    if (bins[i].edges.defined()) {
      e = bins[i].edges;
      check_edges(e, "`bins[" + std::to_string(i) + "]` must be a scalar or 1d array",
                  "`bins[" + std::to_string(i) + "]` must be monotonically increasing, when an array");
    } else {
      if (bins[i].count < 1) throw ValueError("`bins[" + std::to_string(i) + "]` must be positive, when an integer");
      Outer o = outer_edges(x, range[i]);
      e = linspace_edges(o, bins[i].count + 1, o.dt, x);
    }
    r.edges.push_back(e);
    nbin.push_back(e.size() + 1);  // an outlier bin at each end
    ndarray k = searchsorted(e, x, Side::Right);
    detail::where_copy(k, equal(x, at1(e, e.size() - 1)), subtract(k, Operand(int64_t{1})));
    flat = flat.defined() ? add(multiply(flat, Operand(nbin.back())), k) : k;
  }
  int64_t total = 1;
  for (int64_t b : nbin) total *= b;
  ndarray w = weights.defined() ? ravel(weights) : ndarray();
  ndarray h = astype(count_bins(flat, w, total), dtypes::float64);
  Dims shape;
  for (int64_t b : nbin) shape.push_back(b);
  h = reshape(h, shape);
  std::vector<Index> core(D, Index::slice(1, -1));
  h = copy(basic_index(h, core), Order::C);
  if (density) {
    ndarray s = sum(h);
    for (size_t i = 0; i < D; ++i) {
      Dims bshape(D, 1);
      bshape[i] = nbin[i] - 2;
      const ndarray& e = r.edges[i];
      h = divide(h, reshape(subtract(slice1(e, 1, e.size()), slice1(e, 0, e.size() - 1)), bshape));
    }
    h = divide(h, s);
  }
  r.hist = h;
  return r;
}

Histogram2dResult histogram2d(const ndarray& x, const ndarray& y, const std::vector<HistogramBins>& bins,
                              const std::vector<HistogramRange>& range, bool density, const ndarray& weights) {
  HistogramddResult r = histogramdd({x, y}, bins, range, density, weights);
  return {r.hist, r.edges[0], r.edges[1]};
}

}  // namespace cupric
