// Tests of cupricx.scipy.sparse.linalg's C++ API (include/cupric/sparse/linalg.hpp): the Krylov
// solvers over dense and lambda operators, least squares, eigsh, the CSR direct solves and the
// fused vector update (Note [Krylov vector updates] in src/sparse/linalg/krylov_kernels.hpp).
#include <gtest/gtest.h>
#include <algorithm>
#include <cmath>
#include <limits>
#include "test_helpers.hpp"
#include "cupric/cupric.hpp"
#include "cupric/linalg.hpp"
#include "cupric/sparse/linalg.hpp"
#include "sparse/linalg/host/min_degree.hpp"
#include "sparse/linalg/krylov_common.hpp"

using namespace cupric;
namespace sl = cupric::sparse::linalg;
using cupric::testing::expect_error;
using cupric::testing::expect_near;

namespace {

// The 1-D Poisson matrix tridiag(-1, 2, -1) of size n, dense.
ndarray poisson(int64_t n) {
  std::vector<double> v(static_cast<size_t>(n * n), 0.0);
  for (int64_t i = 0; i < n; ++i) {
    v[static_cast<size_t>(i * n + i)] = 2;
    if (i > 0) v[static_cast<size_t>(i * n + i - 1)] = -1;
    if (i + 1 < n) v[static_cast<size_t>(i * n + i + 1)] = -1;
  }
  return array(v, Dims{n, n});
}

ndarray ramp(int64_t n) {
  std::vector<double> v(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) v[static_cast<size_t>(i)] = 1.0 + 0.5 * std::sin(static_cast<double>(i));
  return array(v, Dims{n});
}

double residual(const ndarray& a, const ndarray& x, const ndarray& b) {
  return to_vector<double>(linalg::norm(subtract(matmul(a, x), b)))[0] / to_vector<double>(linalg::norm(b))[0];
}

}  // namespace

TEST(SparseLinalgSolvers, CgOnDenseAndLambdaOperators) {
  const int64_t n = 40;
  ndarray a = poisson(n), b = ramp(n);
  sl::IterativeOptions o;
  o.rtol = 1e-10;
  int calls = 0;
  o.callback = [&](const ndarray&) { ++calls; };
  sl::IterativeResult r = sl::cg(sl::LinearOperator::from_dense(a), b, o);
  EXPECT_EQ(r.info, 0);
  EXPECT_EQ(calls, r.iterations);
  EXPECT_LE(r.iterations, n);  // CG on an n x n SPD matrix: at most n steps in exact arithmetic
  EXPECT_LE(residual(a, r.x, b), 1e-10);
  // The same operator as a lambda.
  sl::LinearOperator op;
  op.rows = op.cols = n;
  op.dtype = dtypes::float64;
  op.matvec = [&](const ndarray& x) { return matmul(a, x); };
  sl::IterativeResult r2 = sl::cg(op, b, o);
  expect_near(to_vector<double>(r2.x), to_vector<double>(r.x), 1e-12);
}

TEST(SparseLinalgSolvers, CgBatchedResidualChecks) {
  // Note [Residual checks]: testing every 7 iterations still converges, info 0, and never
  // reports more iterations than a multiple of 7 past the every-iteration run.
  const int64_t n = 60;
  ndarray a = poisson(n), b = ramp(n);
  sl::IterativeOptions o;
  o.rtol = 1e-8;
  o.check_every = 1;  // the default is 16 on a GPU (Note [Residual checks])
  sl::IterativeResult every = sl::cg(sl::LinearOperator::from_dense(a), b, o);
  o.check_every = 7;
  sl::IterativeResult batched = sl::cg(sl::LinearOperator::from_dense(a), b, o);
  EXPECT_EQ(batched.info, 0);
  EXPECT_GE(batched.iterations, every.iterations);
  EXPECT_LT(batched.iterations, every.iterations + 7);
  EXPECT_EQ(batched.iterations % 7, 0);
  EXPECT_LE(residual(a, batched.x, b), 1e-8);
}

