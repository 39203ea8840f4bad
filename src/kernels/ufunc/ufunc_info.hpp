// What the op table records about a ufunc besides its loops: name, arity, identity, flags, doc.
// Each functor in ops_*.hpp carries one of these as `static constexpr UfuncInfo info`, so a
// ufunc is defined in exactly one place (DESIGN.md decision 2).
#pragma once

namespace cupric {

// numpy.ufunc.identity (what reductions over empty axes start from).
enum class Identity : unsigned char { None, Zero, One, MinusOne, True, False, MinusInf };

// Flags of a ufunc's type resolution (Note [Ufunc type resolution] in src/ops/ufunc.cpp).
inline constexpr unsigned kCommutative = 1;   // f(a, b) == f(b, a): one bound-scalar loop serves both sides
inline constexpr unsigned kIntToDouble = 2;   // all-integer inputs use the float64 loop (true_divide)
inline constexpr unsigned kComparison = 4;    // out-of-range Python ints compare exactly (NumPy 2)
inline constexpr unsigned kLogical = 8;       // mixed or weak inputs use the '??->?' loop (NumPy's logical promoter)
inline constexpr unsigned kWeakByValue = 16;  // mixed loops (ldexp): a Python scalar fits any loop input its value fits

struct UfuncInfo {
  const char* name;
  int nin;
  int nout;
  Identity identity;
  unsigned flags;
  const char* doc;
  const char* bool_error = nullptr;  // TypeError message for boolean inputs (negative, subtract)
};

}  // namespace cupric

// One functor per unary function of the float and complex types ('e', 'E', 'f', 'd', 'F', 'D'):
// REAL(x) for floats (float16/bfloat16 compute in float32 inside math.hpp's m_* functions), CPLX(x)
// for complex. Used by ops_unary.hpp (sqrt, exp, ...) and ops_math.hpp (exp2, tan, ...).
#define CUPRIC_INEXACT_FN(NAME, PYNAME, REAL, CPLX, DOC)                               \
  struct NAME {                                                                        \
    static constexpr UfuncInfo info{PYNAME, 1, 1, Identity::None, 0, DOC};             \
    template <class T> static constexpr bool has_loop = is_float_v<T> || is_cplx_v<T>; \
    template <class T> using out = T;                                                  \
    template <class C> CUPRIC_HD C operator()(C x) const {                             \
      if constexpr (is_cplx_v<C>) return CPLX(x);                                      \
      else return REAL(x);                                                             \
    }                                                                                  \
  };
