// Averages, differences, integrals and covariances (NumPy's average, diff with prepend/append,
// ediff1d, trapezoid, gradient, cov, corrcoef): names and argument order as NumPy's, composed of
// device ufuncs, reductions and views (src/ops/averages.cpp). Optional array arguments are an
// undefined ndarray (NumPy's None); spacings and dx are Operands, so a C++ number is weak like a
// Python number (NEP 50). Host syncs only where NumPy raises or branches on values: average
// with weights (zero weight sums), gradient with 1-D spacings (uniform check), cov with weights.
#pragma once
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>
#include "cupric/ndarray.hpp"
#include "cupric/ops/reduction.hpp"
#include "cupric/ops/ufunc.hpp"

namespace cupric {

// numpy.average: the (weighted) mean over axis. `weights` of a's shape, or of the shape of a's
// axes in `axis` (then `axis` is required). ZeroDivisionError when weights sum to zero.
ndarray average(const ndarray& a, const AxisArg& axis = {}, const ndarray& weights = {}, bool keepdims = false);
// numpy.average(..., returned=True): (average, sum of weights broadcast to the average's shape).
std::pair<ndarray, ndarray> average_returned(const ndarray& a, const AxisArg& axis = {}, const ndarray& weights = {},
                                             bool keepdims = false);

// numpy.diff with prepend/append (undefined: not given; 0-d ones are broadcast along axis).
// cupric::diff(a, n, axis) without them is in cupric/ops/scan.hpp.
ndarray diff(const ndarray& a, int64_t n, int64_t axis, const ndarray& prepend, const ndarray& append = {});

// numpy.ediff1d: differences of the flattened array in its dtype, to_begin / to_end (flattened,
// same_kind-castable to ary's dtype, else TypeError) joined at the ends.
ndarray ediff1d(const ndarray& ary, const ndarray& to_end = {}, const ndarray& to_begin = {});

// numpy.trapezoid: the integral along axis, sample points x (1-D, or y's shape) or spacing dx.
ndarray trapezoid(const ndarray& y, const ndarray& x = {}, const Operand& dx = 1.0, int64_t axis = -1);

// numpy.gradient: one array per axis in `axis` (none: every axis). varargs: none (spacing 1), one
// scalar for every axis, or one scalar or 1-D coordinate array per axis; edge_order 1 or 2.
std::vector<ndarray> gradient(const ndarray& f, const std::vector<Operand>& varargs = {}, const AxisArg& axis = {},
                              int64_t edge_order = 1);

// numpy.cov and numpy.corrcoef (ddof none: 1, or 0 with bias; fweights integral, aweights >= 0).
ndarray cov(const ndarray& m, const ndarray& y = {}, bool rowvar = true, bool bias = false,
            std::optional<int64_t> ddof = std::nullopt, const ndarray& fweights = {}, const ndarray& aweights = {},
            std::optional<DType> dtype = std::nullopt);
ndarray corrcoef(const ndarray& x, const ndarray& y = {}, bool rowvar = true,
                 std::optional<DType> dtype = std::nullopt);

}  // namespace cupric
