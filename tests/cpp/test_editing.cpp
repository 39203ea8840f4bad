// Tests of pad, insert/delete_, trim_zeros, block, select, mask_indices, tri*_indices and trace
// (ops/pad.hpp, ops/elements.hpp, ops/selection.hpp); expected values are NumPy 2.4's.
#include <gtest/gtest.h>
#include "test_helpers.hpp"
#include <numeric>
#include "cupric/cupric.hpp"

using namespace cupric;
using cupric::testing::expect_error;

namespace {
ndarray iota64(int64_t n, const Dims& shape) {
  std::vector<int64_t> v(static_cast<size_t>(n));
  std::iota(v.begin(), v.end(), 1);
  return array(v, shape);
}
std::vector<int64_t> vals(const ndarray& a) { return to_vector<int64_t>(a); }
}  // namespace

TEST(Pad, ConstantEdgeReflectSymmetricWrap) {
  ndarray a = iota64(3, {3});  // [1 2 3]
  EXPECT_EQ(vals(pad(a, 2)), (std::vector<int64_t>{0, 0, 1, 2, 3, 0, 0}));
  PadOptions o;
  o.constant_values = {{Scalar::of<int64_t>(-1), Scalar::of<int64_t>(9)}};
  EXPECT_EQ(vals(pad(a, PadPairs<int64_t>{{1, 2}}, PadMode::Constant, o)), (std::vector<int64_t>{-1, 1, 2, 3, 9, 9}));
  EXPECT_EQ(vals(pad(a, 2, PadMode::Edge)), (std::vector<int64_t>{1, 1, 1, 2, 3, 3, 3}));
  EXPECT_EQ(vals(pad(a, 4, PadMode::Reflect)), (std::vector<int64_t>{1, 2, 3, 2, 1, 2, 3, 2, 1, 2, 3}));
  EXPECT_EQ(vals(pad(a, 2, PadMode::Symmetric)), (std::vector<int64_t>{2, 1, 1, 2, 3, 3, 2}));
  EXPECT_EQ(vals(pad(a, PadPairs<int64_t>{{1, 1}}, "wrap")), (std::vector<int64_t>{3, 1, 2, 3, 1}));
  EXPECT_EQ(vals(pad(a, 4, PadMode::Wrap)), (std::vector<int64_t>{3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1}));
  PadOptions odd;
  odd.reflect_odd = true;
  // numpy.pad([1, 2, 3], 4, 'reflect', reflect_type='odd')
  EXPECT_EQ(vals(pad(a, 4, PadMode::Reflect, odd)), (std::vector<int64_t>{-3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7}));
}

TEST(Pad, StatisticsAndRamp) {
  ndarray a = iota64(4, {4});  // [1 2 3 4]
  EXPECT_EQ(vals(pad(a, 1, PadMode::Maximum)), (std::vector<int64_t>{4, 1, 2, 3, 4, 4}));
  EXPECT_EQ(vals(pad(a, 1, PadMode::Minimum)), (std::vector<int64_t>{1, 1, 2, 3, 4, 1}));
  EXPECT_EQ(vals(pad(a, 1, PadMode::Mean)), (std::vector<int64_t>{2, 1, 2, 3, 4, 2}));  // 2.5 rounds to 2
  EXPECT_EQ(vals(pad(a, 1, PadMode::Median)), (std::vector<int64_t>{2, 1, 2, 3, 4, 2}));
  PadOptions two;
  two.stat_length = {{2, 3}};
  EXPECT_EQ(vals(pad(a, 1, PadMode::Mean, two)), (std::vector<int64_t>{2, 1, 2, 3, 4, 3}));  // 1.5 -> 2, 3 -> 3
  PadOptions even;
  even.stat_length = {{2, 2}};
  // numpy.pad([1, 2, 3, 4], 2, 'median', stat_length=2): medians 1.5 -> 2 and 3.5 -> 4
  EXPECT_EQ(vals(pad(a, 2, PadMode::Median, even)), (std::vector<int64_t>{2, 2, 1, 2, 3, 4, 4, 4}));
  PadOptions ends;
  ends.end_values = {{Scalar::of<double>(5.0), Scalar::of<double>(-4.0)}};
  // numpy.pad([1, 2, 3, 4], (2, 3), 'linear_ramp', end_values=(5, -4))
  EXPECT_EQ(vals(pad(a, PadPairs<int64_t>{{2, 3}}, PadMode::LinearRamp, ends)),
            (std::vector<int64_t>{5, 3, 1, 2, 3, 4, 1, -2, -4}));
}

