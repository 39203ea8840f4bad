// C++ exceptions to Python exceptions (one C++ type, one Python type; DESIGN.md "Errors"), and
// C++ warnings to warnings.warn.
#include <exception>
#include <utility>
#include "common.hpp"

namespace cupric::py {

namespace {
// Note [Errors from raw slots]: a C function installed directly as a type slot (no nanobind
// dispatch around it) catches the C++ exception, parks it here and calls g_reraise, a nanobind
// function that rethrows it, so the exception is translated by exactly the translators nanobind
// functions use (these below, jit.cpp's, nanobind's own).
thread_local std::exception_ptr g_pending;
nb::handle g_reraise;
nb::handle g_axis_error, g_complex_warning, g_ufunc_type_error;  // leaked on purpose (outlive the interpreter)

void warning_to_python(const char* category, const char* message) {
  PyObject* cat = PyExc_RuntimeWarning;
  if (std::string(category) == "ComplexWarning" && g_complex_warning.is_valid()) cat = g_complex_warning.ptr();
  else if (std::string(category) == "DeprecationWarning") cat = PyExc_DeprecationWarning;
  if (PyErr_WarnEx(cat, message, 1) < 0) throw nb::python_error();
}
}  // namespace

void init_errors(nb::module_& m) {
  nb::object exc = nb::module_::import_("numpy.exceptions");
  g_axis_error = nb::object(exc.attr("AxisError")).release();
  g_complex_warning = nb::object(exc.attr("ComplexWarning")).release();
  try {  // numpy's own class, so `except numpy._core._exceptions.UFuncTypeError` works too
    g_ufunc_type_error = nb::object(nb::module_::import_("numpy._core._exceptions").attr("UFuncTypeError")).release();
  } catch (nb::python_error&) {
    g_ufunc_type_error = nb::handle(PyExc_TypeError).inc_ref();
  }
  static nb::exception<OutOfMemoryError> oom(m, "OutOfMemoryError", PyExc_MemoryError);
  static nb::exception<CudaError> cuda_err(m, "CUDARuntimeError", PyExc_RuntimeError);
  nb::register_exception_translator([](const std::exception_ptr& p, void*) {
    try {
      std::rethrow_exception(p);
    } catch (const AxisError& e) {
      PyErr_SetObject(g_axis_error.ptr(), nb::str(e.what()).ptr());
    } catch (const UFuncTypeError& e) {
      PyErr_SetObject(g_ufunc_type_error.ptr(), nb::str(e.what()).ptr());
    } catch (const ValueError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const TypeError& e) {
      PyErr_SetString(PyExc_TypeError, e.what());
    } catch (const IndexError& e) {
      PyErr_SetString(PyExc_IndexError, e.what());
    } catch (const OverflowError& e) {
      PyErr_SetString(PyExc_OverflowError, e.what());
    } catch (const ZeroDivisionError& e) {
      PyErr_SetString(PyExc_ZeroDivisionError, e.what());
    } catch (const NotImplementedError& e) {
      PyErr_SetString(PyExc_NotImplementedError, e.what());
    } catch (const OutOfMemoryError& e) {
      PyErr_SetString(oom.ptr(), e.what());
    } catch (const CudaError& e) {
      if (!translate_cuda_error(e)) PyErr_SetString(cuda_err.ptr(), e.what());
    } catch (const RuntimeError& e) {
      PyErr_SetString(PyExc_RuntimeError, e.what());
    }
  });
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
