// Reductions and statistics (NumPy's "Sums, products", "Order statistics", "Averages and
// variances", logic reductions): names and argument order as NumPy's; optional arguments are
// std::optional or an undefined ndarray. Results are arrays, 0-d for full reductions: reading
// the value (to_vector, item) is the only host sync.
#pragma once
#include <initializer_list>
#include <optional>
#include <vector>
#include "cupric/ndarray.hpp"
#include "cupric/scalar.hpp"

namespace cupric {

// NumPy's `axis` argument: None (every axis; the default), one axis, or several.
class AxisArg {
 public:
  AxisArg() = default;
  AxisArg(int axis) : all_(false), axes_{axis} {}
  AxisArg(int64_t axis) : all_(false), axes_{axis} {}
  AxisArg(std::initializer_list<int64_t> axes) : all_(false), axes_(axes) {}
  AxisArg(std::vector<int64_t> axes) : all_(false), axes_(std::move(axes)) {}
  static AxisArg none() { return AxisArg(); }
  bool is_none() const { return all_; }
  const std::vector<int64_t>& axes() const { return axes_; }

 private:
  bool all_ = true;
  std::vector<int64_t> axes_;
};

using OptDType = std::optional<DType>;
using OptScalar = std::optional<Scalar>;

// Sums and products. Default dtype as NumPy 2: bool and integers narrower than 64 bits
// accumulate in (u)int64; float16 accumulates in float32 and returns float16.
ndarray sum(const ndarray& a, const AxisArg& axis = {}, OptDType dtype = {}, const ndarray& out = {},
            bool keepdims = false, OptScalar initial = {}, const ndarray& where = {});
ndarray prod(const ndarray& a, const AxisArg& axis = {}, OptDType dtype = {}, const ndarray& out = {},
             bool keepdims = false, OptScalar initial = {}, const ndarray& where = {});
ndarray nansum(const ndarray& a, const AxisArg& axis = {}, OptDType dtype = {}, const ndarray& out = {},
               bool keepdims = false, OptScalar initial = {}, const ndarray& where = {});
ndarray nanprod(const ndarray& a, const AxisArg& axis = {}, OptDType dtype = {}, const ndarray& out = {},
                bool keepdims = false, OptScalar initial = {}, const ndarray& where = {});

// Extremes. max/min are amax/amin. NaN propagates (nanmax/nanmin ignore it; an all-NaN slice
// gives NaN without NumPy's RuntimeWarning, which would need a host sync).
ndarray amax(const ndarray& a, const AxisArg& axis = {}, const ndarray& out = {}, bool keepdims = false,
             OptScalar initial = {}, const ndarray& where = {});
ndarray amin(const ndarray& a, const AxisArg& axis = {}, const ndarray& out = {}, bool keepdims = false,
             OptScalar initial = {}, const ndarray& where = {});
ndarray max(const ndarray& a, const AxisArg& axis = {}, const ndarray& out = {}, bool keepdims = false,
            OptScalar initial = {}, const ndarray& where = {});
ndarray min(const ndarray& a, const AxisArg& axis = {}, const ndarray& out = {}, bool keepdims = false,
            OptScalar initial = {}, const ndarray& where = {});
ndarray nanmax(const ndarray& a, const AxisArg& axis = {}, const ndarray& out = {}, bool keepdims = false,
               OptScalar initial = {}, const ndarray& where = {});
ndarray nanmin(const ndarray& a, const AxisArg& axis = {}, const ndarray& out = {}, bool keepdims = false,
               OptScalar initial = {}, const ndarray& where = {});
ndarray ptp(const ndarray& a, const AxisArg& axis = {}, const ndarray& out = {}, bool keepdims = false);
// Positions of the extremes (int64; the first one wins, and the first NaN beats everything).
// axis nullopt: the flat index in C order.
ndarray argmax(const ndarray& a, std::optional<int64_t> axis = {}, const ndarray& out = {}, bool keepdims = false);
ndarray argmin(const ndarray& a, std::optional<int64_t> axis = {}, const ndarray& out = {}, bool keepdims = false);

// Logic. count_nonzero returns int64 (a 0-d array for axis=None: V2-COUNT-NONZERO).
ndarray any(const ndarray& a, const AxisArg& axis = {}, const ndarray& out = {}, bool keepdims = false,
            const ndarray& where = {});
ndarray all(const ndarray& a, const AxisArg& axis = {}, const ndarray& out = {}, bool keepdims = false,
            const ndarray& where = {});
ndarray count_nonzero(const ndarray& a, const AxisArg& axis = {}, bool keepdims = false);

// Averages and variances: float64 for bool/integer input, the input's type otherwise (real for
// var/std of complex). ddof is NumPy's delta degrees of freedom. `mean` (NumPy 2's mean=): the
// precomputed mean, shaped as with keepdims=True; it is used as given, not recomputed.
ndarray mean(const ndarray& a, const AxisArg& axis = {}, OptDType dtype = {}, const ndarray& out = {},
             bool keepdims = false, const ndarray& where = {});
ndarray var(const ndarray& a, const AxisArg& axis = {}, OptDType dtype = {}, const ndarray& out = {}, double ddof = 0,
            bool keepdims = false, const ndarray& where = {}, const ndarray& mean = {});
ndarray std(const ndarray& a, const AxisArg& axis = {}, OptDType dtype = {}, const ndarray& out = {}, double ddof = 0,
            bool keepdims = false, const ndarray& where = {}, const ndarray& mean = {});
ndarray nanmean(const ndarray& a, const AxisArg& axis = {}, OptDType dtype = {}, const ndarray& out = {},
                bool keepdims = false, const ndarray& where = {});
ndarray nanvar(const ndarray& a, const AxisArg& axis = {}, OptDType dtype = {}, const ndarray& out = {},
               double ddof = 0, bool keepdims = false, const ndarray& where = {}, const ndarray& mean = {});
ndarray nanstd(const ndarray& a, const AxisArg& axis = {}, OptDType dtype = {}, const ndarray& out = {},
               double ddof = 0, bool keepdims = false, const ndarray& where = {}, const ndarray& mean = {});

}  // namespace cupric
