// The named ufunc functions of the C++ API (cupric::add, cupric::sqrt, cupric::divmod, ...),
// generated from the ufunc list: each looks its op-table entry up once and calls ufunc_call.
#include "cupric/error.hpp"
#include "cupric/ops/ufunc.hpp"

namespace cupric {

namespace {
const Ufunc& lookup(const char* name) {
  const Ufunc* u = find_ufunc(name);
  if (!u) throw RuntimeError(std::string("ufunc '") + name + "' has no loops (kernel families not linked?)");
  return *u;
}
}  // namespace

#define CUPRIC_UFUNC_DEF_1_1(API, NAME)                     \
  ndarray API(const Operand& x, const UfuncOptions& opts) { \
    static const Ufunc& u = lookup(#NAME);                  \
    return ufunc_call(u, &x, 1, opts).out[0];               \
  }
#define CUPRIC_UFUNC_DEF_2_1(API, NAME)                                         \
  ndarray API(const Operand& x1, const Operand& x2, const UfuncOptions& opts) { \
    static const Ufunc& u = lookup(#NAME);                                      \
    const Operand in[2] = {x1, x2};                                             \
    return ufunc_call(u, in, 2, opts).out[0];                                   \
  }
#define CUPRIC_UFUNC_DEF_1_2(API, NAME)                                         \
  std::pair<ndarray, ndarray> API(const Operand& x, const UfuncOptions& opts) { \
    static const Ufunc& u = lookup(#NAME);                                      \
    UfuncResult r = ufunc_call(u, &x, 1, opts);                                 \
    return {std::move(r.out[0]), std::move(r.out[1])};                          \
  }
#define CUPRIC_UFUNC_DEF_2_2(API, NAME)                                                             \
  std::pair<ndarray, ndarray> API(const Operand& x1, const Operand& x2, const UfuncOptions& opts) { \
    static const Ufunc& u = lookup(#NAME);                                                          \
    const Operand in[2] = {x1, x2};                                                                 \
    UfuncResult r = ufunc_call(u, in, 2, opts);                                                     \
    return {std::move(r.out[0]), std::move(r.out[1])};                                              \
  }
#define CUPRIC_UFUNC_DEF_3_1(API, NAME)
#define CUPRIC_UFUNC(FAMILY, F, NAME, NIN, NOUT) CUPRIC_UFUNC_DEF_##NIN##_##NOUT(NAME, NAME)
#define CUPRIC_UFUNC_ALIAS(ALIAS, NAME, NIN, NOUT) CUPRIC_UFUNC_DEF_##NIN##_##NOUT(ALIAS, NAME)
#include "cupric/ops/ufunc_list.inc"
#undef CUPRIC_UFUNC

const UfuncAlias* ufunc_aliases() {
  static constexpr UfuncAlias table[] = {
#define CUPRIC_UFUNC(FAMILY, F, NAME, NIN, NOUT)
#define CUPRIC_UFUNC_ALIAS(ALIAS, NAME, NIN, NOUT) {#ALIAS, #NAME},
#include "cupric/ops/ufunc_list.inc"
#undef CUPRIC_UFUNC
      {nullptr, nullptr}};
  return table;
}

}  // namespace cupric
