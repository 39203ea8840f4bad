// The V14 allocators beside the pools: managed memory (cudaMallocManaged, CuPy's
// malloc_managed / ManagedMemory) and system memory (the system allocator, CuPy's
// malloc_system / SystemMemory, which a GPU reads on HMM/ATS systems). On the host backend both
// are host memory, which is all the host backend has.
#pragma once
#include <cstddef>
#include <memory>
#include "cupric/memory.hpp"

namespace cupric {

std::shared_ptr<Memory> malloc_managed(Backend& b, size_t nbytes, int device);
// Raises on a CUDA device that cannot access pageable memory (cudaDevAttrPageableMemoryAccess).
std::shared_ptr<Memory> malloc_system(Backend& b, size_t nbytes, int device);
// cudaMemPrefetchAsync of managed memory to `device` (-1: the host) on `s`; no-op on the host backend.
void managed_prefetch(const Memory& m, int device, const Stream& s);
// cudaMemAdvise (CuPy's cudaMemAdvise* codes); no-op on the host backend.
void managed_advise(const Memory& m, int advise, int device);
// The upstream allocator of a pool over managed (or, with `system`, system) memory on `device`:
// CuPy's MemoryPool(malloc_managed) without a call into Python per segment. Answers nullptr when
// out of memory (Note [Upstream allocator] in src/memory/pool.cpp).
MemoryPool::UpstreamFn managed_upstream(Backend& b, int device, bool system = false);

}  // namespace cupric
