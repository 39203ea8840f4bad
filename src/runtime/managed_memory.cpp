// Managed and system memory (cupric/runtime/managed_memory.hpp): a Memory whose owner frees it.
// The CUDA calls are runtime/cuda/cuda_driver.cpp's (Note [Dispatch]); the host backend's memory
// is host memory, so both allocators give it plain host allocations there.
#include "cupric/runtime/managed_memory.hpp"
#include <cstdlib>
#include <string>
#include "cupric/error.hpp"
#include "runtime/cuda_driver_fns.hpp"

namespace cupric {

namespace {
const CudaDriverFns& cuda_fns(const char* what) {
  return *cuda_driver_table().require(DeviceType::Cuda, what, "this cupric was built without CUDA");
}

std::shared_ptr<Memory> host_owned(Backend& b, size_t nbytes, int device, MemoryOrigin kind) {
  void* p = nbytes ? b.raw_alloc(nbytes, device) : nullptr;
  if (nbytes && !p) throw OutOfMemoryError(nbytes, 0, 0, "host memory");
  Backend* bp = &b;
  std::shared_ptr<void> owner(p, [bp, device](void* q) {
    if (q) bp->raw_free(q, device);
  });
  return Memory::unowned(p, nbytes, device, &b, std::move(owner), kind);
}
}  // namespace

std::shared_ptr<Memory> malloc_managed(Backend& b, size_t nbytes, int device) {
  if (b.type() != DeviceType::Cuda) return host_owned(b, nbytes, device, MemoryOrigin::Managed);
  const CudaDriverFns& f = cuda_fns("managed memory");
  void* p = nbytes ? f.malloc_managed(nbytes, device) : nullptr;
  if (nbytes && !p) throw OutOfMemoryError(nbytes, 0, 0, "cudaMallocManaged");
  auto free_fn = f.free_managed;
  std::shared_ptr<void> owner(p, [free_fn](void* q) {
    if (q) free_fn(q);
  });
  return Memory::unowned(p, nbytes, device, &b, std::move(owner), MemoryOrigin::Managed);
}

std::shared_ptr<Memory> malloc_system(Backend& b, size_t nbytes, int device) {
  if (b.type() != DeviceType::Cuda) return host_owned(b, nbytes, device, MemoryOrigin::System);
  if (!cuda_fns("system memory").pageable_memory_access(device))
    throw RuntimeError("malloc_system: device " + std::to_string(device) +
                       " cannot access pageable host memory (it needs HMM or ATS: "
                       "cudaDevAttrPageableMemoryAccess is 0); use malloc_managed instead");
  // 256-byte alignment, as cudaMalloc's; aligned_alloc wants a multiple of the alignment.
  const size_t rounded = (nbytes + 255) / 256 * 256;
  void* p = nbytes ? std::aligned_alloc(256, rounded) : nullptr;
  if (nbytes && !p) throw OutOfMemoryError(nbytes, 0, 0, "the system allocator");
  std::shared_ptr<void> owner(p, [](void* q) { std::free(q); });
  return Memory::unowned(p, nbytes, device, &b, std::move(owner), MemoryOrigin::System);
}

void managed_prefetch(const Memory& m, int device, const Stream& s) {
  if (m.device_type() != DeviceType::Cuda || !m.ptr()) return;
  cuda_fns("managed memory").mem_prefetch(m.ptr(), m.size(), device, s.handle);
}

void managed_advise(const Memory& m, int advise, int device) {
  if (m.device_type() != DeviceType::Cuda || !m.ptr()) return;
  cuda_fns("managed memory").mem_advise(m.ptr(), m.size(), advise, device);
}

MemoryPool::UpstreamFn managed_upstream(Backend& b, int device, bool system) {
  Backend* bp = &b;
  return [bp, device, system](size_t n) -> std::shared_ptr<Memory> {
    try {
      return system ? malloc_system(*bp, n, device) : malloc_managed(*bp, n, device);
    } catch (const OutOfMemoryError&) {
      return nullptr;  // the pool frees its cache, collects garbage and retries
    }
  };
}

}  // namespace cupric
