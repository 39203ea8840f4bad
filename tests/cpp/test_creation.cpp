// Tests of the creation routines (arange, linspace, logspace, meshgrid, eye, identity, diag,
// diagflat, tri, tril, triu, *_like) against values NumPy 2.4 gives (noted next to each).
#include <gtest/gtest.h>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>
#include "cupric/cupric.hpp"

using namespace cupric;

namespace {

template <class T>
Scalar S(T v) {
  return Scalar::of<T>(v);
}

// The raw bits of each element, to compare floats bit for bit with NumPy's.
template <class T, class U>
std::vector<U> bits_of(const ndarray& a) {
  static_assert(sizeof(T) == sizeof(U) || sizeof(T) == 2 * sizeof(U));
  std::vector<T> v = to_vector<T>(a);
  std::vector<U> out(v.size() * sizeof(T) / sizeof(U));
  std::memcpy(out.data(), v.data(), v.size() * sizeof(T));
  return out;
}

template <class E, class F>
std::string error_message(F&& f) {
  try {
    f();
  } catch (const E& e) { return e.what(); }
  return "<no exception>";
}

std::vector<std::string> g_warnings;
void record_warning(const char* category, const char* message) {
  g_warnings.push_back(std::string(category) + ": " + message);
}

}  // namespace

// ---- arange --------------------------------------------------------------------------------------

TEST(Arange, IntegersDefaultToInt64) {
  ndarray a = arange(S<int64_t>(5));
  EXPECT_EQ(a.dtype(), dtypes::int64);
  EXPECT_EQ(a.shape(), (Dims{5}));
  EXPECT_EQ(to_vector<int64_t>(a), (std::vector<int64_t>{0, 1, 2, 3, 4}));
  EXPECT_EQ(to_vector<int64_t>(arange(S<int64_t>(10), S<int64_t>(0), S<int64_t>(-3))),
            (std::vector<int64_t>{10, 7, 4, 1}));
  EXPECT_EQ(arange(S<int64_t>(-3)).size(), 0);
  EXPECT_EQ(to_vector<int64_t>(arange(S<bool>(true), S<int64_t>(5))), (std::vector<int64_t>{1, 2, 3, 4}));
  // np.arange(np.int8(3)).dtype == int64: promote_types(int64, int8).
  EXPECT_EQ(arange(S<int8_t>(3)).dtype(), dtypes::int64);
}

TEST(Arange, DefaultDtypePromotion) {
  EXPECT_EQ(arange(S<double>(5.5)).dtype(), dtypes::float64);
  EXPECT_EQ(arange(S<double>(5.5)).size(), 6);
  EXPECT_EQ(arange(S<uint64_t>(3)).dtype(), dtypes::float64);  // np.arange(np.uint64(3)): float64
  EXPECT_EQ(arange(S<int64_t>(0), S<complex128>({5, 1})).dtype(), dtypes::complex128);
  // np.arange(2**63, 2**63+3): float64, three equal values.
  ndarray big = arange(S<uint64_t>(9223372036854775808ull), S<uint64_t>(9223372036854775811ull));
  EXPECT_EQ(big.dtype(), dtypes::float64);
  EXPECT_EQ(to_vector<double>(big), (std::vector<double>(3, 9223372036854775808.0)));
}

TEST(Arange, Float64BitExact) {
  // np.arange(0, 1, 0.1) and np.arange(-3.7, 11, 1.3), as bits.
  EXPECT_EQ((bits_of<double, uint64_t>(arange(S<int64_t>(0), S<int64_t>(1), S<double>(0.1)))),
            (std::vector<uint64_t>{0x0, 0x3fb999999999999a, 0x3fc999999999999a, 0x3fd3333333333334, 0x3fd999999999999a,
                                   0x3fe0000000000000, 0x3fe3333333333334, 0x3fe6666666666667, 0x3fe999999999999a,
                                   0x3feccccccccccccd}));
  EXPECT_EQ((bits_of<double, uint64_t>(arange(S<double>(-3.7), S<int64_t>(11), S<double>(1.3)))),
            (std::vector<uint64_t>{0xc00d99999999999a, 0xc003333333333334, 0xbff199999999999c, 0x3fc9999999999980,
                                   0x3ff7fffffffffffc, 0x4006666666666664, 0x4010666666666665, 0x4015999999999997,
                                   0x401acccccccccccb, 0x401fffffffffffff, 0x4022999999999998, 0x4025333333333332}));
}

