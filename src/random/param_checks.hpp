// NumPy's parameter checks of the registry's distributions (Note [Parameter rules] in
// include/cupric/random/distributions/param_rules.hpp), run by Generator::draw before any draw.
#pragma once
#include <vector>
#include "cupric/random.hpp"

namespace cupric::random {

// Throws ValueError with NumPy's message when `params` (NumPy's signature order) break one of
// `distribution`'s rules for RandomState (legacy) or Generator. Array parameters are broadcast
// against each other and checked on the host when small, on their device when large (one sync
// either way, as NumPy and CuPy check before drawing: Note [Parameter checks on the device] in
// src/random/param_checks.cpp).
void check_distribution_params(const char* distribution, bool legacy, const std::vector<Param>& params);

}  // namespace cupric::random
