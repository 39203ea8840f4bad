// Tests of advanced indexing and the indexing/joining routines through the C++ API
// (ops/indexing.hpp, ops/manipulation.hpp); expected values and messages are NumPy 2.4's.
#include <gtest/gtest.h>
#include "test_helpers.hpp"
#include <numeric>
#include "cupric/cupric.hpp"

using namespace cupric;

namespace {

ndarray arange(int64_t n, const Dims& shape) {
  std::vector<int64_t> v(static_cast<size_t>(n));
  std::iota(v.begin(), v.end(), 0);
  return array(v, shape);
}
std::vector<int64_t> vals(const ndarray& a) { return to_vector<int64_t>(a); }
ndarray ints(std::vector<int64_t> v) { return array(v); }
ndarray ints(std::vector<int64_t> v, const Dims& shape) { return array(v, shape); }
ndarray bools(std::vector<uint8_t> v) {
  Dims shape{static_cast<int64_t>(v.size())};
  return from_host(v.data(), shape, Dims{1}, dtypes::bool_);
}

using cupric::testing::expect_error;

}  // namespace

TEST(AdvancedIndex, IntegerArraysBroadcastAndWrapNegatives) {
  ndarray a = arange(12, {3, 4});
  ndarray r = getitem(a, {Index::array_index(ints({0, 2}, {2, 1})), Index::array_index(ints({-1, 0, 1}))});
  EXPECT_EQ(r.shape(), (Dims{2, 3}));
  EXPECT_EQ(vals(r), (std::vector<int64_t>{3, 0, 1, 11, 8, 9}));
}

TEST(AdvancedIndex, PlacementRule) {
  ndarray a = arange(60, {3, 4, 5});
  // Adjacent advanced indices stay in place; separated ones (an integer counts) go first.
  EXPECT_EQ(getitem(a, {Index::slice(), Index::integer(0), Index::array_index(ints({1, 2}))}).shape(), (Dims{3, 2}));
  EXPECT_EQ(getitem(a, {Index::integer(0), Index::slice(), Index::array_index(ints({1, 2}))}).shape(), (Dims{2, 4}));
  EXPECT_EQ(
      getitem(a, {Index::slice(), Index::array_index(ints({0})), Index::ellipsis(), Index::array_index(ints({1}))})
          .shape(),
      (Dims{1, 3}));
  ndarray r = getitem(a, {Index::array_index(ints({0, 2})), Index::newaxis(), Index::slice(1, 3)});
  EXPECT_EQ(r.shape(), (Dims{2, 1, 2, 5}));
  EXPECT_EQ(vals(r)[0], 5);
  EXPECT_EQ(vals(r)[10], 45);
}

TEST(AdvancedIndex, BooleanMask) {
  ndarray a = arange(6, {2, 3});
  ndarray r = getitem(a, {Index::slice(), Index::array_index(bools({1, 0, 1}))});
  EXPECT_EQ(r.shape(), (Dims{2, 2}));
  EXPECT_EQ(vals(r), (std::vector<int64_t>{0, 2, 3, 5}));
  expect_error<IndexError>([&] { getitem(a, {Index::array_index(bools({1, 0, 1}))}); },
                           "boolean index did not match indexed array along axis 0; size of axis is 2 but size of "
                           "corresponding boolean axis is 3");
}

TEST(AdvancedIndex, SetitemRepeatedLastWinsOnHostAndBoundsLeaveArray) {
  ndarray a = arange(5, {5});
  setitem(a, {Index::array_index(ints({1, 1, 3}))}, ints({10, 20, 30}));
  if (a.device_type() == DeviceType::Host) EXPECT_EQ(vals(a), (std::vector<int64_t>{0, 20, 2, 30, 4}));
  std::vector<int64_t> before = vals(a);
  expect_error<IndexError>([&] { setitem(a, {Index::array_index(ints({0, 9}))}, ints({7})); },
                           "index 9 is out of bounds for axis 0 with size 5");
  EXPECT_EQ(vals(a), before);
  expect_error<IndexError>([&] { getitem(a, {Index::array_index(ints({-6}))}); },
                           "index -6 is out of bounds for axis 0 with size 5");
}

