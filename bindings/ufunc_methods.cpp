// ufunc.reduce / accumulate / reduceat (cupric/ops/ufunc_methods.hpp) as methods of the
// cupric.ufunc class. Argument conversion only: axis/dtype/out/initial/where as NumPy accepts them.
#include "common.hpp"

namespace cupric::py {

namespace {

const Ufunc& def_of(nb::handle self) {
  const Ufunc* u = ufunc_def_of(self);
  if (!u) throw TypeError("descriptor requires a 'cupric.ufunc' object");
  return *u;
}

ndarray array_arg(nb::handle a) { return is_array(a) ? unwrap(a).arr : as_device_array(a); }

OptDType dtype_arg(nb::handle d) {
  if (d.is_none()) return std::nullopt;
  return resolve_dtype(d).dtype;
}

// out=: None, an array, or a 1-tuple holding one.
nb::handle out_handle(nb::handle out) {
  if (PyTuple_Check(out.ptr())) {
    if (PyTuple_GET_SIZE(out.ptr()) != 1)
      throw ValueError("The 'out' tuple must have exactly one entry per ufunc output");
    return PyTuple_GET_ITEM(out.ptr(), 0);
  }
  return out;
}

ndarray out_arg(nb::handle out) {
  if (out.is_none()) return ndarray();
  if (!is_array(out)) throw TypeError("return arrays must be of ArrayType");
  return unwrap(out).arr;
}

// accumulate/reduceat's axis: an int or a 1-tuple (ValueError for None and other tuples, after
// the errors the C++ call raises first for non-binary ufuncs and 0-d arrays).
int64_t single_axis(const Ufunc& u, const ndarray& a, nb::handle axis, const char* method) {
  if (PyTuple_Check(axis.ptr()) && PyTuple_GET_SIZE(axis.ptr()) == 1) return index_int(PyTuple_GET_ITEM(axis.ptr(), 0));
  if (!axis.is_none() && !PyTuple_Check(axis.ptr())) return index_int(axis);
  if (a.ndim() == 0 || u.nin != 2 || u.nout != 1) {  // NumPy's earlier errors, from the C++ routine
    if (std::string(method) == "accumulate")
      ufunc_accumulate(u, a, 0);
    else
      ufunc_reduceat(u, a, ndarray::empty({0}, dtypes::int64), 0);
  }
  throw ValueError(std::string(method) + " does not allow multiple axes");
}

nb::object result(ndarray r, nb::handle out) { return out.is_none() ? wrap(std::move(r)) : nb::borrow(out); }

nb::object reduce(nb::handle self, nb::handle array, nb::handle axis, nb::handle dtype, nb::handle out, bool keepdims,
                  nb::handle initial, nb::handle where) {
  const Ufunc& u = def_of(self);
  ndarray a = array_arg(array);
  nb::handle o = out_handle(out);
  OptDType dt = dtype_arg(dtype);
  // (the result dtype only matters for a scalar initial: NumPy 2's Python-scalar checks)
  const OptScalar init = initial.is_none() || is_array(initial) ? to_initial(initial, DType())
                                                                : to_initial(initial, ufunc_reduce_dtype(u, a, dt));
  ndarray w;
  if (!where.is_none() && where.ptr() != Py_True) w = array_arg(where);
  return result(ufunc_reduce(u, a, axis_arg(axis), dt, out_arg(o), keepdims, init, w), o);
}

nb::object accumulate(nb::handle self, nb::handle array, nb::handle axis, nb::handle dtype, nb::handle out) {
  const Ufunc& u = def_of(self);
  ndarray a = array_arg(array);
  nb::handle o = out_handle(out);
  return result(ufunc_accumulate(u, a, single_axis(u, a, axis, "accumulate"), dtype_arg(dtype), out_arg(o)), o);
}

nb::object reduceat(nb::handle self, nb::handle array, nb::handle indices, nb::handle axis, nb::handle dtype,
                    nb::handle out) {
  const Ufunc& u = def_of(self);
  ndarray a = array_arg(array);
  nb::handle o = out_handle(out);
  // A sequence is converted to integers as NumPy forces it; arrays must cast safely to int64.
  ndarray idx = is_array(indices) || nb::hasattr(indices, "dtype") ? array_arg(indices)
                                                                   : as_device_array(indices, nb::str("int64"));
  return result(ufunc_reduceat(u, a, idx, single_axis(u, a, axis, "reduceat"), dtype_arg(dtype), out_arg(o)), o);
}

}  // namespace

void init_ufunc_methods(nb::module_& m) {
  nb::object cls = m.attr("ufunc");
  cls.attr("reduce") = nb::cpp_function(
      &reduce, nb::is_method(), nb::arg("array"), nb::arg("axis").none() = 0, nb::arg("dtype").none() = nb::none(),
      nb::arg("out").none() = nb::none(), nb::arg("keepdims") = false, nb::arg("initial").none() = nb::none(),
      nb::arg("where").none() = true,
      "Reduces array's dimension by one (or the given axes), applying the ufunc along them.");
  cls.attr("accumulate") =
      nb::cpp_function(&accumulate, nb::is_method(), nb::arg("array"), nb::arg("axis").none() = 0,
                       nb::arg("dtype").none() = nb::none(), nb::arg("out").none() = nb::none(),
                       "Accumulates the result of applying the ufunc to all elements along an axis.");
  cls.attr("reduceat") =
      nb::cpp_function(&reduceat, nb::is_method(), nb::arg("array"), nb::arg("indices"), nb::arg("axis").none() = 0,
                       nb::arg("dtype").none() = nb::none(), nb::arg("out").none() = nb::none(),
                       "Performs a (local) reduce with specified slices over a single axis.");
}

}  // namespace cupric::py
