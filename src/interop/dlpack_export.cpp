// ndarray -> DLPack managed tensors (versioned and legacy): layout, copies a consumer asks for,
// and the producer's side of the stream handshake (Note [DLPack stream handshake] in
// include/cupric/interop/dlpack.hpp).
#include <memory>
#include <vector>
#include "cupric/interop/dlpack.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "dlpack_types.hpp"

namespace cupric::dlpack {

DLDevice device_of(const ndarray& a) {
  if (a.device_type() == DeviceType::Cuda) return {kDLCUDA, a.device()};
  return {kDLCPU, 0};
}

namespace {

// What a managed tensor owns: the array (its memory stays alive), or a host copy; shape and
// strides in elements.
struct Payload {
  ndarray keep;
  std::unique_ptr<char[]> host;
  std::vector<int64_t> shape, strides;
};

template <class Managed>
struct Holder {
  Managed managed{};
  Payload payload;
};

std::string device_str(DLDevice d) {
  return "(" + std::to_string(d.device_type) + ", " + std::to_string(d.device_id) + ")";
}

// Fills `p` and `t` for the request: the array itself, a device copy, or a host copy.
void fill(const ndarray& a, const ExportRequest& req, Payload& p, DLTensor& t, bool& copied) {
  DLDevice own = device_of(a);
  DLDevice want = req.device.value_or(own);
  const bool same_device = want.device_type == own.device_type && want.device_id == own.device_id;
  const bool to_host = !same_device && own.device_type == kDLCUDA && want.device_type == kDLCPU;
  if (!same_device && !to_host)
    throw BufferError("cannot export an array on DLPack device " + device_str(own) + " to device " + device_str(want) +
                      " (cupric copies only from a CUDA device to the CPU)");
  if (!same_device && req.copy == std::optional<bool>(false))
    throw BufferError("dl_device " + device_str(want) + " differs from the array's device " + device_str(own) +
                      ": exporting there needs a copy, and copy=False forbids one");
  DLDataType dt = detail::dl_type_of(a.dtype());
  const int64_t item = a.itemsize();
  for (int64_t s : a.strides())
    if (s % item != 0)
      throw BufferError("DLPack strides count elements: the array's byte strides are not multiples of its itemsize " +
                        std::to_string(item) + " (make a copy with .copy() first)");
  copied = !same_device || req.copy == std::optional<bool>(true);
  p.shape.assign(a.shape().begin(), a.shape().end());
  t.device = want;
  t.ndim = a.ndim();
  t.dtype = dt;
  t.byte_offset = 0;
  if (to_host) {  // a C-ordered host copy (the consumer asked for the CPU)
    p.host.reset(new char[static_cast<size_t>(std::max<int64_t>(a.nbytes(), 1))]);
    if (a.size()) cupric::to_host(a, p.host.get(), Order::C, true);
    Dims cs = c_strides(a.shape(), 1);
    p.strides.assign(cs.begin(), cs.end());
    t.data = p.host.get();
  } else {
    p.keep = copied ? cupric::copy(a, Order::K) : a;
    for (int64_t s : p.keep.strides()) p.strides.push_back(s / item);
    t.data = p.keep.size() ? static_cast<void*>(p.keep.data()) : nullptr;
  }
  t.shape = p.shape.data();
  t.strides = p.strides.data();
}

}  // namespace

DLManagedTensorVersioned* to_versioned(const ndarray& a, const ExportRequest& req) {
  auto h = std::make_unique<Holder<DLManagedTensorVersioned>>();
  bool copied = false;
  fill(a, req, h->payload, h->managed.dl_tensor, copied);
  h->managed.version = {kMajorVersion, kMinorVersion};
  h->managed.flags = copied ? kFlagIsCopied : 0;
  h->managed.manager_ctx = h.get();
  h->managed.deleter = [](DLManagedTensorVersioned* self) {
    delete static_cast<Holder<DLManagedTensorVersioned>*>(self->manager_ctx);
  };
  return &h.release()->managed;
}

DLManagedTensor* to_legacy(const ndarray& a, const ExportRequest& req) {
  auto h = std::make_unique<Holder<DLManagedTensor>>();
  bool copied = false;
  fill(a, req, h->payload, h->managed.dl_tensor, copied);
  h->managed.manager_ctx = h.get();
  h->managed.deleter = [](DLManagedTensor* self) { delete static_cast<Holder<DLManagedTensor>*>(self->manager_ctx); };
  return &h.release()->managed;
}

namespace {
void* stream_handle(int64_t v) {
  if (v == 1) return nullptr;
  if (v == 2) return kPerThreadStream;
  return reinterpret_cast<void*>(static_cast<uintptr_t>(v));
}
}  // namespace

int64_t stream_protocol_value(Backend& b, int device) {
  void* h = b.current_stream(device).handle;
  if (h == nullptr) return 1;
  if (h == kPerThreadStream) return 2;
  return static_cast<int64_t>(reinterpret_cast<uintptr_t>(h));
}

void stream_wait_protocol_stream(Backend& b, int device, int64_t waiter, int64_t waitee) {
  if (waiter == waitee) return;  // one stream is ordered with itself
  // (an event recorded on the waitee: the wait covers the work enqueued there so far)
  void* e = b.event_create(device, false, true, false);
  try {
    b.event_record(e, Stream{stream_handle(waitee), device, DeviceType::Cuda});
    b.stream_wait_event(Stream{stream_handle(waiter), device, DeviceType::Cuda}, e);
  } catch (...) {
    b.event_destroy(e, device);
    throw;
  }
  b.event_destroy(e, device);  // the wait already enqueued keeps what it needs
}

void order_before_consumer(const ndarray& a, std::optional<int64_t> consumer_stream) {
  if (a.device_type() != DeviceType::Cuda) {
    if (consumer_stream)
      throw ValueError("stream must be None for an array on the CPU (DLPack device kDLCPU has no streams)");
    return;
  }
  int64_t s = consumer_stream.value_or(1);  // none given: the legacy default stream
  if (s == 0)
    throw ValueError(
        "stream=0 is ambiguous in DLPack; pass 1 for the legacy default stream, 2 for the per-thread "
        "default stream, or -1 for no synchronisation");
  if (s == -1) return;
  if (s < -1) throw ValueError("invalid stream " + std::to_string(s) + " for a CUDA array");
  Backend& b = a.backend();
  stream_wait_protocol_stream(b, a.device(), s, stream_protocol_value(b, a.device()));
}

}  // namespace cupric::dlpack
