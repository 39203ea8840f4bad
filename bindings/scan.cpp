// Scans and statistics helpers (cupric/ops/scan.hpp) as cupric module functions (cumsum and
// cumprod's converters also serve the ndarray method table, ndarray_methods.cpp), and the CUPRIC_ACCELERATORS switches (cupric/accelerators.hpp).
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>
#include "ndarray_methods.hpp"
#include "cupric/accelerators.hpp"
#include "cupric/ops/scan.hpp"
#include "cupric/ops/statistics.hpp"

namespace cupric::py {

namespace {

const ndarray& input(nb::handle a) {
  if (!is_array(a))
    throw TypeError("Unsupported type " + nb::cast<std::string>(nb::str(a.type())) +
                    " (cupric takes cupric.ndarray here; convert with cupric.asarray)");
  return unwrap(a).arr;
}

ndarray to_out(nb::handle out) {
  if (out.is_none()) return ndarray();
  if (!is_array(out)) throw TypeError("out must be a cupric.ndarray");
  return unwrap(out).arr;
}

nb::object result(ndarray r, nb::handle out) {
  if (!out.is_none()) return nb::borrow(out);
  return wrap(std::move(r));
}

using ScanFnT = ndarray (*)(const ndarray&, std::optional<int64_t>, OptDType, const ndarray&);

template <ScanFnT F>
nb::object scan_impl(nb::handle a, nb::handle axis, nb::handle dtype, nb::handle out) {
  OptDType d;
  if (!dtype.is_none()) d = resolve_dtype(dtype).dtype;
  return result(F(input(a), single_axis(axis), d, to_out(out)), out);
}

using NanArgFn = ndarray (*)(const ndarray&, std::optional<int64_t>, const ndarray&, bool);
template <NanArgFn F>
nb::object nanarg_impl(nb::handle a, nb::handle axis, nb::handle out, bool keepdims) {
  return result(F(input(a), single_axis(axis), to_out(out), keepdims), out);
}

}  // namespace

const ScanMethod cumsum_impl = &scan_impl<&cumsum>, cumprod_impl = &scan_impl<&cumprod>;

void init_scan(nb::module_& m) {
  auto axis = nb::arg("axis") = nb::none();
  auto dtype = nb::arg("dtype") = nb::none();
  auto out = nb::arg("out") = nb::none();
  m.def("cumsum", cumsum_impl, nb::arg("a"), axis, dtype, out,
        "Cumulative sum along an axis (None: of the flattened array).");
  m.def("cumprod", cumprod_impl, nb::arg("a"), axis, dtype, out,
        "Cumulative product along an axis (None: of the flattened array).");
  m.def("nancumsum", &scan_impl<&nancumsum>, nb::arg("a"), axis, dtype, out, "Cumulative sum treating NaNs as zero.");
  m.def("nancumprod", &scan_impl<&nancumprod>, nb::arg("a"), axis, dtype, out,
        "Cumulative product treating NaNs as one.");
  m.def("nanargmax", &nanarg_impl<&nanargmax>, nb::arg("a"), axis, out, nb::kw_only(), nb::arg("keepdims") = false,
        "Indices of the maxima ignoring NaNs (ValueError for an all-NaN slice).");
  m.def("nanargmin", &nanarg_impl<&nanargmin>, nb::arg("a"), axis, out, nb::kw_only(), nb::arg("keepdims") = false,
        "Indices of the minima ignoring NaNs (ValueError for an all-NaN slice).");
  m.def("_diff", [](nb::handle a, int64_t n, int64_t axis) { return wrap(diff(input(a), n, axis)); });
  m.def(
      "bincount",
      [](nb::handle x, nb::handle weights, nb::handle minlength) {
        ndarray w =
            weights.is_none() ? ndarray() : (is_array(weights) ? unwrap(weights).arr : as_device_array(weights));
        int64_t ml = 0;
        if (!minlength.is_none()) {
          if (!PyIndex_Check(minlength.ptr())) throw TypeError("'minlength' must be an integer");
          ml = PyNumber_AsSsize_t(minlength.ptr(), PyExc_OverflowError);
          if (ml == -1 && PyErr_Occurred()) throw nb::python_error();
        }
        return wrap(bincount(is_array(x) ? unwrap(x).arr : as_device_array(x), w, ml));
      },
      nb::arg("x"), nb::arg("weights") = nb::none(), nb::arg("minlength") = 0,
      "Counts (or weight sums) of each non-negative integer value; GPU atomics.");
  m.def("_correlate",
        [](nb::handle a, nb::handle v, const std::string& mode) { return wrap(correlate(input(a), input(v), mode)); });
  m.def("_convolve",
        [](nb::handle a, nb::handle v, const std::string& mode) { return wrap(convolve(input(a), input(v), mode)); });
  m.def("_array_equal",
        [](nb::handle a, nb::handle b, bool equal_nan) { return wrap(array_equal(input(a), input(b), equal_nan)); });
  m.def("_array_equiv", [](nb::handle a, nb::handle b) { return wrap(array_equiv(input(a), input(b))); });
  m.def("_get_routine_accelerators", &get_routine_accelerators);
  m.def("_get_reduction_accelerators", &get_reduction_accelerators);
  m.def("_set_routine_accelerators", &set_routine_accelerators);
  m.def("_set_reduction_accelerators", &set_reduction_accelerators);
}

}  // namespace cupric::py
