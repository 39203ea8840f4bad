// Unary ufunc functors (same shape as ops_binary.hpp: table entry, loop dtypes, output type,
// operation on compute types).
#pragma once
#include "kernels/ufunc/ops_binary.hpp"

namespace cupric::ufn {

#define CUPRIC_SAME_OUT template <class T> using out = T;
#define CUPRIC_BOOL_OUT template <class T> using out = bool;

struct Negative {
  static constexpr UfuncInfo info{Identity::None,
                                  0,
                                  "Numerical negative, element-wise.",
                                  OperatorSlot::Negative,
                                  ReduceRoute::Generic,
                                  "The numpy boolean negative, the `-` operator, is not supported, use the `~` "
                                  "operator or the logical_not function instead."};
  template <class T> static constexpr bool has_loop = is_num_v<T>;
  CUPRIC_SAME_OUT
  template <class C> CUPRIC_HD C operator()(C x) const {
    if constexpr (is_int_v<C>)
      return wrap_neg(x);
    else if constexpr (is_cplx_v<C>)
      return C(-x.re, -x.im);
    else
      return -x;
  }
};

struct Positive {
  static constexpr UfuncInfo info{Identity::None,         kNoLoopError,         "Numerical positive, element-wise.",
                                  OperatorSlot::Positive, ReduceRoute::Generic, CUPRIC_NO_BOOL_LOOP_1("positive")};
  template <class T> static constexpr bool has_loop = is_num_v<T>;
  CUPRIC_SAME_OUT
  template <class C> CUPRIC_HD C operator()(C x) const { return x; }
};

struct Absolute {
  static constexpr UfuncInfo info{Identity::None, 0, "Calculate the absolute value element-wise.",
                                  OperatorSlot::Absolute};
  template <class T> static constexpr bool has_loop = true;
  template <class T> using out = real_of_t<T>;
  template <class C> CUPRIC_HD auto operator()(C x) const {
    if constexpr (is_cplx_v<C>)
      return c_abs(x);
    else if constexpr (is_float_v<C>)
      return dmath::fabs(x);
    else if constexpr (is_int_v<C> && std::is_signed_v<C>)
      return x < 0 ? wrap_neg(x) : x;
    else
      return x;
  }
};

struct Sign {
  static constexpr UfuncInfo info{Identity::None,
                                  kNoLoopError,
                                  "Returns an element-wise indication of the sign of a number (z/|z| for complex).",
                                  OperatorSlot::None,
                                  ReduceRoute::Generic,
                                  CUPRIC_NO_BOOL_LOOP_1("sign")};
  template <class T> static constexpr bool has_loop = is_num_v<T>;
  CUPRIC_SAME_OUT
  template <class C> CUPRIC_HD C operator()(C x) const {
    if constexpr (is_cplx_v<C>) {
      using F = decltype(x.re);
      if (c_isnan(x)) return C(quiet_nan<F>(), quiet_nan<F>());
      F a = c_abs(x);
      if (a == 0) return C(F(0), F(0));
      if (dmath::isinf(a)) {  // NumPy: one infinite part gives its direction; two give nan
        if (dmath::isinf(x.re) && dmath::isinf(x.im)) return C(quiet_nan<F>(), quiet_nan<F>());
        F r = dmath::isinf(x.re) ? dmath::copysign(F(1), x.re) : F(0),
          i = dmath::isinf(x.im) ? dmath::copysign(F(1), x.im) : F(0);
        F n = dmath::hypot(r, i);
        return C(r / n, i / n);
      }
      return C(x.re / a, x.im / a);
    } else if constexpr (is_float_v<C>) {
      return x > 0 ? C(1) : (x < 0 ? C(-1) : (x == 0 ? C(0) : x));
    } else if constexpr (std::is_signed_v<C>) {
      return static_cast<C>((x > 0) - (x < 0));
    } else {
      return static_cast<C>(x > 0);
    }
  }
};

struct Square {
  static constexpr UfuncInfo info{Identity::None, 0, "Return the element-wise square of the input."};
  template <class T> static constexpr bool has_loop = is_num_v<T>;
  CUPRIC_SAME_OUT
  template <class C> CUPRIC_HD C operator()(C x) const { return Multiply{}(x, x); }
};

struct Reciprocal {
  static constexpr UfuncInfo info{Identity::None, 0, "Return the reciprocal of the argument, element-wise."};
  template <class T> static constexpr bool has_loop = is_num_v<T>;
  CUPRIC_SAME_OUT
  template <class C> CUPRIC_HD C operator()(C x) const {
    if constexpr (is_cplx_v<C>)
      return c_reciprocal(x);
    else if constexpr (is_int_v<C>)
      return cast_value<C>(1.0 / static_cast<double>(x));  // as NumPy's C loop
    else
      return C(1) / x;
  }
};

// Transcendental functions: float16/bfloat16 compute in float32, complex with math.hpp's formulas
// (CUPRIC_INEXACT_FN: ufunc_info.hpp).
CUPRIC_INEXACT_FN(Sqrt, dmath::sqrt, c_sqrt, "Return the non-negative square-root of an array, element-wise.")
CUPRIC_INEXACT_FN(Exp, dmath::exp, c_exp, "Calculate the exponential of all elements in the input array.")
CUPRIC_INEXACT_FN(Log, dmath::log, c_log, "Natural logarithm, element-wise.")
CUPRIC_INEXACT_FN(Sin, dmath::sin, c_sin, "Trigonometric sine, element-wise.")
CUPRIC_INEXACT_FN(Cos, dmath::cos, c_cos, "Cosine element-wise.")
CUPRIC_INEXACT_FN(Tanh, dmath::tanh, c_tanh, "Compute hyperbolic tangent element-wise.")

struct LogicalNot {
  static constexpr UfuncInfo info{Identity::None, 0, "Compute the truth value of NOT x element-wise."};
  template <class T> static constexpr bool has_loop = true;
  CUPRIC_BOOL_OUT
  template <class C> CUPRIC_HD bool operator()(C x) const { return !truthy(x); }
};

struct Invert {
  static constexpr UfuncInfo info{Identity::None, 0, "Compute bit-wise inversion, or bit-wise NOT, element-wise.",
                                  OperatorSlot::Invert};
  template <class T> static constexpr bool has_loop = is_int_v<T> || is_bool_v<T>;
  CUPRIC_SAME_OUT
  template <class C> CUPRIC_HD C operator()(C x) const {
    if constexpr (is_bool_v<C>)
      return !x;
    else
      return static_cast<C>(~x);
  }
};

struct IsNan {
  static constexpr UfuncInfo info{Identity::None, 0, "Test element-wise for NaN and return result as a boolean array."};
  template <class T> static constexpr bool has_loop = true;
  CUPRIC_BOOL_OUT
  template <class C> CUPRIC_HD bool operator()(C x) const {
    if constexpr (is_cplx_v<C>)
      return c_isnan(x);
    else if constexpr (is_float_v<C>)
      return dmath::isnan(x);
    else
      return false;
  }
};
struct IsInf {
  static constexpr UfuncInfo info{Identity::None, 0, "Test element-wise for positive or negative infinity."};
  template <class T> static constexpr bool has_loop = true;
  CUPRIC_BOOL_OUT
  template <class C> CUPRIC_HD bool operator()(C x) const {
    if constexpr (is_cplx_v<C>)
      return dmath::isinf(x.re) || dmath::isinf(x.im);
    else if constexpr (is_float_v<C>)
      return dmath::isinf(x);
    else
      return false;
  }
};
struct IsFinite {
  static constexpr UfuncInfo info{Identity::None, 0,
                                  "Test element-wise for finiteness (not infinity and not Not a Number)."};
  template <class T> static constexpr bool has_loop = true;
  CUPRIC_BOOL_OUT
  template <class C> CUPRIC_HD bool operator()(C x) const {
    if constexpr (is_cplx_v<C>)
      return !(dmath::isnan(x.re) || dmath::isinf(x.re) || dmath::isnan(x.im) || dmath::isinf(x.im));
    else if constexpr (is_float_v<C>)
      return !(dmath::isnan(x) || dmath::isinf(x));
    else
      return true;
  }
};
struct Signbit {
  static constexpr UfuncInfo info{Identity::None, 0,
                                  "Returns element-wise True where signbit is set (less than zero)."};
  template <class T> static constexpr bool has_loop = is_float_v<T>;
  CUPRIC_BOOL_OUT
  template <class C> CUPRIC_HD bool operator()(C x) const { return sign_bit(x); }
};

#undef CUPRIC_SAME_OUT
#undef CUPRIC_BOOL_OUT

}  // namespace cupric::ufn
