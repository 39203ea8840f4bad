// as_strided, sliding_window_view, shares_memory and byte_bounds (cupric/ops/stride_tricks.hpp):
// shape and stride arithmetic on the host; nothing here reads or writes array data.
#include "cupric/ops/stride_tricks.hpp"
#include <algorithm>
#include <string>

namespace cupric {

ndarray as_strided(const ndarray& x, const std::optional<Dims>& shape_arg, const std::optional<Dims>& strides_arg) {
  const Dims shape = shape_arg ? *shape_arg : x.shape();
  const Dims strides = strides_arg ? *strides_arg : x.strides();
  if (strides.size() != shape.size()) throw ValueError("mismatch in length of strides and shape");
  for (int64_t d : shape)
    if (d < 0) throw ValueError("negative dimensions are not allowed");
  return x.view(shape, strides, 0);
}

ndarray sliding_window_view(const ndarray& x, const std::vector<int64_t>& window_shape,
                            const std::optional<std::vector<int64_t>>& axis_arg) {
  for (int64_t w : window_shape)
    if (w < 0) throw ValueError("`window_shape` cannot contain negative values");
  const int nd = x.ndim();
  std::vector<int64_t> axis;
  if (!axis_arg) {
    for (int i = 0; i < nd; ++i) axis.push_back(i);
    if (window_shape.size() != axis.size())
      throw ValueError("Since axis is `None`, must provide window_shape for all dimensions of `x`; got " +
                       std::to_string(window_shape.size()) + " window_shape elements and `x.ndim` is " +
                       std::to_string(nd) + ".");
  } else {
    for (int64_t a : *axis_arg) {
      if (a < -nd || a >= nd) throw AxisError(a, nd);
      axis.push_back(a < 0 ? a + nd : a);
    }
    if (window_shape.size() != axis.size())
      throw ValueError("Must provide matching length window_shape and axis; got " +
                       std::to_string(window_shape.size()) + " window_shape elements and " +
                       std::to_string(axis.size()) + " axes elements.");
  }
  Dims shape = x.shape(), strides = x.strides();
  for (size_t i = 0; i < axis.size(); ++i) {
    const auto ax = static_cast<size_t>(axis[i]);
    if (shape[ax] < window_shape[i]) throw ValueError("window shape cannot be larger than input array shape");
    shape[ax] -= window_shape[i] - 1;
  }
  for (size_t i = 0; i < axis.size(); ++i) {
    shape.push_back(window_shape[i]);
    strides.push_back(x.strides()[static_cast<size_t>(axis[i])]);
  }
  return x.view(shape, strides, 0);
}

namespace {

// Start offsets (bytes from the memory's start) of a's elements whose bytes meet [lo, hi), sorted.
std::vector<int64_t> element_starts(const ndarray& a, int64_t lo, int64_t hi, int64_t& budget) {
  std::vector<int64_t> out;
  const int nd = a.ndim();
  std::vector<int64_t> idx(static_cast<size_t>(nd), 0);
  int64_t off = a.offset();
  for (int64_t n = 0; n < a.size(); ++n) {
    if (off + a.itemsize() > lo && off < hi) {
      if (--budget < 0) throw TooHardError("Exceeded max_work");
      out.push_back(off);
    }
    for (int d = nd - 1; d >= 0; --d) {  // odometer step
      const auto k = static_cast<size_t>(d);
      if (++idx[k] < a.shape()[k]) {
        off += a.strides()[k];
        break;
      }
      off -= a.strides()[k] * (a.shape()[k] - 1);
      idx[k] = 0;
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

bool shares_memory(const ndarray& a, const ndarray& b, int64_t max_work) {
  if (!a.may_share_memory(b)) return false;
  if (max_work == 0) throw TooHardError("Exceeded max_work");  // the extents overlap: undecided
  // Offsets relative to a's memory start; b's rebased onto the same origin (they may be
  // different Memory objects aliasing one allocation).
  const auto base_a = reinterpret_cast<intptr_t>(a.data()) - a.offset();
  const auto base_b = reinterpret_cast<intptr_t>(b.data()) - b.offset();
  const int64_t shift = base_b - base_a;
  auto [alo, ahi] = a.byte_extent();
  auto [blo, bhi] = b.byte_extent();
  const int64_t lo = std::max(alo, blo + shift), hi = std::min(ahi, bhi + shift);
  int64_t budget = max_work > 0 ? max_work : (int64_t{1} << 26);
  const std::vector<int64_t> ea = element_starts(a, lo, hi, budget);
  std::vector<int64_t> eb = element_starts(b, lo - shift, hi - shift, budget);
  for (int64_t& o : eb) o += shift;
  // Two sorted lists of byte intervals [o, o + itemsize): any overlap between the lists?
  size_t i = 0, j = 0;
  while (i < ea.size() && j < eb.size()) {
    const int64_t a0 = ea[i], a1 = a0 + a.itemsize(), b0 = eb[j], b1 = b0 + b.itemsize();
    if (a0 < b1 && b0 < a1) return true;
    if (a1 <= b1)
      ++i;
    else
      ++j;
  }
  return false;
}

std::pair<uintptr_t, uintptr_t> byte_bounds(const ndarray& a) {
  const auto base = reinterpret_cast<uintptr_t>(a.data()) - static_cast<uintptr_t>(a.offset());
  auto [lo, hi] = a.byte_extent();
  return {base + static_cast<uintptr_t>(lo), base + static_cast<uintptr_t>(hi)};
}

}  // namespace cupric
