// Tests of the reductions through the C++ API (ops/reduction.hpp) and of the reduction planner;
// expected values and messages are NumPy 2.4's for the same calls.
#include <gtest/gtest.h>
#include "test_helpers.hpp"
#include <cmath>
#include <limits>
#include <numeric>
#include "cupric/cupric.hpp"
#include "engine/reduction/reduction_engine.hpp"

using namespace cupric;

namespace {

template <class T>
ndarray iota_array(const Dims& shape, T start = T(0)) {
  std::vector<T> v(static_cast<size_t>(shape_size(shape)));
  for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<T>(start + static_cast<T>(i));
  return array(v, shape);
}

template <class T>
T scalar(const ndarray& a) {
  EXPECT_EQ(a.ndim(), 0);
  return to_vector<T>(a).at(0);
}

// Bool arrays read back as bytes (std::vector<bool> has no contiguous storage).
std::vector<uint8_t> bools(const ndarray& a) { return to_vector<uint8_t>(astype(a, dtypes::uint8)); }
ndarray bool_array(const std::vector<uint8_t>& v) { return astype(array(v), dtypes::bool_); }

using cupric::testing::expect_error;

}  // namespace

TEST(Reduction, SumDefaultsAndAxes) {
  ndarray a = iota_array<int32_t>({2, 3, 4});  // 0..23
  ndarray s = sum(a);
  EXPECT_EQ(s.dtype(), dtypes::int64);  // NumPy 2: int32 sums accumulate in int64
  EXPECT_EQ(scalar<int64_t>(s), 276);
  EXPECT_EQ(to_vector<int64_t>(sum(a, 0)), (std::vector<int64_t>{12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34}));
  EXPECT_EQ(to_vector<int64_t>(sum(a, {0, 2})), (std::vector<int64_t>{60, 92, 124}));
  EXPECT_EQ(to_vector<int64_t>(sum(a, -1)), (std::vector<int64_t>{6, 22, 38, 54, 70, 86}));
  ndarray k = sum(a, {1}, {}, {}, /*keepdims=*/true);
  EXPECT_EQ(k.shape(), (Dims{2, 1, 4}));
  EXPECT_EQ(sum(a, std::vector<int64_t>{}).shape(), (Dims{2, 3, 4}));  // axis=(): nothing reduced
}

TEST(Reduction, SumDtypeAndWrapping) {
  ndarray a = full({300}, Scalar::of<int64_t>(100), dtypes::int8);
  EXPECT_EQ(scalar<int64_t>(sum(a)), 30000);
  EXPECT_EQ(scalar<int8_t>(sum(a, {}, dtypes::int8)), static_cast<int8_t>(30000 % 256));  // wraps: 48
  ndarray f = sum(a, {}, dtypes::float32);
  EXPECT_EQ(f.dtype(), dtypes::float32);
  EXPECT_EQ(scalar<float>(f), 30000.0f);
  ndarray h = ones({10}, dtypes::float16);
  EXPECT_EQ(sum(h).dtype(), dtypes::float16);
  EXPECT_EQ(static_cast<float>(scalar<float16>(sum(h))), 10.0f);
  EXPECT_EQ(scalar<uint64_t>(sum(array(std::vector<uint8_t>{1, 0, 1}))), 2u);  // uint8 -> uint64
  ndarray b = bool_array({1, 0, 1});
  EXPECT_EQ(sum(b).dtype(), dtypes::int64);
  EXPECT_EQ(scalar<int64_t>(sum(b)), 2);
}

TEST(Reduction, PairwiseSumAccuracy) {
  std::vector<float> v(1 << 20, 0.1f);
  ndarray a = array(v);
  double got = scalar<float>(sum(a));
  EXPECT_NEAR(got, 0.1f * static_cast<double>(v.size()), 1e-5 * v.size() * 0.1);
}

TEST(Reduction, ProdInitialWhere) {
  ndarray a = iota_array<double>({2, 3}, 1.0);  // [[1,2,3],[4,5,6]]
  EXPECT_EQ(to_vector<double>(prod(a, 1)), (std::vector<double>{6, 120}));
  EXPECT_EQ(scalar<double>(sum(a, {}, {}, {}, false, Scalar::of<double>(10))), 31);
  ndarray m = bool_array({1, 0, 1});
  EXPECT_EQ(to_vector<double>(sum(a, 1, {}, {}, false, {}, m)), (std::vector<double>{4, 10}));
  EXPECT_EQ(to_vector<double>(amax(a, 1, {}, false, Scalar::of<double>(-1), m)), (std::vector<double>{3, 6}));
}

