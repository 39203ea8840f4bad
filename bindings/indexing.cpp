// Indexing routines (cupric/ops/indexing.hpp) as cupric module functions, and their converters
// for the ndarray method table (ndarray_methods.cpp).
// Argument conversion only: array-likes become arrays, axis None becomes std::nullopt.
#include <optional>
#include "ndarray_methods.hpp"

namespace cupric::py {

namespace {

ndarray arr(nb::handle obj) { return as_device_array(obj); }
// An index argument: an empty sequence is an empty integer array, as NumPy converts it to intp.
ndarray idx_arr(nb::handle obj) {
  if (!is_array(obj) && (PyList_Check(obj.ptr()) || PyTuple_Check(obj.ptr())) && PySequence_Size(obj.ptr()) == 0)
    return as_device_array(obj, nb::str("int64"));
  return as_device_array(obj);
}
std::optional<int64_t> opt_axis(nb::handle axis) {
  if (axis.is_none()) return std::nullopt;
  return to_dims(axis)[0];
}
ClipMode mode_of(nb::handle mode) { return parse_clip_mode(nb::cast<std::string>(mode)); }

nb::tuple tuple_of(const std::vector<ndarray>& v) {
  PyObject* t = PyTuple_New(static_cast<Py_ssize_t>(v.size()));
  for (size_t i = 0; i < v.size(); ++i) PyTuple_SET_ITEM(t, static_cast<Py_ssize_t>(i), wrap(v[i]).release().ptr());
  return nb::steal<nb::tuple>(t);
}

std::vector<ndarray> arrays_of(nb::handle seq) {
  std::vector<ndarray> out;
  for (nb::handle h : seq) out.push_back(arr(h));
  return out;
}

// The result of a routine that may write into `out` (NumPy's out= argument).
nb::object with_out(ndarray r, nb::handle out) {
  if (out.is_none()) return wrap(std::move(r));
  PyArray& o = unwrap(out);
  if (o.arr.shape() != r.shape()) throw ValueError("output array does not match result of ndarray.take");
  copyto(o.arr, r, Casting::Unsafe);
  return nb::borrow(out);
}

}  // namespace

nb::object take_impl(nb::handle a, nb::handle indices, nb::handle axis, nb::handle out, nb::handle mode) {
  PyArray& pa = unwrap(a);
  return with_out(take(pa.arr, idx_arr(indices), opt_axis(axis), mode_of(mode)), out);
}

nb::object nonzero_impl(nb::handle a) { return tuple_of(nonzero(arr(a))); }

void put_method(nb::handle self, nb::handle ind, nb::handle v, nb::handle mode) {
  put(unwrap(self).arr, idx_arr(ind), as_device_array(v), mode_of(mode));
}

nb::object compress_method(nb::handle self, nb::handle condition, nb::handle axis, nb::handle out) {
  return with_out(compress(arr(condition), unwrap(self).arr, opt_axis(axis)), out);
}

nb::object choose_method(nb::handle self, nb::handle choices, nb::handle out, nb::handle mode) {
  return with_out(choose(unwrap(self).arr, arrays_of(choices), mode_of(mode)), out);
}

void init_indexing(nb::module_& m) {
  m.def("take", &take_impl, nb::arg("a"), nb::arg("indices"), nb::arg("axis") = nb::none(), nb::arg("out") = nb::none(),
        nb::arg("mode") = "raise", "Takes elements from an array along an axis.");
  m.def("put", &put_method, nb::arg("a"), nb::arg("ind"), nb::arg("v"), nb::arg("mode") = "raise",
        "Replaces the elements at the given flat indices (values repeated as needed).");
  m.def(
      "take_along_axis",
      [](nb::handle a, nb::handle indices, nb::handle axis) {
        return wrap(take_along_axis(arr(a), arr(indices), opt_axis(axis)));
      },
      nb::arg("arr"), nb::arg("indices"), nb::arg("axis").none() = -1,
      "Takes values by matching 1-d index and data slices.");
  m.def(
      "put_along_axis",
      [](nb::handle a, nb::handle indices, nb::handle values, nb::handle axis) {
        put_along_axis(unwrap(a).arr, arr(indices), arr(values), opt_axis(axis));
      },
      nb::arg("arr"), nb::arg("indices"), nb::arg("values"), nb::arg("axis").none(),
      "Puts values by matching 1-d index and data slices.");
  m.def(
      "compress",
      [](nb::handle condition, nb::handle a, nb::handle axis, nb::handle out) {
        return with_out(compress(arr(condition), arr(a), opt_axis(axis)), out);
      },
      nb::arg("condition"), nb::arg("a"), nb::arg("axis") = nb::none(), nb::arg("out") = nb::none(),
      "Selected slices of an array along an axis.");
  m.def(
      "extract", [](nb::handle condition, nb::handle a) { return wrap(extract(arr(condition), arr(a))); },
      nb::arg("condition"), nb::arg("arr"), "The elements of an array where a condition is true.");
  m.def(
      "_where",
      [](nb::handle condition, nb::handle x, nb::handle y) {
        return wrap(where(arr(condition), operand_of(x), operand_of(y)));
      },
      nb::arg("condition"), nb::arg("x"), nb::arg("y"), "numpy.where's three-argument form.");
  m.def("nonzero", &nonzero_impl, nb::arg("a"), "Indices of the nonzero elements (one host sync for the count).");
  m.def(
      "flatnonzero", [](nb::handle a) { return wrap(flatnonzero(arr(a))); }, nb::arg("a"),
      "Indices of the nonzero elements of the flattened array.");
  m.def(
      "argwhere", [](nb::handle a) { return wrap(argwhere(arr(a))); }, nb::arg("a"),
      "Indices of the nonzero elements, grouped by element.");
  m.def(
      "place", [](nb::handle a, nb::handle mask, nb::handle vals) { place(unwrap(a).arr, arr(mask), arr(vals)); },
      nb::arg("arr"), nb::arg("mask"), nb::arg("vals"), "Puts vals (repeated) where mask is true.");
  m.def(
      "putmask",
      [](nb::handle a, nb::handle mask, nb::handle values) { putmask(unwrap(a).arr, arr(mask), arr(values)); },
      nb::arg("a"), nb::arg("mask"), nb::arg("values"), "Sets a.flat[n] = values[n] where mask.flat[n] is true.");
  m.def(
      "choose",
      [](nb::handle a, nb::handle choices, nb::handle out, nb::handle mode) {
        return with_out(choose(arr(a), arrays_of(choices), mode_of(mode)), out);
      },
      nb::arg("a"), nb::arg("choices"), nb::arg("out") = nb::none(), nb::arg("mode") = "raise",
      "Constructs an array from an index array and a list of arrays to choose from.");
  m.def(
      "indices",
      [](nb::handle dimensions, nb::handle dtype, bool sparse) -> nb::object {
        DType dt = dtype.is_none() ? dtypes::int64 : resolve_dtype(dtype).dtype;
        Dims dims = to_dims(dimensions);
        if (sparse) return tuple_of(indices_sparse(dims, dt));
        return wrap(indices(dims, dt));
      },
      nb::arg("dimensions"), nb::arg("dtype") = nb::none(), nb::arg("sparse") = false, "An array of grid indices.");
  m.def(
      "ix_",
      [](nb::args args) {
        std::vector<ndarray> in;
        for (nb::handle h : args) in.push_back(arr(h));
        return tuple_of(ix_(in));
      },
      "An open mesh from 1-d sequences.");
  m.def(
      "unravel_index",
      [](nb::handle indices, nb::handle shape, nb::handle order) {
        return tuple_of(unravel_index(arr(indices), to_dims(shape), to_order(order, false)));
      },
      nb::arg("indices"), nb::arg("shape"), nb::arg("order") = "C", "Flat indices to coordinate arrays.");
  m.def(
      "ravel_multi_index",
      [](nb::handle multi_index, nb::handle dims, nb::handle mode, nb::handle order) {
        std::vector<ClipMode> modes;
        if (PyUnicode_Check(mode.ptr()))
          modes.push_back(mode_of(mode));
        else
          for (nb::handle h : mode) modes.push_back(mode_of(h));
        return wrap(ravel_multi_index(arrays_of(multi_index), to_dims(dims), modes, to_order(order, false)));
      },
      nb::arg("multi_index"), nb::arg("dims"), nb::arg("mode") = "raise", nb::arg("order") = "C",
      "Coordinate arrays to flat indices.");
  m.def(
      "diag_indices",
      [](int64_t n, int ndim) {
        if (ndim <= 0) return nb::tuple();
        std::vector<ndarray> v = diag_indices(n, ndim);
        nb::object one = wrap(v[0]);  // NumPy repeats one array object
        PyObject* t = PyTuple_New(ndim);
        for (int i = 0; i < ndim; ++i) PyTuple_SET_ITEM(t, i, nb::object(one).release().ptr());
        return nb::steal<nb::tuple>(t);
      },
      nb::arg("n"), nb::arg("ndim") = 2, "Indices of the main diagonal of an n x ... x n array.");
  m.def(
      "fill_diagonal",
      [](nb::handle a, nb::handle val, bool wrap_) {
        PyArray& pa = unwrap(a);
        fill_diagonal(pa.arr, as_device_array(val, dtype_object(pa.arr.dtype())), wrap_);
      },
      nb::arg("a"), nb::arg("val"), nb::arg("wrap") = false, "Fills the main diagonal in place.");
}

}  // namespace cupric::py
