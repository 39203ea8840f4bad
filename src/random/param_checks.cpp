// NumPy's parameter checks of the registry's distributions, from the rules table of
// include/cupric/random/distributions/param_rules.hpp (Note [Parameter rules]).
#include "random/param_checks.hpp"

#include <cmath>
#include <string>
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/manipulation.hpp"
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
      dist::first_failing_rule(distribution, api, array_params, count, [&](int64_t i, double* out) {
        for (size_t j = 0; j < params.size(); ++j) out[j] = values[j][is_scalar[j] ? 0 : static_cast<size_t>(i)];
      });
  if (rule) throw ValueError(dist::message(*rule, array_params));
}

}  // namespace cupric::random
