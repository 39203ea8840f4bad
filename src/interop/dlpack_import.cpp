// DLPack managed tensors -> ndarray: zero copy where the target backend can address the memory,
// a copy otherwise (a CPU tensor onto a CUDA device, a read-only tensor, copy=true).
#include <algorithm>
#include <memory>
#include "cupric/config.hpp"
#include "cupric/interop/dlpack.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "dlpack_types.hpp"

namespace cupric::dlpack {

namespace {

// The parts of a managed tensor the import needs, whichever of the two structs it came in.
struct Source {
  const DLTensor* t;
  bool read_only;
  bool copied;                  // the producer already made a copy for us (DLPack's IS_COPIED flag)
  std::shared_ptr<void> owner;  // runs the producer's deleter once, when the last user lets go
};

// The memory kind of a DLPack device as seen by a backend: can `target` address it directly?
bool addressable(int32_t dev, const Backend& target) {
  if (target.type() == DeviceType::Cuda) return dev == kDLCUDA || dev == kDLCUDAManaged || dev == kDLCUDAHost;
  return dev == kDLCPU || dev == kDLCUDAHost || dev == kDLCUDAManaged;
}

const char* device_name(int32_t dev) {
  switch (dev) {
    case kDLCPU: return "kDLCPU";
    case kDLCUDA: return "kDLCUDA";
    case kDLCUDAHost: return "kDLCUDAHost";
    case kDLCUDAManaged: return "kDLCUDAManaged";
    case kDLROCM: return "kDLROCM";
    default: return "an unsupported device type";
  }
}

ndarray import(Source src, std::optional<bool> copy, Backend* target_ptr) {
  Backend& target = target_ptr ? *target_ptr : default_backend();
  const DLTensor& t = *src.t;
  const int32_t dev = t.device.device_type;
  if (dev != kDLCPU && dev != kDLCUDA && dev != kDLCUDAHost && dev != kDLCUDAManaged)
    throw BufferError(std::string("cupric cannot import a DLPack tensor on ") + device_name(dev) + " (device type " +
                      std::to_string(dev) + ")");
  if (t.ndim < 0 || t.ndim > kMaxDims) throw BufferError("invalid DLPack tensor: ndim " + std::to_string(t.ndim));
  if (t.ndim > 0 && !t.shape) throw BufferError("invalid DLPack tensor: shape is NULL");
  DType dt = detail::dtype_of(t.dtype);
  const int64_t item = dt.itemsize;
  Dims shape(static_cast<size_t>(t.ndim)), strides;
  for (int i = 0; i < t.ndim; ++i) shape[i] = t.shape[i];
  if (t.strides) {
    strides = Dims(static_cast<size_t>(t.ndim));
    for (int i = 0; i < t.ndim; ++i) strides[i] = t.strides[i] * item;
  } else {
    strides = c_strides(shape, item);
  }
  // The byte range the tensor can touch, relative to its first element (negative strides reach back).
  int64_t lo = 0, hi = shape_size(shape) ? item : 0;
  if (hi)
    for (int i = 0; i < t.ndim; ++i) {
      int64_t reach = (shape[i] - 1) * strides[i];
      (reach < 0 ? lo : hi) += reach;
    }
  char* first = static_cast<char*>(t.data) + t.byte_offset;
  const bool direct = addressable(dev, target);
  const bool need_copy = !direct || src.read_only || (copy == std::optional<bool>(true) && !src.copied);
  if (need_copy && copy == std::optional<bool>(false)) {
    if (src.read_only)
      throw BufferError(
          "the DLPack tensor is read-only and cupric arrays are writable: importing it needs a copy, "
          "and copy=False forbids one");
    throw BufferError(std::string("a DLPack tensor on ") + device_name(dev) + " cannot be used on the " +
                      target.name() + " backend without a copy, and copy=False forbids one");
  }
  if (!direct && target.type() != DeviceType::Cuda)
    throw BufferError(std::string("the host backend cannot read a DLPack tensor on ") + device_name(dev) +
                      " (device memory); ask the producer for a CPU copy (dl_device=(1, 0))");
  // The source as an array of the backend that can read it (the host one for CPU memory).
  const bool on_host = dev == kDLCPU || (dev != kDLCUDA && target.type() == DeviceType::Host);
  Backend& src_backend = on_host ? host_backend() : target;
  const int device = on_host ? 0 : (dev == kDLCUDA ? t.device.device_id : target.current_device());
  auto mem = Memory::unowned(first + lo, static_cast<size_t>(hi - lo), device, &src_backend, src.owner);
  ndarray a(std::move(mem), dt, std::move(shape), std::move(strides), -lo);
  if (!need_copy) return a;
  if (&src_backend == &target) return cupric::copy(a, Order::K);
  ndarray contiguous = a.c_contiguous() ? a : cupric::copy(a, Order::C);  // (host loops)
  return from_host(contiguous.size() ? contiguous.data() : nullptr, contiguous.shape(), contiguous.strides(), dt,
                   &target);
}

}  // namespace

ndarray from_versioned(DLManagedTensorVersioned* t, std::optional<bool> copy, Backend* target) {
  if (!t) throw BufferError("NULL DLPack tensor");
  std::shared_ptr<void> owner(t, [](void* p) {
    auto* m = static_cast<DLManagedTensorVersioned*>(p);
    if (m->deleter) m->deleter(m);
  });
  if (t->version.major != kMajorVersion)  // (the specification: call the deleter, read nothing else)
    throw BufferError("unsupported DLPack major version " + std::to_string(t->version.major) + " (cupric reads " +
                      std::to_string(kMajorVersion) + ".x)");
  return import(
      Source{&t->dl_tensor, (t->flags & kFlagReadOnly) != 0, (t->flags & kFlagIsCopied) != 0, std::move(owner)}, copy,
      target);
}

ndarray from_legacy(DLManagedTensor* t, std::optional<bool> copy, Backend* target) {
  if (!t) throw BufferError("NULL DLPack tensor");
  std::shared_ptr<void> owner(t, [](void* p) {
    auto* m = static_cast<DLManagedTensor*>(p);
    if (m->deleter) m->deleter(m);
  });
  return import(Source{&t->dl_tensor, false, false, std::move(owner)}, copy, target);
}

}  // namespace cupric::dlpack
