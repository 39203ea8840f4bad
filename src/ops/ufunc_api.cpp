// The named ufunc functions of the C++ API (cupric::add, cupric::sqrt, ...): each looks its op
// table entry up once and calls ufunc_call.
#include "cupric/error.hpp"
#include "cupric/ops/ufunc.hpp"

namespace cupric {

namespace {
const OpDef& lookup(const char* name) {
  const OpDef* u = find_ufunc(name);
  if (!u) throw RuntimeError(std::string("ufunc '") + name + "' has no loops (kernel families not linked?)");
  return *u;
}
}  // namespace

#define CUPRIC_UFUNC1(NAME)                                              \
  ndarray NAME(const Operand& x, const UfuncOptions& opts) {             \
    static const OpDef& u = lookup(#NAME);                               \
    return ufunc_call(u, &x, 1, opts).out[0];                            \
  }
#define CUPRIC_UFUNC2(NAME)                                                            \
  ndarray NAME(const Operand& x1, const Operand& x2, const UfuncOptions& opts) {       \
    static const OpDef& u = lookup(#NAME);                                             \
    const Operand in[2] = {x1, x2};                                                    \
    return ufunc_call(u, in, 2, opts).out[0];                                          \
  }
#include "cupric/ops/ufunc_list.inc"
#undef CUPRIC_UFUNC1
#undef CUPRIC_UFUNC2

}  // namespace cupric
