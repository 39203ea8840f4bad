// numpy.linspace / numpy.logspace with array bounds, and logspace with an array or complex base
// (src/ops/linspace_arrays.cpp). The scalar-bound forms are in ops/creation.hpp.
#pragma once
#include <optional>
#include "cupric/ndarray.hpp"
#include "cupric/ops/ufunc.hpp"

namespace cupric {

// start and stop (and base) broadcast together and the samples run along `axis` of the result,
// computed as NumPy does (ufuncs on the bounds' result type made inexact), so values match
// NumPy's. A C++ number is a weak operand, as a Python number is (ops/ufunc.hpp).
//
// linspace: dtype defaults to that result type (an integer dtype floors first); `step` receives
// the step array (nan where num <= 1 with endpoint); one host sync checks for steps that
// underflow to zero. ValueError for num < 0 and for bounds that do not broadcast, AxisError for
// `axis`.
ndarray linspace(const Operand& start, const Operand& stop, int64_t num, bool endpoint = true,
                 std::optional<DType> dtype = std::nullopt, int64_t axis = 0, ndarray* step = nullptr);
// logspace: power(base, linspace(start, stop, ...)) with the three operands brought to one ndim
// first (base may be complex). When all three are scalars (0-d arrays are read back: a host
// sync) the samples come from the scalar linspace of ops/creation.hpp, and axis is 0 or -1.
ndarray logspace(const Operand& start, const Operand& stop, int64_t num, bool endpoint, const Operand& base,
                 std::optional<DType> dtype = std::nullopt, int64_t axis = 0);

}  // namespace cupric
