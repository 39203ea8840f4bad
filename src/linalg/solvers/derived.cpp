// numpy.linalg's routines built on the factorisations (cupric/linalg/decompositions.hpp): lstsq,
// matrix_rank, pinv, cond, multi_dot, composed as numpy/linalg/_linalg.py composes them.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include "cupric/linalg/decompositions.hpp"
#include "cupric/linalg/norms.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/indexing.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/reduction.hpp"
#include "cupric/ops/ufunc.hpp"
#include "cupric/ops/where.hpp"
#include "linalg/solvers/solver_common.hpp"

namespace cupric::linalg {

using namespace detail;

namespace {

double eps_of(DType t) {
  return real_type(t) == dtypes::float32 ? std::numeric_limits<float>::epsilon()
                                         : std::numeric_limits<double>::epsilon();
}

void assert_2d(const ndarray& a) {
  if (a.ndim() != 2)
    throw LinAlgError(std::to_string(a.ndim()) + "-dimensional array given. Array must be two-dimensional");
}

bool is_empty_2d(const ndarray& a) { return a.size() == 0 && a.shape()[a.ndim() - 1] * a.shape()[a.ndim() - 2] == 0; }

// Errors of the factorisations become NaNs for the scope (cond's inverse, as NumPy's errstate).
struct QuietLinalg {
  bool saved = linalg_errors_raise();
  QuietLinalg() { set_linalg_errors_raise(false); }
  ~QuietLinalg() { set_linalg_errors_raise(saved); }
};

}  // namespace

LstsqResult lstsq(const ndarray& a, const ndarray& b_in, std::optional<double> rcond) {
  const bool is_1d = b_in.ndim() == 1;
  ndarray b = is_1d ? expand_dims(b_in, -1) : b_in;
  assert_2d(a);
  assert_2d(b);
  const int64_t m = a.shape()[0], n = a.shape()[1], nrhs = b.shape()[1];
  if (m != b.shape()[0]) throw LinAlgError("Incompatible dimensions");
  const DType t = linalg_type({&a, &b}), rt = real_type(t);
  const double rc = rcond ? *rcond : eps_of(t) * static_cast<double>(std::max(m, n));
  ndarray A = astype(a, t), B = astype(b, t);
  // Minimum-norm solution through the SVD (what gelsd computes): x = V diag(1/s) U^H b over the
  // singular values above rcond * s_max.
  ndarray x, s;
  int64_t rank = 0;
  if (m == 0 || n == 0) {
    x = zeros(Dims{n, nrhs}, t);
    s = empty(Dims{0}, rt);
  } else {
    SVDResult d = svd(A, false);
    s = d.S;
    const double r = rc < 0 ? eps_of(t) : rc;
    ndarray large = greater(s, multiply(amax(s), r));
    rank = to_vector<int64_t>(astype(count_nonzero(large), dtypes::int64))[0];  // a Python int: one host sync
    ndarray sinv = where(large, divide(1.0, where(large, s, Operand(1.0))), Operand(0.0));
    ndarray uhb = matmul(herm(d.U), B);
    x = astype(matmul(herm(d.Vh), multiply(expand_dims(sinv, -1), uhb)), t);
  }
  ndarray resids;
  if (rank == n && m > n) {
    ndarray r = subtract(B, matmul(A, x));
    resids = sum(real(multiply(conjugate(r), r)), AxisArg(0));
  } else {
    resids = empty(Dims{0}, rt);
  }
  if (is_1d) x = squeeze(x, std::vector<int64_t>{-1});
  return {x, astype(resids, rt), rank, astype(s, rt)};
}

ndarray matrix_rank(const ndarray& A, const ndarray& tol, bool hermitian, const ndarray& rtol) {
  if (tol.defined() && rtol.defined()) throw ValueError("`tol` and `rtol` can't be both set.");
  if (A.ndim() < 2) return astype(logical_not(all(equal(A, 0))), dtypes::int64);
  ndarray S = svdvals(A, hermitian);
  ndarray cut;
  if (!tol.defined()) {
    const int64_t mn = std::max(A.shape()[A.ndim() - 1], A.shape()[A.ndim() - 2]);
    Operand r = rtol.defined() ? Operand(expand_dims(rtol, -1)) : Operand(static_cast<double>(mn) * eps_of(S.dtype()));
    cut = multiply(amax(S, AxisArg(-1), {}, true), r);
  } else {
    cut = expand_dims(tol, -1);
  }
  return count_nonzero(greater(S, cut), AxisArg(-1));
}

ndarray pinv(const ndarray& a, const ndarray& rcond_in, bool hermitian, const std::optional<ndarray>& rtol) {
  ndarray rcond = rcond_in;
  if (!rcond.defined()) {
    if (!rtol) {
      rcond = full(Dims{}, Scalar::of<double>(1e-15), dtypes::float64);
    } else if (!rtol->defined()) {
      const int64_t mn = a.ndim() >= 2 ? std::max(a.shape()[a.ndim() - 1], a.shape()[a.ndim() - 2]) : 0;
      rcond = full(Dims{}, Scalar::of<double>(static_cast<double>(mn) * eps_of(linalg_type({&a}))), dtypes::float64);
    } else {
      rcond = *rtol;
    }
  } else if (rtol) {
    throw ValueError("`rtol` and `rcond` can't be both set.");
  }
  assert_stacked_2d(a);
  if (is_empty_2d(a)) {
    Dims s = batch_shape(a);
    s.push_back(a.shape().back());
    s.push_back(a.shape()[a.ndim() - 2]);
    return empty(s, a.dtype());
  }
  ndarray ac = a.dtype().is_complex() ? conjugate(a) : a;
  SVDResult d = svd(ac, false, hermitian);
  ndarray cutoff = multiply(expand_dims(rcond, -1), amax(d.S, AxisArg(-1), {}, true));
  ndarray large = greater(d.S, cutoff);
  ndarray sinv = where(large, divide(1.0, where(large, d.S, Operand(1.0))), Operand(0.0));
  sinv = astype(sinv, d.S.dtype());
  return matmul(swapaxes(d.Vh, -1, -2), multiply(expand_dims(sinv, -1), swapaxes(d.U, -1, -2)));
}

ndarray cond(const ndarray& x, const CondOrder& p) {
  if (x.ndim() >= 2 && is_empty_2d(x)) throw LinAlgError("cond is not defined on empty arrays");
  ndarray r;
  const bool svd_order = !p.given || (p.name.empty() && (p.value == 2 || p.value == -2));
  if (svd_order) {
    ndarray s = svdvals(x);
    ndarray first = basic_index(s, {Index::ellipsis(), Index::integer(0)});
    ndarray last = basic_index(s, {Index::ellipsis(), Index::integer(-1)});
    r = p.given && p.value == -2 ? divide(last, first) : divide(first, last);
  } else {
    assert_stacked_square(x);
    const DType rt = real_type(linalg_type({&x}));
    ndarray invx;
    {
      QuietLinalg quiet;
      invx = inv(x);
    }
    NormOrder o = p.name.empty() ? NormOrder::number(p.value) : NormOrder::named(p.name);
    r = astype(multiply(norm(x, o, std::vector<int64_t>{-2, -1}), norm(invx, o, std::vector<int64_t>{-2, -1})), rt);
  }
  // NaNs become infs, unless the matrix itself had NaNs.
  ndarray xnan = any(isnan(x), AxisArg(std::vector<int64_t>{-2, -1}));
  return where(logical_and(isnan(r), logical_not(xnan)), Operand(std::numeric_limits<double>::infinity()), r);
}

ndarray multi_dot(const std::vector<ndarray>& arrays_in) {
  const size_t n = arrays_in.size();
  if (n < 2) throw ValueError("Expecting at least two arrays.");
  std::vector<ndarray> arrays = arrays_in;
  const int nd_first = arrays.front().ndim(), nd_last = arrays.back().ndim();
  if (nd_first == 1) arrays.front() = atleast_2d(arrays.front());
  if (nd_last == 1) arrays.back() = transpose(atleast_2d(arrays.back()));
  for (const ndarray& a : arrays) assert_2d(a);
  for (size_t i = 0; i + 1 < n; ++i)
    if (arrays[i].shape()[1] != arrays[i + 1].shape()[0])
      throw ValueError("shapes (" + std::to_string(arrays[i].shape()[0]) + "," + std::to_string(arrays[i].shape()[1]) +
                       ") and (" + std::to_string(arrays[i + 1].shape()[0]) + "," +
                       std::to_string(arrays[i + 1].shape()[1]) +
                       ") not aligned: " + std::to_string(arrays[i].shape()[1]) +
                       " (dim 1) != " + std::to_string(arrays[i + 1].shape()[0]) + " (dim 0)");
  // The cheapest parenthesisation (the classic matrix-chain dynamic programme, as NumPy's).
  std::vector<int64_t> p(n + 1);
  for (size_t i = 0; i < n; ++i) p[i] = arrays[i].shape()[0];
  p[n] = arrays[n - 1].shape()[1];
  std::vector<std::vector<double>> cost(n, std::vector<double>(n, 0));
  std::vector<std::vector<size_t>> split(n, std::vector<size_t>(n, 0));
  for (size_t len = 1; len < n; ++len)
    for (size_t i = 0; i + len < n; ++i) {
      const size_t j = i + len;
      cost[i][j] = std::numeric_limits<double>::infinity();
      for (size_t k = i; k < j; ++k) {
        const double c = cost[i][k] + cost[k + 1][j] + static_cast<double>(p[i]) * p[k + 1] * p[j + 1];
        if (c < cost[i][j]) {
          cost[i][j] = c;
          split[i][j] = k;
        }
      }
    }
  auto chain = [&](auto&& self, size_t i, size_t j) -> ndarray {
    if (i == j) return arrays[i];
    return matmul(self(self, i, split[i][j]), self(self, split[i][j] + 1, j));
  };
  ndarray result = chain(chain, 0, n - 1);
  if (nd_first == 1 && nd_last == 1) return basic_index(result, {Index::integer(0), Index::integer(0)});
  if (nd_first == 1 || nd_last == 1) return ravel(result);
  return result;
}

}  // namespace cupric::linalg
