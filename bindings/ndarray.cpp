// cupric.ndarray: the Python array type (its methods are in the table, ndarray_methods.cpp),
// wrapping and unwrapping, indexing keys, array-likes to device arrays, host transfers and item().
#include <algorithm>
#include <cstring>
#include "ndarray_methods.hpp"

namespace cupric::py {

namespace {
nb::handle g_array_type;  // the ndarray type object (leaked on purpose)

int64_t index_value(PyObject* p) {
  Py_ssize_t v = PyNumber_AsSsize_t(p, PyExc_IndexError);
  if (v == -1 && PyErr_Occurred()) throw nb::python_error();
  return v;
}

int64_t slice_part(PyObject* p) {
  if (p == Py_None) return Index::kNone;
  if (!PyIndex_Check(p)) throw TypeError("slice indices must be integers or None or have an __index__ method");
  Py_ssize_t v = PyNumber_AsSsize_t(p, nullptr);  // clips to the Py_ssize_t range, as Python does
  if (v == -1 && PyErr_Occurred()) throw nb::python_error();
  // The clipped minimum is Index::kNone, the "omitted" marker: a[:-2**70] must stay empty.
  return v == Index::kNone ? Index::kNone + 1 : v;
}

constexpr const char* kValidIndices =
    "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are valid "
    "indices";

// An integer index; one beyond Py_ssize_t is not a valid index (NumPy's IndexError and message).
int64_t integer_index(PyObject* p) {
  Py_ssize_t v = PyNumber_AsSsize_t(p, PyExc_OverflowError);
  if (v == -1 && PyErr_Occurred()) {
    if (!PyErr_ExceptionMatches(PyExc_OverflowError)) throw nb::python_error();
    PyErr_Clear();
    throw IndexError(kValidIndices);
  }
  return v;
}

const char* kBadIndexMsg =
    "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are valid "
    "indices";

// An array index (cupric or numpy array, list, bool) as a cupric integer or boolean array.
ndarray index_array_of(nb::handle item) {
  if (is_array(item)) return unwrap(item).arr;
  nb::object np = numpy();
  nb::object host;
  try {
    host = np.attr("asarray")(item);
  } catch (nb::python_error&) { throw IndexError(kBadIndexMsg); }
  std::string kind = nb::cast<std::string>(host.attr("dtype").attr("kind"));
  // An empty list is an empty integer index, as in NumPy (asarray makes it float64).
  if (kind == "f" && nb::cast<int64_t>(host.attr("size")) == 0) {
    host = host.attr("astype")(np.attr("intp"));
    kind = "i";
  }
  if (kind != "i" && kind != "u" && kind != "b") {
    // NumPy words it differently for arrays and for sequences it had to convert.
    if (PyList_Check(item.ptr()) || PyTuple_Check(item.ptr())) throw IndexError(kBadIndexMsg);
    throw IndexError("arrays used as indices must be of integer (or boolean) type");
  }
  return as_device_array(host);
}

// One index: basic ones as they are, everything else as an array index (advanced indexing).
void parse_one(nb::handle item, std::vector<Index>& out) {
  PyObject* p = item.ptr();
  if (PyLong_Check(p) && !PyBool_Check(p)) {
    out.push_back(Index::integer(integer_index(p)));
    return;
  }
  if (PySlice_Check(p)) {
    auto* s = reinterpret_cast<PySliceObject*>(p);
    out.push_back(Index::slice(slice_part(s->start), slice_part(s->stop), slice_part(s->step)));
    return;
  }
  if (p == Py_None) {
    out.push_back(Index::newaxis());
    return;
  }
  if (p == Py_Ellipsis) {
    out.push_back(Index::ellipsis());
    return;
  }
  if (PyBool_Check(p) || is_array(item) || PyList_Check(p) || PyTuple_Check(p)) {
    out.push_back(Index::array_index(index_array_of(item)));
    return;
  }
  if (nb::hasattr(item, "__array_interface__") || nb::hasattr(item, "__cuda_array_interface__")) {
    // numpy arrays and scalars: integer scalars are basic indices, everything else advanced
    nb::object dt = item.attr("dtype");
    std::string kind = nb::cast<std::string>(dt.attr("kind"));
    int ndim = nb::cast<int>(item.attr("ndim"));
    if ((kind == "i" || kind == "u") && ndim == 0) {
      out.push_back(Index::integer(integer_index(p)));
      return;
    }
    if (kind != "i" && kind != "u" && kind != "b" && ndim == 0) throw IndexError(kValidIndices);
    out.push_back(Index::array_index(index_array_of(item)));
    return;
  }
  if (PyIndex_Check(p)) {
    out.push_back(Index::integer(integer_index(p)));
    return;
  }
  throw IndexError(kValidIndices);
}

void parse_key(nb::handle key, std::vector<Index>& out) {
  if (PyTuple_Check(key.ptr())) {
    Py_ssize_t n = PyTuple_GET_SIZE(key.ptr());
    out.reserve(static_cast<size_t>(n));
    for (Py_ssize_t i = 0; i < n; ++i) parse_one(PyTuple_GET_ITEM(key.ptr(), i), out);
    return;
  }
  parse_one(key, out);
}

}  // namespace

void parse_index_key(nb::handle key, std::vector<Index>& out) { parse_key(key, out); }

namespace {

bool is_basic(const std::vector<Index>& idx) {
  for (const auto& x : idx)
    if (x.kind == Index::Kind::Array) return false;
  return true;
}

// arr['field'] for structured arrays: a view at the field's offset (V14-STRUCT).
nb::object field_view(nb::handle self, const std::string& name) {
  PyArray& pa = unwrap(self);
  if (pa.descr.is_none() || pa.descr.attr("names").is_none()) throw IndexError(kValidIndices);
  nb::object fields = pa.descr.attr("fields");
  if (PySequence_Contains(fields.ptr(), nb::str(name.c_str()).ptr()) != 1) throw ValueError("no field of name " + name);
  nb::tuple f = nb::borrow<nb::tuple>(fields[nb::str(name.c_str())]);
  nb::object fdt = f[0];
  int64_t offset = nb::cast<int64_t>(f[1]);
  nb::object base_dt = fdt.attr("base");
  Dims sub = to_dims(fdt.attr("shape"));
  ResolvedDType rd = resolve_dtype(base_dt);
  const ndarray& a = pa.arr;
  int align = rd.dtype.alignment();
  bool aligned = (a.data_ptr() + static_cast<uintptr_t>(offset)) % static_cast<uintptr_t>(align) == 0;
  for (int64_t s : a.strides()) aligned = aligned && s % align == 0;
  if (!aligned)
    throw ValueError("field '" + name + "' (" + rd.dtype.name() + ") is at byte offset " + std::to_string(offset) +
                     " of a " + std::to_string(a.itemsize()) + "-byte record, which breaks the " +
                     std::to_string(align) +
                     "-byte alignment GPU loads need; build the dtype with align=True "
                     "(numpy.dtype(..., align=True)) or reorder its fields");
  Dims shape = a.shape(), strides = a.strides();
  Dims sub_strides = c_strides(sub, rd.dtype.itemsize);
  for (size_t i = 0; i < sub.size(); ++i) {
    shape.push_back(sub[i]);
    strides.push_back(sub_strides[i]);
  }
  ndarray v = a.view(rd.dtype, std::move(shape), std::move(strides), offset);
  return wrap(std::move(v), rd.dtype.is_void() ? nb::handle(base_dt) : nb::handle(), &pa, self);
}

// A cupric array `value` as the source of an assignment to `dst`: a structured (void) dtype on
// either side must be the other's exactly (V14-STRUCT); other dtypes are cast by the caller.
const ndarray& array_source_for(const ndarray& dst, nb::handle dst_descr, nb::handle value) {
  PyArray& v = unwrap(value);
  if (dst.dtype().is_void() || v.arr.dtype().is_void()) {
    nb::object a = dtype_object(dst.dtype(), dst_descr), b = dtype_object(v.arr.dtype(), v.descr);
    if (!a.equal(b))
      throw TypeError("cannot assign an array of dtype " + nb::cast<std::string>(nb::str(b)) + " to one of dtype " +
                      nb::cast<std::string>(nb::str(a)) +
                      " (V14-STRUCT: structured arrays take values of the same dtype)");
  }
  return v.arr;
}

// A setitem value as an array: cupric arrays as they are, scalars and array-likes converted to
// the target's dtype (as NumPy's setitem does).
ndarray value_array_for(const ndarray& dst, nb::handle dst_descr, nb::handle value) {
  if (is_array(value)) return array_source_for(dst, dst_descr, value);
  if (!dst.dtype().is_void() && (is_python_scalar(value) || nb::isinstance(value, numpy().attr("generic"))))
    return full(Dims{}, scalar_for(value, dst.dtype()), dst.dtype());
  nb::handle dt = dst.dtype().is_void() ? dst_descr : nb::handle(dtype_object(dst.dtype()));
  return as_device_array(value, dt);
}

}  // namespace

nb::object array_getitem(nb::handle self, nb::handle key) {
  if (PyUnicode_Check(key.ptr())) return field_view(self, nb::cast<std::string>(key));
  PyArray& pa = unwrap(self);
  std::vector<Index> idx;
  parse_key(key, idx);
  ndarray v = cupric::getitem(pa.arr, idx);
  return wrap(std::move(v), pa.descr, &pa, self);
}

void array_setitem(nb::handle self, nb::handle key, nb::handle value) {
  if (PyUnicode_Check(key.ptr())) {
    nb::object f = field_view(self, nb::cast<std::string>(key));
    PyArray& fa = unwrap(f);
    assign_to(fa.arr, fa.descr, value);
    return;
  }
  PyArray& pa = unwrap(self);
  std::vector<Index> idx;
  parse_key(key, idx);
  if (is_basic(idx)) {
    assign_to(basic_index(pa.arr, idx), pa.descr, value);
    return;
  }
  cupric::setitem(pa.arr, idx, value_array_for(pa.arr, pa.descr, value));
}

namespace {

// Makes `stream` (a cupric.cuda Stream, or None: no change) current on `device` for a scope.
class CurrentStreamGuard {
 public:
  CurrentStreamGuard(nb::handle stream, Backend& b, int device) : b_(b) {
    if (stream.is_none()) return;
    if (!nb::hasattr(stream, "_obj"))
      throw TypeError("stream must be a cupric.cuda.Stream, not " +
                      nb::cast<std::string>(nb::str(stream.type().attr("__name__"))));
    Stream s = nb::cast<StreamObject&>(stream.attr("_obj")).stream();
    s.device = device;  // the null and per-thread streams exist on every device
    prev_ = b.current_stream(device);
    b.set_current_stream(s);
    active_ = true;
  }
  ~CurrentStreamGuard() {
    if (active_) b_.set_current_stream(prev_);
  }

