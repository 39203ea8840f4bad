// DLPack exchange for cupric arrays: the DLPack 1.x ABI (written from the specification at
// dmlc.github.io/dlpack), export to versioned and legacy managed tensors, import with zero copy
// where the memory is reachable, and the producer's side of the stream handshake.
#pragma once
#include <cstdint>
#include <optional>
#include "cupric/error.hpp"
#include "cupric/ndarray.hpp"

// ---- The DLPack ABI (C layout; field names and values are the specification's) ----
extern "C" {
struct DLPackVersion {
  uint32_t major;
  uint32_t minor;
};
// DLDeviceType is a C enum (int-sized); only the values cupric reads or writes are named.
enum : int32_t { kDLCPU = 1, kDLCUDA = 2, kDLCUDAHost = 3, kDLROCM = 10, kDLROCMHost = 11, kDLCUDAManaged = 13 };
struct DLDevice {
  int32_t device_type;
  int32_t device_id;
};
// DLDataTypeCode
enum : uint8_t {
  kDLInt = 0,
  kDLUInt = 1,
  kDLFloat = 2,
  kDLOpaqueHandle = 3,
  kDLBfloat = 4,
  kDLComplex = 5,
  kDLBool = 6
};
struct DLDataType {
  uint8_t code;
  uint8_t bits;
  uint16_t lanes;
};
struct DLTensor {
  void* data;
  DLDevice device;
  int32_t ndim;
  DLDataType dtype;
  int64_t* shape;
  int64_t* strides;  // in elements; NULL means compact row-major (accepted on import only)
  uint64_t byte_offset;
};
struct DLManagedTensor {
  DLTensor dl_tensor;
  void* manager_ctx;
  void (*deleter)(DLManagedTensor* self);
};
struct DLManagedTensorVersioned {
  DLPackVersion version;
  void* manager_ctx;
  void (*deleter)(DLManagedTensorVersioned* self);
  uint64_t flags;
  DLTensor dl_tensor;
};
}

namespace cupric::dlpack {

// The version cupric produces (1.2: strides are always given). Imports accept any 1.x.
inline constexpr uint32_t kMajorVersion = 1, kMinorVersion = 2;
inline constexpr uint64_t kFlagReadOnly = uint64_t{1} << 0;
inline constexpr uint64_t kFlagIsCopied = uint64_t{1} << 1;

// The array API's BufferError: the data cannot be exchanged as asked (a dtype DLPack cannot
// express, a copy=False that needs a copy, a device the array cannot reach).
class BufferError : public Error {
 public:
  using Error::Error;
};

// The DLPack device of an array: (kDLCUDA, id) on the CUDA backend, (kDLCPU, 0) on the host one.
DLDevice device_of(const ndarray& a);

// What a consumer asked __dlpack__ for: copy (nullopt: only if needed; false: never, BufferError
// when needed) and dl_device (nullopt: the array's own).
struct ExportRequest {
  std::optional<bool> copy;
  std::optional<DLDevice> device;
};

// Managed tensors that keep `a` (or the copy made for the request) alive until their deleter
// runs; the caller owns the result and calls its deleter exactly once.
DLManagedTensorVersioned* to_versioned(const ndarray& a, const ExportRequest& req = {});
DLManagedTensor* to_legacy(const ndarray& a, const ExportRequest& req = {});

// Takes ownership of `t` (its deleter runs exactly once: when the returned array's memory goes,
// or before this throws) and returns an array on `target` (default: the default backend). Zero
// copy when target can address the memory and nothing forbids it; otherwise a copy (BufferError
// when copy is false). A read-only tensor is copied: cupric arrays are always writable.
ndarray from_versioned(DLManagedTensorVersioned* t, std::optional<bool> copy = std::nullopt, Backend* target = nullptr);
ndarray from_legacy(DLManagedTensor* t, std::optional<bool> copy = std::nullopt, Backend* target = nullptr);

// Note [DLPack stream handshake]
// A consumer passes __dlpack__ the stream it will read on (CUDA: 1 the legacy default stream, 2
// the per-thread default stream, any other value a cudaStream_t; -1: no synchronisation;
// nothing: the legacy default stream; 0 is ambiguous and refused). The producer records an
// event on its current stream and makes the consumer's stream wait for it: the consumer's later
// work is ordered after everything that wrote the array, and the host never waits. The same
// rule orders a __cuda_array_interface__ import after its producer's stream
// (src/interop/cuda_array_interface.cpp). A host-backend array has no streams: stream must be
// absent.
void order_before_consumer(const ndarray& a, std::optional<int64_t> consumer_stream);

// The stream value (1, 2 or a cudaStream_t) protocols use for the current stream of `device`.
int64_t stream_protocol_value(Backend& b, int device);
// `waiter` (a protocol value as above) waits on the device for the work enqueued on `waitee`.
void stream_wait_protocol_stream(Backend& b, int device, int64_t waiter, int64_t waitee);

}  // namespace cupric::dlpack
