// Shape and view routines, ported from NumPy 2 (shape.c, item_selection.c, getset.c, numeric.py,
// stride_tricks.py) so that views, strides and error messages match (ops/manipulation.hpp).
#include "cupric/ops/manipulation.hpp"
#include <algorithm>
#include <cstdlib>
#include <numeric>
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"

namespace cupric {
namespace {

// NumPy's convert_shape_to_string, which reshape and nditer errors use: "(2,3)" without spaces,
// leading negative entries dropped and later ones printed as "newaxis", "(n,)" only for one entry.
std::string np_shape_str(const Dims& s, const char* ending = "") {
  size_t i = 0;
  while (i < s.size() && s[i] < 0) ++i;
  if (i == s.size()) return std::string("()") + ending;
  std::string r = std::to_string(s[i++]);
  for (; i < s.size(); ++i) r += s[i] < 0 ? std::string(",newaxis") : "," + std::to_string(s[i]);
  return (s.size() == 1 ? "(" + r + ",)" : "(" + r + ")") + ending;
}

// normalize_axis_index with a msg_prefix, as NumPy words it for named arguments.
int normalize_axis_named(int64_t axis, int ndim, const std::string& name) {
  if (axis < -ndim || axis >= ndim)
    throw AxisError(name + ": axis " + std::to_string(axis) + " is out of bounds for array of dimension " +
                    std::to_string(ndim));
  return static_cast<int>(axis < 0 ? axis + ndim : axis);
}

// numpy.lib.array_utils.normalize_axis_tuple: every axis is checked before duplicates are.
std::vector<int> normalize_axis_tuple(const std::vector<int64_t>& axes, int ndim, const std::string& argname = "") {
  std::vector<int> out;
  std::vector<bool> seen(static_cast<size_t>(ndim), false);
  bool repeated = false;
  for (int64_t ax : axes) {
    int n = argname.empty() ? normalize_axis(ax, ndim) : normalize_axis_named(ax, ndim, argname);
    if (seen[n]) repeated = true;
    seen[n] = true;
    out.push_back(n);
  }
  if (repeated) throw ValueError(argname.empty() ? "repeated axis" : "repeated axis in `" + argname + "` argument");
  return out;
}

// _fix_unknown_dimension: resolves the one negative entry; errors print the shape as given.
Dims fix_unknown_dimension(const Dims& newshape, int64_t size) {
  auto mismatch = [&] {
    return ValueError("cannot reshape array of size " + std::to_string(size) + " into shape " + np_shape_str(newshape));
  };
  Dims dims = newshape;
  int64_t known = 1;
  long unknown = -1;
  for (size_t i = 0; i < dims.size(); ++i) {
    if (dims[i] < 0) {
      if (unknown != -1) throw ValueError("can only specify one unknown dimension");
      unknown = static_cast<long>(i);
    } else if (__builtin_mul_overflow(known, dims[i], &known)) {
      throw mismatch();
    }
  }
  if (unknown >= 0) {
    if (known == 0 || size % known != 0) throw mismatch();
    dims[unknown] = size / known;
  } else if (size != known) {
    throw mismatch();
  }
  return dims;
}

// NumPy's _attempt_nocopy_reshape: walks old and new axes in groups with equal products; each
// group of old axes must be contiguous with itself (in the requested order), and then the new
// axes of the group get strides derived from the group's innermost (C) or outermost (F) stride.
// Only called for non-empty arrays that are not contiguous in `order`.
bool attempt_nocopy_reshape(const ndarray& a, const Dims& newdims, bool f_order, Dims& newstrides) {
  Dims olddims, oldstrides;
  for (int i = 0; i < a.ndim(); ++i) {
    if (a.shape()[i] == 1) continue;  // length-1 axes carry no layout information
    olddims.push_back(a.shape()[i]);
    oldstrides.push_back(a.strides()[i]);
  }
  const int oldnd = static_cast<int>(olddims.size()), newnd = static_cast<int>(newdims.size());
  newstrides = Dims(newdims.size());
  int oi = 0, oj = 1, ni = 0, nj = 1;
  while (ni < newnd && oi < oldnd) {
    int64_t np = newdims[ni], op = olddims[oi];
    while (np != op) {
      if (np < op)
        np *= newdims[nj++];  // trailing 1s of the new shape are handled below
      else
        op *= olddims[oj++];
    }
    for (int ok = oi; ok < oj - 1; ++ok) {
      if (f_order ? oldstrides[ok + 1] != olddims[ok] * oldstrides[ok]
                  : oldstrides[ok] != olddims[ok + 1] * oldstrides[ok + 1])
        return false;
    }
    if (f_order) {
      newstrides[ni] = oldstrides[oi];
      for (int nk = ni + 1; nk < nj; ++nk) newstrides[nk] = newstrides[nk - 1] * newdims[nk - 1];
    } else {
      newstrides[nj - 1] = oldstrides[oj - 1];
      for (int nk = nj - 1; nk > ni; --nk) newstrides[nk - 1] = newstrides[nk] * newdims[nk];
    }
    ni = nj++;
    oi = oj++;
  }
  int64_t last_stride = ni >= 1 ? newstrides[ni - 1] : a.itemsize();
  if (f_order && ni >= 1) last_stride *= newdims[ni - 1];
  for (int nk = ni; nk < newnd; ++nk) newstrides[nk] = last_stride;
  return true;
}

// NumPy's PyArray_ISFORTRAN, which decides order 'A'.
bool is_fortran(const ndarray& a) { return a.f_contiguous() && !a.c_contiguous(); }

// The axis order (outermost first) in which NumPy's nditer walks `a` for order 'K' with
// NPY_ITER_DONT_NEGATE_STRIDES (what flatten/ravel copies use): an insertion sort by |stride|
// from the innermost axis outwards, in which a zero stride (broadcast or length-1 axis) compares
// as "ambiguous" and is stepped over rather than moved. Sorting on plain |stride| would place
// broadcast axes differently from NumPy.
std::vector<int64_t> keep_order_axes(const ndarray& a) {
  const int nd = a.ndim();
  std::vector<int> inner_first(nd);
  for (int i = 0; i < nd; ++i) inner_first[i] = nd - 1 - i;
  auto abs_stride = [&](int ax) { return a.shape()[ax] == 1 ? int64_t{0} : std::llabs(a.strides()[ax]); };
  for (int i0 = 1; i0 < nd; ++i0) {
    const int j0 = inner_first[i0];
    int ipos = i0;
    for (int i1 = i0 - 1; i1 >= 0; --i1) {
      int64_t s0 = abs_stride(j0), s1 = abs_stride(inner_first[i1]);
      if (s0 == 0 || s1 == 0) continue;
      if (s1 <= s0) break;
      ipos = i1;
    }
    for (int k = i0; k > ipos; --k) inner_first[k] = inner_first[k - 1];
    inner_first[ipos] = j0;
  }
  return std::vector<int64_t>(inner_first.rbegin(), inner_first.rend());
}

ndarray permuted(const ndarray& a, const std::vector<int>& perm) {
  Dims shape(perm.size()), strides(perm.size());
  for (size_t i = 0; i < perm.size(); ++i) {
    shape[i] = a.shape()[perm[i]];
    strides[i] = a.strides()[perm[i]];
  }
  return a.view(std::move(shape), std::move(strides));
}

}  // namespace

ndarray reshape(const ndarray& a, const Dims& newshape, Order order) {
  if (order == Order::K) throw ValueError("order 'K' is not permitted for reshaping");
  if (order == Order::A) order = is_fortran(a) ? Order::F : Order::C;
  if (newshape.size() > static_cast<size_t>(kMaxDims)) check_new_shape(newshape);  // NumPy's too-many-dims error
  // Same shape: NumPy returns a view with the strides unchanged, whatever the order.
  if (newshape == a.shape()) return a.view(a.shape(), a.strides());
  Dims dims = fix_unknown_dimension(newshape, a.size());
  check_new_shape(dims);
  const bool f = order == Order::F;
  const int64_t isz = a.itemsize();
  if (f ? a.f_contiguous() : a.c_contiguous()) return a.view(dims, f ? f_strides(dims, isz) : c_strides(dims, isz));
  Dims strides;
  if (attempt_nocopy_reshape(a, dims, f, strides)) return a.view(dims, std::move(strides));
  ndarray c = copy(a, order);
  return c.view(dims, f ? f_strides(dims, isz) : c_strides(dims, isz));
}

ndarray ravel(const ndarray& a, Order order) {
  if (order == Order::K) {
    if (a.c_contiguous())
      order = Order::C;
    else if (a.f_contiguous())
      order = Order::F;
  } else if (order == Order::A) {
    order = is_fortran(a) ? Order::F : Order::C;
  }
  if (order == Order::C && a.c_contiguous()) return reshape(a, Dims{-1}, Order::C);
  if (order == Order::F && a.f_contiguous()) return reshape(a, Dims{-1}, Order::F);
  if (order == Order::K) {
    // A view when the axes, sorted by |stride|, tile memory contiguously with positive strides.
    std::vector<int> perm(a.ndim());
    std::iota(perm.begin(), perm.end(), 0);
    std::stable_sort(perm.begin(), perm.end(),
                     [&](int x, int y) { return std::llabs(a.strides()[x]) > std::llabs(a.strides()[y]); });
    int64_t stride = a.itemsize();
    bool ok = true;
    for (int i = a.ndim() - 1; i >= 0 && ok; --i) {
      int64_t len = a.shape()[perm[i]];
      if (len == 1) continue;
      ok = a.strides()[perm[i]] == stride;
      stride *= len;
    }
    if (ok) return a.view(Dims{a.size()}, Dims{a.itemsize()});
  }
  return flatten(a, order);
}

ndarray flatten(const ndarray& a, Order order) {
  if (order == Order::A) order = is_fortran(a) ? Order::F : Order::C;
  // Every order is a C-order copy of some axis permutation of `a`.
  std::vector<int64_t> axes(a.ndim());
  std::iota(axes.begin(), axes.end(), 0);
  if (order == Order::F) std::reverse(axes.begin(), axes.end());
  if (order == Order::K) axes = keep_order_axes(a);
  ndarray src = transpose(a, axes);
  ndarray out = ndarray::empty(Dims{a.size()}, a.dtype(), Order::C, &a.backend());
  copyto(out.view(src.shape(), c_strides(src.shape(), a.itemsize())), src, Casting::No);
  return out;
}

ndarray transpose(const ndarray& a) {
  std::vector<int> perm(a.ndim());
  for (int i = 0; i < a.ndim(); ++i) perm[i] = a.ndim() - 1 - i;
  return permuted(a, perm);
}

ndarray transpose(const ndarray& a, const std::vector<int64_t>& axes) {
  const int nd = a.ndim();
  if (axes.size() != static_cast<size_t>(nd)) throw ValueError("axes don't match array");
  std::vector<int> perm(nd), seen(nd, -1);
  for (int i = 0; i < nd; ++i) {
    int ax = normalize_axis(axes[i], nd);
    if (seen[ax] != -1) throw ValueError("repeated axis in transpose");
    seen[ax] = i;
    perm[i] = ax;
  }
  return permuted(a, perm);
}

ndarray swapaxes(const ndarray& a, int64_t axis1, int64_t axis2) {
  int a1 = normalize_axis_named(axis1, a.ndim(), "axis1");
  int a2 = normalize_axis_named(axis2, a.ndim(), "axis2");
  std::vector<int> perm(a.ndim());
  std::iota(perm.begin(), perm.end(), 0);
  std::swap(perm[a1], perm[a2]);
  return permuted(a, perm);
}

ndarray moveaxis(const ndarray& a, const std::vector<int64_t>& source, const std::vector<int64_t>& destination) {
  const int nd = a.ndim();
  std::vector<int> src = normalize_axis_tuple(source, nd, "source");
  std::vector<int> dst = normalize_axis_tuple(destination, nd, "destination");
  if (src.size() != dst.size())
    throw ValueError("`source` and `destination` arguments must have the same number of elements");
  std::vector<int> order;
  for (int n = 0; n < nd; ++n)
    if (std::find(src.begin(), src.end(), n) == src.end()) order.push_back(n);
  // Inserting in increasing destination order puts each moved axis exactly at its destination.
  std::vector<std::pair<int, int>> moves;
  for (size_t i = 0; i < src.size(); ++i) moves.emplace_back(dst[i], src[i]);
  std::sort(moves.begin(), moves.end());
  for (auto [d, s] : moves) order.insert(order.begin() + d, s);
  return permuted(a, order);
}

ndarray squeeze(const ndarray& a) {
  Dims shape, strides;
  for (int i = 0; i < a.ndim(); ++i) {
    if (a.shape()[i] == 1) continue;
    shape.push_back(a.shape()[i]);
    strides.push_back(a.strides()[i]);
  }
  return a.view(std::move(shape), std::move(strides));
}

ndarray squeeze(const ndarray& a, const std::vector<int64_t>& axes) {
  // PyArray_ConvertMultiAxis: range and duplicates are checked axis by axis, in order.
  std::vector<bool> selected(a.ndim(), false);
  for (int64_t ax : axes) {
    int n = normalize_axis(ax, a.ndim());
    if (selected[n]) throw ValueError("duplicate value in 'axis'");
    selected[n] = true;
  }
  Dims shape, strides;
  for (int i = 0; i < a.ndim(); ++i) {
    if (selected[i]) {
      if (a.shape()[i] != 1) throw ValueError("cannot select an axis to squeeze out which has size not equal to one");
      continue;
    }
    shape.push_back(a.shape()[i]);
    strides.push_back(a.strides()[i]);
  }
  return a.view(std::move(shape), std::move(strides));
}

ndarray expand_dims(const ndarray& a, const std::vector<int64_t>& axes) {
  const int out_nd = a.ndim() + static_cast<int>(axes.size());
  std::vector<int> norm = normalize_axis_tuple(axes, out_nd);
  Dims shape;
  int next = 0;
  for (int ax = 0; ax < out_nd; ++ax) {
    bool inserted = std::find(norm.begin(), norm.end(), ax) != norm.end();
    shape.push_back(inserted ? 1 : a.shape()[next++]);
  }
  // NumPy reshapes here; that is always a view and gives the new axes NumPy's strides.
  return reshape(a, shape);
}

ndarray broadcast_to(const ndarray& a, const Dims& shape) {
  if (shape.empty() && a.ndim() > 0) throw ValueError("cannot broadcast a non-scalar to a scalar array");
  for (int64_t d : shape)
    if (d < 0) throw ValueError("all elements of broadcast shape must be non-negative");
  check_new_shape(shape);
  const int nd = static_cast<int>(shape.size()), off = nd - a.ndim();
  // The remaining messages are those of the nditer NumPy builds over the requested shape.
  if (off < 0) throw ValueError("input operand has more dimensions than allowed by the axis remapping");
  Dims strides(shape.size(), 0);
  for (int i = off; i < nd; ++i) {
    int64_t have = a.shape()[i - off];
    if (have == shape[i]) {
      strides[i] = have == 1 ? 0 : a.strides()[i - off];  // nditer gives length-1 axes stride 0
    } else if (have != 1) {
      throw ValueError("operands could not be broadcast together with remapped shapes [original->remapped]: " +
                       np_shape_str(a.shape(), " ") + " and requested shape " + np_shape_str(shape));
    }
  }
  return a.view(shape, std::move(strides));
}

Dims broadcast_result_shape(const std::vector<Dims>& shapes) {
  // PyArray_Broadcast: the error names the first argument that fixed the dimension.
  size_t nd = 0;
  for (const Dims& s : shapes) {
    for (int64_t d : s)
      if (d < 0) throw ValueError("negative dimensions are not allowed");
    nd = std::max(nd, s.size());
  }
  Dims shape(nd, 1);
  for (size_t i = 0; i < nd; ++i) {
    size_t src = 0;
    for (size_t j = 0; j < shapes.size(); ++j) {
      if (i + shapes[j].size() < nd) continue;
      const int64_t d = shapes[j][i + shapes[j].size() - nd];
      if (d == 1) continue;
      if (shape[i] == 1) {
        shape[i] = d;
        src = j;
      } else if (shape[i] != d) {
        throw ValueError("shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg " +
                         std::to_string(src) + " with shape " + shape_str(shapes[src]) + " and arg " +
                         std::to_string(j) + " with shape " + shape_str(shapes[j]) + ".");
      }
    }
  }
  return shape;
}

std::vector<ndarray> broadcast_arrays(const std::vector<ndarray>& arrays) {
  std::vector<Dims> shapes;
  shapes.reserve(arrays.size());
  for (const auto& x : arrays) shapes.push_back(x.shape());
  const Dims shape = broadcast_result_shape(shapes);
  std::vector<ndarray> out;
  out.reserve(arrays.size());
  for (const auto& x : arrays) out.push_back(x.shape() == shape ? x : broadcast_to(x, shape));
  return out;
}

ndarray require(const ndarray& a, std::optional<DType> dtype, std::string_view requirements, bool owns_data) {
  bool c = false, f = false, aligned = false, own = false;
  for (char r : requirements) {
    switch (r) {
      case 'C': c = true; break;
      case 'F': f = true; break;
      case 'A': aligned = true; break;
      case 'O': own = true; break;
      case 'W':
      case 'E': break;  // every cupric array is writeable and of the base class
      default: throw ValueError(std::string("require: unknown requirement '") + r + "' (one of C, F, A, W, O, E)");
    }
  }
  if (c && f) throw ValueError("Cannot specify both \"C\" and \"F\" order");
  const Order order = c ? Order::C : (f ? Order::F : Order::A);
  // numpy.array(a, dtype, order, copy=None): a copy only where the dtype or the order asks for one
  // (without C or F it keeps a's layout: order K); a missing flag then copies as ndarray.copy(order).
  ndarray arr = astype(a, dtype ? *dtype : a.dtype(), order == Order::A ? Order::K : order, Casting::Unsafe, false);
  const bool fresh = arr.data() != a.data() || arr.strides() != a.strides();
  if ((aligned && !arr.is_aligned()) || (own && !fresh && !owns_data)) return copy(arr, order);
  return arr;
}

ndarray view_dtype(const ndarray& a, DType dtype) {
  const int64_t old_size = a.itemsize(), new_size = dtype.itemsize;
  if (new_size == old_size) return a.view(dtype, a.shape(), a.strides(), 0);
  if (a.ndim() == 0)
    throw ValueError("Changing the dtype of a 0d array is only supported if the itemsize is unchanged");
  const int axis = a.ndim() - 1;
  Dims shape = a.shape(), strides = a.strides();
  if (shape[axis] != 1 && a.size() != 0 && strides[axis] != old_size)
    throw ValueError("To change to a dtype of a different size, the last axis must be contiguous");
  if (new_size < old_size) {
    if (new_size == 0 || old_size % new_size != 0)
      throw ValueError("When changing to a smaller dtype, its size must be a divisor of the size of original dtype");
    shape[axis] *= old_size / new_size;
  } else {
    int64_t bytes = shape[axis] * old_size;
    if (bytes % new_size != 0)
      throw ValueError(
          "When changing to a larger dtype, its size must be a divisor of the total size in bytes of "
          "the last axis of the array.");
    shape[axis] = bytes / new_size;
  }
  strides[axis] = new_size;
  return a.view(dtype, std::move(shape), std::move(strides), 0);
}

ndarray diagonal(const ndarray& a, int64_t offset, int64_t axis1, int64_t axis2) {
  const int nd = a.ndim();
  if (nd < 2) throw ValueError("diag requires an array of at least two dimensions");
  int ax1 = normalize_axis_named(axis1, nd, "axis1");
  int ax2 = normalize_axis_named(axis2, nd, "axis2");
  if (ax1 == ax2) throw ValueError("axis1 and axis2 cannot be the same");
  const int64_t dim1 = a.shape()[ax1], dim2 = a.shape()[ax2];
  const int64_t s1 = a.strides()[ax1], s2 = a.strides()[ax2];
  // Offsets past the edge give an empty diagonal; the comparisons avoid overflow for any offset.
  int64_t n = 0, delta = 0;
  if (offset >= 0 && offset <= dim2) {
    n = std::min(dim1, dim2 - offset);
    delta = offset * s2;
  } else if (offset < 0 && offset >= -dim1) {
    n = std::min(dim1 + offset, dim2);
    delta = -offset * s1;
  }
  Dims shape, strides;
  for (int i = 0; i < nd; ++i) {
    if (i == ax1 || i == ax2) continue;
    shape.push_back(a.shape()[i]);
    strides.push_back(a.strides()[i]);
  }
  shape.push_back(n);
  strides.push_back(s1 + s2);
  return a.view(std::move(shape), std::move(strides), delta);
}

}  // namespace cupric
