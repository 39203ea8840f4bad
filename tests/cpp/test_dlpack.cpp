// Tests of the DLPack exchange (include/cupric/interop/dlpack.hpp): export layout and flags,
// import with and without copies, deleters called exactly once, errors.
#include <gtest/gtest.h>
#include <vector>
#include "cupric/cupric.hpp"

using namespace cupric;

namespace {

ndarray seq(int64_t n, DType dt) { return arange(Scalar::of<int64_t>(n), dt); }

TEST(DLPack, ExportDescribesAStridedView) {
  ndarray a = seq(12, dtypes::float32).view(Dims{3, 4}, Dims{16, 4});
  ndarray v = a.view(Dims{3, 2}, Dims{16, 8}, 4);  // a[:, 1::2]
  DLManagedTensorVersioned* t = dlpack::to_versioned(v);
  EXPECT_EQ(t->version.major, 1u);
  EXPECT_EQ(t->flags, 0u);
  const DLTensor& d = t->dl_tensor;
  EXPECT_EQ(d.ndim, 2);
  EXPECT_EQ(d.dtype.code, kDLFloat);
  EXPECT_EQ(d.dtype.bits, 32);
  EXPECT_EQ(d.dtype.lanes, 1);
  EXPECT_EQ(d.shape[0], 3);
  EXPECT_EQ(d.shape[1], 2);
  EXPECT_EQ(d.strides[0], 4);  // in elements
  EXPECT_EQ(d.strides[1], 2);
  EXPECT_EQ(d.data, static_cast<void*>(v.data()));
  EXPECT_EQ(d.device.device_type, v.device_type() == DeviceType::Cuda ? kDLCUDA : kDLCPU);
  t->deleter(t);
}

TEST(DLPack, RoundTripIsZeroCopyAndFreesOnce) {
  ndarray a = seq(6, dtypes::int64);
  std::weak_ptr<Memory> mem = a.memory();
  ndarray b = dlpack::from_versioned(dlpack::to_versioned(a));
  EXPECT_EQ(b.data(), a.data());
  EXPECT_EQ(to_vector<int64_t>(b), (std::vector<int64_t>{0, 1, 2, 3, 4, 5}));
  a = ndarray();
  EXPECT_FALSE(mem.expired());  // the import holds the export, which holds the memory
  b = ndarray();
  EXPECT_TRUE(mem.expired());
}

TEST(DLPack, CopyRequestsAndReadOnly) {
  ndarray a = seq(4, dtypes::float64);
  DLManagedTensorVersioned* t = dlpack::to_versioned(a, {true, std::nullopt});
  EXPECT_EQ(t->flags & dlpack::kFlagIsCopied, dlpack::kFlagIsCopied);
  EXPECT_NE(t->dl_tensor.data, static_cast<void*>(a.data()));
  t->flags |= dlpack::kFlagReadOnly;
  EXPECT_THROW(dlpack::from_versioned(t, false), dlpack::BufferError);  // (the deleter ran)
  DLManagedTensorVersioned* r = dlpack::to_versioned(a);
  r->flags |= dlpack::kFlagReadOnly;
  ndarray c = dlpack::from_versioned(r);  // read-only: copied
  EXPECT_NE(c.data(), a.data());
  EXPECT_EQ(to_vector<double>(c), (std::vector<double>{0, 1, 2, 3}));
}

int g_deleted = 0;
void count_and_delete(DLManagedTensorVersioned* self) {
  ++g_deleted;
  delete self;
}

TEST(DLPack, ForeignHostTensorAndMajorVersionMismatch) {
  static double values[4] = {1, 2, 3, 4};
  static int64_t shape[1] = {2}, strides[1] = {-2};
  auto* t = new DLManagedTensorVersioned{};
  t->version = {1, 0};
  t->deleter = &count_and_delete;
  t->dl_tensor = DLTensor{values, {kDLCPU, 0}, 1, {kDLFloat, 64, 1}, shape, strides, 3 * sizeof(double)};
  g_deleted = 0;
  {
    ndarray a = dlpack::from_versioned(t, std::nullopt, &host_backend());  // values[3], values[1]
    EXPECT_EQ(to_vector<double>(a), (std::vector<double>{4, 2}));
    EXPECT_EQ(a.data(), reinterpret_cast<char*>(values + 3));
  }
  EXPECT_EQ(g_deleted, 1);
  auto* v2 = new DLManagedTensorVersioned{};
  v2->version = {2, 0};
  v2->deleter = &count_and_delete;
  EXPECT_THROW(dlpack::from_versioned(v2), dlpack::BufferError);
  EXPECT_EQ(g_deleted, 2);  // the specification: a consumer that cannot read it still deletes it
}

TEST(DLPack, ErrorsAreBufferErrors) {
  ndarray s = ndarray::empty(Dims{2}, DType::void_(8));
  EXPECT_THROW(dlpack::to_versioned(s), dlpack::BufferError);
  ndarray a = seq(4, dtypes::int32);
  EXPECT_THROW(dlpack::to_versioned(a, {false, DLDevice{kDLCUDAManaged, 0}}), dlpack::BufferError);
  // byte strides that are not a multiple of the itemsize (a view through a wider dtype)
  ndarray odd = ndarray::empty(Dims{8}, dtypes::uint8).view(dtypes::int16, Dims{2}, Dims{3}, 0);
  EXPECT_THROW(dlpack::to_legacy(odd), dlpack::BufferError);
}

TEST(DLPack, HostArraysRefuseStreams) {
  ndarray a = ndarray::empty(Dims{2}, dtypes::float32, Order::C, &host_backend());
  EXPECT_THROW(dlpack::order_before_consumer(a, 1), ValueError);
  EXPECT_NO_THROW(dlpack::order_before_consumer(a, std::nullopt));
}

}  // namespace
