// numpy.interp (one-dimensional piecewise-linear interpolation) and numpy.unwrap (phase unwrapping).
#pragma once
#include <optional>
#include "cupric/ops/ufunc.hpp"

namespace cupric {

// numpy.interp: float64 result (complex128 for complex fp) of x's shape; xp increasing (not checked,
// as NumPy); left/right default to fp[0]/fp[-1]; a period wraps x and xp (left/right then unused).
ndarray interp(const ndarray& x, const ndarray& xp, const ndarray& fp, std::optional<complex128> left = std::nullopt,
               std::optional<complex128> right = std::nullopt, std::optional<double> period = std::nullopt);
// numpy.unwrap: jumps larger than max(discont, period/2) along `axis` replaced by their
// complement modulo `period` (a Python number: weak, so integer phases stay integer).
ndarray unwrap(const ndarray& p, std::optional<double> discont = std::nullopt, int64_t axis = -1,
               const Operand& period = Operand(6.283185307179586));

}  // namespace cupric
