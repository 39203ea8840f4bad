// Binary ufunc functors: one struct per ufunc with its table entry (`info`), the dtypes it has
// loops for (`has_loop<T>`, NumPy's `types`), its output type and the operation on compute types
// (Note [Ufunc compute types] in math.hpp). Adding a binary ufunc: one struct here, its row in
// include/cupric/ops/ufunc_list.inc, tests (Note [One definition per ufunc] in ufunc_registry.hpp).
#pragma once
#include "kernels/ufunc/math.hpp"
#include "kernels/ufunc/ufunc_info.hpp"

namespace cupric::ufn {

template <class T> struct real_of {
  using type = T;
};
template <class F> struct real_of<complex<F>> {
  using type = F;
};
template <class T> using real_of_t = typename real_of<T>::type;

#define CUPRIC_SAME_OUT template <class T> using out = T;
#define CUPRIC_BOOL_OUT template <class T> using out = bool;

// NumPy's TypeError for a ufunc of one or two inputs that has no bool loop, called on bools
// (the UfuncInfo message of a kNoLoopError functor).
#define CUPRIC_NO_BOOL_LOOP_1(NAME) \
  "ufunc '" NAME "' did not contain a loop with signature matching types <class 'numpy.dtypes.BoolDType'> -> None"
#define CUPRIC_NO_BOOL_LOOP_2(NAME)                                                            \
  "ufunc '" NAME                                                                               \
  "' did not contain a loop with signature matching types (<class 'numpy.dtypes.BoolDType'>, " \
  "<class 'numpy.dtypes.BoolDType'>) -> None"

struct Add {
  static constexpr UfuncInfo info{Identity::Zero, kCommutative | kAssociative, "Add arguments element-wise.",
                                  OperatorSlot::Add, ReduceRoute::Sum};
  template <class T> static constexpr bool has_loop = true;
  CUPRIC_SAME_OUT
  template <class C> CUPRIC_HD C operator()(C a, C b) const {
    if constexpr (is_bool_v<C>)
      return a || b;
    else if constexpr (is_int_v<C>)
      return wrap_add(a, b);
    else if constexpr (is_cplx_v<C>)
      return c_add(a, b);
    else
      return a + b;
  }
};

struct Subtract {
  static constexpr UfuncInfo info{Identity::None,
                                  0,
                                  "Subtract arguments, element-wise.",
                                  OperatorSlot::Subtract,
                                  ReduceRoute::Generic,
                                  "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, "
                                  "the `^` operator, or the logical_xor function instead."};
  template <class T> static constexpr bool has_loop = is_num_v<T>;
  CUPRIC_SAME_OUT
  template <class C> CUPRIC_HD C operator()(C a, C b) const {
    if constexpr (is_int_v<C>)
      return wrap_sub(a, b);
    else if constexpr (is_cplx_v<C>)
      return c_sub(a, b);
    else
      return a - b;
  }
};

struct Multiply {
  static constexpr UfuncInfo info{Identity::One, kCommutative | kAssociative, "Multiply arguments element-wise.",
                                  OperatorSlot::Multiply, ReduceRoute::Prod};
  template <class T> static constexpr bool has_loop = true;
  CUPRIC_SAME_OUT
  template <class C> CUPRIC_HD C operator()(C a, C b) const {
    if constexpr (is_bool_v<C>)
      return a && b;
    else if constexpr (is_int_v<C>)
      return wrap_mul(a, b);
    else if constexpr (is_cplx_v<C>)
      return c_mul(a, b);
    else
      return a * b;
  }
};

struct Divide {
  static constexpr UfuncInfo info{Identity::None, kIntToDouble, "Divide arguments element-wise.",
                                  OperatorSlot::TrueDivide};
  template <class T> static constexpr bool has_loop = is_float_v<T> || is_cplx_v<T>;
  CUPRIC_SAME_OUT
  template <class C> CUPRIC_HD C operator()(C a, C b) const {
    if constexpr (is_cplx_v<C>)
      return c_div(a, b);
    else
      return a / b;
  }
};

struct FloorDivide {
  static constexpr UfuncInfo info{Identity::None, 0,
                                  "Return the largest integer smaller or equal to the division of the inputs.",
                                  OperatorSlot::FloorDivide};
  template <class T> static constexpr bool has_loop = is_int_v<T> || is_float_v<T>;
  CUPRIC_SAME_OUT
  template <class C> CUPRIC_HD C operator()(C a, C b) const {
    if constexpr (is_int_v<C>)
      return int_floor_div(a, b);
    else
      return float_floor_div(a, b);
  }
};

struct Remainder {
  static constexpr UfuncInfo info{Identity::None, 0,
                                  "Returns the element-wise remainder of division (the sign of the divisor).",
                                  OperatorSlot::Remainder};
  template <class T> static constexpr bool has_loop = is_int_v<T> || is_float_v<T>;
  CUPRIC_SAME_OUT
  template <class C> CUPRIC_HD C operator()(C a, C b) const {
    if constexpr (is_int_v<C>)
      return int_remainder(a, b);
    else
      return float_remainder(a, b);
  }
};

struct Fmod {
  static constexpr UfuncInfo info{Identity::None, 0,
                                  "Returns the element-wise remainder of division (the sign of the dividend)."};
  template <class T> static constexpr bool has_loop = is_int_v<T> || is_float_v<T>;
  CUPRIC_SAME_OUT
  template <class C> CUPRIC_HD C operator()(C a, C b) const {
    if constexpr (is_int_v<C>)
      return int_fmod(a, b);
    else
      return dmath::fmod(a, b);
  }
};

struct Power {
  static constexpr UfuncInfo info{Identity::None, kIntPower,
                                  "First array elements raised to powers from second array, element-wise.",
                                  OperatorSlot::Power};
  template <class T> static constexpr bool has_loop = is_num_v<T>;
  CUPRIC_SAME_OUT
  template <class C> CUPRIC_HD C operator()(C a, C b) const {
    if constexpr (is_int_v<C>)
      return int_power(a, b);
    else if constexpr (is_cplx_v<C>)
      return c_pow(a, b);
    else
      return dmath::pow(a, b);
  }
};

// maximum/minimum propagate NaNs; fmax/fmin ignore them (NumPy's loops.c.src rules).
struct Maximum {
  static constexpr UfuncInfo info{Identity::None, kCommutative | kAssociative,
                                  "Element-wise maximum of array elements (NaNs propagate).", OperatorSlot::None,
                                  ReduceRoute::Max};
  template <class T> static constexpr bool has_loop = true;
  CUPRIC_SAME_OUT
  template <class C> CUPRIC_HD C operator()(C a, C b) const {
    if constexpr (is_cplx_v<C>)
      return (c_isnan(a) || c_ge(a, b)) ? a : b;
    else if constexpr (is_float_v<C>)
      return (a >= b || dmath::isnan(a)) ? a : b;
    else
      return a >= b ? a : b;
  }
};
struct Minimum {
  static constexpr UfuncInfo info{Identity::None, kCommutative | kAssociative,
                                  "Element-wise minimum of array elements (NaNs propagate).", OperatorSlot::None,
                                  ReduceRoute::Min};
  template <class T> static constexpr bool has_loop = true;
  CUPRIC_SAME_OUT
  template <class C> CUPRIC_HD C operator()(C a, C b) const {
    if constexpr (is_cplx_v<C>)
      return (c_isnan(a) || c_le(a, b)) ? a : b;
    else if constexpr (is_float_v<C>)
      return (a <= b || dmath::isnan(a)) ? a : b;
    else
      return a <= b ? a : b;
  }
};
struct Fmax {
  static constexpr UfuncInfo info{Identity::None, kCommutative | kAssociative,
                                  "Element-wise maximum of array elements (NaNs are ignored).", OperatorSlot::None,
                                  ReduceRoute::NanMax};
  template <class T> static constexpr bool has_loop = true;
  CUPRIC_SAME_OUT
  template <class C> CUPRIC_HD C operator()(C a, C b) const {
    if constexpr (is_cplx_v<C>)
      return (c_isnan(b) || c_ge(a, b)) ? a : b;
    else if constexpr (is_float_v<C>)
      return (a >= b || dmath::isnan(b)) ? a : b;
    else
      return a >= b ? a : b;
  }
};
struct Fmin {
  static constexpr UfuncInfo info{Identity::None, kCommutative | kAssociative,
                                  "Element-wise minimum of array elements (NaNs are ignored).", OperatorSlot::None,
                                  ReduceRoute::NanMin};
  template <class T> static constexpr bool has_loop = true;
  CUPRIC_SAME_OUT
  template <class C> CUPRIC_HD C operator()(C a, C b) const {
    if constexpr (is_cplx_v<C>)
      return (c_isnan(b) || c_le(a, b)) ? a : b;
    else if constexpr (is_float_v<C>)
      return (a <= b || dmath::isnan(b)) ? a : b;
    else
      return a <= b ? a : b;
  }
};

// ---- comparisons (complex: NumPy's lexicographic order) --------------------------------------
#define CUPRIC_COMPARISON(NAME, FLAGS, SLOT, OP, COP, DOC)                                           \
  struct NAME {                                                                                      \
    static constexpr UfuncInfo info{Identity::None, kComparison | (FLAGS), DOC, OperatorSlot::SLOT}; \
    template <class T> static constexpr bool has_loop = true;                                        \
    CUPRIC_BOOL_OUT                                                                                  \
    template <class C> CUPRIC_HD bool operator()(C a, C b) const {                                   \
      if constexpr (is_cplx_v<C>)                                                                    \
        return COP;                                                                                  \
      else                                                                                           \
        return a OP b;                                                                               \
    }                                                                                                \
  };
CUPRIC_COMPARISON(Greater, 0, Greater, >, c_gt(a, b), "Return the truth value of (x1 > x2) element-wise.")
CUPRIC_COMPARISON(GreaterEqual, 0, GreaterEqual, >=, c_ge(a, b), "Return the truth value of (x1 >= x2) element-wise.")
CUPRIC_COMPARISON(Less, 0, Less, <, c_lt(a, b), "Return the truth value of (x1 < x2) element-wise.")
CUPRIC_COMPARISON(LessEqual, 0, LessEqual, <=, c_le(a, b), "Return the truth value of (x1 <= x2) element-wise.")
CUPRIC_COMPARISON(Equal, kCommutative, Equal, ==, a == b, "Return (x1 == x2) element-wise.")
CUPRIC_COMPARISON(NotEqual, kCommutative, NotEqual, !=, a != b, "Return (x1 != x2) element-wise.")
#undef CUPRIC_COMPARISON

// ---- logical and bitwise -----------------------------------------------------------------------
#define CUPRIC_LOGICAL(NAME, IDENT, REDUCE, EXPR, DOC)                                                                \
  struct NAME {                                                                                                       \
    static constexpr UfuncInfo info{Identity::IDENT, kCommutative | kLogical | kAssociative, DOC, OperatorSlot::None, \
                                    ReduceRoute::REDUCE};                                                             \
    template <class T> static constexpr bool has_loop = true;                                                         \
    CUPRIC_BOOL_OUT                                                                                                   \
    template <class C> CUPRIC_HD bool operator()(C a, C b) const { return EXPR; }                                     \
  };
CUPRIC_LOGICAL(LogicalAnd, True, All, truthy(a) && truthy(b), "Compute the truth value of x1 AND x2 element-wise.")
CUPRIC_LOGICAL(LogicalOr, False, Any, truthy(a) || truthy(b), "Compute the truth value of x1 OR x2 element-wise.")
CUPRIC_LOGICAL(LogicalXor, False, Generic, truthy(a) != truthy(b),
               "Compute the truth value of x1 XOR x2, element-wise.")
#undef CUPRIC_LOGICAL

#define CUPRIC_BITWISE(NAME, IDENT, SLOT, OP, DOC)                                                          \
  struct NAME {                                                                                             \
    static constexpr UfuncInfo info{Identity::IDENT, kCommutative | kAssociative, DOC, OperatorSlot::SLOT}; \
    template <class T> static constexpr bool has_loop = is_int_v<T> || is_bool_v<T>;                        \
    CUPRIC_SAME_OUT                                                                                         \
    template <class C> CUPRIC_HD C operator()(C a, C b) const { return static_cast<C>(a OP b); }            \
  };
CUPRIC_BITWISE(BitwiseAnd, MinusOne, And, &, "Compute the bit-wise AND of two arrays element-wise.")
CUPRIC_BITWISE(BitwiseOr, Zero, Or, |, "Compute the bit-wise OR of two arrays element-wise.")
CUPRIC_BITWISE(BitwiseXor, Zero, Xor, ^, "Compute the bit-wise XOR of two arrays element-wise.")
#undef CUPRIC_BITWISE

struct LeftShift {
  static constexpr UfuncInfo info{Identity::None, 0, "Shift the bits of an integer to the left.", OperatorSlot::Lshift};
  template <class T> static constexpr bool has_loop = is_int_v<T>;
  CUPRIC_SAME_OUT
  template <class C> CUPRIC_HD C operator()(C a, C b) const { return shift_left(a, b); }
};
struct RightShift {
  static constexpr UfuncInfo info{Identity::None, 0, "Shift the bits of an integer to the right.",
                                  OperatorSlot::Rshift};
  template <class T> static constexpr bool has_loop = is_int_v<T>;
  CUPRIC_SAME_OUT
  template <class C> CUPRIC_HD C operator()(C a, C b) const { return shift_right(a, b); }
};

#undef CUPRIC_SAME_OUT
#undef CUPRIC_BOOL_OUT

}  // namespace cupric::ufn
