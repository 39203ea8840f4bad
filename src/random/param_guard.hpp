// The parameter rules an array-parameter draw checks as it draws (Note [Parameter guard]).
#pragma once
#include <cstdint>
#include "cupric/config.hpp"
#include "cupric/random/distributions/param_rules.hpp"

namespace cupric::random {

// Note [Parameter guard]
// NumPy checks every parameter element against the distribution's rules before it draws
// (Note [Parameter rules]). For array parameters that check is a pass over arrays as large as the
// draw: done apart, as host copies or as elementwise ops and any() per rule, it cost more than the
// draw itself (rs.geometric(p array of 2^24) took 0.35 ms on the H200, CuPy 0.17). So the
// array-parameter loops (DrawF, ContinuousElemF in src/random/block_draws.hpp) carry the rules
// that apply and test each element's parameters as they read them: an element that breaks rule
// r sets bit r of one word (an atomic OR; failures are rare, so the word is hardly contended) and
// is not drawn (a sampler given bad parameters may never return: a rejection loop on NaN). After
// the loop Generator::draw reads the word back (one sync, as NumPy's and CuPy's checks) and, when
// it is not zero, forgets the output, gives the call's sub-stream back and raises the lowest set
// bit's rule: the rules are in NumPy's order and NumPy checks rule by rule over every element, so
// the lowest failing rule is the one NumPy names. Scalar parameters are checked on the host first
// (nothing to read back), as are the parameters of a draw with no elements (nothing is drawn,
// NumPy still checks).

// A rule as the kernels read it: the fields rule_fails uses.
struct RuleCode {
  int8_t lhs;
  int8_t lhs_plus;
  int8_t rhs;
  dist::Cmp cmp;
  bool nan_fails;
  double bound;
};

struct ParamGuard {
  static constexpr int kMaxRules = 8;  // the most any distribution has for one API: hypergeometric's 6
  uint32_t* fails;                     // the word of failed rules, on the loop's backend
  int32_t count;                       // 0: nothing to check
  RuleCode rules[kMaxRules];

  // Whether element parameters `p` may be drawn; records the rules they break when not.
  CUPRIC_HD bool admits(const double* p) const {
    uint32_t broken = 0;
    for (int32_t r = 0; r < count; ++r)
      if (dist::rule_fails(rules[r], p)) broken |= 1u << r;
    if (broken == 0) return true;
#if defined(__CUDA_ARCH__)
    atomicOr(fails, broken);
#else
    __atomic_fetch_or(fails, broken, __ATOMIC_RELAXED);
#endif
    return false;
  }
};

}  // namespace cupric::random
