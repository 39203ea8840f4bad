// Issue 6: the direct mask paths (a[mask] over leading dimensions, a[mask] = values, extract,
// compress) and the batched concatenate, through the C++ API; expected values are NumPy 2's.
#include <gtest/gtest.h>
#include "test_helpers.hpp"
#include <numeric>
#include "cupric/cupric.hpp"

using namespace cupric;

namespace {

ndarray arange_i64(int64_t n, const Dims& shape) {
  std::vector<int64_t> v(static_cast<size_t>(n));
  std::iota(v.begin(), v.end(), 0);
  return array(v, shape);
}
ndarray bools(std::vector<uint8_t> v) {
  Dims shape{static_cast<int64_t>(v.size())};
  return from_host(v.data(), shape, Dims{1}, dtypes::bool_);
}
std::vector<int64_t> vals(const ndarray& a) { return to_vector<int64_t>(a); }

}  // namespace

TEST(MaskPaths, LeadingDimsRows) {
  // int32 rows of 2 (8 bytes): the row compaction; rows of 3 (12 bytes): the general path.
  ndarray a = astype(arange_i64(8, {4, 2}), dtypes::int32);
  ndarray r = getitem(a, {Index::array_index(bools({1, 0, 0, 1}))});
  EXPECT_EQ(r.shape(), (Dims{2, 2}));
  EXPECT_EQ(vals(astype(r, dtypes::int64)), (std::vector<int64_t>{0, 1, 6, 7}));
  ndarray b = arange_i64(12, {4, 3});
  ndarray s = getitem(b, {Index::array_index(bools({0, 1, 1, 0}))});
  EXPECT_EQ(s.shape(), (Dims{2, 3}));
  EXPECT_EQ(vals(s), (std::vector<int64_t>{3, 4, 5, 6, 7, 8}));
}

TEST(MaskPaths, SetitemValuesAndCountMismatch) {
  ndarray a = arange_i64(5, {5});
  setitem(a, {Index::array_index(bools({1, 0, 1, 0, 1}))}, array(std::vector<int64_t>{10, 20, 30}));
  EXPECT_EQ(vals(a), (std::vector<int64_t>{10, 1, 20, 3, 30}));
  cupric::testing::expect_error<ValueError>(
      [&] { setitem(a, {Index::array_index(bools({1, 1, 0, 0, 0}))}, array(std::vector<int64_t>{7, 8, 9})); },
      "NumPy boolean array indexing assignment cannot assign 3 input values to the 2 output values where the mask is "
      "true");
  EXPECT_EQ(vals(a), (std::vector<int64_t>{10, 1, 20, 3, 30}));
}

TEST(MaskPaths, ExtractAndCompress) {
  ndarray a = arange_i64(6, {2, 3});
  EXPECT_EQ(vals(extract(bools({0, 1, 0, 1, 1, 0}), a)), (std::vector<int64_t>{1, 3, 4}));
  ndarray c = compress(bools({0, 1}), a, int64_t{0});
  EXPECT_EQ(c.shape(), (Dims{1, 3}));
  EXPECT_EQ(vals(c), (std::vector<int64_t>{3, 4, 5}));
  EXPECT_EQ(vals(compress(bools({1, 0, 0, 0, 0, 1}), a)), (std::vector<int64_t>{0, 5}));
}

TEST(ConcatenatePaths, BatchedContiguousAndMixed) {
  ndarray x = arange_i64(3, {3}), y = arange_i64(0, {0}), z = arange_i64(4, {4});
  EXPECT_EQ(vals(concatenate({x, y, z})), (std::vector<int64_t>{0, 1, 2, 0, 1, 2, 3}));
  ndarray m = arange_i64(4, {2, 2});
  EXPECT_EQ(vals(concatenate({m, m}, int64_t{1})), (std::vector<int64_t>{0, 1, 0, 1, 2, 3, 2, 3}));
  EXPECT_EQ(vals(concatenate({m, transpose(m)}, std::nullopt)), (std::vector<int64_t>{0, 1, 2, 3, 0, 2, 1, 3}));
}
