// Error types' messages and the warning hook.
#include "cupric/error.hpp"
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>

namespace cupric {

OutOfMemoryError::OutOfMemoryError(size_t req, size_t pool_total, size_t pool_used, const std::string& detail)
    : Error("Out of memory allocating " + std::to_string(req) +
            " bytes (allocated so far: " + std::to_string(pool_used) + " bytes, the pool holds " +
            std::to_string(pool_total) + " bytes)" + (detail.empty() ? std::string() : ": " + detail)),
      requested(req),
      total(pool_total) {}

std::string numpy_dtype_repr(DType d) {
  if (d.type == ScalarType::BFloat16) return "dtype(bfloat16)";  // (ml_dtypes' repr)
  if (d.is_void()) return "dtype('V" + std::to_string(d.itemsize) + "')";
  return "dtype('" + d.name() + "')";
}

std::string numpy_dtype_class_repr(DType d, char weak_kind) {
  if (weak_kind == 'i') return "<class 'numpy.dtypes._PyLongDType'>";
  if (weak_kind == 'f') return "<class 'numpy.dtypes._PyFloatDType'>";
  if (weak_kind == 'c') return "<class 'numpy.dtypes._PyComplexDType'>";
  if (d.is_void()) return "<class 'numpy.dtypes.VoidDType'>";
  if (d.type == ScalarType::BFloat16) return "<class 'numpy.dtype[bfloat16]'>";  // (ml_dtypes' legacy DType)
  // (NumPy's class names are the ScalarType names: Note [One dtype list])
#define CUPRIC_DTYPE_CLASS(E, T, C, N, CH, K) #E,
  static const char* names[] = {CUPRIC_FORALL_DTYPES(CUPRIC_DTYPE_CLASS)};
#undef CUPRIC_DTYPE_CLASS
  return std::string("<class 'numpy.dtypes.") + names[d.index()] + "DType'>";
}

namespace {
// NumPy's _UFuncNoLoopError.__str__.
std::string no_loop_message(const std::string& ufunc, int nout, const std::vector<DType>& dtypes,
                            const std::vector<char>& weak) {
  auto cls = [&](size_t i) { return numpy_dtype_class_repr(dtypes[i], i < weak.size() ? weak[i] : 0); };
  std::string in;
  if (dtypes.size() == 1) {
    in = cls(0);
  } else {
    in = "(";
    for (size_t i = 0; i < dtypes.size(); ++i) in += cls(i) + (i + 1 < dtypes.size() ? ", " : "");
    in += ")";
  }
  return "ufunc '" + ufunc + "' did not contain a loop with signature matching types " + in + " -> " +
         (nout == 1 ? "None" : "(None, None)");
}

// NumPy's _UFuncInputCastingError / _UFuncOutputCastingError.__str__.
std::string casting_message(const char* what, const std::string& ufunc, bool numbered, int index, DType from, DType to,
                            Casting casting) {
  return "Cannot cast ufunc '" + ufunc + "' " + what + " " + (numbered ? std::to_string(index) + " " : "") + "from " +
         numpy_dtype_repr(from) + " to " + numpy_dtype_repr(to) + " with casting rule '" + casting_name(casting) + "'";
}
}  // namespace

UFuncNoLoopError::UFuncNoLoopError(std::string ufunc_, int nin_, int nout_, std::vector<DType> dtypes_,
                                   std::vector<char> weak_kinds_)
    : UFuncTypeError(no_loop_message(ufunc_, nout_, dtypes_, weak_kinds_)),
      ufunc(std::move(ufunc_)),
      nin(nin_),
      nout(nout_),
      dtypes(std::move(dtypes_)),
      weak_kinds(std::move(weak_kinds_)) {
  weak_kinds.resize(dtypes.size(), 0);
}

UFuncCastingError::UFuncCastingError(const std::string& msg, std::string ufunc_, int nin_, int nout_, Casting casting_,
                                     DType from_, DType to_, int operand_)
    : UFuncTypeError(msg),
      ufunc(std::move(ufunc_)),
      nin(nin_),
      nout(nout_),
      casting(casting_),
      from(from_),
      to(to_),
      operand(operand_) {}

UFuncInputCastingError::UFuncInputCastingError(std::string ufunc_, int nin_, int nout_, Casting casting_, DType from_,
                                               DType to_, int input)
    : UFuncCastingError(casting_message("input", ufunc_, nin_ != 1, input, from_, to_, casting_), ufunc_, nin_, nout_,
                        casting_, from_, to_, input) {}

UFuncOutputCastingError::UFuncOutputCastingError(std::string ufunc_, int nin_, int nout_, Casting casting_, DType from_,
                                                 DType to_, int output)
    : UFuncCastingError(casting_message("output", ufunc_, nout_ != 1, nin_ + output, from_, to_, casting_), ufunc_,
                        nin_, nout_, casting_, from_, to_, nin_ + output) {}

std::string float_repr(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[64];
  int digits = 1;  // the fewest significant digits that read back as v
  for (; digits < 17; ++digits) {
    std::snprintf(buf, sizeof buf, "%.*e", digits - 1, v);
    if (std::strtod(buf, nullptr) == v) break;
  }
  std::snprintf(buf, sizeof buf, "%.*e", digits - 1, v);
  const int exp10 = std::atoi(std::strchr(buf, 'e') + 1);
  if (exp10 < -4 || exp10 >= 16) return buf;  // Python switches to exponent form there
  std::snprintf(buf, sizeof buf, "%.*f", std::max(digits - 1 - exp10, 0), v);
  std::string s = buf;
  if (s.find('.') == std::string::npos) s += ".0";
  return s;
}

namespace {
std::atomic<WarningHandler> g_warning_handler{nullptr};
}
void set_warning_handler(WarningHandler h) { g_warning_handler.store(h); }
void warn(const char* category, const std::string& message) {
  if (auto h = g_warning_handler.load()) h(category, message.c_str());
}

}  // namespace cupric