TEST(Arange, Float32AndHalfBitExact) {
  EXPECT_EQ((bits_of<float, uint32_t>(arange(S<int64_t>(0), S<int64_t>(1), S<double>(0.1), dtypes::float32))),
            (std::vector<uint32_t>{0x0, 0x3dcccccd, 0x3e4ccccd, 0x3e99999a, 0x3ecccccd, 0x3f000000, 0x3f19999a,
                                   0x3f333333, 0x3f4ccccd, 0x3f666667}));
  EXPECT_EQ((bits_of<float, uint32_t>(arange(S<double>(0.1), S<int64_t>(7), S<double>(0.37), dtypes::float32))),
            (std::vector<uint32_t>{0x3dcccccd, 0x3ef0a3d7, 0x3f570a3e, 0x3f9ae148, 0x3fca3d71, 0x3ff9999a, 0x40147ae1,
                                   0x402c28f6, 0x4043d70a, 0x405b851e, 0x40733333, 0x408570a4, 0x409147ae, 0x409d1eb8,
                                   0x40a8f5c3, 0x40b4cccd, 0x40c0a3d7, 0x40cc7ae1, 0x40d851eb}));
  EXPECT_EQ((bits_of<float16, uint16_t>(arange(S<int64_t>(0), S<int64_t>(1), S<double>(0.1), dtypes::float16))),
            (std::vector<uint16_t>{0x0, 0x2e66, 0x3266, 0x34cc, 0x3666, 0x3800, 0x38cc, 0x3999, 0x3a66, 0x3b33}));
  // ml_dtypes: np.arange(0, 1, 0.1, dtype=bfloat16).
  EXPECT_EQ((bits_of<bfloat16, uint16_t>(arange(S<int64_t>(0), S<int64_t>(1), S<double>(0.1), dtypes::bfloat16))),
            (std::vector<uint16_t>{0x0, 0x3dcd, 0x3e4d, 0x3e9a, 0x3ecd, 0x3f00, 0x3f1a, 0x3f33, 0x3f4d, 0x3f67}));
}

TEST(Arange, Complex) {
  EXPECT_EQ((bits_of<complex64, uint32_t>(arange(S<int64_t>(0), S<int64_t>(1), S<double>(1.0 / 3), dtypes::complex64))),
            (std::vector<uint32_t>{0x0, 0x0, 0x3eaaaaab, 0x0, 0x3f2aaaab, 0x0}));
  // np.arange(1+1j, 5+3j, 1) == [1+1j, 2+1j]: the length is min(ceil(re), ceil(im)) of the quotient.
  ndarray a = arange(S<complex128>({1, 1}), S<complex128>({5, 3}), S<int64_t>(1));
  EXPECT_EQ(to_vector<complex128>(a), (std::vector<complex128>{{1, 1}, {2, 1}}));
  // np.arange(0, 3+3j, 0.5+0.25j) == [0, 0.5+0.25j, 1+0.5j].
  EXPECT_EQ(to_vector<complex128>(arange(S<int64_t>(0), S<complex128>({3, 3}), S<complex128>({0.5, 0.25}))),
            (std::vector<complex128>{{0, 0}, {0.5, 0.25}, {1, 0.5}}));
  // np.arange(0, 10, 1+0j) is empty (ceil of the imaginary part 0).
  EXPECT_EQ(arange(S<int64_t>(0), S<int64_t>(10), S<complex128>({1, 0})).size(), 0);
}

TEST(Arange, IntegerDtypesWrapLikeNumPy) {
  // np.arange(250, 260, dtype=uint8): the fill wraps.
  EXPECT_EQ(to_vector<uint8_t>(arange(S<int64_t>(250), S<int64_t>(260), S<int64_t>(1), dtypes::uint8)),
            (std::vector<uint8_t>{250, 251, 252, 253, 254, 255, 0, 1, 2, 3}));
  // np.arange(0.5, 300, 0.7, dtype=int8): start 0, next int(1.2) = 1, 428 elements, wrapped.
  ndarray a = arange(S<double>(0.5), S<int64_t>(300), S<double>(0.7), dtypes::int8);
  ASSERT_EQ(a.size(), 428);
  std::vector<int8_t> v = to_vector<int8_t>(a);
  EXPECT_EQ(std::vector<int8_t>(v.end() - 5, v.end()), (std::vector<int8_t>{-89, -88, -87, -86, -85}));
  // np.arange(0.5, 5, 1.5, dtype=int) == [0, 2, 4].
  EXPECT_EQ(to_vector<int64_t>(arange(S<double>(0.5), S<int64_t>(5), S<double>(1.5), dtypes::int64)),
            (std::vector<int64_t>{0, 2, 4}));
  EXPECT_EQ(to_vector<int64_t>(arange(S<int64_t>(INT64_MIN), S<int64_t>(INT64_MAX), S<int64_t>(int64_t{1} << 62))),
            (std::vector<int64_t>{INT64_MIN, -(int64_t{1} << 62), 0, int64_t{1} << 62}));
  EXPECT_EQ(to_vector<uint64_t>(arange(S<double>(1e19), S<double>(1e19 + 5e18), S<double>(1e18), dtypes::uint64)),
            (std::vector<uint64_t>{10000000000000000000ull, 11000000000000000000ull, 12000000000000000000ull,
                                   13000000000000000000ull, 14000000000000000000ull}));
  EXPECT_THROW(arange(S<uint64_t>(UINT64_MAX), S<uint64_t>(0), S<int64_t>(-1), dtypes::uint64),
               ValueError);  // length > 2**63
}

