// Spot checks of dtypes against NumPy 2.4 / ml_dtypes: promotion and casting tables, name
// parsing, float16/bfloat16 rounding, and cast_value (the element conversion the kernels share).
#include <gtest/gtest.h>
#include <cmath>
#include <limits>
#include "cupric/cupric.hpp"
#include "cupric/detail/cast_value.hpp"

using namespace cupric;

TEST(Promotion, SpotChecks) {
  EXPECT_EQ(promote_types(dtypes::uint64, dtypes::int64), dtypes::float64);
  EXPECT_EQ(promote_types(dtypes::int8, dtypes::uint8), dtypes::int16);
  EXPECT_EQ(promote_types(dtypes::uint32, dtypes::int32), dtypes::int64);
  EXPECT_EQ(promote_types(dtypes::int16, dtypes::float16), dtypes::float32);
  EXPECT_EQ(promote_types(dtypes::int64, dtypes::float32), dtypes::float64);
  EXPECT_EQ(promote_types(dtypes::float32, dtypes::complex64), dtypes::complex64);
  EXPECT_EQ(promote_types(dtypes::float64, dtypes::complex64), dtypes::complex128);
  EXPECT_EQ(promote_types(dtypes::bool_, dtypes::bool_), dtypes::bool_);
  EXPECT_EQ(promote_types(dtypes::bfloat16, dtypes::uint8), dtypes::bfloat16);
  EXPECT_THROW(promote_types(dtypes::bfloat16, dtypes::float16), TypeError);
  EXPECT_THROW(promote_types(dtypes::bfloat16, dtypes::int16), TypeError);  // no common type in ml_dtypes
  EXPECT_EQ(promote_types(DType::void_(8), DType::void_(8)), DType::void_(8));
  EXPECT_THROW(promote_types(DType::void_(8), dtypes::float64), TypeError);
  // Symmetric over the whole numeric table (NumPy's promote_types is commutative).
  for (int i = 0; i < kNumNumericTypes; ++i) {
    for (int j = 0; j < kNumNumericTypes; ++j) {
      DType a{static_cast<ScalarType>(i)}, b{static_cast<ScalarType>(j)};
      bool ab_ok = true, ba_ok = true;
      DType ab, ba;
      try {
        ab = promote_types(a, b);
      } catch (const TypeError&) { ab_ok = false; }
      try {
        ba = promote_types(b, a);
      } catch (const TypeError&) { ba_ok = false; }
      EXPECT_EQ(ab_ok, ba_ok) << a.name() << " " << b.name();
      if (ab_ok && ba_ok) EXPECT_EQ(ab, ba) << a.name() << " " << b.name();
    }
  }
}

TEST(Casting, SpotChecks) {
  EXPECT_FALSE(can_cast(dtypes::int8, dtypes::uint8, Casting::SameKind));
  EXPECT_TRUE(can_cast(dtypes::uint8, dtypes::int8, Casting::SameKind));  // NumPy: u -> i is same_kind
  EXPECT_TRUE(can_cast(dtypes::int8, dtypes::uint8, Casting::Unsafe));
  EXPECT_FALSE(can_cast(dtypes::int64, dtypes::float32, Casting::Safe));
  EXPECT_TRUE(can_cast(dtypes::int64, dtypes::float64, Casting::Safe));
  EXPECT_TRUE(can_cast(dtypes::float64, dtypes::float32, Casting::SameKind));
  EXPECT_FALSE(can_cast(dtypes::float64, dtypes::float32, Casting::Safe));
  EXPECT_FALSE(can_cast(dtypes::complex64, dtypes::float64, Casting::SameKind));
  EXPECT_FALSE(can_cast(dtypes::float32, dtypes::float64, Casting::No));
  EXPECT_TRUE(can_cast(dtypes::float32, dtypes::float32, Casting::Equiv));
  for (int j = 0; j < kNumNumericTypes; ++j) {
    DType to{static_cast<ScalarType>(j)};
    EXPECT_TRUE(can_cast(dtypes::bool_, to, Casting::Safe)) << to.name();
    EXPECT_TRUE(can_cast(to, to, Casting::Safe)) << to.name();
  }
  EXPECT_EQ(parse_casting("same_kind"), Casting::SameKind);
  EXPECT_THROW(parse_casting("sometimes"), ValueError);
}

TEST(DTypeNames, Parsing) {
  EXPECT_EQ(dtype_from_string("f4"), dtypes::float32);
  EXPECT_EQ(dtype_from_string("<f8"), dtypes::float64);
  EXPECT_EQ(dtype_from_string("bool"), dtypes::bool_);
  EXPECT_EQ(dtype_from_string("?"), dtypes::bool_);
  EXPECT_EQ(dtype_from_string("int16"), dtypes::int16);
  EXPECT_EQ(dtype_from_string("c16"), dtypes::complex128);
  EXPECT_EQ(dtype_from_string("bfloat16"), dtypes::bfloat16);
  DType v = dtype_from_string("V8");
  EXPECT_TRUE(v.is_void());
  EXPECT_EQ(v.itemsize, 8);
  EXPECT_EQ(v.name(), "void64");
  try {
    dtype_from_string("datetime64[ns]");
    ADD_FAILURE() << "datetime64 parsed";
  } catch (const ValueError& e) { EXPECT_STREQ(e.what(), "Unsupported dtype datetime64[ns]"); }
  EXPECT_EQ(dtypes::float32.name(), "float32");
  EXPECT_EQ(dtypes::complex64.char_code(), 'F');
  EXPECT_EQ(dtypes::uint16.kind(), 'u');
}

