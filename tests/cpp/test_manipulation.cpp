// Tests of the shape and view routines (ops/manipulation.hpp); expected strides, values and
// messages are NumPy 2.4's for the same calls.
#include <gtest/gtest.h>
#include "test_helpers.hpp"
#include <numeric>
#include "cupric/cupric.hpp"

using namespace cupric;

namespace {

ndarray arange(int64_t n, const Dims& shape) {
  std::vector<int64_t> v(static_cast<size_t>(n));
  std::iota(v.begin(), v.end(), 0);
  return array(v, shape);
}
ndarray arange(int64_t n) { return arange(n, Dims{n}); }
std::vector<int64_t> vals(const ndarray& a) { return to_vector<int64_t>(a); }
bool shares(const ndarray& a, const ndarray& b) { return a.memory() == b.memory(); }

// a with axis `axis` reversed: a negative-stride view, as a[..., ::-1, ...].
ndarray flipped(const ndarray& a, int axis) {
  std::vector<Index> idx;
  for (int i = 0; i < a.ndim(); ++i)
    idx.push_back(i == axis ? Index::slice(Index::kNone, Index::kNone, -1) : Index::slice());
  return basic_index(a, idx);
}

using cupric::testing::expect_error;

}  // namespace

// ---- reshape ---------------------------------------------------------------------------------

