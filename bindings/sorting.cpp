// Sorting, searching and set routines (cupric/ops/sorting.hpp) as cupric._core functions, and
// the converters of ndarray.sort/argsort/partition/argpartition/searchsorted (ndarray_methods.cpp).
// They convert arguments in NumPy's order of checks; python/cupric/_sorting.py keeps the
// signatures and builds return tuples.
#include <algorithm>
#include <optional>
#include "ndarray_methods.hpp"
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
// NumPy's `order` names fields; a cupric array has none.
void check_order(nb::handle order) {
  if (!order.is_none()) throw ValueError("Cannot specify order when the array has no fields.");
}
std::optional<int64_t> index_axis(nb::handle axis) {
  if (axis.is_none()) return std::nullopt;
  return index_int(axis);
}
int ndim_of(nb::handle a) {
  if (is_array(a)) return unwrap(a).arr.ndim();
  return nb::cast<int>(numpy().attr("ndim")(a));
}

// kth as NumPy's partition_prep_kth_array reads it: at most one dimension (checked first), then
// no booleans and integers only (checked after the axis), cast wrapping to intp.
nb::object kth_array(nb::handle kth) {
  nb::object np = numpy();
  nb::object ks;
  if (is_array(kth)) {
    ks = array_get(kth, nb::none(), nb::str("C"), nb::none(), true);  // host sync: kth is a few integers
  } else if (nb::isinstance(kth, np.attr("ndarray"))) {
    ks = nb::borrow(kth);
  }
  if (ks.is_valid()) {
    if (nb::cast<int>(ks.attr("ndim")) > 1) throw ValueError("object too deep for desired array");
    return ks;
  }
  try {
    ks = np.attr("asarray")(kth);
  } catch (nb::python_error& e) {
    if (!e.matches(PyExc_ValueError)) throw;  // ragged nesting is a ValueError: reported as too deep
  }
  if (!ks.is_valid() || nb::cast<int>(ks.attr("ndim")) > 1)
    throw ValueError(
        "setting an array element with a sequence. The requested array would exceed the maximum "
        "number of dimension of 1.");
  return ks;
}
std::vector<int64_t> kth_values(nb::handle ks) {
  const std::string kind = nb::cast<std::string>(ks.attr("dtype").attr("kind"));
  if (kind == "b") throw ValueError("Booleans unacceptable as partition index");
  if (kind != "i" && kind != "u") throw TypeError("Partition index must be integer");
  return nb::cast<std::vector<int64_t>>(ks.attr("astype")(numpy().attr("intp")).attr("ravel")().attr("tolist")());
}

