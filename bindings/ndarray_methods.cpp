// The method table of cupric.ndarray: every attribute and method, in the order of NumPy's ndarray
// reference, each a one-line delegate to an argument converter that calls one C++ routine.
//
// Note [The ndarray method table]
// One place lists what an ndarray can do. An entry names a converter (bindings/ndarray_methods.hpp
// says which area file defines it); the converter is the same one the area's module function
// uses, so `a.sum(axis=0)` and `cupric.sum(a, axis=0)` cannot drift apart, and each method stays
// one C++ call (DESIGN.md decision 1: no Python frame on the hot path). Small converters that
// only methods use are defined here, above the table. Elsewhere, on purpose:
//  - the operators (__add__, __eq__, __iadd__, ...) are type slots built in bindings/ufunc.cpp
//    (Note [Operator slots]); `real`, `imag` (settable properties over ufunc.cpp's to_operand_array)
//    and `__hash__ = None` are set there too;
//  - python/cupric/_ndarray.py attaches what needs Python-level objects: `flags` (a flags
//    object), `data` (cupric.cuda.MemoryPointer), `device` (cupric.cuda.Device), `__iter__` (a
//    lazy generator), `__reduce__` (pickling through cupric._creation), `clip` (numpy.clip's
//    bound forms, python/cupric/_ufunc_funcs.py), the deprecated scatter_add/max/min, `flat`
//    (cupric.flatiter) and the NumPy-host io methods tofile/tobytes/dump/dumps (cupric/_io.py).
//  - the interop protocols that are Python by nature: __array_ufunc__ and __array_function__
//    (python/cupric/_numpy_protocols.py), __array_namespace__, mT and to_device
//    (python/cupric/_array_api.py), the deprecated toDlpack (python/cupric/_dlpack.py);
//    __dlpack__, __dlpack_device__ and __cuda_array_interface__ are below (bindings/interop.cpp).
#include <algorithm>
#include "cupric/ops/bits.hpp"
#include "ndarray_methods.hpp"

