// Kernel family "ufunc_round": Self's loops of the rounding and integer ufuncs (the list's `round`
// rows): rint, floor, ceil, trunc, conjugate, bitwise_count, gcd, lcm, divmod (two outputs), clip
// (three inputs).
// The ufuncs are those of include/cupric/ops/ufunc_list.inc (Note [One definition per ufunc]).
#include "kernels/ufunc/register.hpp"

CUPRIC_FAMILY_BEGIN
struct Register {
  Register() { register_family_ufuncs<Self, ufn::UfuncFamily::round>(); }
} register_instance;
CUPRIC_FAMILY_END
