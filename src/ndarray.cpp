// ndarray construction, views and layout flags.
#include "cupric/ndarray.hpp"
#include "cupric/error.hpp"

namespace cupric {

Order parse_order(char c, bool allow_ak) {
  switch (c) {
    case 'C':
    case 'c': return Order::C;
    case 'F':
    case 'f': return Order::F;
    case 'A':
    case 'a':
      if (allow_ak) return Order::A;
      break;
    case 'K':
    case 'k':
      if (allow_ak) return Order::K;
      break;
    default: break;
  }
  throw ValueError(allow_ak ? "order must be one of 'C', 'F', 'A', or 'K' (got '" + std::string(1, c) + "')"
                            : "order must be one of 'C' or 'F' (got '" + std::string(1, c) + "')");
}

ndarray::ndarray(std::shared_ptr<Memory> mem, DType dtype, Dims shape, Dims strides, int64_t offset)
    : mem_(std::move(mem)), dtype_(dtype), shape_(std::move(shape)), strides_(std::move(strides)), offset_(offset) {
  if (shape_.size() != strides_.size()) throw ValueError("shape and strides must have the same length");
  if (shape_.size() > static_cast<size_t>(kMaxDims))
    throw ValueError("maximum supported dimension for an ndarray is currently " + std::to_string(kMaxDims) +
                     ", found " + std::to_string(shape_.size()));
  update_flags();
}

void ndarray::update_flags() {
  size_ = shape_size(shape_);
  c_contig_ = is_c_contiguous(shape_, strides_, dtype_.itemsize);
  f_contig_ = is_f_contiguous(shape_, strides_, dtype_.itemsize);
}

ndarray ndarray::empty(const Dims& shape, DType dtype, Order order, Backend* backend) {
  int64_t n = check_new_shape(shape);
  Backend& b = backend ? *backend : default_backend();
  int64_t nbytes;
  if (__builtin_mul_overflow(n, static_cast<int64_t>(dtype.itemsize), &nbytes))
    throw ValueError("array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.");
  auto mem = allocate(b, static_cast<size_t>(nbytes));
  Dims strides = order == Order::F ? f_strides(shape, dtype.itemsize) : c_strides(shape, dtype.itemsize);
  return ndarray(std::move(mem), dtype, shape, std::move(strides), 0);
}

ndarray ndarray::view(DType dtype, Dims shape, Dims strides, int64_t offset_delta) const {
  return ndarray(mem_, dtype, std::move(shape), std::move(strides), offset_ + offset_delta);
}

std::pair<int64_t, int64_t> ndarray::byte_extent() const {
  if (size_ == 0) return {offset_, offset_};
  int64_t lo = offset_, hi = offset_ + dtype_.itemsize;
  for (size_t i = 0; i < shape_.size(); ++i) {
    int64_t span = (shape_[i] - 1) * strides_[i];
    if (span < 0)
      lo += span;
    else
      hi += span;
  }
  return {lo, hi};
}

bool ndarray::is_aligned() const {
  const int64_t align = dtype_.alignment();
  if (align <= 1 || size_ == 0) return true;
  if (data_ptr() % static_cast<uintptr_t>(align) != 0) return false;
  for (size_t d = 0; d < shape_.size(); ++d)
    if (shape_[d] > 1 && strides_[d] % align != 0) return false;
  return true;
}

bool ndarray::may_share_memory(const ndarray& other) const {
  if (!mem_ || !other.mem_ || size_ == 0 || other.size_ == 0) return false;
  // Different Memory objects can still alias (unowned external pointers): compare addresses.
  auto [lo1, hi1] = byte_extent();
  auto [lo2, hi2] = other.byte_extent();
  auto base1 = reinterpret_cast<uintptr_t>(mem_->ptr()), base2 = reinterpret_cast<uintptr_t>(other.mem_->ptr());
  if (mem_->device_type() != other.mem_->device_type()) return false;
  uintptr_t a0 = base1 + lo1, a1 = base1 + hi1, b0 = base2 + lo2, b1 = base2 + hi2;
  return a0 < b1 && b0 < a1;
}

}  // namespace cupric
