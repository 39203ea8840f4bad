// Kernel family "ufunc_float_binary": Self's loops of the two-input ufuncs that have float loops
// only (logaddexp, arctan2, hypot, copysign, nextafter, float_power, ...: the list's `float_binary`
// rows), and ldexp's mixed loops. Only the inexact dtypes (CUPRIC_FAMILY_ufunc_float_binary_DTYPES).
#include "kernels/ufunc/register.hpp"

CUPRIC_FAMILY_BEGIN
// ldexp's mixed loops: a float mantissa and an int32 or int64 exponent.
template <class F, class I>
struct LdexpF {
  CUPRIC_HD F operator()(F x, I e) const { return cast_value<F>(ufn::Ldexp{}(static_cast<ufn::compute_t<F>>(x), e)); }
};
template <class I>
void register_ldexp() {
  const ScalarType types[3] = {dtype_of<Self>::value, dtype_of<I>::value, dtype_of<Self>::value};
  register_ufunc_loop(kBackend, ufn::ufunc_info_v<ufn::Ldexp>, types,
                      &loops::elementwise_loop<LdexpF<Self, I>, Self, Self, I>, nullptr, nullptr);
}
struct Register {
  Register() {
    register_family_ufuncs<Self, ufn::UfuncFamily::float_binary>();
    if constexpr (ufn::is_float_v<Self>) {
      register_ldexp<int32_t>();
      register_ldexp<int64_t>();
    }
  }
} register_instance;
CUPRIC_FAMILY_END