 private:
  Backend& b_;
  Stream prev_;
  bool active_ = false;
};

nb::object host_buffer_ptr(nb::handle np_arr) { return np_arr.attr("__array_interface__")["data"][0]; }

}  // namespace

nb::object array_get(nb::handle self, nb::handle stream, nb::handle order_obj, nb::handle out, bool blocking) {
  PyArray& pa = unwrap(self);
  const ndarray& a = pa.arr;
  CurrentStreamGuard guard(stream, a.backend(), a.device());  // the copy (and a blocking wait) on `stream`
  Order order = order_obj.is_none() ? Order::C : to_order(order_obj);
  if (order == Order::A || order == Order::K) order = (a.f_contiguous() && !a.c_contiguous()) ? Order::F : Order::C;
  nb::object descr = dtype_object(a.dtype(), pa.descr);
  nb::object np = numpy();
  nb::object result;
  if (!out.is_none()) {
    if (!nb::isinstance(out, np.attr("ndarray"))) throw TypeError("out must be a numpy.ndarray");
    if (to_dims(out.attr("shape")) != a.shape())
      throw ValueError("Shape mismatch: out has shape " + shape_str(to_dims(out.attr("shape"))) + ", the array " +
                       shape_str(a.shape()));
    if (!out.attr("dtype").equal(descr))
      throw TypeError("dtype mismatch: out has dtype " + nb::cast<std::string>(nb::str(nb::object(out.attr("dtype")))) +
                      ", the array " + nb::cast<std::string>(nb::str(descr)));
    nb::object flags = out.attr("flags");
    if (nb::cast<bool>(flags.attr("c_contiguous")))
      order = Order::C;
    else if (nb::cast<bool>(flags.attr("f_contiguous")))
      order = Order::F;
    else
      throw ValueError("out must be C- or F-contiguous");
    result = nb::borrow(out);
  } else {
    result = np.attr("empty")(dims_tuple(a.shape()), descr, order == Order::F ? "F" : "C");
  }
  uintptr_t ptr = nb::cast<uintptr_t>(host_buffer_ptr(result));
  to_host(a, reinterpret_cast<void*>(ptr), order, blocking);
  return result;
}

void array_set(nb::handle self, nb::handle arr, nb::handle stream) {
  PyArray& pa = unwrap(self);
  CurrentStreamGuard guard(stream, pa.arr.backend(), pa.arr.device());
  nb::object np = numpy();
  if (!nb::isinstance(arr, np.attr("ndarray"))) throw TypeError("Only numpy.ndarray can be set to cupric.ndarray");
  nb::object descr = dtype_object(pa.arr.dtype(), pa.descr);
  nb::object arr_dtype = arr.attr("dtype");
  // V10-BIGENDIAN: a non-native array of the same type is converted on the way, values preserved.
  if (!nb::cast<bool>(arr_dtype.attr("isnative"))) arr_dtype = arr_dtype.attr("newbyteorder")("=");
  if (!arr_dtype.equal(descr))
    throw TypeError(nb::cast<std::string>(nb::str(nb::object(arr.attr("dtype")))) + " array cannot be set to " +
                    nb::cast<std::string>(nb::str(descr)) + " array");
  if (to_dims(arr.attr("shape")) != pa.arr.shape())
    throw ValueError("Shape mismatch. Old shape: " + shape_str(pa.arr.shape()) +
                     ", new shape: " + shape_str(to_dims(arr.attr("shape"))));
  ndarray tmp = as_device_array(arr);
  copyto(pa.arr, tmp, Casting::Unsafe);
}

// ndarray.item(*args): no argument (size-1 arrays), one flat C-order index, or one index per axis
// (given as arguments or as one tuple), negative indices counted from the end, as NumPy's.
nb::object array_item(const PyArray& self, nb::args args) {
  const ndarray& a = self.arr;
  if (args.size() == 0) return item_of(a);
  std::vector<nb::handle> idx;
  if (args.size() == 1 && PyTuple_Check(args[0].ptr())) {
    nb::tuple t = nb::borrow<nb::tuple>(args[0]);
    for (size_t i = 0; i < t.size(); ++i) idx.push_back(t[i]);
  } else {
    for (size_t i = 0; i < args.size(); ++i) idx.push_back(args[i]);
  }
  int64_t offset = 0;
  if (idx.size() == 1) {
    PyObject* p = idx[0].ptr();
    Py_ssize_t v = PyNumber_AsSsize_t(p, PyExc_IndexError);
    if (v == -1 && PyErr_Occurred()) throw nb::python_error();
    int64_t n = a.size(), i = v < 0 ? v + n : v;
    if (i < 0 || i >= n)
      throw IndexError("index " + std::to_string(v) + " is out of bounds for size " + std::to_string(n));
    for (int d = a.ndim() - 1; d >= 0; --d) {
      int64_t len = a.shape()[d];
      offset += (i % len) * a.strides()[d];
      i /= len;
    }
  } else if (static_cast<int>(idx.size()) == a.ndim()) {
    for (int d = 0; d < a.ndim(); ++d) {
      Py_ssize_t v = PyNumber_AsSsize_t(idx[d].ptr(), PyExc_IndexError);
      if (v == -1 && PyErr_Occurred()) throw nb::python_error();
      int64_t len = a.shape()[d], i = v < 0 ? v + len : v;
      if (i < 0 || i >= len)
        throw IndexError("index " + std::to_string(v) + " is out of bounds for axis " + std::to_string(d) +
                         " with size " + std::to_string(len));
      offset += i * a.strides()[d];
    }
  } else {
    throw ValueError("incorrect number of indices for array");
  }
  return item_of(a.view(Dims{}, Dims{}, offset));
}

namespace {

bool contains_device_arrays(nb::handle obj) {
  if (is_array(obj)) return true;
  if (!PyList_Check(obj.ptr()) && !PyTuple_Check(obj.ptr())) return false;
  for (nb::handle item : obj)
    if (contains_device_arrays(item)) return true;
  return false;
}

// A list/tuple nesting cupric arrays, with each array brought to the host (one sync each).
nb::object nested_to_host(nb::handle obj) {
  if (is_array(obj)) return array_get(obj, nb::none(), nb::str("C"), nb::none(), true);
  if (!PyList_Check(obj.ptr()) && !PyTuple_Check(obj.ptr())) return nb::borrow(obj);
  nb::list out;
  for (nb::handle item : obj) out.append(nested_to_host(item));
  return out;
}

}  // namespace

bool is_array(nb::handle obj) {
  return g_array_type.is_valid() && PyObject_TypeCheck(obj.ptr(), (PyTypeObject*)g_array_type.ptr());
}

PyArray& unwrap(nb::handle obj) {
  if (!is_array(obj))
    throw TypeError("expected a cupric.ndarray, got " + nb::cast<std::string>(nb::str(obj.type().attr("__name__"))));
  return *nb::inst_ptr<PyArray>(obj);
}

nb::object wrap(ndarray a, nb::handle descr, const PyArray* view_of, nb::handle view_of_obj) {
  // The instance is made in place from the cached type object (nb::cast would look the C++
  // type up in nanobind's registry and move-construct from a temporary: measurable per small op).
  nb::object o = nb::inst_alloc(g_array_type);
  PyArray* pa = new (nb::inst_ptr<PyArray>(o))
      PyArray{std::move(a), nb::none(), descr.is_valid() ? nb::borrow(descr) : nb::none()};
  if (view_of && pa->arr.memory() == view_of->arr.memory())
    pa->base = view_of->base.is_none() ? nb::borrow(view_of_obj) : view_of->base;
  nb::inst_mark_ready(o);
  return o;
}

nb::object wrap_view(ndarray a, nb::handle self_obj) {
  PyArray& s = unwrap(self_obj);
  return wrap(std::move(a), s.descr, &s, self_obj);
}

Dims to_dims(nb::handle obj) {
  if (PyLong_Check(obj.ptr()) || (PyIndex_Check(obj.ptr()) && !PySequence_Check(obj.ptr())))
    return Dims{index_value(obj.ptr())};
  if (!PySequence_Check(obj.ptr()))
    throw TypeError("'" + nb::cast<std::string>(nb::str(obj.type().attr("__name__"))) +
                    "' object cannot be interpreted as an integer");
  nb::object seq = nb::steal(PySequence_Fast(obj.ptr(), "expected a sequence of integers"));
  if (!seq.is_valid()) throw nb::python_error();
  Py_ssize_t n = PySequence_Fast_GET_SIZE(seq.ptr());
  Dims d;
  d.reserve(static_cast<size_t>(n));
  for (Py_ssize_t i = 0; i < n; ++i) {
    PyObject* it = PySequence_Fast_GET_ITEM(seq.ptr(), i);
    if (!PyIndex_Check(it))
      throw TypeError("'" + nb::cast<std::string>(nb::str(nb::handle(it).type().attr("__name__"))) +
                      "' object cannot be interpreted as an integer");
    d.push_back(index_value(it));
  }
  return d;
}

nb::tuple dims_tuple(const Dims& d) {
  PyObject* t = PyTuple_New(static_cast<Py_ssize_t>(d.size()));
  for (size_t i = 0; i < d.size(); ++i) PyTuple_SET_ITEM(t, i, PyLong_FromLongLong(d[i]));
  return nb::steal<nb::tuple>(t);
}

Order to_order(nb::handle obj, bool allow_ak) {
  if (obj.is_none()) return Order::K;
  if (PyUnicode_Check(obj.ptr())) {  // (read in place: no std::string per call)
    Py_ssize_t n = 0;
    const char* c = PyUnicode_AsUTF8AndSize(obj.ptr(), &n);
    if (!c) throw nb::python_error();
    return parse_order(n == 1 ? c[0] : '?', allow_ak);
  }
  std::string s = nb::cast<std::string>(obj);
  if (s.size() != 1) parse_order('?', allow_ak);
  return parse_order(s[0], allow_ak);
}

nb::object item_of(const ndarray& a) {
  if (a.size() != 1) throw ValueError("can only convert an array of size 1 to a Python scalar");
  if (a.dtype().is_void()) throw TypeError("item() of a void or structured array: call .get().item()");
  Scalar s;
  s.dtype = a.dtype();
  to_host(a, s.bytes, Order::C, true);
  switch (a.dtype().type) {
    case ScalarType::Bool: return nb::bool_(s.as<bool>());
    case ScalarType::UInt64: return nb::steal(PyLong_FromUnsignedLongLong(s.as<uint64_t>()));
    case ScalarType::Complex64:
    case ScalarType::Complex128: {
      complex128 c = s.as<complex128>();
      return nb::steal(PyComplex_FromDoubles(c.re, c.im));
    }
    default:
      if (a.dtype().is_integer()) return nb::steal(PyLong_FromLongLong(s.as<int64_t>()));
      return nb::float_(s.as<double>());
  }
}

Operand operand_of(nb::handle v) {
  Operand o;
  if (to_operand(v, o)) return o;
  return Operand(as_device_array(v));
}

void assign_to(const ndarray& dst, nb::handle dst_descr, nb::handle value) {
  if (is_array(value)) {
    copyto(dst, array_source_for(dst, dst_descr, value), Casting::Unsafe);
    return;
  }
  bool numeric_scalar = is_python_scalar(value) ||
                        (nb::isinstance(value, numpy().attr("generic")) &&
                         !resolve_dtype(value.attr("dtype")).dtype.is_void());  // record scalars copy as arrays
  if (numeric_scalar) {
    // scalar_for raises the V14-STRUCT TypeError for void/structured targets (as fill does).
    fill(dst, scalar_for(value, dst.dtype()));
    return;
  }
  nb::handle dt = dst.dtype().is_void() ? dst_descr : nb::handle(dtype_object(dst.dtype()));
  ndarray tmp = as_device_array(value, dt);
  copyto(dst, tmp, Casting::Unsafe);
}

ndarray array_arg_or_none(nb::handle obj) {
  if (obj.is_none()) return ndarray();
  return is_array(obj) ? unwrap(obj).arr : as_device_array(obj);
}

ndarray as_device_array(nb::handle obj, nb::handle dtype, nb::object* descr_out, Order order) {
  if (is_array(obj)) {
    PyArray& pa = unwrap(obj);
    if (descr_out) *descr_out = pa.descr;
    if (dtype.is_none()) return pa.arr;
    ResolvedDType rd = resolve_dtype(dtype);
    if (descr_out) *descr_out = rd.dtype.is_void() ? rd.descr : nb::none();
    return astype(pa.arr, rd.dtype, Order::K, Casting::Unsafe, false);
  }
  if (std::optional<ndarray> f = foreign_device_array(obj, std::nullopt))  // __cuda_array_interface__
    return as_device_array(wrap(std::move(*f)), dtype, descr_out, order);
  nb::object np = numpy();
  nb::object host;
  if ((PyList_Check(obj.ptr()) || PyTuple_Check(obj.ptr())) && contains_device_arrays(obj))
    return as_device_array(nested_to_host(obj), dtype, descr_out, order);  // CuPy accepts these
  if (dtype.is_none())
    host = np.attr("asarray")(obj);
  else
    host = np.attr("asarray")(obj, resolve_dtype(dtype).descr);
  ResolvedDType rd = resolve_dtype(host.attr("dtype"));
  // V10-BIGENDIAN: non-native byte order is converted on the host, values preserved.
  if (!host.attr("dtype").equal(rd.descr) || !nb::cast<bool>(host.attr("dtype").attr("isnative")))
    host = host.attr("astype")(rd.descr);
  nb::object flags = host.attr("flags");
  bool c = nb::cast<bool>(flags.attr("c_contiguous")), f = nb::cast<bool>(flags.attr("f_contiguous"));
  if (order == Order::F ? !f : (order == Order::C ? !c : !(c || f)))
    host = order == Order::F ? np.attr("asfortranarray")(host) : np.attr("ascontiguousarray")(host);
  Dims shape = to_dims(host.attr("shape")), strides = to_dims(host.attr("strides"));
  uintptr_t ptr = nb::cast<uintptr_t>(host_buffer_ptr(host));
  if (descr_out) *descr_out = rd.dtype.is_void() ? rd.descr : nb::none();
  ndarray r = from_host(reinterpret_cast<const void*>(ptr), shape, strides, rd.dtype);
  // An array that is both C- and F-contiguous (all but one dimension of length 1) can carry
  // either strides; NumPy gives it F's for order F and C's otherwise (from_host's choice).
  if (order == Order::F && r.size() > 1 && r.c_contiguous() && r.f_contiguous()) {
    Dims want = f_strides(shape, rd.dtype.itemsize);
    if (want != r.strides()) r = r.view(shape, want);
  }
  return r;
}

void init_ndarray(nb::module_& m) {
  auto cls = nb::class_<PyArray>(m, "ndarray", nb::type_slots(ndarray_operator_slots()), nb::is_weak_referenceable(),
#if NB_VERSION_MAJOR > 3 || (NB_VERSION_MAJOR == 3 && NB_VERSION_MINOR >= 1)
                                 // a freed array's Python object is kept for the next result
                                 // (nanobind's instance pool: no allocation or registry update)
                                 nb::pooled(256),
#endif
                                 "cupric.ndarray: an N-dimensional array on the current device (CuPy-compatible).");
  g_array_type = cls.inc_ref();

  m.def(
      "asnumpy",
      [](nb::handle a, nb::handle stream, nb::handle order, nb::handle out, bool blocking) -> nb::object {
        if (is_array(a)) return array_get(a, stream, order, out, blocking);
        nb::object np = numpy();
        if (!out.is_none()) {
          np.attr("copyto")(out, np.attr("asarray")(a));
          return nb::borrow(out);
        }
        return np.attr("asarray")(a, nb::arg("order") = order);
      },
      nb::arg("a"), nb::arg("stream").none() = nb::none(), nb::arg("order").none() = "C",
      nb::arg("out").none() = nb::none(), nb::arg("blocking") = true,
      "Returns an array on the host memory from an arbitrary source array (V13-ASNUMPY).");
}

}  // namespace cupric::py
