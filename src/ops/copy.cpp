// Copies, casts and fills through the elementwise engine (Note [Elementwise engine]).
#include "cupric/ops/copy.hpp"
#include <cstring>
#include <algorithm>
#include <numeric>
#include "cupric/error.hpp"
#include "engine/elementwise/elementwise_engine.hpp"
#include "engine/elementwise/op_table.hpp"

namespace cupric {

namespace {

std::string dtype_repr(DType d) { return "dtype('" + d.name() + "')"; }

// Strides for a new array of `shape` (like's number of dimensions) laid out in the memory order of
// `like` (NumPy's order K): dimensions sorted by like's stride magnitude, largest outermost; ties
// keep C order.
Dims strides_like(const ndarray& like, const Dims& shape, DType dtype) {
  const int nd = like.ndim();
  std::vector<int> perm(nd);
  std::iota(perm.begin(), perm.end(), 0);
  std::stable_sort(perm.begin(), perm.end(),
                   [&](int a, int b) { return std::llabs(like.strides()[a]) > std::llabs(like.strides()[b]); });
  Dims strides(nd);
  int64_t acc = dtype.itemsize;
  for (int i = nd - 1; i >= 0; --i) {
    strides[perm[i]] = acc;
    acc *= std::max<int64_t>(shape[perm[i]], 1);
  }
  return strides;
}

void copyto_broadcastable(const ndarray& dst, const ndarray& src, Casting casting);

// A shape as NumPy writes it in broadcast errors: "(2,4)", "(4,)", "()".
std::string numpy_shape_str(const Dims& shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? "," : "") + std::to_string(shape[i]);
  return s + (shape.size() == 1 ? ",)" : ")");
}

void check_structured_cast(DType from, DType to) {
  if ((from.is_void() || to.is_void()) && !(from.is_void() && to.is_void() && from.itemsize == to.itemsize))
    throw TypeError("cannot cast between " + dtype_repr(from) + " and " + dtype_repr(to) +
                    ": void and structured arrays support only field access and assignment (V14-STRUCT)");
}

}  // namespace

ndarray empty_like(const ndarray& a, DType dtype, Order order) { return empty_like(a, dtype, order, a.shape()); }

ndarray empty_like(const ndarray& a, DType dtype, Order order, const Dims& shape) {
  if (order == Order::A) order = a.f_contiguous() && !a.c_contiguous() ? Order::F : Order::C;
  if (order == Order::K) {
    if (a.c_contiguous() || static_cast<int>(shape.size()) != a.ndim())
      order = Order::C;
    else if (a.f_contiguous())
      order = Order::F;
  }
  if (order != Order::K) return ndarray::empty(shape, dtype, order, &a.backend());
  ndarray out = ndarray::empty(shape, dtype, Order::C, &a.backend());
  return ndarray(out.memory(), dtype, shape, strides_like(a, shape, dtype), 0);
}

void copyto(const ndarray& dst, const ndarray& src, Casting casting) {
  if (!can_cast(src.dtype(), dst.dtype(), casting))
    throw TypeError("Cannot cast array data from " + dtype_repr(src.dtype()) + " to " + dtype_repr(dst.dtype()) +
                    " according to the rule '" + casting_name(casting) + "'");
  check_structured_cast(src.dtype(), dst.dtype());
  // src must broadcast to exactly dst's shape; leading length-1 dimensions of src beyond dst's
  // rank are dropped first, as NumPy's assignment does (a[...] = ones((1, 1, 3)) into (2, 3)).
  int lead = 0;
  while (src.ndim() - lead > dst.ndim() && src.shape()[lead] == 1) ++lead;
  bool ok = src.ndim() - lead <= dst.ndim();
  for (int i = 0; ok && i < src.ndim() - lead; ++i) {
    int64_t s = src.shape()[src.ndim() - 1 - i], d = dst.shape()[dst.ndim() - 1 - i];
    ok = s == d || s == 1;
  }
  if (!ok)
    throw ValueError("could not broadcast input array from shape " + numpy_shape_str(src.shape()) + " into shape " +
                     numpy_shape_str(dst.shape()));
  if (lead > 0) {
    copyto_broadcastable(dst,
                         src.view(Dims(src.shape().begin() + lead, src.shape().end()),
                                  Dims(src.strides().begin() + lead, src.strides().end())),
                         casting);
    return;
  }
  copyto_broadcastable(dst, src, casting);
}

