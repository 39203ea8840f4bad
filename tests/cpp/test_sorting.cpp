// Tests of sorting, searching and sets through the C++ API (ops/sorting.hpp); expected values and
// messages are NumPy 2.4's for the same calls.
#include <gtest/gtest.h>
#include "test_helpers.hpp"
#include <cmath>
#include <limits>
#include "cupric/cupric.hpp"

using namespace cupric;
using cupric::testing::expect_error;

namespace {
const double kNaN = std::numeric_limits<double>::quiet_NaN();
}

TEST(Sorting, SortPutsNaNLastAndKeepsSignedZerosStable) {
  ndarray a = array(std::vector<double>{3.0, kNaN, -0.0, 1.0, 0.0, -INFINITY, -kNaN});
  std::vector<double> s = to_vector<double>(sort(a));
  EXPECT_EQ(s[0], -INFINITY);
  EXPECT_EQ(s[1], 0.0);
  EXPECT_EQ(s[3], 1.0);
  EXPECT_EQ(s[4], 3.0);
  EXPECT_TRUE(std::isnan(s[5]) && std::isnan(s[6]));
  std::vector<int64_t> idx = to_vector<int64_t>(argsort(a));
  EXPECT_EQ(idx, (std::vector<int64_t>{5, 2, 4, 3, 0, 1, 6}));  // -0.0 and 0.0 equal: input order
  std::vector<double> st = to_vector<double>(sort(a, -1, SortKind::Stable));
  EXPECT_TRUE(std::signbit(st[1]));
  EXPECT_FALSE(std::signbit(st[2]));
}

TEST(Sorting, AxesAndInPlace) {
  ndarray a = array(std::vector<int32_t>{5, -1, 3, 2, 9, 0}, Dims{2, 3});
  EXPECT_EQ(to_vector<int32_t>(sort(a, 0)), (std::vector<int32_t>{2, -1, 0, 5, 9, 3}));
  EXPECT_EQ(to_vector<int32_t>(sort(a, std::nullopt)), (std::vector<int32_t>{-1, 0, 2, 3, 5, 9}));
  EXPECT_EQ(to_vector<int64_t>(argsort(a, -1)), (std::vector<int64_t>{1, 2, 0, 2, 0, 1}));
  sort_inplace(a, 1);
  EXPECT_EQ(to_vector<int32_t>(a), (std::vector<int32_t>{-1, 3, 5, 0, 2, 9}));
  expect_error<AxisError>([&] { sort(a, 2); }, "axis 2 is out of bounds for array of dimension 2");
  expect_error<ValueError>([] { parse_sort_kind("foo"); },
                           "sort kind must be one of 'quick', 'heap', or 'stable' (got 'foo')");
}

TEST(Sorting, LexsortAndPartition) {
  ndarray first = array(std::vector<int64_t>{1, 5, 1, 4, 3, 4, 4});
  ndarray last = array(std::vector<int64_t>{9, 4, 0, 4, 0, 2, 1});
  EXPECT_EQ(to_vector<int64_t>(lexsort({first, last})), (std::vector<int64_t>{2, 4, 6, 5, 3, 1, 0}));
  ndarray p = partition(array(std::vector<float>{3, 4, 2, 1}), {2});
  EXPECT_EQ(to_vector<float>(p)[2], 3.0f);
  expect_error<ValueError>([] { partition(array(std::vector<float>{3, 4}), {2}); }, "kth(=2) out of bounds (2)");
}

TEST(Sorting, PartitionKth) {
  ndarray a = array(std::vector<int64_t>{5, 1, 4, 2, 3});
  // numpy.argpartition(a, [-1, 0]): kth -1 is the last position
  std::vector<int64_t> ap = to_vector<int64_t>(argpartition(a, {-1, 0}));
  EXPECT_EQ(ap.front(), 1);
  EXPECT_EQ(ap.back(), 0);
  // numpy.partition(a, -6): kth reported after adding the length once
  expect_error<ValueError>([&] { partition(a, {-6}); }, "kth(=-1) out of bounds (5)");
  expect_error<ValueError>([&] { argpartition(a, {0, 5}, std::nullopt); }, "kth(=5) out of bounds (5)");
  // an empty array takes any kth (numpy.partition(numpy.zeros((2, 0)), 5, axis=0))
  ndarray e = ndarray::empty(Dims{2, 0}, dtypes::float64);
  EXPECT_EQ(partition(e, {5}, 0).shape(), (Dims{2, 0}));
  EXPECT_EQ(argpartition(e, {-9}, std::nullopt).shape(), (Dims{0}));
  // argpartition sees a 0-d array as 1-d; partition needs axis nullopt
  ndarray z = array(std::vector<double>{7.5}).view(Dims{}, Dims{}, 0);
  EXPECT_EQ(to_vector<int64_t>(argpartition(z, {0})), (std::vector<int64_t>{0}));
  EXPECT_EQ(to_vector<double>(partition(z, {-1}, std::nullopt)), (std::vector<double>{7.5}));
  expect_error<ValueError>([&] { argpartition(z, {1}); }, "kth(=1) out of bounds (1)");
}

