// Tests of the numpy.lib routines added for issue 18 through the C++ API (windows, polynomials,
// interp/unwrap, bits, stride tricks); expected values are NumPy 2.4's for the same calls.
#include <gtest/gtest.h>
#include "test_helpers.hpp"
#include "cupric/cupric.hpp"

using namespace cupric;
using cupric::testing::expect_error;

using cupric::testing::expect_near;

TEST(LibFunctions, Windows) {
  expect_near(to_vector<double>(hanning(5)), {0.0, 0.5, 1.0, 0.5, 0.0});
  expect_near(to_vector<double>(bartlett(5)), {0.0, 0.5, 1.0, 0.5, 0.0});
  expect_near(to_vector<double>(kaiser(4, 5.0)),
              {0.036710892271286676, 0.7753221044454067, 0.7753221044454067, 0.036710892271286676});
  EXPECT_EQ(hamming(0).size(), 0);
  EXPECT_EQ(to_vector<double>(blackman(1)), std::vector<double>{1.0});
}

TEST(LibFunctions, PolyvalAndVander) {
  ndarray p = array(std::vector<int64_t>{3, -2, 1}), x = array(std::vector<int64_t>{0, 1, 2});
  ndarray y = polyval(p, x);
  EXPECT_EQ(y.dtype(), dtypes::int64);
  EXPECT_EQ(to_vector<int64_t>(y), (std::vector<int64_t>{1, 2, 9}));
  ndarray v = vander(array(std::vector<int32_t>{1, 2, 3}));
  EXPECT_EQ(v.dtype(), dtypes::int64);
  EXPECT_EQ(to_vector<int64_t>(v), (std::vector<int64_t>{1, 1, 1, 4, 2, 1, 9, 3, 1}));
  expect_error<ValueError>([&] { vander(v); }, "x must be a one-dimensional array or sequence.");
}

TEST(LibFunctions, PackAndUnpackBits) {
  ndarray a = array(std::vector<int64_t>{1, 0, 1, 1, 0, 0, 0, 1, 1});
  EXPECT_EQ(to_vector<uint8_t>(packbits(a)), (std::vector<uint8_t>{177, 128}));
  EXPECT_EQ(to_vector<uint8_t>(unpackbits(array(std::vector<uint8_t>{5}))),
            (std::vector<uint8_t>{0, 0, 0, 0, 0, 1, 0, 1}));
  expect_error<TypeError>([&] { packbits(array(std::vector<double>{1.0})); },
                          "Expected an input array of integer or boolean data type");
  EXPECT_EQ(to_vector<int16_t>(byteswap(array(std::vector<int16_t>{1, 256}))), (std::vector<int16_t>{256, 1}));
}

TEST(LibFunctions, InterpAndUnwrap) {
  ndarray r = interp(array(std::vector<double>{0.5, 1.5, -1, 9}), array(std::vector<double>{0, 1, 2}),
                     array(std::vector<double>{0, 10, 0}));
  expect_near(to_vector<double>(r), {5.0, 5.0, 0.0, 0.0});
  expect_near(to_vector<double>(unwrap(array(std::vector<double>{0, 3, 6.5, 0.2}))),
              {0.0, 3.0, 0.21681469282041377, 0.2});
}

TEST(LibFunctions, StrideTricks) {
  ndarray x = array(std::vector<int64_t>{0, 1, 2, 3, 4});
  ndarray w = sliding_window_view(x, {3});
  EXPECT_EQ(w.shape(), (Dims{3, 3}));
  EXPECT_EQ(to_vector<int64_t>(copy(w)), (std::vector<int64_t>{0, 1, 2, 1, 2, 3, 2, 3, 4}));
  expect_error<ValueError>([&] { sliding_window_view(x, {6}); },
                           "window shape cannot be larger than input array shape");
  ndarray s = as_strided(x, Dims{2, 2}, Dims{16, 8});
  EXPECT_EQ(to_vector<int64_t>(copy(s)), (std::vector<int64_t>{0, 1, 2, 3}));
  ndarray even = x.view(Dims{3}, Dims{16}, 0), odd = x.view(Dims{2}, Dims{16}, 8);
  EXPECT_TRUE(x.may_share_memory(odd));
  EXPECT_FALSE(shares_memory(even, odd));
  EXPECT_TRUE(shares_memory(x, odd));
  expect_error<TooHardError>([&] { shares_memory(even, odd, 0); }, "Exceeded max_work");
}
