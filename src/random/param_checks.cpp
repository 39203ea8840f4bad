// NumPy's parameter checks of the registry's distributions, from the rules table of
// include/cupric/random/distributions/param_rules.hpp (Note [Parameter rules]): on the host, or
// as the guard the array-parameter loops carry (Note [Parameter guard] in src/random/param_guard.hpp).
#include "random/param_checks.hpp"

#include <cmath>
#include <string>
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/random/distributions/param_rules.hpp"

namespace cupric::random {

namespace {

// NumPy takes its array path (and "contains NaNs" messages) when some parameter has ndim > 0.
bool has_array_params(const std::vector<Param>& params) {
  for (const Param& p : params)
    if (p.is_array() && p.array.ndim() > 0) return true;
  return false;
}

dist::Api api_of(bool legacy) { return legacy ? dist::Api::random_state : dist::Api::generator; }

// `distribution`'s rules for the call, in NumPy's order.
std::vector<const dist::ParamRule*> applicable_rules(const char* distribution, bool legacy, bool array_params) {
  std::vector<const dist::ParamRule*> rules;
  for (const dist::ParamRule& rule : dist::kParamRules)
    if (dist::rule_applies(rule, distribution, api_of(legacy), array_params)) rules.push_back(&rule);
  return rules;
}

}  // namespace

void check_integer_params(const char* distribution, const std::vector<Param>& params) {
  const uint8_t mask = dist::integer_params(distribution);
  for (size_t j = 0; j < params.size(); ++j) {
    if (!(mask >> j & 1)) continue;
    const Param& p = params[j];
    if (p.is_array()) {
      const DType dt = p.array.dtype();
      if (!dt.is_integer() && !dt.is_bool())
        throw TypeError(std::string("Cannot cast ") + (p.array.ndim() == 0 ? "scalar" : "array data") +
                        " from dtype('" + dt.name() + "') to dtype('int64') according to the rule 'safe'");
    } else if (std::isnan(p.value)) {
      throw ValueError("cannot convert float NaN to integer");
    } else if (std::isinf(p.value)) {
      throw OverflowError("cannot convert float infinity to integer");
    }
  }
}

void check_distribution_params(const char* distribution, bool legacy, const std::vector<Param>& params) {
  const bool array_params = has_array_params(params);
  std::vector<Dims> shapes;
  for (const Param& p : params)
    if (p.is_array()) shapes.push_back(p.array.shape());
  const Dims shape = shapes.empty() ? Dims{} : broadcast_shapes(shapes);
  int64_t count = 1;
  for (int64_t d : shape) count *= d;
  if (count == 0) return;  // nothing to draw, nothing NumPy checks
  // Each parameter's values, broadcast to the common shape (a scalar: one value, stride 0).
  std::vector<std::vector<double>> values(params.size());
  std::vector<bool> is_scalar(params.size());
  for (size_t j = 0; j < params.size(); ++j) {
    const Param& p = params[j];
    is_scalar[j] = !p.is_array();
    if (is_scalar[j]) {
      values[j] = {p.value};
    } else {
      ndarray b = broadcast_to(p.array.dtype() == dtypes::float64 ? p.array : astype(p.array, dtypes::float64), shape);
      values[j] = to_vector<double>(copy(b, Order::C));
    }
  }
  const dist::ParamRule* rule =
      dist::first_failing_rule(distribution, api_of(legacy), array_params, count, [&](int64_t i, double* out) {
        for (size_t j = 0; j < params.size(); ++j) out[j] = values[j][is_scalar[j] ? 0 : static_cast<size_t>(i)];
      });
  if (rule) throw ValueError(dist::message(*rule, array_params));
}

ParamGuard param_guard(const char* distribution, bool legacy, const std::vector<Param>& params) {
  const std::vector<const dist::ParamRule*> rules = applicable_rules(distribution, legacy, has_array_params(params));
  if (rules.size() > static_cast<size_t>(ParamGuard::kMaxRules))
    throw RuntimeError(std::string(distribution) + " has more parameter rules than ParamGuard holds");
  ParamGuard g{};
  g.fails = nullptr;
  g.count = static_cast<int32_t>(rules.size());
  for (size_t r = 0; r < rules.size(); ++r)
    g.rules[r] =
        RuleCode{rules[r]->lhs, rules[r]->lhs_plus, rules[r]->rhs, rules[r]->cmp, rules[r]->nan_fails, rules[r]->bound};
  return g;
}

void raise_broken_rule(const char* distribution, bool legacy, const std::vector<Param>& params, uint32_t fails) {
  const bool array_params = has_array_params(params);
  const std::vector<const dist::ParamRule*> rules = applicable_rules(distribution, legacy, array_params);
  for (size_t r = 0; r < rules.size(); ++r)
    if (fails >> r & 1) throw ValueError(dist::message(*rules[r], array_params));
  throw RuntimeError(std::string(distribution) + ": a parameter rule failed that the guard did not hold");
}

}  // namespace cupric::random
