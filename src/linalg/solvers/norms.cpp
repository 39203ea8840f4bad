// cupric.linalg's norms (cupric/linalg/norms.hpp), composed of ufuncs and reductions in the order
// numpy/linalg/_linalg.py composes them, so dtypes (float16 stays float16, complex gives its real
// type) and rounding follow NumPy's; the singular-value norms call svdvals.
#include "cupric/linalg/norms.hpp"
#include <cmath>
#include <limits>
#include "cupric/error.hpp"
#include "cupric/linalg/decompositions.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/reduction.hpp"
#include "cupric/ops/selection.hpp"
#include "cupric/ops/ufunc.hpp"
#include "cupric/shape.hpp"

namespace cupric::linalg {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

bool is(const NormOrder& o, double v) { return o.kind == NormOrder::Kind::Number && o.value == v; }
bool named(const NormOrder& o, std::initializer_list<const char*> names) {
  if (o.kind != NormOrder::Kind::Name) return false;
  for (const char* n : names)
    if (o.name == n) return true;
  return false;
}

// (x.conj() * x).real: |x|^2 in x's real dtype.
ndarray abs2(const ndarray& x) { return x.dtype().is_complex() ? real(multiply(conjugate(x), x)) : multiply(x, x); }

// The singular values of the matrices on axes (row, col), reduced with `op` over the last axis.
template <class Op>
ndarray svd_norm(const ndarray& x, int row, int col, Op op) {
  return op(svdvals(moveaxis(x, std::vector<int64_t>{row, col}, std::vector<int64_t>{-2, -1})), AxisArg(-1));
}

ndarray vector_norm_axis(const ndarray& x, const NormOrder& ord, int64_t axis, bool keepdims) {
  const AxisArg ax(axis);
  if (is(ord, kInf)) return amax(absolute(x), ax, {}, keepdims, Scalar::of<double>(0));  // NumPy: initial=0
  if (is(ord, -kInf)) return amin(absolute(x), ax, {}, keepdims);
  if (is(ord, 0)) {
    const DType rt = x.dtype().is_complex() ? real(x).dtype() : x.dtype();
    return sum(astype(not_equal(x, 0), rt), ax, std::nullopt, {}, keepdims);
  }
  if (is(ord, 1)) return sum(absolute(x), ax, std::nullopt, {}, keepdims);
  if (ord.kind == NormOrder::Kind::Default || is(ord, 2)) return sqrt(sum(abs2(x), ax, std::nullopt, {}, keepdims));
  if (ord.kind == NormOrder::Kind::Name) throw ValueError("Invalid norm order '" + ord.name + "' for vectors");
  ndarray ret = sum(power(absolute(x), ord.value), ax, std::nullopt, {}, keepdims);
  // NumPy: ret **= reciprocal(ord, dtype=ret.dtype), the exponent rounded to ret's dtype.
  const ndarray inv = astype(reciprocal(Operand(Scalar::of<double>(ord.value))), ret.dtype());
  return power(ret, inv);
}

ndarray matrix_norm_axes(const ndarray& x, const NormOrder& ord, int row, int col) {
  if (row == col) throw ValueError("Duplicate axes given.");
  if (is(ord, 2))
    return svd_norm(x, row, col,
                    [](const ndarray& s, const AxisArg& a) { return amax(s, a, {}, false, Scalar::of<double>(0)); });
  if (is(ord, -2)) return svd_norm(x, row, col, [](const ndarray& s, const AxisArg& a) { return amin(s, a); });
  if (is(ord, 1) || is(ord, -1)) {
    const ndarray cols = sum(absolute(x), AxisArg(row));
    const int c = col > row ? col - 1 : col;
    return is(ord, 1) ? amax(cols, AxisArg(c), {}, false, Scalar::of<double>(0)) : amin(cols, AxisArg(c));
  }
  if (is(ord, kInf) || is(ord, -kInf)) {
    const ndarray rows = sum(absolute(x), AxisArg(col));
    const int r = row > col ? row - 1 : row;
    return is(ord, kInf) ? amax(rows, AxisArg(r), {}, false, Scalar::of<double>(0)) : amin(rows, AxisArg(r));
  }
  if (ord.kind == NormOrder::Kind::Default || named(ord, {"fro", "f"}))
    return sqrt(sum(abs2(x), AxisArg(std::vector<int64_t>{row, col})));
  if (named(ord, {"nuc"})) return svd_norm(x, row, col, [](const ndarray& s, const AxisArg& a) { return sum(s, a); });
  throw ValueError("Invalid norm order for matrices.");
}

}  // namespace

