// Basic indexing (integers, slices, newaxis, ellipsis): always a view, as in NumPy.
#pragma once
#include <climits>
#include <vector>
#include "cupric/ndarray.hpp"

namespace cupric {

struct Index {
  enum class Kind : uint8_t { Integer, Slice, NewAxis, Ellipsis };
  static constexpr int64_t kNone = INT64_MIN;  // an omitted slice bound or step
  Kind kind = Kind::Ellipsis;
  int64_t value = 0;                               // Integer
  int64_t start = kNone, stop = kNone, step = kNone;  // Slice

  static Index integer(int64_t i) { Index x; x.kind = Kind::Integer; x.value = i; return x; }
  static Index slice(int64_t start = kNone, int64_t stop = kNone, int64_t step = kNone) {
    Index x; x.kind = Kind::Slice; x.start = start; x.stop = stop; x.step = step; return x;
  }
  static Index newaxis() { Index x; x.kind = Kind::NewAxis; return x; }
  static Index ellipsis() { Index x; x.kind = Kind::Ellipsis; return x; }
};

// Python's slice.indices(len): normalised start and step and the number of elements.
struct SliceBounds { int64_t start, step, length; };
SliceBounds adjust_slice(int64_t len, int64_t start, int64_t stop, int64_t step);

// a[idx...] for basic indices: a view. IndexError on out-of-range integers or too many indices.
ndarray basic_index(const ndarray& a, const std::vector<Index>& idx);
// a[idx...] = value (value broadcast to the view, cast unsafely like NumPy's setitem).
void basic_assign(const ndarray& a, const std::vector<Index>& idx, const ndarray& value);

}  // namespace cupric
