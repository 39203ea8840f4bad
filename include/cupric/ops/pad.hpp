// numpy.pad: every mode of NumPy 2 (constant, edge, linear_ramp, maximum, mean, median, minimum,
// reflect and symmetric with even/odd reflection, wrap, empty) and a per-lane callback (NumPy's
// callable mode). The result is a new array, F-ordered when `array` is F- but not C-contiguous.
#pragma once
#include <array>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>
#include "cupric/ndarray.hpp"
#include "cupric/scalar.hpp"

namespace cupric {

enum class PadMode : uint8_t {
  Constant,
  Edge,
  LinearRamp,
  Maximum,
  Mean,
  Median,
  Minimum,
  Reflect,
  Symmetric,
  Wrap,
  Empty
};
// "constant", "edge", ...: ValueError "mode 'x' is not supported" for other names.
PadMode parse_pad_mode(std::string_view mode);

// (before, after) per axis. A vector of one pair applies to every axis (NumPy's ((b, a),)).
template <class T>
using PadPairs = std::vector<std::array<T, 2>>;

// numpy.lib._arraypad_impl._as_pairs: `values` (row-major, of `shape`, which has fewer than 3
// dims or broadcasts to (ndim, 2)) as ndim (before, after) pairs. One value: every pair is
// (v, v); two values of shape (2,) or (1, 2): every pair is (v0, v1); else broadcast to (ndim, 2).
template <class T>
PadPairs<T> pad_pairs(const std::vector<T>& values, const Dims& shape, int ndim);

struct PadOptions {
  // mode constant: fill values, cast unsafely to the array's dtype (default 0).
  PadPairs<Scalar> constant_values;
  // mode linear_ramp: the ramps' end values, as Python numbers (float64 or complex128 Scalars;
  // default 0).
  PadPairs<Scalar> end_values;
  // modes maximum/mean/median/minimum: how many edge values the statistic uses; nullopt (and an
  // empty vector) means the whole axis.
  PadPairs<std::optional<int64_t>> stat_length;
  // modes reflect/symmetric: reflect_type "odd" (2 * edge - reflected value) instead of "even".
  bool reflect_odd = false;
};

// numpy.pad(array, pad_width, mode, **kwargs). pad_width has one pair or one per axis; negative
// widths raise ValueError "index can't contain negative values". Modes other than constant and
// empty raise ValueError on an empty axis that would be extended. The median is cupric::median
// (one sort of the stat_length slice along the axis); mean/median on integer arrays round half to
// even (rint), as NumPy does.
ndarray pad(const ndarray& array, const PadPairs<int64_t>& pad_width, PadMode mode = PadMode::Constant,
            const PadOptions& options = {});
inline ndarray pad(const ndarray& array, int64_t pad_width, PadMode mode = PadMode::Constant,
                   const PadOptions& options = {}) {
  return pad(array, PadPairs<int64_t>{{pad_width, pad_width}}, mode, options);
}
// The same with NumPy's mode names ("constant", "reflect", ...).
inline ndarray pad(const ndarray& array, const PadPairs<int64_t>& pad_width, std::string_view mode,
                   const PadOptions& options = {}) {
  return pad(array, pad_width, parse_pad_mode(mode), options);
}
// numpy.pad with a callable mode: the array is padded with zeros, then for each axis `function`
// is called on every 1-D lane along it (a writable view; lanes in C order of the other axes) with
// that axis' pad pair and the axis, as NumPy calls it.
using PadFunction = std::function<void(const ndarray& vector, std::array<int64_t, 2> iaxis_pad_width, int iaxis)>;
ndarray pad(const ndarray& array, const PadPairs<int64_t>& pad_width, const PadFunction& function);

}  // namespace cupric
