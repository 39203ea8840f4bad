// Tests of the elementwise engine's layout work (make_loop_plan, Note [Elementwise engine]):
// broadcasting, dropping length-1 axes, flipping, reordering, coalescing and the flags.
#include <gtest/gtest.h>
#include <algorithm>
#include <climits>
#include <tuple>
#include <vector>
#include "cupric/cupric.hpp"
#include "engine/elementwise/elementwise_engine.hpp"

using namespace cupric;

namespace {

LoopPlan plan_of(std::vector<ndarray> ops) { return make_loop_plan(ops.data(), static_cast<int>(ops.size())); }
std::vector<int64_t> plan_shape(const LoopPlan& p) { return std::vector<int64_t>(p.shape, p.shape + p.ndim); }
std::vector<int64_t> plan_strides(const LoopPlan& p, int k) {
  return std::vector<int64_t>(p.strides[k], p.strides[k] + p.ndim);
}
ndarray reversed(const ndarray& a) { return basic_index(a, {Index::slice(Index::kNone, Index::kNone, -1)}); }

}  // namespace

TEST(LoopPlan, CContiguousCoalescesToOneDim) {
  ndarray a = empty({2, 3, 4}, dtypes::float32);
  LoopPlan p = plan_of({a});
  EXPECT_EQ(p.nargs, 1);
  EXPECT_EQ(p.numel, 24);
  EXPECT_EQ(plan_shape(p), (std::vector<int64_t>{24}));
  EXPECT_EQ(plan_strides(p, 0), (std::vector<int64_t>{4}));
  EXPECT_TRUE(p.contiguous);
  EXPECT_TRUE(p.index32);
  EXPECT_EQ(p.data[0], a.data());
}

TEST(LoopPlan, FContiguousIsWalkedInMemoryOrder) {
  ndarray a = empty({2, 3, 4}, dtypes::float64, Order::F);
  LoopPlan p = plan_of({a});
  EXPECT_EQ(plan_shape(p), (std::vector<int64_t>{24}));
  EXPECT_EQ(plan_strides(p, 0), (std::vector<int64_t>{8}));
  EXPECT_TRUE(p.contiguous);
  // An F output with an F input of another itemsize: still one contiguous dimension.
  ndarray b = empty({2, 3, 4}, dtypes::int16, Order::F);
  LoopPlan q = plan_of({a, b});
  EXPECT_EQ(q.ndim, 1);
  EXPECT_EQ(plan_strides(q, 1), (std::vector<int64_t>{2}));
  EXPECT_TRUE(q.contiguous);
}

