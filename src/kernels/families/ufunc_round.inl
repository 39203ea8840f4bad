// Kernel family "ufunc_round": Self's loops of the rounding and integer ufuncs (ops_round.hpp):
// rint, floor, ceil, trunc, conjugate, bitwise_count, gcd, lcm, divmod (two outputs), clip (three
// inputs).
#include "kernels/ufunc/ops_round.hpp"
#include "kernels/ufunc/register.hpp"

CUPRIC_FAMILY_BEGIN
struct Register {
  Register() {
    using namespace ufn;
    register_ops_for<Self, Rint, Floor, Ceil, Trunc, Conjugate, BitwiseCount, Gcd, Lcm, Divmod, Clip>();
  }
} register_instance;
CUPRIC_FAMILY_END
