// Tests of cupric::where(condition, x, y) (ops/where.cpp) against values NumPy 2.4 gives.
#include <gtest/gtest.h>
#include <vector>
#include "cupric/cupric.hpp"

using namespace cupric;

namespace {

TEST(Where, BroadcastsAndPromotesWithWeakScalars) {
  // np.where([[True, False, True]], [[1], [2]], 0.5) == [[1, .5, 1], [2, .5, 2]], float64
  ndarray c = array(std::vector<bool>{true, false, true}, Dims{1, 3});
  ndarray x = array(std::vector<int64_t>{1, 2}, Dims{2, 1});
  ndarray r = where(c, x, 0.5);
  EXPECT_EQ(r.shape(), (Dims{2, 3}));
  EXPECT_EQ(r.dtype(), dtypes::float64);
  EXPECT_EQ(to_vector<double>(r), (std::vector<double>{1, 0.5, 1, 2, 0.5, 2}));
}

TEST(Where, WeakScalarsTakeTheArrayDtype) {
  ndarray c = array(std::vector<bool>{true, false});
  // np.where(c, np.array([1, 2], np.float32), 2.5).dtype == float32
  ndarray r = where(c, array(std::vector<float>{1, 2}), 2.5);
  EXPECT_EQ(r.dtype(), dtypes::float32);
  EXPECT_EQ(to_vector<float>(r), (std::vector<float>{1, 2.5f}));
  // A typed Scalar is strong, as a NumPy scalar: np.where(c, np.float32(1.5), 2).dtype == float32
  ndarray s = where(c, Scalar::of<float>(1.5f), 2);
  EXPECT_EQ(s.dtype(), dtypes::float32);
  EXPECT_EQ(to_vector<float>(s), (std::vector<float>{1.5f, 2}));
  // np.where(c, 7, np.array([1, 2], np.int8)) == [7, 2], int8
  ndarray t = where(c, 7, array(std::vector<int8_t>{1, 2}));
  EXPECT_EQ(t.dtype(), dtypes::int8);
  EXPECT_EQ(to_vector<int8_t>(t), (std::vector<int8_t>{7, 2}));
}

TEST(Where, ShapesThatDoNotBroadcast) {
  ndarray c = array(std::vector<bool>{true, false});
  EXPECT_THROW(where(c, array(std::vector<double>{1, 2, 3}), 0.0), ValueError);
}

}  // namespace
