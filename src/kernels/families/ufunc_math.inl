// Kernel family "ufunc_math": Self's loops of the one-input exponent, logarithm, trigonometric and
// hyperbolic ufuncs (ops_math.hpp). Only the inexact dtypes (CUPRIC_FAMILY_ufunc_math_INDICES).
#include "kernels/ufunc/ops_math.hpp"
#include "kernels/ufunc/register.hpp"

CUPRIC_FAMILY_BEGIN
struct Register {
  Register() {
    using namespace ufn;
    register_ops_for<Self, Exp2, Expm1, Log2, Log10, Log1p, Tan, Arcsin, Arccos, Arctan, Sinh, Cosh, Arcsinh, Arccosh,
                     Arctanh, Fabs, Cbrt, Deg2rad, Radians, Rad2deg, Degrees, Spacing, I0>();
  }
} register_instance;
CUPRIC_FAMILY_END
