// NumPy's other products, each laid onto matmul_into or a ufunc: dot, vdot, inner, outer,
// tensordot, kron, cross, linalg.matrix_transpose and linalg.outer (include/cupric/linalg.hpp).
#include <algorithm>
#include <numeric>
#include "cupric/linalg.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/ufunc.hpp"
#include "cupric/shape.hpp"
#include "linalg/products/gemm_plan.hpp"

namespace cupric {

namespace {

std::string tight(const Dims& d) {
  std::string s = "(";
  for (size_t i = 0; i < d.size(); ++i) s += (i ? "," : "") + std::to_string(d[i]);
  return s + (d.size() == 1 ? ",)" : ")");
}

[[noreturn]] void not_aligned(const ndarray& a, const ndarray& b, int da, int db) {
  throw ValueError("shapes " + tight(a.shape()) + " and " + tight(b.shape()) +
                   " not aligned: " + std::to_string(a.shape()[da]) + " (dim " + std::to_string(da) +
                   ") != " + std::to_string(b.shape()[db]) + " (dim " + std::to_string(db) + ")");
}

ndarray multiply(const ndarray& a, const ndarray& b, const ndarray* out = nullptr) {
  UfuncOptions o;
  if (out) o.out[0] = *out;
  return ufunc_call("multiply", {a, b}, o).out[0];
}

// sum_k A[i, k] B[k, j] for A (M, K) and B (K, N) given as 2-D arrays of one dtype.
ndarray gemm2d(const ndarray& a, const ndarray& b) {
  ndarray c = ndarray::empty(Dims{a.shape()[0], b.shape()[1]}, a.dtype(), Order::C, &a.backend());
  linalg::matmul_into(a, b, c);
  return c;
}

// numpy.dot's out= rule: exactly the result's dtype and shape, C-contiguous.
void check_dot_out(const ndarray& out, const Dims& shape, DType dt) {
  if (out.dtype() != dt || out.shape() != shape || !out.c_contiguous())
    throw ValueError(
        "output array is not acceptable (must have the right datatype, number of dimensions, and be a C-Array)");
}

}  // namespace

ndarray dot(const ndarray& a_in, const ndarray& b_in, const ndarray* out) {
  if (a_in.ndim() == 0 || b_in.ndim() == 0) {
    if (out)
      check_dot_out(*out, broadcast_shapes(a_in.shape(), b_in.shape()), promote_types(a_in.dtype(), b_in.dtype()));
    return multiply(a_in, b_in, out);
  }
  const DType dt = promote_types(a_in.dtype(), b_in.dtype());
  const int ka = a_in.ndim() - 1, kb = b_in.ndim() == 1 ? 0 : b_in.ndim() - 2;
  if (a_in.shape()[ka] != b_in.shape()[kb]) not_aligned(a_in, b_in, ka, kb);
  // Result: a's dims but the last, then b's dims but the contracted one.
  Dims shape(a_in.shape().begin(), a_in.shape().end() - 1);
  for (int d = 0; d < b_in.ndim(); ++d)
    if (d != kb) shape.push_back(b_in.shape()[d]);
  if (out) check_dot_out(*out, shape, dt);
  ndarray a = astype(a_in, dt, Order::K, Casting::Unsafe, false),
          b = astype(b_in, dt, Order::K, Casting::Unsafe, false);
  const int64_t K = a.shape()[ka];
  const int64_t M = K == 0 ? shape_size(Dims(a.shape().begin(), a.shape().end() - 1)) : a.size() / K;
  ndarray a2 = reshape(a, Dims{M, K});
  ndarray result;
  if (b.ndim() <= 2) {
    ndarray b2 = b.ndim() == 1 ? reshape(b, Dims{K, 1}) : b;
    result = reshape(gemm2d(a2, b2), shape);
  } else {
    // b (J..., K, N): one product per leading index of b, a shared (batch stride 0).
    const int64_t N = b.shape()[b.ndim() - 1];
    const int64_t J = shape_size(Dims(b.shape().begin(), b.shape().end() - 2));
    ndarray b3 = reshape(b, Dims{J, K, N});
    ndarray c = ndarray::empty(Dims{J, M, N}, dt, Order::C, &a.backend());
    linalg::matmul_into(broadcast_to(a2, Dims{J, M, K}), b3, c);
    // (J, M, N) -> (M, J, N) -> the result's shape.
    result = reshape(copy(transpose(c, {1, 0, 2}), Order::C), shape);
  }
  if (out) {
    copyto(*out, result, Casting::Unsafe);
    return *out;
  }
  return result;
}

ndarray vdot(const ndarray& a, const ndarray& b) {
  ndarray x = ravel(a), y = ravel(b);
  if (x.size() != y.size())
    throw ValueError("cannot reshape array of size " + std::to_string(y.size()) + " into shape (" +
                     std::to_string(x.size()) + ",)");
  return vecdot(x, y);
}

ndarray inner(const ndarray& a, const ndarray& b) {
  if (a.ndim() == 0 || b.ndim() == 0) return multiply(a, b);
  if (a.shape()[a.ndim() - 1] != b.shape()[b.ndim() - 1]) not_aligned(a, b, a.ndim() - 1, b.ndim() - 1);
  return tensordot(a, b, {a.ndim() - 1}, {b.ndim() - 1});
}

ndarray outer(const ndarray& a, const ndarray& b, const ndarray* out) {
  ndarray x = ravel(a), y = ravel(b);
  return multiply(reshape(x, Dims{x.size(), 1}), reshape(y, Dims{1, y.size()}), out);
}

ndarray tensordot(const ndarray& a, const ndarray& b, int64_t n) {
  std::vector<int64_t> aa, bb;
  // NumPy's ranges, literally (a negative N gives empty lists: an outer product).
  for (int64_t i = -n; i < 0; ++i) aa.push_back(i);
  for (int64_t i = 0; i < n; ++i) bb.push_back(i);
  return tensordot(a, b, aa, bb);
}

ndarray tensordot(const ndarray& a_in, const ndarray& b_in, const std::vector<int64_t>& axes_a,
                  const std::vector<int64_t>& axes_b) {
  if (axes_a.size() != axes_b.size()) throw ValueError("shape-mismatch for sum");
  const int na = a_in.ndim(), nb = b_in.ndim();
  std::vector<int64_t> ax, bx;
  for (size_t i = 0; i < axes_a.size(); ++i) {
    int64_t p = axes_a[i] < 0 ? axes_a[i] + na : axes_a[i];
    int64_t q = axes_b[i] < 0 ? axes_b[i] + nb : axes_b[i];
    if (p < 0 || p >= na || q < 0 || q >= nb || a_in.shape()[p] != b_in.shape()[q])
      throw ValueError("shape-mismatch for sum");
    ax.push_back(p), bx.push_back(q);
  }
  const DType dt = promote_types(a_in.dtype(), b_in.dtype());
  ndarray a = astype(a_in, dt, Order::K, Casting::Unsafe, false),
          b = astype(b_in, dt, Order::K, Casting::Unsafe, false);
  std::vector<int64_t> free_a, free_b;
  Dims shape;
  int64_t M = 1, N = 1, K = 1;
  for (int d = 0; d < na; ++d)
    if (std::find(ax.begin(), ax.end(), d) == ax.end())
      free_a.push_back(d), shape.push_back(a.shape()[d]), M *= a.shape()[d];
  for (int d = 0; d < nb; ++d)
    if (std::find(bx.begin(), bx.end(), d) == bx.end())
      free_b.push_back(d), shape.push_back(b.shape()[d]), N *= b.shape()[d];
  for (int64_t p : ax) K *= a.shape()[p];
  std::vector<int64_t> perm_a = free_a, perm_b = bx;
  perm_a.insert(perm_a.end(), ax.begin(), ax.end());
  perm_b.insert(perm_b.end(), free_b.begin(), free_b.end());
  ndarray a2 = reshape(transpose(a, perm_a), Dims{M, K});
  ndarray b2 = reshape(transpose(b, perm_b), Dims{K, N});
  return reshape(gemm2d(a2, b2), shape);
}

ndarray kron(const ndarray& a_in, const ndarray& b_in) {
  const int nd = std::max(a_in.ndim(), b_in.ndim());
  Dims sa(nd - a_in.ndim(), 1), sb(nd - b_in.ndim(), 1);
  for (int64_t d : a_in.shape()) sa.push_back(d);
  for (int64_t d : b_in.shape()) sb.push_back(d);
  // a as (a0, 1, a1, 1, ...) times b as (1, b0, 1, b1, ...), then merged pairwise.
  Dims ia, ib, shape;
  for (int d = 0; d < nd; ++d) {
    ia.push_back(sa[d]), ia.push_back(1);
    ib.push_back(1), ib.push_back(sb[d]);
    shape.push_back(sa[d] * sb[d]);
  }
  ndarray p = multiply(reshape(a_in, ia), reshape(b_in, ib));
  return reshape(p, shape);
}

ndarray cross(const ndarray& a_in, const ndarray& b_in, int64_t axisa, int64_t axisb, int64_t axisc,
              std::optional<int64_t> axis) {
  if (axis) axisa = axisb = axisc = *axis;
  auto norm = [](int64_t ax, int nd, const char* name) {
    if (ax < -nd || ax >= nd)
      throw AxisError(std::string(name) + ": axis " + std::to_string(ax) + " is out of bounds for array of dimension " +
                      std::to_string(nd));
    return ax < 0 ? ax + nd : ax;
  };
  if (a_in.ndim() == 0 || b_in.ndim() == 0)
    throw AxisError(std::string(a_in.ndim() == 0 ? "axisa" : "axisb") +
                    ": axis -1 is out of bounds for array of dimension 0");
  ndarray a = moveaxis(a_in, std::vector<int64_t>{norm(axisa, a_in.ndim(), "axisa")}, std::vector<int64_t>{-1});
  ndarray b = moveaxis(b_in, std::vector<int64_t>{norm(axisb, b_in.ndim(), "axisb")}, std::vector<int64_t>{-1});
  const int64_t la = a.shape()[a.ndim() - 1], lb = b.shape()[b.ndim() - 1];
  if ((la != 2 && la != 3) || (lb != 2 && lb != 3))
    throw ValueError("incompatible dimensions for cross product\n(dimension must be 2 or 3)");
  if (la == 2 || lb == 2)
    warn("DeprecationWarning",
         "Arrays of 2-dimensional vectors are deprecated. Use arrays of 3-dimensional vectors instead. (deprecated in "
         "NumPy 2.0)");
  auto comp = [](const ndarray& x, int64_t i) {
    Dims shape(x.shape().begin(), x.shape().end() - 1), strides(x.strides().begin(), x.strides().end() - 1);
    return x.view(shape, strides, i * x.strides()[x.ndim() - 1]);
  };
  auto sub = [](const ndarray& x, const ndarray& y) { return ufunc_call("subtract", {x, y}).out[0]; };
  ndarray a0 = comp(a, 0), a1 = comp(a, 1), b0 = comp(b, 0), b1 = comp(b, 1);
  if (la == 2 && lb == 2) return sub(multiply(a0, b1), multiply(a1, b0));  // the z component only
  Dims bshape =
      broadcast_shapes(Dims(a.shape().begin(), a.shape().end() - 1), Dims(b.shape().begin(), b.shape().end() - 1));
  ndarray cx, cy, cz;
  if (la == 3 && lb == 3) {
    ndarray a2 = comp(a, 2), b2 = comp(b, 2);
    cx = sub(multiply(a1, b2), multiply(a2, b1));
    cy = sub(multiply(a2, b0), multiply(a0, b2));
    cz = sub(multiply(a0, b1), multiply(a1, b0));
  } else if (la == 2) {  // a2 = 0
    ndarray b2 = comp(b, 2);
    cx = multiply(a1, b2);
    cy = ufunc_call("negative", {multiply(a0, b2)}).out[0];
    cz = sub(multiply(a0, b1), multiply(a1, b0));
  } else {  // b2 = 0
    ndarray a2 = comp(a, 2);
    cx = ufunc_call("negative", {multiply(a2, b1)}).out[0];
    cy = multiply(a2, b0);
    cz = sub(multiply(a0, b1), multiply(a1, b0));
  }
  ndarray c = stack({broadcast_to(cx, bshape), broadcast_to(cy, bshape), broadcast_to(cz, bshape)}, -1);
  return moveaxis(c, std::vector<int64_t>{-1}, std::vector<int64_t>{[&] {
                    int nd = c.ndim();
                    if (axisc < -nd || axisc >= nd)
                      throw AxisError("axisc: axis " + std::to_string(axisc) +
                                      " is out of bounds for array of dimension " + std::to_string(nd));
                    return axisc;
                  }()});
}

namespace linalg {

ndarray matrix_transpose(const ndarray& x) {
  if (x.ndim() < 2)
    throw ValueError("Input array must be at least 2-dimensional, but it is " + std::to_string(x.ndim()));
  return swapaxes(x, -1, -2);
}

ndarray outer(const ndarray& a, const ndarray& b) {
  if (a.ndim() != 1 || b.ndim() != 1)
    throw ValueError("Input arrays must be one-dimensional, but they are x1.ndim=" + std::to_string(a.ndim()) +
                     " and x2.ndim=" + std::to_string(b.ndim()) + ".");
  return cupric::outer(a, b);
}

}  // namespace linalg

}  // namespace cupric
