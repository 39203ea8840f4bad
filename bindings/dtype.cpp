// dtype-like objects <-> DType, Python scalars -> Scalar (NEP 50 value checks), dtype functions.
#include <cmath>
#include <cstring>
#include <limits>
#include <nanobind/stl/pair.h>
#include "common.hpp"

namespace cupric::py {

namespace {
// Module-lifetime references, deliberately leaked: they must not be released after the
// interpreter has finalised.
nb::handle g_numpy, g_np_dtype, g_np_generic;
nb::handle g_bf16;   // numpy dtype of ml_dtypes.bfloat16, None if ml_dtypes is missing, null if not looked up yet
nb::handle g_cache;  // dict: dtype-like -> (type index, itemsize, descr)
nb::handle g_table[kNumNumericTypes];

void load_bf16() {
  if (g_bf16.is_valid()) return;
  try {
    g_bf16 = g_np_dtype(nb::module_::import_("ml_dtypes").attr("bfloat16")).release();
  } catch (nb::python_error&) { g_bf16 = nb::none().release(); }
}

ResolvedDType from_numpy_dtype(nb::handle d) {
  std::string kind = nb::cast<std::string>(d.attr("kind"));
  int64_t size = nb::cast<int64_t>(d.attr("itemsize"));
  auto unsupported = [&]() -> ResolvedDType {
    throw ValueError("Unsupported dtype " + nb::cast<std::string>(nb::str(d)));
  };
  auto numeric = [&](ScalarType t) { return ResolvedDType{DType(t), nb::borrow(g_table[static_cast<int>(t)])}; };
  if (kind.size() == 1 && kind[0] != 'V') {  // the numeric dtype of that kind and size (bfloat16 is kind 'V')
    for (int i = 0; i < kNumNumericTypes; ++i) {
      const DType t(static_cast<ScalarType>(i));
      if (t.type != ScalarType::BFloat16 && t.kind() == kind[0] && t.itemsize == size) return numeric(t.type);
    }
    return unsupported();
  }
  if (kind == "V") {
    load_bf16();
    if (!g_bf16.is_none() && d.equal(g_bf16)) return ResolvedDType{dtypes::bfloat16, nb::borrow(g_bf16)};
    if (!d.attr("subdtype").is_none() || size <= 0) return unsupported();
    nb::object descr = nb::borrow(d);
    // V10-BIGENDIAN: structured dtypes with big-endian fields become native ones (the data is
    // converted on transfer); byteorder is '|' for them, so ask isnative.
    if (!nb::cast<bool>(d.attr("isnative"))) descr = d.attr("newbyteorder")("=");
    return ResolvedDType{DType::void_(static_cast<int32_t>(size)), descr};
  }
  return unsupported();
}
}  // namespace

nb::object numpy() { return nb::borrow(g_numpy); }

ResolvedDType resolve_dtype(nb::handle obj) {
  if (obj.is_none()) return ResolvedDType{dtypes::float64, nb::borrow(g_table[static_cast<int>(ScalarType::Float64)])};
  PyObject* hit = PyDict_GetItemWithError(g_cache.ptr(), obj.ptr());  // borrowed
  if (hit) {
    nb::tuple t = nb::borrow<nb::tuple>(hit);
    int type = nb::cast<int>(t[0]);
    DType dt = type == static_cast<int>(ScalarType::Void) ? DType::void_(nb::cast<int32_t>(t[1]))
                                                          : DType(static_cast<ScalarType>(type));
    return ResolvedDType{dt, t[2]};
  }
  PyErr_Clear();  // unhashable keys raise TypeError here
  nb::object d;
  try {
    d = g_np_dtype(obj);
  } catch (nb::python_error& e) {
    throw TypeError("Cannot interpret '" + nb::cast<std::string>(nb::repr(obj)) + "' as a data type");
  }
  ResolvedDType r = from_numpy_dtype(d);
  if (!r.dtype.is_void() && PyObject_Hash(obj.ptr()) != -1)
    PyDict_SetItem(g_cache.ptr(), obj.ptr(),
                   nb::make_tuple(static_cast<int>(r.dtype.type), r.dtype.itemsize, r.descr).ptr());
  PyErr_Clear();
  return r;
}

nb::object dtype_object(DType dt, nb::handle descr) {
  if (descr.is_valid() && !descr.is_none()) return nb::borrow(descr);
  if (dt.is_void()) return g_np_dtype(nb::str(("V" + std::to_string(dt.itemsize)).c_str()));
  if (dt.type == ScalarType::BFloat16) {
    load_bf16();
    if (g_bf16.is_none()) throw RuntimeError("bfloat16 arrays need the ml_dtypes package: pip install ml_dtypes");
    return nb::borrow(g_bf16);
  }
  return nb::borrow(g_table[dt.index()]);
}

// numpy.float64 and numpy.complex128 subclass Python's float and complex, but they are typed
// (strong) NumPy scalars, not weak Python scalars (NEP 50).
bool is_python_scalar(nb::handle v) {
  return (PyBool_Check(v.ptr()) || PyLong_Check(v.ptr()) || PyFloat_Check(v.ptr()) || PyComplex_Check(v.ptr())) &&
         !nb::isinstance(v, g_np_generic);
}

bool is_numpy_scalar(nb::handle v) { return nb::isinstance(v, g_np_generic); }

ResolvedDType scalar_dtype(nb::handle v) {
  if (PyBool_Check(v.ptr())) return resolve_dtype(nb::str("bool"));
  if (PyLong_Check(v.ptr())) return resolve_dtype(nb::str("int64"));
  if (PyFloat_Check(v.ptr())) return resolve_dtype(nb::str("float64"));
  if (PyComplex_Check(v.ptr())) return resolve_dtype(nb::str("complex128"));
  if (nb::isinstance(v, g_np_generic)) return resolve_dtype(v.attr("dtype"));
  return resolve_dtype(g_numpy.attr("asarray")(v).attr("dtype"));
}

namespace {
[[noreturn]] void out_of_bounds(nb::handle v, DType target) {
  throw OverflowError("Python integer " + nb::cast<std::string>(nb::str(v)) + " out of bounds for " + target.name());
}

// A Python int that fits an integer `target`, else OverflowError (V14-PROMO-2).
Scalar python_int_for(nb::handle v, DType target) {
  int overflow = 0;
  long long x = PyLong_AsLongLongAndOverflow(v.ptr(), &overflow);
  if (overflow == 0 && x == -1 && PyErr_Occurred()) throw nb::python_error();
  if (target.is_integer()) {
    if (overflow < 0) out_of_bounds(v, target);
    if (overflow > 0) {
      unsigned long long u = PyLong_AsUnsignedLongLong(v.ptr());
      if (PyErr_Occurred()) {
        PyErr_Clear();
        out_of_bounds(v, target);
      }
      if (target.type != ScalarType::UInt64) out_of_bounds(v, target);
      return Scalar::of<uint64_t>(u);
    }
    bool ok = visit_scalar_type(target.type, [&]<class T>() {
      if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
        if constexpr (std::is_signed_v<T>)
          return x >= static_cast<long long>(std::numeric_limits<T>::min()) &&
                 x <= static_cast<long long>(std::numeric_limits<T>::max());
        else
          return x >= 0 && static_cast<unsigned long long>(x) <= std::numeric_limits<T>::max();
      }
      return true;
    });
    if (!ok) out_of_bounds(v, target);
    return Scalar::of<int64_t>(x);
  }
  if (target.is_bool()) return Scalar::of<bool>(overflow != 0 || x != 0);
  if (overflow != 0) {
    double d = PyLong_AsDouble(v.ptr());
    if (PyErr_Occurred()) throw nb::python_error();
    return Scalar::of<double>(d);
  }
  return Scalar::of<int64_t>(x);
}
}  // namespace

