// MemoryPointer (copies and memsets through a pointer into a Memory) and AsyncMemoryPool
// (stream-ordered allocation); see include/cupric/memory.hpp.
#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include "cupric/error.hpp"
#include "cupric/memory.hpp"

namespace cupric {

// ---- MemoryPointer ------------------------------------------------------------------------------

MemoryPointer::MemoryPointer(std::shared_ptr<Memory> mem, int64_t offset) : mem_(std::move(mem)), offset_(offset) {
  if (offset < 0 || (mem_ && static_cast<size_t>(offset) > mem_->size()) || (!mem_ && offset != 0))
    throw ValueError("offset " + std::to_string(offset) + " is outside the memory (" +
                     std::to_string(mem_ ? mem_->size() : 0) + " bytes)");
}

void MemoryPointer::check(size_t n, const char* what) const {
  if (n == 0) return;
  if (!mem_ || !mem_->ptr()) throw ValueError(std::string(what) + ": the pointer is null");
  if (n > remaining())
    throw ValueError(std::string(what) + ": " + std::to_string(n) + " bytes do not fit in the " +
                     std::to_string(remaining()) + " bytes from the pointer to the end of its memory");
}

Stream MemoryPointer::current() const {
  Backend& b = *mem_->backend();
  int dev = mem_->device() >= 0 ? mem_->device() : b.current_device();
  return b.current_stream(dev);
}

void MemoryPointer::copy_from_device_async(const MemoryPointer& src, size_t n, const Stream& s) {
  if (!n) return;
  check(n, "copy_from_device");
  src.check(n, "copy_from_device (source)");
  mem_->backend()->copy(get(), src.get(), n, CopyKind::DeviceToDevice, s);
}

void MemoryPointer::copy_from_host_async(const void* src, size_t n, const Stream& s) {
  if (!n) return;
  check(n, "copy_from_host");
  if (!src) throw ValueError("copy_from_host: the host pointer is null");
  mem_->backend()->copy(get(), src, n, CopyKind::HostToDevice, s);
}

void MemoryPointer::copy_to_host_async(void* dst, size_t n, const Stream& s) const {
  if (!n) return;
  check(n, "copy_to_host");
  if (!dst) throw ValueError("copy_to_host: the host pointer is null");
  mem_->backend()->copy(dst, get(), n, CopyKind::DeviceToHost, s);
}

void MemoryPointer::memset_async(int value, size_t n, const Stream& s) {
  if (!n) return;
  check(n, "memset");
  mem_->backend()->memset(get(), value, n, s);
}

void MemoryPointer::copy_from_device(const MemoryPointer& src, size_t n) {
  if (!n) return;
  Stream s = current();
  copy_from_device_async(src, n, s);
  mem_->backend()->synchronize(s);
}
void MemoryPointer::copy_from_host(const void* src, size_t n) {
  if (!n) return;
  Stream s = current();
  copy_from_host_async(src, n, s);
  mem_->backend()->synchronize(s);
}
void MemoryPointer::copy_to_host(void* dst, size_t n) const {
  if (!n) return;
  Stream s = current();
  copy_to_host_async(dst, n, s);
  mem_->backend()->synchronize(s);
}
void MemoryPointer::memset(int value, size_t n) {
  if (!n) return;
  Stream s = current();
  memset_async(value, n, s);
  mem_->backend()->synchronize(s);
}

// ---- AsyncMemoryPool ------------------------------------------------------------------------------

namespace {
// Note [Async frees and dead streams]: a stream-ordered allocation is freed on the stream it was
// made on. That stream may be destroyed first: StreamObject then calls async_stream_retiring(),
// which waits for the stream when allocations made on it are still out and marks the handle
// dead; their frees then go to the legacy default stream (the work that used them is done). A
// new stream that gets the same handle revives it (async_stream_created).
struct AsyncStreams {
  std::mutex mu;
  std::unordered_map<void*, size_t> outstanding;  // stream handle -> allocations not yet freed
  std::unordered_set<void*> dead;
};
AsyncStreams& async_streams() {
  static auto* a = new AsyncStreams();
  return *a;
}

// Frees a stream-ordered allocation on the stream it was made on and updates the pool's count.
struct AsyncBlock {
  std::shared_ptr<AsyncMemoryPool> pool;
  void* ptr;
  size_t size;
  Stream stream;
};
}  // namespace

std::shared_ptr<Memory> AsyncMemoryPool::malloc(size_t nbytes) {
  int dev = b_->current_device();
  return malloc(nbytes, b_->current_stream(dev));
}

std::shared_ptr<Memory> AsyncMemoryPool::malloc(size_t nbytes, const Stream& s) {
  if (nbytes == 0) return std::make_shared<Memory>(nullptr, 0, s.device, b_, nullptr);
  if (!b_->async_alloc_supported(s.device))
    throw RuntimeError(
        "MemoryAsyncPool needs CUDA's stream-ordered allocator (CUDA 11.2+, a driver and device "
        "that support memory pools); device " +
        std::to_string(s.device) + " does not");
  auto over_limit = [&] {
    size_t lim = limit_.load();
    return lim && (nbytes > lim || handed_out_.load() > lim - nbytes);
  };
  void* p = over_limit() ? nullptr : b_->raw_alloc_async(nbytes, s);
  if (!p) {
    // What MemoryPool does on OOM: collect garbage (arrays may be freed), trim, retry.
    MemoryPool::run_oom_hook();
    b_->synchronize(s);
    b_->async_pool_trim(s.device, 0);
    p = over_limit() ? nullptr : b_->raw_alloc_async(nbytes, s);
  }
  if (!p) {
    size_t used = 0, reserved = 0;
    b_->async_pool_stats(s.device, &used, &reserved);
    std::string detail = over_limit() ? "the pool's limit is " + std::to_string(limit_.load()) + " bytes (set_limit)"
                                      : "stream-ordered allocation (MemoryAsyncPool)";
    throw OutOfMemoryError(nbytes, reserved, used, detail);
  }
  handed_out_ += nbytes;
  {
    AsyncStreams& as = async_streams();
    std::lock_guard<std::mutex> lk(as.mu);
    ++as.outstanding[s.handle];
  }
  auto* blk = new AsyncBlock{shared_from_this(), p, nbytes, s};
  std::shared_ptr<void> owner(blk, [](void* q) {
    auto* a = static_cast<AsyncBlock*>(q);
    Stream on = a->stream;
    {
      AsyncStreams& as = async_streams();
      std::lock_guard<std::mutex> lk(as.mu);
      auto it = as.outstanding.find(on.handle);
      if (it != as.outstanding.end() && --it->second == 0) as.outstanding.erase(it);
      if (as.dead.count(on.handle)) on.handle = nullptr;  // Note [Async frees and dead streams]
    }
    try {
      a->pool->b_->raw_free_async(a->ptr, on);
    } catch (...) {  // never throw from a destructor (the driver may be unloading at exit)
    }
    a->pool->handed_out_ -= a->size;
    delete a;
  });
  auto m = Memory::unowned(p, nbytes, s.device, b_, std::move(owner));
  m->async_ = true;
  return m;
}

void async_stream_retiring(Backend& b, const Stream& s) {
  if (!s.handle || s.handle == kPerThreadStream) return;
  AsyncStreams& as = async_streams();
  bool wait = false;
  {
    std::lock_guard<std::mutex> lk(as.mu);
    as.dead.insert(s.handle);
    wait = as.outstanding.count(s.handle) != 0;
  }
  if (wait) b.synchronize(s);
}

void async_stream_created(const Stream& s) {
  AsyncStreams& as = async_streams();
  std::lock_guard<std::mutex> lk(as.mu);
  as.dead.erase(s.handle);
}

size_t AsyncMemoryPool::used_bytes(int device) const {
  size_t u = 0, r = 0;
  b_->async_pool_stats(device, &u, &r);
  return u;
}

size_t AsyncMemoryPool::total_bytes(int device) const {
  size_t u = 0, r = 0;
  b_->async_pool_stats(device, &u, &r);
  return r;
}

void AsyncMemoryPool::free_all_blocks(int device, const Stream* s) {
  if (s)
    b_->synchronize(*s);
  else
    b_->synchronize_device(device);
  b_->async_pool_trim(device, 0);
}

}  // namespace cupric