TEST(SparseLinalgSolvers, NonsymmetricSolvers) {
  const int64_t n = 30;
  ndarray a = add(poisson(n), multiply(0.3, eye(n, n, 1))), b = ramp(n);
  sl::IterativeOptions o;
  o.rtol = 1e-9;
  for (auto solver : {&sl::cgs, &sl::bicgstab}) {
    sl::IterativeResult r = solver(sl::LinearOperator::from_dense(a), b, o);
    EXPECT_EQ(r.info, 0);
    EXPECT_LE(residual(a, r.x, b), 1e-8);
  }
  sl::GmresOptions g;
  g.rtol = 1e-9;
  g.restart = 10;
  sl::IterativeResult r = sl::gmres(sl::LinearOperator::from_dense(a), b, g);
  EXPECT_EQ(r.info, 0);
  EXPECT_LE(residual(a, r.x, b), 1e-8);
  sl::MinresOptions m;
  m.rtol = 1e-10;
  sl::IterativeResult rm = sl::minres(sl::LinearOperator::from_dense(poisson(n)), b, m);
  EXPECT_EQ(rm.info, 0);
  EXPECT_LE(residual(poisson(n), rm.x, b), 1e-8);
}

TEST(SparseLinalgSolvers, IterationLimitAndErrors) {
  ndarray a = poisson(20), b = ramp(20);
  sl::IterativeOptions o;
  o.maxiter = 3;
  o.rtol = 1e-14;
  EXPECT_EQ(sl::cg(sl::LinearOperator::from_dense(a), b, o).info, 3);
  sl::IterativeOptions bad;
  bad.atol = -1;
  expect_error<ValueError>([&] { sl::cg(sl::LinearOperator::from_dense(a), b, bad); },
                           "'cupricx.scipy.sparse.linalg.cg' called with invalid `atol`=-1.0; if set, `atol` must be a "
                           "real, non-negative number.");
  expect_error<ValueError>([&] { sl::cg(sl::LinearOperator::from_dense(a), ramp(5)); },
                           "shapes of A (20, 20) and b (5,) are incompatible");
  expect_error<ValueError>([&] { sl::cg(sl::LinearOperator::from_dense(ones(Dims{3, 4})), ramp(3)); },
                           "expected square matrix, but got shape=((3, 4),)");
  EXPECT_EQ(sl::solver_dtype(dtypes::int64, dtypes::float32), dtypes::float64);  // int counts as float64
  EXPECT_EQ(sl::solver_dtype(dtypes::float32, dtypes::complex64), dtypes::complex64);
}

TEST(SparseLinalgSolvers, LeastSquares) {
  // Overdetermined: the solution of the normal equations A^T A x = A^T b.
  ndarray a = add(ones(Dims{8, 3}), eye(8, 3)), b = ramp(8);
  ndarray at = linalg::matrix_transpose(a);
  ndarray want = linalg::solve(matmul(at, a), matmul(at, b));
  sl::LeastSquaresOptions o;
  o.atol = o.btol = 1e-12;
  sl::LsqrResult r = sl::lsqr(sl::LinearOperator::from_dense(a), b, o);
  EXPECT_EQ(r.istop, 2);
  expect_near(to_vector<double>(r.x), to_vector<double>(want), 1e-9);
  sl::LsmrResult m = sl::lsmr(sl::LinearOperator::from_dense(a), b, o);
  expect_near(to_vector<double>(m.x), to_vector<double>(want), 1e-9);
  sl::LinearOperator no_adjoint;
  no_adjoint.rows = 8;
  no_adjoint.cols = 3;
  no_adjoint.matvec = [&](const ndarray& x) { return matmul(a, x); };
  expect_error<NotImplementedError>([&] { sl::lsqr(no_adjoint, b); },
                                    "lsqr: the operator needs both matvec and rmatvec");
}

TEST(SparseLinalgSolvers, EigshOfADiagonalMatrix) {
  std::vector<double> d(50);
  for (size_t i = 0; i < d.size(); ++i) d[i] = static_cast<double>(i) - 25.0;  // -25 .. 24
  ndarray a = diag(array(d, Dims{50}));
  sl::EigshOptions o;
  o.k = 3;
  o.which = "LA";
  sl::EigshResult r = sl::eigsh(sl::LinearOperator::from_dense(a), o);
  expect_near(to_vector<double>(r.w), {22, 23, 24}, 1e-9);
  EXPECT_EQ(r.x.shape(), (Dims{50, 3}));
  o.which = "LM";
  expect_near(to_vector<double>(sl::eigsh(sl::LinearOperator::from_dense(a), o).w), {-25, -24, 24}, 1e-9);
  o.which = "SA";
  o.return_eigenvectors = false;
  sl::EigshResult s = sl::eigsh(sl::LinearOperator::from_dense(a), o);
  expect_near(to_vector<double>(s.w), {-25, -24, -23}, 1e-9);
  EXPECT_FALSE(s.x.defined());
  o.k = 50;
  expect_error<ValueError>([&] { sl::eigsh(sl::LinearOperator::from_dense(a), o); },
                           "k must be smaller than n (actual: 50)");
}

