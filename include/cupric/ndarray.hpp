// ndarray: a typed, strided view of device memory. Copying an ndarray copies the handle (the
// memory is shared, like a NumPy view); routines that make new data return new arrays.
#pragma once
#include <memory>
#include "cupric/dtype.hpp"
#include "cupric/memory.hpp"
#include "cupric/shape.hpp"

namespace cupric {

enum class Order : uint8_t { C, F, A, K };
Order parse_order(char c, bool allow_ak = true);  // 'C', 'F', 'A', 'K' (case-insensitive)

class ndarray {
 public:
  ndarray() = default;
  ndarray(std::shared_ptr<Memory> mem, DType dtype, Dims shape, Dims strides, int64_t offset);

  // Uninitialised array on the given backend (default: default_backend()).
  static ndarray empty(const Dims& shape, DType dtype, Order order = Order::C, Backend* backend = nullptr);

  bool defined() const { return mem_ != nullptr; }
  DType dtype() const { return dtype_; }
  const Dims& shape() const { return shape_; }
  const Dims& strides() const { return strides_; }
  int ndim() const { return static_cast<int>(shape_.size()); }
  int64_t size() const { return size_; }
  int64_t itemsize() const { return dtype_.itemsize; }
  int64_t nbytes() const { return size_ * dtype_.itemsize; }
  int64_t offset() const { return offset_; }
  bool c_contiguous() const { return c_contig_; }
  bool f_contiguous() const { return f_contig_; }
  const std::shared_ptr<Memory>& memory() const { return mem_; }
  char* data() const { return static_cast<char*>(mem_->ptr()) + offset_; }
  uintptr_t data_ptr() const { return reinterpret_cast<uintptr_t>(data()); }
  Backend& backend() const { return *mem_->backend(); }
  DeviceType device_type() const { return mem_->device_type(); }
  int device() const { return mem_->device(); }

  // A view of the same memory; offset is in bytes relative to this array's data.
  ndarray view(DType dtype, Dims shape, Dims strides, int64_t offset_delta) const;
  ndarray view(Dims shape, Dims strides, int64_t offset_delta = 0) const {
    return view(dtype_, std::move(shape), std::move(strides), offset_delta);
  }

  // Byte range [lo, hi) this array can touch, relative to its memory's start (for overlap tests).
  std::pair<int64_t, int64_t> byte_extent() const;
  bool may_share_memory(const ndarray& other) const;
  // Data pointer and strides are multiples of the dtype's alignment (what typed loops assume).
  bool is_aligned() const;

 private:
  void update_flags();
  std::shared_ptr<Memory> mem_;
  DType dtype_;
  Dims shape_, strides_;
  int64_t offset_ = 0;
  int64_t size_ = 0;
  bool c_contig_ = true, f_contig_ = true;
};

}  // namespace cupric
