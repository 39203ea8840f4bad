// Kernel family "ufunc_arith": Self's loops of the arithmetic ufuncs (ops_binary.hpp), each with
// its bound-scalar variants (Note [Scalar operands] in op_table.hpp).
#include "kernels/ufunc/register.hpp"

CUPRIC_FAMILY_BEGIN
struct Register {
  Register() {
    using namespace ufn;
    register_ops_for<Self, Add, Subtract, Multiply, Divide, FloorDivide, Remainder, Fmod, Power, Maximum, Minimum,
                          Fmax, Fmin>();
  }
} register_instance;
CUPRIC_FAMILY_END