ndarray norm(const ndarray& x_in, const NormOrder& ord, const std::optional<std::vector<int64_t>>& axis,
             bool keepdims) {
  ndarray x = x_in;
  if (!x.dtype().is_floating() && !x.dtype().is_complex()) x = astype(x, dtypes::float64);
  const int nd = x.ndim();
  if (!axis) {
    // NumPy's fast path: the 2-norm of the flattened array.
    if (ord.kind == NormOrder::Kind::Default || (named(ord, {"f", "fro"}) && nd == 2) || (is(ord, 2) && nd == 1)) {
      ndarray ret = sqrt(sum(abs2(ravel(x, Order::K))));
      return keepdims ? reshape(ret, Dims(static_cast<size_t>(nd), 1)) : ret;
    }
  }
  std::vector<int64_t> axes;
  if (axis) {
    axes = *axis;
  } else {
    for (int d = 0; d < nd; ++d) axes.push_back(d);
  }
  if (axes.size() == 1) return vector_norm_axis(x, ord, axes[0], keepdims);
  if (axes.size() != 2) throw ValueError("Improper number of dimensions to norm.");
  const int row = normalize_axis(axes[0], nd), col = normalize_axis(axes[1], nd);
  ndarray ret = matrix_norm_axes(x, ord, row, col);
  if (!keepdims) return ret;
  Dims shape = x.shape();
  shape[static_cast<size_t>(row)] = 1;
  shape[static_cast<size_t>(col)] = 1;
  return reshape(ret, shape);
}

ndarray vector_norm(const ndarray& x_in, const std::optional<std::vector<int64_t>>& axis, bool keepdims,
                    const NormOrder& ord) {
  ndarray x = x_in;
  const Dims shape = x.shape();
  const int nd = x.ndim();
  std::vector<int> folded;  // the normalised axes that keepdims sets to 1
  if (!axis) {
    x = ravel(x);
    for (int d = 0; d < nd; ++d) folded.push_back(d);
  } else {
    for (int64_t a : *axis) {
      const int n = normalize_axis(a, nd);
      for (int f : folded)
        if (f == n) throw ValueError("repeated axis");
      folded.push_back(n);
    }
    if (axis->size() != 1) {
      // The axes moved to the front and folded into one: NumPy transposes to axis + rest.
      std::vector<int64_t> perm(axis->begin(), axis->end());
      Dims newshape{1};
      for (int f : folded) newshape[0] *= shape[static_cast<size_t>(f)];
      for (int d = 0; d < nd; ++d) {
        if (std::find(folded.begin(), folded.end(), d) != folded.end()) continue;
        perm.push_back(d);
        newshape.push_back(shape[static_cast<size_t>(d)]);
      }
      x = reshape(transpose(x, perm), newshape);
    }
  }
  const int64_t ax = axis && axis->size() == 1 ? (*axis)[0] : 0;
  ndarray res = norm(x, ord, std::vector<int64_t>{ax}, false);
  if (!keepdims) return res;
  Dims out = shape;
  for (int f : folded) out[static_cast<size_t>(f)] = 1;
  return reshape(res, out);
}

ndarray matrix_norm(const ndarray& x, bool keepdims, const NormOrder& ord) {
  return norm(x, ord, std::vector<int64_t>{-2, -1}, keepdims);
}

ndarray diagonal(const ndarray& x, int64_t offset) { return cupric::diagonal(x, offset, -2, -1); }

ndarray trace(const ndarray& x, int64_t offset, std::optional<DType> dtype) {
  return cupric::trace(x, offset, -2, -1, dtype);
}

}  // namespace cupric::linalg
