// Kernel family "ufunc_logic": Self's loops of the comparison, logical, bitwise and shift ufuncs
// (the list's `logic` rows), with NumPy's exact int64/uint64 comparison loops ('qQ->?', 'Qq->?').
// The ufuncs are those of include/cupric/ops/ufunc_list.inc (Note [One definition per ufunc]).
#include "kernels/ufunc/register.hpp"

CUPRIC_FAMILY_BEGIN
struct Register {
  Register() { register_family_ufuncs<Self, ufn::UfuncFamily::logic>(); }
} register_instance;
CUPRIC_FAMILY_END
