// Kernel family "isclose": NumPy's isclose for inexact Self (inputs already cast to Self):
// (|x - y| <= atol + rtol * |y| and y finite) or x == y, or both NaN with equal_nan.
// Arithmetic is in Self's precision (halves in float), as NumPy computes with weak Python
// scalars for rtol/atol. Serves isclose and allclose (ops/isclose.cpp).
#include <cmath>
#include "kernels/reduce_ops.hpp"

CUPRIC_FAMILY_BEGIN

template <class T>
struct IsCloseF {
  double rtol, atol;
  bool equal_nan;
  using C = reduce_ops::compute_t<T>;
  using R = reduce_ops::real_t<C>;
  CUPRIC_HD static R magnitude(C v) {
    if constexpr (is_complex_v<C>) return std::hypot(v.re, v.im);
    else return std::fabs(v);
  }
  CUPRIC_HD static bool finite(C v) {
    if constexpr (is_complex_v<C>) return std::isfinite(v.re) && std::isfinite(v.im);
    else return std::isfinite(v);
  }
  CUPRIC_HD bool operator()(T xs, T ys) const {
    C x = cast_value<C>(xs), y = cast_value<C>(ys);
    C d;
    if constexpr (is_complex_v<C>) d = C(x.re - y.re, x.im - y.im);
    else d = x - y;
    bool r = (magnitude(d) <= static_cast<R>(atol) + static_cast<R>(rtol) * magnitude(y) && finite(y)) || x == y;
    if (equal_nan) r = r || (reduce_ops::is_nan(x) && reduce_ops::is_nan(y));
    return r;
  }
};

struct Register {
  Register() {
    if constexpr (is_real_float_v<Self> || is_complex_v<Self>) {
      const ScalarType t[3] = {dtype_of<Self>::value, dtype_of<Self>::value, ScalarType::Bool};
      register_loop(kBackend, "isclose", 2, 1, t, &loops::elementwise_loop<IsCloseF<Self>, bool, Self, Self>);
    }
  }
} register_instance;

CUPRIC_FAMILY_END
