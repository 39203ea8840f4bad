// Shape and view routines (NumPy's "Array manipulation routines"): reshape, ravel, transposes,
// squeeze/expand_dims, broadcasting views, dtype views and diagonals.
//
// Every routine returns a view of `a` (the same memory(), no data copied) except where NumPy
// copies: reshape when no strides can express the new shape, ravel of a non-contiguous array,
// and flatten always. Errors are NumPy 2's types and messages.
#pragma once
#include <concepts>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>
#include "cupric/ndarray.hpp"

namespace cupric {

// numpy.reshape. Any one negative entry is the unknown dimension (NumPy accepts any negative
// value there, not only -1). A view whenever strides can express it -- also for non-contiguous
// arrays -- else a copy laid out in `order`. Order A is F when `a` is F- but not C-contiguous;
// order K is a ValueError, as in NumPy.
ndarray reshape(const ndarray& a, const Dims& newshape, Order order = Order::C);

// numpy.ravel: a 1-D view when `a` is contiguous in `order` (K: in its memory order, with
// positive strides), else a copy. Like NumPy, a non-contiguous array is copied even when a
// strided 1-D view would exist (use reshape(a, {-1}) for that).
ndarray ravel(const ndarray& a, Order order = Order::C);
// ndarray.flatten: always a 1-D copy, elements in `order` (K: memory order, negative-stride
// axes still read backwards, as NumPy's docs say).
ndarray flatten(const ndarray& a, Order order = Order::C);

// numpy.transpose: reversed axes, or the permutation `axes` (negative axes allowed).
ndarray transpose(const ndarray& a);
ndarray transpose(const ndarray& a, const std::vector<int64_t>& axes);
ndarray swapaxes(const ndarray& a, int64_t axis1, int64_t axis2);
// numpy.moveaxis: the axes `source` end up at positions `destination`; the others keep their order.
ndarray moveaxis(const ndarray& a, const std::vector<int64_t>& source, const std::vector<int64_t>& destination);

// numpy.squeeze: drops all length-1 axes, or exactly `axes` (each must have length 1).
ndarray squeeze(const ndarray& a);
ndarray squeeze(const ndarray& a, const std::vector<int64_t>& axes);
// numpy.expand_dims: inserts length-1 axes at `axes`, normalised against ndim + len(axes).
ndarray expand_dims(const ndarray& a, const std::vector<int64_t>& axes);

// Single-axis forms. They are templates so that a braced list -- even {} or {0} -- always picks
// the vector overload above rather than converting to one integer.
template <std::integral I, std::integral J>
ndarray moveaxis(const ndarray& a, I source, J destination) {
  return moveaxis(a, std::vector<int64_t>{static_cast<int64_t>(source)},
                  std::vector<int64_t>{static_cast<int64_t>(destination)});
}
template <std::integral I>
ndarray squeeze(const ndarray& a, I axis) {
  // NumPy lets a single (non-tuple) axis 0 or -1 through for 0-d arrays, for backwards compatibility.
  const auto ax = static_cast<int64_t>(axis);
  if (a.ndim() == 0 && (ax == 0 || ax == -1)) return squeeze(a);
  return squeeze(a, std::vector<int64_t>{ax});
}
template <std::integral I>
ndarray expand_dims(const ndarray& a, I axis) {
  return expand_dims(a, std::vector<int64_t>{static_cast<int64_t>(axis)});
}

// numpy.broadcast_to: a view with stride 0 on broadcast (and length-1) axes. NumPy marks it
// read-only; cupric has no read-only flag, so writes through it hit every alias.
ndarray broadcast_to(const ndarray& a, const Dims& shape);
// numpy.broadcast_arrays: each array broadcast to the common shape (arrays already of that
// shape are returned as they are).
std::vector<ndarray> broadcast_arrays(const std::vector<ndarray>& arrays);
// numpy.broadcast_shapes: the shape arrays of these shapes broadcast to. ValueError for a
// negative dimension, or NumPy's "shape mismatch" naming the first two arguments that disagree
// (the ufuncs' own message, from cupric::broadcast_shapes in shape.hpp, differs).
Dims broadcast_result_shape(const std::vector<Dims>& shapes);

// numpy.require: `a` as `dtype` (unsafe cast; nullopt keeps a's) meeting `requirements`, NumPy's
// flag letters: C (C-contiguous), F (F-contiguous), A (aligned), W (writeable), O (owns its data),
// E (a base-class array: every cupric array is). A copy (C or F order as asked) where it does not
// meet them, else `a` itself. `owns_data`: whether `a` owns its memory (NumPy's OWNDATA flag, which
// the Python object knows). ValueError for an unknown letter or both C and F.
ndarray require(const ndarray& a, std::optional<DType> dtype, std::string_view requirements, bool owns_data = true);

// ndarray.view(dtype): the same bytes read as `dtype`. A different itemsize rescales the last
// axis, which must then be contiguous (NumPy 2's rules).
ndarray view_dtype(const ndarray& a, DType dtype);

// numpy.diagonal: the diagonal over axis1/axis2 as the last axis of a view (NumPy returns a
// read-only view; here a plain one).
ndarray diagonal(const ndarray& a, int64_t offset = 0, int64_t axis1 = 0, int64_t axis2 = 1);

// ---- Joining, splitting, tiling and rearranging (copies, except split/flip/rot90/atleast_*) ----

// numpy.concatenate: axis none joins the flattened arrays. `dtype` (or `out`'s dtype) else the
// promoted dtype; each array is cast with `casting`. Writes into `out` when it is given.
ndarray concatenate(const std::vector<ndarray>& arrays, std::optional<int64_t> axis = 0, const ndarray* out = nullptr,
                    std::optional<DType> dtype = std::nullopt, Casting casting = Casting::SameKind);
ndarray stack(const std::vector<ndarray>& arrays, int64_t axis = 0, const ndarray* out = nullptr,
              std::optional<DType> dtype = std::nullopt, Casting casting = Casting::SameKind);
ndarray hstack(const std::vector<ndarray>& arrays, std::optional<DType> dtype = std::nullopt,
               Casting casting = Casting::SameKind);
ndarray vstack(const std::vector<ndarray>& arrays, std::optional<DType> dtype = std::nullopt,
               Casting casting = Casting::SameKind);
ndarray dstack(const std::vector<ndarray>& arrays);
ndarray column_stack(const std::vector<ndarray>& arrays);
ndarray append(const ndarray& arr, const ndarray& values, std::optional<int64_t> axis = std::nullopt);

// numpy.split / array_split (views): into `sections` parts, or at the `indices` along axis.
std::vector<ndarray> array_split(const ndarray& a, int64_t sections, int64_t axis = 0);
std::vector<ndarray> array_split(const ndarray& a, const std::vector<int64_t>& indices, int64_t axis = 0);
std::vector<ndarray> split(const ndarray& a, int64_t sections, int64_t axis = 0);
std::vector<ndarray> split(const ndarray& a, const std::vector<int64_t>& indices, int64_t axis = 0);
// hsplit/vsplit/dsplit take sections (an int) or indices, as split does.
std::vector<ndarray> hsplit(const ndarray& a, int64_t sections);
std::vector<ndarray> hsplit(const ndarray& a, const std::vector<int64_t>& indices);
std::vector<ndarray> vsplit(const ndarray& a, int64_t sections);
std::vector<ndarray> vsplit(const ndarray& a, const std::vector<int64_t>& indices);
std::vector<ndarray> dsplit(const ndarray& a, int64_t sections);
std::vector<ndarray> dsplit(const ndarray& a, const std::vector<int64_t>& indices);

// numpy.flip (views with negative strides): all axes, or `axes`.
ndarray flip(const ndarray& m);
ndarray flip(const ndarray& m, const std::vector<int64_t>& axes);
ndarray fliplr(const ndarray& m);
ndarray flipud(const ndarray& m);
// numpy.rot90 (a view): k quarter turns from axes[0] towards axes[1].
ndarray rot90(const ndarray& m, int64_t k = 1, const std::vector<int64_t>& axes = {0, 1});
// numpy.roll: shifts broadcast against axes; no axes: the flattened array, shape restored.
ndarray roll(const ndarray& a, const std::vector<int64_t>& shift,
             std::optional<std::vector<int64_t>> axes = std::nullopt);
// numpy.tile and numpy.repeat (scalar repeats, or one per element along the axis: one host sync).
ndarray tile(const ndarray& a, const std::vector<int64_t>& reps);
ndarray repeat(const ndarray& a, int64_t repeats, std::optional<int64_t> axis = std::nullopt);
ndarray repeat(const ndarray& a, const ndarray& repeats, std::optional<int64_t> axis = std::nullopt);
// numpy.atleast_1d/2d/3d (views).
ndarray atleast_1d(const ndarray& a);
ndarray atleast_2d(const ndarray& a);
ndarray atleast_3d(const ndarray& a);
// numpy.resize: the flattened array repeated (or cut) to `new_shape`.
ndarray resize(const ndarray& a, const Dims& new_shape);
// numpy.copyto with `where`: only the elements where `where` (broadcast to dst) is true.
void copyto(const ndarray& dst, const ndarray& src, Casting casting, const ndarray& where);

}  // namespace cupric