TEST(Pad, TwoDimensionsCornersAndCallback) {
  ndarray a = iota64(4, {2, 2});
  ndarray p = pad(a, PadPairs<int64_t>{{1, 0}, {0, 1}}, PadMode::Edge);
  EXPECT_EQ(p.shape(), (Dims{3, 3}));
  EXPECT_EQ(vals(p), (std::vector<int64_t>{1, 2, 2, 1, 2, 2, 3, 4, 4}));
  int calls = 0;
  ndarray q = pad(a, PadPairs<int64_t>{{1, 1}}, [&](const ndarray& v, std::array<int64_t, 2> w, int axis) {
    ++calls;
    if (w[0] > 0) fill(basic_index(v, {Index::slice(0, w[0])}), Scalar::of<int64_t>(axis + 7));
  });
  EXPECT_EQ(calls, 8);  // 4 lanes along each axis
  EXPECT_EQ(vals(q), (std::vector<int64_t>{8, 7, 7, 7, 8, 1, 2, 0, 8, 3, 4, 0, 8, 0, 0, 0}));
}

TEST(Pad, Errors) {
  ndarray a = iota64(3, {3});
  expect_error<ValueError>([&] { pad(a, -1); }, "index can't contain negative values");
  expect_error<ValueError>([&] { parse_pad_mode("nope"); }, "mode 'nope' is not supported");
  PadOptions zero;
  zero.stat_length = {{0, 0}};
  expect_error<ValueError>([&] { pad(a, 1, PadMode::Maximum, zero); }, "stat_length of 0 yields no value for padding");
  ndarray e = ndarray::empty(Dims{0}, dtypes::float64);
  expect_error<ValueError>([&] { pad(e, 1, PadMode::Edge); },
                           "can't extend empty axis 0 using modes other than 'constant' or 'empty'");
}

TEST(InsertDelete, IntSliceArray) {
  ndarray a = iota64(5, {5});  // [1 2 3 4 5]
  ndarray v = array<int64_t>({9});
  EXPECT_EQ(vals(insert(a, Index::integer(2), v)), (std::vector<int64_t>{1, 2, 9, 3, 4, 5}));
  EXPECT_EQ(vals(insert(a, Index::array_index(array<int64_t>({4, 0, 4})), array<int64_t>({7, 8, 9}))),
            (std::vector<int64_t>{8, 1, 2, 3, 4, 7, 9, 5}));
  EXPECT_EQ(vals(delete_(a, Index::integer(-1))), (std::vector<int64_t>{1, 2, 3, 4}));
  EXPECT_EQ(vals(delete_(a, Index::slice(Index::kNone, Index::kNone, 2))), (std::vector<int64_t>{2, 4}));
  EXPECT_EQ(vals(delete_(a, Index::array_index(array<int64_t>({0, 0, 3})))), (std::vector<int64_t>{2, 3, 5}));
  ndarray m = iota64(6, {2, 3});
  ndarray r = delete_(m, Index::integer(1), 1);
  EXPECT_EQ(r.shape(), (Dims{2, 2}));
  EXPECT_EQ(vals(r), (std::vector<int64_t>{1, 3, 4, 6}));
  expect_error<IndexError>([&] { delete_(a, Index::integer(5)); }, "index 5 is out of bounds for axis 0 with size 5");
  expect_error<IndexError>([&] { insert(a, Index::integer(6), v); }, "index 6 is out of bounds for axis 0 with size 5");
}

TEST(TrimZeros, BoundingBoxView) {
  ndarray a = array<int64_t>({0, 0, 3, 0, 4, 0});
  ndarray t = trim_zeros(a);
  EXPECT_EQ(t.memory(), a.memory());
  EXPECT_EQ(vals(t), (std::vector<int64_t>{3, 0, 4}));
  EXPECT_EQ(vals(trim_zeros(a, "f")), (std::vector<int64_t>{3, 0, 4, 0}));
  expect_error<ValueError>([&] { trim_zeros(a, "x"); }, "unexpected character(s) in `trim`: 'x'");
}

