// Ufunc type resolution (Note [Ufunc type resolution] in ufunc_resolve.cpp), as the call
// (ufunc.cpp) uses it: the loop for a call's operands, then the casting checks against it.
#pragma once
#include "cupric/ops/ufunc.hpp"
#include "engine/elementwise/op_table.hpp"

namespace cupric {

struct ResolvedLoop {
  const TypedLoop* loop = nullptr;
  DType in[kMaxOperands];  // each input's dtype as step 1 of the resolution saw it
};

// The loop of `u` for these inputs under opts.dtype / opts.signature (NumPy's promotion and loop
// search, cached per thread: Note [Resolution cache]). Throws NumPy's no-loop errors.
ResolvedLoop resolve_ufunc_loop(const OpDef& u, const Operand* in, int nin, const UfuncOptions& opts);
// The casts from the inputs to the loop's types and from its outputs to out= under
// opts.casting (UFuncInputCastingError / UFuncOutputCastingError), and the range of weak ints
// (OverflowError).
void check_ufunc_casts(const OpDef& u, const ResolvedLoop& r, const Operand* in, int nin, const UfuncOptions& opts);

}  // namespace cupric
