// What the op table records about a ufunc besides its loops: identity, flags, doc line, operator
// slot, reduction route, and (from the ufunc list) its name and arity. Each functor in ops_*.hpp carries one of
// these as `static constexpr UfuncInfo info` (Note [One definition per ufunc] in
// ufunc_registry.hpp).
#pragma once
#include "cupric/ops/ufunc_description.hpp"  // Identity, the flags, OperatorSlot, Ufunc (public)

namespace cupric {

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