TEST(Block, NestedLists) {
  ndarray A = iota64(4, {2, 2});
  ndarray B = array<int64_t>({9, 9});
  ndarray r = block({{A}, {reshape(B, {1, 2})}});
  EXPECT_EQ(r.shape(), (Dims{3, 2}));
  EXPECT_EQ(vals(r), (std::vector<int64_t>{1, 2, 3, 4, 9, 9}));
  EXPECT_EQ(vals(block({B, B})), (std::vector<int64_t>{9, 9, 9, 9}));
  expect_error<ValueError>([&] { block(BlockNode::list({})); }, "List at arrays cannot be empty");
  expect_error<ValueError>(
      [&] { block({BlockNode{A}, A}); },
      "List depths are mismatched. First element was at depth 2, but there is an element at depth 1 (arrays[1])");
}

TEST(Select, FirstTrueWins) {
  ndarray x = iota64(5, {5});
  ndarray r = select({less(x, 3), greater(x, 1)}, {x, multiply(x, 10)}, -1);
  EXPECT_EQ(vals(r), (std::vector<int64_t>{1, 2, 30, 40, 50}));
  expect_error<ValueError>([&] { select({}, {}); }, "select with an empty condition list is not possible");
  expect_error<TypeError>([&] { select({x}, {x}); }, "invalid entry 0 in condlist: should be boolean ndarray");
}

TEST(TriIndices, RowsThenColumns) {
  auto u = triu_indices(3, 1);
  EXPECT_EQ(vals(u[0]), (std::vector<int64_t>{0, 0, 1}));
  EXPECT_EQ(vals(u[1]), (std::vector<int64_t>{1, 2, 2}));
  auto l = tril_indices(2, 0, 3);
  EXPECT_EQ(vals(l[0]), (std::vector<int64_t>{0, 1, 1}));
  EXPECT_EQ(vals(l[1]), (std::vector<int64_t>{0, 0, 1}));
  auto mi = mask_indices(3, [](const ndarray& m, int64_t k) { return triu(m, k); }, 2);
  EXPECT_EQ(vals(mi[0]), (std::vector<int64_t>{0}));
  EXPECT_EQ(vals(mi[1]), (std::vector<int64_t>{2}));
  expect_error<ValueError>([&] { triu_indices_from(iota64(3, {3})); }, "input array must be 2-d");
}

TEST(Trace, OffsetsAndAxes) {
  ndarray a = iota64(12, {3, 4});
  EXPECT_EQ(vals(trace(a)), (std::vector<int64_t>{1 + 6 + 11}));
  EXPECT_EQ(vals(trace(a, 1)), (std::vector<int64_t>{2 + 7 + 12}));
  ndarray b = iota64(8, {2, 2, 2});
  EXPECT_EQ(vals(trace(b, 0, 1, 2)), (std::vector<int64_t>{1 + 4, 5 + 8}));
  EXPECT_EQ(trace(a, 0, 0, 1, dtypes::float32).dtype(), dtypes::float32);
}

TEST(DiagIndicesFrom, CubeAndErrors) {
  ndarray c = ndarray::empty(Dims{3, 3, 3}, dtypes::float32);
  auto d = diag_indices_from(c);
  ASSERT_EQ(d.size(), 3u);
  EXPECT_EQ(vals(d[2]), (std::vector<int64_t>{0, 1, 2}));
  expect_error<ValueError>([&] { diag_indices_from(ndarray::empty(Dims{2, 3}, dtypes::float32)); },
                           "All dimensions of input must be of equal length");
  expect_error<ValueError>([&] { diag_indices_from(ndarray::empty(Dims{3}, dtypes::float32)); },
                           "input array must be at least 2-d");
}

TEST(RowStack, IsVstack) {
  ndarray a = iota64(3, {3});
  ndarray r = row_stack({a, a}, dtypes::float64);
  EXPECT_EQ(r.shape(), (Dims{2, 3}));
  EXPECT_EQ(r.dtype(), dtypes::float64);
}