// numpy.partition/argpartition's checks in NumPy's order: kind, order, the axis' type, kth's
// depth, the axis' bounds, kth's type; each kth's bounds are checked by the C++ routine (an empty
// array skips them). partition reads a float axis with its own message; argpartition (like a
// 0-d array's) sees a 0-d array as 1-d.
nb::object partition_args(nb::handle a, nb::handle kth, nb::handle axis_obj, nb::handle kind, nb::handle order,
                          bool arg) {
  if (!nb::isinstance<nb::str>(kind) || nb::cast<std::string>(kind) != "introselect")
    throw ValueError("select kind must be 'introselect' (got '" + nb::cast<std::string>(nb::str(kind)) + "')");
  check_order(order);
  if (!arg && PyFloat_Check(axis_obj.ptr())) throw TypeError("integer argument expected, got float");
  std::optional<int64_t> axis = index_axis(axis_obj);
  nb::object ks = kth_array(kth);
  if (axis) {
    int ndim = ndim_of(a);
    if (arg) ndim = std::max(ndim, 1);
    if (*axis < -ndim || *axis >= ndim) throw AxisError(*axis, ndim);
  }
  std::vector<int64_t> k = kth_values(ks);
  return wrap(arg ? argpartition(arr(a), k, axis) : partition(arr(a), k, axis));
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

void sort_method(nb::handle self, nb::handle axis, nb::handle kind, nb::handle order, nb::handle stable) {
  check_order(order);
  sort_inplace(unwrap(self).arr, index_int(axis), opt_kind(kind), opt_bool(stable));
}

nb::object argsort_impl(nb::handle a, nb::handle axis, nb::handle kind, nb::handle order, nb::handle stable) {
  check_order(order);
  return wrap(argsort(arr(a), index_axis(axis), opt_kind(kind), opt_bool(stable)));
}

// ndarray.partition: in place (a full sort); axis=None is the TypeError of reading None as an int.
void partition_method(nb::handle self, nb::handle kth, nb::handle axis, nb::handle kind, nb::handle order) {
  if (axis.is_none()) throw TypeError("'NoneType' object cannot be interpreted as an integer");
  nb::object r = partition_args(self, kth, axis, kind, order, false);
  copyto(unwrap(self).arr, unwrap(r).arr, Casting::Unsafe);
}

nb::object argpartition_impl(nb::handle a, nb::handle kth, nb::handle axis, nb::handle kind, nb::handle order) {
  return partition_args(a, kth, axis, kind, order, true);
}

nb::object searchsorted_impl(nb::handle a, nb::handle v, nb::handle side, nb::handle sorter) {
  return wrap(searchsorted(arr(a), arr(v), parse_side(nb::cast<std::string>(side)),
                           sorter.is_none() ? ndarray() : arr(sorter)));
}

void init_sorting(nb::module_& m) {
  m.def(
      "_sort",
      [](nb::handle a, nb::handle axis, nb::handle kind, nb::handle order, nb::handle stable, bool descending) {
        check_order(order);
        return wrap(sort(arr(a), index_axis(axis), opt_kind(kind), opt_bool(stable), descending));
      },
      nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg().none(), nb::arg().none(), nb::arg() = false);
  m.def(
      "_argsort",
      [](nb::handle a, nb::handle axis, nb::handle kind, nb::handle order, nb::handle stable, bool descending) {
        check_order(order);
        return wrap(argsort(arr(a), index_axis(axis), opt_kind(kind), opt_bool(stable), descending));
      },
      nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg().none(), nb::arg().none(), nb::arg() = false);
  // keys: a sequence of arrays, or an array whose rows are the keys (a 0-d array is no sequence).
  m.def("_lexsort", [](nb::handle keys, nb::handle axis) {
    std::vector<ndarray> k;
    if (is_array(keys)) {
      const ndarray& a = unwrap(keys).arr;
      if (a.ndim() == 0) throw TypeError("need sequence of keys with len > 0 in lexsort");
      for (int64_t i = 0; i < a.shape()[0]; ++i) k.push_back(basic_index(a, {Index::integer(i)}));
    } else {
      for (nb::handle h : keys) k.push_back(arr(h));
    }
    return wrap(lexsort(k, index_int(axis)));
  });
  m.def("_partition", &partition_args, nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg().none(),
        nb::arg().none(), nb::arg());
  m.def("_sort_complex", [](nb::handle a) { return wrap(sort_complex(arr(a))); });
  m.def("_searchsorted", &searchsorted_impl, nb::arg(), nb::arg(), nb::arg(), nb::arg().none());
  m.def("_digitize",
        [](nb::handle x, nb::handle bins, bool right) { return wrap(digitize(arr(x), arr(bins), right)); });
  m.def(
      "_unique",
      [](nb::handle ar, bool ri, bool rv, bool rc, nb::handle axis, bool equal_nan) {
        UniqueResult r = unique(arr(ar), ri, rv, rc, opt_axis(axis), equal_nan);
        return nb::make_tuple(wrap(r.values), opt_wrap(r.indices), opt_wrap(r.inverse), opt_wrap(r.counts));
      },
      nb::arg(), nb::arg(), nb::arg(), nb::arg(), nb::arg().none(), nb::arg());
  m.def(
      "_isin",
      [](nb::handle e, nb::handle t, bool assume_unique, bool invert, nb::handle kind) {
        std::string k = kind.is_none() ? "" : nb::cast<std::string>(nb::str(kind));
        if (!kind.is_none() && (!nb::isinstance<nb::str>(kind) || (k != "sort" && k != "table")))
          throw ValueError("Invalid kind: '" + k + "'. Please use None, 'sort' or 'table'.");
        ndarray element = arr(e), test = arr(t);
        auto integral = [](const ndarray& x) { return x.dtype().is_bool() || x.dtype().is_integer(); };
        if (k == "table" && !(integral(element) && integral(test)))
          throw ValueError(
              "The 'table' method is only supported for boolean or integer arrays. Please select 'sort' or "
              "None for kind.");
        return wrap(isin(element, test, assume_unique, invert));
      },
      nb::arg().none(), nb::arg().none(), nb::arg(), nb::arg(), nb::arg().none());
  m.def("_intersect1d", [](nb::handle a, nb::handle b, bool assume_unique, bool indices) -> nb::object {
    if (!indices) return wrap(intersect1d(arr(a), arr(b), assume_unique));
    IntersectResult r = intersect1d_indices(arr(a), arr(b), assume_unique);
    return nb::make_tuple(wrap(r.values), wrap(r.indices1), wrap(r.indices2));
  });
  m.def("_union1d", [](nb::handle a, nb::handle b) { return wrap(union1d(arr(a), arr(b))); });
  m.def("_setdiff1d", [](nb::handle a, nb::handle b, bool u) { return wrap(setdiff1d(arr(a), arr(b), u)); });
  m.def(
      "_quantile",
      [](nb::handle a, nb::handle q, nb::handle axis, nb::handle out, nb::handle method, bool keepdims, bool nan,
         bool percentiles, nb::handle weights) {
        bool all_nan = false;
        const QuantileMethod meth = parse_quantile_method(nb::cast<std::string>(method));
        const ndarray w = weights.is_none() ? ndarray() : arr(weights);
        const bool weak_q = PyFloat_CheckExact(q.ptr()) || PyLong_CheckExact(q.ptr());  // NEP 50
        ndarray r = detail::quantile_flag(arr(a), arr(q), axis_seq_arg(axis), opt_out(out), meth, keepdims, nan,
                                          percentiles, weak_q, &all_nan, w);
        return nb::make_tuple(result_or_out(r, out), all_nan);
      },
      nb::arg(), nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg(), nb::arg(), nb::arg(), nb::arg(),
      nb::arg().none() = nb::none());
  m.def(
      "_median",
      [](nb::handle a, nb::handle axis, nb::handle out, bool keepdims, bool nan) {
        bool all_nan = false;
        ndarray r = nan ? detail::nanmedian_flag(arr(a), axis_seq_arg(axis), opt_out(out), keepdims, &all_nan)
                        : median(arr(a), axis_seq_arg(axis), opt_out(out), false, keepdims);
        return nb::make_tuple(result_or_out(r, out), all_nan);
      },
      nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg(), nb::arg());
  m.def(
      "_histogram",
      [](nb::handle a, nb::handle kind, nb::handle value, nb::handle range, bool density, nb::handle weights,
         bool edges_only) -> nb::object {
        ndarray w = weights.is_none() ? ndarray() : arr(weights);
        if (edges_only) return wrap(histogram_bin_edges(arr(a), bins_of(kind, value), range_of(range), w));
        HistogramResult r = histogram(arr(a), bins_of(kind, value), range_of(range), density, w);
        return nb::make_tuple(wrap(r.hist), wrap(r.bin_edges));
      },
      nb::arg(), nb::arg(), nb::arg(), nb::arg().none(), nb::arg(), nb::arg().none(), nb::arg());
  m.def(
      "_histogramdd",
      [](nb::handle sample, nb::handle bins, nb::handle ranges, bool density, nb::handle weights) {
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
      },
      nb::arg(), nb::arg(), nb::arg(), nb::arg(), nb::arg().none());
  m.def("_setxor1d", [](nb::handle a, nb::handle b, bool u) { return wrap(setxor1d(arr(a), arr(b), u)); });
}

}  // namespace cupric::py
