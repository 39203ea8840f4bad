// Indexing (NumPy's "Indexing routines"): basic indexing (integers, slices, newaxis, ellipsis)
// gives views; advanced indexing (integer and boolean arrays) and the routines below copy.
#pragma once
#include <climits>
#include <vector>
#include "cupric/ndarray.hpp"

namespace cupric {

struct Index {
  enum class Kind : uint8_t { Integer, Slice, NewAxis, Ellipsis, Array };
  static constexpr int64_t kNone = INT64_MIN;  // an omitted slice bound or step
  Kind kind = Kind::Ellipsis;
  int64_t value = 0;                               // Integer
  int64_t start = kNone, stop = kNone, step = kNone;  // Slice
  ndarray array;                                      // Array: integer or boolean, any shape

  static Index integer(int64_t i) { Index x; x.kind = Kind::Integer; x.value = i; return x; }
  static Index slice(int64_t start = kNone, int64_t stop = kNone, int64_t step = kNone) {
    Index x; x.kind = Kind::Slice; x.start = start; x.stop = stop; x.step = step; return x;
  }
  static Index newaxis() { Index x; x.kind = Kind::NewAxis; return x; }
  static Index ellipsis() { Index x; x.kind = Kind::Ellipsis; return x; }
  static Index array_index(ndarray a) { Index x; x.kind = Kind::Array; x.array = std::move(a); return x; }
};

// Python's slice.indices(len): normalised start and step and the number of elements.
struct SliceBounds { int64_t start, step, length; };
SliceBounds adjust_slice(int64_t len, int64_t start, int64_t stop, int64_t step);

// a[idx...] for basic indices: a view. IndexError on out-of-range integers or too many indices.
ndarray basic_index(const ndarray& a, const std::vector<Index>& idx);
// a[idx...] = value (value broadcast to the view, cast unsafely like NumPy's setitem).
void basic_assign(const ndarray& a, const std::vector<Index>& idx, const ndarray& value);

// a[idx...] with all of NumPy's rules: a view when every index is basic, else a new array
// (advanced indexing: integer arrays broadcast together, boolean masks, placement of the
// advanced dimensions as NumPy places them). Out-of-range integers raise IndexError; checking
// an integer array costs one host sync (docs/differences.md); a boolean mask costs one (its count).
ndarray getitem(const ndarray& a, const std::vector<Index>& idx);
// a[idx...] = value: value is cast (unsafely) to a's dtype and broadcast to the indexed shape.
// With repeated indices one of the values lands (the last one on the host backend). Nothing is
// written when an index is out of range.
void setitem(const ndarray& a, const std::vector<Index>& idx, const ndarray& value);

}  // namespace cupric
