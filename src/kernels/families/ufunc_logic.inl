// Kernel family "ufunc_logic": Self's loops of the comparison, logical, bitwise and shift ufuncs,
// plus NumPy's exact int64/uint64 comparison loops ('lL->?', 'Ll->?').
#include "kernels/ufunc/register.hpp"

CUPRIC_FAMILY_BEGIN
template <class... Ops, class A, class B>
void register_mixed(A*, B*) {
  (register_binary<Ops, A, B>(), ...);
}
struct Register {
  Register() {
    using namespace ufn;
    register_ops_for<Self, Greater, GreaterEqual, Less, LessEqual, Equal, NotEqual, LogicalAnd, LogicalOr, LogicalXor,
                          BitwiseAnd, BitwiseOr, BitwiseXor, LeftShift, RightShift>();
    if constexpr (std::is_same_v<Self, int64_t>)
      register_mixed<Greater, GreaterEqual, Less, LessEqual, Equal, NotEqual>((int64_t*)nullptr, (uint64_t*)nullptr);
    if constexpr (std::is_same_v<Self, uint64_t>)
      register_mixed<Greater, GreaterEqual, Less, LessEqual, Equal, NotEqual>((uint64_t*)nullptr, (int64_t*)nullptr);
  }
} register_instance;
CUPRIC_FAMILY_END
