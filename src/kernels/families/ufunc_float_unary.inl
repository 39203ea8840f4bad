// Kernel family "ufunc_float_unary": Self's loops of the one-input ufuncs that have float loops only
// (exponents, logarithms, trigonometric and hyperbolic functions, fabs, cbrt, degrees, spacing,
// frexp, modf: the list's `float_unary` rows). Only the inexact dtypes
// (CUPRIC_FAMILY_ufunc_float_unary_DTYPES); integer inputs reach them through type resolution.
// The ufuncs are those of include/cupric/ops/ufunc_list.inc (Note [One definition per ufunc]).
#include "kernels/ufunc/register.hpp"

CUPRIC_FAMILY_BEGIN
struct Register {
  Register() { register_family_ufuncs<Self, ufn::UfuncFamily::float_unary>(); }
} register_instance;
CUPRIC_FAMILY_END
