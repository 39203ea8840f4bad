// Kernel family "ufunc_unary": Self's loops of the one-input ufuncs (ops_unary.hpp).
#include "kernels/ufunc/register.hpp"

namespace cupric::family {
namespace {
struct Register {
  Register() {
    using namespace ufn;
    register_ops_for_self<Negative, Positive, Absolute, Sign, Square, Reciprocal, Sqrt, Exp, Log, Sin, Cos, Tanh,
                          LogicalNot, Invert, IsNan, IsInf, IsFinite, Signbit>();
  }
} register_instance;
}  // namespace
}  // namespace cupric::family
