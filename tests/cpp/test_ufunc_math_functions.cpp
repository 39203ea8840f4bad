// The math-function ufuncs in the C++ API: exponents, logarithms, trigonometry, two-output
// ufuncs, clip, the composed functions (around, fix, nan_to_num, angle, i0), ufunc.at and ufunc.outer.
#include <gtest/gtest.h>
#include <cmath>
#include <cupric/cupric.hpp>

using namespace cupric;

TEST(UfuncMathFunctions, MathFunctions) {
  ndarray a = array<double>({1.0, 8.0, 0.5});
  std::vector<double> r = to_vector<double>(cbrt(a));
  EXPECT_DOUBLE_EQ(r[1], 2.0);
  EXPECT_DOUBLE_EQ(to_vector<double>(log2(a))[1], 3.0);
  EXPECT_DOUBLE_EQ(to_vector<double>(hypot(a, a))[0], std::sqrt(2.0));
  ndarray i = array<int32_t>({1, 2});
  EXPECT_EQ(arctan(i).dtype(), dtypes::float64);  // int32 uses the float64 loop (int16 float32)
  EXPECT_EQ(floor(i).dtype(), dtypes::int32);     // NumPy 2's integer floor loop
  EXPECT_EQ(ldexp(array<float>({1.f}), 3).dtype(), dtypes::float32);
  EXPECT_EQ(to_vector<float>(ldexp(array<float>({1.5f}), 3))[0], 12.f);
  EXPECT_EQ(to_vector<int32_t>(gcd(array<int32_t>({12, -18}), array<int32_t>({18, 12}))), (std::vector<int32_t>{6, 6}));
  EXPECT_EQ(to_vector<uint8_t>(bitwise_count(array<int8_t>({-1, 7}))), (std::vector<uint8_t>{1, 3}));
  EXPECT_THROW(gcd(array<double>({1.0}), 2), TypeError);  // no float loop
}

TEST(UfuncMathFunctions, TwoOutputs) {
  auto [q, r] = divmod(array<int32_t>({7, -7}), 2);
  EXPECT_EQ(to_vector<int32_t>(q), (std::vector<int32_t>{3, -4}));
  EXPECT_EQ(to_vector<int32_t>(r), (std::vector<int32_t>{1, 1}));
  auto [m, e] = frexp(array<double>({8.0}));
  EXPECT_EQ(to_vector<double>(m)[0], 0.5);
  EXPECT_EQ(e.dtype(), dtypes::int32);
  EXPECT_EQ(to_vector<int32_t>(e)[0], 4);
  auto [f, n] = modf(array<double>({-2.5}));
  EXPECT_EQ(to_vector<double>(f)[0], -0.5);
  EXPECT_EQ(to_vector<double>(n)[0], -2.0);
}

TEST(UfuncMathFunctions, ComposedFunctions) {
  EXPECT_EQ(to_vector<double>(around(array<double>({0.5, 1.5, 2.675}), 0)), (std::vector<double>{0.0, 2.0, 3.0}));
  EXPECT_EQ(to_vector<int64_t>(around(array<int64_t>({15, 25}), -1)), (std::vector<int64_t>{20, 20}));
  EXPECT_EQ(to_vector<double>(fix(array<double>({-2.5, 2.5}))), (std::vector<double>{-2.0, 2.0}));
  EXPECT_EQ(to_vector<double>(nan_to_num(array<double>({NAN, 1.0}))), (std::vector<double>{0.0, 1.0}));
  EXPECT_EQ(to_vector<int32_t>(clip(array<int32_t>({-5, 3, 9}), 0, 4)), (std::vector<int32_t>{0, 3, 4}));
  EXPECT_NEAR(to_vector<double>(angle(array<double>({-1.0}), true))[0], 180.0, 1e-12);
  EXPECT_NEAR(to_vector<double>(i0(array<double>({1.0})))[0], 1.2660658777520082, 1e-15);
  EXPECT_NEAR(to_vector<double>(sinc(array<double>({0.5})))[0], 2.0 / M_PI, 1e-15);
  ndarray z = array<complex128>({complex128(1.0, 2.0)});
  EXPECT_EQ(to_vector<double>(imag(z))[0], 2.0);
  EXPECT_EQ(to_vector<double>(real(z))[0], 1.0);
}

TEST(UfuncMathFunctions, AtAndOuter) {
  ndarray a = zeros(Dims{3}, dtypes::float64);
  const Operand one(1.0);
  ufunc_at(*find_ufunc("add"), a, {Index::array_index(array<int64_t>({0, 0, 2}))}, &one);
  EXPECT_EQ(to_vector<double>(a), (std::vector<double>{2.0, 0.0, 1.0}));
  EXPECT_THROW(ufunc_at(*find_ufunc("add"), a, {Index::integer(0)}, nullptr), ValueError);
  UfuncResult r = ufunc_outer(*find_ufunc("multiply"), array<int32_t>({1, 2}), array<int32_t>({3, 4, 5}));
  EXPECT_EQ(r.out[0].shape(), (Dims{2, 3}));
  EXPECT_EQ(to_vector<int32_t>(r.out[0]), (std::vector<int32_t>{3, 4, 5, 6, 8, 10}));
}
