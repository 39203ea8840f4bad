// Tests of linspace/logspace with array bounds and array or complex bases (the Operand overloads
// of cupric/ops/creation.hpp, src/ops/linspace_arrays.cpp) against values NumPy 2.4 gives.
#include <gtest/gtest.h>
#include <cmath>
#include <complex>
#include <vector>
#include "cupric/cupric.hpp"
#include "test_helpers.hpp"

using namespace cupric;

namespace {

ndarray f64(std::vector<double> v) { return array(v); }

TEST(LinspaceArrays, BoundsBroadcastAlongAxis0) {
  // np.linspace([0., 1.], [1., 3.], 3) == [[0, 1], [0.5, 2], [1, 3]]
  ndarray step;
  ndarray y = linspace(f64({0, 1}), f64({1, 3}), 3, true, std::nullopt, 0, &step);
  EXPECT_EQ(y.shape(), (Dims{3, 2}));
  EXPECT_EQ(y.dtype(), dtypes::float64);
  EXPECT_EQ(to_vector<double>(y), (std::vector<double>{0, 1, 0.5, 2, 1, 3}));
  EXPECT_EQ(to_vector<double>(step), (std::vector<double>{0.5, 1.0}));
}

TEST(LinspaceArrays, AxisMovesTheSamples) {
  // np.linspace([0., 1.], [1., 3.], 3, axis=1).shape == (2, 3)
  ndarray y = linspace(f64({0, 1}), f64({1, 3}), 3, true, std::nullopt, 1);
  EXPECT_EQ(y.shape(), (Dims{2, 3}));
  EXPECT_EQ(to_vector<double>(copy(y, Order::C)), (std::vector<double>{0, 0.5, 1, 1, 2, 3}));
  cupric::testing::expect_error<AxisError>([&] { linspace(f64({0, 1}), f64({1, 3}), 3, true, std::nullopt, 3); },
                                           "destination: axis 3 is out of bounds for array of dimension 2");
}

TEST(LinspaceArrays, IntegerDtypeFloorsAndWeakScalarsKeepFloat32) {
  // np.linspace(np.array([0, 10]), np.array([5, 0]), 4, dtype=np.int64) == [[0,10],[1,6],[3,3],[5,0]]
  ndarray y = linspace(array(std::vector<int64_t>{0, 10}), array(std::vector<int64_t>{5, 0}), 4, true, dtypes::int64);
  EXPECT_EQ(y.dtype(), dtypes::int64);
  EXPECT_EQ(to_vector<int64_t>(y), (std::vector<int64_t>{0, 10, 1, 6, 3, 3, 5, 0}));
  // np.linspace(np.array([0, 1], np.float32), 2.0, 3): float32 (the Python float is weak)
  ndarray z = linspace(array(std::vector<float>{0, 1}), 2.0, 3);
  EXPECT_EQ(z.dtype(), dtypes::float32);
  EXPECT_EQ(to_vector<float>(z), (std::vector<float>{0, 1, 1, 1.5f, 2, 2}));
}

TEST(LinspaceArrays, OneSampleAndErrors) {
  // np.linspace(np.array([1., 2.]), 5, 1, retstep=True) == ([[1., 2.]], nan)
  ndarray step;
  ndarray y = linspace(f64({1, 2}), 5, 1, true, std::nullopt, 0, &step);
  EXPECT_EQ(y.shape(), (Dims{1, 2}));
  EXPECT_EQ(to_vector<double>(y), (std::vector<double>{1, 2}));
  for (double s : to_vector<double>(step)) EXPECT_TRUE(std::isnan(s));
  cupric::testing::expect_error<ValueError>([&] { linspace(f64({0}), f64({1}), -1); },
                                            "Number of samples, -1, must be non-negative.");
}

TEST(LogspaceArrays, ArrayBaseAndArrayBounds) {
  // np.logspace(0, 2, 3, base=[2., 10.]) == [[1, 1], [2, 10], [4, 100]]
  ndarray y = logspace(0, 2, 3, true, f64({2, 10}));
  EXPECT_EQ(y.shape(), (Dims{3, 2}));
  EXPECT_EQ(to_vector<double>(y), (std::vector<double>{1, 1, 2, 10, 4, 100}));
  // np.logspace([0, 1], 2, 3, axis=1) == [[1, 10, 100], [10, 31.622776601683793, 100]]
  ndarray z = logspace(array(std::vector<int64_t>{0, 1}), 2, 3, true, 10.0, std::nullopt, 1);
  EXPECT_EQ(z.shape(), (Dims{2, 3}));
  std::vector<double> v = to_vector<double>(copy(z, Order::C));
  std::vector<double> want{1, 10, 100, 10, 31.622776601683793, 100};
  for (size_t i = 0; i < want.size(); ++i) EXPECT_DOUBLE_EQ(v[i], want[i]);
}

TEST(LogspaceArrays, ComplexBase) {
  // np.logspace(0, 2, 3, base=1j) == [1, 1j, -1]
  ndarray y = logspace(0, 2, 3, true, complex128(0, 1));
  EXPECT_EQ(y.dtype(), dtypes::complex128);
  std::vector<complex128> v = to_vector<complex128>(y);
  std::vector<std::complex<double>> want{{1, 0}, {0, 1}, {-1, 0}};
  ASSERT_EQ(v.size(), want.size());
  for (size_t i = 0; i < v.size(); ++i) {
    EXPECT_NEAR(v[i].re, want[i].real(), 1e-15);
    EXPECT_NEAR(v[i].im, want[i].imag(), 1e-15);
  }
}

}  // namespace