TEST(Reduction, OutArgument) {
  ndarray a = iota_array<int16_t>({3, 4});
  ndarray out = zeros({4}, dtypes::float32);
  ndarray r = sum(a, 0, {}, out);
  EXPECT_EQ(r.memory(), out.memory());
  EXPECT_EQ(to_vector<float>(out), (std::vector<float>{12, 15, 18, 21}));
  expect_error<ValueError>(
      [&] { sum(a, 0, {}, zeros({3})); },
      "output parameter for reduction operation add has the wrong shape: Found (3,) but expected (4,)");
  expect_error<ValueError>([&] { sum(a, {}, {}, zeros({1})); },
                           "output parameter for reduction operation add has the wrong number of dimensions: Found 1 "
                           "but expected 0");
}

TEST(Reduction, MinMaxNan) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  ndarray a = array(std::vector<double>{3, nan, 7, -1});
  EXPECT_TRUE(std::isnan(scalar<double>(amax(a))));
  EXPECT_TRUE(std::isnan(scalar<double>(min(a))));
  EXPECT_EQ(scalar<double>(nanmax(a)), 7);
  EXPECT_EQ(scalar<double>(nanmin(a)), -1);
  EXPECT_EQ(scalar<int64_t>(argmax(a)), 1);  // the first NaN wins
  EXPECT_EQ(scalar<int64_t>(argmin(a)), 1);
  EXPECT_EQ(scalar<double>(nansum(a)), 9);
  EXPECT_NEAR(scalar<double>(nanmean(a)), 3.0, 1e-15);
  ndarray all_nan = array(std::vector<double>{nan, nan});
  EXPECT_TRUE(std::isnan(scalar<double>(nanmax(all_nan))));
}

TEST(Reduction, ArgExtremesFirstWinsAndCOrder) {
  ndarray a = array(std::vector<int32_t>{1, 5, 5, 0, 5, 0}, Dims{2, 3});
  EXPECT_EQ(scalar<int64_t>(argmax(a)), 1);
  EXPECT_EQ(scalar<int64_t>(argmin(a)), 3);
  EXPECT_EQ(to_vector<int64_t>(argmax(a, 0)), (std::vector<int64_t>{0, 0, 0}));
  EXPECT_EQ(to_vector<int64_t>(argmin(a, 1)), (std::vector<int64_t>{0, 0}));
  // Transposed: positions are flat indices of the transposed array in C order.
  ndarray t = transpose(a);  // [[1,0],[5,5],[5,0]]
  EXPECT_EQ(scalar<int64_t>(argmin(t)), 1);
  EXPECT_EQ(scalar<int64_t>(argmax(t)), 2);
  expect_error<ValueError>([&] { argmax(zeros({0})); }, "attempt to get argmax of an empty sequence");
}

