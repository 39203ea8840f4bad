// Exception types of the C++ API. Each maps to one Python exception type in the binding layer
// (bindings/errors.cpp), following NumPy and CuPy: ValueError, TypeError, IndexError, AxisError, ...
#pragma once
#include <stdexcept>
#include <string>

namespace cupric {

class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

#define CUPRIC_DEFINE_ERROR(Name)           \
  class Name : public Error {               \
   public:                                  \
    using Error::Error;                     \
  };
CUPRIC_DEFINE_ERROR(ValueError)
CUPRIC_DEFINE_ERROR(TypeError)
CUPRIC_DEFINE_ERROR(IndexError)
CUPRIC_DEFINE_ERROR(OverflowError)
CUPRIC_DEFINE_ERROR(ZeroDivisionError)  // Python's, e.g. arange with step 0
CUPRIC_DEFINE_ERROR(NotImplementedError)
CUPRIC_DEFINE_ERROR(RuntimeError)
#undef CUPRIC_DEFINE_ERROR

// numpy's UFuncTypeError (a TypeError): a ufunc has no loop for the inputs, or a cast of its
// inputs/outputs is not allowed by the casting rule.
class UFuncTypeError : public TypeError {
 public:
  using TypeError::TypeError;
};

// numpy.exceptions.AxisError (a ValueError and an IndexError in NumPy).
class AxisError : public ValueError {
 public:
  AxisError(long axis, long ndim)
      : ValueError("axis " + std::to_string(axis) + " is out of bounds for array of dimension " + std::to_string(ndim)) {}
  explicit AxisError(const std::string& msg) : ValueError(msg) {}
};

// cupric.cuda.memory.OutOfMemoryError (a MemoryError): says the size asked for and the pool's bytes.
class OutOfMemoryError : public Error {
 public:
  OutOfMemoryError(size_t requested, size_t pool_total, size_t pool_used, const std::string& detail = "");
  size_t requested;
  size_t total;
};

// cupric.cuda.runtime.CUDARuntimeError: the CUDA error code, its name and its text.
class CudaError : public Error {
 public:
  CudaError(int code, const std::string& msg) : Error(msg), code(code) {}
  int code;
};

// numpy.exceptions.ComplexWarning and friends are warnings, not errors: the C++ API reports them
// through this hook (the binding turns it into warnings.warn). Default: ignore.
using WarningHandler = void (*)(const char* category, const char* message);
void set_warning_handler(WarningHandler h);
void warn(const char* category, const std::string& message);

// Python's repr of a float for error messages ("0.1", "1e-05", "nan", "inf"): the shortest %g
// form that reads back to the same double. Formatted with snprintf, never an iostream (an
// ostream << double crashed inside a mismatched libstdc++ on the GPU machine).
std::string float_repr(double v);

}  // namespace cupric
