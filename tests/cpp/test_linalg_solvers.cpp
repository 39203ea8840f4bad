// Tests of the LU-based solvers through the C++ API (cupric/linalg/decompositions.hpp): solve,
// inv, det, slogdet on both sides of the tiny path's bound (Note [Tiny solvers] in
// src/linalg/solvers/tiny_solvers.cpp), singular matrices raised or turned into NaN.
#include <gtest/gtest.h>
#include <cmath>
#include <limits>
#include "test_helpers.hpp"
#include "cupric/cupric.hpp"

using namespace cupric;
using cupric::testing::expect_error;

namespace {

// A well-conditioned n x n float64 matrix (a dominant diagonal), stacked `batch` times with
// different entries.
ndarray well_conditioned(int64_t n, int64_t batch = 1) {
  std::vector<double> v(static_cast<size_t>(batch * n * n));
  for (int64_t b = 0; b < batch; ++b)
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < n; ++j)
        v[static_cast<size_t>((b * n + i) * n + j)] = i == j ? double(n + 1) : std::sin(double(7 * i + 3 * j + b));
  return batch == 1 ? array(v, Dims{n, n}) : array(v, Dims{batch, n, n});
}

bool close(const ndarray& a, const ndarray& b, double tol) { return to_vector<bool>(allclose(a, b, tol, tol))[0]; }

// Sets the thread's linalg error mode for a scope and restores the previous one (the default is
// CuPy's 'ignore').
struct ErrorsMode {
  explicit ErrorsMode(bool raise) : saved(linalg::linalg_errors_raise()) { linalg::set_linalg_errors_raise(raise); }
  ~ErrorsMode() { linalg::set_linalg_errors_raise(saved); }
  bool saved;
};
struct ErrorsIgnored : ErrorsMode {
  ErrorsIgnored() : ErrorsMode(false) {}
};

}  // namespace

TEST(LinalgSolvers, KnownValues) {
  ndarray a = array(std::vector<double>{4, 1, 1, 3}, Dims{2, 2});
  EXPECT_NEAR(to_vector<double>(linalg::det(a))[0], 11.0, 1e-12);
  EXPECT_TRUE(
      close(linalg::inv(a), array(std::vector<double>{3.0 / 11, -1.0 / 11, -1.0 / 11, 4.0 / 11}, Dims{2, 2}), 1e-14));
  EXPECT_TRUE(close(linalg::solve(a, array(std::vector<double>{1, 2}, Dims{2})),
                    array(std::vector<double>{1.0 / 11, 7.0 / 11}, Dims{2}), 1e-14));
  // A permutation needs pivoting; its det is exactly -1 (one swap).
  ndarray p = array(std::vector<double>{0, 1, 0, 1, 0, 0, 0, 0, 1}, Dims{3, 3});
  EXPECT_EQ(to_vector<double>(linalg::det(p))[0], -1.0);
  linalg::SlogdetResult s = linalg::slogdet(p);
  EXPECT_EQ(to_vector<double>(s.sign)[0], -1.0);
  EXPECT_EQ(to_vector<double>(s.logabsdet)[0], 0.0);
}

TEST(LinalgSolvers, InverseAndSolveAcrossTheTinyBound) {
  for (int64_t n : {1, 2, 3, 8, 16, 31, 32, 33, 40}) {
    for (int64_t batch : {1, 5}) {
      ndarray a = well_conditioned(n, batch);
      ndarray eyes = broadcast_to(eye(n), a.shape());
      EXPECT_TRUE(close(matmul(a, linalg::inv(a)), eyes, 1e-12)) << n << " " << batch;
      ndarray b = ones(batch == 1 ? Dims{n, 2} : Dims{batch, n, 2}, dtypes::float64);
      EXPECT_TRUE(close(matmul(a, linalg::solve(a, b)), b, 1e-12)) << n;
      ndarray a32 = astype(a, dtypes::complex64);
      ndarray x = linalg::inv(a32);
      EXPECT_EQ(x.dtype(), dtypes::complex64);
      EXPECT_TRUE(close(matmul(a32, x), astype(eyes, dtypes::complex64), 1e-5)) << n;
      // det agrees with sign * exp(logabsdet)
      linalg::SlogdetResult s = linalg::slogdet(a);
      EXPECT_TRUE(close(linalg::det(a), multiply(s.sign, exp(s.logabsdet)), 1e-12)) << n;
    }
  }
}

