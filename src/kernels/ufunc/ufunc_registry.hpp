// Every ufunc functor with its full UfuncInfo (name and arity from the ufunc list), and the
// per-family walk over the list that the kernel families register from.
//
// Note [One definition per ufunc]
// A ufunc is defined once: its functor in ops_*.hpp (the operation on compute types, the dtypes
// it has loops for, its output type, and `info`: identity, flags, doc line, operator slot, the
// boolean-input error) and one row in include/cupric/ops/ufunc_list.inc (its name, aliases,
// kernel family and arity). Everything else is generated from these two:
//  - the loops: each family's units walk the list (register_family_ufuncs<Self, family>) and
//    register the loops of the rows of that family (register.hpp);
//  - the op-table entry's metadata, ufunc_info_v<F> below (the functor's info completed with
//    the row's name and arity), and the operator slots of ndarray (OpDef::slot);
//  - the C++ API: cupric::add, ... (declared by ufunc.hpp, defined by src/ops/ufunc_api.cpp),
//    and the aliases find_ufunc knows (ufunc_aliases());
//  - the Python objects cupric.add, cupric.true_divide, ... (bindings/ufunc.cpp walks the op
//    table and the aliases).
// A ufunc's special behaviour is a flag in its info (kIntPower, kNoLoopError, kLogical, ...),
// which type resolution and the call test; no code outside the functor compares a ufunc's name.
#pragma once
#include <string_view>
#include "kernels/ufunc/ops_math.hpp"
#include "kernels/ufunc/ops_round.hpp"
#include "kernels/ufunc/ops_unary.hpp"

namespace cupric::ufn {

// The kernel families of the ufuncs (families/ufunc_NAME.inl).
enum class UfuncFamily { arith, logic, unary, float_unary, float_binary, round };

constexpr UfuncInfo named(UfuncInfo info, const char* name, int nin, int nout) {
  info.name = name;
  info.nin = nin;
  info.nout = nout;
  return info;
}

// ufunc_info_v<F>: F's info with its row's name and arity; ufunc_family_v<F>: its family.
template <class F> inline constexpr UfuncInfo ufunc_info_v{};
template <class F> inline constexpr UfuncFamily ufunc_family_v{};
#define CUPRIC_UFUNC(FAMILY, F, NAME, NIN, NOUT)                                             \
  template <> inline constexpr UfuncInfo ufunc_info_v<F> = named(F::info, #NAME, NIN, NOUT); \
  template <> inline constexpr UfuncFamily ufunc_family_v<F> = UfuncFamily::FAMILY;
#define CUPRIC_UFUNC_HIDDEN CUPRIC_UFUNC
#include "cupric/ops/ufunc_list.inc"
#undef CUPRIC_UFUNC

// Calls f.template operator()<F>() for every functor of `Family`, in list order.
template <UfuncFamily Family, class Fn>
void for_each_ufunc_of(Fn&& f) {
#define CUPRIC_UFUNC(FAMILY, F, NAME, NIN, NOUT) \
  if constexpr (UfuncFamily::FAMILY == Family) f.template operator()<F>();
#define CUPRIC_UFUNC_HIDDEN CUPRIC_UFUNC
#include "cupric/ops/ufunc_list.inc"
#undef CUPRIC_UFUNC
}

}  // namespace cupric::ufn
