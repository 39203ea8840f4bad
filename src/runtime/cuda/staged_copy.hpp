// Large copies between pageable host memory and a device through pinned staging buffers filled and
// drained by several host threads (Note [Staged host transfers] in staged_copy.cpp). CUDA builds
// only; the backend's copy() calls it first.
#pragma once
#include <cstddef>
#include <cuda_runtime.h>

namespace cupric {

// Copies `nbytes` from `src` to `dst` (host to device when `to_device`, else device to host) on
// `stream` of `device` through the staging ring, and returns true; returns false without doing
// anything when staging does not apply (a small copy, host memory that is pinned, registered or
// managed, a capturing stream, staging turned off by CUPRIC_STAGING_THREADS=0), so the caller
// makes the plain cudaMemcpyAsync. Returns as cudaMemcpyAsync does for pageable memory: a host to
// device copy once the source has been read (the DMAs of the last chunks may still run from the
// ring), a device to host copy once the destination holds the data.
bool staged_copy(void* dst, const void* src, size_t nbytes, bool to_device, cudaStream_t stream, int device);

}  // namespace cupric
