// Kernel family "ufunc_math": Self's loops of the one-input exponent, logarithm, trigonometric and
// hyperbolic ufuncs (the list's `math` rows). Only the inexact dtypes (CUPRIC_FAMILY_ufunc_math_DTYPES).
// The ufuncs are those of include/cupric/ops/ufunc_list.inc (Note [One definition per ufunc]).
#include "kernels/ufunc/register.hpp"

CUPRIC_FAMILY_BEGIN
struct Register {
  Register() { register_family_ufuncs<Self, ufn::UfuncFamily::math>(); }
} register_instance;
CUPRIC_FAMILY_END
