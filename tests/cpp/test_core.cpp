// Core C++ API: creation, casts, fills, basic indexing and the pool's accounting on the host backend.
#include <limits>
#include <gtest/gtest.h>
#include <cupric/cupric.hpp>

using namespace cupric;

TEST(Core, ArrayRoundTripAndAstype) {
  ndarray a = array<float>({1.5f, -2.5f, 3.25f, 4.0f}, Dims{2, 2});
  EXPECT_EQ(a.shape(), (Dims{2, 2}));
  EXPECT_TRUE(a.c_contiguous());
  ndarray b = astype(a, dtypes::int32);
  EXPECT_EQ(to_vector<int32_t>(b), (std::vector<int32_t>{1, -2, 3, 4}));
  ndarray c = astype(a, dtypes::uint8);
  EXPECT_EQ(to_vector<uint8_t>(c), (std::vector<uint8_t>{1, 254, 3, 4}));  // -2.5 -> -2 -> 254, as NumPy
}

TEST(Core, AstypeRespectsCasting) {
  ndarray a = array<double>({1.0, 2.0});
  EXPECT_THROW(astype(a, dtypes::float32, Order::K, Casting::Safe), TypeError);
  EXPECT_NO_THROW(astype(a, dtypes::float32, Order::K, Casting::SameKind));
  EXPECT_THROW(astype(a, dtypes::int64, Order::K, Casting::SameKind), TypeError);
}

TEST(Core, FillAndFull) {
  ndarray z = full(Dims{3}, Scalar::of<double>(7.5), dtypes::float32);
  EXPECT_EQ(to_vector<float>(z), (std::vector<float>{7.5f, 7.5f, 7.5f}));
  ndarray o = ones(Dims{2}, dtypes::complex64);
  auto v = to_vector<complex64>(o);
  EXPECT_EQ(v[1].re, 1.0f);
  EXPECT_EQ(v[1].im, 0.0f);
  ndarray e = zeros(Dims{0, 3});
  EXPECT_EQ(e.size(), 0);
}

TEST(Core, BasicIndexingViewsAndAssignment) {
  ndarray a = array<int64_t>({0, 1, 2, 3, 4, 5}, Dims{2, 3});
  ndarray row = basic_index(a, {Index::integer(1)});
  EXPECT_EQ(to_vector<int64_t>(row), (std::vector<int64_t>{3, 4, 5}));
  EXPECT_EQ(row.memory(), a.memory());
  ndarray rev = basic_index(a, {Index::slice(), Index::slice(Index::kNone, Index::kNone, -1)});
  EXPECT_EQ(to_vector<int64_t>(rev), (std::vector<int64_t>{2, 1, 0, 5, 4, 3}));
  basic_assign(a, {Index::ellipsis(), Index::integer(0)}, array<int64_t>({9}));
  EXPECT_EQ(to_vector<int64_t>(a), (std::vector<int64_t>{9, 1, 2, 9, 4, 5}));
  EXPECT_THROW(basic_index(a, {Index::integer(2)}), IndexError);
  EXPECT_THROW(basic_index(a, {Index::integer(0), Index::integer(0), Index::integer(0)}), IndexError);
}

TEST(Core, OverlappingAssignmentReadsACopy) {
  ndarray a = array<int32_t>({1, 2, 3, 4, 5});
  ndarray dst = basic_index(a, {Index::slice(1)});
  ndarray src = basic_index(a, {Index::slice(Index::kNone, -1)});
  copyto(dst, src, Casting::Unsafe);
  EXPECT_EQ(to_vector<int32_t>(a), (std::vector<int32_t>{1, 1, 2, 3, 4}));
}

TEST(Core, PoolAccountingRoundsTo512) {
  auto pool = default_pool(host_backend(), 0);
  pool->free_all_blocks();
  size_t used0 = pool->used_bytes(), total0 = pool->total_bytes();
  {
    ndarray a = ndarray::empty(Dims{100}, dtypes::float32, Order::C, &host_backend());
    EXPECT_EQ(pool->used_bytes() - used0, 512u);
    EXPECT_EQ(pool->total_bytes() - total0, 512u);
  }
  EXPECT_EQ(pool->used_bytes(), used0);
  EXPECT_EQ(pool->total_bytes() - total0, 512u);
  pool->free_all_blocks();
  EXPECT_EQ(pool->total_bytes(), used0);
}

TEST(Errors, FloatReprIsPythons) {
  EXPECT_EQ(cupric::float_repr(0.5), "0.5");
  EXPECT_EQ(cupric::float_repr(1.0), "1.0");
  EXPECT_EQ(cupric::float_repr(-0.0), "-0.0");
  EXPECT_EQ(cupric::float_repr(100000.0), "100000.0");
  EXPECT_EQ(cupric::float_repr(0.1), "0.1");
  EXPECT_EQ(cupric::float_repr(123.456), "123.456");
  EXPECT_EQ(cupric::float_repr(0.0001), "0.0001");
  EXPECT_EQ(cupric::float_repr(1e-05), "1e-05");
  EXPECT_EQ(cupric::float_repr(1e16), "1e+16");
  EXPECT_EQ(cupric::float_repr(1.5e300), "1.5e+300");
  EXPECT_EQ(cupric::float_repr(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(cupric::float_repr(std::numeric_limits<double>::quiet_NaN()), "nan");
  EXPECT_EQ(cupric::float_repr(-std::numeric_limits<double>::infinity()), "-inf");
}
