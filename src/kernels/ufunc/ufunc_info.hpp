// What the op table records about a ufunc besides its loops: identity, flags, doc line, operator
// slot, and (from the ufunc list) its name and arity. Each functor in ops_*.hpp carries one of
// these as `static constexpr UfuncInfo info` (Note [One definition per ufunc] in
// ufunc_registry.hpp).
#pragma once

namespace cupric {

// numpy.ufunc.identity (what reductions over empty axes start from).
enum class Identity : unsigned char { None, Zero, One, MinusOne, True, False, MinusInf };

// Flags of a ufunc's type resolution and call (Note [Ufunc type resolution] in
// src/ops/ufunc_resolve.cpp). Special cases are keyed by these, never by a ufunc's name.
inline constexpr unsigned kCommutative = 1;   // f(a, b) == f(b, a): one bound-scalar loop serves both sides
inline constexpr unsigned kIntToDouble = 2;   // all-integer inputs use the float64 loop (true_divide)
inline constexpr unsigned kComparison = 4;    // out-of-range Python ints compare exactly (NumPy 2); exact
                                              // int64/uint64 loops ('qQ->?', 'Qq->?')
inline constexpr unsigned kLogical = 8;       // mixed or weak inputs use the '??->?' loop (NumPy's logical promoter)
inline constexpr unsigned kWeakByValue = 16;  // mixed loops (ldexp): a Python scalar fits any loop input its value fits
inline constexpr unsigned kNoLoopError = 32;  // no loop: NumPy's _UFuncNoLoopError, not the legacy TypeError
                                              // (Note [No-loop errors] in src/ops/ufunc_resolve.cpp)
inline constexpr unsigned kIntPower = 64;     // signed integer loops reject negative exponents (power)
inline constexpr unsigned kAssociative = 128;  // the grouping of operands does not change the value: reduce
                                               // may take several axes, accumulate may scan in a tree

// The ndarray operator a ufunc implements (Note [Operator slots] in bindings/ufunc.cpp):
// `a + b` calls the ufunc whose info names OperatorSlot::Add.
enum class OperatorSlot : unsigned char {
  None,
  Add,
  Subtract,
  Multiply,
  TrueDivide,
  FloorDivide,
  Remainder,
  Power,
  And,
  Or,
  Xor,
  Lshift,
  Rshift,
  Negative,
  Positive,
  Absolute,
  Invert,
  Divmod,
  Less,
  LessEqual,
  Equal,
  NotEqual,
  Greater,
  GreaterEqual,
  Count
};

// The reduction engine routine ufunc.reduce / accumulate run for a ufunc (Note [Routing
// ufunc.reduce] in src/kernels/README.md); Generic: a fold of ufunc calls.
enum class ReduceRoute : unsigned char { Generic, Sum, Prod, Max, Min, NanMax, NanMin, Any, All };

struct UfuncInfo {
  // Written by the functor:
  Identity identity = Identity::None;
  unsigned flags = 0;
  const char* doc = nullptr;
  OperatorSlot slot = OperatorSlot::None;
  ReduceRoute reduce = ReduceRoute::Generic;
  const char* bool_error = nullptr;  // TypeError message for boolean inputs (negative, subtract)
  // Filled in from the functor's row in the ufunc list (include/cupric/ops/ufunc_list.inc):
  const char* name = nullptr;
  int nin = 0;
  int nout = 0;
};

}  // namespace cupric

// One functor per unary function of the float and complex types ('e', 'E', 'f', 'd', 'F', 'D'):
// REAL(x) for floats (float16/bfloat16 compute in float32 inside math.hpp's m_* functions), CPLX(x)
// for complex. Used by ops_unary.hpp (sqrt, exp, ...) and ops_math.hpp (exp2, tan, ...).
#define CUPRIC_INEXACT_FN(NAME, REAL, CPLX, DOC)                                       \
  struct NAME {                                                                        \
    static constexpr UfuncInfo info{Identity::None, 0, DOC};                           \
    template <class T> static constexpr bool has_loop = is_float_v<T> || is_cplx_v<T>; \
    template <class T> using out = T;                                                  \
    template <class C> CUPRIC_HD C operator()(C x) const {                             \
      if constexpr (is_cplx_v<C>)                                                      \
        return CPLX(x);                                                                \
      else                                                                             \
        return REAL(x);                                                                \
    }                                                                                  \
  };
