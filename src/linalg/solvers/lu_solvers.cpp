// numpy.linalg's LU-based routines (cupric/linalg/decompositions.hpp): det, slogdet, inv, solve,
// matrix_power, tensorsolve, tensorinv, on getrf/getrs of the solver table (Note [Solver
// dispatch] in solver_table.hpp).
#include <string>
#include "cupric/linalg/decompositions.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/indexing.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/reduction.hpp"
#include "cupric/ops/ufunc.hpp"
#include "cupric/ops/where.hpp"
#include "cupric/shape.hpp"
#include "linalg/solvers/solver_common.hpp"
#include "linalg/solvers/tiny_solvers.hpp"

namespace cupric::linalg {

using namespace detail;

namespace {

// The LU factors of the square stack a (column-major buffer, pivots, info), computed in t.
struct LU {
  ndarray buf, ipiv, info;
};
LU lu_of(const ndarray& a, DType t, const char* what) {
  const int64_t n = a.shape().back();
  LU f{to_colmajor(a, t), ndarray::empty(with(batch_shape(a), {n}), dtypes::int32, Order::C, &a.backend()),
       info_for(a, batch_shape(a))};
  if (f.buf.size() > 0)
    solvers(a, what).getrf(t, n, n, batch_of(a), f.buf.data(), reinterpret_cast<int32_t*>(f.ipiv.data()),
                           reinterpret_cast<int32_t*>(f.info.data()));
  else
    fill(f.info, Scalar::of<int32_t>(0));
  return f;
}

}  // namespace

SlogdetResult slogdet(const ndarray& a) {
  assert_stacked_square(a);
  const DType t = linalg_type({&a}), rt = real_type(t);
  const int64_t n = a.shape().back();
  const Dims batch = batch_shape(a);
  if (n == 0) return {ones(batch, t), zeros(batch, rt)};
  if (tiny_applies(a, n, "slogdet")) return tiny_slogdet(a, t);  // Note [Tiny solvers] in tiny_solvers.cpp
  LU f = lu_of(a, t, "slogdet");
  ndarray d = diag_view(from_colmajor(f.buf));
  // The permutation's sign: the parity of the pivots that swap (ipiv[i] != i + 1).
  ndarray swaps = sum(not_equal(f.ipiv, arange(Scalar::of<int64_t>(1), Scalar::of<int64_t>(n + 1))), AxisArg(-1));
  ndarray perm_sign = subtract(int64_t{1}, multiply(int64_t{2}, remainder(swaps, int64_t{2})));
  ndarray absd = absolute(d);
  ndarray zero = equal(absd, 0);
  // Each pivot's unit phase d / |d| (0 for a zero pivot, which makes the sign 0).
  ndarray phase = where(zero, Operand(0.0), divide(d, where(zero, Operand(1.0), absd)));
  ndarray sign = astype(multiply(astype(perm_sign, t), prod(phase, AxisArg(-1))), t);
  return {sign, sum(log(absd), AxisArg(-1))};
}

ndarray det(const ndarray& a) {
  assert_stacked_square(a);
  if (tiny_applies(a, a.shape().back(), "det")) return tiny_det(a, linalg_type({&a}));
  SlogdetResult r = slogdet(a);
  return astype(multiply(r.sign, exp(r.logabsdet)), r.sign.dtype());
}

ndarray inv(const ndarray& a) {
  assert_stacked_square(a);
  const DType t = linalg_type({&a});
  const int64_t n = a.shape().back();
  const Dims batch = batch_shape(a);
  if (a.size() == 0) return empty(a.shape(), t);
  if (tiny_applies(a, n, "inv")) return tiny_inv(a, t);
  LU f = lu_of(a, t, "inv");
  ndarray failed = check_info(f.info, "Singular matrix");
  ndarray x = copy(eye_stack(batch, n, t), Order::C);
  solvers(a, "inv").getrs(t, 'N', n, n, batch_of(a), f.buf.data(), reinterpret_cast<const int32_t*>(f.ipiv.data()),
                          x.data());
  return nan_where(from_colmajor(x), failed, 2);
}

ndarray solve(const ndarray& a, const ndarray& b_in) {
  assert_stacked_square(a);
  const DType t = linalg_type({&a, &b_in});
  const int64_t m = a.shape().back();
  const bool vector = b_in.ndim() == 1;
  if (b_in.ndim() == 0)
    throw ValueError(
        "solve: Input operand 1 does not have enough dimensions (has 0, gufunc core with signature "
        "(m,m),(m,n)->(m,n) requires 2)");
  const int64_t bm = vector ? b_in.shape()[0] : b_in.shape()[b_in.ndim() - 2];
  if (bm != m)
    throw ValueError(std::string(vector ? "solve1" : "solve") +
                     ": Input operand 1 has a mismatch in its core dimension 0, with gufunc signature " +
                     (vector ? "(m,m),(m)->(m)" : "(m,m),(m,n)->(m,n)") + " (size " + std::to_string(bm) +
                     " is different from " + std::to_string(m) + ")");
  ndarray b = vector ? expand_dims(b_in, -1) : b_in;
  const int64_t k = b.shape().back();
  Dims batch = broadcast_shapes(batch_shape(a), vector ? Dims{} : batch_shape(b));
  ndarray A = broadcast_to(a, with(batch, {m, m}));
  ndarray x;
  if (m * k == 0 || A.size() == 0) {
    x = empty(with(batch, {m, k}), t);
  } else if (tiny_applies(A, m, "solve")) {
    x = tiny_solve(A, broadcast_to(b, with(batch, {m, k})), t);
  } else {
    ndarray B = to_colmajor(broadcast_to(b, with(batch, {m, k})), t);
    LU f = lu_of(A, t, "solve");
    ndarray failed = check_info(f.info, "Singular matrix");
    solvers(a, "solve")
        .getrs(t, 'N', m, k, batch_of(A), f.buf.data(), reinterpret_cast<const int32_t*>(f.ipiv.data()), B.data());
    x = nan_where(from_colmajor(B), failed, 2);
  }
  return vector ? squeeze(x, std::vector<int64_t>{-1}) : x;
}

ndarray matrix_power(const ndarray& a, int64_t n) {
  assert_stacked_square(a);
  if (n == 0) return copy(broadcast_to(eye(a.shape().back(), std::nullopt, 0, a.dtype()), a.shape()), Order::C);
  ndarray base = n < 0 ? inv(a) : a;
  uint64_t e = n < 0 ? static_cast<uint64_t>(-(n + 1)) + 1 : static_cast<uint64_t>(n);
  if (e == 1) return base;
  if (e == 2) return matmul(base, base);
  if (e == 3) return matmul(matmul(base, base), base);
  // Binary decomposition, as NumPy: square z, multiply it into the result at each set bit.
  ndarray z, result;
  while (e > 0) {
    z = z.defined() ? matmul(z, z) : base;
    if (e & 1) result = result.defined() ? matmul(result, z) : z;
    e >>= 1;
  }
  return result;
}

ndarray tensorsolve(const ndarray& a_in, const ndarray& b, const std::optional<std::vector<int64_t>>& axes) {
  ndarray a = a_in;
  const int an = a.ndim();
  if (axes) {
    std::vector<int64_t> all;
    for (int64_t i = 0; i < an; ++i) all.push_back(i);
    for (int64_t k : *axes) {
      auto it = std::find(all.begin(), all.end(), k);
      if (it == all.end()) throw ValueError("list.remove(x): x not in list");
      all.erase(it);
      all.push_back(k);
    }
    a = transpose(a, all);
  }
  const int keep = an - b.ndim();
  Dims oldshape = keep <= 0 || keep > an ? a.shape() : Dims(a.shape().end() - keep, a.shape().end());
  int64_t p = 1;
  for (int64_t d : oldshape) p *= d;
  if (a.size() != p * p)
    // NumPy's message, with the indentation its source line continuation leaves in it.
    throw LinAlgError(
        "Input arrays must satisfy the requirement             prod(a.shape[b.ndim:]) == "
        "prod(a.shape[:b.ndim])");
  ndarray res = solve(reshape(a, Dims{p, p}), ravel(b));
  return reshape(res, oldshape);
}

ndarray tensorinv(const ndarray& a, int64_t ind) {
  if (ind <= 0) throw ValueError("Invalid ind argument.");
  const Dims& s = a.shape();
  const size_t split = static_cast<size_t>(std::min<int64_t>(ind, a.ndim()));
  Dims invshape(s.begin() + split, s.end());
  for (size_t i = 0; i < split; ++i) invshape.push_back(s[i]);
  int64_t p = 1;
  for (size_t i = split; i < s.size(); ++i) p *= s[i];
  ndarray ia = inv(reshape(a, Dims{p, -1}));
  return reshape(ia, invshape);
}

}  // namespace cupric::linalg