TEST(Reduction, AnyAllCountNonzero) {
  ndarray a = array(std::vector<double>{0, 0, 1, 0, 2, 3}, Dims{2, 3});
  EXPECT_EQ(bools(any(a)), (std::vector<uint8_t>{1}));
  EXPECT_EQ(bools(all(a)), (std::vector<uint8_t>{0}));
  EXPECT_EQ(bools(any(a, 0)), (std::vector<uint8_t>{0, 1, 1}));
  EXPECT_EQ(bools(all(a, 1)), (std::vector<uint8_t>{0, 0}));
  ndarray c = count_nonzero(a);
  EXPECT_EQ(c.ndim(), 0);  // V2-COUNT-NONZERO: a 0-d array
  EXPECT_EQ(scalar<int64_t>(c), 3);
  EXPECT_EQ(to_vector<int64_t>(count_nonzero(a, 1)), (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(bools(all(zeros({0}))), (std::vector<uint8_t>{1}));
  EXPECT_EQ(bools(any(zeros({0}))), (std::vector<uint8_t>{0}));
}

TEST(Reduction, MeanVarStd) {
  ndarray a = iota_array<int32_t>({2, 4});  // [[0,1,2,3],[4,5,6,7]]
  ndarray m = mean(a);
  EXPECT_EQ(m.dtype(), dtypes::float64);
  EXPECT_DOUBLE_EQ(scalar<double>(m), 3.5);
  EXPECT_EQ(to_vector<double>(mean(a, 1)), (std::vector<double>{1.5, 5.5}));
  EXPECT_DOUBLE_EQ(scalar<double>(var(a)), 5.25);
  EXPECT_DOUBLE_EQ(scalar<double>(var(a, {}, {}, {}, 1.0)), 6.0);
  EXPECT_DOUBLE_EQ(scalar<double>(cupric::std(a, {}, {}, {}, 1.0)), std::sqrt(6.0));
  ndarray f = iota_array<float>({5});
  EXPECT_EQ(mean(f).dtype(), dtypes::float32);
  EXPECT_EQ(var(array(std::vector<complex64>{complex64(1, 1), complex64(3, -1)})).dtype(), dtypes::float32);
  EXPECT_FLOAT_EQ(scalar<float>(var(array(std::vector<complex64>{complex64(1, 1), complex64(3, -1)}))), 2.0f);
  EXPECT_TRUE(std::isnan(scalar<double>(mean(zeros({0})))));
}

TEST(Reduction, PtpWrapsLikeSubtract) {
  ndarray a = array(std::vector<int8_t>{-128, 127});
  EXPECT_EQ(scalar<int8_t>(ptp(a)), -1);
  expect_error<TypeError>([&] { ptp(ones({2}, dtypes::bool_)); },
                          "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` "
                          "operator, or the logical_xor function instead.");
}

TEST(Reduction, Errors) {
  ndarray a = ones({2, 3});
  expect_error<AxisError>([&] { sum(a, 2); }, "axis 2 is out of bounds for array of dimension 2");
  expect_error<ValueError>([&] { sum(a, {0, -2}); }, "duplicate value in 'axis'");
  expect_error<ValueError>([&] { amax(zeros({0, 3}), 0); },
                           "zero-size array to reduction operation maximum which has no identity");
  EXPECT_EQ(amax(zeros({0, 3}), 1).shape(), (Dims{0}));
  expect_error<ValueError>([&] { amin(a, {}, {}, false, {}, ones({3}, dtypes::bool_)); },
                           "reduction operation 'minimum' does not have an identity, so to use a where mask one has "
                           "to specify 'initial'");
  expect_error<TypeError>([&] { sum(a, {}, {}, {}, false, {}, ones({3})); },
                          "Cannot cast array data from dtype('float64') to dtype('bool') according to the rule 'safe'");
}

TEST(ReducePlan, ContiguousTrailingAxesCoalesce) {
  ndarray a = zeros({4, 5, 6, 7});
  ndarray out = zeros({4, 5});
  bool red[4] = {false, false, true, true};
  ndarray out_full = out.view(Dims{4, 5, 1, 1}, Dims{40, 8, 0, 0});
  ReducePlan p = make_reduce_plan(a, red, out_full, nullptr, false);
  EXPECT_EQ(p.out_ndim, 1);
  EXPECT_EQ(p.red_ndim, 1);
  EXPECT_EQ(p.nout, 20);
  EXPECT_EQ(p.nred, 42);
  EXPECT_TRUE(p.inner);
}

TEST(ReducePlan, LeadingAxisIsAColumnReduction) {
  ndarray a = zeros({64, 32});
  ndarray out = zeros({32});
  bool red[2] = {true, false};
  ReducePlan p = make_reduce_plan(a, red, out.view(Dims{1, 32}, Dims{0, 8}), nullptr, false);
  EXPECT_FALSE(p.inner);  // threads run along the outputs: coalesced reads of axis 0
  EXPECT_EQ(p.red_strides[0][0], 32 * 8);
  EXPECT_EQ(p.out_strides[1][0], 8);
}

TEST(ReducePlan, NegativeStridesFlipUnlessOrdered) {
  ndarray a = zeros({10});
  ndarray rev = a.view(Dims{10}, Dims{-8}, 9 * 8);
  ndarray out = zeros({});
  bool red[1] = {true};
  ndarray out_full = out.view(Dims{1}, Dims{0});
  EXPECT_EQ(make_reduce_plan(rev, red, out_full, nullptr, false).red_strides[0][0], 8);
  EXPECT_EQ(make_reduce_plan(rev, red, out_full, nullptr, true).red_strides[0][0], -8);
}

TEST(Closeness, IsCloseAllClose) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  ndarray a = array(std::vector<double>{1.0, nan, 1e10, 0.0});
  ndarray b = array(std::vector<double>{1.0 + 1e-6, nan, 1.00001e10, 1e-7});
  EXPECT_EQ(bools(isclose(a, b)), (std::vector<uint8_t>{1, 0, 1, 0}));
  EXPECT_EQ(bools(isclose(a, b, 1e-5, 1e-8, true)), (std::vector<uint8_t>{1, 1, 1, 0}));
  ndarray r = allclose(a, a, 1e-5, 1e-8, true);
  EXPECT_EQ(r.ndim(), 0);  // V8-ALLCLOSE: a 0-d device array, no host sync
  EXPECT_EQ(bools(r), (std::vector<uint8_t>{1}));
  EXPECT_EQ(bools(allclose(a, b)), (std::vector<uint8_t>{0}));
  EXPECT_EQ(isclose(iota_array<int32_t>({2, 3}), iota_array<int32_t>({3})).shape(), (Dims{2, 3}));
}

TEST(Reduction, VarWithGivenMean) {
  using namespace cupric;
  ndarray a = array(std::vector<double>{1, 2, 3, 4, 5, 6}, Dims{2, 3});
  ndarray m = mean(a, AxisArg(int64_t{1}), {}, {}, true);
  EXPECT_EQ(to_vector<double>(var(a, AxisArg(int64_t{1}), {}, {}, 0, false, {}, m)),
            to_vector<double>(var(a, AxisArg(int64_t{1}))));
  // a mean that is not the data's: the deviations are taken from it as given
  ndarray z = zeros(Dims{2, 1});
  EXPECT_EQ(to_vector<double>(var(a, AxisArg(int64_t{1}), {}, {}, 0, false, {}, z)),
            (std::vector<double>{14.0 / 3, 77.0 / 3}));
}
