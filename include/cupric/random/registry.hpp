// The distribution registry of cupric.random (Note [Random registry]): what the C++ API and the
// bindings know of each distribution of distribution_table.inc.
#pragma once
#include <cstdint>
#include <string_view>

namespace cupric::random {

// Note [Random registry]
// A distribution is one line of distribution_table.inc: its name, sampler, output kind and up to
// three parameters (NumPy's checks of them: Note [Parameter rules] in
// include/cupric/random/distributions/param_rules.hpp). The "random" kernel family instantiates
// DrawF<T, Sampler, nparams> (src/random/draw_kernels.hpp) for each line and each output dtype
// of its kind, and registers the loops under the line's index; Generator::draw (src/random/
// generator.cpp) looks a distribution up by name, validates the parameters with NumPy's messages,
// broadcasts them (they are the loop's float64 inputs) and runs the loop through the elementwise
// engine on either backend. Python's RandomState and Generator methods are generated from
// python/cupric/random/_distribution_table.py, which names the parameters and their defaults.
enum class OutKind : uint8_t { Float, Int64 };

inline constexpr int kMaxDistParams = 3;

struct DistributionInfo {
  const char* name;
  OutKind out;
  int nparams;
  const char* param_names[kMaxDistParams];
};

enum class DistributionId : uint16_t {
#define CUPRIC_DISTRIBUTION(name, ...) name,
#include "cupric/random/distribution_table.inc"
#undef CUPRIC_DISTRIBUTION
  count_
};
inline constexpr int kNumDistributions = static_cast<int>(DistributionId::count_);

// The table's entries, in table order; find_distribution returns nullptr for an unknown name.
const DistributionInfo& distribution_info(DistributionId id);
const DistributionInfo* find_distribution(std::string_view name, DistributionId* id = nullptr);

}  // namespace cupric::random