TEST(AdvancedIndex, SetitemCastsAndBroadcasts) {
  ndarray a = zeros({2, 3}, dtypes::float32);
  setitem(a, {Index::slice(), Index::array_index(ints({2, 0}))}, array(std::vector<double>{1.5, 2.5}));
  EXPECT_EQ(to_vector<float>(a), (std::vector<float>{2.5f, 0, 1.5f, 2.5f, 0, 1.5f}));
}

TEST(IndexingRoutines, TakeModes) {
  ndarray a = arange(12, {3, 4});
  EXPECT_EQ(vals(take(a, ints({5, -1}), 1, ClipMode::Wrap)), (std::vector<int64_t>{1, 3, 5, 7, 9, 11}));
  EXPECT_EQ(vals(take(a, ints({20, -3}), std::nullopt, ClipMode::Clip)), (std::vector<int64_t>{11, 0}));
  expect_error<IndexError>([&] { take(a, ints({4}), 1); }, "index 4 is out of bounds for axis 1 with size 4");
}

TEST(IndexingRoutines, NonzeroAndUnravel) {
  ndarray m = bools({0, 1, 1, 0, 0, 1});
  std::vector<ndarray> nz = nonzero(reshape(m, {2, 3}));
  ASSERT_EQ(nz.size(), 2u);
  EXPECT_EQ(vals(nz[0]), (std::vector<int64_t>{0, 0, 1}));
  EXPECT_EQ(vals(nz[1]), (std::vector<int64_t>{1, 2, 2}));
  std::vector<ndarray> u = unravel_index(ints({5, 7}), {2, 4});
  EXPECT_EQ(vals(u[0]), (std::vector<int64_t>{1, 1}));
  EXPECT_EQ(vals(u[1]), (std::vector<int64_t>{1, 3}));
  expect_error<ValueError>([&] { unravel_index(ints({8}), {2, 4}); }, "index 8 is out of bounds for array with size 8");
}

TEST(Manipulation2, ConcatenateSplitRollTileRepeat) {
  ndarray a = arange(6, {2, 3});
  ndarray c = concatenate({a, a}, 1);
  EXPECT_EQ(c.shape(), (Dims{2, 6}));
  EXPECT_EQ(vals(c), (std::vector<int64_t>{0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5}));
  expect_error<ValueError>([&] { concatenate({a, arange(2, {2})}); },
                           "all the input arrays must have same number of dimensions, but the array at index 0 has 2 "
                           "dimension(s) and the array at index 1 has 1 dimension(s)");
  std::vector<ndarray> parts = array_split(arange(7, {7}), 3);
  ASSERT_EQ(parts.size(), 3u);
  EXPECT_EQ(vals(parts[0]), (std::vector<int64_t>{0, 1, 2}));
  EXPECT_EQ(vals(parts[2]), (std::vector<int64_t>{5, 6}));
  EXPECT_EQ(vals(roll(a, {1}, std::vector<int64_t>{1})), (std::vector<int64_t>{2, 0, 1, 5, 3, 4}));
  EXPECT_EQ(vals(tile(arange(2, {2}), {2, 2})), (std::vector<int64_t>{0, 1, 0, 1, 0, 1, 0, 1}));
  EXPECT_EQ(vals(repeat(a, ints({2, 0, 1}), 1)), (std::vector<int64_t>{0, 0, 2, 3, 3, 5}));
  EXPECT_EQ(vals(flip(a)), (std::vector<int64_t>{5, 4, 3, 2, 1, 0}));
  EXPECT_EQ(vals(rot90(a)), (std::vector<int64_t>{2, 5, 1, 4, 0, 3}));
}