TEST(Arange, Bool) {
  EXPECT_EQ(to_vector<bool>(arange(S<int64_t>(2), dtypes::bool_)), (std::vector<bool>{false, true}));
  EXPECT_EQ(to_vector<bool>(arange(S<double>(0.5), S<int64_t>(2), S<int64_t>(1), dtypes::bool_)),
            (std::vector<bool>{true, true}));
  EXPECT_EQ(error_message<TypeError>([] { arange(S<int64_t>(3), dtypes::bool_); }),
            "arange() is only supported for booleans when the result has at most length 2.");
}

TEST(Arange, LengthEdgeCases) {
  // The quotient underflows to +0: one element; to -0: none.
  EXPECT_EQ(arange(S<int64_t>(0), S<double>(1e-320), S<double>(1e300)).size(), 1);
  EXPECT_EQ(arange(S<int64_t>(0), S<double>(-1e-320), S<double>(1e300)).size(), 0);
  EXPECT_EQ(arange(S<int64_t>(0), S<int64_t>(10), S<double>(INFINITY)).size(), 1);
  EXPECT_EQ(arange(S<double>(5.0), S<double>(1.0)).size(), 0);
  // Empty results never convert start: np.arange(-1, -5, dtype=uint8) is fine.
  EXPECT_EQ(arange(S<int64_t>(-1), S<int64_t>(-5), S<int64_t>(1), dtypes::uint8).size(), 0);
}

TEST(Arange, Errors) {
  EXPECT_EQ(error_message<ZeroDivisionError>([] { arange(S<int64_t>(0), S<int64_t>(10), S<int64_t>(0)); }),
            "division by zero");
  EXPECT_EQ(error_message<ZeroDivisionError>([] { arange(S<int64_t>(5), S<int64_t>(5), S<int64_t>(0)); }),
            "division by zero");
  EXPECT_EQ(error_message<ZeroDivisionError>([] { arange(S<double>(0), S<double>(1), S<double>(0)); }),
            "float division by zero");
  EXPECT_EQ(error_message<ValueError>([] { arange(S<int64_t>(0), S<double>(NAN)); }), "arange: cannot compute length");
  EXPECT_EQ(error_message<ValueError>([] { arange(S<int64_t>(0), S<double>(INFINITY)); }),
            "Maximum allowed size exceeded");
  EXPECT_EQ(error_message<ValueError>([] { arange(S<int64_t>(0), S<double>(1e300), S<double>(1e-300)); }),
            "Maximum allowed size exceeded");
  EXPECT_EQ(error_message<ValueError>([] { arange(S<int64_t>(0), S<double>(-1e300)); }),
            "Maximum allowed size exceeded");
  EXPECT_EQ(error_message<ValueError>([] { arange(S<int64_t>(int64_t{1} << 62)); }),
            "array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.");
  EXPECT_EQ(error_message<TypeError>([] { arange(S<int64_t>(5), DType::void_(8)); }),
            "arange() not supported for inputs with DType <class 'numpy.dtypes.VoidDType'>.");
  EXPECT_EQ(error_message<TypeError>([] { arange(S<int64_t>(0), S<int64_t>(5), S<int64_t>(0), DType::void_(8)); }),
            "arange() not supported for inputs with DType <class 'numpy.dtypes.VoidDType'>.");
  EXPECT_EQ(
      error_message<TypeError>([] { arange(S<int64_t>(0), S<complex128>({5, 1}), S<int64_t>(1), dtypes::float64); }),
      "must be real number, not complex");
  EXPECT_EQ(error_message<OverflowError>([] { arange(S<int64_t>(-1), S<int64_t>(3), S<int64_t>(1), dtypes::uint8); }),
            "Python integer -1 out of bounds for uint8");
  EXPECT_EQ(
      error_message<OverflowError>([] { arange(S<double>(300.0), S<double>(303.0), S<int64_t>(1), dtypes::int8); }),
      "Python integer 300 out of bounds for int8");
  EXPECT_EQ(error_message<OverflowError>(
                [] { arange(S<double>(1e20), S<double>(1e20 + 1e5), S<double>(3e4), dtypes::int64); }),
            "Python int too large to convert to C long");
  EXPECT_EQ(error_message<OverflowError>([] {
              arange(S<uint64_t>(9223372036854775808ull), S<uint64_t>(9223372036854775809ull), S<int64_t>(1),
                     dtypes::int8);
            }),
            "Python int too large to convert to C long");
  // uint64 takes values above int64 but not negative ones.
  EXPECT_EQ(
      to_vector<uint64_t>(arange(S<uint64_t>(UINT64_MAX - 1), S<uint64_t>(UINT64_MAX), S<int64_t>(1), dtypes::uint64)),
      (std::vector<uint64_t>{UINT64_MAX - 1}));
  EXPECT_EQ(error_message<OverflowError>([] { arange(S<int64_t>(-5), S<int64_t>(3), S<int64_t>(1), dtypes::uint64); }),
            "Python integer -5 out of bounds for uint64");
}

