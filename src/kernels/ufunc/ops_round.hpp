// Functors of the rounding and integer ufuncs (families ufunc_round and ufunc_int; same shape as
// ops_binary.hpp): rint, floor, ceil, trunc, conjugate, divmod, clip, bitwise_count, gcd, lcm.
#pragma once
#include "kernels/ufunc/math_ext.hpp"
#include "kernels/ufunc/ops_math.hpp"

namespace cupric::ufn {

#define CUPRIC_SAME_OUT template <class T> using out = T;

struct Rint {
  static constexpr UfuncInfo info{Identity::None, 0, "Round elements of the array to the nearest integer."};
  template <class T> static constexpr bool has_loop = is_float_v<T> || is_cplx_v<T>;
  CUPRIC_SAME_OUT
  template <class C> CUPRIC_HD C operator()(C x) const {
    if constexpr (is_cplx_v<C>)
      return c_rint(x);
    else
      return dmath::rint(x);
  }
};
// floor, ceil, trunc: NumPy 2 has loops for bool and integers too (the identity).
#define CUPRIC_ROUND_FN(NAME, FN, DOC)                                 \
  struct NAME {                                                        \
    static constexpr UfuncInfo info{Identity::None, 0, DOC};           \
    template <class T> static constexpr bool has_loop = !is_cplx_v<T>; \
    CUPRIC_SAME_OUT                                                    \
    template <class C> CUPRIC_HD C operator()(C x) const {             \
      if constexpr (is_float_v<C>)                                     \
        return FN(x);                                                  \
      else                                                             \
        return x;                                                      \
    }                                                                  \
  };
CUPRIC_ROUND_FN(Floor, dmath::floor, "Return the floor of the input, element-wise.")
CUPRIC_ROUND_FN(Ceil, dmath::ceil, "Return the ceiling of the input, element-wise.")
CUPRIC_ROUND_FN(Trunc, dmath::trunc, "Return the truncated value of the input, element-wise.")
#undef CUPRIC_ROUND_FN

struct Conjugate {
  static constexpr UfuncInfo info{Identity::None, 0, "Return the complex conjugate, element-wise."};
  template <class T> static constexpr bool has_loop = is_num_v<T>;
  CUPRIC_SAME_OUT
  template <class C> CUPRIC_HD C operator()(C x) const {
    if constexpr (is_cplx_v<C>)
      return c_conj(x);
    else
      return x;
  }
};

struct BitwiseCount {
  static constexpr UfuncInfo info{Identity::None, 0, "Computes the number of 1-bits in the absolute value of ``x``."};
  template <class T> static constexpr bool has_loop = is_int_v<T>;
  template <class T> using out = uint8_t;
  template <class C> CUPRIC_HD uint8_t operator()(C x) const { return popcount(x); }
};

// gcd and lcm: integer loops only (NumPy has no bool loop: kNoLoopError names it).
#define CUPRIC_INT_PAIR_FN(NAME, IDENTITY, FN, UFUNC, DOC)                         \
  struct NAME {                                                                    \
    static constexpr UfuncInfo info{IDENTITY,                                      \
                                    kCommutative | kAssociative | kNoLoopError,    \
                                    DOC,                                           \
                                    OperatorSlot::None,                            \
                                    ReduceRoute::Generic,                          \
                                    CUPRIC_NO_BOOL_LOOP_2(UFUNC)};                 \
    template <class T> static constexpr bool has_loop = is_int_v<T>;               \
    CUPRIC_SAME_OUT                                                                \
    template <class C> CUPRIC_HD C operator()(C a, C b) const { return FN(a, b); } \
  };
CUPRIC_INT_PAIR_FN(Gcd, Identity::Zero, int_gcd, "gcd", "Returns the greatest common divisor of ``|x1|`` and ``|x2|``")
CUPRIC_INT_PAIR_FN(Lcm, Identity::None, int_lcm, "lcm", "Returns the lowest common multiple of ``|x1|`` and ``|x2|``")
#undef CUPRIC_INT_PAIR_FN

// divmod: (floor_divide, remainder) in one ufunc with two outputs.
struct Divmod {
  static constexpr UfuncInfo info{Identity::None, 0, "Return element-wise quotient and remainder simultaneously.",
                                  OperatorSlot::Divmod};
  template <class T> static constexpr bool has_loop = is_int_v<T> || is_float_v<T>;
  template <class T> using out = T;
  template <class T> using out2 = T;
  template <class C> CUPRIC_HD Pair<C, C> operator()(C a, C b) const {
    if constexpr (is_int_v<C>) {
      return {int_floor_div(a, b), int_remainder(a, b)};
    } else {
      if (b == C(0)) return {a / b, dmath::fmod(a, b)};
      C mod;
      C q = float_divmod(a, b, &mod);
      return {q, mod};
    }
  }
};

// clip(x, lo, hi) = minimum(maximum(x, lo), hi), NaNs propagating (NumPy's _NPY_CLIP). No bfloat16
// loop: ml_dtypes registers none, so NumPy runs clip(bfloat16, ...) in the first builtin loop the
// inputs cast to safely (float32, or float64 with an int32 bound); a bfloat16 loop here gave
// bfloat16 where NumPy gives float32 (one of CuPy 14.2's test cases).
struct Clip {
  static constexpr UfuncInfo info{Identity::None, 0, "Clip (limit) the values in an array."};
  template <class T> static constexpr bool has_loop = !std::is_same_v<T, bfloat16>;
  CUPRIC_SAME_OUT
  template <class C> CUPRIC_HD C operator()(C x, C lo, C hi) const { return Minimum{}(Maximum{}(x, lo), hi); }
};

#undef CUPRIC_SAME_OUT

}  // namespace cupric::ufn