namespace {
// copyto's work once the checks passed and src has at most dst's rank.
void copyto_broadcastable(const ndarray& dst, const ndarray& src, Casting casting) {
  // NumPy warns for complex -> real (even when nothing is cast), but not for complex -> bool,
  // which looks at both parts.
  if (src.dtype().is_complex() && !dst.dtype().is_complex() && !dst.dtype().is_bool() && casting == Casting::Unsafe)
    warn("ComplexWarning", "Casting complex values to real discards the imaginary part");
  if (dst.size() == 0) return;
  // Same dtype, same contiguous layout, no overlap: one memcpy on the stream.
  if (src.dtype() == dst.dtype() && src.shape() == dst.shape() && src.device_type() == dst.device_type() &&
      ((src.c_contiguous() && dst.c_contiguous()) || (src.f_contiguous() && dst.f_contiguous())) &&
      !src.may_share_memory(dst)) {
    Backend& b = dst.backend();
    b.copy(dst.data(), src.data(), static_cast<size_t>(dst.nbytes()), CopyKind::DeviceToDevice,
           b.current_stream(dst.device()));
    return;
  }
  ndarray ops[2] = {dst, src};
  if (dst.dtype().is_void()) {
    int64_t isz = dst.itemsize();
    run_elementwise(bytes_copy_loops(), ops, 1, 1, &isz);
  } else {
    run_elementwise(cast_loops(src.dtype().type, dst.dtype().type), ops, 1, 1);
  }
}
}  // namespace

ndarray astype(const ndarray& a, DType dtype, Order order, Casting casting, bool copy) {
  if (!can_cast(a.dtype(), dtype, casting))
    throw TypeError("Cannot cast array data from " + dtype_repr(a.dtype()) + " to " + dtype_repr(dtype) +
                    " according to the rule '" + casting_name(casting) + "'");
  check_structured_cast(a.dtype(), dtype);
  if (!copy && a.dtype() == dtype) {
    bool layout_ok = order == Order::K || order == Order::A || (order == Order::C && a.c_contiguous()) ||
                     (order == Order::F && a.f_contiguous());
    if (layout_ok) return a;
  }
  ndarray out = empty_like(a, dtype, order);
  copyto(out, a, Casting::Unsafe);
  return out;
}

ndarray copy(const ndarray& a, Order order) { return astype(a, a.dtype(), order, Casting::Unsafe, true); }

void fill(const ndarray& a, const Scalar& value) {
  if (a.size() == 0) return;
  if (a.dtype().is_void()) throw TypeError("fill is not supported for void and structured arrays (V14-STRUCT)");
  Scalar v = value.cast(a.dtype());
  // A contiguous array whose value repeats with a period of 1, 2 or 4 bytes (zeros, -1, any
  // float32/int32/float16 value, ...): a memset, which costs less than a kernel launch on CUDA.
  if (a.c_contiguous() || a.f_contiguous()) {
    const int64_t isz = a.itemsize();
    auto period_ok = [&](int64_t p) {
      if (isz % p != 0) return false;
      for (int64_t i = p; i < isz; ++i)
        if (v.bytes[i] != v.bytes[i - p]) return false;
      return true;
    };
    Backend& b = a.backend();
    if (period_ok(1)) {
      b.memset(a.data(), v.bytes[0], static_cast<size_t>(a.nbytes()), b.current_stream(a.device()));
      return;
    }
    for (int p : {2, 4}) {
      if (!period_ok(p)) continue;
      uint32_t pattern = 0;
      std::memcpy(&pattern, v.bytes, static_cast<size_t>(p));
      if (b.memset_pattern(a.data(), pattern, p, static_cast<size_t>(a.nbytes() / p), b.current_stream(a.device())))
        return;
      break;
    }
  }
  ndarray ops[1] = {a};
  run_elementwise(fill_loops(a.dtype().type), ops, 1, 0, v.bytes);
}

ndarray to_backend(const ndarray& a, Backend& b) {
  if (&a.backend() == &b) return a;
  ndarray src = (a.c_contiguous() || a.f_contiguous()) ? a : copy(a, Order::C);
  Order order = src.c_contiguous() ? Order::C : Order::F;
  ndarray out = ndarray::empty(src.shape(), src.dtype(), order, &b);
  bool to_host = b.type() == DeviceType::Host;
  Backend& dev = to_host ? src.backend() : b;
  int device = to_host ? src.device() : out.device();
  Stream s = dev.current_stream(device);
  dev.copy(out.data(), src.data(), static_cast<size_t>(src.nbytes()),
           to_host ? CopyKind::DeviceToHost : CopyKind::HostToDevice, s);
  dev.synchronize(s);
  return out;
}

}  // namespace cupric