TEST(Float16, RoundToNearestEven) {
  auto bits = [](float f) { return float16(f).bits; };
  EXPECT_EQ(bits(1.0f), 0x3c00);
  EXPECT_EQ(bits(65504.0f), 0x7bff);               // largest finite
  EXPECT_EQ(bits(65520.0f), 0x7c00);               // halfway to the next binade: ties to even = inf
  EXPECT_EQ(bits(2049.0f), 0x6800);                // tie -> 2048 (even)
  EXPECT_EQ(bits(2051.0f), 0x6802);                // tie -> 2052 (even)
  EXPECT_EQ(bits(std::ldexp(1.0f, -24)), 0x0001);  // smallest subnormal
  EXPECT_EQ(bits(std::ldexp(1.0f, -25)), 0x0000);  // tie with zero -> zero
  EXPECT_EQ(bits(3 * std::ldexp(1.0f, -26)), 0x0001);
  EXPECT_EQ(bits(std::numeric_limits<float>::quiet_NaN()), 0x7e00);
  EXPECT_EQ(bits(-std::numeric_limits<float>::infinity()), 0xfc00);
  EXPECT_EQ(bits(1.0f + std::ldexp(1.0f, -11)), 0x3c00);
  // From double directly: no double rounding through float (NumPy's npy_double_to_half).
  EXPECT_EQ(float16(1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40)).bits, 0x3c01);
  EXPECT_EQ(float16(1.0 + std::ldexp(1.0, -11)).bits, 0x3c00);
  // Back to float, subnormals included.
  EXPECT_EQ(static_cast<float>(float16::from_bits(0x0001)), std::ldexp(1.0f, -24));
  EXPECT_EQ(static_cast<float>(float16::from_bits(0x0200)), std::ldexp(1.0f, -15));
  EXPECT_EQ(static_cast<float>(float16::from_bits(0x3555)), 0.333251953125f);
  EXPECT_TRUE(std::isinf(static_cast<float>(float16::from_bits(0x7c00))));
  EXPECT_TRUE(std::isnan(static_cast<float>(float16::from_bits(0x7e00))));
}

TEST(BFloat16, RoundToNearestEven) {
  auto bits = [](float f) { return bfloat16(f).bits; };
  EXPECT_EQ(bits(1.0f), 0x3f80);
  EXPECT_EQ(bits(1.0f + std::ldexp(1.0f, -8)), 0x3f80);      // tie -> even
  EXPECT_EQ(bits(1.0f + 3 * std::ldexp(1.0f, -8)), 0x3f82);  // tie -> even
  EXPECT_EQ(bits(std::numeric_limits<float>::quiet_NaN()), 0x7fc0);
  EXPECT_EQ(bits(std::numeric_limits<float>::infinity()), 0x7f80);
  EXPECT_EQ(bits(-0.0f), 0x8000);
  EXPECT_EQ(bits(std::ldexp(1.0f, -130)), 0x0008);  // float subnormal, exact in bfloat16
  EXPECT_EQ(bits(3.4e38f), 0x7f80);                 // rounds past the largest finite to inf
  EXPECT_EQ(static_cast<float>(bfloat16::from_bits(0x7f7f)), 3.3895313892515355e38f);
  EXPECT_EQ(static_cast<float>(bfloat16::from_bits(0x0001)), std::ldexp(1.0f, -133));
}

TEST(CastValue, NumPyValues) {
  EXPECT_EQ(cast_value<uint8_t>(-1.0), 255);
  EXPECT_EQ(cast_value<int32_t>(3.9), 3);
  EXPECT_EQ(cast_value<int32_t>(-3.9), -3);
  EXPECT_EQ(cast_value<int8_t>(200.0f), -56);  // through int32, then wraps (Note [Float to integer casts])
  EXPECT_EQ(cast_value<uint64_t>(-1.0), UINT64_MAX);
  EXPECT_EQ(cast_value<double>(complex128(1.5, 2.0)), 1.5);
  EXPECT_EQ(cast_value<int64_t>(complex64(-2.5f, 7.0f)), -2);
  EXPECT_EQ(cast_value<complex64>(2), complex64(2.0f, 0.0f));
  EXPECT_TRUE(cast_value<bool>(std::numeric_limits<double>::quiet_NaN()));
  EXPECT_FALSE(cast_value<bool>(-0.0));
  EXPECT_TRUE(cast_value<bool>(complex64(0.0f, 1.0f)));
  EXPECT_EQ(cast_value<float16>(1.0).bits, 0x3c00);
  EXPECT_EQ(cast_value<float>(bfloat16::from_bits(0x3f80)), 1.0f);
  EXPECT_EQ(cast_value<int16_t>(float16::from_bits(0xc200)), -3);  // -3.0 in float16
  EXPECT_EQ(cast_value<uint8_t>(int64_t{257}), 1);
}
