// Kernel family "ufunc_unary": Self's loops of the one-input ufuncs (ops_unary.hpp).
#include "kernels/ufunc/register.hpp"

CUPRIC_FAMILY_BEGIN
struct Register {
  Register() {
    using namespace ufn;
    register_ops_for<Self, Negative, Positive, Absolute, Sign, Square, Reciprocal, Sqrt, Exp, Log, Sin, Cos, Tanh,
                          LogicalNot, Invert, IsNan, IsInf, IsFinite, Signbit>();
  }
} register_instance;
CUPRIC_FAMILY_END