TEST(LoopPlan, TransposedOutputReordersDims) {
  ndarray out = transpose(empty({3, 2}, dtypes::float64));  // (2, 3), strides (8, 16)
  ndarray in = empty({2, 3}, dtypes::float64);              // (2, 3), strides (24, 8)
  LoopPlan p = plan_of({out, in});
  // The output decides the order: its stride-16 axis becomes the outer one.
  EXPECT_EQ(plan_shape(p), (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(plan_strides(p, 0), (std::vector<int64_t>{16, 8}));
  EXPECT_EQ(plan_strides(p, 1), (std::vector<int64_t>{8, 24}));
  EXPECT_FALSE(p.contiguous);
  // Alone, the transposed array coalesces: it is F-contiguous.
  LoopPlan q = plan_of({out});
  EXPECT_EQ(q.ndim, 1);
  EXPECT_TRUE(q.contiguous);
}

TEST(LoopPlan, MixedItemsizesCoalesce) {
  LoopPlan p = plan_of({empty({4, 5}, dtypes::float64), empty({4, 5}, dtypes::int32)});
  EXPECT_EQ(plan_shape(p), (std::vector<int64_t>{20}));
  EXPECT_EQ(plan_strides(p, 0), (std::vector<int64_t>{8}));
  EXPECT_EQ(plan_strides(p, 1), (std::vector<int64_t>{4}));
  EXPECT_TRUE(p.contiguous);
}

TEST(LoopPlan, BroadcastInputsGetStrideZero) {
  ndarray out = empty({2, 3}, dtypes::float64);
  ndarray row = empty({3}, dtypes::float64);
  LoopPlan p = plan_of({out, row});
  EXPECT_EQ(plan_shape(p), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(plan_strides(p, 0), (std::vector<int64_t>{24, 8}));
  EXPECT_EQ(plan_strides(p, 1), (std::vector<int64_t>{0, 8}));
  EXPECT_FALSE(p.contiguous);
  // An explicit broadcast view (stride 0 already) gives the same plan.
  LoopPlan q = plan_of({out, broadcast_to(row, {2, 3})});
  EXPECT_EQ(plan_strides(q, 1), (std::vector<int64_t>{0, 8}));
  // A column broadcast along the inner axis; length-1 axes of the output are dropped.
  ndarray out3 = empty({2, 1, 3}, dtypes::float64);
  ndarray col = empty({2, 1, 1}, dtypes::float64);
  LoopPlan r = plan_of({out3, col});
  EXPECT_EQ(plan_shape(r), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(plan_strides(r, 1), (std::vector<int64_t>{8, 0}));
  // A scalar input: stride 0 everywhere, and the output still coalesces.
  LoopPlan s = plan_of({out, array(std::vector<double>{1.0}, Dims{})});
  EXPECT_EQ(plan_shape(s), (std::vector<int64_t>{6}));
  EXPECT_EQ(plan_strides(s, 1), (std::vector<int64_t>{0}));
  EXPECT_FALSE(s.contiguous);
}

TEST(LoopPlan, NegativeStridesAreFlipped) {
  ndarray base = empty({5}, dtypes::float64);
  ndarray r = reversed(base);
  LoopPlan p = plan_of({r});
  EXPECT_EQ(plan_strides(p, 0), (std::vector<int64_t>{8}));
  EXPECT_EQ(p.data[0], base.data());  // starts at the lowest address
  EXPECT_TRUE(p.contiguous);
  // Output and input both reversed: both flipped.
  ndarray base2 = empty({5}, dtypes::int32);
  LoopPlan q = plan_of({r, reversed(base2)});
  EXPECT_EQ(plan_strides(q, 0), (std::vector<int64_t>{8}));
  EXPECT_EQ(plan_strides(q, 1), (std::vector<int64_t>{4}));
  EXPECT_EQ(q.data[1], base2.data());
  EXPECT_TRUE(q.contiguous);
  // Reversed output, forward input: flipping would reverse the input, so nothing is flipped.
  LoopPlan m = plan_of({r, base2});
  EXPECT_EQ(plan_strides(m, 0), (std::vector<int64_t>{-8}));
  EXPECT_EQ(plan_strides(m, 1), (std::vector<int64_t>{4}));
  EXPECT_FALSE(m.contiguous);
  // A 2-D array reversed along both axes coalesces after flipping.
  ndarray b2 = empty({3, 4}, dtypes::float32);
  ndarray rr =
      basic_index(b2, {Index::slice(Index::kNone, Index::kNone, -1), Index::slice(Index::kNone, Index::kNone, -1)});
  LoopPlan n = plan_of({rr});
  EXPECT_EQ(plan_shape(n), (std::vector<int64_t>{12}));
  EXPECT_EQ(n.data[0], b2.data());
  EXPECT_TRUE(n.contiguous);
}

TEST(LoopPlan, Index32) {
  EXPECT_TRUE(plan_of({empty({1000}, dtypes::float64)}).index32);
  // 2^31 elements (a zero-stride view, so no memory is needed): numel does not fit int32.
  ndarray one = empty({1}, dtypes::int8);
  LoopPlan big = plan_of({broadcast_to(one, {int64_t{1} << 31})});
  EXPECT_EQ(big.numel, int64_t{1} << 31);
  EXPECT_FALSE(big.index32);
  // Few elements, but a byte offset beyond int32.
  ndarray far = one.view({2}, {int64_t{1} << 31});
  EXPECT_FALSE(plan_of({far}).index32);
  ndarray near = one.view({2}, {int64_t{INT32_MAX}});
  EXPECT_TRUE(plan_of({near}).index32);
}

TEST(LoopPlan, ZeroDAndZeroSize) {
  LoopPlan s = plan_of({empty({}, dtypes::float64)});
  EXPECT_EQ(s.ndim, 0);
  EXPECT_EQ(s.numel, 1);
  EXPECT_TRUE(s.contiguous);
  LoopPlan z = plan_of({empty({3, 0}, dtypes::float64)});
  EXPECT_EQ(z.numel, 0);
  EXPECT_EQ(z.data[0], nullptr);
}

// ---- Note [32-bit strided kernels]: run_cuda cuts plans into pieces the CUDA kernels take ----
namespace {

struct Element {
  int64_t index;
  std::vector<intptr_t> addr;
  bool operator<(const Element& o) const { return std::tie(index, addr) < std::tie(o.index, o.addr); }
  bool operator==(const Element& o) const { return index == o.index && addr == o.addr; }
};

// Every element of a plan (C order over its dims) with its flat index and operand addresses.
void enumerate(const LoopPlan& p, std::vector<Element>& out) {
  std::vector<int64_t> idx(p.ndim, 0);
  for (int64_t i = 0; i < p.numel; ++i) {
    Element e{p.index_base + i, {}};
    for (int k = 0; k < p.nargs; ++k) {
      intptr_t a = reinterpret_cast<intptr_t>(p.data[k]);
      for (int d = 0; d < p.ndim; ++d) a += idx[d] * p.strides[k][d];
      e.addr.push_back(a);
    }
    out.push_back(std::move(e));
    for (int d = p.ndim - 1; d >= 0; --d) {
      if (++idx[d] < p.shape[d]) break;
      idx[d] = 0;
    }
  }
}

std::vector<LoopPlan> g_pieces;
void record_piece(const LoopPlan& p, const void*, const Stream&) { g_pieces.push_back(p); }

LoopPlan fake_plan(std::vector<int64_t> shape, std::vector<std::vector<int64_t>> strides) {
  LoopPlan p{};
  p.ndim = static_cast<int>(shape.size());
  p.nargs = static_cast<int>(strides.size());
  p.numel = 1;
  for (int d = 0; d < p.ndim; ++d) {
    p.shape[d] = shape[d];
    p.numel *= shape[d];
  }
  for (int k = 0; k < p.nargs; ++k) {
    p.data[k] = reinterpret_cast<char*>(intptr_t{1} << 40) + (intptr_t{k} << 36);
    for (int d = 0; d < p.ndim; ++d) p.strides[k][d] = strides[k][d];
  }
  int64_t reach = 0;
  for (int k = 0; k < p.nargs; ++k) {
    int64_t r = 0;
    for (int d = 0; d < p.ndim; ++d) r += std::llabs(p.strides[k][d]) * (p.shape[d] - 1);
    reach = std::max(reach, r);
  }
  p.index32 = p.numel <= INT32_MAX && reach <= INT32_MAX;
  return p;
}

// Cuts `p` and checks that the pieces are kernel-ready and cover exactly p's elements.
size_t check_cut(const LoopPlan& p) {
  g_pieces.clear();
  Stream s{};
  run_cuda(&record_piece, p, nullptr, s);
  std::vector<Element> want, got;
  enumerate(p, want);
  for (const LoopPlan& q : g_pieces) {
    EXPECT_LE(q.ndim, 16);
    EXPECT_TRUE(q.contiguous || q.index32);
    int64_t reach_max = 0;
    for (int k = 0; k < q.nargs; ++k) {
      int64_t r = 0;
      for (int d = 0; d < q.ndim; ++d) r += std::llabs(q.strides[k][d]) * (q.shape[d] - 1);
      reach_max = std::max(reach_max, r);
    }
    if (!q.contiguous) {
      EXPECT_LE(reach_max, INT32_MAX);
      EXPECT_LE(q.numel, INT32_MAX);
    }
    enumerate(q, got);
  }
  std::sort(want.begin(), want.end());
  std::sort(got.begin(), got.end());
  EXPECT_TRUE(want == got);
  return g_pieces.size();
}

}  // namespace

TEST(RunCuda, SmallStridedPlanIsOnePiece) { EXPECT_EQ(check_cut(fake_plan({7, 5}, {{40, 8}, {8, 56}})), 1u); }

TEST(RunCuda, OneDimensionalHugeStrideCutsIntoRuns) {
  // reach 9 * 2^29 > INT32_MAX: runs of 4 elements (3 * 2^29 <= INT32_MAX).
  EXPECT_EQ(check_cut(fake_plan({10}, {{int64_t{1} << 29}, {4}})), 3u);
}

TEST(RunCuda, OuterRunsWhenInnerSliceFits) {
  EXPECT_EQ(check_cut(fake_plan({6, 3}, {{int64_t{1} << 30, 8}, {-(int64_t{1} << 28), 16}})), 3u);
}

TEST(RunCuda, PeelsOuterIndexWhenOneSliceIsTooBig) {
  // One outer slice reaches 2 * 2^31 bytes: peeled, then each 1-D slice is cut into runs.
  size_t n = check_cut(fake_plan({2, 3, 4}, {{8, int64_t{1} << 31, 4}, {96, 32, 8}}));
  EXPECT_GT(n, 2u);
}

TEST(RunCuda, MoreThanKernelDimsLoopsOverOuter) {
  std::vector<int64_t> shape(18, 2);
  std::vector<std::vector<int64_t>> strides(2, std::vector<int64_t>(18));
  for (int d = 0; d < 18; ++d) {
    strides[0][d] = int64_t{8} << (17 - d);
    strides[1][d] = int64_t{16} << (17 - d);
  }
  EXPECT_EQ(check_cut(fake_plan(shape, strides)), 4u);
}