// ---- linspace / logspace -------------------------------------------------------------------------

TEST(Linspace, Float64BitExact) {
  ndarray a = linspace(S<int64_t>(0), S<int64_t>(1), 7);
  EXPECT_EQ(a.dtype(), dtypes::float64);
  EXPECT_EQ((bits_of<double, uint64_t>(a)),
            (std::vector<uint64_t>{0x0, 0x3fc5555555555555, 0x3fd5555555555555, 0x3fe0000000000000, 0x3fe5555555555555,
                                   0x3feaaaaaaaaaaaaa, 0x3ff0000000000000}));
  EXPECT_EQ((bits_of<double, uint64_t>(linspace(S<double>(-2.5), S<double>(1e3), 11))),
            (std::vector<uint64_t>{0xc004000000000000, 0x4058700000000000, 0x4068c00000000000, 0x4072a40000000000,
                                   0x4078e80000000000, 0x407f2c0000000000, 0x4082b80000000000, 0x4085da0000000000,
                                   0x4088fc0000000000, 0x408c1e0000000000, 0x408f400000000000}));
  EXPECT_EQ((bits_of<float, uint32_t>(linspace(S<int64_t>(0), S<int64_t>(1), 7, true, dtypes::float32))),
            (std::vector<uint32_t>{0x0, 0x3e2aaaab, 0x3eaaaaab, 0x3f000000, 0x3f2aaaab, 0x3f555555, 0x3f800000}));
}

TEST(Linspace, StepEndpointAndSmallNum) {
  Scalar step;
  ndarray a = linspace(S<int64_t>(2), S<int64_t>(3), 5, true, std::nullopt, &step);
  EXPECT_EQ(to_vector<double>(a), (std::vector<double>{2, 2.25, 2.5, 2.75, 3}));
  EXPECT_EQ(step.dtype, dtypes::float64);
  EXPECT_EQ(step.as<double>(), 0.25);
  // endpoint=False: np.linspace(0.1, 0.9, 6, endpoint=False), step 0x1.1111111111111p-3.
  ndarray b = linspace(S<double>(0.1), S<double>(0.9), 6, false, std::nullopt, &step);
  EXPECT_EQ((bits_of<double, uint64_t>(b)),
            (std::vector<uint64_t>{0x3fb999999999999a, 0x3fcdddddddddddde, 0x3fd7777777777778, 0x3fe0000000000000,
                                   0x3fe4444444444444, 0x3fe8888888888888}));
  EXPECT_EQ(step.as<double>(), 0x1.1111111111111p-3);
  ndarray one = linspace(S<int64_t>(2), S<int64_t>(3), 1, true, std::nullopt, &step);
  EXPECT_EQ(to_vector<double>(one), (std::vector<double>{2}));
  EXPECT_TRUE(std::isnan(step.as<double>()));
  EXPECT_EQ(linspace(S<int64_t>(0), S<int64_t>(1), 0).shape(), (Dims{0}));
  // np.linspace(0, inf, 1) == [nan] (0 * inf).
  EXPECT_TRUE(std::isnan(to_vector<double>(linspace(S<int64_t>(0), S<double>(INFINITY), 1))[0]));
  // Denormal step: y = i / div * delta.
  EXPECT_EQ((bits_of<double, uint64_t>(linspace(S<int64_t>(0), S<double>(5e-324), 3))),
            (std::vector<uint64_t>{0x0, 0x0, 0x1}));
  EXPECT_EQ((bits_of<double, uint64_t>(linspace(S<int64_t>(0), S<double>(1e-323), 5))),
            (std::vector<uint64_t>{0x0, 0x0, 0x1, 0x2, 0x2}));
}

TEST(Linspace, IntegerAndBoolDtypes) {
  EXPECT_EQ(to_vector<int64_t>(linspace(S<int64_t>(0), S<int64_t>(10), 5, true, dtypes::int64)),
            (std::vector<int64_t>{0, 2, 5, 7, 10}));
  EXPECT_EQ(to_vector<int8_t>(linspace(S<double>(-1.5), S<int64_t>(10), 5, true, dtypes::int8)),
            (std::vector<int8_t>{-2, 1, 4, 7, 10}));  // floor, not truncation
  EXPECT_EQ(to_vector<bool>(linspace(S<int64_t>(0), S<int64_t>(1), 3, true, dtypes::bool_)),
            (std::vector<bool>{false, true, true}));
}

