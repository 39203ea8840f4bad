// Cumulative sums and products (NumPy's cumsum, cumprod, nancumsum, nancumprod), differences
// (diff) and the NaN-skipping argmax/argmin. Names and argument order as NumPy's; axis nullopt
// scans the C-order flattened array. Default dtypes as NumPy 2: bool and integers narrower than
// 64 bits accumulate in (u)int64.
#pragma once
#include <optional>
#include "cupric/ndarray.hpp"
#include "cupric/ops/reduction.hpp"

namespace cupric {

ndarray cumsum(const ndarray& a, std::optional<int64_t> axis = {}, OptDType dtype = {}, const ndarray& out = {});
ndarray cumprod(const ndarray& a, std::optional<int64_t> axis = {}, OptDType dtype = {}, const ndarray& out = {});
ndarray nancumsum(const ndarray& a, std::optional<int64_t> axis = {}, OptDType dtype = {}, const ndarray& out = {});
ndarray nancumprod(const ndarray& a, std::optional<int64_t> axis = {}, OptDType dtype = {}, const ndarray& out = {});

// numpy.diff without prepend/append (concatenate them first): the n-th discrete difference
// along `axis` (not_equal for bool, as NumPy).
ndarray diff(const ndarray& a, int64_t n = 1, int64_t axis = -1);

// numpy.nanargmax / nanargmin: NaNs ignored; ValueError "All-NaN slice encountered" when a slice
// has only NaNs (a host sync, for inexact inputs only).
ndarray nanargmax(const ndarray& a, std::optional<int64_t> axis = {}, const ndarray& out = {}, bool keepdims = false);
ndarray nanargmin(const ndarray& a, std::optional<int64_t> axis = {}, const ndarray& out = {}, bool keepdims = false);

}  // namespace cupric

namespace cupric {
// numpy.bincount: counts of each non-negative integer value (int64), or sums of `weights` per
// value (float64); at least minlength bins. The largest value sizes the result (a host sync).
ndarray bincount(const ndarray& x, const ndarray& weights = {}, int64_t minlength = 0);
}  // namespace cupric
