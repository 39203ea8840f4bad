// numpy.pad (cupric/ops/pad.hpp), composed of device ops the way NumPy 2's _arraypad_impl.py
// composes its own: a new array with the original in its centre, then each axis in turn fills its
// two pad areas over the region of interest (Note [Pad order]). No kernel of its own.
//
// Note [Pad order]: axis d pads over the full extent of axes < d (already padded) and the
// original extent of axes > d, so corners take the values of the last axis, as in NumPy.
#include "cupric/ops/pad.hpp"
#include <algorithm>
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/indexing.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/order_statistics.hpp"
#include "cupric/ops/reduction.hpp"
#include "cupric/ops/ufunc.hpp"

namespace cupric {
namespace {

// a's elements start, start + step, ... (len of them) along `axis`: a view.
ndarray along(const ndarray& a, int axis, int64_t start, int64_t len, int64_t step = 1) {
  Dims shape = a.shape(), strides = a.strides();
  const int64_t off = len > 0 ? start * strides[axis] : 0;
  shape[axis] = len;
  strides[axis] *= step;
  return a.view(std::move(shape), std::move(strides), off);
}

// NumPy's _view_roi: axes <= axis whole, later axes restricted to the original area.
ndarray region_of_interest(const ndarray& padded, const PadPairs<int64_t>& w, const Dims& orig, int axis) {
  ndarray r = padded;
  for (int d = axis + 1; d < padded.ndim(); ++d) r = along(r, d, w[d][0], orig[d]);
  return r;
}

// NumPy's _set_pad_area: the values (broadcast along the axis) into the two pad areas.
void set_pad_area(const ndarray& roi, int axis, const std::array<int64_t, 2>& w, const ndarray& left,
                  const ndarray& right) {
  const int64_t n = roi.shape()[axis];
  copyto(along(roi, axis, 0, w[0]), left, Casting::Unsafe);
  copyto(along(roi, axis, n - w[1], w[1]), right, Casting::Unsafe);
}

// NumPy's _round_if_needed: statistics of integer arrays are rounded before they are cast back.
ndarray round_if_needed(const ndarray& stat, DType dtype) {
  if (dtype.is_integer() && (stat.dtype().is_floating())) return rint(stat);
  return stat;
}

// NumPy's _get_stats: the statistic of up to stat_length values next to each edge.
std::array<ndarray, 2> edge_stats(const ndarray& roi, int axis, const std::array<int64_t, 2>& w,
                                  const std::array<std::optional<int64_t>, 2>& length, PadMode mode) {
  const int64_t left_index = w[0], right_index = roi.shape()[axis] - w[1];
  const int64_t max_length = right_index - left_index;
  int64_t ll = length[0] && *length[0] <= max_length ? *length[0] : max_length;
  int64_t rl = length[1] && *length[1] <= max_length ? *length[1] : max_length;
  if ((ll == 0 || rl == 0) && (mode == PadMode::Maximum || mode == PadMode::Minimum))
    throw ValueError("stat_length of 0 yields no value for padding");
  auto stat = [&](const ndarray& chunk) {
    ndarray s;
    switch (mode) {
      case PadMode::Maximum: s = amax(chunk, axis, {}, true); break;
      case PadMode::Minimum: s = amin(chunk, axis, {}, true); break;
      case PadMode::Mean: s = mean(chunk, axis, {}, {}, true); break;
      default: s = median(chunk, AxisArg(int64_t{axis}), {}, false, true); break;
    }
    return round_if_needed(s, roi.dtype());
  };
  ndarray left = stat(along(roi, axis, left_index, ll));
  if (ll == max_length && rl == max_length) return {left, left};
  return {left, stat(along(roi, axis, right_index - rl, rl))};
}

// numpy.linspace(end, edge, width, endpoint=False, dtype=roi.dtype, axis=axis): NumPy's ramp,
// computed as NumPy computes it (its zero-step branch needs one host sync).
ndarray linear_ramp(const ndarray& edge, int axis, int64_t width, const Scalar& end) {
  const DType target = edge.dtype();
  Operand ops[2] = {edge, Operand::weak(end, end.dtype.is_complex() ? 'c' : 'f')};
  DType dt = result_type(ops, 2);
  if (!dt.is_floating() && !dt.is_complex()) dt = dtypes::float64;
  Dims shape = edge.shape();
  shape[axis] = width;
  if (width == 0) return ndarray::empty(shape, target, Order::C, &edge.backend());
  ndarray stop = astype(edge, dt, Order::K, Casting::Unsafe, false);
  ndarray start = full(Dims{}, end, dt);
  ndarray delta = subtract(stop, start);
  ndarray step = divide(delta, static_cast<double>(width));
  Dims ishape(static_cast<size_t>(edge.ndim()), 1);
  ishape[axis] = width;
  ndarray i = reshape(arange(Scalar::of<int64_t>(width), dt), ishape);
  const bool any_step_zero = to_vector<bool>(any(equal(step, 0)))[0];  // host sync, as NumPy's branch
  ndarray y = any_step_zero ? multiply(divide(i, static_cast<double>(width)), delta) : multiply(i, step);
  y = add(y, start);
  if (target.is_integer() && dt.is_floating()) y = floor(y);
  return astype(y, target);
}

// NumPy's _set_reflect_both, repeated until both pad areas are full: chunks of at most the
// current reflected period, reflected about the current edge.
void reflect_axis(const ndarray& roi, int axis, int64_t left, int64_t right, bool odd, int64_t period,
                  bool include_edge) {
  const int64_t total = roi.shape()[axis];
  while (left > 0 || right > 0) {
    int64_t old_length = total - right - left, edge_offset = 0;
    if (include_edge) {
      old_length = old_length / period * period;
      edge_offset = 1;
    } else {
      old_length = (old_length - 1) / (period - 1) * (period - 1) + 1 - 1;
    }
    if (left > 0) {
      const int64_t chunk = std::min(old_length, left);
      ndarray src = along(roi, axis, left - edge_offset + chunk, chunk, -1);
      if (odd) src = subtract(multiply(2, along(roi, axis, left, 1)), src);
      copyto(along(roi, axis, left - chunk, chunk), src, Casting::Unsafe);
      left -= chunk;
    }
    if (right > 0) {
      const int64_t chunk = std::min(old_length, right);
      ndarray src = along(roi, axis, total - right + edge_offset - 2, chunk, -1);
      if (odd) src = subtract(multiply(2, along(roi, axis, total - right - 1, 1)), src);
      copyto(along(roi, axis, total - right, chunk), src, Casting::Unsafe);
      right -= chunk;
    }
  }
}

// NumPy's _set_wrap_both, repeated: copies of whole periods from the far side.
void wrap_axis(const ndarray& roi, int axis, int64_t left, int64_t right, int64_t original_period) {
  const int64_t total = roi.shape()[axis];
  while (left > 0 || right > 0) {
    const int64_t period = (total - right - left) / original_period * original_period;
    int64_t new_left = 0, new_right = 0;
    if (left > 0) {
      const int64_t n = std::min(period, left);
      ndarray src = along(roi, axis, left + period - n, n);
      if (left > period) {
        copyto(along(roi, axis, left - period, period), src, Casting::Unsafe);
        new_left = left - period;
      } else {
        copyto(along(roi, axis, 0, left), src, Casting::Unsafe);
      }
    }
    if (right > 0) {
      const int64_t n = std::min(period, right);
      ndarray src = along(roi, axis, total - right - period, n);
      if (right > period) {
        copyto(along(roi, axis, total - right, period), src, Casting::Unsafe);
        new_right = right - period;
      } else {
        copyto(along(roi, axis, total - right, right), src, Casting::Unsafe);
      }
    }
    left = new_left;
    right = new_right;
  }
}

template <class T>
PadPairs<T> expand_pairs(const PadPairs<T>& p, int ndim, const T& fill, const char* what) {
  if (p.empty()) return PadPairs<T>(static_cast<size_t>(ndim), {fill, fill});
  if (p.size() == 1) return PadPairs<T>(static_cast<size_t>(ndim), p[0]);
  if (static_cast<int>(p.size()) != ndim)
    throw ValueError(std::string("operands could not be broadcast together: ") + what + " has " +
                     std::to_string(p.size()) + " pairs for an array of dimension " + std::to_string(ndim));
  return p;
}

// NumPy's _pad_simple: the new array with `array` in its centre.
ndarray pad_simple(const ndarray& array, const PadPairs<int64_t>& w) {
  Dims shape = array.shape();
  for (int d = 0; d < array.ndim(); ++d) shape[d] += w[d][0] + w[d][1];
  const Order order = array.f_contiguous() && !array.c_contiguous() ? Order::F : Order::C;
  ndarray padded = ndarray::empty(shape, array.dtype(), order, &array.backend());
  ndarray centre = padded;
  for (int d = 0; d < array.ndim(); ++d) centre = along(centre, d, w[d][0], array.shape()[d]);
  copyto(centre, array, Casting::Unsafe);
  return padded;
}

PadPairs<int64_t> checked_widths(const ndarray& array, const PadPairs<int64_t>& pad_width) {
  PadPairs<int64_t> w = expand_pairs(pad_width, array.ndim(), int64_t{0}, "pad_width");
  for (const auto& p : w)
    if (p[0] < 0 || p[1] < 0) throw ValueError("index can't contain negative values");
  return w;
}

}  // namespace

PadMode parse_pad_mode(std::string_view m) {
  if (m == "constant") return PadMode::Constant;
  if (m == "edge") return PadMode::Edge;
  if (m == "linear_ramp") return PadMode::LinearRamp;
  if (m == "maximum") return PadMode::Maximum;
  if (m == "mean") return PadMode::Mean;
  if (m == "median") return PadMode::Median;
  if (m == "minimum") return PadMode::Minimum;
  if (m == "reflect") return PadMode::Reflect;
  if (m == "symmetric") return PadMode::Symmetric;
  if (m == "wrap") return PadMode::Wrap;
  if (m == "empty") return PadMode::Empty;
  throw ValueError("mode '" + std::string(m) + "' is not supported");
}

template <class T>
PadPairs<T> pad_pairs(const std::vector<T>& values, const Dims& shape, int ndim) {
  if (shape.size() < 3) {
    if (values.size() == 1) return PadPairs<T>(static_cast<size_t>(ndim), {values[0], values[0]});
    if (values.size() == 2 && !(shape.size() == 2 && shape[0] == 2 && shape[1] == 1))
      return PadPairs<T>(static_cast<size_t>(ndim), {values[0], values[1]});
  }
  const Dims target{ndim, 2};
  Dims full_shape = broadcast_shapes(shape, target);
  if (full_shape != target)
    throw ValueError("operands could not be broadcast together with remapped shapes [original->remapped]: " +
                     shape_str(shape) + " and requested shape " + shape_str(target));
  // Row-major strides of `values` with broadcast (length-1 or missing) axes at stride 0.
  const size_t k = shape.size();
  int64_t s1 = 1, s0 = 1;
  int64_t len1 = k >= 1 ? shape[k - 1] : 1;
  s1 = len1 == 1 ? 0 : 1;
  s0 = k >= 2 && shape[k - 2] != 1 ? len1 : 0;
  PadPairs<T> out(static_cast<size_t>(ndim));
  for (int i = 0; i < ndim; ++i)
    for (int j = 0; j < 2; ++j)
      out[static_cast<size_t>(i)][static_cast<size_t>(j)] = values[static_cast<size_t>(i * s0 + j * s1)];
  return out;
}
template PadPairs<int64_t> pad_pairs(const std::vector<int64_t>&, const Dims&, int);
template PadPairs<Scalar> pad_pairs(const std::vector<Scalar>&, const Dims&, int);
template PadPairs<std::optional<int64_t>> pad_pairs(const std::vector<std::optional<int64_t>>&, const Dims&, int);

ndarray pad(const ndarray& array, const PadPairs<int64_t>& pad_width, PadMode mode, const PadOptions& options) {
  const int nd = array.ndim();
  const PadPairs<int64_t> w = checked_widths(array, pad_width);
  ndarray padded = pad_simple(array, w);
  const Dims& orig = array.shape();
  if (mode == PadMode::Empty) return padded;
  if (mode == PadMode::Constant) {
    PadPairs<Scalar> values = expand_pairs(options.constant_values, nd, Scalar::of<int64_t>(0), "constant_values");
    for (int d = 0; d < nd; ++d) {
      ndarray roi = region_of_interest(padded, w, orig, d);
      const int64_t n = roi.shape()[d];
      fill(along(roi, d, 0, w[d][0]), values[d][0]);
      fill(along(roi, d, n - w[d][1], w[d][1]), values[d][1]);
    }
    return padded;
  }
  if (array.size() == 0) {
    for (int d = 0; d < nd; ++d)
      if (orig[d] == 0 && (w[d][0] > 0 || w[d][1] > 0))
        throw ValueError("can't extend empty axis " + std::to_string(d) +
                         " using modes other than 'constant' or 'empty'");
    return padded;
  }
  const PadPairs<Scalar> ends = expand_pairs(options.end_values, nd, Scalar::of<double>(0.0), "end_values");
  const PadPairs<std::optional<int64_t>> lengths =
      expand_pairs(options.stat_length, nd, std::optional<int64_t>{}, "stat_length");
  for (const auto& p : lengths)
    if ((p[0] && *p[0] < 0) || (p[1] && *p[1] < 0)) throw ValueError("index can't contain negative values");
  for (int d = 0; d < nd; ++d) {
    if (w[d][0] == 0 && w[d][1] == 0) continue;
    ndarray roi = region_of_interest(padded, w, orig, d);
    const int64_t n = roi.shape()[d];
    ndarray left_edge = along(roi, d, w[d][0], 1), right_edge = along(roi, d, n - w[d][1] - 1, 1);
    switch (mode) {
      case PadMode::Edge: set_pad_area(roi, d, w[d], left_edge, right_edge); break;
      case PadMode::LinearRamp:
        set_pad_area(roi, d, w[d], linear_ramp(left_edge, d, w[d][0], ends[d][0]),
                     flip(linear_ramp(right_edge, d, w[d][1], ends[d][1]), {d}));
        break;
      case PadMode::Maximum:
      case PadMode::Minimum:
      case PadMode::Mean:
      case PadMode::Median: {
        auto stats = edge_stats(roi, d, w[d], lengths[d], mode);
        set_pad_area(roi, d, w[d], stats[0], stats[1]);
        break;
      }
      case PadMode::Reflect:
      case PadMode::Symmetric:
        if (orig[d] == 1)
          set_pad_area(roi, d, w[d], left_edge, right_edge);
        else
          reflect_axis(roi, d, w[d][0], w[d][1], options.reflect_odd, orig[d], mode == PadMode::Symmetric);
        break;
      case PadMode::Wrap: wrap_axis(roi, d, w[d][0], w[d][1], orig[d]); break;
      default: break;
    }
  }
  return padded;
}

ndarray pad(const ndarray& array, const PadPairs<int64_t>& pad_width, const PadFunction& function) {
  const PadPairs<int64_t> w = checked_widths(array, pad_width);
  PadOptions zero;
  ndarray padded = pad(array, w, PadMode::Constant, zero);
  const int nd = padded.ndim();
  for (int axis = 0; axis < nd; ++axis) {
    ndarray view = moveaxis(padded, axis, -1);
    const int64_t len = view.shape()[nd - 1];
    const int64_t lanes = len == 0 ? 0 : view.size() / len;
    Dims lane_shape(view.shape().begin(), view.shape().begin() + (nd - 1));
    Dims index(static_cast<size_t>(nd - 1), 0);
    for (int64_t l = 0; l < lanes; ++l) {
      int64_t off = 0;
      for (int k = 0; k < nd - 1; ++k) off += index[k] * view.strides()[k];
      function(view.view(Dims{len}, Dims{view.strides()[nd - 1]}, off), w[static_cast<size_t>(axis)], axis);
      for (int k = nd - 2; k >= 0; --k) {  // next lane in C order
        if (++index[k] < lane_shape[k]) break;
        index[k] = 0;
      }
    }
  }
  return padded;
}

}  // namespace cupric
