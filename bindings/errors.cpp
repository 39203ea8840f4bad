// C++ exceptions to Python exceptions (one C++ type, one Python type; DESIGN.md "Errors"), and
// C++ warnings to warnings.warn.
#include "common.hpp"

namespace cupric::py {

namespace {
nb::handle g_axis_error, g_complex_warning;  // leaked on purpose (outlive the interpreter)

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
  static nb::exception<OutOfMemoryError> oom(m, "OutOfMemoryError", PyExc_MemoryError);
  static nb::exception<CudaError> cuda_err(m, "CUDARuntimeError", PyExc_RuntimeError);
  nb::register_exception_translator([](const std::exception_ptr& p, void*) {
    try {
      std::rethrow_exception(p);
    } catch (const AxisError& e) {
      PyErr_SetObject(g_axis_error.ptr(), nb::str(e.what()).ptr());
    } catch (const ValueError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const TypeError& e) {
      PyErr_SetString(PyExc_TypeError, e.what());
    } catch (const IndexError& e) {
      PyErr_SetString(PyExc_IndexError, e.what());
    } catch (const OverflowError& e) {
      PyErr_SetString(PyExc_OverflowError, e.what());
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
}

}  // namespace cupric::py
