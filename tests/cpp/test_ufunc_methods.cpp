// Tests of ufunc.reduce / accumulate / reduceat through the C++ API (ops/ufunc_methods.hpp):
// engine-routed and generic (ufunc-composed) ufuncs; expected values are NumPy 2's.
#include <gtest/gtest.h>
#include "test_helpers.hpp"
#include "cupric/cupric.hpp"

using namespace cupric;
using cupric::testing::expect_error;

namespace {
ndarray a23() { return array(std::vector<int8_t>{1, 2, 3, 4, 5, 6}, {2, 3}); }  // [[1,2,3],[4,5,6]]
}  // namespace

TEST(UfuncMethods, Reduce) {
  ndarray a = a23();
  ndarray s = ufunc_reduce("add", a);  // axis 0; int8 sums in int64 (the reduction engine)
  EXPECT_EQ(s.dtype(), dtypes::int64);
  EXPECT_EQ(to_vector<int64_t>(s), (std::vector<int64_t>{5, 7, 9}));
  ndarray d = ufunc_reduce("subtract", a, 1);  // generic ordered fold
  EXPECT_EQ(d.dtype(), dtypes::int8);
  EXPECT_EQ(to_vector<int8_t>(d), (std::vector<int8_t>{-4, -7}));
  ndarray x = ufunc_reduce("bitwise_xor", a, AxisArg::none(), std::nullopt, {}, true);  // pairwise tree
  EXPECT_EQ(x.shape(), (Dims{1, 1}));
  EXPECT_EQ(to_vector<int8_t>(x), (std::vector<int8_t>{7}));
  ndarray w = array(std::vector<bool>{true, false, true}, {3});
  ndarray m = ufunc_reduce("subtract", a, 1, std::nullopt, {}, false, Scalar::of<int64_t>(10), w);
  EXPECT_EQ(to_vector<int8_t>(m), (std::vector<int8_t>{6, 0}));
  expect_error<ValueError>([&] { ufunc_reduce("subtract", a, {0, 1}); },
                           "reduction operation 'subtract' is not reorderable, so at most one axis may be specified");
  expect_error<ValueError>([&] { ufunc_reduce("subtract", ndarray::empty({0, 2}, dtypes::int32)); },
                           "zero-size array to reduction operation subtract which has no identity");
  expect_error<ValueError>([&] { ufunc_reduce("sqrt", a); }, "reduce only supported for binary functions");
  expect_error<AxisError>([&] { ufunc_reduce("add", a, 2); }, "axis 2 is out of bounds for array of dimension 2");
}

TEST(UfuncMethods, Accumulate) {
  ndarray a = a23();
  EXPECT_EQ(to_vector<int8_t>(ufunc_accumulate("subtract", a, 1)), (std::vector<int8_t>{1, -1, -4, 4, -1, -7}));
  EXPECT_EQ(to_vector<int8_t>(ufunc_accumulate("bitwise_xor", a, -1)), (std::vector<int8_t>{1, 3, 0, 4, 1, 7}));
  ndarray c = ufunc_accumulate("add", a, 0);  // the scan engine
  EXPECT_EQ(c.dtype(), dtypes::int64);
  EXPECT_EQ(to_vector<int64_t>(c), (std::vector<int64_t>{1, 2, 3, 5, 7, 9}));
  ndarray out = ndarray::empty({2, 3}, dtypes::float64);
  ufunc_accumulate("maximum", a, 0, std::nullopt, out);
  EXPECT_EQ(to_vector<double>(out), (std::vector<double>{1, 2, 3, 4, 5, 6}));
  expect_error<TypeError>([&] { ufunc_accumulate("add", ndarray::empty({}, dtypes::int8)); },
                          "cannot accumulate on a scalar");
}

TEST(UfuncMethods, Reduceat) {
  ndarray a = a23();
  ndarray idx = array(std::vector<int64_t>{0, 2, 1}, {3});
  ndarray r = ufunc_reduceat("add", a, idx, 1);
  EXPECT_EQ(r.shape(), (Dims{2, 3}));
  EXPECT_EQ(to_vector<int64_t>(r), (std::vector<int64_t>{3, 3, 5, 9, 6, 11}));
  ndarray s = ufunc_reduceat("subtract", a, array(std::vector<int64_t>{0, 2}, {2}), -1);
  EXPECT_EQ(to_vector<int8_t>(s), (std::vector<int8_t>{-1, 3, -1, 6}));
  expect_error<IndexError>([&] { ufunc_reduceat("add", a, array(std::vector<int64_t>{0, 3}, {2}), 1); },
                           "index 3 out-of-bounds in add.reduceat [0, 3)");
}
