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

// A rule as the kernels read it: what rule_rejects compares.
struct RuleCode {
  int8_t lhs;
  int8_t lhs_plus;
  int8_t rhs;
  dist::Cmp cmp;
  bool nan_fails;
  double bound;
};

// Parameter j of an element's NP: selects, not an indexed load, so that the parameters stay in
// registers (a runtime index into a thread's array puts it in local memory).
template <int NP>
CUPRIC_HD inline double param_at(const double (&p)[NP], int j) {
  double v = p[0];
  for (int i = 1; i < NP; ++i)
    if (j == i) v = p[i];
  return v;
}

struct ParamGuard {
  static constexpr int kMaxRules = 8;  // the most any distribution has for one API: hypergeometric's 6
  uint32_t* fails;                     // the word of failed rules, on the loop's backend
  int32_t count;                       // 0: nothing to check
  RuleCode rules[kMaxRules];

  // Whether element parameters `p` may be drawn; records the rules they break when not. The rule
  // loop is unrolled to kMaxRules, so every rule is read from the kernel's parameters in place.
  template <int NP>
  CUPRIC_HD bool admits(const double (&p)[NP]) const {
    uint32_t broken = 0;
#if defined(__CUDA_ARCH__)
#pragma unroll
#endif
    for (int r = 0; r < kMaxRules; ++r) {
      if (r >= count) break;
      const RuleCode& c = rules[r];
      double x = param_at(p, c.lhs);
      if (c.lhs_plus >= 0) x += param_at(p, c.lhs_plus);
      if (dist::rule_rejects(c.cmp, c.nan_fails, x, c.rhs >= 0 ? param_at(p, c.rhs) : c.bound)) broken |= 1u << r;
    }
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
