// Creation routines beyond empty/zeros/ones/full: numerical ranges (arange, linspace, logspace,
// meshgrid), building matrices (eye, identity, diag, diagflat, tri, tril, triu) and the *_like
// family. Argument conversion only (cupric/ops/creation.hpp has the semantics).
#include <cmath>
#include <optional>
#include "common.hpp"
#include "device_arg.hpp"

namespace cupric::py {

namespace {

// A Python number as the C++ ranges take it: bool, int (uint64 above int64), float, complex, or
// a NumPy scalar with its own dtype.
Scalar number_arg(nb::handle v, const char* routine) {
  PyObject* p = v.ptr();
  if (is_array(v)) {
    const ndarray& a = unwrap(v).arr;
    if (a.ndim() != 0) throw TypeError(std::string(routine) + "() arguments must be scalars, not arrays");
    return number_arg(item_of(a), routine);  // host sync: the value decides the length
  }
  if (nb::isinstance(v, numpy().attr("generic"))) {
    if (resolve_dtype(v.attr("dtype")).dtype.is_void()) throw TypeError(std::string(routine) + "() needs numbers");
    return scalar_for(v, dtypes::complex128);  // a NumPy scalar keeps its own dtype
  }
  if (PyBool_Check(p)) return Scalar::of<bool>(p == Py_True);
  if (PyLong_Check(p)) {
    int overflow = 0;
    long long x = PyLong_AsLongLongAndOverflow(p, &overflow);
    if (overflow == 0 && x == -1 && PyErr_Occurred()) throw nb::python_error();
    if (overflow == 0) return Scalar::of<int64_t>(x);
    if (overflow > 0) {
      unsigned long long u = PyLong_AsUnsignedLongLong(p);
      if (!PyErr_Occurred()) return Scalar::of<uint64_t>(u);
      PyErr_Clear();
    }
    // NumPy would make an object array; cupric has none.
    throw OverflowError("Python int too large to convert to C long");
  }
  if (PyFloat_Check(p)) return Scalar::of<double>(PyFloat_AsDouble(p));
  if (PyComplex_Check(p))
    return Scalar::of<complex128>(complex128(PyComplex_RealAsDouble(p), PyComplex_ImagAsDouble(p)));
  if (PyIndex_Check(p)) return number_arg(nb::steal(PyNumber_Index(p)), routine);
  throw TypeError(std::string("unsupported operand type for ") + routine + "(): '" +
                  nb::cast<std::string>(nb::str(v.type().attr("__name__"))) + "'");
}

std::optional<DType> optional_dtype(nb::handle dtype) {
  if (dtype.is_none()) return std::nullopt;
  return resolve_dtype(dtype).dtype;
}

// An array-like argument on the device, with the numpy dtype of a void/structured result.
ndarray array_arg(nb::handle obj, nb::object* descr) {
  if (is_array(obj)) {
    *descr = unwrap(obj).descr;
    return unwrap(obj).arr;
  }
  return as_device_array(obj, nb::none(), descr);
}

// linspace/logspace build a 1-D result; NumPy then moves axis 0 to `axis`, which for 1-D must be 0 or -1.
void check_axis(int64_t axis) {
  if (axis != 0 && axis != -1)
    throw AxisError("destination: axis " + std::to_string(axis) + " is out of bounds for array of dimension 1");
}

bool is_scalar_like(nb::handle v) {
  return is_python_scalar(v) || is_numpy_scalar(v) || (is_array(v) && unwrap(v).arr.ndim() == 0);
}

// A scalar-like value (is_scalar_like) of a complex type.
bool is_complex_scalar(nb::handle v) {
  Operand o;
  if (!to_operand(v, o)) return false;
  return o.is_array() ? o.array().dtype().is_complex() : o.scalar().dtype.is_complex();
}

nb::object arange_impl(nb::handle start, nb::handle stop, nb::handle step, nb::handle dtype) {
  std::optional<DType> dt = optional_dtype(dtype);
  if (stop.is_none()) return wrap(arange(number_arg(start, "arange"), dt));
  Scalar st = step.is_none() ? Scalar::of<int64_t>(1) : number_arg(step, "arange");
  return wrap(arange(number_arg(start, "arange"), number_arg(stop, "arange"), st, dt));
}

nb::object linspace_impl(nb::handle start, nb::handle stop, int64_t num, bool endpoint, bool retstep, nb::handle dtype,
                         int64_t axis) {
  if (!is_scalar_like(start) || !is_scalar_like(stop)) {  // array bounds: ops/linspace_arrays.cpp
    ndarray step;
    nb::object y =
        wrap(linspace(operand_of(start), operand_of(stop), num, endpoint, optional_dtype(dtype), axis, &step));
    return retstep ? nb::object(nb::make_tuple(y, wrap(std::move(step)))) : y;
  }
  Scalar step;
  nb::object y = wrap(linspace(number_arg(start, "linspace"), number_arg(stop, "linspace"), num, endpoint,
                               optional_dtype(dtype), &step));
  check_axis(axis);
  if (!retstep) return y;
  nb::object step_obj;
  if (step.dtype.is_complex())
    step_obj = numpy().attr("complex128")(
        nb::steal(PyComplex_FromDoubles(step.as<complex128>().re, step.as<complex128>().im)));
  else if (std::isnan(step.as<double>()))
    step_obj = nb::float_(step.as<double>());  // NumPy: a Python nan
  else
    step_obj = numpy().attr("float64")(step.as<double>());
  return nb::make_tuple(y, step_obj);
}

nb::object logspace_impl(nb::handle start, nb::handle stop, int64_t num, bool endpoint, nb::handle base,
                         nb::handle dtype, int64_t axis) {
  if (!is_scalar_like(start) || !is_scalar_like(stop) || !is_scalar_like(base) || is_complex_scalar(start) ||
      is_complex_scalar(stop) || is_complex_scalar(base))  // array or complex operands: ops/linspace_arrays.cpp
    return wrap(
        logspace(operand_of(start), operand_of(stop), num, endpoint, operand_of(base), optional_dtype(dtype), axis));
  Scalar b = number_arg(base, "logspace");
  nb::object y = wrap(logspace(number_arg(start, "logspace"), number_arg(stop, "logspace"), num, endpoint,
                               b.as<double>(), optional_dtype(dtype)));
  check_axis(axis);
  return y;
}

nb::object meshgrid_impl(nb::args xi, bool copy_flag, bool sparse, const std::string& indexing) {
  std::vector<ndarray> in;
  std::vector<nb::object> objs, descrs;
  for (nb::handle x : xi) {
    nb::object descr;
    in.push_back(array_arg(x, &descr));
    descrs.push_back(descr);
    objs.push_back(is_array(x) ? nb::borrow(x) : nb::object());
  }
  std::vector<ndarray> out = meshgrid(in, indexing, sparse, copy_flag);
  nb::list result;
  for (size_t i = 0; i < out.size(); ++i) {
    const PyArray* src = objs[i].is_valid() ? &unwrap(objs[i]) : nullptr;
    result.append(wrap(std::move(out[i]), descrs[i], src, src ? nb::handle(objs[i]) : nb::handle()));
  }
  return nb::tuple(result);
}

// Order for eye: None means C; A and K are refused by eye itself.
Order eye_order(nb::handle order) { return order.is_none() ? Order::C : to_order(order); }

std::optional<int64_t> optional_int(nb::handle v) {
  if (v.is_none()) return std::nullopt;
  return to_dims(v)[0];
}

nb::object with_descr(ndarray a, const nb::object& descr) {
  bool void_ = a.dtype().is_void();
  return wrap(std::move(a), void_ ? nb::handle(descr) : nb::handle());
}

// The dtype a *_like result gets: `dtype` if given, else a's (with its numpy descr for void).
ResolvedDType like_dtype(const ndarray& a, const nb::object& a_descr, nb::handle dtype) {
  if (!dtype.is_none()) return resolve_dtype(dtype);
  return {a.dtype(), a_descr};
}

std::optional<Dims> optional_shape(nb::handle shape) {
  if (shape.is_none()) return std::nullopt;
  return to_dims(shape);
}

nb::object empty_like_impl(nb::handle a_obj, nb::handle dtype, nb::handle order, nb::handle subok, nb::handle shape) {
  nb::object a_descr;
  ndarray a = array_arg(a_obj, &a_descr);
  ResolvedDType rd = like_dtype(a, a_descr, dtype);
  std::optional<Dims> s = optional_shape(shape);
  return with_descr(empty_like(a, rd.dtype, to_order(order), s.value_or(a.shape())), rd.descr);
}

nb::object zeros_like_impl(nb::handle a_obj, nb::handle dtype, nb::handle order, nb::handle subok, nb::handle shape) {
  nb::object a_descr;
  ndarray a = array_arg(a_obj, &a_descr);
  ResolvedDType rd = like_dtype(a, a_descr, dtype);
  return with_descr(zeros_like(a, rd.dtype, to_order(order), optional_shape(shape)), rd.descr);
}

nb::object ones_like_impl(nb::handle a_obj, nb::handle dtype, nb::handle order, nb::handle subok, nb::handle shape) {
  nb::object a_descr;
  ndarray a = array_arg(a_obj, &a_descr);
  ResolvedDType rd = like_dtype(a, a_descr, dtype);
  return wrap(ones_like(a, rd.dtype, to_order(order), optional_shape(shape)));
}

// subok is accepted and ignored: cupric has no ndarray subclasses.
//
// NumPy's full_like is copyto(empty_like(...), fill_value, casting='unsafe'): a Python int must
// fit the dtype (NEP 50), a float or complex is cast (complex -> real warns), arrays broadcast.
nb::object full_like_impl(nb::handle a_obj, nb::handle fill_value, nb::handle dtype, nb::handle order, nb::handle subok,
                          nb::handle shape) {
  nb::object a_descr;
  ndarray a = array_arg(a_obj, &a_descr);
  ResolvedDType rd = like_dtype(a, a_descr, dtype);
  std::optional<Dims> s = optional_shape(shape);
  PyObject* p = fill_value.ptr();
  if (rd.dtype.is_void() || !(is_python_scalar(fill_value) || nb::isinstance(fill_value, numpy().attr("generic")))) {
    ndarray out = empty_like(a, rd.dtype, to_order(order), s.value_or(a.shape()));
    nb::handle descr = rd.dtype.is_void() ? nb::handle(rd.descr) : nb::handle();
    assign_to(out, descr, fill_value);
    return wrap(std::move(out), descr);
  }
  Scalar v;
  if (PyLong_Check(p) && !PyBool_Check(p))
    v = scalar_for(fill_value, rd.dtype);
  else
    v = number_arg(fill_value, "full_like");
  return wrap(full_like(a, v, rd.dtype, to_order(order), s));
}

}  // namespace

void init_creation_routines(nb::module_& m) {
  m.def("arange", on_device(&arange_impl), nb::arg("start"), nb::arg("stop").none() = nb::none(),
        nb::arg("step").none() = nb::none(), nb::arg("dtype").none() = nb::none(), nb::kw_only(),
        nb::arg("device").none() = nb::none(), "Returns evenly spaced values within a given interval (numpy.arange).");
  m.def("linspace", on_device(&linspace_impl), nb::arg("start"), nb::arg("stop"), nb::arg("num") = 50,
        nb::arg("endpoint") = true, nb::arg("retstep") = false, nb::arg("dtype").none() = nb::none(),
        nb::arg("axis") = 0, nb::kw_only(), nb::arg("device").none() = nb::none(),
        "Returns num evenly spaced samples over [start, stop] (numpy.linspace).");
  m.def("logspace", &logspace_impl, nb::arg("start"), nb::arg("stop"), nb::arg("num") = 50, nb::arg("endpoint") = true,
        nb::arg("base") = 10.0, nb::arg("dtype").none() = nb::none(), nb::arg("axis") = 0,
        "Returns numbers spaced evenly on a log scale (numpy.logspace).");
  m.def("meshgrid", &meshgrid_impl, nb::arg("xi"), nb::kw_only(), nb::arg("copy") = true, nb::arg("sparse") = false,
        nb::arg("indexing") = "xy", "Returns coordinate matrices from coordinate vectors (numpy.meshgrid).");
  m.def("eye", on_device(+[](int64_t N, nb::handle M, int64_t k, nb::handle dtype, nb::handle order) {
          ResolvedDType rd = resolve_dtype(dtype);
          return wrap(eye(N, optional_int(M), k, rd.dtype, eye_order(order)));
        }),
        nb::arg("N"), nb::arg("M").none() = nb::none(), nb::arg("k") = 0, nb::arg("dtype").none() = nb::none(),
        nb::arg("order").none() = "C", nb::kw_only(), nb::arg("device").none() = nb::none(),
        "Returns a 2-D array with ones on the k-th diagonal (numpy.eye).");
  m.def(
      "identity", [](int64_t n, nb::handle dtype) { return wrap(identity(n, resolve_dtype(dtype).dtype)); },
      nb::arg("n"), nb::arg("dtype").none() = nb::none(), "Returns the n x n identity array (numpy.identity).");
  m.def(
      "tri",
      [](int64_t N, nb::handle M, int64_t k, nb::handle dtype) {
        return wrap(tri(N, optional_int(M), k, resolve_dtype(dtype).dtype));
      },
      nb::arg("N"), nb::arg("M").none() = nb::none(), nb::arg("k") = 0, nb::arg("dtype").none() = nb::none(),
      "An array with ones at and below the k-th diagonal (numpy.tri).");
  m.def(
      "tril",
      [](nb::handle m_obj, int64_t k) {
        nb::object descr;
        return with_descr(tril(array_arg(m_obj, &descr), k), descr);
      },
      nb::arg("m"), nb::arg("k") = 0, "Lower triangle of an array (numpy.tril).");
  m.def(
      "triu",
      [](nb::handle m_obj, int64_t k) {
        nb::object descr;
        return with_descr(triu(array_arg(m_obj, &descr), k), descr);
      },
      nb::arg("m"), nb::arg("k") = 0, "Upper triangle of an array (numpy.triu).");
  m.def(
      "diag",
      [](nb::handle v, int64_t k) {
        nb::object descr;
        return with_descr(diag(array_arg(v, &descr), k), descr);
      },
      nb::arg("v"), nb::arg("k") = 0, "Extracts a diagonal or constructs a diagonal array (numpy.diag).");
  m.def(
      "diagflat",
      [](nb::handle v, int64_t k) {
        nb::object descr;
        return with_descr(diagflat(array_arg(v, &descr), k), descr);
      },
      nb::arg("v"), nb::arg("k") = 0, "A 2-D array with the flattened input as a diagonal (numpy.diagflat).");
  m.def("empty_like", on_device(&empty_like_impl), nb::arg("a"), nb::arg("dtype").none() = nb::none(),
        nb::arg("order").none() = "K", nb::arg("subok").none() = nb::none(), nb::arg("shape").none() = nb::none(),
        nb::kw_only(), nb::arg("device").none() = nb::none(),
        "A new uninitialised array with the shape and type of a (numpy.empty_like).");
  m.def("zeros_like", on_device(&zeros_like_impl), nb::arg("a"), nb::arg("dtype").none() = nb::none(),
        nb::arg("order").none() = "K", nb::arg("subok").none() = nb::none(), nb::arg("shape").none() = nb::none(),
        nb::kw_only(), nb::arg("device").none() = nb::none(),
        "An array of zeros with the shape and type of a (numpy.zeros_like).");
  m.def("ones_like", on_device(&ones_like_impl), nb::arg("a"), nb::arg("dtype").none() = nb::none(),
        nb::arg("order").none() = "K", nb::arg("subok").none() = nb::none(), nb::arg("shape").none() = nb::none(),
        nb::kw_only(), nb::arg("device").none() = nb::none(),
        "An array of ones with the shape and type of a (numpy.ones_like).");
  m.def("full_like", on_device(&full_like_impl), nb::arg("a"), nb::arg("fill_value"),
        nb::arg("dtype").none() = nb::none(), nb::arg("order").none() = "K", nb::arg("subok").none() = nb::none(),
        nb::arg("shape").none() = nb::none(), nb::kw_only(), nb::arg("device").none() = nb::none(),
        "An array filled with fill_value, with the shape and type of a (numpy.full_like).");
}

}  // namespace cupric::py
