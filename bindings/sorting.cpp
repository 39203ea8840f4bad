// Sorting, searching and set routines (cupric/ops/sorting.hpp) as cupric._core functions.
// Argument normalisation (kind strings, kth, return tuples, NumPy 2 keyword rules) is in
// python/cupric/_sorting.py; these only convert arrays and optional axes.
#include <optional>
#include "common.hpp"
#include "cupric/ops/histograms.hpp"
#include "cupric/ops/order_statistics.hpp"
#include "cupric/ops/sorting.hpp"

namespace cupric::py {
namespace {

ndarray arr(nb::handle obj) { return as_device_array(obj); }
std::optional<int64_t> opt_axis(nb::handle axis) {
  if (axis.is_none()) return std::nullopt;
  return nb::cast<int64_t>(axis);
}
std::optional<SortKind> opt_kind(nb::handle kind) {
  if (kind.is_none()) return std::nullopt;
  return parse_sort_kind(nb::cast<std::string>(kind));
}
std::optional<bool> opt_bool(nb::handle b) {
  if (b.is_none()) return std::nullopt;
  return nb::cast<bool>(b);
}
nb::object opt_wrap(const ndarray& a) { return a.defined() ? wrap(a) : nb::none(); }
// Order statistics take a tuple or a list of axes (NumPy's normalize_axis_tuple).
AxisArg axis_seq_arg(nb::handle axis) {
  if (axis.is_none()) return AxisArg();
  if (PyTuple_Check(axis.ptr()) || PyList_Check(axis.ptr())) {
    std::vector<int64_t> v;
    for (nb::handle h : axis) v.push_back(nb::cast<int64_t>(h));
    return AxisArg(std::move(v));
  }
  return AxisArg(nb::cast<int64_t>(axis));
}
// bins: ("count", int) / ("edges", array) / ("estimator", str), as python/cupric/_histograms.py sends.
HistogramBins bins_of(nb::handle kind, nb::handle value) {
  const std::string k = nb::cast<std::string>(kind);
  if (k == "count") return HistogramBins(nb::cast<int64_t>(value));
  if (k == "edges") return HistogramBins(arr(value));
  return HistogramBins(nb::cast<std::string>(value));
}
HistogramRange range_of(nb::handle r) {
  if (r.is_none()) return std::nullopt;
  return std::make_pair(nb::cast<double>(r[0]), nb::cast<double>(r[1]));
}
ndarray opt_out(nb::handle out) { return out.is_none() ? ndarray() : unwrap(out).arr; }
// The result, or `out` itself when one was given (NumPy returns the out object).
nb::object result_or_out(const ndarray& r, nb::handle out) { return out.is_none() ? wrap(r) : nb::borrow(out); }

}  // namespace

void init_sorting(nb::module_& m) {
  m.def("_sort", [](nb::handle a, nb::handle axis, nb::handle kind, nb::handle stable) {
    return wrap(sort(arr(a), opt_axis(axis), opt_kind(kind), opt_bool(stable)));
  }, nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg().none());
  m.def("_argsort", [](nb::handle a, nb::handle axis, nb::handle kind, nb::handle stable) {
    return wrap(argsort(arr(a), opt_axis(axis), opt_kind(kind), opt_bool(stable)));
  }, nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg().none());
  m.def("_sort_inplace", [](nb::handle a, int64_t axis, nb::handle kind, nb::handle stable) {
    sort_inplace(unwrap(a).arr, axis, opt_kind(kind), opt_bool(stable));
  }, nb::arg(), nb::arg(), nb::arg().none(), nb::arg().none());
  m.def("_lexsort", [](nb::handle keys, int64_t axis) {
    std::vector<ndarray> k;
    for (nb::handle h : keys) k.push_back(arr(h));
    return wrap(lexsort(k, axis));
  });
  m.def("_partition", [](nb::handle a, std::vector<int64_t> kth, nb::handle axis, bool arg) {
    return wrap(arg ? argpartition(arr(a), kth, opt_axis(axis)) : partition(arr(a), kth, opt_axis(axis)));
  }, nb::arg(), nb::arg(), nb::arg().none(), nb::arg());
  m.def("_sort_complex", [](nb::handle a) { return wrap(sort_complex(arr(a))); });
  m.def("_searchsorted", [](nb::handle a, nb::handle v, nb::handle side, nb::handle sorter) {
    return wrap(searchsorted(arr(a), arr(v), parse_side(nb::cast<std::string>(side)),
                             sorter.is_none() ? ndarray() : arr(sorter)));
  }, nb::arg(), nb::arg(), nb::arg(), nb::arg().none());
  m.def("_digitize", [](nb::handle x, nb::handle bins, bool right) { return wrap(digitize(arr(x), arr(bins), right)); });
  m.def("_unique", [](nb::handle ar, bool ri, bool rv, bool rc, nb::handle axis, bool equal_nan) {
    UniqueResult r = unique(arr(ar), ri, rv, rc, opt_axis(axis), equal_nan);
    return nb::make_tuple(wrap(r.values), opt_wrap(r.indices), opt_wrap(r.inverse), opt_wrap(r.counts));
  }, nb::arg(), nb::arg(), nb::arg(), nb::arg(), nb::arg().none(), nb::arg());
  m.def("_isin", [](nb::handle e, nb::handle t, bool assume_unique, bool invert) {
    return wrap(isin(arr(e), arr(t), assume_unique, invert));
  });
  m.def("_intersect1d", [](nb::handle a, nb::handle b, bool assume_unique, bool indices) -> nb::object {
    if (!indices) return wrap(intersect1d(arr(a), arr(b), assume_unique));
    IntersectResult r = intersect1d_indices(arr(a), arr(b), assume_unique);
    return nb::make_tuple(wrap(r.values), wrap(r.indices1), wrap(r.indices2));
  });
  m.def("_union1d", [](nb::handle a, nb::handle b) { return wrap(union1d(arr(a), arr(b))); });
  m.def("_setdiff1d", [](nb::handle a, nb::handle b, bool u) { return wrap(setdiff1d(arr(a), arr(b), u)); });
  m.def("_quantile", [](nb::handle a, nb::handle q, nb::handle axis, nb::handle out, nb::handle method, bool keepdims,
                        bool nan, nb::handle weights) {
    bool all_nan = false;
    const QuantileMethod meth = parse_quantile_method(nb::cast<std::string>(method));
    const ndarray w = weights.is_none() ? ndarray() : arr(weights);
    ndarray r = nan ? detail::nanquantile_flag(arr(a), arr(q), axis_seq_arg(axis), opt_out(out), meth, keepdims, &all_nan, w)
                    : quantile(arr(a), arr(q), axis_seq_arg(axis), opt_out(out), false, meth, keepdims, w);
    return nb::make_tuple(result_or_out(r, out), all_nan);
  }, nb::arg(), nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg(), nb::arg(), nb::arg(), nb::arg().none() = nb::none());
  m.def("_median", [](nb::handle a, nb::handle axis, nb::handle out, bool keepdims, bool nan) {
    bool all_nan = false;
    ndarray r = nan ? detail::nanmedian_flag(arr(a), axis_seq_arg(axis), opt_out(out), keepdims, &all_nan)
                    : median(arr(a), axis_seq_arg(axis), opt_out(out), false, keepdims);
    return nb::make_tuple(result_or_out(r, out), all_nan);
  }, nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg(), nb::arg());
  m.def("_histogram", [](nb::handle a, nb::handle kind, nb::handle value, nb::handle range, bool density,
                         nb::handle weights, bool edges_only) -> nb::object {
    ndarray w = weights.is_none() ? ndarray() : arr(weights);
    if (edges_only) return wrap(histogram_bin_edges(arr(a), bins_of(kind, value), range_of(range), w));
    HistogramResult r = histogram(arr(a), bins_of(kind, value), range_of(range), density, w);
    return nb::make_tuple(wrap(r.hist), wrap(r.bin_edges));
  }, nb::arg(), nb::arg(), nb::arg(), nb::arg().none(), nb::arg(), nb::arg().none(), nb::arg());
  m.def("_histogramdd", [](nb::handle sample, nb::handle bins, nb::handle ranges, bool density, nb::handle weights) {
    std::vector<ndarray> s;
    for (nb::handle h : sample) s.push_back(arr(h));
    std::vector<HistogramBins> b;
    for (nb::handle h : bins) b.push_back(bins_of(h[0], h[1]));
    std::vector<HistogramRange> r;
    for (nb::handle h : ranges) r.push_back(range_of(h));
    HistogramddResult res = histogramdd(s, b, r, density, weights.is_none() ? ndarray() : arr(weights));
    nb::list edges;
    for (const ndarray& e : res.edges) edges.append(wrap(e));
    return nb::make_tuple(wrap(res.hist), edges);
  }, nb::arg(), nb::arg(), nb::arg(), nb::arg(), nb::arg().none());
  m.def("_setxor1d", [](nb::handle a, nb::handle b, bool u) { return wrap(setxor1d(arr(a), arr(b), u)); });
}

}  // namespace cupric::py