namespace cupric::py {

namespace {

nb::object transposed(nb::handle self) {
  const ndarray& a = unwrap(self).arr;
  Dims shape(a.shape()), strides(a.strides());
  std::reverse(shape.begin(), shape.end());
  std::reverse(strides.begin(), strides.end());
  return wrap_view(a.view(std::move(shape), std::move(strides)), self);
}

uintptr_t data_address(const PyArray& p) {
  return p.arr.size() ? p.arr.data_ptr() : reinterpret_cast<uintptr_t>(p.arr.memory()->ptr()) + p.arr.offset();
}

nb::object astype_method(nb::handle self, nb::handle dtype, nb::handle order, nb::handle casting, nb::handle,
                         bool copy) {
  PyArray& pa = unwrap(self);
  ResolvedDType rd = resolve_dtype(dtype);
  Casting c = casting.is_none() ? Casting::Unsafe : parse_casting(nb::cast<std::string>(casting));
  ndarray r = astype(pa.arr, rd.dtype, to_order(order), c, copy);
  if (!copy && r.memory() == pa.arr.memory() && r.data() == pa.arr.data() && r.dtype() == pa.arr.dtype() &&
      r.strides() == pa.arr.strides())
    return nb::borrow(self);
  return wrap(std::move(r), rd.dtype.is_void() ? nb::handle(rd.descr) : nb::handle());
}

nb::object copy_method(nb::handle self, nb::handle order) {
  PyArray& pa = unwrap(self);
  return wrap(copy(pa.arr, order.is_none() ? Order::C : to_order(order)), pa.descr);
}

void fill_method(nb::handle self, nb::handle value) {
  PyArray& pa = unwrap(self);
  if (is_array(value)) {
    PyArray& v = unwrap(value);
    if (v.arr.ndim() != 0) throw ValueError("fill expects a scalar or a 0-d array");
    copyto(pa.arr, v.arr, Casting::Unsafe);
    return;
  }
  fill(pa.arr, scalar_for(value, pa.arr.dtype()));
}

// tolist / repr / str / format: NumPy's, of the host copy (one transfer; printing is host work).
nb::object host_copy(nb::handle self) { return array_get(self, nb::none(), nb::str("C"), nb::none(), true); }

nb::object format_method(nb::handle self, nb::handle spec) {
  nb::object v = unwrap(self).arr.ndim() == 0 ? item_of(unwrap(self).arr) : host_copy(self);
  PyObject* r = PyObject_Format(v.ptr(), spec.ptr());
  if (!r) throw nb::python_error();
  return nb::steal(r);
}

// NumPy 2.4 expired the deprecation of int()/float()/complex() on size-1 arrays with ndim > 0.
void check_0d(const ndarray& a) {
  if (a.ndim() != 0) throw TypeError("only 0-dimensional arrays can be converted to Python scalars");
}

// int(a) / float(a) / complex(a): the single element as a Python scalar, converted (host sync).
nb::object scalar_converted(const PyArray& p, PyObject* (*convert)(PyObject*)) {
  check_0d(p.arr);
  nb::object v = item_of(p.arr);
  PyObject* r = convert(v.ptr());
  if (!r) throw nb::python_error();
  return nb::steal(r);
}

PyObject* to_complex(PyObject* v) { return PyComplex_FromCComplex(PyComplex_AsCComplex(v)); }

bool bool_method(const PyArray& p) {
  if (p.arr.size() == 0)
    throw ValueError(
        "The truth value of an empty array is ambiguous. Use `array.size > 0` to check that an array is not empty.");
  if (p.arr.size() > 1)
    throw ValueError("The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()");
  return PyObject_IsTrue(item_of(p.arr).ptr()) == 1;  // host sync: the value decides control flow
}

nb::object index_method(const PyArray& p) {
  if (p.arr.ndim() != 0 || !p.arr.dtype().is_integer())
    throw TypeError("only integer scalar arrays can be converted to a scalar index");
  return item_of(p.arr);
}

int64_t len_method(const PyArray& p) {
  if (p.arr.ndim() == 0) throw TypeError("len() of unsized object");
  return p.arr.shape()[0];
}

[[noreturn]] void array_method(nb::handle, nb::args, nb::kwargs) {
  throw TypeError(
      "Implicit conversion to a NumPy array is not allowed. Please use `.get()` to construct a NumPy array "
      "explicitly.");
}

// Raw view for the Python layer's helpers (validated by the C++ view constructor).
nb::object view_as(nb::handle self, nb::handle shape, nb::handle strides, int64_t offset) {
  PyArray& pa = unwrap(self);
  return wrap(pa.arr.view(to_dims(shape), to_dims(strides), offset), pa.descr, &pa, self);
}

// round(decimals) and __round__(ndigits): numpy.around (ufunc_funcs.hpp); decimals as int() reads it.
nb::object round_method(nb::handle self, nb::handle decimals, nb::handle out) {
  nb::object d = nb::steal(PyNumber_Long(decimals.ptr()));
  if (!d.is_valid()) throw nb::python_error();
  if (!out.is_none() && !is_array(out)) throw TypeError("return arrays must be of ArrayType");
  ndarray r = around(unwrap(self).arr, nb::cast<int>(d), out.is_none() ? nullptr : &unwrap(out).arr);
  return out.is_none() ? wrap(std::move(r)) : nb::borrow(out);
}

nb::object round_dunder(nb::handle self, nb::handle ndigits) {
  nb::object d = ndigits.is_none() ? nb::object(nb::int_(0)) : nb::borrow(ndigits);
  return round_method(self, d, nb::none());
}

// conj/conjugate: a real array is its own conjugate (the same object, as NumPy returns).
nb::object conj_method(nb::handle self) {
  const ndarray& a = unwrap(self).arr;
  return a.dtype().is_complex() ? wrap(conjugate(a)) : nb::borrow(self);
}

nb::object copy_dunder(nb::handle self) { return copy_method(self, nb::str("K")); }
nb::object deepcopy_dunder(nb::handle self, nb::handle) { return copy_method(self, nb::str("K")); }

}  // namespace

void init_ndarray_methods(nb::module_& m) {
  nb::class_<PyArray> c = nb::borrow<nb::class_<PyArray>>(m.attr("ndarray"));
  auto none = [](const char* name) { return nb::arg(name).none() = nb::none(); };
  auto axis = none("axis"), dtype = none("dtype"), out = none("out"), where = none("where");
  auto keepdims = nb::arg("keepdims") = false;
  auto initial = none("initial");
  auto kind = none("kind"), order = none("order");

  // ---- Construction: cupric.ndarray(shape, dtype=float, memptr=None, strides=None, order='C') ----
  c.def("__init__", &init_array_from_args, nb::arg("shape"), dtype, none("memptr"), none("strides"),
        nb::arg("order") = "C");
  c.attr("__array_priority__") = 100;

  // ---- Array attributes: memory layout, data type, other ----
  c.def_prop_ro("shape", [](const PyArray& p) { return dims_tuple(p.arr.shape()); });
  c.def_prop_ro("strides", [](const PyArray& p) { return dims_tuple(p.arr.strides()); });
  c.def_prop_ro("ndim", [](const PyArray& p) { return p.arr.ndim(); });
  c.def_prop_ro("size", [](const PyArray& p) { return p.arr.size(); });
  c.def_prop_ro("itemsize", [](const PyArray& p) { return p.arr.itemsize(); });
  c.def_prop_ro("nbytes", [](const PyArray& p) { return p.arr.nbytes(); });
  c.def_prop_ro("base", [](const PyArray& p) { return p.base; });
  c.def_prop_ro("dtype", [](const PyArray& p) { return dtype_object(p.arr.dtype(), p.descr); });
  c.def_prop_ro("T", &transposed);
  c.def_prop_ro("__cuda_array_interface__", &cuda_array_interface);
  // for flags/data/device in python/cupric/_ndarray.py
  c.def_prop_ro("_c_contiguous", [](const PyArray& p) { return p.arr.c_contiguous(); });
  c.def_prop_ro("_f_contiguous", [](const PyArray& p) { return p.arr.f_contiguous(); });
  c.def_prop_ro("_owndata", [](const PyArray& p) { return p.base.is_none(); });
  c.def_prop_ro("_data_ptr", &data_address);
  // ndarray.data: a MemoryPointer to the first element, into the array's Memory (CuPy's); a C++
  // property, not a Python one: raw library calls read v.data.ptr per argument.
  c.def_prop_ro("data", [](const PyArray& p) {
    const ndarray& a = p.arr;
    return MemoryPointer(a.memory(), std::clamp<int64_t>(a.offset(), 0, static_cast<int64_t>(a.memory()->size())));
  });
  c.def_prop_ro("_mem_ptr", [](const PyArray& p) { return reinterpret_cast<uintptr_t>(p.arr.memory()->ptr()); });
  c.def_prop_ro("_mem_size", [](const PyArray& p) { return p.arr.memory()->size(); });
  c.def_prop_ro("_device_id", [](const PyArray& p) { return p.arr.device(); });
  c.def_prop_ro("_backend", [](const PyArray& p) { return p.arr.backend().name(); });

  // ---- Array conversion ----
  c.def("item", &array_item, "The element at the given position as a Python scalar (host sync).");
  c.def(
      "tolist", [](nb::handle self) { return host_copy(self).attr("tolist")(); }, "The array as nested Python lists.");
  c.def("astype", &astype_method, nb::arg("dtype").none(), nb::arg("order").none() = "K", none("casting"),
        none("subok"), nb::arg("copy") = true,
        "A copy cast to dtype (the array itself with copy=False when nothing changes).");
  c.def("copy", &copy_method, nb::arg("order") = "C", "A copy of the array.");
  c.def("view", &view_impl, none("dtype"), none("type"),
        "A view of the same memory, optionally read as another dtype.");
  c.def(
      "byteswap",
      [](nb::handle self, bool inplace) {
        ndarray r = byteswap(unwrap(self).arr, inplace);
        return inplace ? nb::borrow(self) : wrap(std::move(r));
      },
      nb::arg("inplace") = false, "Swaps the bytes of each element (in place, or into a copy).");
  c.def("fill", &fill_method, nb::arg("value"), "Fills the array with a scalar.");
  c.def("get", &array_get, none("stream"), nb::arg("order").none() = "C", none("out"), nb::arg("blocking") = true,
        "A numpy.ndarray copy on the host.");
  c.def("set", &array_set, nb::arg("arr"), none("stream"), "Copies a numpy.ndarray of the same shape and dtype in.");
  c.def("__array__", &array_method);
  c.def("__dlpack__", &dlpack_method, nb::kw_only(), none("stream"), none("max_version"), none("dl_device"),
        none("copy"),
        "A DLPack capsule of the array (versioned when max_version >= (1, 0); Note [DLPack stream handshake]).");
  c.def("__dlpack_device__", &dlpack_device_method, "The array's DLPack device: (device_type, device_id).");
  c.def("_view_as", &view_as);

  // ---- Shape manipulation ----
  c.def("reshape", &reshape_method, nb::arg("shape"), nb::arg("order").none() = "C", nb::arg("copy") = nb::none(),
        "Returns an array with the new shape: a view whenever strides can express it.");
  c.def("transpose", &transpose_method, nb::arg("axes"), "A view with axes permuted (reversed when none are given).");
  c.def("swapaxes", &swapaxes_impl, nb::arg("axis1"), nb::arg("axis2"), "A view with two axes interchanged.");
  c.def("flatten", &flatten_method, nb::arg("order").none() = "C", "A flattened copy of the array.");
  c.def("ravel", &ravel_impl, nb::arg("order").none() = "C", "A flattened array: a view when the layout allows.");
  c.def("squeeze", &squeeze_impl, axis, "A view without the length-1 axes.");

  // ---- Item selection and manipulation ----
  c.def("take", &take_impl, nb::arg("indices"), axis, out, nb::arg("mode") = "raise",
        "Elements at the given indices (along an axis, or of the flattened array).");
  c.def("put", &put_method, nb::arg("indices"), nb::arg("values"), nb::arg("mode") = "raise",
        "Sets a.flat[indices] = values.");
  c.def("repeat", &repeat_method, nb::arg("repeats"), axis, "Repeats elements of the array.");
  c.def("choose", &choose_method, nb::arg("choices"), out, nb::arg("mode") = "raise",
        "Elements chosen from the choices by this array's values.");
  c.def("sort", &sort_method, nb::arg("axis").none() = -1, kind, order, nb::kw_only(), none("stable"),
        "Sorts the array in place along axis.");
  c.def("argsort", &argsort_impl, nb::arg("axis").none() = -1, kind, order, nb::kw_only(), none("stable"),
        "Indices that sort the array along axis.");
  c.def("partition", &partition_method, nb::arg("kth").none(), nb::arg("axis").none() = -1,
        nb::arg("kind").none() = "introselect", order, "Partitions the array in place (here: sorts it along axis).");
  c.def("argpartition", &argpartition_impl, nb::arg("kth").none(), nb::arg("axis").none() = -1,
        nb::arg("kind").none() = "introselect", order, "Indices that partition the array (here: that sort it).");
  c.def("searchsorted", &searchsorted_impl, nb::arg("v"), nb::arg("side") = "left", none("sorter"),
        "Indices where v would be inserted to keep the array sorted.");
  c.def("nonzero", &nonzero_impl, "Indices of the nonzero elements, one array per dimension.");
  c.def("compress", &compress_method, nb::arg("condition"), axis, out, "Selected slices along an axis.");
  c.def("diagonal", &diagonal_impl, nb::arg("offset") = 0, nb::arg("axis1") = 0, nb::arg("axis2") = 1,
        "A view of the specified diagonals.");

  // ---- Calculation (V8-MINMAX: max/min take no dtype) ----
  c.def("max", max_impl, axis, out, keepdims, initial, where, "Maximum along the given axes (NaN propagates).");
  c.def("argmax", argmax_impl, axis, out, nb::kw_only(), keepdims, "Indices of the maximum values (first one wins).");
  c.def("min", min_impl, axis, out, keepdims, initial, where, "Minimum along the given axes (NaN propagates).");
  c.def("argmin", argmin_impl, axis, out, nb::kw_only(), keepdims, "Indices of the minimum values (first one wins).");
  c.def("ptp", &ptp_impl, axis, out, keepdims, "Range of values (maximum - minimum).");
  c.def("conj", &conj_method, "The complex conjugate (the array itself when real).");
  c.def("conjugate", &conj_method, "The complex conjugate (the array itself when real).");
  c.def("round", &round_method, nb::arg("decimals") = 0, out,
        "Rounds to the given number of decimals (halves to even).");
  c.def("__round__", &round_dunder, none("ndigits"));
  c.def("dot", &dot_impl, nb::arg("b"), out, "Dot product with b (numpy.dot).");
  c.def("trace", &trace_impl, nb::arg("offset") = 0, nb::arg("axis1") = 0, nb::arg("axis2") = 1, dtype, out,
        "The sum along diagonals.");
  c.def("sum", sum_impl, axis, dtype, out, keepdims, initial, where, "Sum of array elements over the given axes.");
  c.def("cumsum", cumsum_impl, axis, dtype, out, "Cumulative sum along an axis.");
  c.def("mean", mean_impl, axis, dtype, out, keepdims, nb::kw_only(), where, "Arithmetic mean along the given axes.");
  c.def("var", var_impl, axis, dtype, out, none("ddof"), keepdims, nb::kw_only(), where, none("mean"),
        none("correction"), "Variance along the given axes.");
  c.def("std", std_impl, axis, dtype, out, none("ddof"), keepdims, nb::kw_only(), where, none("mean"),
        none("correction"), "Standard deviation along the given axes.");
  c.def("prod", prod_impl, axis, dtype, out, keepdims, initial, where,
        "Product of array elements over the given axes.");
  c.def("cumprod", cumprod_impl, axis, dtype, out, "Cumulative product along an axis.");
  c.def("all", all_impl, axis, out, keepdims, nb::kw_only(), where, "Whether all elements are true.");
  c.def("any", any_impl, axis, out, keepdims, nb::kw_only(), where, "Whether any element is true.");

  // ---- Arithmetic and comparison: type slots (bindings/ufunc.cpp). Truth value and conversions ----
  c.def("__bool__", &bool_method);
  c.def("__int__", [](const PyArray& p) { return scalar_converted(p, &PyNumber_Long); });
  c.def("__float__", [](const PyArray& p) { return scalar_converted(p, &PyNumber_Float); });
  c.def("__complex__", [](const PyArray& p) { return scalar_converted(p, &to_complex); });
  c.def("__index__", &index_method);

  // ---- Special methods: copies, container, printing ----
  c.def("__copy__", &copy_dunder);
  c.def("__deepcopy__", &deepcopy_dunder, nb::arg("memo"));
  c.def("__len__", &len_method);
  c.def("__getitem__", &array_getitem, nb::arg("key").none());  // a[None] is a new axis
  c.def("__setitem__", &array_setitem, nb::arg("key").none(), nb::arg("value").none());
  c.def("__repr__", [](nb::handle self) { return nb::repr(host_copy(self)); });
  c.def("__str__", [](nb::handle self) { return nb::str(host_copy(self)); });
  c.def("__format__", &format_method, nb::arg("spec"));
}

}  // namespace cupric::py
