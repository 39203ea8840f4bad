// Exception types of the C++ API. Each maps to one Python exception type in the binding layer
// (bindings/errors.cpp), following NumPy and CuPy: ValueError, TypeError, IndexError, AxisError, ...
#pragma once
#include <stdexcept>
#include <string>
#include <vector>
#include "cupric/dtype.hpp"

namespace cupric {

class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

#define CUPRIC_DEFINE_ERROR(Name) \
  class Name : public Error {     \
   public:                        \
    using Error::Error;           \
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
// inputs/outputs is not allowed by the casting rule. Ufuncs throw the subclasses below.
class UFuncTypeError : public TypeError {
 public:
  using TypeError::TypeError;
};

// Note [Ufunc exceptions]
// NumPy 2 raises subclasses of UFuncTypeError whose message its __str__ builds from the ufunc
// object (its __name__, nin, nout) and the dtypes involved. The classes below carry exactly
// those fields; the binding layer (bindings/errors.cpp) builds NumPy's own classes from them, so
// that type(e), str(e) and e.ufunc, e.from_, e.to, e.casting, e.in_i/out_i, e.dtypes are NumPy's.
// what() is the same message, for C++ users. Which ufuncs raise UFuncNoLoopError and which a
// plain TypeError when no loop takes the inputs: Note [No-loop errors] in src/ops/ufunc_resolve.cpp.

// numpy's _UFuncNoLoopError: no loop of the ufunc takes the inputs' dtypes:
// "ufunc 'gcd' did not contain a loop with signature matching types (<class
// 'numpy.dtypes.Float64DType'>, <class 'numpy.dtypes.Float64DType'>) -> None".
class UFuncNoLoopError : public UFuncTypeError {
 public:
  UFuncNoLoopError(std::string ufunc, int nin, int nout, std::vector<DType> dtypes, std::vector<char> weak_kinds = {});
  std::string ufunc;  // the ufunc's name
  int nin, nout;
  std::vector<DType> dtypes;     // the inputs' (nin of them; a weak scalar's: its default dtype)
  std::vector<char> weak_kinds;  // per input: 0, or 'i'/'f'/'c' for a Python int/float/complex (NEP 50 weak)
};

// numpy's _UFuncCastingError: the base of the two below.
class UFuncCastingError : public UFuncTypeError {
 public:
  std::string ufunc;  // the ufunc's name
  int nin, nout;
  Casting casting;
  DType from, to;
  int operand;  // NumPy's in_i / out_i: the input's index, or nin + the output's index

 protected:
  UFuncCastingError(const std::string& msg, std::string ufunc, int nin, int nout, Casting casting, DType from, DType to,
                    int operand);
};

// numpy's _UFuncInputCastingError: input `input` (dtype `from`) may not be cast to the loop's
// `to` under `casting`: "Cannot cast ufunc 'add' input 0 from dtype('float64') to
// dtype('int32') with casting rule 'same_kind'" (no index when nin == 1: "input from").
class UFuncInputCastingError : public UFuncCastingError {
 public:
  UFuncInputCastingError(std::string ufunc, int nin, int nout, Casting casting, DType from, DType to, int input);
};

// numpy's _UFuncOutputCastingError: the loop's output `output` (0-based, dtype `from`) may not
// be cast to the out= array's `to`: "Cannot cast ufunc 'add' output from dtype('float64') to
// dtype('int32') with casting rule 'same_kind'" (with two outputs NumPy numbers them nin + k:
// "output 2 from").
class UFuncOutputCastingError : public UFuncCastingError {
 public:
  UFuncOutputCastingError(std::string ufunc, int nin, int nout, Casting casting, DType from, DType to, int output);
};

// NumPy's spelling of a dtype in those messages: "dtype('float64')", "dtype(bfloat16)", and of
// its DType class: "<class 'numpy.dtypes.Float64DType'>" ('i'/'f'/'c' weak_kind: the class of
// Python ints/floats/complexes, "<class 'numpy.dtypes._PyLongDType'>").
std::string numpy_dtype_repr(DType d);
std::string numpy_dtype_class_repr(DType d, char weak_kind = 0);

// numpy.exceptions.AxisError (a ValueError and an IndexError in NumPy).
class AxisError : public ValueError {
 public:
  AxisError(long axis, long ndim)
      : ValueError("axis " + std::to_string(axis) + " is out of bounds for array of dimension " +
                   std::to_string(ndim)) {}
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
