// Reductions and statistics (cupric/ops/reduction.hpp) as cupric module functions, and their
// converters for the ndarray method table (ndarray_methods.cpp). Argument conversion only: axis/dtype/out/initial/where as NumPy accepts them.
#include <optional>
#include <utility>
#include <nanobind/stl/pair.h>
#include "ndarray_methods.hpp"

namespace cupric::py {

int64_t index_int(nb::handle h) {
  if (!PyIndex_Check(h.ptr()))
    throw TypeError("'" + nb::cast<std::string>(nb::str(h.type().attr("__name__"))) +
                    "' object cannot be interpreted as an integer");
  Py_ssize_t v = PyNumber_AsSsize_t(h.ptr(), PyExc_OverflowError);
  if (v == -1 && PyErr_Occurred()) throw nb::python_error();
  return v;
}

AxisArg axis_arg(nb::handle h) {
  if (h.is_none()) return AxisArg();
  if (PyTuple_Check(h.ptr())) {
    std::vector<int64_t> v;
    for (nb::handle it : nb::borrow<nb::tuple>(h)) v.push_back(index_int(it));
    return AxisArg(std::move(v));
  }
  return AxisArg(index_int(h));
}

std::optional<int64_t> single_axis(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  return index_int(h);
}

// `initial` checked against the result dtype with NumPy 2's scalar rules (OverflowError for
// out-of-range Python ints).
OptScalar to_initial(nb::handle v, DType result) {
  if (v.is_none()) return std::nullopt;
  if (is_array(v)) {
    const ndarray& a = unwrap(v).arr;
    if (a.size() != 1) throw ValueError("initial must be a scalar");
    Scalar s;
    s.dtype = a.dtype();
    to_host(a, s.bytes, Order::C, true);  // host sync: the value becomes a kernel argument
    return s;
  }
  return scalar_for(v, result);
}

namespace {

const ndarray& input(nb::handle a) {
  if (!is_array(a))
    throw TypeError("Unsupported type " + nb::cast<std::string>(nb::str(a.type())) +
                    " (cupric reductions take cupric.ndarray; convert with cupric.asarray)");
  return unwrap(a).arr;
}

ndarray to_out(nb::handle out) {
  if (out.is_none()) return ndarray();
  if (!is_array(out)) throw TypeError("out must be a cupric.ndarray");
  return unwrap(out).arr;
}

OptDType to_dtype(nb::handle d) {
  if (d.is_none()) return std::nullopt;
  return resolve_dtype(d).dtype;
}

// where=True: no mask; False: a 0-d false mask; arrays must be bool (checked by the engine).
ndarray to_where(nb::handle w) {
  if (w.is_none() || (PyBool_Check(w.ptr()) && w.ptr() == Py_True)) return ndarray();
  if (is_array(w)) return unwrap(w).arr;
  return as_device_array(w);
}

DType sum_result(const ndarray& a, OptDType dtype) {
  if (dtype) return *dtype;
  DType t = a.dtype();
  if (t.is_bool() || t.is_signed_int()) return dtypes::int64;
  if (t.is_unsigned_int()) return dtypes::uint64;
  return t;
}

// The value returned: `out` itself when given (NumPy returns the same object).
nb::object result(ndarray r, nb::handle out) {
  if (!out.is_none()) return nb::borrow(out);
  return wrap(std::move(r));
}

double to_ddof(nb::handle ddof, nb::handle correction) {
  bool has_ddof = !ddof.is_none(), has_corr = !correction.is_none();
  if (has_ddof && has_corr) throw ValueError("ddof and correction can't be provided simultaneously.");
  nb::handle v = has_corr ? correction : ddof;
  if (v.is_none()) return 0.0;
  double d = PyFloat_AsDouble(v.ptr());
  if (d == -1.0 && PyErr_Occurred()) throw nb::python_error();
  return d;
}

using SumFn = ndarray (*)(const ndarray&, const AxisArg&, OptDType, const ndarray&, bool, OptScalar, const ndarray&);
using ExtFn = ndarray (*)(const ndarray&, const AxisArg&, const ndarray&, bool, OptScalar, const ndarray&);
using ArgFn = ndarray (*)(const ndarray&, std::optional<int64_t>, const ndarray&, bool);
using LogicFn = ndarray (*)(const ndarray&, const AxisArg&, const ndarray&, bool, const ndarray&);
using MeanFn = ndarray (*)(const ndarray&, const AxisArg&, OptDType, const ndarray&, bool, const ndarray&);
using VarFn = ndarray (*)(const ndarray&, const AxisArg&, OptDType, const ndarray&, double, bool, const ndarray&,
                          const ndarray&);

template <SumFn F>
nb::object sum_args(nb::handle a, nb::handle axis, nb::handle dtype, nb::handle out, bool keepdims, nb::handle initial,
                    nb::handle where) {
  const ndarray& x = input(a);
  OptDType d = to_dtype(dtype);
  return result(F(x, axis_arg(axis), d, to_out(out), keepdims, to_initial(initial, sum_result(x, d)), to_where(where)),
                out);
}
template <ExtFn F>
nb::object ext_args(nb::handle a, nb::handle axis, nb::handle out, bool keepdims, nb::handle initial,
                    nb::handle where) {
  const ndarray& x = input(a);
  return result(F(x, axis_arg(axis), to_out(out), keepdims, to_initial(initial, x.dtype()), to_where(where)), out);
}
template <ArgFn F>
nb::object arg_args(nb::handle a, nb::handle axis, nb::handle out, bool keepdims) {
  return result(F(input(a), single_axis(axis), to_out(out), keepdims), out);
}
template <LogicFn F>
nb::object logic_args(nb::handle a, nb::handle axis, nb::handle out, bool keepdims, nb::handle where) {
  return result(F(input(a), axis_arg(axis), to_out(out), keepdims, to_where(where)), out);
}
template <MeanFn F>
nb::object mean_args(nb::handle a, nb::handle axis, nb::handle dtype, nb::handle out, bool keepdims, nb::handle where) {
  return result(F(input(a), axis_arg(axis), to_dtype(dtype), to_out(out), keepdims, to_where(where)), out);
}
template <VarFn F>
nb::object var_args(nb::handle a, nb::handle axis, nb::handle dtype, nb::handle out, nb::handle ddof, bool keepdims,
                    nb::handle where, nb::handle mean, nb::handle correction) {
  return result(F(input(a), axis_arg(axis), to_dtype(dtype), to_out(out), to_ddof(ddof, correction), keepdims,
                  to_where(where), mean.is_none() ? ndarray() : as_device_array(mean)),
                out);
}
// Registers `name` as a module function (first argument `a`).
template <class Fn, class... Extra>
void def_fn(nb::module_& m, const char* name, Fn fn, const char* doc, const Extra&... extra) {
  m.def(name, fn, nb::arg("a"), extra..., doc);
}

// isclose/allclose operands: arrays as they are; Python scalars take the other operand's dtype
// when it is inexact (NumPy treats them as weak), else their own.
std::pair<ndarray, ndarray> close_operands(nb::handle a, nb::handle b) {
  auto conv = [](nb::handle v, nb::handle other) -> ndarray {
    if (is_array(v)) return unwrap(v).arr;
    if (is_python_scalar(v) && is_array(other)) {
      DType t = unwrap(other).arr.dtype();
      if (t.is_floating() || t.is_complex()) {
        if (!PyComplex_Check(v.ptr()) || t.is_complex()) return as_device_array(v, dtype_object(t));
      }
    }
    return as_device_array(v);
  };
  return {conv(a, b), conv(b, a)};
}

// isclose and allclose: the same operands (close_operands) and NumPy's default tolerances.
template <ndarray (*F)(const ndarray&, const ndarray&, double, double, bool)>
void def_close(nb::module_& m, const char* name, const char* doc) {
  m.def(
      name,
      [](nb::handle a, nb::handle b, double rtol, double atol, bool equal_nan) {
        auto [x, y] = close_operands(a, b);
        return wrap(F(x, y, rtol, atol, equal_nan));
      },
      nb::arg("a"), nb::arg("b"), nb::arg("rtol") = 1e-05, nb::arg("atol") = 1e-08, nb::arg("equal_nan") = false, doc);
}

}  // namespace

// The converters the ndarray method table shares (ndarray_methods.hpp).
const SumMethod sum_impl = &sum_args<&sum>, prod_impl = &sum_args<&prod>;
const ExtremumMethod max_impl = &ext_args<&amax>, min_impl = &ext_args<&amin>;
const ArgExtremumMethod argmax_impl = &arg_args<&argmax>, argmin_impl = &arg_args<&argmin>;
const LogicMethod any_impl = &logic_args<&any>, all_impl = &logic_args<&all>;
const MeanMethod mean_impl = &mean_args<&mean>;
const VarMethod var_impl = &var_args<&var>, std_impl = &var_args<&std>;

nb::object ptp_impl(nb::handle a, nb::handle axis, nb::handle out, bool keepdims) {
  return result(ptp(input(a), axis_arg(axis), to_out(out), keepdims), out);
}

void init_reduction(nb::module_& m) {
  auto axis = nb::arg("axis") = nb::none();
  auto dtype = nb::arg("dtype") = nb::none();
  auto out = nb::arg("out") = nb::none();
  auto keepdims = nb::arg("keepdims") = false;
  auto initial = nb::arg("initial") = nb::none();
  auto where = nb::arg("where") = nb::none();
  auto ddof = nb::arg("ddof") = nb::none();
  auto mean_arg = nb::arg("mean") = nb::none();
  auto correction = nb::arg("correction") = nb::none();

  def_fn(m, "sum", sum_impl, "Sum of array elements over the given axes.", axis, dtype, out, keepdims, initial, where);
  def_fn(m, "prod", prod_impl, "Product of array elements over the given axes.", axis, dtype, out, keepdims, initial,
         where);
  def_fn(m, "nansum", &sum_args<&nansum>, "Sum treating NaNs as zero.", axis, dtype, out, keepdims, initial, where);
  def_fn(m, "nanprod", &sum_args<&nanprod>, "Product treating NaNs as one.", axis, dtype, out, keepdims, initial,
         where);
  // V8-MINMAX: ndarray.max/min take no dtype.
  def_fn(m, "max", max_impl, "Maximum along the given axes (NaN propagates).", axis, out, keepdims, initial, where);
  def_fn(m, "min", min_impl, "Minimum along the given axes (NaN propagates).", axis, out, keepdims, initial, where);
  def_fn(m, "amax", max_impl, "Maximum along the given axes (NaN propagates).", axis, out, keepdims, initial, where);
  def_fn(m, "amin", min_impl, "Minimum along the given axes (NaN propagates).", axis, out, keepdims, initial, where);
  def_fn(m, "nanmax", &ext_args<&nanmax>, "Maximum ignoring NaNs.", axis, out, keepdims, initial, where);
  def_fn(m, "nanmin", &ext_args<&nanmin>, "Minimum ignoring NaNs.", axis, out, keepdims, initial, where);
  def_fn(m, "ptp", &ptp_impl, "Range of values (maximum - minimum).", axis, out, keepdims);
  def_fn(m, "argmax", argmax_impl, "Indices of the maximum values (first one wins).", axis, out, nb::kw_only(),
         keepdims);
  def_fn(m, "argmin", argmin_impl, "Indices of the minimum values (first one wins).", axis, out, nb::kw_only(),
         keepdims);
  def_fn(m, "any", any_impl, "Whether any element is true.", axis, out, keepdims, nb::kw_only(), where);
  def_fn(m, "all", all_impl, "Whether all elements are true.", axis, out, keepdims, nb::kw_only(), where);
  def_fn(m, "mean", mean_impl, "Arithmetic mean along the given axes.", axis, dtype, out, keepdims, nb::kw_only(),
         where);
  def_fn(m, "nanmean", &mean_args<&nanmean>, "Mean ignoring NaNs.", axis, dtype, out, keepdims, nb::kw_only(), where);
  def_fn(m, "var", var_impl, "Variance along the given axes.", axis, dtype, out, ddof, keepdims, nb::kw_only(), where,
         mean_arg, correction);
  def_fn(m, "std", std_impl, "Standard deviation along the given axes.", axis, dtype, out, ddof, keepdims,
         nb::kw_only(), where, mean_arg, correction);
  def_fn(m, "nanvar", &var_args<&nanvar>, "Variance ignoring NaNs.", axis, dtype, out, ddof, keepdims, nb::kw_only(),
         where, mean_arg, correction);
  def_fn(m, "nanstd", &var_args<&nanstd>, "Standard deviation ignoring NaNs.", axis, dtype, out, ddof, keepdims,
         nb::kw_only(), where, mean_arg, correction);
  m.def(
      "count_nonzero",
      [](nb::handle a, nb::handle axis, bool keepdims) {
        return wrap(count_nonzero(input(a), axis_arg(axis), keepdims));
      },
      nb::arg("a"), nb::arg("axis") = nb::none(), nb::kw_only(), nb::arg("keepdims") = false,
      "Counts the non-zero values; a 0-d array for axis=None (V2-COUNT-NONZERO).");
  def_close<&isclose>(m, "isclose", "Elementwise |a - b| <= atol + rtol * |b| (NaNs equal with equal_nan).");
  def_close<&allclose>(m, "allclose",
                       "Whether all elements are close: a 0-d bool array on the device, no sync (V8-ALLCLOSE).");
}

}  // namespace cupric::py