namespace {
// A NumPy scalar is typed: its value is cast unsafely (uint8 <- int8(-1) stores 255,
// V14-PROMO-2), with NumPy's ComplexWarning for complex -> real.
Scalar numpy_scalar_for(nb::handle v, DType target) {
  ResolvedDType rd = resolve_dtype(v.attr("dtype"));
  if (rd.dtype.is_void()) throw TypeError("cannot use a void scalar as a value here");
  if (rd.dtype.is_complex() && !target.is_complex() && !target.is_bool())
    warn("ComplexWarning", "Casting complex values to real discards the imaginary part");
  nb::object arr = g_numpy.attr("asarray")(v);
  uintptr_t ptr = nb::cast<uintptr_t>(arr.attr("__array_interface__")["data"][0]);
  Scalar s;
  s.dtype = rd.dtype;
  std::memcpy(s.bytes, reinterpret_cast<const void*>(ptr), static_cast<size_t>(rd.dtype.itemsize));
  return s;
}
}  // namespace

Scalar scalar_for(nb::handle v, DType target) {
  if (target.is_void())
    throw TypeError("cannot assign a scalar to a void or structured array; assign to a field (V14-STRUCT)");
  PyObject* p = v.ptr();
  // NumPy scalars first: numpy.float64 and numpy.complex128 are also Python floats and complexes.
  if (nb::isinstance(v, g_np_generic)) return numpy_scalar_for(v, target);
  if (PyBool_Check(p)) return Scalar::of<bool>(p == Py_True);
  if (PyLong_Check(p)) return python_int_for(v, target);
  if (PyFloat_Check(p)) {
    double d = PyFloat_AsDouble(p);
    if (target.is_integer()) {  // NumPy 2 goes through Python's int(): nan/inf raise, range checked
      if (std::isnan(d)) throw ValueError("cannot convert float NaN to integer");
      if (std::isinf(d)) throw OverflowError("cannot convert float infinity to integer");
      nb::object as_int = nb::steal(PyNumber_Long(p));
      return python_int_for(as_int, target);
    }
    return Scalar::of<double>(d);
  }
  if (PyComplex_Check(p)) {
    if (target.is_integer())  // NumPy converts through int() / float(): their messages
      throw TypeError("int() argument must be a string, a bytes-like object or a real number, not 'complex'");
    if (!target.is_complex() && !target.is_bool())
      throw TypeError("float() argument must be a string or a real number, not 'complex'");
    return Scalar::of<complex128>(complex128(PyComplex_RealAsDouble(p), PyComplex_ImagAsDouble(p)));
  }
  throw TypeError("expected a number, got " + nb::cast<std::string>(nb::str(v.type().attr("__name__"))));
}