TEST(Linspace, Complex) {
  Scalar step;
  ndarray a = linspace(S<int64_t>(0), S<complex128>({1, 1}), 4, true, std::nullopt, &step);
  EXPECT_EQ(a.dtype(), dtypes::complex128);
  EXPECT_EQ((bits_of<complex128, uint64_t>(a)),
            (std::vector<uint64_t>{0x0, 0x0, 0x3fd5555555555555, 0x3fd5555555555555, 0x3fe5555555555555,
                                   0x3fe5555555555555, 0x3ff0000000000000, 0x3ff0000000000000}));
  EXPECT_EQ(step.dtype, dtypes::complex128);
  EXPECT_EQ(step.as<complex128>(), complex128(1.0 / 3, 1.0 / 3));
  EXPECT_EQ((bits_of<complex128, uint64_t>(linspace(S<complex128>({0.3, -2}), S<complex128>({1, 1}), 5))),
            (std::vector<uint64_t>{0x3fd3333333333333, 0xc000000000000000, 0x3fde666666666666, 0xbff4000000000000,
                                   0x3fe4cccccccccccc, 0xbfe0000000000000, 0x3fea666666666666, 0x3fd0000000000000,
                                   0x3ff0000000000000, 0x3ff0000000000000}));
  EXPECT_EQ(to_vector<bool>(linspace(S<int64_t>(0), S<complex128>({0, 1}), 3, true, dtypes::bool_)),
            (std::vector<bool>{false, true, true}));
  g_warnings.clear();
  set_warning_handler(&record_warning);
  ndarray re = linspace(S<int64_t>(0), S<complex128>({1, 1}), 3, true, dtypes::float32);
  set_warning_handler(nullptr);
  EXPECT_EQ(to_vector<float>(re), (std::vector<float>{0, 0.5f, 1}));
  ASSERT_EQ(g_warnings.size(), 1u);
  EXPECT_EQ(g_warnings[0], "ComplexWarning: Casting complex values to real discards the imaginary part");
  EXPECT_THROW(linspace(S<int64_t>(0), S<complex128>({1, 1}), 4, true, dtypes::int64), TypeError);
}

TEST(Linspace, Errors) {
  EXPECT_EQ(error_message<ValueError>([] { linspace(S<int64_t>(0), S<int64_t>(1), -1); }),
            "Number of samples, -1, must be non-negative.");
  EXPECT_THROW(linspace(S<int64_t>(0), S<int64_t>(1), 3, true, DType::void_(8)), TypeError);
}

TEST(Logspace, Values) {
  EXPECT_EQ(to_vector<double>(logspace(S<int64_t>(0), S<int64_t>(2), 3)), (std::vector<double>{1, 10, 100}));
  EXPECT_EQ(to_vector<int64_t>(logspace(S<int64_t>(0), S<int64_t>(2), 3, true, 2.0, dtypes::int64)),
            (std::vector<int64_t>{1, 2, 4}));
  EXPECT_EQ((bits_of<float, uint32_t>(logspace(S<int64_t>(-1), S<int64_t>(4), 6, true, 2.0, dtypes::float32))),
            (std::vector<uint32_t>{0x3f000000, 0x3f800000, 0x40000000, 0x40800000, 0x41000000, 0x41800000}));
  // np.logspace(0, 3, 7): pow may differ from NumPy's in the last place on other libms.
  std::vector<double> v = to_vector<double>(logspace(S<int64_t>(0), S<int64_t>(3), 7));
  std::vector<double> expect = {1.0, 3.1622776601683795, 10.0, 31.622776601683793, 100.0, 316.22776601683796, 1000.0};
  for (size_t i = 0; i < v.size(); ++i) EXPECT_NEAR(v[i], expect[i], 1e-15 * expect[i]);
  EXPECT_EQ(to_vector<float16>(logspace(S<int64_t>(0), S<int64_t>(3), 4, true, 10.0, dtypes::float16)).size(), 4u);
  EXPECT_THROW(logspace(S<int64_t>(0), S<complex128>({1, 1}), 3), NotImplementedError);
  EXPECT_THROW(logspace(S<int64_t>(0), S<int64_t>(1), -2), ValueError);
}

// ---- meshgrid ------------------------------------------------------------------------------------

TEST(Meshgrid, XyAndIj) {
  ndarray x = arange(S<int64_t>(2)), y = arange(S<int64_t>(3));
  std::vector<ndarray> xy = meshgrid({x, y});
  ASSERT_EQ(xy.size(), 2u);
  EXPECT_EQ(xy[0].shape(), (Dims{3, 2}));
  EXPECT_EQ(to_vector<int64_t>(xy[0]), (std::vector<int64_t>{0, 1, 0, 1, 0, 1}));
  EXPECT_EQ(to_vector<int64_t>(xy[1]), (std::vector<int64_t>{0, 0, 1, 1, 2, 2}));
  EXPECT_TRUE(xy[0].c_contiguous());
  std::vector<ndarray> ij = meshgrid({x, y}, "ij");
  EXPECT_EQ(ij[0].shape(), (Dims{2, 3}));
  EXPECT_EQ(to_vector<int64_t>(ij[0]), (std::vector<int64_t>{0, 0, 0, 1, 1, 1}));
  EXPECT_EQ(to_vector<int64_t>(ij[1]), (std::vector<int64_t>{0, 1, 2, 0, 1, 2}));
}