TEST(SparseLinalgSolvers, CsrDirectSolves) {
  // [[4, 0, 1], [0, 3, 0], [1, 0, 2]] with the (0, 0) entry given twice (2 + 2).
  sl::CsrArrays a{3, 3, array(std::vector<int32_t>{0, 3, 4, 6}, Dims{4}),
                  array(std::vector<int32_t>{0, 2, 0, 1, 0, 2}, Dims{6}),
                  array(std::vector<double>{2, 1, 2, 3, 1, 2}, Dims{6})};
  expect_near(to_vector<double>(sl::csr_to_dense(a)), {4, 0, 1, 0, 3, 0, 1, 0, 2});
  ndarray b = array(std::vector<double>{6, 3, 5}, Dims{3});
  sl::SpsolveResult r = sl::spsolve(a, b);
  EXPECT_FALSE(r.singular);
  expect_near(to_vector<double>(r.x), {1, 1, 2});
  // Lower triangle [[4, 0, 0], [0, 3, 0], [1, 0, 2]]
  expect_near(to_vector<double>(sl::spsolve_triangular(a, b, true)), {1.5, 1, 1.75});
  expect_error<ValueError>([&] { sl::spsolve(a, ramp(4)); }, "matrix - rhs dimension mismatch ((3, 3) - 4)");
}

TEST(SparseLinalgSolvers, SparseLuPivotsAndDetectsSingularity) {
  // [[0, 2, 1], [1, 0, 0], [0, 1, 3]]: the first pivot must come from row 1 (Note [Sparse direct
  // solves] in src/sparse/linalg/direct.cpp); x = (1, 2, 3) gives b = (7, 1, 11).
  sl::CsrArrays a{3, 3, array(std::vector<int64_t>{0, 2, 3, 5}, Dims{4}),
                  array(std::vector<int64_t>{2, 1, 0, 2, 1}, Dims{5}),
                  array(std::vector<double>{1, 2, 1, 3, 1}, Dims{5})};
  sl::SpsolveResult r = sl::spsolve(a, array(std::vector<double>{7, 1, 11}, Dims{3}));
  EXPECT_FALSE(r.singular);
  expect_near(to_vector<double>(r.x), {1, 2, 3});
  // Two right-hand sides (columns (7, 1, 11) and (14, 2, 22)).
  sl::SpsolveResult r2 = sl::spsolve(a, array(std::vector<double>{7, 14, 1, 2, 11, 22}, Dims{3, 2}));
  EXPECT_EQ(r2.x.shape(), (Dims{3, 2}));
  expect_near(to_vector<double>(ravel(r2.x, Order::C)), {1, 2, 2, 4, 3, 6});
  // [[1, 2], [2, 4]]: row 1 is twice row 0, so the second pivot is exactly 0.
  sl::CsrArrays s{2, 2, array(std::vector<int32_t>{0, 2, 4}, Dims{3}), array(std::vector<int32_t>{0, 1, 0, 1}, Dims{4}),
                  array(std::vector<double>{1, 2, 2, 4}, Dims{4})};
  sl::SpsolveResult rs = sl::spsolve(s, array(std::vector<double>{1, 1}, Dims{2}));
  EXPECT_TRUE(rs.singular);
  EXPECT_TRUE(std::isnan(to_vector<double>(rs.x)[0]));
  // A column index outside the matrix is an error, not a read outside it.
  sl::CsrArrays bad{2, 2, array(std::vector<int32_t>{0, 1, 2}, Dims{3}), array(std::vector<int32_t>{0, 5}, Dims{2}),
                    array(std::vector<double>{1, 1}, Dims{2})};
  expect_error<ValueError>([&] { sl::spsolve(bad, array(std::vector<double>{1, 1}, Dims{2})); },
                           "column index 5 out of range");
}

