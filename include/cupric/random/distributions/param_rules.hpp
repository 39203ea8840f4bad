// NumPy's parameter checks for every distribution, as data: which parameter must satisfy what, in
// which order, and NumPy's exact ValueError message, for RandomState and Generator.
#pragma once
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>

#include "cupric/random/distributions/discrete.hpp"

namespace cupric::random::dist {

// Note [Parameter rules]
// NumPy checks a distribution's parameters before drawing, one rule at a time in a fixed order,
// each over every element of the (broadcast) parameter arrays, and raises ValueError with the
// first failing rule's message. The rules below are NumPy 2's, read from its documentation and
// confirmed against numpy.random 2.x (RandomState(0).gamma(-1) & co.); their order within a
// distribution is NumPy's order, which matters when several fail (binomial(-1, 2) -> the p rule).
// A rule fails for element x when `x <cmp> bound` (or `x <cmp> other parameter`), or when x is
// NaN and nan_fails is set; a NaN that no rule rejects is drawn and gives NaN, as in NumPy.
// Messages: NumPy says "... is NaN" for scalar parameters and "... contains NaNs" for arrays;
// the table holds the scalar form and message() derives the array form.
// RandomState and Generator differ in a few places (dirichlet's alpha = 0, hypergeometric's
// nsample = 0 and its 10^9 limit, negative_binomial's p = 0 and n = NaN): `api` says which
// object a rule belongs to. NumPy's scalar and array paths differ once: poisson checks the sign
// first for a scalar and the range first (NaN failing it) for an array; `form` says which path a
// rule belongs to. NumPy takes the array path when any parameter has ndim > 0.

enum class Api : uint8_t { random_state = 1, generator = 2, both = 3 };
enum class Form : uint8_t { scalar = 1, array = 2, both = 3 };
enum class Cmp : uint8_t {
  lt,
  le,
  gt,
  ge,
  eq,
  // x < 0 as NumPy's non-negative constraint tests it: the sign bit, so -0.0 fails and NaN passes
  // (gamma(-0.0) -> "shape < 0"; every "... < 0" rule of a float parameter).
  negative,
  // Generator.negative_binomial: the gamma mixing mean n(1-p)/p plus ten of its standard
  // deviations sqrt(n)(1-p)/p must stay within kPoissonLamMax (lhs = n, rhs = p).
  nbinom_range,
};

struct ParamRule {
  const char* distribution;  // NumPy's method name
  Api api;
  int8_t lhs;       // index of the checked parameter in NumPy's signature
  int8_t lhs_plus;  // -1, or a parameter added to lhs (hypergeometric's ngood + nbad)
  Cmp cmp;
  int8_t rhs;  // -1: compare with `bound`; else the index of the parameter compared with
  double bound;
  bool nan_fails;
  const char* message;  // NumPy's message for scalar parameters
  Form form = Form::both;
};

// Whether a rule comparing x (the checked parameter, or the sum of two) with y (a bound or another
// parameter) rejects them.
CUPRIC_HD inline bool rule_rejects(Cmp cmp, bool nan_fails, double x, double y) {
  if (nan_fails && x != x) return true;
  switch (cmp) {
    case Cmp::lt: return x < y;
    case Cmp::le: return x <= y;
    case Cmp::gt: return x > y;
    case Cmp::ge: return x >= y;
    case Cmp::eq: return x == y;
    case Cmp::negative: return x < 0 || (x == 0 && 1 / x < 0);  // the sign bit, not NaN's
    case Cmp::nbinom_range: {
      const double ratio = (1 - y) / y;
      return x * ratio + 10 * ::sqrt(x) * ratio > kPoissonLamMax;
    }
  }
  return false;
}

// Whether `rule` rejects the parameter values `p` (indexed as in NumPy's signature).
CUPRIC_HD inline bool rule_fails(const ParamRule& rule, const double* p) {
  double x = p[rule.lhs];
  if (rule.lhs_plus >= 0) x += p[rule.lhs_plus];
  return rule_rejects(rule.cmp, rule.nan_fails, x, rule.rhs >= 0 ? p[rule.rhs] : rule.bound);
}

#define CUPRIC_RULE(dist, api, lhs, cmp, bound, nan_fails, msg) \
  ParamRule { dist, Api::api, lhs, -1, Cmp::cmp, -1, bound, nan_fails, msg }
#define CUPRIC_NONNEG(dist, lhs, msg) \
  ParamRule { dist, Api::both, lhs, -1, Cmp::negative, -1, 0.0, false, msg }
#define CUPRIC_RULE2(dist, api, lhs, plus, cmp, rhs, msg) \
  ParamRule { dist, Api::api, lhs, plus, Cmp::cmp, rhs, 0.0, false, msg }

inline constexpr ParamRule kParamRules[] = {
    CUPRIC_RULE("beta", both, 0, le, 0.0, false, "a <= 0"),
    CUPRIC_RULE("beta", both, 1, le, 0.0, false, "b <= 0"),
    // binomial(n, p): NumPy checks p before n.
    CUPRIC_RULE("binomial", both, 1, lt, 0.0, true, "p < 0, p > 1 or p is NaN"),
    CUPRIC_RULE("binomial", both, 1, gt, 1.0, false, "p < 0, p > 1 or p is NaN"),
    CUPRIC_RULE("binomial", both, 0, lt, 0.0, false, "n < 0"),
    CUPRIC_RULE("chisquare", both, 0, le, 0.0, false, "df <= 0"),
    CUPRIC_RULE("dirichlet", random_state, 0, le, 0.0, false, "alpha <= 0"),
    CUPRIC_RULE("dirichlet", generator, 0, lt, 0.0, false, "alpha < 0"),
    CUPRIC_NONNEG("exponential", 0, "scale < 0"),
    CUPRIC_RULE("f", both, 0, le, 0.0, false, "dfnum <= 0"),
    CUPRIC_RULE("f", both, 1, le, 0.0, false, "dfden <= 0"),
    CUPRIC_NONNEG("gamma", 0, "shape < 0"),
    CUPRIC_NONNEG("gamma", 1, "scale < 0"),
    CUPRIC_RULE("geometric", both, 0, le, 0.0, true, "p <= 0, p > 1 or p contains NaNs"),
    CUPRIC_RULE("geometric", both, 0, gt, 1.0, false, "p <= 0, p > 1 or p contains NaNs"),
    CUPRIC_NONNEG("gumbel", 1, "scale < 0"),
    // hypergeometric(ngood, nbad, nsample)
    CUPRIC_RULE("hypergeometric", generator, 0, ge, 1e9, false, "both ngood and nbad must be less than 1000000000"),
    CUPRIC_RULE("hypergeometric", generator, 1, ge, 1e9, false, "both ngood and nbad must be less than 1000000000"),
    CUPRIC_RULE2("hypergeometric", both, 0, 1, lt, 2, "ngood + nbad < nsample"),
    CUPRIC_RULE("hypergeometric", both, 0, lt, 0.0, false, "ngood < 0"),
    CUPRIC_RULE("hypergeometric", both, 1, lt, 0.0, false, "nbad < 0"),
    CUPRIC_RULE("hypergeometric", random_state, 2, lt, 1.0, true, "nsample < 1 or nsample is NaN"),
    CUPRIC_RULE("hypergeometric", generator, 2, lt, 0.0, false, "nsample < 0"),
    CUPRIC_NONNEG("laplace", 1, "scale < 0"),
    CUPRIC_NONNEG("logistic", 1, "scale < 0"),
    CUPRIC_NONNEG("lognormal", 1, "sigma < 0"),
    CUPRIC_RULE("logseries", both, 0, lt, 0.0, true, "p < 0, p >= 1 or p is NaN"),
    CUPRIC_RULE("logseries", both, 0, ge, 1.0, false, "p < 0, p >= 1 or p is NaN"),
    // negative_binomial(n, p)
    CUPRIC_RULE("negative_binomial", both, 0, le, 0.0, false, "n <= 0"),
    CUPRIC_RULE("negative_binomial", generator, 0, lt, -kInf<double>, true, "n must not be NaN"),
    CUPRIC_RULE("negative_binomial", random_state, 1, lt, 0.0, true, "p < 0, p > 1 or p is NaN"),
    CUPRIC_RULE("negative_binomial", random_state, 1, gt, 1.0, false, "p < 0, p > 1 or p is NaN"),
    CUPRIC_RULE("negative_binomial", generator, 1, le, 0.0, true, "p <= 0, p > 1 or p contains NaNs"),
    CUPRIC_RULE("negative_binomial", generator, 1, gt, 1.0, false, "p <= 0, p > 1 or p contains NaNs"),
    ParamRule{"negative_binomial", Api::generator, 0, -1, Cmp::nbinom_range, 1, 0.0, false,
              "n too large or p too small, see Generator.negative_binomial Notes"},
    CUPRIC_RULE("noncentral_chisquare", both, 0, le, 0.0, false, "df <= 0"),
    CUPRIC_NONNEG("noncentral_chisquare", 1, "nonc < 0"),
    CUPRIC_RULE("noncentral_f", both, 0, le, 0.0, false, "dfnum <= 0"),
    CUPRIC_RULE("noncentral_f", both, 1, le, 0.0, false, "dfden <= 0"),
    CUPRIC_NONNEG("noncentral_f", 2, "nonc < 0"),
    CUPRIC_NONNEG("normal", 1, "scale < 0"),
    CUPRIC_RULE("pareto", both, 0, le, 0.0, false, "a <= 0"),
    // poisson: an array's range is checked first, NaN failing it (poisson([-1, 1e19]) and
    // poisson([nan]) -> "too large"); a scalar's sign first.
    ParamRule{"poisson", Api::both, 0, -1, Cmp::gt, -1, kPoissonLamMax, true, "lam value too large", Form::array},
    CUPRIC_RULE("poisson", both, 0, lt, 0.0, true, "lam < 0 or lam is NaN"),
    ParamRule{"poisson", Api::both, 0, -1, Cmp::gt, -1, kPoissonLamMax, false, "lam value too large", Form::scalar},
    CUPRIC_RULE("power", both, 0, le, 0.0, false, "a <= 0"),
    CUPRIC_NONNEG("rayleigh", 0, "scale < 0"),
    CUPRIC_NONNEG("standard_gamma", 0, "shape < 0"),
    CUPRIC_RULE("standard_t", both, 0, le, 0.0, false, "df <= 0"),
    CUPRIC_RULE2("triangular", both, 0, -1, gt, 1, "left > mode"),
    CUPRIC_RULE2("triangular", both, 1, -1, gt, 2, "mode > right"),
    CUPRIC_RULE2("triangular", both, 0, -1, eq, 2, "left == right"),
    CUPRIC_NONNEG("vonmises", 1, "kappa < 0"),
    CUPRIC_RULE("wald", both, 0, le, 0.0, false, "mean <= 0"),
    CUPRIC_RULE("wald", both, 1, le, 0.0, false, "scale <= 0"),
    CUPRIC_NONNEG("weibull", 0, "a < 0"),
    CUPRIC_RULE("zipf", both, 0, le, 1.0, true, "a <= 1 or a is NaN"),
};
#undef CUPRIC_RULE
#undef CUPRIC_RULE2
#undef CUPRIC_NONNEG

inline constexpr int kParamRuleCount = int(sizeof(kParamRules) / sizeof(kParamRules[0]));

// The parameters NumPy takes as int64 (bit i: parameter i). NumPy converts them before any rule:
// a float scalar truncates (binomial(5.7, p) is binomial(5, p)), NaN and infinity fail Python's
// int() ("cannot convert float NaN to integer", OverflowError for infinity), and a float array
// fails the safe cast to int64 (TypeError "Cannot cast array data from dtype('float64') ...").
struct IntegerParams {
  const char* distribution;
  uint8_t mask;
};
inline constexpr IntegerParams kIntegerParams[] = {{"binomial", 0b001}, {"hypergeometric", 0b111}};

inline uint8_t integer_params(std::string_view distribution) {
  for (const IntegerParams& e : kIntegerParams) {
    if (distribution == e.distribution) return e.mask;
  }
  return 0;
}

inline bool rule_applies(const ParamRule& rule, std::string_view distribution, Api api, bool array_params) {
  return distribution == rule.distribution && (uint8_t(rule.api) & uint8_t(api)) != 0 &&
         (uint8_t(rule.form) & uint8_t(array_params ? Form::array : Form::scalar)) != 0;
}

// The message NumPy raises for `rule`: the scalar form, or the array form
// ("p is NaN" -> "p contains NaNs") when the parameters came as arrays.
inline std::string message(const ParamRule& rule, bool array_params) {
  std::string s = rule.message;
  constexpr std::string_view kScalar = " is NaN";
  if (array_params) {
    if (auto at = s.find(kScalar); at != std::string::npos) s.replace(at, kScalar.size(), " contains NaNs");
  }
  return s;
}

// The first of `distribution`'s rules for `api` and the path (array_params: some parameter has
// ndim > 0) that some element rejects, or nullptr.
// `count` broadcast elements; `params_at(i, double* out)` writes element i's parameters in
// NumPy's signature order. Rule-major, as NumPy checks (Note [Parameter rules]): every element is
// checked against the first rule before any against the second. The registry runs this before
// any draw, so bad input changes no generator state.
template <class ParamsAt>
inline const ParamRule* first_failing_rule(std::string_view distribution, Api api, bool array_params, int64_t count,
                                           ParamsAt&& params_at) {
  double p[8];
  for (const ParamRule& rule : kParamRules) {
    if (!rule_applies(rule, distribution, api, array_params)) continue;
    for (int64_t i = 0; i < count; ++i) {
      params_at(i, p);
      if (rule_fails(rule, p)) return &rule;
    }
  }
  return nullptr;
}

}  // namespace cupric::random::dist
