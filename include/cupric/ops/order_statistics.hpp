// Order statistics (NumPy's median, nanmedian, quantile, percentile, nanquantile,
// nanpercentile) with every `method` of NumPy 2. One sort along the reduced axes, a gather and a
// lerp; the index arithmetic runs on the host over the (small) quantile array, in q's float
// type. The nan-variants read the per-slice counts of non-NaN values back (one host sync).
#pragma once
#include <string_view>
#include "cupric/ndarray.hpp"
#include "cupric/ops/reduction.hpp"

namespace cupric {

enum class QuantileMethod : uint8_t {
  InvertedCdf,
  AveragedInvertedCdf,
  ClosestObservation,
  InterpolatedInvertedCdf,
  Hazen,
  Weibull,
  Linear,
  MedianUnbiased,
  NormalUnbiased,
  Lower,
  Higher,
  Midpoint,
  Nearest,
};
QuantileMethod parse_quantile_method(std::string_view method);  // NumPy's names ("linear", ...)

// q: quantiles in [0, 1] (any shape; read to the host), its float dtype the arithmetic's (integer
// q: float64). The result has shape q.shape + the kept dimensions (keepdims: reduced ones as 1).
// weights (method inverted_cdf only, as NumPy 2): non-negative, a's shape or the shape of the
// reduced axes in `axis` order; the nan-variants drop NaNs with their weights.
ndarray quantile(const ndarray& a, const ndarray& q, const AxisArg& axis = {}, const ndarray& out = {},
                 bool overwrite_input = false, QuantileMethod method = QuantileMethod::Linear, bool keepdims = false,
                 const ndarray& weights = {});
ndarray nanquantile(const ndarray& a, const ndarray& q, const AxisArg& axis = {}, const ndarray& out = {},
                    bool overwrite_input = false, QuantileMethod method = QuantileMethod::Linear, bool keepdims = false,
                    const ndarray& weights = {});
// q in [0, 100].
ndarray percentile(const ndarray& a, const ndarray& q, const AxisArg& axis = {}, const ndarray& out = {},
                   bool overwrite_input = false, QuantileMethod method = QuantileMethod::Linear, bool keepdims = false,
                   const ndarray& weights = {});
ndarray nanpercentile(const ndarray& a, const ndarray& q, const AxisArg& axis = {}, const ndarray& out = {},
                      bool overwrite_input = false, QuantileMethod method = QuantileMethod::Linear,
                      bool keepdims = false, const ndarray& weights = {});
// The mean of the middle one or two sorted elements (NaN when a slice holds a NaN).
ndarray median(const ndarray& a, const AxisArg& axis = {}, const ndarray& out = {}, bool overwrite_input = false,
               bool keepdims = false);
ndarray nanmedian(const ndarray& a, const AxisArg& axis = {}, const ndarray& out = {}, bool overwrite_input = false,
                  bool keepdims = false);

namespace detail {
// quantile / nanquantile (percentiles: q in [0, 100], as percentile; weak_q: q stands for a Python
// number, NEP 50) and nanmedian that also say whether a slice was all NaN (Python warns then).
ndarray quantile_flag(const ndarray& a, const ndarray& q, const AxisArg& axis, const ndarray& out,
                      QuantileMethod method, bool keepdims, bool nan, bool percentiles, bool weak_q,
                      bool* all_nan_slice, const ndarray& weights = {});
ndarray nanmedian_flag(const ndarray& a, const AxisArg& axis, const ndarray& out, bool keepdims, bool* all_nan_slice);
}  // namespace detail

}  // namespace cupric