#include "cupric/memptr_array.hpp"

namespace cupric {

ndarray array_from_memptr(const MemoryPointer& p, const Dims& shape, DType dtype, const Dims* strides, Order order) {
  if (order != Order::C && order != Order::F) throw ValueError("order not understood (must be 'C' or 'F')");
  for (int64_t d : shape)
    if (d < 0) throw ValueError("negative dimensions are not allowed");
  int64_t size = shape_size(shape);
  Dims st = strides             ? *strides
            : order == Order::C ? c_strides(shape, dtype.itemsize)
                                : f_strides(shape, dtype.itemsize);
  if (st.size() != shape.size())
    throw ValueError("strides must have as many entries as shape (" + std::to_string(shape.size()) + ")");
  if (!p.mem()) throw ValueError("memptr has no memory");
  // The byte range the array touches, relative to the pointer.
  int64_t lo = 0, hi = size ? dtype.itemsize : 0;
  if (size)
    for (size_t i = 0; i < shape.size(); ++i) {
      int64_t span = (shape[i] - 1) * st[i];
      if (span < 0)
        lo += span;
      else
        hi += span;
    }
  int64_t base = p.offset();
  if (size && (base + lo < 0 || base + hi > static_cast<int64_t>(p.mem()->size())))
    throw ValueError("the array (" + std::to_string(hi - lo) + " bytes from offset " + std::to_string(base + lo) +
                     ") does not fit in the memory of memptr (" + std::to_string(p.mem()->size()) + " bytes)");
  return ndarray(p.mem(), dtype, shape, st, base);
}

}  // namespace cupric
