// __cuda_array_interface__ v3: the fields a CUDA array exports, and foreign device memory as a
// cupric array ordered after its producer's stream (Note [DLPack stream handshake] in
// include/cupric/interop/dlpack.hpp: the same event-based wait, the consumer's side).
#include "cupric/interop/cuda_array_interface.hpp"
#include "cupric/error.hpp"
#include "cupric/interop/dlpack.hpp"
#include "cupric/ops/copy.hpp"

namespace cupric::cai {

Interface export_interface(const ndarray& a) {
  if (a.device_type() != DeviceType::Cuda)
    throw TypeError("__cuda_array_interface__ exists only for arrays on a CUDA device (this array is on the " +
                    std::string(a.backend().name()) + " backend; use __dlpack__ or .get())");
  Interface r;
  r.data = a.size() ? a.data_ptr() : 0;
  r.shape = a.shape();
  if (!a.c_contiguous()) r.strides = a.strides();
  r.dtype = a.dtype();
  r.stream = dlpack::stream_protocol_value(a.backend(), a.device());
  return r;
}

ndarray import_interface(const Interface& cai, std::shared_ptr<void> owner, std::optional<bool> copy) {
  Backend& b = default_backend();
  if (b.type() != DeviceType::Cuda)
    throw TypeError(
        "an object with __cuda_array_interface__ holds CUDA device memory, which the host backend cannot "
        "read; bring it to the host first (its .get() or cupy.asnumpy), or use the CUDA backend");
  if (cai.stream && *cai.stream == 0)
    throw ValueError(
        "__cuda_array_interface__ stream 0 is disallowed by the specification (1: legacy default "
        "stream, 2: per-thread default stream)");
  const int64_t item = cai.dtype.itemsize;
  Dims strides = cai.strides ? *cai.strides : c_strides(cai.shape, item);
  if (strides.size() != cai.shape.size())
    throw ValueError("__cuda_array_interface__: strides and shape have different lengths");
  int64_t lo = 0, hi = shape_size(cai.shape) ? item : 0;
  if (hi)
    for (size_t i = 0; i < cai.shape.size(); ++i) {
      int64_t reach = (cai.shape[i] - 1) * strides[i];
      (reach < 0 ? lo : hi) += reach;
    }
  if (hi && !cai.data) throw ValueError("__cuda_array_interface__: a non-empty array with a NULL data pointer");
  if (cai.read_only && copy == std::optional<bool>(false))
    throw ValueError(
        "the __cuda_array_interface__ buffer is read-only and cupric arrays are writable: a copy is "
        "needed, and copy=False forbids one");
  const int device = b.current_device();
  if (cai.stream && *cai.stream != -1)  // our stream waits for the producer's (no host sync)
    dlpack::stream_wait_protocol_stream(b, device, dlpack::stream_protocol_value(b, device), *cai.stream);
  char* first = reinterpret_cast<char*>(cai.data);
  auto mem = Memory::unowned(first + lo, static_cast<size_t>(hi - lo), device, &b, std::move(owner));
  ndarray a(std::move(mem), cai.dtype, cai.shape, std::move(strides), -lo);
  if (cai.read_only || copy == std::optional<bool>(true)) return cupric::copy(a, Order::K);
  return a;
}

}  // namespace cupric::cai