TEST(Meshgrid, SparseViewsAndErrors) {
  ndarray x = arange(S<int64_t>(2)), y = arange(S<int64_t>(3)), z = arange(S<int64_t>(4));
  std::vector<ndarray> s = meshgrid({x, y, z}, "xy", true);
  EXPECT_EQ(s[0].shape(), (Dims{1, 2, 1}));
  EXPECT_EQ(s[1].shape(), (Dims{3, 1, 1}));
  EXPECT_EQ(s[2].shape(), (Dims{1, 1, 4}));
  // copy=False: broadcast views with zero strides, sharing the input's memory.
  std::vector<ndarray> v = meshgrid({x, y}, "xy", false, false);
  EXPECT_EQ(v[0].strides(), (Dims{0, 8}));
  EXPECT_EQ(v[1].strides(), (Dims{8, 0}));
  EXPECT_EQ(v[0].data(), x.data());
  EXPECT_EQ(meshgrid({x}, "xy", true)[0].shape(), (Dims{2}));
  EXPECT_TRUE(meshgrid({}).empty());
  // N-D inputs are flattened: meshgrid(zeros((2,2)), arange(3)) gives (3, 4) arrays.
  std::vector<ndarray> f = meshgrid({zeros(Dims{2, 2}), y});
  EXPECT_EQ(f[0].shape(), (Dims{3, 4}));
  EXPECT_EQ(error_message<ValueError>([&] { meshgrid({x, y}, "ab"); }),
            "Valid values for `indexing` are 'xy' and 'ij'.");
}

// ---- eye, identity, tri --------------------------------------------------------------------------

TEST(Eye, Values) {
  ndarray e = eye(3);
  EXPECT_EQ(e.dtype(), dtypes::float64);
  EXPECT_EQ(to_vector<double>(e), (std::vector<double>{1, 0, 0, 0, 1, 0, 0, 0, 1}));
  EXPECT_EQ(to_vector<double>(eye(2, 3, 1)), (std::vector<double>{0, 1, 0, 0, 0, 1}));
  EXPECT_EQ(to_vector<double>(eye(3, 2, -1)), (std::vector<double>{0, 0, 1, 0, 0, 1}));
  EXPECT_EQ(to_vector<double>(eye(2, 3, 5)), (std::vector<double>(6, 0.0)));
  EXPECT_EQ(to_vector<int32_t>(eye(2, 2, INT64_MIN, dtypes::int32)), (std::vector<int32_t>(4, 0)));
  EXPECT_EQ(to_vector<complex64>(eye(2, std::nullopt, 0, dtypes::complex64)),
            (std::vector<complex64>{{1, 0}, {0, 0}, {0, 0}, {1, 0}}));
  EXPECT_EQ(to_vector<bool>(identity(2, dtypes::bool_)), (std::vector<bool>{true, false, false, true}));
  EXPECT_EQ(eye(0).shape(), (Dims{0, 0}));
}

TEST(Eye, FortranOrder) {
  ndarray f = eye(2, 3, 1, dtypes::float32, Order::F);
  EXPECT_TRUE(f.f_contiguous());
  EXPECT_EQ(f.shape(), (Dims{2, 3}));
  EXPECT_EQ(to_vector<float>(f), (std::vector<float>{0, 1, 0, 0, 0, 1}));  // to_vector reads C order
  ndarray g = eye(3, 2, -1, dtypes::float64, Order::F);
  EXPECT_EQ(to_vector<double>(g), (std::vector<double>{0, 0, 1, 0, 0, 1}));
}

TEST(Eye, Errors) {
  EXPECT_EQ(error_message<ValueError>([] { eye(-1); }), "negative dimensions are not allowed");
  EXPECT_EQ(error_message<ValueError>([] { eye(3, std::nullopt, 0, dtypes::float64, Order::K); }),
            "only 'C' or 'F' order is permitted");
  EXPECT_THROW(eye(3, std::nullopt, 0, DType::void_(8)), TypeError);
}

TEST(Tri, Values) {
  // np.tri(3, 2, -1, dtype=int) == [[0, 0], [1, 0], [1, 1]].
  EXPECT_EQ(to_vector<int64_t>(tri(3, 2, -1, dtypes::int64)), (std::vector<int64_t>{0, 0, 1, 0, 1, 1}));
  EXPECT_EQ(to_vector<double>(tri(3)), (std::vector<double>{1, 0, 0, 1, 1, 0, 1, 1, 1}));
  EXPECT_EQ(tri(0).shape(), (Dims{0, 0}));
  EXPECT_THROW(tri(2, std::nullopt, 0, DType::void_(4)), TypeError);
}

// ---- tril, triu ----------------------------------------------------------------------------------

