// Kernel family "ufunc_unary": Self's loops of the one-input ufuncs (the list's `unary` rows).
// The ufuncs are those of include/cupric/ops/ufunc_list.inc (Note [One definition per ufunc]).
#include "kernels/ufunc/register.hpp"

CUPRIC_FAMILY_BEGIN
struct Register {
  Register() { register_family_ufuncs<Self, ufn::UfuncFamily::unary>(); }
} register_instance;
CUPRIC_FAMILY_END