TEST(LinalgSolvers, SingularRaisesOrGivesNan) {
  ErrorsMode raise(true);
  ndarray sing = array(std::vector<double>{1, 2, 2, 4}, Dims{2, 2});
  expect_error<LinAlgError>([&] { linalg::inv(sing); }, "Singular matrix");
  expect_error<LinAlgError>([&] { linalg::solve(sing, ones(Dims{2}, dtypes::float64)); }, "Singular matrix");
  EXPECT_EQ(to_vector<double>(linalg::det(sing))[0], 0.0);
  linalg::SlogdetResult s = linalg::slogdet(sing);
  EXPECT_EQ(to_vector<double>(s.sign)[0], 0.0);
  EXPECT_EQ(to_vector<double>(s.logabsdet)[0], -std::numeric_limits<double>::infinity());
  ndarray stack = cupric::stack({eye(2), sing});
  ErrorsIgnored ignore;
  std::vector<double> r = to_vector<double>(linalg::inv(stack));
  EXPECT_EQ((std::vector<double>(r.begin(), r.begin() + 4)), (std::vector<double>{1, 0, 0, 1}));
  for (size_t i = 4; i < 8; ++i) EXPECT_TRUE(std::isnan(r[i]));
}

TEST(LinalgSolvers, CholeskyBothTriangles) {
  // a = L L^T with L = [[2, 0], [1, 3]]; the unread triangle holds garbage.
  ndarray lower_only = array(std::vector<double>{4, 99, 2, 10}, Dims{2, 2});
  EXPECT_EQ(to_vector<double>(linalg::cholesky(lower_only)), (std::vector<double>{2, 0, 1, 3}));
  ndarray upper_only = array(std::vector<double>{4, 2, 99, 10}, Dims{2, 2});
  EXPECT_EQ(to_vector<double>(linalg::cholesky(upper_only, true)), (std::vector<double>{2, 1, 0, 3}));
  for (int64_t n : {3, 32, 33}) {
    ndarray a = well_conditioned(n, 2);
    ndarray spd = matmul(a, swapaxes(a, -1, -2));
    ndarray l = linalg::cholesky(spd);
    EXPECT_TRUE(close(matmul(l, swapaxes(l, -1, -2)), spd, 1e-9)) << n;
  }
  ErrorsMode raise(true);
  expect_error<LinAlgError>([&] { linalg::cholesky(negative(eye(3))); }, "Matrix is not positive definite");
}

TEST(LinalgSolvers, EighSvdEigOfStacks) {
  // Stacks of small matrices take cuSOLVER's batched Jacobi routines on the GPU (Note [Batched
  // Jacobi]); the reconstructions hold on every backend.
  for (int64_t n : {2, 8, 32, 33}) {
    ndarray a = well_conditioned(n, 3);
    ndarray sym = add(a, swapaxes(a, -1, -2));
    linalg::EigResult e = linalg::eigh(sym);
    ndarray v = e.eigenvectors;
    ndarray rebuilt = matmul(multiply(v, expand_dims(e.eigenvalues, {-2})), swapaxes(v, -1, -2));
    EXPECT_TRUE(close(rebuilt, sym, 1e-9)) << n;
    linalg::SVDResult s = linalg::svd(a, false);
    EXPECT_TRUE(close(matmul(multiply(s.U, expand_dims(s.S, {-2})), s.Vh), a, 1e-9)) << n;
    std::vector<double> sv = to_vector<double>(s.S);
    for (size_t i = 1; i < sv.size(); ++i)
      if (static_cast<int64_t>(i) % n != 0) EXPECT_GE(sv[i - 1], sv[i]);  // descending within a matrix
    linalg::EigResult g = linalg::eig(a);
    ndarray ac = astype(a, dtypes::complex128);
    ndarray vc = astype(g.eigenvectors, dtypes::complex128);
    ndarray wc = astype(g.eigenvalues, dtypes::complex128);
    EXPECT_TRUE(close(matmul(ac, vc), multiply(vc, expand_dims(wc, {-2})), 1e-8)) << n;
  }
}

