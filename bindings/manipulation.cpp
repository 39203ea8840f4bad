// Shape and view routines (cupric/ops/manipulation.hpp) as cupric module functions, and their
// converters for the ndarray method table (ndarray_methods.cpp). Argument conversion only;
// views get `base` set through wrap().
#include <nanobind/stl/string_view.h>
#include "ndarray_methods.hpp"

namespace cupric::py {

namespace {

std::vector<int64_t> to_axes(nb::handle obj) { return to_dims(obj).to_vector(); }

// reshape, ravel and flatten read order=None as their default 'C' (NumPy does), not as 'K'.
Order order_or_c(nb::handle order) { return order.is_none() ? Order::C : to_order(order); }

nb::object as_view_of(ndarray r, nb::handle self) { return wrap_view(std::move(r), self); }

// NumPy 2.1's copy argument: True copies (in `order`) first; False raises where a copy is needed.
nb::object reshape_impl(nb::handle self, const Dims& shape, nb::handle order_obj, nb::handle copy_obj) {
  PyArray& pa = unwrap(self);
  Order order = order_or_c(order_obj);
  int copy_flag = copy_obj.is_none() ? -1 : PyObject_IsTrue(copy_obj.ptr());
  if (copy_flag < -1 || (copy_flag == -1 && !copy_obj.is_none())) throw nb::python_error();
  ndarray src = copy_flag == 1 ? copy(pa.arr, order) : pa.arr;
  ndarray r = reshape(src, shape, order);
  if (copy_flag == 0 && r.memory() != pa.arr.memory())
    throw ValueError("Unable to avoid creating a copy while reshaping.");
  return wrap(std::move(r), pa.descr, &pa, self);
}

// ndarray.reshape(*shape): a single argument is a shape (int or sequence); several are ints.
Dims shape_from_args(const nb::args& args) {
  if (args.size() == 0) throw TypeError("reshape() takes exactly 1 argument (0 given)");
  if (args.size() == 1) return to_dims(args[0]);
  Dims d;
  for (nb::handle h : args) {
    if (!PyIndex_Check(h.ptr()) || PySequence_Check(h.ptr()))
      throw TypeError("'" + nb::cast<std::string>(nb::str(h.type().attr("__name__"))) +
                      "' object cannot be interpreted as an integer");
    d.push_back(to_dims(h)[0]);
  }
  return d;
}

}  // namespace

nb::object flatten_method(nb::handle self, nb::handle order) {
  PyArray& pa = unwrap(self);
  return wrap(flatten(pa.arr, order_or_c(order)), pa.descr);
}

nb::object reshape_method(nb::handle self, nb::args shape, nb::handle order, nb::handle copy) {
  return reshape_impl(self, shape_from_args(shape), order, copy);
}

nb::object transpose_impl(nb::handle self, nb::handle axes) {
  const ndarray& a = unwrap(self).arr;
  return as_view_of(axes.is_none() ? transpose(a) : transpose(a, to_axes(axes)), self);
}

// squeeze's axis is None, an int or a tuple (NumPy rejects lists here); an int may be 0 or -1
// for a 0-d array.
nb::object squeeze_impl(nb::handle self, nb::handle axis) {
  const ndarray& a = unwrap(self).arr;
  if (axis.is_none()) return as_view_of(squeeze(a), self);
  if (PyTuple_Check(axis.ptr())) return as_view_of(squeeze(a, to_axes(axis)), self);
  if (PySequence_Check(axis.ptr()))
    throw TypeError("'" + nb::cast<std::string>(nb::str(axis.type().attr("__name__"))) +
                    "' object cannot be interpreted as an integer");
  return as_view_of(squeeze(a, to_dims(axis)[0]), self);
}

nb::object ravel_impl(nb::handle self, nb::handle order) {
  PyArray& pa = unwrap(self);
  return wrap(ravel(pa.arr, order_or_c(order)), pa.descr, &pa, self);
}

nb::object diagonal_impl(nb::handle self, int64_t offset, int64_t axis1, int64_t axis2) {
  return as_view_of(diagonal(unwrap(self).arr, offset, axis1, axis2), self);
}

nb::object swapaxes_impl(nb::handle self, int64_t axis1, int64_t axis2) {
  return as_view_of(swapaxes(unwrap(self).arr, axis1, axis2), self);
}

nb::object transpose_method(nb::handle self, nb::args axes) {
  if (axes.size() == 0) return transpose_impl(self, nb::none());
  if (axes.size() == 1) return transpose_impl(self, axes[0]);
  return transpose_impl(self, axes);
}

namespace {

bool is_array_subtype(nb::handle t) {
  return PyType_Check(t.ptr()) && PyType_IsSubtype(reinterpret_cast<PyTypeObject*>(t.ptr()),
                                                   reinterpret_cast<PyTypeObject*>(nb::type<PyArray>().ptr()));
}

// `r` (a fresh view of `self`) as an instance of the ndarray subclass `type`, sharing memory and
// base, then `type.__array_finalize__(self)` as NumPy and CuPy call it.
nb::object as_subtype(nb::object r, nb::handle type, nb::handle self) {
  if (r.type().is(type)) return r;
  const PyArray& src = unwrap(r);
  nb::object o = nb::inst_alloc(type);
  new (nb::inst_ptr<PyArray>(o)) PyArray{src.arr, src.base, src.descr};
  nb::inst_mark_ready(o);
  if (nb::hasattr(o, "__array_finalize__")) o.attr("__array_finalize__")(self);
  return o;
}

}  // namespace

// ndarray.view(dtype, type): as NumPy, a dtype argument that is an ndarray subclass is the type.
nb::object view_impl(nb::handle self, nb::handle dtype, nb::handle type) {
  if (type.is_none() && !self.type().is(nb::type<PyArray>())) type = self.type();  // a subclass keeps its type
  if (is_array_subtype(dtype)) {
    type = dtype;
    dtype = nb::none();
  }
  if (!type.is_none() && !is_array_subtype(type)) throw ValueError("Type must be a sub-type of ndarray type");
  PyArray& pa = unwrap(self);
  nb::object r;
  if (dtype.is_none()) {
    r = wrap(pa.arr.view(pa.arr.shape(), pa.arr.strides()), pa.descr, &pa, self);
  } else {
    ResolvedDType rd = resolve_dtype(dtype);
    ndarray v = view_dtype(pa.arr, rd.dtype);
    r = wrap(std::move(v), rd.dtype.is_void() ? nb::handle(rd.descr) : nb::handle(), &pa, self);
  }
  return type.is_none() ? r : as_subtype(std::move(r), type, self);
}

void init_manipulation(nb::module_& m) {
  m.def(
      "reshape",
      [](nb::handle a, nb::handle shape, nb::handle order, nb::handle copy) {
        return reshape_impl(a, to_dims(shape), order, copy);
      },
      nb::arg("a"), nb::arg("shape"), nb::arg("order").none() = "C", nb::kw_only(), nb::arg("copy") = nb::none(),
      "Gives a new shape to an array without changing its data (a view whenever possible).");
  m.def("ravel", &ravel_impl, nb::arg("a"), nb::arg("order").none() = "C",
        "A contiguous flattened array: a view when the layout allows, else a copy.");
  m.def("transpose", &transpose_impl, nb::arg("a"), nb::arg("axes") = nb::none(), "Permutes the axes of an array.");
  m.def("swapaxes", &swapaxes_impl, nb::arg("a"), nb::arg("axis1"), nb::arg("axis2"), "Interchanges two axes.");
  m.def(
      "moveaxis",
      [](nb::handle a, nb::handle source, nb::handle destination) {
        return as_view_of(moveaxis(unwrap(a).arr, to_axes(source), to_axes(destination)), a);
      },
      nb::arg("a"), nb::arg("source"), nb::arg("destination"), "Moves axes to new positions.");
  m.def("squeeze", &squeeze_impl, nb::arg("a"), nb::arg("axis") = nb::none(), "Removes length-1 axes.");
  m.def(
      "expand_dims",
      [](nb::handle a, nb::handle axis) { return as_view_of(expand_dims(unwrap(a).arr, to_axes(axis)), a); },
      nb::arg("a"), nb::arg("axis"), "Inserts length-1 axes.");
  // numpy.require (cupric/ops/manipulation.hpp): `requirements` as NumPy's flag letters.
  m.def(
      "_require",
      [](nb::handle a, nb::handle dtype, std::string_view letters) {
        const PyArray& pa = unwrap(a);
        std::optional<DType> dt;
        if (!dtype.is_none()) dt = resolve_dtype(dtype).dtype;
        ndarray r = require(pa.arr, dt, letters, pa.base.is_none());
        const bool same = r.data() == pa.arr.data() && r.dtype() == pa.arr.dtype() && r.shape() == pa.arr.shape() &&
                          r.strides() == pa.arr.strides();
        return same ? nb::borrow(a) : wrap(std::move(r), nb::handle(), &pa, a);
      },
      nb::arg("a"), nb::arg("dtype").none(), nb::arg("requirements"));
  m.def(
      "broadcast_to",
      [](nb::handle array, nb::handle shape, bool subok) {
        return as_view_of(broadcast_to(unwrap(array).arr, to_dims(shape)), array);
      },
      nb::arg("array"), nb::arg("shape"), nb::arg("subok") = false,
      "Broadcasts an array to a shape (a view with zero strides).");
  m.def(
      "broadcast_arrays",
      [](nb::args args, bool subok) {
        std::vector<ndarray> in;
        for (nb::handle h : args) in.push_back(unwrap(h).arr);
        std::vector<ndarray> out = broadcast_arrays(in);
        PyObject* t = PyTuple_New(static_cast<Py_ssize_t>(out.size()));
        for (size_t i = 0; i < out.size(); ++i) {
          // Arrays already of the common shape come back as the same objects, as in NumPy.
          nb::object o = out[i].shape() == in[i].shape() ? nb::borrow(args[i]) : as_view_of(out[i], args[i]);
          PyTuple_SET_ITEM(t, static_cast<Py_ssize_t>(i), o.release().ptr());
        }
        return nb::steal<nb::tuple>(t);
      },
      nb::arg("args"), nb::kw_only(), nb::arg("subok") = false, "Broadcasts arrays against each other.");
  m.def("diagonal", &diagonal_impl, nb::arg("a"), nb::arg("offset") = 0, nb::arg("axis1") = 0, nb::arg("axis2") = 1,
        "A view of the specified diagonals.");
}

}  // namespace cupric::py
