// Pageable host <-> device copies through pinned staging buffers (runtime/cuda/staged_copy.hpp).
#include "runtime/cuda/staged_copy.hpp"
#include <algorithm>
#include <array>
#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>
#include "runtime/cuda/cuda_check.hpp"

namespace cupric {

// Note [Staged host transfers]
// cudaMemcpyAsync from or to pageable host memory moves the data through the driver's own small
// pinned buffers, copied by the calling thread: on the H200 machines about 8 GB/s, a sixth of what
// the DMA engines do from pinned memory. CuPy stages asarray's host data through its pinned pool
// with one memcpy. Here a copy of at least kMinBytes goes through a ring of kSlots pinned buffers
// of kChunk bytes, per device: host to device, a crew of host threads copies chunk i into slot
// i % kSlots (after that slot's previous DMA, which its event marks, has read it), and the DMA of
// the chunk is queued on the caller's stream, so the crew fills the next slot while the DMA engine
// drains this one; device to host runs the same ring the other way, the crew draining slot i while
// the DMAs of the next chunks run. The semantics are cudaMemcpyAsync's for pageable memory: a host
// to device copy returns once the source has been read (V13-ASARRAY: the caller may overwrite it;
// the last DMAs read the ring, whose slots are not reused before their events), a device to host
// copy once the data is in place. The ring (32 MiB of pinned memory per device used) is made on
// the first large copy and kept for the process; copies of two threads take turns on it. The crew
// has CUPRIC_STAGING_THREADS threads (the caller included; default a quarter of the cores, at
// most 4); 0 turns staging off. Pinned, registered or managed host memory, small copies and a
// capturing stream take the plain call.

namespace {

constexpr size_t kMinBytes = size_t{2} << 20;
constexpr size_t kChunk = size_t{8} << 20;
constexpr int kSlots = 4;

int staging_threads() {
  static const int n = [] {
    if (const char* v = std::getenv("CUPRIC_STAGING_THREADS")) return std::clamp(std::atoi(v), 0, 64);
    const int cores = static_cast<int>(std::thread::hardware_concurrency());
    return std::clamp(cores / 4, 1, 4);
  }();
  return n;
}

// Host threads that copy one buffer together: the caller takes the first slice, each helper one
// of the others. Made once and never destroyed (its threads wait on a condition variable until
// the process ends), so no thread is joined at exit.
class CopyCrew {
 public:
  explicit CopyCrew(int threads) : slices_(threads) {
    for (int i = 1; i < threads; ++i) std::thread([this, i] { serve(i); }).detach();
  }

  void copy(char* dst, const char* src, size_t n) {
    std::lock_guard<std::mutex> turn(turn_);
    {
      std::lock_guard<std::mutex> lk(m_);
      dst_ = dst;
      src_ = src;
      n_ = n;
      pending_ = slices_ - 1;
      ++generation_;
    }
    start_.notify_all();
    copy_slice(0, dst, src, n);
    std::unique_lock<std::mutex> lk(m_);
    done_.wait(lk, [this] { return pending_ == 0; });
  }

 private:
  // Slice i of n bytes, cut at 4 KiB so no two threads write one page (a slice is never empty
  // of a share: n / slices rounded up first, so a chunk of fewer bytes than threads is copied).
  void copy_slice(int i, char* dst, const char* src, size_t n) const {
    const size_t share = (n + static_cast<size_t>(slices_) - 1) / static_cast<size_t>(slices_);
    const size_t per = (share + 4095) & ~size_t{4095};
    const size_t begin = std::min(n, per * static_cast<size_t>(i)), end = std::min(n, begin + per);
    if (end > begin) std::memcpy(dst + begin, src + begin, end - begin);
  }

  void serve(int i) {
    uint64_t seen = 0;
    std::unique_lock<std::mutex> lk(m_);
    for (;;) {
      start_.wait(lk, [&] { return generation_ != seen; });
      seen = generation_;
      char* dst = dst_;
      const char* src = src_;
      const size_t n = n_;
      lk.unlock();
      copy_slice(i, dst, src, n);
      lk.lock();
      if (--pending_ == 0) done_.notify_one();
    }
  }

