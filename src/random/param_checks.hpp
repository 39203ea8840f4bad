// NumPy's parameter checks of the registry's distributions (Note [Parameter rules] in
// include/cupric/random/distributions/param_rules.hpp), run by Generator::draw.
#pragma once
#include <cstdint>
#include <vector>
#include "cupric/random.hpp"
#include "random/param_guard.hpp"

namespace cupric::random {

// NumPy's int64 conversions of `distribution`'s integer parameters (the dtype of an array, NaN and
// infinity of a scalar): TypeError, ValueError or OverflowError with NumPy's message.
void check_integer_params(const char* distribution, const std::vector<Param>& params);

// Throws ValueError with NumPy's message when `params` (NumPy's signature order) break one of
// `distribution`'s rules for RandomState (legacy) or Generator, checking every element on the host
// (one copy of each array parameter): for scalar parameters, and for a draw of no elements.
void check_distribution_params(const char* distribution, bool legacy, const std::vector<Param>& params);

// The rules an array-parameter loop checks as it draws (Note [Parameter guard] in
// src/random/param_guard.hpp); count 0 when no rule applies. The caller points `fails` at a
// zeroed word on the loop's backend.
ParamGuard param_guard(const char* distribution, bool legacy, const std::vector<Param>& params);

// The ValueError of the lowest rule set in `fails`, the word a param_guard loop filled.
[[noreturn]] void raise_broken_rule(const char* distribution, bool legacy, const std::vector<Param>& params,
                                    uint32_t fails);

}  // namespace cupric::random
