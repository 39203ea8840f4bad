// Indexing (NumPy's "Indexing routines"): basic indexing (integers, slices, newaxis, ellipsis)
// gives views; advanced indexing (integer and boolean arrays) and the routines below copy.
#pragma once
#include <climits>
#include <optional>
#include <string>
#include <vector>
#include "cupric/ndarray.hpp"

namespace cupric {

struct Index {
  enum class Kind : uint8_t { Integer, Slice, NewAxis, Ellipsis, Array };
  static constexpr int64_t kNone = INT64_MIN;  // an omitted slice bound or step
  Kind kind = Kind::Ellipsis;
  int64_t value = 0;                                  // Integer
  int64_t start = kNone, stop = kNone, step = kNone;  // Slice
  ndarray array;                                      // Array: integer or boolean, any shape

  static Index integer(int64_t i) {
    Index x;
    x.kind = Kind::Integer;
    x.value = i;
    return x;
  }
  static Index slice(int64_t start = kNone, int64_t stop = kNone, int64_t step = kNone) {
    Index x;
    x.kind = Kind::Slice;
    x.start = start;
    x.stop = stop;
    x.step = step;
    return x;
  }
  static Index newaxis() {
    Index x;
    x.kind = Kind::NewAxis;
    return x;
  }
  static Index ellipsis() {
    Index x;
    x.kind = Kind::Ellipsis;
    return x;
  }
  static Index array_index(ndarray a) {
    Index x;
    x.kind = Kind::Array;
    x.array = std::move(a);
    return x;
  }
};

// Python's slice.indices(len): normalised start and step and the number of elements.
struct SliceBounds {
  int64_t start, step, length;
};
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

// ---- Indexing routines (NumPy's names and argument order) -----------------------------------

// NumPy's `mode` of take, put, choose and ravel_multi_index.
enum class ClipMode : uint8_t { Raise, Wrap, Clip };
ClipMode parse_clip_mode(const std::string& s);  // "raise", "wrap", "clip"

// numpy.take: elements of `a` along `axis` (flattened `a` when none) at `indices` (any shape).
ndarray take(const ndarray& a, const ndarray& indices, std::optional<int64_t> axis = std::nullopt,
             ClipMode mode = ClipMode::Raise);
// numpy.put: a.flat[ind] = v, v repeated to ind's length.
void put(const ndarray& a, const ndarray& ind, const ndarray& v, ClipMode mode = ClipMode::Raise);
// numpy.take_along_axis / put_along_axis (axis none: flattened `arr`, 1-d indices).
ndarray take_along_axis(const ndarray& arr, const ndarray& indices, std::optional<int64_t> axis);
void put_along_axis(const ndarray& arr, const ndarray& indices, const ndarray& values, std::optional<int64_t> axis);
// numpy.compress / extract: the elements where a 1-d condition (flattened for extract) is true.
ndarray compress(const ndarray& condition, const ndarray& a, std::optional<int64_t> axis = std::nullopt);
ndarray extract(const ndarray& condition, const ndarray& arr);
// numpy.nonzero (one int64 array per dimension; one host sync for the count), flatnonzero,
// argwhere (count x ndim).
std::vector<ndarray> nonzero(const ndarray& a);
ndarray flatnonzero(const ndarray& a);
ndarray argwhere(const ndarray& a);
// numpy.place (vals repeated over the true positions) and putmask (values repeated over a.flat).
void place(const ndarray& arr, const ndarray& mask, const ndarray& vals);
void putmask(const ndarray& a, const ndarray& mask, const ndarray& values);
// numpy.choose: choices[a[i]][i] with every array broadcast together.
ndarray choose(const ndarray& a, const std::vector<ndarray>& choices, ClipMode mode = ClipMode::Raise);
// numpy.indices (dense: one array of shape (N, *dimensions); sparse: N arrays with length-1 axes).
ndarray indices(const Dims& dimensions, DType dtype = dtypes::int64);
std::vector<ndarray> indices_sparse(const Dims& dimensions, DType dtype = dtypes::int64);
// numpy.ix_: 1-d integer or boolean sequences reshaped for an open mesh.
std::vector<ndarray> ix_(const std::vector<ndarray>& args);
// numpy.unravel_index / ravel_multi_index (order 'C' or 'F'; one mode, or one per dimension).
std::vector<ndarray> unravel_index(const ndarray& indices, const Dims& shape, Order order = Order::C);
ndarray ravel_multi_index(const std::vector<ndarray>& multi_index, const Dims& dims,
                          const std::vector<ClipMode>& modes = {ClipMode::Raise}, Order order = Order::C);
// numpy.diag_indices: `ndim` times arange(n).
std::vector<ndarray> diag_indices(int64_t n, int ndim = 2);
// numpy.fill_diagonal (val repeated along the diagonal; wrap: tall matrices wrap around).
void fill_diagonal(const ndarray& a, const ndarray& val, bool wrap = false);

}  // namespace cupric
