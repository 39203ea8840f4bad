// pad, insert, delete, trim_zeros, block, row_stack, select, mask_indices, triu/tril_indices(_from)
// and trace (cupric/ops/pad.hpp, elements.hpp, selection.hpp) as cupric module functions (trace's
// converter also serves the ndarray method table, ndarray_methods.cpp). Argument conversion
// only: NumPy's argument forms become the C++ ones.
#include <nanobind/stl/function.h>
#include "ndarray_methods.hpp"

namespace cupric::py {

namespace {

ndarray arr(nb::handle obj) { return as_device_array(obj); }

nb::tuple tuple_of(const std::vector<ndarray>& v) {
  PyObject* t = PyTuple_New(static_cast<Py_ssize_t>(v.size()));
  for (size_t i = 0; i < v.size(); ++i) PyTuple_SET_ITEM(t, static_cast<Py_ssize_t>(i), wrap(v[i]).release().ptr());
  return nb::steal<nb::tuple>(t);
}

// A host numpy array of an argument (a cupric array is copied to the host first).
nb::object host_array(nb::handle v) {
  if (is_array(v)) return v.attr("get")();
  return numpy().attr("asarray")(v);
}

// NumPy's _as_pairs input: the values of a host array in C order with its shape.
template <class T, class Convert>
PadPairs<T> pairs_of(nb::handle value, int ndim, Convert convert) {
  nb::object a = host_array(value);
  Dims shape = to_dims(a.attr("shape"));
  // One or two values stay NumPy scalars (cast unsafely); more become Python numbers (checked),
  // as _as_pairs returns them.
  const bool few = shape.size() < 3 &&
                   (nb::len(a.attr("ravel")()) == 1 || (nb::len(a.attr("ravel")()) == 2 && !(shape == Dims{2, 1})));
  std::vector<T> values;
  nb::object flat = a.attr("ravel")();
  for (nb::handle h : few ? nb::list(flat) : nb::list(flat.attr("tolist")())) values.push_back(convert(h));
  if (values.empty()) throw ValueError("operands could not be broadcast together: an empty sequence of pad values");
  return pad_pairs(values, shape, ndim);
}

Scalar python_number(nb::handle h) {  // end_values: Python numbers, as float64 or complex128
  if (PyComplex_Check(h.ptr()))
    return Scalar::of<complex128>(complex128(PyComplex_RealAsDouble(h.ptr()), PyComplex_ImagAsDouble(h.ptr())));
  return Scalar::of<double>(nb::cast<double>(nb::float_(h)));
}

nb::object pad_impl(nb::handle array, nb::handle pad_width, nb::handle mode, nb::kwargs kwargs) {
  ndarray a = arr(array);
  const int nd = a.ndim();
  nb::object pw = nb::borrow(pad_width);
  if (PyDict_Check(pad_width.ptr())) {  // {axis: width or (before, after)}
    nb::list seq;
    for (int i = 0; i < nd; ++i) seq.append(nb::make_tuple(0, 0));
    for (auto [k, v] : nb::cast<nb::dict>(pad_width)) {
      int64_t ax = nb::cast<int64_t>(k);
      if (ax < 0) ax += nd;
      seq[static_cast<size_t>(ax)] = PyLong_Check(v.ptr()) ? nb::object(nb::make_tuple(v, v)) : nb::borrow(v);
    }
    pw = seq;
  }
  nb::object pw_host = host_array(pw);
  if (nb::cast<std::string>(pw_host.attr("dtype").attr("kind")) != "i")
    throw TypeError("`pad_width` must be of integral type.");
  PadPairs<int64_t> widths = pairs_of<int64_t>(pw_host, nd, [](nb::handle h) { return nb::cast<int64_t>(h); });
  if (PyCallable_Check(mode.ptr())) {
    nb::object fn = nb::borrow(mode);
    nb::dict kw = nb::dict(kwargs);
    return wrap(pad(a, widths, [&](const ndarray& vec, std::array<int64_t, 2> w, int axis) {
      fn(wrap(vec), nb::make_tuple(w[0], w[1]), axis, kw);
    }));
  }
  const std::string m = nb::cast<std::string>(mode);
  const PadMode pm = parse_pad_mode(m);
  const char* allowed =
      pm == PadMode::Constant     ? "constant_values"
      : pm == PadMode::LinearRamp ? "end_values"
      : (pm == PadMode::Maximum || pm == PadMode::Minimum || pm == PadMode::Mean || pm == PadMode::Median)
          ? "stat_length"
      : (pm == PadMode::Reflect || pm == PadMode::Symmetric) ? "reflect_type"
                                                             : "";
  nb::object unsupported = nb::module_::import_("builtins").attr("set")(kwargs.attr("keys")());
  unsupported.attr("discard")(allowed);
  if (nb::len(unsupported) > 0)
    throw ValueError("unsupported keyword arguments for mode '" + m +
                     "': " + nb::cast<std::string>(nb::repr(unsupported)));
  PadOptions opt;
  if (kwargs.contains("constant_values")) {
    DType dt = a.dtype();
    opt.constant_values =
        pairs_of<Scalar>(kwargs["constant_values"], nd, [&](nb::handle h) { return scalar_for(h, dt); });
  }
  if (kwargs.contains("end_values")) opt.end_values = pairs_of<Scalar>(kwargs["end_values"], nd, &python_number);
  if (kwargs.contains("stat_length") && !nb::handle(kwargs["stat_length"]).is_none()) {
    nb::object sl = host_array(kwargs["stat_length"]);
    sl = numpy().attr("round")(sl).attr("astype")(numpy().attr("intp"));
    opt.stat_length = pairs_of<std::optional<int64_t>>(sl, nd, [](nb::handle h) {
      int64_t v = nb::cast<int64_t>(h);
      if (v < 0) throw ValueError("index can't contain negative values");
      return std::optional<int64_t>(v);
    });
  }
  if (kwargs.contains("reflect_type"))
    opt.reflect_odd = nb::cast<std::string>(nb::str(kwargs["reflect_type"])) == "odd";
  return wrap(pad(a, widths, pm, opt));
}

// insert/delete's obj: an int, a slice, or an index array (lists; an empty one is integer).
Index index_arg(nb::handle obj) {
  PyObject* p = obj.ptr();
  if (PySlice_Check(p)) {
    auto bound = [](nb::handle h) { return h.is_none() ? Index::kNone : nb::cast<int64_t>(nb::int_(h)); };
    return Index::slice(bound(obj.attr("start")), bound(obj.attr("stop")), bound(obj.attr("step")));
  }
  const bool is_bool = PyBool_Check(p) || nb::isinstance(obj, numpy().attr("bool_"));
  if (!is_array(obj) && !is_bool && PyIndex_Check(p) && !PySequence_Check(p))
    return Index::integer(nb::cast<int64_t>(nb::int_(obj)));
  if (!is_array(obj) && (PyList_Check(p) || PyTuple_Check(p)) && PySequence_Size(p) == 0)
    return Index::array_index(as_device_array(obj, nb::str("int64")));
  return Index::array_index(as_device_array(obj));
}

std::optional<int64_t> opt_axis(nb::handle axis) {
  if (axis.is_none()) return std::nullopt;
  return nb::cast<int64_t>(nb::int_(axis));
}

BlockNode block_node(nb::handle obj, const std::string& where) {
  if (PyTuple_Check(obj.ptr()))
    throw TypeError(where +
                    " is a tuple. Only lists can be used to arrange blocks, and np.block does not allow "
                    "implicit conversion from tuple to ndarray.");
  if (!PyList_Check(obj.ptr())) return BlockNode(arr(obj));
  std::vector<BlockNode> items;
  Py_ssize_t i = 0;
  for (nb::handle h : obj) items.push_back(block_node(h, where + "[" + std::to_string(i++) + "]"));
  return BlockNode::list(std::move(items));
}

Operand select_operand(nb::handle v) {
  PyObject* p = v.ptr();
  if (PyLong_CheckExact(p)) {
    int overflow = 0;
    long long x = PyLong_AsLongLongAndOverflow(p, &overflow);
    if (overflow == 0) return Operand::weak(Scalar::of<int64_t>(x), 'i');
  }
  if (PyFloat_CheckExact(p)) return Operand::weak(Scalar::of<double>(PyFloat_AS_DOUBLE(p)), 'f');
  if (PyComplex_CheckExact(p))
    return Operand::weak(Scalar::of<complex128>(complex128(PyComplex_RealAsDouble(p), PyComplex_ImagAsDouble(p))), 'c');
  return Operand(arr(v));
}

}  // namespace

nb::object trace_impl(nb::handle a, int64_t offset, int64_t axis1, int64_t axis2, nb::handle dtype, nb::handle out) {
  std::optional<DType> dt;
  if (!dtype.is_none()) dt = resolve_dtype(dtype).dtype;
  if (!out.is_none()) {
    trace(arr(a), offset, axis1, axis2, dt, unwrap(out).arr);
    return nb::borrow(out);
  }
  return wrap(trace(arr(a), offset, axis1, axis2, dt));
}

void init_editing(nb::module_& m) {
  m.def("pad", &pad_impl, nb::arg("array"), nb::arg("pad_width"), nb::arg("mode") = "constant", nb::arg("kwargs"),
        "Pads an array (every mode of numpy.pad).");
  m.def(
      "insert",
      [](nb::handle a, nb::handle obj, nb::handle values, nb::handle axis) {
        ndarray x = arr(a);
        ndarray v = is_array(values) ? unwrap(values).arr : as_device_array(values, dtype_object(x.dtype()));
        return wrap(insert(x, index_arg(obj), v, opt_axis(axis)));
      },
      nb::arg("arr"), nb::arg("obj"), nb::arg("values"), nb::arg("axis") = nb::none(),
      "Inserts values along an axis before the given indices.");
  m.def(
      "delete",
      [](nb::handle a, nb::handle obj, nb::handle axis) {
        return wrap(delete_(arr(a), index_arg(obj), opt_axis(axis)));
      },
      nb::arg("arr"), nb::arg("obj"), nb::arg("axis") = nb::none(), "A new array without the given sub-arrays.");
  m.def(
      "trim_zeros",
      [](nb::handle filt, nb::handle trim, nb::handle axis) {
        AxisArg ax;
        if (!axis.is_none()) ax = AxisArg(to_dims(axis).to_vector());
        ndarray a = arr(filt);
        ndarray r = trim_zeros(a, nb::cast<std::string>(trim), ax);
        return is_array(filt) ? wrap_view(r, filt) : wrap(r);
      },
      nb::arg("filt"), nb::arg("trim") = "fb", nb::arg("axis") = nb::none(),
      "Trims leading and/or trailing zeros (a view).");
  m.def(
      "block", [](nb::handle arrays) { return wrap(block(block_node(arrays, "arrays"))); }, nb::arg("arrays"),
      "Assembles an array from nested lists of blocks.");
  m.def(
      "row_stack",
      [](nb::handle tup, nb::handle dtype, nb::handle casting) {
        if (PyErr_WarnEx(PyExc_DeprecationWarning, "`row_stack` alias is deprecated. Use `np.vstack` directly.", 1) < 0)
          throw nb::python_error();
        std::vector<ndarray> in;
        for (nb::handle h : tup) in.push_back(arr(h));
        std::optional<DType> dt;
        if (!dtype.is_none()) dt = resolve_dtype(dtype).dtype;
        return wrap(row_stack(in, dt, parse_casting(nb::cast<std::string>(casting))));
      },
      nb::arg("tup"), nb::kw_only(), nb::arg("dtype") = nb::none(), nb::arg("casting") = "same_kind",
      "vstack (deprecated alias, as in NumPy 2).");
  m.def(
      "select",
      [](nb::handle condlist, nb::handle choicelist, nb::handle default_) {
        if (nb::len(condlist) != nb::len(choicelist))
          throw ValueError("list of cases must be same length as list of conditions");
        std::vector<ndarray> conds;
        for (nb::handle h : condlist) conds.push_back(arr(h));
        std::vector<Operand> choices;
        for (nb::handle h : choicelist) choices.push_back(select_operand(h));
        return wrap(select(conds, choices, select_operand(default_)));
      },
      nb::arg("condlist"), nb::arg("choicelist"), nb::arg("default") = 0,
      "Elements from choicelist where the first matching condition holds.");
  m.def(
      "mask_indices",
      [](int64_t n, nb::handle mask_func, int64_t k) {
        nb::object fn = nb::borrow(mask_func);
        return tuple_of(mask_indices(n, [&](const ndarray& x, int64_t kk) { return arr(fn(wrap(x), kk)); }, k));
      },
      nb::arg("n"), nb::arg("mask_func"), nb::arg("k") = 0,
      "Indices of the nonzero entries of mask_func(ones((n, n)), k).");
  m.def(
      "triu_indices", [](int64_t n, int64_t k, nb::handle mm) { return tuple_of(triu_indices(n, k, opt_axis(mm))); },
      nb::arg("n"), nb::arg("k") = 0, nb::arg("m") = nb::none(), "Indices of the upper triangle of an (n, m) array.");
  m.def(
      "tril_indices", [](int64_t n, int64_t k, nb::handle mm) { return tuple_of(tril_indices(n, k, opt_axis(mm))); },
      nb::arg("n"), nb::arg("k") = 0, nb::arg("m") = nb::none(), "Indices of the lower triangle of an (n, m) array.");
  m.def(
      "triu_indices_from", [](nb::handle a, int64_t k) { return tuple_of(triu_indices_from(arr(a), k)); },
      nb::arg("arr"), nb::arg("k") = 0, "Indices of the upper triangle of a 2-d array.");
  m.def(
      "tril_indices_from", [](nb::handle a, int64_t k) { return tuple_of(tril_indices_from(arr(a), k)); },
      nb::arg("arr"), nb::arg("k") = 0, "Indices of the lower triangle of a 2-d array.");
  m.def(
      "diag_indices_from",
      [](nb::handle a) {
        std::vector<ndarray> v = diag_indices_from(arr(a));
        nb::object one = wrap(v[0]);  // NumPy repeats one array object
        PyObject* t = PyTuple_New(static_cast<Py_ssize_t>(v.size()));
        for (size_t i = 0; i < v.size(); ++i)
          PyTuple_SET_ITEM(t, static_cast<Py_ssize_t>(i), nb::object(one).release().ptr());
        return nb::steal<nb::tuple>(t);
      },
      nb::arg("arr"), "Indices of the main diagonal of an n x ... x n array.");
  m.def("trace", &trace_impl, nb::arg("a"), nb::arg("offset") = 0, nb::arg("axis1") = 0, nb::arg("axis2") = 1,
        nb::arg("dtype") = nb::none(), nb::arg("out") = nb::none(), "The sum along diagonals.");
}

}  // namespace cupric::py
