// Kernel family "ufunc_arith": Self's loops of the arithmetic ufuncs (the list's `arith` rows),
// each with its bound-scalar variants (Note [Scalar operands] in op_table.hpp).
// The ufuncs are those of include/cupric/ops/ufunc_list.inc (Note [One definition per ufunc]).
#include "kernels/ufunc/register.hpp"

CUPRIC_FAMILY_BEGIN
struct Register {
  Register() { register_family_ufuncs<Self, ufn::UfuncFamily::arith>(); }
} register_instance;
CUPRIC_FAMILY_END
