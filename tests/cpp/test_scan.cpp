// Tests of the scans and statistics helpers through the C++ API (ops/scan.hpp) and of
// CUPRIC_ACCELERATORS' switches; expected values are NumPy 2.4's for the same calls.
#include <gtest/gtest.h>
#include "test_helpers.hpp"
#include <cmath>
#include <limits>
#include "cupric/cupric.hpp"

using namespace cupric;

namespace {
template <class T>
ndarray iota(const Dims& shape, T start = T(1)) {
  std::vector<T> v(static_cast<size_t>(shape_size(shape)));
  for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<T>(start + static_cast<T>(i));
  return array(v, shape);
}
using cupric::testing::expect_error;
}  // namespace

TEST(Scan, CumsumAxesAndDtypes) {
  ndarray a = iota<int8_t>({2, 3});  // [[1,2,3],[4,5,6]]
  ndarray flat = cumsum(a);
  EXPECT_EQ(flat.dtype(), dtypes::int64);  // NumPy 2: int8 accumulates in int64
  EXPECT_EQ(to_vector<int64_t>(flat), (std::vector<int64_t>{1, 3, 6, 10, 15, 21}));
  EXPECT_EQ(to_vector<int64_t>(cumsum(a, 0)), (std::vector<int64_t>{1, 2, 3, 5, 7, 9}));
  EXPECT_EQ(to_vector<int64_t>(cumsum(a, -1)), (std::vector<int64_t>{1, 3, 6, 4, 9, 15}));
  ndarray p = cumprod(a, 1, dtypes::int16);
  EXPECT_EQ(p.dtype(), dtypes::int16);
  EXPECT_EQ(to_vector<int16_t>(p), (std::vector<int16_t>{1, 2, 6, 4, 20, 120}));
  expect_error<AxisError>([&] { cumsum(a, 2); }, "axis 2 is out of bounds for array of dimension 2");
}

TEST(Scan, LongRowAndOut) {
  ndarray a = iota<int64_t>({100003});
  ndarray out = ndarray::empty({100003}, dtypes::float64);
  cumsum(a, 0, std::nullopt, out);
  std::vector<double> v = to_vector<double>(out);
  EXPECT_EQ(v.back(), 100003.0 * 100004.0 / 2);
  EXPECT_EQ(v[4095], 4096.0 * 4097.0 / 2);
}

TEST(Scan, NanVariants) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  ndarray a = array(std::vector<double>{1, nan, 2, 3});
  EXPECT_EQ(to_vector<double>(nancumsum(a)), (std::vector<double>{1, 1, 3, 6}));
  EXPECT_EQ(to_vector<double>(nancumprod(a)), (std::vector<double>{1, 1, 2, 6}));
  std::vector<double> c = to_vector<double>(cumsum(a));
  EXPECT_TRUE(std::isnan(c[1]) && std::isnan(c[3]));
  EXPECT_EQ(to_vector<int64_t>(nanargmax(a)), (std::vector<int64_t>{3}));
  EXPECT_EQ(to_vector<int64_t>(nanargmin(a)), (std::vector<int64_t>{0}));
  expect_error<ValueError>([&] { nanargmax(array(std::vector<double>{nan, nan})); }, "All-NaN slice encountered");
}

TEST(Scan, DiffAndBincount) {
  ndarray a = array(std::vector<int32_t>{1, 4, 9, 16});
  EXPECT_EQ(to_vector<int32_t>(diff(a)), (std::vector<int32_t>{3, 5, 7}));
  EXPECT_EQ(to_vector<int32_t>(diff(a, 2)), (std::vector<int32_t>{2, 2}));
  ndarray x = array(std::vector<int32_t>{0, 1, 1, 3});
  EXPECT_EQ(to_vector<int64_t>(bincount(x)), (std::vector<int64_t>{1, 2, 0, 1}));
  EXPECT_EQ(to_vector<int64_t>(bincount(x, {}, 6)), (std::vector<int64_t>{1, 2, 0, 1, 0, 0}));
  ndarray w = array(std::vector<double>{0.5, 1, 2, 4});
  EXPECT_EQ(to_vector<double>(bincount(x, w)), (std::vector<double>{0.5, 3, 0, 4}));
  expect_error<ValueError>([&] { bincount(array(std::vector<int32_t>{1, -1})); },
                           "'list' argument must have no negative elements");
}

TEST(Scan, AcceleratorSwitch) {  // V11-CUB
  auto saved = get_routine_accelerators();
  ndarray a = iota<int32_t>({3, 5000});
  std::vector<int64_t> with = to_vector<int64_t>(cumsum(a, 1));
  set_routine_accelerators({});
  EXPECT_TRUE(get_routine_accelerators().empty());
  EXPECT_FALSE(cub_routines_enabled());
  EXPECT_EQ(to_vector<int64_t>(cumsum(a, 1)), with);
  expect_error<ValueError>([&] { set_routine_accelerators({"bogus"}); }, "Unknown accelerator: bogus");
  set_routine_accelerators(saved);
}

TEST(Statistics, CorrelateConvolve) {
  ndarray a = array(std::vector<double>{1, 2, 3, 4});
  ndarray v = array(std::vector<double>{0, 1, 0.5});
  EXPECT_EQ(to_vector<double>(correlate(a, v)), (std::vector<double>{3.5, 5}));
  EXPECT_EQ(to_vector<double>(correlate(a, v, "full")), (std::vector<double>{0.5, 2, 3.5, 5, 4, 0}));
  EXPECT_EQ(to_vector<double>(convolve(a, v)), (std::vector<double>{0, 1, 2.5, 4, 5.5, 2}));
  EXPECT_EQ(to_vector<double>(convolve(a, v, "same")), (std::vector<double>{1, 2.5, 4, 5.5}));
  EXPECT_EQ(to_vector<double>(correlate(v, a, "full")), (std::vector<double>{0, 4, 5, 3.5, 2, 0.5}));
  expect_error<ValueError>([&] { correlate(a, v, "bogus"); },
                           "mode must be one of 'valid', 'same', or 'full' (got 'bogus')");
}

TEST(Statistics, ArrayEqualEquiv) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  ndarray a = array(std::vector<double>{1, nan});
  auto truth = [](const ndarray& r) {
    EXPECT_EQ(r.ndim(), 0);
    return to_vector<uint8_t>(astype(r, dtypes::uint8)).at(0) != 0;
  };
  EXPECT_FALSE(truth(array_equal(a, a)));
  EXPECT_TRUE(truth(array_equal(a, a, true)));
  EXPECT_FALSE(truth(array_equal(a, array(std::vector<double>{1}))));
  ndarray m = array(std::vector<int32_t>{1, 2, 1, 2}, Dims{2, 2});
  EXPECT_TRUE(truth(array_equiv(m, array(std::vector<int32_t>{1, 2}))));
  EXPECT_FALSE(truth(array_equiv(m, array(std::vector<int32_t>{1, 2, 3}))));
}