void init_dtype(nb::module_& m) {
  g_numpy = nb::module_::import_("numpy").release();
  g_np_dtype = nb::object(g_numpy.attr("dtype")).release();
  g_np_generic = nb::object(g_numpy.attr("generic")).release();
  g_cache = nb::dict().release();
  for (int i = 0; i < kNumNumericTypes; ++i) {
    if (static_cast<ScalarType>(i) == ScalarType::BFloat16) continue;
    g_table[i] = g_np_dtype(DType(static_cast<ScalarType>(i)).name().c_str()).release();
  }
  g_table[static_cast<int>(ScalarType::BFloat16)] = nb::none().release();

  m.def(
      "promote_types",
      [](nb::handle a, nb::handle b) {
        DType da = resolve_dtype(a).dtype, db = resolve_dtype(b).dtype;
        try {
          return dtype_object(promote_types(da, db));
        } catch (const TypeError& e) {
          // NumPy raises DTypePromotionError (a TypeError subclass) when no common dtype exists.
          PyErr_SetString(g_numpy.attr("exceptions").attr("DTypePromotionError").ptr(), e.what());
          throw nb::python_error();
        }
      },
      nb::arg("type1"), nb::arg("type2"), "numpy.promote_types for cupric's dtypes (NumPy 2 rules).");
  m.def("_can_cast_dtypes", [](nb::handle from, nb::handle to, const std::string& casting) {
    return can_cast(resolve_dtype(from).dtype, resolve_dtype(to).dtype, parse_casting(casting));
  });
  m.def(
      "_resolve_dtype", [](nb::handle d) { return resolve_dtype(d).descr; },
      "The numpy.dtype cupric uses for a dtype-like (ValueError: Unsupported dtype ...).");
}

}  // namespace cupric::py