TEST(Reshape, ContiguousIsView) {
  ndarray a = arange(6, {2, 3});
  ndarray r = reshape(a, {3, 2});
  EXPECT_TRUE(shares(r, a));
  EXPECT_EQ(r.shape(), (Dims{3, 2}));
  EXPECT_EQ(r.strides(), (Dims{16, 8}));
  EXPECT_EQ(vals(r), (std::vector<int64_t>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(reshape(a, {-1, 2}).shape(), (Dims{3, 2}));
  EXPECT_EQ(reshape(a, {-1}).strides(), (Dims{8}));
  EXPECT_EQ(reshape(a, {1, -1, 1}).shape(), (Dims{1, 6, 1}));
}

TEST(Reshape, AnyNegativeIsTheUnknownDimension) { EXPECT_EQ(reshape(arange(6), {-2, 3}).shape(), (Dims{2, 3})); }

TEST(Reshape, FOrderOfCArrayCopies) {
  ndarray a = arange(6, {2, 3});
  ndarray r = reshape(a, {3, 2}, Order::F);
  EXPECT_FALSE(shares(r, a));
  EXPECT_TRUE(r.f_contiguous());
  EXPECT_EQ(vals(r), (std::vector<int64_t>{0, 4, 3, 2, 1, 5}));
}

TEST(Reshape, StridedViewWithoutCopy) {
  ndarray b = basic_index(arange(24, {4, 6}), {Index::slice(), Index::slice(Index::kNone, Index::kNone, 2)});
  ndarray r = reshape(b, {2, 2, 3});
  EXPECT_TRUE(shares(r, b));
  EXPECT_EQ(r.strides(), (Dims{96, 48, 16}));
  EXPECT_EQ(vals(r), (std::vector<int64_t>{0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22}));
  ndarray flat = reshape(b, {12});  // every other element of a 6-wide array: evenly spaced, a view
  EXPECT_TRUE(shares(flat, b));
  EXPECT_EQ(flat.strides(), (Dims{16}));
  EXPECT_EQ(vals(flat), vals(r));
  // Of a 5-wide array the rows are not evenly spaced: flattening copies, splitting rows does not.
  ndarray c = basic_index(arange(20, {4, 5}), {Index::slice(), Index::slice(Index::kNone, Index::kNone, 2)});
  ndarray cf = reshape(c, {12});
  EXPECT_FALSE(shares(cf, c));
  EXPECT_EQ(vals(cf), (std::vector<int64_t>{0, 2, 4, 5, 7, 9, 10, 12, 14, 15, 17, 19}));
  ndarray cs = reshape(c, {2, 2, 3});
  EXPECT_TRUE(shares(cs, c));
  EXPECT_EQ(cs.strides(), (Dims{80, 40, 16}));
}

TEST(Reshape, Transposed) {
  ndarray t = transpose(arange(6, {2, 3}));  // (3, 2), strides (8, 24): F-contiguous
  ndarray c = reshape(t, {6});
  EXPECT_FALSE(shares(c, t));
  EXPECT_EQ(vals(c), (std::vector<int64_t>{0, 3, 1, 4, 2, 5}));
  ndarray f = reshape(t, {6}, Order::F);
  EXPECT_TRUE(shares(f, t));
  EXPECT_EQ(vals(f), (std::vector<int64_t>{0, 1, 2, 3, 4, 5}));
  ndarray an = reshape(t, {6}, Order::A);  // A is F for an F-only array
  EXPECT_TRUE(shares(an, t));
  ndarray e = reshape(t, {3, 2, 1});  // a trailing 1 is always possible
  EXPECT_TRUE(shares(e, t));
  EXPECT_EQ(e.strides(), (Dims{8, 24, 24}));
}

TEST(Reshape, NegativeStrides) {
  ndarray r = flipped(arange(6), 0);
  ndarray m = reshape(r, {2, 3});
  EXPECT_TRUE(shares(m, r));
  EXPECT_EQ(m.strides(), (Dims{-24, -8}));
  EXPECT_EQ(vals(m), (std::vector<int64_t>{5, 4, 3, 2, 1, 0}));
}

TEST(Reshape, SameShapeKeepsStrides) {
  ndarray t = transpose(arange(6, {2, 3}));
  ndarray r = reshape(t, {3, 2}, Order::C);
  EXPECT_TRUE(shares(r, t));
  EXPECT_EQ(r.strides(), t.strides());
}

TEST(Reshape, ZeroSizeAndZeroD) {
  ndarray z = zeros({0, 3}, dtypes::int64);
  EXPECT_EQ(reshape(z, {-1}).shape(), (Dims{0}));
  EXPECT_EQ(reshape(z, {3, 0, 2}).shape(), (Dims{3, 0, 2}));
  EXPECT_EQ(reshape(z, {-1, 3}).shape(), (Dims{0, 3}));
  expect_error<ValueError>([&] { reshape(z, {0, -1}); }, "cannot reshape array of size 0 into shape (0,newaxis)");
  ndarray s = array(std::vector<int64_t>{7}, Dims{});
  ndarray s11 = reshape(s, {1, 1});
  EXPECT_TRUE(shares(s11, s));
  EXPECT_EQ(s11.shape(), (Dims{1, 1}));
  ndarray back = reshape(s11, {});
  EXPECT_EQ(back.ndim(), 0);
  EXPECT_EQ(vals(back), (std::vector<int64_t>{7}));
  EXPECT_EQ(reshape(s, {-1}).shape(), (Dims{1}));
}

TEST(Reshape, Errors) {
  ndarray a = arange(6);
  expect_error<ValueError>([&] { reshape(a, {4}); }, "cannot reshape array of size 6 into shape (4,)");
  expect_error<ValueError>([&] { reshape(a, {4, 5}); }, "cannot reshape array of size 6 into shape (4,5)");
  expect_error<ValueError>([&] { reshape(a, {-1, 4}); }, "cannot reshape array of size 6 into shape (4)");
  expect_error<ValueError>([&] { reshape(a, {4, -1}); }, "cannot reshape array of size 6 into shape (4,newaxis)");
  expect_error<ValueError>([&] { reshape(a, {-1, -1}); }, "can only specify one unknown dimension");
  expect_error<ValueError>(
      [&] { reshape(a, {int64_t{1} << 62, int64_t{1} << 62, -1}); },
      "cannot reshape array of size 6 into shape (4611686018427387904,4611686018427387904,newaxis)");
  expect_error<ValueError>([&] { reshape(a, {6}, Order::K); }, "order 'K' is not permitted for reshaping");
}

// ---- ravel / flatten -------------------------------------------------------------------------

TEST(Ravel, ViewsAndCopies) {
  ndarray a = arange(6, {2, 3});
  ndarray r = ravel(a);
  EXPECT_TRUE(shares(r, a));
  EXPECT_EQ(r.shape(), (Dims{6}));
  ndarray t = transpose(a);
  ndarray rc = ravel(t);
  EXPECT_FALSE(shares(rc, t));
  EXPECT_EQ(vals(rc), (std::vector<int64_t>{0, 3, 1, 4, 2, 5}));
  EXPECT_TRUE(shares(ravel(t, Order::F), t));
  EXPECT_TRUE(shares(ravel(t, Order::A), t));
  ndarray rk = ravel(t, Order::K);
  EXPECT_TRUE(shares(rk, t));
  EXPECT_EQ(vals(rk), (std::vector<int64_t>{0, 1, 2, 3, 4, 5}));
  // Like NumPy, a strided 1-D array is copied (reshape would give a view).
  ndarray s = basic_index(arange(6), {Index::slice(Index::kNone, Index::kNone, 2)});
  EXPECT_FALSE(shares(ravel(s), s));
  EXPECT_EQ(vals(ravel(s)), (std::vector<int64_t>{0, 2, 4}));
  EXPECT_EQ(ravel(array(std::vector<int64_t>{3}, Dims{})).shape(), (Dims{1}));
}

TEST(Ravel, KeepOrder) {
  // Permuted axes that still tile memory: a view in memory order.
  ndarray x = transpose(arange(24, {2, 3, 4}), {1, 0, 2});
  ndarray r = ravel(x, Order::K);
  EXPECT_TRUE(shares(r, x));
  EXPECT_EQ(vals(r)[5], 5);
  // Negative strides: a copy that still reads the reversed axis backwards (NumPy's docs).
  ndarray n = flipped(arange(5), 0);
  ndarray rn = ravel(n, Order::K);
  EXPECT_FALSE(shares(rn, n));
  EXPECT_EQ(vals(rn), (std::vector<int64_t>{4, 3, 2, 1, 0}));
  ndarray b = flipped(transpose(arange(12, {3, 4})), 0);  // (4, 3), strides (-8, 32)
  EXPECT_EQ(vals(ravel(b, Order::K)), (std::vector<int64_t>{3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8}));
}

TEST(Ravel, OrderA) {
  ndarray rows = basic_index(arange(12, {3, 4}), {Index::slice(Index::kNone, Index::kNone, 2)});
  EXPECT_EQ(vals(ravel(rows, Order::A)), (std::vector<int64_t>{0, 1, 2, 3, 8, 9, 10, 11}));
}

TEST(Flatten, AlwaysCopies) {
  ndarray a = arange(6, {2, 3});
  ndarray f = flatten(a);
  EXPECT_FALSE(shares(f, a));
  EXPECT_EQ(vals(f), (std::vector<int64_t>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(vals(flatten(a, Order::F)), (std::vector<int64_t>{0, 3, 1, 4, 2, 5}));
  EXPECT_EQ(vals(flatten(transpose(a), Order::K)), (std::vector<int64_t>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(vals(flatten(transpose(a), Order::A)), (std::vector<int64_t>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(flatten(zeros({0, 4}, dtypes::int64)).shape(), (Dims{0}));
  EXPECT_EQ(vals(flatten(array(std::vector<int64_t>{9}, Dims{}))), (std::vector<int64_t>{9}));
}

TEST(Flatten, KeepOrderWithBroadcastAxes) {
  // NumPy's nditer steps over zero-stride axes when it sorts by stride; these match np.ravel(..., 'K').
  ndarray base = arange(100);
  std::vector<int64_t> expect1;
  for (int r = 0; r < 3; ++r)
    for (int v = 0; v < 8; ++v) expect1.push_back(v);
  EXPECT_EQ(vals(flatten(base.view({2, 3, 4}, {8, 0, 16}), Order::K)), expect1);
  std::vector<int64_t> expect2 = {0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 2, 3, 4, 5, 2, 3, 4, 5, 2, 3, 4, 5};
  EXPECT_EQ(vals(flatten(base.view({2, 3, 4}, {16, 0, 8}), Order::K)), expect2);
  std::vector<int64_t> expect3 = {0,  0,  0,  0,  1,  1,  1,  1,  10, 10, 10, 10,
                                  11, 11, 11, 11, 20, 20, 20, 20, 21, 21, 21, 21};
  EXPECT_EQ(vals(flatten(base.view({2, 3, 4}, {8, 80, 0}), Order::K)), expect3);
}

// ---- transpose / swapaxes / moveaxis ---------------------------------------------------------

TEST(Transpose, Permutations) {
  ndarray a = arange(24, {2, 3, 4});
  ndarray t = transpose(a);
  EXPECT_TRUE(shares(t, a));
  EXPECT_EQ(t.shape(), (Dims{4, 3, 2}));
  EXPECT_EQ(t.strides(), (Dims{8, 32, 96}));
  ndarray p = transpose(a, {-1, 0, 1});
  EXPECT_EQ(p.shape(), (Dims{4, 2, 3}));
  EXPECT_EQ(vals(p)[1], 4);  // p[0, 0, 1] = a[0, 1, 0]
  EXPECT_EQ(vals(transpose(arange(6, {2, 3}))), (std::vector<int64_t>{0, 3, 1, 4, 2, 5}));
  ndarray s = array(std::vector<int64_t>{1}, Dims{});
  EXPECT_EQ(transpose(s).ndim(), 0);
  EXPECT_EQ(transpose(s, {}).ndim(), 0);
}

TEST(Transpose, Errors) {
  ndarray a = arange(6, {2, 3});
  expect_error<ValueError>([&] { transpose(a, {1}); }, "axes don't match array");
  expect_error<AxisError>([&] { transpose(a, {0, 2}); }, "axis 2 is out of bounds for array of dimension 2");
  expect_error<ValueError>([&] { transpose(a, {1, -1}); }, "repeated axis in transpose");
}

TEST(SwapAxes, ViewAndErrors) {
  ndarray a = arange(24, {2, 3, 4});
  ndarray s = swapaxes(a, 0, -1);
  EXPECT_TRUE(shares(s, a));
  EXPECT_EQ(s.shape(), (Dims{4, 3, 2}));
  EXPECT_EQ(s.strides(), (Dims{8, 32, 96}));
  EXPECT_EQ(swapaxes(a, 1, 1).strides(), a.strides());
  expect_error<AxisError>([&] { swapaxes(a, 3, 0); }, "axis1: axis 3 is out of bounds for array of dimension 3");
  expect_error<AxisError>([&] { swapaxes(a, 0, -4); }, "axis2: axis -4 is out of bounds for array of dimension 3");
}

TEST(MoveAxis, ViewAndErrors) {
  ndarray a = zeros({2, 3, 4, 5}, dtypes::int8);
  ndarray m = moveaxis(a, 0, -1);
  EXPECT_TRUE(shares(m, a));
  EXPECT_EQ(m.shape(), (Dims{3, 4, 5, 2}));
  EXPECT_EQ(moveaxis(a, {3, 0}, {0, 2}).shape(), (Dims{5, 3, 2, 4}));
  ndarray b = zeros({2, 3, 4}, dtypes::int8);
  EXPECT_EQ(moveaxis(b, {0, 1}, {-1, -2}).shape(), (Dims{4, 3, 2}));
  ndarray c = zeros({2, 3}, dtypes::int8);
  expect_error<ValueError>([&] { moveaxis(c, {0, 1}, {1}); },
                           "`source` and `destination` arguments must have the same number of elements");
  expect_error<ValueError>([&] { moveaxis(c, {0, 0}, {1, 0}); }, "repeated axis in `source` argument");
  expect_error<ValueError>([&] { moveaxis(c, {0, 1}, {1, -1}); }, "repeated axis in `destination` argument");
  expect_error<AxisError>([&] { moveaxis(c, 0, 5); }, "destination: axis 5 is out of bounds for array of dimension 2");
  expect_error<AxisError>([&] { moveaxis(c, 7, 5); }, "source: axis 7 is out of bounds for array of dimension 2");
}

// ---- squeeze / expand_dims -------------------------------------------------------------------

TEST(Squeeze, AllAndSelected) {
  ndarray a = arange(3, {1, 3, 1});
  ndarray s = squeeze(a);
  EXPECT_TRUE(shares(s, a));
  EXPECT_EQ(s.shape(), (Dims{3}));
  EXPECT_EQ(squeeze(a, {0}).shape(), (Dims{3, 1}));
  EXPECT_EQ(squeeze(a, {-1}).shape(), (Dims{1, 3}));
  EXPECT_EQ(squeeze(a, {}).shape(), (Dims{1, 3, 1}));
  EXPECT_EQ(squeeze(array(std::vector<int64_t>{4}, Dims{})).ndim(), 0);
  EXPECT_EQ(squeeze(zeros({1, 1}, dtypes::int64)).ndim(), 0);
  // A single axis 0 or -1 is accepted for 0-d arrays (NumPy's special case); a list is not.
  ndarray z = array(std::vector<int64_t>{4}, Dims{});
  EXPECT_EQ(squeeze(z, 0).ndim(), 0);
  EXPECT_EQ(squeeze(z, -1).ndim(), 0);
  EXPECT_THROW(squeeze(z, {0}), AxisError);
  EXPECT_THROW(squeeze(z, 1), AxisError);
  ndarray f = flipped(arange(3, {1, 3, 1}), 1);
  EXPECT_EQ(vals(squeeze(f)), (std::vector<int64_t>{2, 1, 0}));
}

TEST(Squeeze, Errors) {
  ndarray a = zeros({1, 2}, dtypes::int8);
  expect_error<ValueError>([&] { squeeze(a, {1}); },
                           "cannot select an axis to squeeze out which has size not equal to one");
  expect_error<ValueError>([&] { squeeze(a, {0, 0, 5}); }, "duplicate value in 'axis'");
  expect_error<AxisError>([&] { squeeze(a, {5, 0, 0}); }, "axis 5 is out of bounds for array of dimension 2");
}

TEST(ExpandDims, Axes) {
  ndarray a = arange(6, {2, 3});
  ndarray e = expand_dims(a, {0, 3});
  EXPECT_TRUE(shares(e, a));
  EXPECT_EQ(e.shape(), (Dims{1, 2, 3, 1}));
  EXPECT_EQ(expand_dims(a, {-1, 0}).shape(), (Dims{1, 2, 3, 1}));
  EXPECT_EQ(expand_dims(a, 1).shape(), (Dims{2, 1, 3}));
  ndarray t = expand_dims(transpose(zeros({2, 3})), {0, 2});  // NumPy's strides for a non-contiguous input
  EXPECT_EQ(t.strides(), (Dims{24, 8, 48, 24}));
  EXPECT_EQ(expand_dims(array(std::vector<int64_t>{1}, Dims{}), 0).shape(), (Dims{1}));
  expect_error<ValueError>([&] { expand_dims(a, {0, 0}); }, "repeated axis");
  expect_error<AxisError>([&] { expand_dims(arange(2), 3); }, "axis 3 is out of bounds for array of dimension 2");
}

// ---- broadcasting ----------------------------------------------------------------------------

TEST(BroadcastTo, Views) {
  ndarray a = arange(3);
  ndarray b = broadcast_to(a, {4, 3});
  EXPECT_TRUE(shares(b, a));
  EXPECT_EQ(b.strides(), (Dims{0, 8}));
  EXPECT_EQ(vals(b), (std::vector<int64_t>{0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2}));
  ndarray col = arange(3, {3, 1});
  EXPECT_EQ(broadcast_to(col, {2, 3, 4}).strides(), (Dims{0, 8, 0}));
  EXPECT_EQ(broadcast_to(col, {3, 1}).strides(), (Dims{8, 0}));  // length-1 axes get stride 0, as in NumPy
  ndarray s = array(std::vector<int64_t>{5}, Dims{});
  EXPECT_EQ(vals(broadcast_to(s, {2, 2})), (std::vector<int64_t>{5, 5, 5, 5}));
  EXPECT_EQ(broadcast_to(s, {}).ndim(), 0);
  EXPECT_EQ(broadcast_to(arange(1), {0}).shape(), (Dims{0}));
  ndarray n = broadcast_to(flipped(a, 0), {2, 3});
  EXPECT_EQ(n.strides(), (Dims{0, -8}));
  EXPECT_EQ(vals(n), (std::vector<int64_t>{2, 1, 0, 2, 1, 0}));
}

TEST(BroadcastTo, Errors) {
  expect_error<ValueError>([&] { broadcast_to(arange(3), {4}); },
                           "operands could not be broadcast together with remapped shapes [original->remapped]: "
                           "(3,)  and requested shape (4,)");
  expect_error<ValueError>([&] { broadcast_to(zeros({2, 3}), {4, 3}); },
                           "operands could not be broadcast together with remapped shapes [original->remapped]: "
                           "(2,3)  and requested shape (4,3)");
  expect_error<ValueError>([&] { broadcast_to(zeros({0}), {1}); },
                           "operands could not be broadcast together with remapped shapes [original->remapped]: "
                           "(0,)  and requested shape (1,)");
  expect_error<ValueError>([&] { broadcast_to(zeros({2, 3}), {3}); },
                           "input operand has more dimensions than allowed by the axis remapping");
  expect_error<ValueError>([&] { broadcast_to(zeros({2, 3}), {}); }, "cannot broadcast a non-scalar to a scalar array");
  expect_error<ValueError>([&] { broadcast_to(zeros({2, 1}), {2, -1}); },
                           "all elements of broadcast shape must be non-negative");
}

TEST(BroadcastArrays, CommonShape) {
  ndarray a = arange(2, {2, 1}), b = arange(3);
  auto r = broadcast_arrays({a, b});
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0].shape(), (Dims{2, 3}));
  EXPECT_EQ(r[1].shape(), (Dims{2, 3}));
  EXPECT_TRUE(shares(r[0], a));
  EXPECT_TRUE(shares(r[1], b));
  EXPECT_EQ(vals(r[0]), (std::vector<int64_t>{0, 0, 0, 1, 1, 1}));
  EXPECT_EQ(vals(r[1]), (std::vector<int64_t>{0, 1, 2, 0, 1, 2}));
  auto same = broadcast_arrays({a, a});
  EXPECT_EQ(same[0].strides(), a.strides());  // already the common shape: returned as is
  EXPECT_TRUE(broadcast_arrays({}).empty());
  auto three = broadcast_arrays({zeros({2, 3}), zeros({1}), zeros({4, 1, 1})});
  for (const auto& x : three) EXPECT_EQ(x.shape(), (Dims{4, 2, 3}));
}

TEST(BroadcastArrays, Errors) {
  expect_error<ValueError>([&] { broadcast_arrays({zeros({2, 3}), zeros({4})}); },
                           "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg 0 "
                           "with shape (2, 3) and arg 1 with shape (4,).");
  expect_error<ValueError>([&] { broadcast_arrays({zeros({2, 1}), zeros({1, 3}), zeros({3, 1})}); },
                           "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg 0 "
                           "with shape (2, 1) and arg 2 with shape (3, 1).");
}

// ---- view(dtype) -----------------------------------------------------------------------------

TEST(ViewDtype, ItemsizeChanges) {
  ndarray a = array(std::vector<int32_t>{1, 2, 3, 4}, Dims{2, 2});
  ndarray b = view_dtype(a, dtypes::int8);
  EXPECT_TRUE(shares(b, a));
  EXPECT_EQ(b.shape(), (Dims{2, 8}));
  EXPECT_EQ(b.strides(), (Dims{8, 1}));
  EXPECT_EQ(to_vector<int8_t>(b)[4], 2);  // little-endian
  ndarray back = view_dtype(b, dtypes::int32);
  EXPECT_EQ(back.shape(), (Dims{2, 2}));
  EXPECT_EQ(to_vector<int32_t>(back), (std::vector<int32_t>{1, 2, 3, 4}));
  ndarray f = array(std::vector<float>{1.0f}, Dims{1});
  EXPECT_EQ(to_vector<int32_t>(view_dtype(f, dtypes::int32)), (std::vector<int32_t>{0x3f800000}));
  ndarray c = view_dtype(array(std::vector<double>{1.5, 2.5}), dtypes::complex128);
  EXPECT_EQ(c.shape(), (Dims{1}));
  EXPECT_EQ(to_vector<complex128>(c)[0], complex128(1.5, 2.5));
  // Same itemsize: strides stay, even when the last axis is not contiguous; 0-d works too.
  ndarray t = transpose(zeros({2, 3}));
  EXPECT_EQ(view_dtype(t, dtypes::int64).strides(), t.strides());
  EXPECT_EQ(view_dtype(zeros({}), dtypes::uint64).ndim(), 0);
  // A last axis of length 1 may have any stride.
  ndarray col =
      basic_index(zeros({2, 4}, dtypes::int16), {Index::slice(), Index::slice(Index::kNone, Index::kNone, 4)});
  ndarray cb = view_dtype(col, dtypes::int8);
  EXPECT_EQ(cb.shape(), (Dims{2, 2}));
  EXPECT_EQ(cb.strides(), (Dims{8, 1}));
  EXPECT_EQ(view_dtype(zeros({3, 0}, dtypes::int8), dtypes::int32).shape(), (Dims{3, 0}));
}

TEST(ViewDtype, Errors) {
  expect_error<ValueError>([&] { view_dtype(transpose(zeros({2, 3})), dtypes::int32); },
                           "To change to a dtype of a different size, the last axis must be contiguous");
  expect_error<ValueError>([&] { view_dtype(zeros({2, 3}, dtypes::int8), dtypes::int32); },
                           "When changing to a larger dtype, its size must be a divisor of the total size in bytes "
                           "of the last axis of the array.");
  expect_error<ValueError>([&] { view_dtype(zeros({}, dtypes::int8), dtypes::int32); },
                           "Changing the dtype of a 0d array is only supported if the itemsize is unchanged");
  expect_error<ValueError>(
      [&] { view_dtype(zeros({2}, dtypes::complex64), DType::void_(3)); },
      "When changing to a smaller dtype, its size must be a divisor of the size of original dtype");
}

// ---- diagonal --------------------------------------------------------------------------------

TEST(Diagonal, Offsets) {
  ndarray a = arange(9, {3, 3});
  ndarray d = diagonal(a);
  EXPECT_TRUE(shares(d, a));
  EXPECT_EQ(d.strides(), (Dims{32}));
  EXPECT_EQ(vals(d), (std::vector<int64_t>{0, 4, 8}));
  EXPECT_EQ(vals(diagonal(a, 1)), (std::vector<int64_t>{1, 5}));
  EXPECT_EQ(vals(diagonal(a, -1)), (std::vector<int64_t>{3, 7}));
  EXPECT_EQ(vals(diagonal(transpose(a), 1)), (std::vector<int64_t>{3, 7}));
  EXPECT_EQ(vals(diagonal(flipped(a, 1))), (std::vector<int64_t>{2, 4, 6}));
  EXPECT_EQ(diagonal(a, 3).shape(), (Dims{0}));
  EXPECT_EQ(diagonal(a, 5).shape(), (Dims{0}));
  EXPECT_EQ(diagonal(a, -5).shape(), (Dims{0}));
  EXPECT_EQ(diagonal(a, INT64_MIN).shape(), (Dims{0}));
}

TEST(Diagonal, HigherDimensions) {
  ndarray a = arange(24, {2, 3, 4});
  ndarray d = diagonal(a);
  EXPECT_EQ(d.shape(), (Dims{4, 2}));
  EXPECT_EQ(vals(d), (std::vector<int64_t>{0, 16, 1, 17, 2, 18, 3, 19}));
  ndarray e = diagonal(a, 1, 2, 0);
  EXPECT_EQ(e.shape(), (Dims{3, 1}));
  EXPECT_EQ(vals(e), (std::vector<int64_t>{12, 16, 20}));
}

TEST(Diagonal, Errors) {
  expect_error<ValueError>([&] { diagonal(zeros({3})); }, "diag requires an array of at least two dimensions");
  expect_error<ValueError>([&] { diagonal(zeros({2, 3}), 0, 0, -2); }, "axis1 and axis2 cannot be the same");
  expect_error<AxisError>([&] { diagonal(zeros({2, 3}), 0, 0, 4); },
                          "axis2: axis 4 is out of bounds for array of dimension 2");
  expect_error<AxisError>([&] { diagonal(zeros({2, 3}), 0, -3, 0); },
                          "axis1: axis -3 is out of bounds for array of dimension 2");
}

TEST(BroadcastResultShape, NumPysShapeAndMessages) {
  EXPECT_EQ(broadcast_result_shape({{2, 1}, {3}}), (Dims{2, 3}));
  EXPECT_EQ(broadcast_result_shape({{}, {4, 1}, {1, 5}}), (Dims{4, 5}));
  EXPECT_EQ(broadcast_result_shape({{0}, {1}}), (Dims{0}));
  EXPECT_EQ(broadcast_result_shape({}), (Dims{}));
  // the first two arguments that disagree: arg 1 fixed the dimension, arg 2 differs
  expect_error<ValueError>([&] { broadcast_result_shape({{1, 2}, {3, 1}, {3, 4}}); },
                           "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg 0 "
                           "with shape (1, 2) and arg 2 with shape (3, 4).");
  expect_error<ValueError>([&] { broadcast_result_shape({{2, -1}}); }, "negative dimensions are not allowed");
}

TEST(Require, CopiesOnlyWhereARequirementIsNotMet) {
  ndarray a = arange(6, {2, 3});
  ndarray t = transpose(a);  // F-contiguous
  EXPECT_EQ(require(a, std::nullopt, "CAWE").data(), a.data());
  EXPECT_EQ(require(t, std::nullopt, "F").data(), t.data());
  ndarray c = require(t, std::nullopt, "C");
  EXPECT_NE(c.data(), t.data());
  EXPECT_TRUE(c.c_contiguous());
  EXPECT_EQ(vals(c), vals(copy(t, Order::C)));
  EXPECT_EQ(require(t, std::nullopt, "O", /*owns_data=*/false).data() != t.data(), true);  // a view: copied
  EXPECT_EQ(require(a, dtypes::float32, "").dtype(), dtypes::float32);
  expect_error<ValueError>([&] { require(a, std::nullopt, "CF"); }, "Cannot specify both \"C\" and \"F\" order");
  expect_error<ValueError>([&] { require(a, std::nullopt, "X"); },
                           "require: unknown requirement 'X' (one of C, F, A, W, O, E)");
}
