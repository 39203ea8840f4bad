// empty/zeros/ones/full, their *_like forms, and host <-> device transfers.
#include "cupric/ops/creation.hpp"
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/runtime/sync_detect.hpp"

namespace cupric {

ndarray empty(const Dims& shape, DType dtype, Order order) {
  if (order != Order::C && order != Order::F) order = Order::C;
  return ndarray::empty(shape, dtype, order);
}

ndarray zeros(const Dims& shape, DType dtype, Order order) {
  ndarray a = empty(shape, dtype, order);
  Backend& b = a.backend();
  b.memset(a.data(), 0, static_cast<size_t>(a.nbytes()), b.current_stream(a.device()));
  return a;
}

ndarray ones(const Dims& shape, DType dtype, Order order) {
  if (dtype.is_void()) throw TypeError("ones is not supported for void and structured dtypes (V14-STRUCT)");
  return full(shape, Scalar::of<bool>(true), dtype, order);
}

namespace {

// NumPy's full/full_like copy the value with casting='unsafe', which warns for complex -> real.
void fill_warning_complex(const ndarray& a, const Scalar& value) {
  if (value.dtype.is_complex() && !a.dtype().is_complex() && !a.dtype().is_void() && a.size() > 0)
    warn("ComplexWarning", "Casting complex values to real discards the imaginary part");
}

}  // namespace

ndarray full(const Dims& shape, const Scalar& value, DType dtype, Order order) {
  ndarray a = empty(shape, dtype, order);
  fill_warning_complex(a, value);
  fill(a, value);
  return a;
}

ndarray zeros_like(const ndarray& a, std::optional<DType> dtype, Order order, const std::optional<Dims>& shape) {
  ndarray out = empty_like(a, dtype.value_or(a.dtype()), order, shape.value_or(a.shape()));
  // empty_like's arrays are dense from their first byte whatever their order: one memset.
  Backend& b = out.backend();
  if (out.nbytes() > 0) b.memset(out.data(), 0, static_cast<size_t>(out.nbytes()), b.current_stream(out.device()));
  return out;
}

ndarray ones_like(const ndarray& a, std::optional<DType> dtype, Order order, const std::optional<Dims>& shape) {
  DType dt = dtype.value_or(a.dtype());
  if (dt.is_void()) throw TypeError("ones_like is not supported for void and structured dtypes (V14-STRUCT)");
  return full_like(a, Scalar::of<bool>(true), dt, order, shape);
}

ndarray full_like(const ndarray& a, const Scalar& fill_value, std::optional<DType> dtype, Order order,
                  const std::optional<Dims>& shape) {
  DType dt = dtype.value_or(a.dtype());
  if (dt.is_void()) throw TypeError("full_like is not supported for void and structured dtypes (V14-STRUCT)");
  ndarray out = empty_like(a, dt, order, shape.value_or(a.shape()));
  fill_warning_complex(out, fill_value);
  fill(out, fill_value);
  return out;
}

ndarray from_host(const void* src, const Dims& shape, const Dims& strides, DType dtype, Backend* backend) {
  Dims s = shape;
  bool f = !is_c_contiguous(shape, strides, dtype.itemsize) && is_f_contiguous(shape, strides, dtype.itemsize);
  if (!f && !is_c_contiguous(shape, strides, dtype.itemsize))
    throw ValueError("from_host needs a C- or F-contiguous host buffer");
  ndarray a = ndarray::empty(shape, dtype, f ? Order::F : Order::C, backend);
  if (a.nbytes() == 0) return a;
  Backend& b = a.backend();
  Stream st = b.current_stream(a.device());
  // From pageable memory cudaMemcpyAsync returns once the source is staged, so the caller may
  // overwrite it right away (V13-ASARRAY).
  b.copy(a.data(), src, static_cast<size_t>(a.nbytes()), CopyKind::HostToDevice, st);
  return a;
}

void to_host(const ndarray& a, void* dst, Order order, bool blocking) {
  if (a.size() == 0) return;
  declare_synchronize();  // a copy to the host waits for the device (cupricx.allow_synchronize)
  bool want_f = order == Order::F;
  bool ok = want_f ? a.f_contiguous() : a.c_contiguous();
  ndarray src = ok ? a : copy(a, want_f ? Order::F : Order::C);
  Backend& b = src.backend();
  Stream st = b.current_stream(src.device());
  b.copy(dst, src.data(), static_cast<size_t>(src.nbytes()), CopyKind::DeviceToHost, st);
  // Host sync: the caller needs the values now (V13-ASNUMPY: blocking by default).
  if (blocking) b.synchronize(st);
}

}  // namespace cupric
