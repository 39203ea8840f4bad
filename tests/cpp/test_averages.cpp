// Tests of average, diff with prepend/append, ediff1d, trapezoid, gradient, cov and corrcoef
// through the C++ API (cupric/ops/averages.hpp); expected values are NumPy 2.4's for the same calls.
#include <gtest/gtest.h>
#include "test_helpers.hpp"
#include <vector>
#include "cupric/cupric.hpp"

using namespace cupric;
using cupric::testing::expect_error;

using cupric::testing::expect_near;

TEST(Averages, AverageWeightsReturned) {
  ndarray a = array<int32_t>({1, 2, 3, 4, 5, 6}, {2, 3});
  ndarray avg = average(a, 1, array<int64_t>({3, 1, 1}));
  EXPECT_EQ(avg.dtype(), dtypes::float64);
  expect_near(to_vector<double>(avg), {1.6, 4.6});
  auto [m, scl] = average_returned(a, 0);
  expect_near(to_vector<double>(m), {2.5, 3.5, 4.5});
  EXPECT_EQ(scl.shape(), (Dims{3}));
  expect_near(to_vector<double>(scl), {2.0, 2.0, 2.0});
  ndarray k = average(a, {}, {}, true);
  EXPECT_EQ(k.shape(), (Dims{1, 1}));
  expect_error<ZeroDivisionError>([&] { average(a, 0, zeros(Dims{2, 3})); },
                                  "Weights sum to zero, can't be normalized");
  expect_error<TypeError>([&] { average(a, {}, ones(Dims{3})); },
                          "Axis must be specified when shapes of a and weights differ.");
  expect_error<ValueError>([&] { average(a, {0, 0}); }, "repeated axis in `axis` argument");
}

TEST(Averages, DiffPrependAppendAndEdiff1d) {
  ndarray a = array<int8_t>({1, 4, 9, 16});
  ndarray zero = full(Dims{}, Scalar::of<int8_t>(0), dtypes::int8);
  ndarray d = diff(a, 1, -1, zero, full(Dims{}, Scalar::of<int8_t>(20), dtypes::int8));
  EXPECT_EQ(d.dtype(), dtypes::int8);
  EXPECT_EQ(to_vector<int8_t>(d), (std::vector<int8_t>{1, 3, 5, 7, 4}));
  expect_error<ValueError>([&] { diff(a, -1, 0, zero); }, "order must be non-negative but got -1");
  ndarray e = ediff1d(array<int64_t>({1, 4, 9, 16}), array<int64_t>({7}), array<int64_t>({-1}));
  EXPECT_EQ(to_vector<int64_t>(e), (std::vector<int64_t>{-1, 3, 5, 7, 7}));
  expect_error<TypeError>([&] { ediff1d(a, {}, array<double>({0.5})); },
                          "dtype of `to_begin` must be compatible with input `ary` under the `same_kind` rule.");
}

TEST(Averages, Trapezoid) {
  ndarray t = trapezoid(array<int64_t>({1, 2, 4}), array<int64_t>({0, 1, 3}));
  EXPECT_EQ(t.ndim(), 0);
  expect_near(to_vector<double>(t), {7.5});
  ndarray f = trapezoid(array<float>({1, 2, 4}), {}, 0.5);  // a weak C++ double keeps float32
  EXPECT_EQ(f.dtype(), dtypes::float32);
  EXPECT_FLOAT_EQ(to_vector<float>(f)[0], 2.25f);
  expect_error<IndexError>([&] { trapezoid(array<double>({1, 2}), {}, 1.0, 1); }, "list assignment index out of range");
}

TEST(Averages, Gradient) {
  ndarray f = array<double>({1, 4, 9, 16, 25});
  std::vector<ndarray> g = gradient(f, {2.0});
  ASSERT_EQ(g.size(), 1u);
  expect_near(to_vector<double>(g[0]), {1.5, 2.0, 3.0, 4.0, 4.5});
  g = gradient(f, {array<double>({0, 1, 3, 4, 7})}, {}, 2);
  expect_near(to_vector<double>(g[0]), {19.0 / 6, 17.0 / 6, 5.5, 6.0, 0.0}, 1e-12);
  std::vector<ndarray> g2 = gradient(reshape(array<int32_t>({1, 2, 4, 8, 16, 32}), {2, 3}));
  ASSERT_EQ(g2.size(), 2u);
  EXPECT_EQ(g2[0].dtype(), dtypes::float64);
  expect_near(to_vector<double>(g2[0]), {7, 14, 28, 7, 14, 28});
  expect_near(to_vector<double>(g2[1]), {1, 1.5, 2, 8, 12, 16});
  expect_error<ValueError>([&] { gradient(f, {}, {}, 3); }, "'edge_order' greater than 2 not supported");
  expect_error<TypeError>([&] { gradient(f, {1.0, 2.0}); }, "invalid number of arguments");
}

TEST(Averages, CovCorrcoef) {
  ndarray x = array<double>({0, 1, 2, 2, 1, 0}, {2, 3});
  expect_near(to_vector<double>(cov(x)), {1, -1, -1, 1});
  expect_near(to_vector<double>(corrcoef(x)), {1, -1, -1, 1});
  ndarray c = cov(x, {}, true, false, std::nullopt, array<int64_t>({1, 2, 1}));
  expect_near(to_vector<double>(c), {2.0 / 3, -2.0 / 3, -2.0 / 3, 2.0 / 3});
  ndarray ct = cov(transpose(x), {}, false, true);
  expect_near(to_vector<double>(ct), {2.0 / 3, -2.0 / 3, -2.0 / 3, 2.0 / 3});
  EXPECT_EQ(cov(x, {}, true, false, std::nullopt, {}, {}, dtypes::float32).dtype(), dtypes::float32);
  expect_error<ValueError>([&] { cov(zeros(Dims{2, 2, 2})); }, "m has more than 2 dimensions");
  expect_error<ValueError>([&] { cov(x, {}, true, false, std::nullopt, array<int64_t>({1, -1, 1})); },
                           "fweights cannot be negative");
  expect_error<RuntimeError>([&] { cov(x, {}, true, false, std::nullopt, {}, ones(Dims{2})); },
                             "incompatible numbers of samples and aweights");
}