  const int slices_;
  std::mutex turn_, m_;
  std::condition_variable start_, done_;
  char* dst_ = nullptr;
  const char* src_ = nullptr;
  size_t n_ = 0;
  int pending_ = 0;
  uint64_t generation_ = 0;
};

CopyCrew& crew() {
  static CopyCrew* c = new CopyCrew(staging_threads());
  return *c;
}

struct Ring {
  std::mutex turn;
  std::array<char*, kSlots> slot{};
  std::array<cudaEvent_t, kSlots> drained{};  // recorded after the slot's last DMA
};

// The device's ring, made on first use; nullptr when its pinned memory cannot be had.
Ring* ring_of(int device) {
  static std::mutex m;
  static std::vector<std::unique_ptr<Ring>> rings;  // kept for the process
  static std::vector<bool> failed;
  std::lock_guard<std::mutex> lk(m);
  const auto d = static_cast<size_t>(device);
  if (rings.size() <= d) rings.resize(d + 1), failed.resize(d + 1);
  if (rings[d] || failed[d]) return rings[d].get();
  DeviceGuard g(device);
  auto r = std::make_unique<Ring>();
  void* base = nullptr;
  if (cudaHostAlloc(&base, kChunk * kSlots, cudaHostAllocPortable) != cudaSuccess) {
    cudaGetLastError();
    failed[d] = true;
    return nullptr;
  }
  for (int k = 0; k < kSlots; ++k) {
    r->slot[static_cast<size_t>(k)] = static_cast<char*>(base) + kChunk * static_cast<size_t>(k);
    cuda_check(cudaEventCreateWithFlags(&r->drained[static_cast<size_t>(k)], cudaEventDisableTiming),
               "cudaEventCreateWithFlags");
  }
  rings[d] = std::move(r);
  return rings[d].get();
}

bool pageable(const void* host) {
  cudaPointerAttributes attr{};
  if (cudaPointerGetAttributes(&attr, host) != cudaSuccess) {
    cudaGetLastError();
    return false;
  }
  return attr.type == cudaMemoryTypeUnregistered;
}

void to_device(Ring& r, char* dst, const char* src, size_t n, cudaStream_t s) {
  for (size_t off = 0, i = 0; off < n; off += kChunk, ++i) {
    const size_t len = std::min(kChunk, n - off), k = i % kSlots;
    cuda_check(cudaEventSynchronize(r.drained[k]), "cudaEventSynchronize");
    crew().copy(r.slot[k], src + off, len);
    cuda_check(cudaMemcpyAsync(dst + off, r.slot[k], len, cudaMemcpyHostToDevice, s), "cudaMemcpyAsync");
    cuda_check(cudaEventRecord(r.drained[k], s), "cudaEventRecord");
  }
}

void to_host(Ring& r, char* dst, const char* src, size_t n, cudaStream_t s) {
  const size_t chunks = (n + kChunk - 1) / kChunk;
  auto drain = [&](size_t i) {
    const size_t off = i * kChunk, len = std::min(kChunk, n - off), k = i % kSlots;
    cuda_check(cudaEventSynchronize(r.drained[k]), "cudaEventSynchronize");
    crew().copy(dst + off, r.slot[k], len);
  };
  for (size_t i = 0; i < chunks; ++i) {
    if (i >= static_cast<size_t>(kSlots)) drain(i - kSlots);
    const size_t off = i * kChunk, len = std::min(kChunk, n - off), k = i % kSlots;
    cuda_check(cudaMemcpyAsync(r.slot[k], src + off, len, cudaMemcpyDeviceToHost, s), "cudaMemcpyAsync");
    cuda_check(cudaEventRecord(r.drained[k], s), "cudaEventRecord");
  }
  for (size_t i = chunks > static_cast<size_t>(kSlots) ? chunks - kSlots : 0; i < chunks; ++i) drain(i);
}

}  // namespace

bool staged_copy(void* dst, const void* src, size_t nbytes, bool to_dev, cudaStream_t stream, int device) {
  if (nbytes < kMinBytes || staging_threads() == 0 || device < 0) return false;
  if (!pageable(to_dev ? src : dst)) return false;
  cudaStreamCaptureStatus capture = cudaStreamCaptureStatusNone;
  if (cudaStreamIsCapturing(stream, &capture) != cudaSuccess) {
    cudaGetLastError();
    return false;
  }
  if (capture != cudaStreamCaptureStatusNone) return false;
  Ring* r = ring_of(device);
  if (!r) return false;
  std::lock_guard<std::mutex> turn(r->turn);
  if (to_dev)
    to_device(*r, static_cast<char*>(dst), static_cast<const char*>(src), nbytes, stream);
  else
    to_host(*r, static_cast<char*>(dst), static_cast<const char*>(src), nbytes, stream);
  return true;
}

}  // namespace cupric
