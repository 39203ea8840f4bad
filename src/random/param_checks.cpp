// NumPy's parameter checks of the registry's distributions, from the rules table of
// include/cupric/random/distributions/param_rules.hpp (Note [Parameter rules]).
#include "random/param_checks.hpp"

#include <cmath>
#include <string>
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/reduction.hpp"
#include "cupric/ops/ufunc.hpp"
#include "cupric/random/distributions/param_rules.hpp"

namespace cupric::random {

namespace {

// NumPy's conversions of its int64 parameters (dist::kIntegerParams), before any rule.
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

// Note [Parameter checks on the device]
// Up to kHostCheckMax broadcast elements, the parameters are copied to the host and checked there
// rule by rule (first_failing_rule). Beyond it that copy and the host loop dominated the draw:
// Generator.standard_gamma(shape array of 2^24) took 197 ms on the H200 (CuPy 0.44 ms). So large
// array parameters are checked where they live, with cupric's own elementwise ops and any():
// each applicable rule's failure becomes a 0-d bool on the arrays' device, all of them stacked
// and read back in one transfer, and the first true one in NumPy's order is raised. The ops do the
// double arithmetic rule_fails does, in its order, so both paths reject the same values.
constexpr int64_t kHostCheckMax = 4096;

Operand param_operand(const Param& p) {
  if (!p.is_array()) return Operand(p.value);
  return Operand(p.array.dtype() == dtypes::float64 ? p.array : astype(p.array, dtypes::float64));
}

// Elementwise: where `rule` rejects the parameters (rule_fails over arrays).
ndarray rule_fails_where(const dist::ParamRule& rule, const std::vector<Operand>& ops) {
  const Operand x = rule.lhs_plus >= 0
                        ? Operand(add(ops[static_cast<size_t>(rule.lhs)], ops[static_cast<size_t>(rule.lhs_plus)]))
                        : ops[static_cast<size_t>(rule.lhs)];
  const Operand y = rule.rhs >= 0 ? ops[static_cast<size_t>(rule.rhs)] : Operand(rule.bound);
  ndarray f;
  switch (rule.cmp) {
    case dist::Cmp::lt: f = less(x, y); break;
    case dist::Cmp::le: f = less_equal(x, y); break;
    case dist::Cmp::gt: f = greater(x, y); break;
    case dist::Cmp::ge: f = greater_equal(x, y); break;
    case dist::Cmp::eq: f = equal(x, y); break;
    case dist::Cmp::nbinom_range: {
      const ndarray ratio = divide(subtract(1.0, y), y);
      f = greater(add(multiply(x, ratio), multiply(multiply(10.0, sqrt(x)), ratio)), dist::kPoissonLamMax);
      break;
    }
  }
  return rule.nan_fails ? logical_or(f, isnan(x)) : f;
}

const dist::ParamRule* first_failing_rule_on_device(const char* distribution, dist::Api api, bool array_params,
                                                    const std::vector<Param>& params) {
  std::vector<Operand> ops;
  for (const Param& p : params) ops.push_back(param_operand(p));
  std::vector<const dist::ParamRule*> rules;
  std::vector<ndarray> fails;
  for (const dist::ParamRule& rule : dist::kParamRules) {
    if (!dist::rule_applies(rule, distribution, api, array_params)) continue;
    rules.push_back(&rule);
    fails.push_back(any(rule_fails_where(rule, ops)));
  }
  if (rules.empty()) return nullptr;
  const std::vector<bool> failed = to_vector<bool>(stack(fails));
  for (size_t r = 0; r < rules.size(); ++r)
    if (failed[r]) return rules[r];
  return nullptr;
}

}  // namespace

void check_distribution_params(const char* distribution, bool legacy, const std::vector<Param>& params) {
  check_integer_params(distribution, params);
  const dist::Api api = legacy ? dist::Api::random_state : dist::Api::generator;
  // NumPy takes its array path (and "contains NaNs" messages) when some parameter has ndim > 0.
  bool array_params = false;
  std::vector<Dims> shapes;
  for (const Param& p : params) {
    if (p.is_array()) {
      array_params = array_params || p.array.ndim() > 0;
      shapes.push_back(p.array.shape());
    }
  }
  const Dims shape = shapes.empty() ? Dims{} : broadcast_shapes(shapes);
  int64_t count = 1;
  for (int64_t d : shape) count *= d;
  if (count == 0) return;       // nothing to draw, nothing NumPy checks
  if (count > kHostCheckMax) {  // Note [Parameter checks on the device]
    if (const dist::ParamRule* rule = first_failing_rule_on_device(distribution, api, array_params, params))
      throw ValueError(dist::message(*rule, array_params));
    return;
  }
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
      dist::first_failing_rule(distribution, api, array_params, count, [&](int64_t i, double* out) {
        for (size_t j = 0; j < params.size(); ++j) out[j] = values[j][is_scalar[j] ? 0 : static_cast<size_t>(i)];
      });
  if (rule) throw ValueError(dist::message(*rule, array_params));
}

}  // namespace cupric::random
