// Tests of cupric::fft through the C++ API (include/cupric/fft.hpp): known transforms, round
// trips, dtypes, shapes and NumPy 2's errors and messages.
#include <gtest/gtest.h>
#include <cmath>
#include "test_helpers.hpp"
#include "cupric/cupric.hpp"
#include "cupric/runtime/backend.hpp"
#include "cupric/fft.hpp"

using namespace cupric;
using cupric::testing::expect_error;
using c128 = complex<double>;

namespace {
void expect_near(const std::vector<c128>& got, const std::vector<c128>& want, double tol = 1e-12) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    EXPECT_NEAR(got[i].re, want[i].re, tol) << i;
    EXPECT_NEAR(got[i].im, want[i].im, tol) << i;
  }
}
}  // namespace

TEST(FftTransforms, KnownValues) {
  ndarray x = array(std::vector<double>{1, 2, 3, 4});
  ndarray f = fft::fft(x);
  EXPECT_EQ(f.dtype(), dtypes::complex128);
  expect_near(to_vector<c128>(f), {{10, 0}, {-2, 2}, {-2, 0}, {-2, -2}});
  expect_near(to_vector<c128>(fft::rfft(x)), {{10, 0}, {-2, 2}, {-2, 0}});
  expect_near(to_vector<c128>(fft::fft(x, std::nullopt, -1, "forward")),
              {{2.5, 0}, {-0.5, 0.5}, {-0.5, 0}, {-0.5, -0.5}});
  // A prime length beyond the mixed radices (Bluestein): the transform of a unit impulse is all ones.
  std::vector<double> imp(67, 0.0);
  imp[0] = 1;
  expect_near(to_vector<c128>(fft::fft(array(imp))), std::vector<c128>(67, c128{1, 0}));
}

TEST(FftTransforms, RoundTripsAndPrecision) {
  std::vector<float> v(30);
  for (size_t i = 0; i < v.size(); ++i) v[i] = std::sin(0.3f * static_cast<float>(i)) + 0.1f * static_cast<float>(i);
  ndarray x = array(v, Dims{5, 6});
  ndarray r = fft::rfftn(x);
  EXPECT_EQ(r.dtype(), dtypes::complex64);
  EXPECT_EQ(r.shape(), (Dims{5, 4}));
  ndarray back = fft::irfftn(r, std::vector<int64_t>{5, 6}, std::vector<int64_t>{0, 1});
  EXPECT_EQ(back.dtype(), dtypes::float32);
  auto b = to_vector<float>(back);
  for (size_t i = 0; i < v.size(); ++i) EXPECT_NEAR(b[i], v[i], 1e-5);
  ndarray c = fft::ifft(fft::fft(x, 8, 0), std::nullopt, 0);
  EXPECT_EQ(c.shape(), (Dims{8, 6}));
}

TEST(FftTransforms, Errors) {
  ndarray x = array(std::vector<double>{1, 2, 3});
  expect_error<ValueError>([&] { fft::fft(x, 0); }, "Invalid number of FFT data points (0) specified.");
  expect_error<ValueError>([&] { fft::fft(x, std::nullopt, -1, "x"); },
                           "Invalid norm value x; should be \"backward\",\"ortho\" or \"forward\".");
  expect_error<ValueError>([&] { fft::ifft(x, std::nullopt, -1, "x"); },
                           "Invalid norm value x; should be \"backward\", \"ortho\" or \"forward\".");
  expect_error<IndexError>([&] { fft::fft(x, std::nullopt, 1); }, "tuple index out of range");
  expect_error<ValueError>([&] { fft::fftn(x, std::vector<int64_t>{2, 2}, std::vector<int64_t>{0}); },
                           "Shape and axes have different lengths.");
}

TEST(FftTransforms, FreqShiftAndPlanCache) {
  EXPECT_EQ(to_vector<double>(fft::fftfreq(4, 0.5)), (std::vector<double>{0, 0.5, -1, -0.5}));
  EXPECT_EQ(to_vector<double>(fft::rfftfreq(5)), (std::vector<double>{0, 0.2, 0.4}));
  EXPECT_EQ(to_vector<int64_t>(fft::fftshift(arange(Scalar::of<int64_t>(5)))), (std::vector<int64_t>{3, 4, 0, 1, 2}));
  // The cache of the backend the transform runs on (CUPRIC_BACKEND=cuda: device 0's).
  const bool host = &default_backend() == &host_backend();
  fft::clear_plan_cache(host, 0);
  fft::fft(array(std::vector<double>{1, 2, 3, 4, 5}));
  fft::PlanCacheInfo info = fft::plan_cache_info(host, 0);
  ASSERT_EQ(info.curr_size, 1);
  EXPECT_TRUE(fft::plan_cache_contains(host, 0, info.keys.at(0)));
  fft::clear_plan_cache(host, 0);
  EXPECT_EQ(fft::plan_cache_info(host, 0).curr_size, 0);
}