TEST(Tril, TwoAndThreeDims) {
  ndarray m = arange(S<int64_t>(9));
  m = m.view(Dims{3, 3}, Dims{24, 8});
  EXPECT_EQ(to_vector<int64_t>(tril(m)), (std::vector<int64_t>{0, 0, 0, 3, 4, 0, 6, 7, 8}));
  EXPECT_EQ(to_vector<int64_t>(triu(m)), (std::vector<int64_t>{0, 1, 2, 0, 4, 5, 0, 0, 8}));
  EXPECT_EQ(to_vector<int64_t>(triu(m, 1)), (std::vector<int64_t>{0, 1, 2, 0, 0, 5, 0, 0, 0}));
  ndarray b = arange(S<int64_t>(24)).view(Dims{2, 3, 4}, Dims{96, 32, 8});
  // np.tril(np.arange(24).reshape(2,3,4), 1)
  EXPECT_EQ(to_vector<int64_t>(tril(b, 1)),
            (std::vector<int64_t>{0, 1, 0, 0, 4, 5, 6, 0, 8, 9, 10, 11, 12, 13, 0, 0, 16, 17, 18, 0, 20, 21, 22, 23}));
  // np.triu(np.arange(24).reshape(2,3,4), -1)
  EXPECT_EQ(to_vector<int64_t>(triu(b, -1)), (std::vector<int64_t>{0,  1,  2,  3,  4,  5,  6,  7,  0, 9,  10, 11,
                                                                   12, 13, 14, 15, 16, 17, 18, 19, 0, 21, 22, 23}));
}

TEST(Tril, StridedInputAndBroadcastVector) {
  // a = np.arange(24).reshape(4,3,2).transpose(2,1,0): a strided input; the output is C-contiguous.
  ndarray base = arange(S<int64_t>(24), dtypes::int16);
  ndarray a = base.view(Dims{2, 3, 4}, Dims{2, 4, 12});
  ndarray t = tril(a);
  EXPECT_TRUE(t.c_contiguous());
  EXPECT_EQ(t.dtype(), dtypes::int16);
  EXPECT_EQ(to_vector<int16_t>(t),
            (std::vector<int16_t>{0, 0, 0, 0, 2, 8, 0, 0, 4, 10, 16, 0, 1, 0, 0, 0, 3, 9, 0, 0, 5, 11, 17, 0}));
  // np.triu([1, 2, 3]) == [[1, 2, 3], [0, 2, 3], [0, 0, 3]].
  ndarray v = arange(S<int64_t>(1), S<int64_t>(4));
  EXPECT_EQ(triu(v).shape(), (Dims{3, 3}));
  EXPECT_EQ(to_vector<int64_t>(triu(v)), (std::vector<int64_t>{1, 2, 3, 0, 2, 3, 0, 0, 3}));
  EXPECT_EQ(to_vector<complex128>(tril(array<complex128>({{1, 1}, {2, 2}, {3, 3}, {4, 4}}, Dims{2, 2}))),
            (std::vector<complex128>{{1, 1}, {0, 0}, {3, 3}, {4, 4}}));
  EXPECT_EQ(to_vector<int64_t>(tril(v, INT64_MAX)), (std::vector<int64_t>{1, 2, 3, 1, 2, 3, 1, 2, 3}));
  EXPECT_EQ(to_vector<int64_t>(tril(v, INT64_MIN)), (std::vector<int64_t>(9, 0)));
}

TEST(Tril, Errors) {
  EXPECT_THROW(tril(zeros(Dims{})), TypeError);
  EXPECT_THROW(triu(zeros(Dims{2, 2}, DType::void_(8))), TypeError);
}

// ---- diag, diagflat ------------------------------------------------------------------------------

TEST(Diag, FromVector) {
  // np.diag(np.arange(3), 1)
  EXPECT_EQ(to_vector<int64_t>(diag(arange(S<int64_t>(3)), 1)),
            (std::vector<int64_t>{0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 2, 0, 0, 0, 0}));
  ndarray d = diag(array<float>({1, 2}), -1);
  EXPECT_EQ(d.shape(), (Dims{3, 3}));
  EXPECT_EQ(to_vector<float>(d), (std::vector<float>{0, 0, 0, 1, 0, 0, 0, 2, 0}));
  EXPECT_EQ(diag(arange(S<int64_t>(0))).shape(), (Dims{0, 0}));
}

TEST(Diag, FromMatrix) {
  ndarray m = arange(S<int64_t>(9)).view(Dims{3, 3}, Dims{24, 8});
  EXPECT_EQ(to_vector<int64_t>(diag(m)), (std::vector<int64_t>{0, 4, 8}));
  EXPECT_EQ(to_vector<int64_t>(diag(m, -1)), (std::vector<int64_t>{3, 7}));
  EXPECT_EQ(diag(m, 5).shape(), (Dims{0}));
  EXPECT_EQ(diag(m, -5).shape(), (Dims{0}));
  // A copy, not a view.
  EXPECT_FALSE(diag(m).may_share_memory(m));
  // np.diag(np.arange(12).reshape(3,4).T, 1) == [4, 9]: a transposed input.
  ndarray t = arange(S<int64_t>(12)).view(Dims{4, 3}, Dims{8, 32});
  EXPECT_EQ(to_vector<int64_t>(diag(t, 1)), (std::vector<int64_t>{4, 9}));
  EXPECT_EQ(error_message<ValueError>([] { diag(zeros(Dims{2, 2, 2})); }), "Input must be 1- or 2-d.");
  EXPECT_EQ(error_message<ValueError>([] { diag(zeros(Dims{})); }), "Input must be 1- or 2-d.");
}