TEST(SparseLinalgSolvers, MinimumDegreeOrdering) {
  // An arrow: node 0 joined to every other node. Eliminating the hub first would fill the whole
  // matrix; minimum degree takes it among the last two, when that costs no fill (Note [Minimum
  // degree ordering]).
  const int64_t n = 8;
  std::vector<int64_t> cp{0}, ri;
  for (int64_t c = 0; c < n; ++c) {
    ri.push_back(c);
    if (c == 0)
      for (int64_t r = 1; r < n; ++r) ri.push_back(r);
    else
      ri.push_back(0);
    cp.push_back(static_cast<int64_t>(ri.size()));
  }
  std::vector<int64_t> order = sl::min_degree_order(n, cp, ri);
  ASSERT_EQ(order.size(), static_cast<size_t>(n));
  EXPECT_GE(std::find(order.begin(), order.end(), 0) - order.begin(), n - 2);
  std::vector<int64_t> sorted = order;
  std::sort(sorted.begin(), sorted.end());
  for (int64_t i = 0; i < n; ++i) EXPECT_EQ(sorted[i], i);  // a permutation
  // An empty pattern and a single node.
  EXPECT_EQ(sl::min_degree_order(1, {0, 0}, {}), std::vector<int64_t>{0});
  EXPECT_TRUE(sl::min_degree_order(0, {0}, {}).empty());
}

TEST(SparseLinalgSolvers, FusedUpdateCoefficients) {
  namespace d = cupric::sparse::linalg::detail;
  ndarray y = full(Dims{4}, Scalar::of<double>(std::numeric_limits<double>::quiet_NaN()), dtypes::float64);
  ndarray x = array(std::vector<double>{1, 2, 3, 4}, Dims{4});
  ndarray num = full(Dims{}, Scalar::of<double>(3.0), dtypes::float64);
  ndarray den = full(Dims{}, Scalar::of<double>(2.0), dtypes::float64);
  ndarray zero = zeros(Dims{}, dtypes::float64);
  d::axpby(y, d::ratio(num, &den), &x, d::constant(0.0));  // y = 1.5 x; y's NaNs never read
  expect_near(to_vector<double>(y), {1.5, 3, 4.5, 6});
  d::axpby(y, d::ratio(num, &zero), &x, d::constant(1.0));  // a zero denominator: no change
  expect_near(to_vector<double>(y), {1.5, 3, 4.5, 6});
  d::axpby(y, d::ratio(num, nullptr, -1.0), &x, d::ratio(den));  // y = -3 x + 2 y
  expect_near(to_vector<double>(y), {0, 0, 0, 0});
  ndarray yc = astype(x, dtypes::complex128);
  ndarray ci = full(Dims{}, Scalar::of<complex128>(complex128(0.0, 1.0)), dtypes::complex128);
  d::axpby(yc, d::ratio(ci), nullptr, d::constant(0.0));  // x null: y = 0 * y
  d::axpby(yc, d::ratio(ci), &yc, d::constant(1.0));
  EXPECT_EQ(to_vector<complex128>(yc)[0], complex128(0.0, 0.0));
}

TEST(SparseLinalgSolvers, FusedDotProducts) {
  namespace d = cupric::sparse::linalg::detail;
  ndarray x = array(std::vector<double>{1, 2, 3, 4}, Dims{4});
  ndarray y = array(std::vector<double>{1, -1, 2, 0.5}, Dims{4});
  EXPECT_EQ(to_vector<double>(d::dotc(x, y))[0], 1 - 2 + 6 + 2);
  // y = x - y, then (y, y): y = {0, 3, 1, 3.5}
  ndarray n2 = d::axpby_norm2(y, d::constant(1.0), &x, d::constant(-1.0));
  expect_near(to_vector<double>(y), {0, 3, 1, 3.5});
  EXPECT_EQ(to_vector<double>(n2)[0], 9 + 1 + 12.25);
  // Complex: the first operand conjugated, as numpy.vdot.
  ndarray cx = array(std::vector<complex128>{{1, 1}, {0, 2}}, Dims{2});
  ndarray cy = array(std::vector<complex128>{{2, 0}, {1, 1}}, Dims{2});
  EXPECT_EQ(to_vector<complex128>(d::dotc(cx, cy))[0], complex128(4, -4));  // (1-i)2 + (-2i)(1+i), numpy.vdot
  ndarray f = array(std::vector<float>(1000, 0.1f), Dims{1000});
  EXPECT_NEAR(to_vector<float>(d::dotc(f, f))[0], 10.0f, 1e-4f);  // accumulated in double
  EXPECT_EQ(to_vector<double>(d::dotc(zeros(Dims{0}), zeros(Dims{0})))[0], 0.0);
}