TEST(Searching, SearchsortedAndDigitize) {
  ndarray a = array(std::vector<double>{1, 2, 2, 3, kNaN});
  ndarray v = array(std::vector<double>{2, kNaN, 0, 5});
  EXPECT_EQ(to_vector<int64_t>(searchsorted(a, v)), (std::vector<int64_t>{1, 4, 0, 4}));
  EXPECT_EQ(to_vector<int64_t>(searchsorted(a, v, Side::Right)), (std::vector<int64_t>{3, 5, 0, 4}));
  ndarray bins = array(std::vector<double>{0.0, 1.0, 2.5, 4.0});
  ndarray x = array(std::vector<double>{0.2, 6.4, 3.0, 1.6});
  EXPECT_EQ(to_vector<int64_t>(digitize(x, bins)), (std::vector<int64_t>{1, 4, 3, 2}));
  expect_error<ValueError>([&] { searchsorted(reshape(a, {5, 1}), v); }, "object too deep for desired array");
}

TEST(Sets, UniqueIsinAndSetOps) {
  ndarray a = array(std::vector<int32_t>{3, 1, 3, 2, 1, 3});
  UniqueResult u = unique(a, true, true, true);
  EXPECT_EQ(to_vector<int32_t>(u.values), (std::vector<int32_t>{1, 2, 3}));
  EXPECT_EQ(to_vector<int64_t>(u.indices), (std::vector<int64_t>{1, 3, 0}));
  EXPECT_EQ(to_vector<int64_t>(u.inverse), (std::vector<int64_t>{2, 0, 2, 1, 0, 2}));
  EXPECT_EQ(to_vector<int64_t>(u.counts), (std::vector<int64_t>{2, 1, 3}));
  ndarray f = array(std::vector<double>{kNaN, 1.0, kNaN});
  EXPECT_EQ(unique(f).values.size(), 2);
  EXPECT_EQ(unique(f, false, false, false, std::nullopt, false).values.size(), 3);
  ndarray b = array(std::vector<int32_t>{2, 5, 3});
  EXPECT_EQ(to_vector<uint8_t>(astype(isin(a, b), dtypes::uint8)), (std::vector<uint8_t>{1, 0, 1, 1, 0, 1}));
  EXPECT_EQ(to_vector<int32_t>(intersect1d(a, b)), (std::vector<int32_t>{2, 3}));
  EXPECT_EQ(to_vector<int32_t>(union1d(a, b)), (std::vector<int32_t>{1, 2, 3, 5}));
  EXPECT_EQ(to_vector<int32_t>(setdiff1d(a, b)), (std::vector<int32_t>{1}));
  EXPECT_EQ(to_vector<int32_t>(setxor1d(a, b)), (std::vector<int32_t>{1, 5}));
}

TEST(OrderStatistics, MedianQuantilePercentile) {
  ndarray a = array(std::vector<double>{4, 1, 3, 2, 9, 7}, Dims{2, 3});
  EXPECT_EQ(to_vector<double>(median(a)), (std::vector<double>{3.5}));
  EXPECT_EQ(to_vector<double>(median(a, AxisArg(int64_t{1}))), (std::vector<double>{3, 7}));
  ndarray q = array(std::vector<double>{0.0, 0.5, 1.0});
  EXPECT_EQ(to_vector<double>(quantile(a, q)), (std::vector<double>{1, 3.5, 9}));
  EXPECT_EQ(to_vector<double>(quantile(a, q, {}, {}, false, QuantileMethod::Lower)), (std::vector<double>{1, 3, 9}));
  EXPECT_EQ(to_vector<double>(percentile(a, array(std::vector<double>{50}))), (std::vector<double>{3.5}));
  ndarray n = array(std::vector<double>{1, kNaN, 3, 5});
  EXPECT_TRUE(std::isnan(to_vector<double>(median(n))[0]));
  EXPECT_EQ(to_vector<double>(nanmedian(n)), (std::vector<double>{3}));
  expect_error<ValueError>([&] { quantile(a, array(std::vector<double>{1.5})); },
                           "Quantiles must be in the range [0, 1]");
  EXPECT_EQ(parse_quantile_method("hazen"), QuantileMethod::Hazen);
  // weights (inverted_cdf): the first value whose weighted CDF reaches q; zero weights skipped
  ndarray v = array(std::vector<double>{3, 1, 2, 4});
  ndarray w = array(std::vector<double>{1, 0, 2, 1});
  EXPECT_EQ(to_vector<double>(quantile(v, q, {}, {}, false, QuantileMethod::InvertedCdf, false, w)),
            (std::vector<double>{2, 2, 4}));
  expect_error<ValueError>([&] { quantile(v, q, {}, {}, false, QuantileMethod::Linear, false, w); },
                           "Only method 'inverted_cdf' supports weights. Got: linear.");
}

TEST(Histograms, CountsEdgesWeightsAnd2d) {
  ndarray a = array(std::vector<double>{0.0, 1.0, 1.0, 2.0, 3.0, 3.0, 4.0});
  HistogramResult h = histogram(a, 4);
  EXPECT_EQ(to_vector<int64_t>(h.hist), (std::vector<int64_t>{1, 2, 1, 3}));  // last bin closed
  EXPECT_EQ(to_vector<double>(h.bin_edges), (std::vector<double>{0, 1, 2, 3, 4}));
  HistogramResult w = histogram(a, array(std::vector<double>{0, 2, 4}), std::nullopt, false, a);
  EXPECT_EQ(to_vector<double>(w.hist), (std::vector<double>{2, 12}));
  EXPECT_EQ(histogram_bin_edges(a, "sturges").size(), 5);  // ceil(log2(7) + 1) = 4 bins
  Histogram2dResult h2 = histogram2d(a, a, {2});
  EXPECT_EQ(to_vector<double>(h2.hist), (std::vector<double>{3, 0, 0, 4}));
  expect_error<ValueError>([&] { histogram(a, 0); }, "`bins` must be positive, when an integer");
}