TEST(Diag, Diagflat) {
  // np.diagflat([[1,2],[3,4]], -1)
  ndarray m = array<int64_t>({1, 2, 3, 4}, Dims{2, 2});
  std::vector<int64_t> expect(25, 0);
  expect[5] = 1, expect[11] = 2, expect[17] = 3, expect[23] = 4;
  EXPECT_EQ(to_vector<int64_t>(diagflat(m, -1)), expect);
  // A non-contiguous input is flattened in C order: diagflat(m.T) has 1, 3, 2, 4.
  ndarray mt = m.view(Dims{2, 2}, Dims{8, 16});
  std::vector<int64_t> d = to_vector<int64_t>(diagflat(mt));
  EXPECT_EQ((std::vector<int64_t>{d[0], d[5], d[10], d[15]}), (std::vector<int64_t>{1, 3, 2, 4}));
  // Void elements are copied, not computed.
  EXPECT_EQ(diag(zeros(Dims{3}, DType::void_(8))).shape(), (Dims{3, 3}));
}

// ---- *_like --------------------------------------------------------------------------------------

TEST(Like, ZerosOnesFull) {
  ndarray f = ndarray::empty(Dims{2, 3}, dtypes::float32, Order::F);
  ndarray z = zeros_like(f);
  EXPECT_TRUE(z.f_contiguous());
  EXPECT_EQ(z.dtype(), dtypes::float32);
  EXPECT_EQ(to_vector<float>(z), (std::vector<float>(6, 0.0f)));
  ndarray o = ones_like(f, dtypes::int8, Order::C);
  EXPECT_TRUE(o.c_contiguous());
  EXPECT_EQ(to_vector<int8_t>(o), (std::vector<int8_t>(6, 1)));
  ndarray u = full_like(f, S<double>(3.7), dtypes::uint8);
  EXPECT_EQ(to_vector<uint8_t>(u), (std::vector<uint8_t>(6, 3)));
  ndarray c = ones_like(f, dtypes::complex128);
  EXPECT_EQ(to_vector<complex128>(c), (std::vector<complex128>(6, complex128(1, 0))));
  // zeros_like works for void dtypes (no value is computed); ones_like and full_like do not.
  ndarray v = zeros(Dims{2}, DType::void_(8));
  EXPECT_EQ(zeros_like(v).dtype(), DType::void_(8));
  EXPECT_THROW(ones_like(v), TypeError);
  EXPECT_THROW(full_like(v, S<int64_t>(0)), TypeError);
}

TEST(Like, ShapeAndOrder) {
  // np.empty_like(F-array, shape=(4, 5)) keeps F order; a new ndim falls back to C.
  ndarray f = ndarray::empty(Dims{2, 3}, dtypes::float64, Order::F);
  EXPECT_EQ(zeros_like(f, std::nullopt, Order::K, Dims{4, 5}).strides(), (Dims{8, 32}));
  EXPECT_EQ(zeros_like(f, std::nullopt, Order::K, Dims{4, 5, 6}).strides(), (Dims{240, 48, 8}));
  EXPECT_EQ(zeros_like(f, std::nullopt, Order::A, Dims{4, 5}).strides(), (Dims{8, 32}));
  // A permuted (neither C nor F) layout is kept by order K: strides of (3,2,4) transposed (2,0,1).
  ndarray base = ndarray::empty(Dims{3, 2, 4}, dtypes::int32);
  ndarray p = base.view(Dims{4, 3, 2}, Dims{4, 32, 16});
  EXPECT_EQ(ones_like(p).strides(), (Dims{4, 32, 16}));
  EXPECT_EQ(full_like(p, S<int64_t>(7), std::nullopt, Order::K, Dims{5, 1, 2}).strides(), (Dims{4, 40, 20}));
  EXPECT_THROW(zeros_like(f, std::nullopt, Order::K, Dims{-1, 2}), ValueError);
}

TEST(Like, ComplexIntoRealWarns) {
  g_warnings.clear();
  set_warning_handler(&record_warning);
  ndarray r = full_like(zeros(Dims{2}), S<complex128>({1, 2}));
  ndarray q = full(Dims{2}, S<complex128>({1, 2}), dtypes::float64);
  set_warning_handler(nullptr);
  EXPECT_EQ(to_vector<double>(r), (std::vector<double>{1, 1}));
  EXPECT_EQ(to_vector<double>(q), (std::vector<double>{1, 1}));
  EXPECT_EQ(g_warnings.size(), 2u);
}
