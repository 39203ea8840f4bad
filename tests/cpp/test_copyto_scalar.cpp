// Tests of cupric::copyto with a scalar source (ops/copyto.hpp): NumPy 2's rules for Python
// numbers, against what numpy.copyto does.
#include <gtest/gtest.h>
#include <vector>
#include "cupric/cupric.hpp"
#include "test_helpers.hpp"

using namespace cupric;

namespace {

TEST(CopytoScalar, WeakScalarsTakeTheDestinationDtype) {
  // np.copyto(np.zeros(3, np.float32), 1.5) fills with 1.5 (the Python float is weak)
  ndarray a = zeros(Dims{3}, dtypes::float32);
  copyto(a, 1.5);
  EXPECT_EQ(to_vector<float>(a), (std::vector<float>{1.5f, 1.5f, 1.5f}));
  // np.copyto(np.zeros(3, np.int8), 5, where=[True, False, True]) == [5, 0, 5]
  ndarray b = zeros(Dims{3}, dtypes::int8);
  copyto(b, 5, Casting::SameKind, array(std::vector<bool>{true, false, true}));
  EXPECT_EQ(to_vector<int8_t>(b), (std::vector<int8_t>{5, 0, 5}));
}

TEST(CopytoScalar, CastingAndRangeErrors) {
  ndarray a = zeros(Dims{2}, dtypes::int32);
  cupric::testing::expect_error<TypeError>(
      [&] { copyto(a, 1.5); },
      "Cannot cast scalar from dtype('float64') to dtype('int32') according to the rule 'same_kind'");
  ndarray b = zeros(Dims{2}, dtypes::int8);
  cupric::testing::expect_error<OverflowError>([&] { copyto(b, 300); }, "Python integer 300 out of bounds for int8");
  ndarray c = zeros(Dims{2}, dtypes::uint8);
  cupric::testing::expect_error<OverflowError>([&] { copyto(c, -1); }, "Python integer -1 out of bounds for uint8");
  EXPECT_EQ(to_vector<int32_t>(a), (std::vector<int32_t>{0, 0}));  // nothing written
  // casting='unsafe' lets a float into an integer array: np.copyto(a, 2.7, casting='unsafe') == [2, 2]
  copyto(a, 2.7, Casting::Unsafe);
  EXPECT_EQ(to_vector<int32_t>(a), (std::vector<int32_t>{2, 2}));
}

TEST(CopytoScalar, ArraysForwardToTheArrayCopy) {
  ndarray a = zeros(Dims{2, 2});
  copyto(a, Operand(array(std::vector<double>{1, 2})));
  EXPECT_EQ(to_vector<double>(a), (std::vector<double>{1, 2, 1, 2}));
}

}  // namespace
