// C++ exceptions to Python exceptions (one C++ type, one Python type; DESIGN.md "Errors"), and
// C++ warnings to warnings.warn.
#include <exception>
#include <utility>
#include "common.hpp"
#include "cupric/runtime/sync_detect.hpp"

namespace cupric::py {

namespace {
// Note [Errors from raw slots]: a C function installed directly as a type slot (no nanobind
// dispatch around it) catches the C++ exception, parks it here and calls g_reraise, a nanobind
// function that rethrows it, so the exception is translated by exactly the translators nanobind
// functions use (these below, jit.cpp's, nanobind's own).
thread_local std::exception_ptr g_pending;
nb::handle g_reraise;
nb::handle g_axis_error, g_complex_warning, g_ufunc_type_error;  // leaked on purpose (outlive the interpreter)
// NumPy's UFuncTypeError subclasses (Note [Ufunc exceptions] in include/cupric/error.hpp); invalid
// where this NumPy lacks them. g_module: this extension module (its _ufuncs table).
nb::handle g_no_loop_error, g_input_casting_error, g_output_casting_error, g_module;
nb::handle g_device_synchronized;  // cupric._syncdetect.DeviceSynchronized, set when that module loads

// e.ufunc of NumPy's ufunc exceptions: cupric's ufunc object of that name, or (for a ufunc not
// exposed to Python) a stand-in with the __name__, nin and nout NumPy's __str__ reads.
nb::object ufunc_object(const std::string& name, int nin, int nout) {
  nb::object table = nb::getattr(g_module, "_ufuncs", nb::none());
  if (nb::isinstance<nb::dict>(table)) {
    nb::dict d = nb::borrow<nb::dict>(table);
    if (d.contains(name.c_str())) {
      nb::object f = d[name.c_str()];
      if (nb::cast<int>(f.attr("nin")) == nin && nb::cast<int>(f.attr("nout")) == nout) return f;
    }
  }
  nb::object ns = nb::module_::import_("types").attr("SimpleNamespace")();
  ns.attr("__name__") = nb::str(name.c_str());
  ns.attr("nin") = nin;
  ns.attr("nout") = nout;
  return ns;
}

// A subclass of `root` named `name`, at any depth; invalid if none.
nb::handle find_subclass(nb::handle root, const char* name) {
  for (nb::handle c : nb::list(root.attr("__subclasses__")())) {
    if (nb::str(c.attr("__name__")).equal(nb::str(name))) return c;
    if (nb::handle f = find_subclass(c, name); f.is_valid()) return f;
  }
  return {};
}

// The DType class NumPy puts in _UFuncNoLoopError.dtypes (numpy.dtypes.Float64DType, ...; for a
// weak Python int/float/complex numpy.dtypes._PyLongDType / _PyFloatDType / _PyComplexDType,
// which numpy.dtypes does not export: found once among numpy.dtype's subclasses).
nb::object dtype_class(DType d, char weak_kind) {
  if (weak_kind == 'i' || weak_kind == 'f' || weak_kind == 'c') {
    static nb::handle py_dtypes[3];  // leaked on purpose (static types of NumPy's)
    static bool looked_up = false;
    if (!looked_up) {
      looked_up = true;
      nb::handle root = numpy().attr("dtype");
      const char* names[3] = {"_PyLongDType", "_PyFloatDType", "_PyComplexDType"};
      for (int k = 0; k < 3; ++k)
        if (nb::handle c = find_subclass(root, names[k]); c.is_valid()) py_dtypes[k] = c.inc_ref();
    }
    const nb::handle c = py_dtypes[weak_kind == 'i' ? 0 : (weak_kind == 'f' ? 1 : 2)];
    if (c.is_valid()) return nb::borrow(c);
  }
  return nb::borrow(reinterpret_cast<PyObject*>(Py_TYPE(dtype_object(d).ptr())));
}

// Raises an instance of NumPy's class `cls` made by `make`, or, if that fails (an older NumPy, no
// ml_dtypes for a bfloat16 dtype), UFuncTypeError with the C++ message.
template <class Make>
void raise_ufunc_error(nb::handle cls, const UFuncTypeError& e, Make make) {
  if (cls.is_valid()) {
    try {
      nb::object inst = make();
      PyErr_SetObject(cls.ptr(), inst.ptr());
      return;
    } catch (const std::exception&) {  // (nb::python_error included: it restores nothing here)
    }
  }
  PyErr_SetObject(g_ufunc_type_error.ptr(), nb::str(e.what()).ptr());
}

// NumPy's _UFuncInputCastingError / _UFuncOutputCastingError(ufunc, casting, from_, to, i).
void raise_casting_error(nb::handle cls, const UFuncCastingError& e) {
  raise_ufunc_error(cls, e, [&] {
    return nb::borrow(cls)(ufunc_object(e.ufunc, e.nin, e.nout), casting_name(e.casting), dtype_object(e.from),
                           dtype_object(e.to), e.operand);
  });
}

void warning_to_python(const char* category, const char* message) {
  PyObject* cat = PyExc_RuntimeWarning;
  if (std::string(category) == "ComplexWarning" && g_complex_warning.is_valid())
    cat = g_complex_warning.ptr();
  else if (std::string(category) == "DeprecationWarning")
    cat = PyExc_DeprecationWarning;
  else if (std::string(category) == "FutureWarning")
    cat = PyExc_FutureWarning;
  if (PyErr_WarnEx(cat, message, 1) < 0) throw nb::python_error();
}
}  // namespace

void init_errors(nb::module_& m) {
  nb::object exc = nb::module_::import_("numpy.exceptions");
  g_axis_error = nb::object(exc.attr("AxisError")).release();
  g_complex_warning = nb::object(exc.attr("ComplexWarning")).release();
  try {  // numpy's own classes, so `except numpy._core._exceptions.UFuncTypeError` works too
    nb::object ex = nb::module_::import_("numpy._core._exceptions");
    g_ufunc_type_error = nb::object(ex.attr("UFuncTypeError")).release();
    g_no_loop_error = nb::getattr(ex, "_UFuncNoLoopError", nb::handle()).release();
    g_input_casting_error = nb::getattr(ex, "_UFuncInputCastingError", nb::handle()).release();
    g_output_casting_error = nb::getattr(ex, "_UFuncOutputCastingError", nb::handle()).release();
  } catch (nb::python_error&) { g_ufunc_type_error = nb::handle(PyExc_TypeError).inc_ref(); }
  g_module = m.inc_ref();
  static nb::exception<OutOfMemoryError> oom(m, "OutOfMemoryError", PyExc_MemoryError);
  static nb::exception<CudaError> cuda_err(m, "CUDARuntimeError", PyExc_RuntimeError);
  nb::register_exception_translator([](const std::exception_ptr& p, void*) {
    try {
      std::rethrow_exception(p);
    } catch (const AxisError& e) {
      PyErr_SetObject(g_axis_error.ptr(), nb::str(e.what()).ptr());
    } catch (const UFuncNoLoopError& e) {
      raise_ufunc_error(g_no_loop_error, e, [&] {
        nb::list dtypes;
        for (size_t i = 0; i < e.dtypes.size(); ++i) dtypes.append(dtype_class(e.dtypes[i], e.weak_kinds[i]));
        for (int k = 0; k < e.nout; ++k) dtypes.append(nb::none());
        return nb::borrow(g_no_loop_error)(ufunc_object(e.ufunc, e.nin, e.nout), nb::tuple(dtypes));
      });
    } catch (const UFuncInputCastingError& e) {
      raise_casting_error(g_input_casting_error, e);
    } catch (const UFuncOutputCastingError& e) {
      raise_casting_error(g_output_casting_error, e);
    } catch (const UFuncTypeError& e) {
      PyErr_SetObject(g_ufunc_type_error.ptr(), nb::str(e.what()).ptr());
    } catch (const ValueError& e) { PyErr_SetString(PyExc_ValueError, e.what()); } catch (const TypeError& e) {
      PyErr_SetString(PyExc_TypeError, e.what());
    } catch (const IndexError& e) { PyErr_SetString(PyExc_IndexError, e.what()); } catch (const OverflowError& e) {
      PyErr_SetString(PyExc_OverflowError, e.what());
    } catch (const ZeroDivisionError& e) {
      PyErr_SetString(PyExc_ZeroDivisionError, e.what());
    } catch (const NotImplementedError& e) {
      PyErr_SetString(PyExc_NotImplementedError, e.what());
    } catch (const OutOfMemoryError& e) { PyErr_SetString(oom.ptr(), e.what()); } catch (const DeviceSynchronized& e) {
      PyErr_SetString(g_device_synchronized.is_valid() ? g_device_synchronized.ptr() : PyExc_RuntimeError, e.what());
    } catch (const CudaError& e) {
      if (!translate_cuda_error(e)) PyErr_SetString(cuda_err.ptr(), e.what());
    } catch (const RuntimeError& e) { PyErr_SetString(PyExc_RuntimeError, e.what()); }
  });
  // cupricx.allow_synchronize (Note [Sync detection] in python/cupric/_syncdetect.py).
  m.def("_set_device_synchronized_class", [](nb::handle cls) { g_device_synchronized = cls.inc_ref(); });
  m.def("_set_synchronize_allowed", &set_synchronize_allowed, nb::arg("allowed"));
  m.def("_synchronize_allowed", &synchronize_allowed);
  m.def("_declare_synchronize", &declare_synchronize);
  set_warning_handler(&warning_to_python);
  g_reraise = nb::cpp_function([] {
                if (std::exception_ptr e = std::exchange(g_pending, nullptr)) std::rethrow_exception(e);
                throw RuntimeError("internal error: no pending C++ exception to raise");
              }).release();
}

PyObject* raise_current_exception() noexcept {
  g_pending = std::current_exception();
  PyObject* r = PyObject_CallNoArgs(g_reraise.ptr());  // always raises
  Py_XDECREF(r);
  g_pending = nullptr;
  return nullptr;
}

}  // namespace cupric::py