TEST(LinalgSolvers, ChoFactorStacks) {
  ndarray a = well_conditioned(4, 3);
  ndarray spd = matmul(a, swapaxes(a, -1, -2));
  auto [c, lower] = scipy::linalg::cho_factor(spd, true);
  ndarray b = ones(Dims{3, 4, 2}, dtypes::float64);
  ndarray x = scipy::linalg::cho_solve(c, lower, b);
  EXPECT_EQ(x.shape(), (Dims{3, 4, 2}));
  EXPECT_TRUE(close(matmul(spd, x), b, 1e-10));
  expect_error<ValueError>([&] { scipy::linalg::cho_factor(zeros(Dims{0, 3, 3}, dtypes::float64)); },
                           "`cho_factor` does not support zero-size batches.");
}

TEST(LinalgSolvers, SpecialMatricesOfScipy117) {
  namespace sl = cupric::scipy::linalg;
  // hilbert(3)[1][2] = 1/4; helmert(3) is (2, 3) with row 0 = [1, -1] / sqrt(2).
  auto h = to_vector<double>(sl::hilbert(3));
  EXPECT_DOUBLE_EQ(h[5], 0.25);
  ndarray he = sl::helmert(3);
  EXPECT_EQ(he.shape(), (Dims{2, 3}));
  EXPECT_NEAR(to_vector<double>(he)[1], -1 / std::sqrt(2.0), 1e-15);
  // dft(4)[1][1] = exp(-2 pi i / 4) = -i.
  auto d = to_vector<complex<double>>(sl::dft(4));
  EXPECT_NEAR(d[5].re, 0.0, 1e-15);
  EXPECT_NEAR(d[5].im, -1.0, 1e-15);
  // convolution_matrix([1, 2, 3], 2, "same") = [[1, 0], [2, 1], [3, 2]].
  auto c = to_vector<int64_t>(sl::convolution_matrix(array(std::vector<int64_t>{1, 2, 3}), 2, "same"));
  EXPECT_EQ(c, (std::vector<int64_t>{1, 0, 2, 1, 3, 2}));
  // fiedler_companion([1, 2, 3]) = [[-2, -3], [1, 0]]; fiedler([1, 4]) = [[0, 3], [3, 0]].
  EXPECT_EQ(to_vector<double>(sl::fiedler_companion(array(std::vector<double>{1, 2, 3}))),
            (std::vector<double>{-2, -3, 1, 0}));
  EXPECT_EQ(to_vector<int64_t>(sl::fiedler(array(std::vector<int64_t>{1, 4}))), (std::vector<int64_t>{0, 3, 3, 0}));
  auto [lower, upper] = sl::bandwidth(array(std::vector<double>{1, 2, 0, 0, 3, 4, 5, 0, 6}, Dims{3, 3}));
  EXPECT_EQ(to_vector<int64_t>(lower)[0], 2);
  EXPECT_EQ(to_vector<int64_t>(upper)[0], 1);
  expect_error<ValueError>([] { sl::convolution_matrix(array(std::vector<double>{1}), 0); },
                           "n must be a positive integer.");
  expect_error<ValueError>([] { sl::dft(3, "N"); }, "scale must be None, 'sqrtn', or 'n'; 'N' is not valid.");
}
