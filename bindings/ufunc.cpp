// cupric.ufunc objects, the ndarray arithmetic/comparison/bitwise operators, result_type and
// min_scalar_type. Operators go from the nanobind slot straight into ufunc_call (DESIGN.md
// decision 1): no Python-level code and no Python objects per argument.
#include <map>
#include <utility>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include "common.hpp"

namespace cupric::py {

namespace {

struct PyUfunc {
  const Ufunc* def;
};

}  // namespace

// A Python object as a ufunc operand; false for types ufuncs do not take (operators then return
// NotImplemented so Python tries the other operand).
bool to_operand(nb::handle v, Operand& out) {
  PyObject* p = v.ptr();
  if (is_array(v)) {
    out.lend(nb::inst_ptr<PyArray>(v)->arr);  // the argument outlives the call
    return true;
  }
  if (PyBool_Check(p)) {
    out = Operand(p == Py_True);
    return true;
  }
  // NumPy scalars before Python numbers: numpy.float64 and numpy.complex128 subclass float and
  // complex, but are strong (NEP 50).
  if (!PyFloat_CheckExact(p) && !PyLong_CheckExact(p) && is_numpy_scalar(v)) {
    ResolvedDType rd = scalar_dtype(v);
    if (rd.dtype.is_void()) return false;
    out = Operand(scalar_for(v, rd.dtype));
    return true;
  }
  if (PyLong_Check(p)) {
    int overflow = 0;
    long long x = PyLong_AsLongLongAndOverflow(p, &overflow);
    if (overflow == 0) {
      if (x == -1 && PyErr_Occurred()) throw nb::python_error();
      out = Operand::weak(Scalar::of<int64_t>(x), 'i');
      return true;
    }
    if (overflow > 0) {
      unsigned long long u = PyLong_AsUnsignedLongLong(p);
      if (!PyErr_Occurred()) {
        out = Operand::weak(Scalar::of<uint64_t>(u), 'i');
        return true;
      }
      PyErr_Clear();
    }
    double d = PyLong_AsDouble(p);
    if (d == -1.0 && PyErr_Occurred()) throw nb::python_error();
    out = Operand::weak(Scalar::of<double>(d), 'i');  // beyond uint64 (fits no integer dtype)
    return true;
  }
  if (PyFloat_Check(p)) {
    out = Operand::weak(Scalar::of<double>(PyFloat_AS_DOUBLE(p)), 'f');
    return true;
  }
  if (PyComplex_Check(p)) {
    out = Operand::weak(Scalar::of<complex128>(complex128(PyComplex_RealAsDouble(p), PyComplex_ImagAsDouble(p))), 'c');
    return true;
  }
  return false;
}

namespace {

// A value assigned to an array part: arrays as they are, anything else as a device array.
ndarray to_operand_array(nb::handle v, const ndarray& like) {
  if (is_array(v)) return unwrap(v).arr;
  (void)like;
  return as_device_array(v);
}

[[noreturn]] void unsupported(nb::handle v) {
  throw TypeError("Unsupported type " + nb::cast<std::string>(nb::repr(v.type())));
}

nb::object wrap_result(const UfuncResult& r, int k, nb::handle given_out) {
  if (given_out.is_valid() && !given_out.is_none()) return nb::borrow(given_out);
  return wrap(r.out[k]);
}

// a OP b (and reflected, in-place): NotImplemented for operand types ufuncs do not take.
nb::object binary(const Ufunc& u, nb::handle a, nb::handle b, bool inplace) {
  Operand in[2];
  if (!to_operand(a, in[0]) || !to_operand(b, in[1])) return nb::borrow(Py_NotImplemented);
  UfuncOptions opts;
  if (inplace) opts.out[0] = in[0].array();
  UfuncResult r = ufunc_call(u, in, 2, opts);
  return inplace ? nb::borrow(a) : wrap(std::move(r.out[0]));
}

nb::object unary(const Ufunc& u, nb::handle a) {
  Operand in;
  in.lend(unwrap(a).arr);
  return wrap(std::move(ufunc_call(u, &in, 1).out[0]));
}

// Note [Operator slots]
// ndarray's arithmetic, bitwise and comparison operators are the type's own number and
// rich-comparison slots, given at type creation (ndarray_operator_slots, used by init_ndarray),
// not methods set on the class: `a + b` goes from the interpreter straight into `binary`, with
// no attribute lookup, bound-method object or nanobind overload dispatch on the way. Python
// still sees __add__, __radd__, __iadd__, __lt__, ... (CPython makes wrapper descriptors for
// the slots). A binary slot gets the operands in expression order whichever of them is the
// ndarray (CPython calls the right operand's slot with (a, b) when the left one's returned
// NotImplemented), so one function serves __add__ and __radd__. Errors are translated as in any
// nanobind function (Note [Errors from raw slots]).
// The ufunc of each slot is the one whose info names it (OperatorSlot: Note [One definition per
// ufunc] in src/kernels/ufunc/ufunc_registry.hpp), found once, at module init, among all_ufuncs():
// the slot holds its public handle, the op-table entry's address (Note [Ufunc handles] in
// include/cupric/ops/ufunc_description.hpp), so a call costs no lookup.
using Slot = OperatorSlot;
const Ufunc* g_slot_ops[static_cast<int>(Slot::Count)] = {};

void init_slot_ops() {
  for (const Ufunc* d : all_ufuncs())
    if (d->slot != Slot::None) g_slot_ops[static_cast<int>(d->slot)] = d;
  for (int k = 1; k < static_cast<int>(Slot::Count); ++k)
    if (!g_slot_ops[k]) throw RuntimeError("no ufunc implements ndarray operator slot " + std::to_string(k));
}

const Ufunc& slot_op(Slot k) { return *g_slot_ops[static_cast<int>(k)]; }

PyObject* binary_slot_call(Slot k, PyObject* a, PyObject* b, bool inplace) noexcept {
  try {
    return binary(slot_op(k), a, b, inplace).release().ptr();
  } catch (...) { return raise_current_exception(); }
}

template <Slot K, bool Inplace>
PyObject* binary_slot(PyObject* a, PyObject* b) noexcept {
  return binary_slot_call(K, a, b, Inplace);
}

// pow(a, b) and a **= b; a three-argument pow is not supported (NumPy: TypeError).
template <bool Inplace>
PyObject* power_slot(PyObject* a, PyObject* b, PyObject* mod) noexcept {
  if (mod != Py_None) Py_RETURN_NOTIMPLEMENTED;
  return binary_slot<Slot::Power, Inplace>(a, b);
}

template <Slot K>
PyObject* unary_slot(PyObject* a) noexcept {
  try {
    return unary(slot_op(K), a).release().ptr();
  } catch (...) { return raise_current_exception(); }
}

PyObject* divmod_slot(PyObject* a, PyObject* b) noexcept {
  try {
    Operand in[2];
    if (!to_operand(a, in[0]) || !to_operand(b, in[1])) Py_RETURN_NOTIMPLEMENTED;
    UfuncResult r = ufunc_call(slot_op(Slot::Divmod), in, 2);
    return nb::make_tuple(wrap(std::move(r.out[0])), wrap(std::move(r.out[1]))).release().ptr();
  } catch (...) { return raise_current_exception(); }
}

// Note [Comparing with other objects]
// NumPy compares an array with an object no ufunc takes (None, object(), a string) element by
// element as Python objects: `x == None` is an array of False, `x != object()` one of True, not
// the Python bool CPython's identity fallback gives. Array-likes (sequences, objects with an array
// protocol or NumPy's __array_ufunc__ opt-out) and objects with their own __eq__ are left to
// NotImplemented, as before: their own comparison, or the other library's, decides.
bool compares_as_object(nb::handle b) {
  if (b.is_none() || PyUnicode_Check(b.ptr()) || PyBytes_Check(b.ptr())) return true;
  if (PyList_Check(b.ptr()) || PyTuple_Check(b.ptr())) return false;
  for (const char* attr : {"__array_ufunc__", "__array__", "__array_interface__", "__cuda_array_interface__",
                           "__dlpack__", "__array_namespace__"})
    if (nb::hasattr(b, attr)) return false;
  // Only objects compared by identity: a type with its own __eq__/__ne__ decides for itself
  // (NumPy would call it once per element; cupric lets Python call it once, on the array).
  nb::handle object_type(reinterpret_cast<PyObject*>(&PyBaseObject_Type));
  return b.type().attr("__eq__").is(object_type.attr("__eq__")) &&
         b.type().attr("__ne__").is(object_type.attr("__ne__"));
}

// a < b, ...: CPython calls it with the operands swapped and the operator mirrored when the
// left operand returned NotImplemented, which `binary` gives for operands ufuncs do not take
// (`a == None` is an array: Note [Comparing with other objects]).
PyObject* richcompare_slot(PyObject* a, PyObject* b, int cmp) noexcept {
  Slot k;
  switch (cmp) {
    case Py_LT: k = Slot::Less; break;
    case Py_LE: k = Slot::LessEqual; break;
    case Py_EQ: k = Slot::Equal; break;
    case Py_NE: k = Slot::NotEqual; break;
    case Py_GT: k = Slot::Greater; break;
    case Py_GE: k = Slot::GreaterEqual; break;
    default: Py_RETURN_NOTIMPLEMENTED;
  }
  PyObject* r = binary_slot_call(k, a, b, false);
  if (r != Py_NotImplemented || (cmp != Py_EQ && cmp != Py_NE) || !is_array(a)) return r;
  try {
    if (!compares_as_object(b)) return r;
    Py_DECREF(r);
    const ndarray& x = unwrap(a).arr;
    ndarray res = ndarray::empty(x.shape(), dtypes::bool_, Order::C, &x.backend());
    fill(res, Scalar::of<bool>(cmp == Py_NE));
    return wrap(std::move(res)).release().ptr();
  } catch (...) { return raise_current_exception(); }
}

template <class F>
void* slot_fn(F f) {
  return reinterpret_cast<void*>(f);
}

void parse_options(const Ufunc& u, bool positional_out, nb::kwargs kwargs, UfuncOptions& opts, nb::handle* outs,
                   ndarray& where_arr);

nb::object call(const PyUfunc& self, nb::args args, nb::kwargs kwargs) {
  const Ufunc& u = *self.def;
  const int nargs = static_cast<int>(args.size());
  if (nargs < u.nin || nargs > u.nin + u.nout)
    throw TypeError(u.name + "() takes from " + std::to_string(u.nin) + " to " + std::to_string(u.nin + u.nout) +
                    " positional arguments but " + std::to_string(nargs) + " were given");
  Operand in[kMaxOperands];
  for (int i = 0; i < u.nin; ++i)
    if (!to_operand(args[i], in[i])) unsupported(args[i]);
  UfuncOptions opts;
  nb::handle outs[2];
  for (int k = 0; k < nargs - u.nin; ++k) outs[k] = args[u.nin + k];
  ndarray where_arr;
  parse_options(u, nargs > u.nin, kwargs, opts, outs, where_arr);
  UfuncResult r = ufunc_call(u, in, u.nin, opts);
  if (u.nout == 1) return wrap_result(r, 0, outs[0]);
  return nb::make_tuple(wrap_result(r, 0, outs[0]), wrap_result(r, 1, outs[1]));
}

// ufunc(x) / ufunc(x1, x2), with no keyword or only out=: the common calls, through overloads
// that take the arguments as they come (nanobind builds no args tuple or kwargs dict for them).
// Any other count, a tuple out= or a non-array out= goes to `call`, which checks it.
// `out`, when valid, is the out= keyword (one array or None) of a one-output ufunc.
nb::object call_positional(const PyUfunc& self, const nb::handle* argv, int nargs, nb::handle out = nb::handle()) {
  const Ufunc& u = *self.def;
  const bool has_out = out.is_valid() && !out.is_none();
  if (nargs != u.nin || (has_out && (u.nout != 1 || !is_array(out)))) {
    nb::tuple t = nb::steal<nb::tuple>(PyTuple_New(nargs));
    for (int i = 0; i < nargs; ++i) PyTuple_SET_ITEM(t.ptr(), i, nb::borrow(argv[i]).release().ptr());
    nb::kwargs kw = nb::steal<nb::kwargs>(PyDict_New());
    if (out.is_valid()) kw["out"] = out;
    return call(self, nb::borrow<nb::args>(t), kw);
  }
  Operand in[2];  // (nargs == u.nin <= 2 here: the overloads take one or two arguments)
  for (int i = 0; i < nargs; ++i)
    if (!to_operand(argv[i], in[i])) unsupported(argv[i]);
  UfuncOptions opts;
  if (has_out) opts.out[0] = nb::inst_ptr<PyArray>(out)->arr;
  UfuncResult r = ufunc_call(u, in, nargs, opts);
  if (has_out) return nb::borrow(out);
  if (u.nout == 1) return wrap(std::move(r.out[0]));
  return nb::make_tuple(wrap(std::move(r.out[0])), wrap(std::move(r.out[1])));
}

// ufunc.outer(A, B, **kwargs): arrays (anything else converted to one).
nb::object outer(const PyUfunc& self, nb::handle a, nb::handle b, nb::kwargs kwargs) {
  const Ufunc& u = *self.def;
  UfuncOptions opts;
  nb::handle outs[2];
  ndarray where_arr;
  parse_options(u, false, kwargs, opts, outs, where_arr);
  UfuncResult r = ufunc_outer(u, as_device_array(a), as_device_array(b), opts);
  if (u.nout == 1) return wrap_result(r, 0, outs[0]);
  return nb::make_tuple(wrap_result(r, 0, outs[0]), wrap_result(r, 1, outs[1]));
}

// ufunc.at(a, indices, b=None): in place (Note [ufunc.at] in src/ops/ufunc_methods.cpp).
void at(const PyUfunc& self, nb::handle a, nb::handle indices, nb::handle b) {
  if (!is_array(a)) throw TypeError("ufunc.at: the first operand must be a cupric.ndarray");
  std::vector<Index> idx;
  parse_index_key(indices, idx);
  if (b.is_none()) {
    ufunc_at(*self.def, unwrap(a).arr, idx, nullptr);
    return;
  }
  Operand ob;
  if (!to_operand(b, ob)) ob = Operand(as_device_array(b));
  ufunc_at(*self.def, unwrap(a).arr, idx, &ob);
}

// signature=: a type string ("ff->f") or a tuple of dtypes and Nones, one per operand (NumPy 2's
// forms and errors; a single type must go through dtype=). Note [Ufunc signatures] in src/ops/ufunc_resolve.cpp.
std::vector<std::optional<DType>> parse_signature(const Ufunc& u, nb::handle value) {
  const int nargs = u.nin + u.nout;
  std::vector<std::optional<DType>> sig;
  const char* single = "Use `dtype` or  fill the tuple with more than one 'None'.";
  if (nb::isinstance<nb::str>(value)) {
    const std::string text = nb::cast<std::string>(value);
    const size_t arrow = text.find("->");
    if (arrow == std::string::npos && text.size() == 1) throw TypeError(single);
    if (arrow == std::string::npos || static_cast<int>(arrow) != u.nin ||
        static_cast<int>(text.size() - arrow - 2) != u.nout)
      throw ValueError("a type-string for " + u.name + ", " + std::to_string(u.nin) + " typecode(s) before and " +
                       std::to_string(u.nout) + " after the -> sign");
    for (char c : text.substr(0, arrow) + text.substr(arrow + 2)) {
      try {
        sig.push_back(resolve_dtype(nb::str(std::string(1, c).c_str())).dtype);
      } catch (const std::exception&) { throw ValueError("Invalid data-type for array"); }
    }
    return sig;
  }
  if (!PyTuple_Check(value.ptr())) throw TypeError("the signature object to ufunc must be a string or a tuple.");
  const int n = static_cast<int>(PyTuple_GET_SIZE(value.ptr()));
  if (n == 1) throw TypeError(single);
  if (n != nargs)
    throw ValueError("a type-tuple must be specified of length " + std::to_string(nargs) + " for ufunc '" + u.name +
                     "'");
  for (int k = 0; k < n; ++k) {
    nb::handle t = PyTuple_GET_ITEM(value.ptr(), k);
    sig.push_back(t.is_none() ? std::optional<DType>() : std::optional<DType>(resolve_dtype(t).dtype));
  }
  for (const auto& t : sig)
    if (t) return sig;
  return {};  // all None: no constraint
}

void parse_options(const Ufunc& u, bool positional_out, nb::kwargs kwargs, UfuncOptions& opts, nb::handle* outs,
                   ndarray& where_arr) {
  const int nargs = positional_out ? u.nin + 1 : u.nin;
  bool dtype_given = false, signature_given = false;
  for (auto [key, value] : kwargs) {
    // (keys compared as C strings: no std::string per keyword on the hot path)
    Py_ssize_t klen = 0;
    const char* kc = PyUnicode_Check(key.ptr()) ? PyUnicode_AsUTF8AndSize(key.ptr(), &klen) : nullptr;
    if (!kc) throw TypeError("keywords must be strings");
    const std::string_view k(kc, static_cast<size_t>(klen));
    if (k == "out") {
      if (nargs > u.nin) throw TypeError("cannot specify 'out' as both a positional and keyword argument");
      if (PyTuple_Check(value.ptr())) {
        if (static_cast<int>(PyTuple_GET_SIZE(value.ptr())) != u.nout)
          throw ValueError("The 'out' tuple must have exactly one entry per ufunc output");
        for (int j = 0; j < u.nout; ++j) outs[j] = PyTuple_GET_ITEM(value.ptr(), j);
      } else {
        if (u.nout != 1 && !value.is_none()) throw TypeError("'out' must be a tuple of arrays");
        outs[0] = value;
      }
    } else if (k == "where") {
      if (PyBool_Check(value.ptr())) {
        opts.where_false = value.ptr() == Py_False;
      } else {
        where_arr = as_device_array(value);
        opts.where = &where_arr;
      }
    } else if (k == "dtype") {
      if (!value.is_none()) opts.dtype = resolve_dtype(value).dtype;
      dtype_given = true;
    } else if (k == "casting") {
      opts.casting = parse_casting(nb::cast<std::string>(value));
    } else if (k == "order") {
      opts.order = to_order(value);
    } else if (k == "subok") {
      // cupric has no ndarray subclasses: subok is accepted and ignored
    } else if (k == "signature" || k == "sig") {
      opts.signature = parse_signature(u, value);
      signature_given = true;
    } else {
      throw TypeError("'" + std::string(k) + "' is an invalid keyword to ufunc '" + u.name + "'");
    }
  }
  if (dtype_given && signature_given) throw TypeError("cannot specify both 'signature' and 'dtype'");
  for (int k = 0; k < u.nout; ++k) {
    if (!outs[k].is_valid() || outs[k].is_none()) continue;
    if (!is_array(outs[k])) throw TypeError("return arrays must be of ArrayType");
    opts.out[k] = unwrap(outs[k]).arr;
  }
}

nb::object identity_object(Identity id) {
  switch (id) {
    case Identity::Zero: return nb::int_(0);
    case Identity::One: return nb::int_(1);
    case Identity::MinusOne: return nb::int_(-1);
    case Identity::MinusInf: return nb::float_(-INFINITY);
    case Identity::True: return nb::bool_(true);
    case Identity::False: return nb::bool_(false);
    default: return nb::none();
  }
}

std::string ufunc_doc(const Ufunc& u) {
  std::string args = u.nin == 1 ? "x" : (u.nin == 2 ? "x1, x2" : "x1, x2, x3");
  std::string out = u.nout == 1 ? "out=None" : "out1, out2, / [, out=(None, None)]";
  return u.name + "(" + args + ", /, " + out + ", *, where=True, casting='same_kind', order='K', dtype=None, " +
         "subok=True[, signature])\n\n" + u.doc;
}

// NumPy 2's signature of a ufunc with nin inputs and nout outputs as an inspect.Signature, the
// __signature__ that inspect.signature(ufunc) reads: (x1, x2, /, out=None, *, where=True,
// casting='same_kind', order='K', dtype=None, subok=True, signature=None); out=(None, None) for two
// outputs. One object per (nin, nout), shared by the ufuncs of that shape.
nb::object ufunc_signature(int nin, int nout) {
  static std::map<std::pair<int, int>, nb::object>* cache = new std::map<std::pair<int, int>, nb::object>();
  auto it = cache->find({nin, nout});
  if (it != cache->end()) return it->second;
  nb::module_ inspect = nb::module_::import_("inspect");
  nb::object param = inspect.attr("Parameter");
  nb::object positional = param.attr("POSITIONAL_ONLY"), either = param.attr("POSITIONAL_OR_KEYWORD"),
             keyword = param.attr("KEYWORD_ONLY");
  nb::list params;
  for (int i = 0; i < nin; ++i)
    params.append(param(nb::str(nin == 1 ? "x" : ("x" + std::to_string(i + 1)).c_str()), positional));
  nb::object no_out = nout == 1 ? nb::none() : nb::object(nb::make_tuple(nb::none(), nb::none()));
  params.append(param("out", either, nb::arg("default") = no_out));
  params.append(param("where", keyword, nb::arg("default") = true));
  params.append(param("casting", keyword, nb::arg("default") = "same_kind"));
  params.append(param("order", keyword, nb::arg("default") = "K"));
  params.append(param("dtype", keyword, nb::arg("default") = nb::none()));
  params.append(param("subok", keyword, nb::arg("default") = true));
  params.append(param("signature", keyword, nb::arg("default") = nb::none()));
  nb::object sig = inspect.attr("Signature")(params);
  cache->emplace(std::make_pair(nin, nout), sig);
  return sig;
}

// Operands of result_type: arrays and dtypes are strong, Python numbers weak.
Operand result_type_operand(nb::handle v) {
  Operand o;
  if (to_operand(v, o)) return o;
  Scalar typed;
  if (nb::hasattr(v, "dtype") && !nb::isinstance<nb::type_object>(v))
    typed.dtype = resolve_dtype(v.attr("dtype")).dtype;
  else
    typed.dtype = resolve_dtype(v).dtype;
  return Operand(typed);
}

}  // namespace

const Ufunc* ufunc_def_of(nb::handle obj) {
  if (!nb::isinstance<PyUfunc>(obj)) return nullptr;
  return nb::cast<const PyUfunc&>(obj).def;
}

const PyType_Slot* ndarray_operator_slots() {
  static const PyType_Slot slots[] = {{Py_nb_add, slot_fn(&binary_slot<Slot::Add, false>)},
                                      {Py_nb_subtract, slot_fn(&binary_slot<Slot::Subtract, false>)},
                                      {Py_nb_multiply, slot_fn(&binary_slot<Slot::Multiply, false>)},
                                      {Py_nb_true_divide, slot_fn(&binary_slot<Slot::TrueDivide, false>)},
                                      {Py_nb_floor_divide, slot_fn(&binary_slot<Slot::FloorDivide, false>)},
                                      {Py_nb_remainder, slot_fn(&binary_slot<Slot::Remainder, false>)},
                                      {Py_nb_power, slot_fn(&power_slot<false>)},
                                      {Py_nb_and, slot_fn(&binary_slot<Slot::And, false>)},
                                      {Py_nb_or, slot_fn(&binary_slot<Slot::Or, false>)},
                                      {Py_nb_xor, slot_fn(&binary_slot<Slot::Xor, false>)},
                                      {Py_nb_lshift, slot_fn(&binary_slot<Slot::Lshift, false>)},
                                      {Py_nb_rshift, slot_fn(&binary_slot<Slot::Rshift, false>)},
                                      {Py_nb_inplace_add, slot_fn(&binary_slot<Slot::Add, true>)},
                                      {Py_nb_inplace_subtract, slot_fn(&binary_slot<Slot::Subtract, true>)},
                                      {Py_nb_inplace_multiply, slot_fn(&binary_slot<Slot::Multiply, true>)},
                                      {Py_nb_inplace_true_divide, slot_fn(&binary_slot<Slot::TrueDivide, true>)},
                                      {Py_nb_inplace_floor_divide, slot_fn(&binary_slot<Slot::FloorDivide, true>)},
                                      {Py_nb_inplace_remainder, slot_fn(&binary_slot<Slot::Remainder, true>)},
                                      {Py_nb_inplace_power, slot_fn(&power_slot<true>)},
                                      {Py_nb_inplace_and, slot_fn(&binary_slot<Slot::And, true>)},
                                      {Py_nb_inplace_or, slot_fn(&binary_slot<Slot::Or, true>)},
                                      {Py_nb_inplace_xor, slot_fn(&binary_slot<Slot::Xor, true>)},
                                      {Py_nb_inplace_lshift, slot_fn(&binary_slot<Slot::Lshift, true>)},
                                      {Py_nb_inplace_rshift, slot_fn(&binary_slot<Slot::Rshift, true>)},
                                      {Py_nb_negative, slot_fn(&unary_slot<Slot::Negative>)},
                                      {Py_nb_positive, slot_fn(&unary_slot<Slot::Positive>)},  // a new array (V10-POS)
                                      {Py_nb_absolute, slot_fn(&unary_slot<Slot::Absolute>)},
                                      {Py_nb_invert, slot_fn(&unary_slot<Slot::Invert>)},
                                      {Py_nb_divmod, slot_fn(&divmod_slot)},
                                      {Py_nb_matrix_multiply, slot_fn(&matmul_slot)},
                                      {Py_nb_inplace_matrix_multiply, slot_fn(&inplace_matmul_slot)},
                                      {Py_tp_richcompare, slot_fn(&richcompare_slot)},
                                      {0, nullptr}};
  return slots;
}

void init_ufunc(nb::module_& m) {
  nb::class_<PyUfunc>(m, "ufunc", nb::dynamic_attr(),
                      "cupric.ufunc: a universal function (NumPy's ufunc) running on the device.")
      .def(
          "__call__", [](const PyUfunc& self, nb::handle x) { return call_positional(self, &x, 1); },
          nb::arg("x").none())
      .def(
          "__call__",
          [](const PyUfunc& self, nb::handle x1, nb::handle x2) {
            const nb::handle argv[2] = {x1, x2};
            return call_positional(self, argv, 2);
          },
          nb::arg("x1").none(), nb::arg("x2").none())
      // ufunc(x, out=o) / ufunc(x1, x2, out=o): the other common call, also without a kwargs dict
      .def(
          "__call__",
          [](const PyUfunc& self, nb::handle x, nb::handle out) { return call_positional(self, &x, 1, out); },
          nb::arg("x").none(), nb::kw_only(), nb::arg("out").none())
      .def(
          "__call__",
          [](const PyUfunc& self, nb::handle x1, nb::handle x2, nb::handle out) {
            const nb::handle argv[2] = {x1, x2};
            return call_positional(self, argv, 2, out);
          },
          nb::arg("x1").none(), nb::arg("x2").none(), nb::kw_only(), nb::arg("out").none())
      .def("__call__", &call)
      .def_prop_ro("nin", [](const PyUfunc& u) { return u.def->nin; })
      .def_prop_ro("nout", [](const PyUfunc& u) { return u.def->nout; })
      .def_prop_ro("nargs", [](const PyUfunc& u) { return u.def->nin + u.def->nout; })
      .def_prop_ro("ntypes", [](const PyUfunc& u) { return u.def->ntypes(); })
      .def_prop_ro("types",
                   [](const PyUfunc& u) {
                     nb::list l;
                     for (const std::string& t : u.def->types()) l.append(nb::str(t.c_str()));
                     return l;
                   })
      .def_prop_ro("identity", [](const PyUfunc& u) { return identity_object(u.def->identity); })
      .def("outer", &outer, nb::arg("A"), nb::arg("B"), nb::arg("kwargs"),
           "Apply the ufunc to all pairs (a, b) with a in A and b in B.")
      .def("at", &at, nb::arg("a"), nb::arg("indices").none(), nb::arg("b").none() = nb::none(),
           "Performs unbuffered in place operation on operand 'a' for elements specified by 'indices' "
           "(repeated indices accumulate: V12-SCATTER).")
      .def("__repr__", [](const PyUfunc& u) { return "<ufunc '" + u.def->name + "'>"; });

  nb::dict table;
  for (const Ufunc* d : all_ufuncs()) {
    nb::object f = nb::cast(PyUfunc{d});
    f.attr("__name__") = nb::str(d->name.c_str());  // instance attributes: __name__ cannot be a class property
    f.attr("__doc__") = nb::str(ufunc_doc(*d).c_str());
    f.attr("__signature__") = ufunc_signature(d->nin, d->nout);
    table[d->name.c_str()] = f;
  }
  for (const UfuncAlias* a = ufunc_aliases(); a->alias; ++a)  // (the same object, as in NumPy)
    if (table.contains(a->name)) table[a->alias] = table[a->name];
  m.attr("_ufuncs") = table;
  init_slot_ops();

  nb::object c = m.attr("ndarray");  // (its operators: Note [Operator slots])
  // real / imag: views of a complex array's parts (settable); a real array's real part is the
  // array itself, its imaginary part a new zero array (NumPy's is read-only).
  auto part = [](bool im) {
    return nb::cpp_function(
        [im](nb::handle self) -> nb::object {
          const ndarray& a = unwrap(self).arr;
          if (!a.dtype().is_complex()) return im ? wrap(imag(a)) : nb::borrow(self);
          return wrap(im ? imag(a) : real(a), nb::handle(), &unwrap(self), self);
        },
        nb::is_method());
  };
  auto set_part = [](bool im) {
    return nb::cpp_function(
        [im](nb::handle self, nb::handle value) {
          const ndarray& a = unwrap(self).arr;
          if (im && !a.dtype().is_complex()) throw TypeError("array does not have imaginary part to set");
          ndarray dst = im ? imag(a) : real(a);
          ndarray v = to_operand_array(value, dst);
          copyto(dst, v, Casting::Unsafe);
        },
        nb::is_method());
  };
  nb::object property = nb::module_::import_("builtins").attr("property");
  c.attr("real") = property(part(false), set_part(false), nb::none(), "The real part of the array.");
  c.attr("imag") = property(part(true), set_part(true), nb::none(), "The imaginary part of the array.");
  c.attr("__hash__") = nb::none();  // defining __eq__ makes arrays unhashable, as NumPy's

  // numpy.fix, around, nan_to_num, angle, sinc, i0 (src/ops/ufunc_funcs.cpp); the Python layer
  // (cupric/_ufunc_funcs.py) converts arguments and handles clip's bound forms.
  auto out_ptr = [](nb::handle out, ndarray& slot) -> const ndarray* {
    if (out.is_none()) return nullptr;
    if (!is_array(out)) throw TypeError("return arrays must be of ArrayType");
    slot = unwrap(out).arr;
    return &slot;
  };
  m.def(
      "_fix",
      [out_ptr](nb::handle x, nb::handle out) {
        ndarray slot;
        ndarray r = fix(as_device_array(x), out_ptr(out, slot));
        return out.is_none() ? wrap(r) : nb::borrow(out);
      },
      nb::arg("x"), nb::arg("out").none());
  m.def(
      "_around",
      [out_ptr](nb::handle a, int decimals, nb::handle out) {
        ndarray slot;
        ndarray r = around(as_device_array(a), decimals, out_ptr(out, slot));
        return out.is_none() ? wrap(r) : nb::borrow(out);
      },
      nb::arg("a"), nb::arg("decimals"), nb::arg("out").none());
  m.def(
      "_nan_to_num",
      [](nb::handle x, bool copy, nb::handle nan, nb::handle posinf, nb::handle neginf) {
        // The replacement values may be numbers or arrays (broadcast against x, as NumPy's).
        ndarray a = as_device_array(x);
        ndarray nan_v = as_device_array(nan), pos_v, neg_v;
        if (!posinf.is_none()) pos_v = as_device_array(posinf);
        if (!neginf.is_none()) neg_v = as_device_array(neginf);
        ndarray r =
            nan_to_num(a, copy, nan_v, posinf.is_none() ? nullptr : &pos_v, neginf.is_none() ? nullptr : &neg_v);
        return (!copy && is_array(x) && r.data() == a.data()) ? nb::borrow(x) : wrap(r);
      },
      nb::arg("x"), nb::arg("copy"), nb::arg("nan"), nb::arg("posinf").none(), nb::arg("neginf").none());
  m.def("_angle", [](nb::handle z, bool deg) { return wrap(angle(as_device_array(z), deg)); });
  m.def("_sinc", [](nb::handle x) { return wrap(sinc(as_device_array(x))); });
  m.def("_i0", [](nb::handle x) { return wrap(i0(as_device_array(x))); });

  m.def(
      "result_type",
      [](nb::args args) {
        std::vector<Operand> ops;
        for (nb::handle a : args) ops.push_back(result_type_operand(a));
        return dtype_object(result_type(ops.data(), static_cast<int>(ops.size())));
      },
      "numpy.result_type with NumPy 2 (NEP 50) rules: Python scalars are weak.");
  m.def(
      "min_scalar_type",
      [](nb::handle a) {
        if (is_array(a)) {
          const ndarray& arr = unwrap(a).arr;
          if (arr.ndim() > 0 || arr.dtype().is_void()) return dtype_object(arr.dtype(), unwrap(a).descr);
          Scalar s;
          s.dtype = arr.dtype();
          to_host(arr, s.bytes, Order::C, true);  // host sync: the value decides the dtype
          return dtype_object(min_scalar_type(s));
        }
        nb::object h = numpy().attr("asarray")(a);
        if (nb::cast<int>(h.attr("ndim")) > 0) return dtype_object(resolve_dtype(h.attr("dtype")).dtype);
        nb::object item = h[nb::tuple()];
        ResolvedDType rd = resolve_dtype(h.attr("dtype"));
        if (rd.dtype.is_void()) return rd.descr;
        return dtype_object(min_scalar_type(scalar_for(item, rd.dtype)));
      },
      nb::arg("a"), "numpy.min_scalar_type: the smallest dtype that holds the value of a scalar or 0-d array.");
}

}  // namespace cupric::py
