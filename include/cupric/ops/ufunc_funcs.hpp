// NumPy's elementwise functions built from ufuncs (numpy.fix, around, clip, nan_to_num, angle,
// sinc, i0).
#pragma once
#include <optional>
#include <utility>
#include "cupric/ops/ufunc.hpp"

namespace cupric {

// numpy.fix: round towards zero (ceil, then floor where x >= 0).
ndarray fix(const ndarray& x, const ndarray* out = nullptr);
// numpy.around / numpy.round: halves to even, at `decimals` decimal places (negative: tens, ...).
ndarray around(const ndarray& a, int decimals = 0, const ndarray* out = nullptr);
// numpy.clip with both bounds (the three-input ufunc `clip`: minimum(maximum(a, a_min), a_max)).
ndarray clip(const ndarray& a, const Operand& a_min, const Operand& a_max, const UfuncOptions& opts = {});
// numpy.nan_to_num: NaN -> nan, +inf -> posinf (default: the dtype's max), -inf -> neginf (min).
ndarray nan_to_num(const ndarray& x, bool copy = true, double nan = 0.0, std::optional<double> posinf = std::nullopt,
                   std::optional<double> neginf = std::nullopt);
// The same with replacement values as arrays, broadcast against x (a null posinf/neginf: the default).
ndarray nan_to_num(const ndarray& x, bool copy, const ndarray& nan, const ndarray* posinf = nullptr,
                   const ndarray* neginf = nullptr);
// numpy.angle (radians, or degrees with deg), numpy.sinc (normalized), numpy.i0 (real floats).
ndarray angle(const ndarray& z, bool deg = false);
ndarray sinc(const ndarray& x);
ndarray i0(const ndarray& x);
// (The two-output ufuncs divmod, frexp and modf are declared with the others in ufunc.hpp.)

}  // namespace cupric
