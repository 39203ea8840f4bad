// The CUDA Array Interface (version 3) for cupric arrays: what an array exports and how a foreign
// device buffer becomes a cupric array (zero copy, ordered after its producer's stream).
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include "cupric/ndarray.hpp"

namespace cupric::cai {

// The fields of __cuda_array_interface__ (mask is never set by cupric and refused on import).
struct Interface {
  uintptr_t data = 0;  // 0 for a zero-size array, as the specification asks
  bool read_only = false;
  Dims shape;
  std::optional<Dims> strides;  // in bytes; nullopt for a C-contiguous array
  DType dtype;
  std::optional<int64_t> stream;  // 1, 2 or a cudaStream_t (Note [DLPack stream handshake])
};

// The interface of a CUDA array (TypeError on the host backend: its memory is not device memory).
Interface export_interface(const ndarray& a);

// A cupric array over the producer's memory on the current CUDA device; `owner` keeps the
// producer alive for as long as the array's memory is used. The array's stream waits for
// `cai.stream` (no host sync). A read-only buffer is copied (cupric arrays are writable); with
// copy=false that is a ValueError. TypeError on the host backend.
ndarray import_interface(const Interface& cai, std::shared_ptr<void> owner, std::optional<bool> copy = std::nullopt);

}  // namespace cupric::cai