TEST(FftTransforms, NdOverTrailingAxesMatchesPasses) {
  std::vector<double> v(2 * 4 * 6);
  for (size_t i = 0; i < v.size(); ++i) v[i] = std::cos(0.7 * static_cast<double>(i)) + 0.01 * static_cast<double>(i);
  ndarray x = array(v, Dims{2, 4, 6});
  // Axes (1, 2) run as one n-D call; (2, 1) as two passes: the same transform.
  auto one = to_vector<c128>(fft::fftn(x, std::nullopt, std::vector<int64_t>{1, 2}));
  auto two = to_vector<c128>(fft::fftn(x, std::nullopt, std::vector<int64_t>{2, 1}));
  expect_near(one, two, 1e-12);
  ndarray r = fft::rfftn(x, std::vector<int64_t>{4, 6}, std::vector<int64_t>{1, 2});
  EXPECT_EQ(r.shape(), (Dims{2, 4, 4}));
  auto back = to_vector<double>(fft::irfftn(r, std::vector<int64_t>{4, 6}, std::vector<int64_t>{1, 2}));
  for (size_t i = 0; i < v.size(); ++i) EXPECT_NEAR(back[i], v[i], 1e-12);
}

TEST(FftTransforms, DctDstAndNextFastLen) {
  ndarray x = array(std::vector<double>{1, 2, 3, 4});
  // SciPy: dct([1, 2, 3, 4]) = [20, -6.30864406, 0, -0.44834153].
  auto y = to_vector<double>(fft::dct(x));
  EXPECT_NEAR(y[0], 20, 1e-12);
  EXPECT_NEAR(y[1], -6.308644059797899, 1e-12);
  EXPECT_NEAR(y[2], 0, 1e-12);
  EXPECT_NEAR(y[3], -0.4483415291679655, 1e-12);
  for (int type = 1; type <= 4; ++type) {
    auto back = to_vector<double>(fft::idst(fft::dst(x, type), type));
    for (int i = 0; i < 4; ++i) EXPECT_NEAR(back[i], i + 1.0, 1e-12) << type;
  }
  expect_error<ValueError>([&] { fft::dct(x, 5); }, "invalid DCT type");
  EXPECT_EQ(fft::next_fast_len(13), 14);
  EXPECT_EQ(fft::next_fast_len(0), 0);
}

TEST(FftTransforms, WorkersSplitBatchesWithTheSameResult) {
  std::vector<c128> v(64 * 1024);
  for (size_t i = 0; i < v.size(); ++i)
    v[i] = c128(std::sin(0.3 * static_cast<double>(i)), std::cos(0.11 * static_cast<double>(i)));
  ndarray x = array(v, Dims{64, 1024});
  auto one = to_vector<c128>(fft::fft(x));
  auto one_nd = to_vector<c128>(fft::fftn(x));
  EXPECT_EQ(fft::set_workers(3), 1);
  auto three = to_vector<c128>(fft::fft(x));
  auto three_nd = to_vector<c128>(fft::fftn(x));
  EXPECT_EQ(fft::set_workers(-1), 3);  // all CPUs
  EXPECT_GE(fft::workers(), 1);
  fft::set_workers(1);
  expect_near(one, three, 0.0);  // the same row transforms, only on other threads
  expect_near(one_nd, three_nd, 0.0);
  expect_error<ValueError>([] { fft::set_workers(0); }, "workers must not be zero");
  EXPECT_THROW(fft::set_workers(-1000000), ValueError);  // "workers value out of range; ..." (names the CPUs)
  EXPECT_EQ(fft::workers(), 1);
}

TEST(FftTransforms, MultiGpuSettingValidatesAndLeavesHostArraysAlone) {
  expect_error<ValueError>([] { fft::set_multi_gpus({0}); }, "Must use at least 2 GPUs.");
  expect_error<ValueError>([] { fft::set_multi_gpus({1, 1}); }, "Duplicate GPU ids are not allowed.");
  EXPECT_TRUE(fft::multi_gpus().empty());
  fft::set_multi_gpus({0, 1});
  EXPECT_EQ(fft::multi_gpus(), (std::vector<int>{0, 1}));
  ndarray x = array(std::vector<double>{1, 2, 3, 4});
  if (x.device_type() == DeviceType::Host) {  // host arrays ignore the GPU list, real transforms too
    EXPECT_NEAR(to_vector<c128>(fft::rfft(x))[0].re, 10.0, 1e-12);
    EXPECT_NEAR(to_vector<c128>(fft::fft(x))[2].re, -2.0, 1e-12);
  }
  fft::set_multi_gpus({});
  EXPECT_TRUE(fft::multi_gpus().empty());
}
