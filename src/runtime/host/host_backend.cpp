// The host backend: "device" memory is ordinary aligned host memory and every operation runs
// synchronously on the calling thread. It exists so that all of cupric runs and is tested on
// machines without a GPU (DESIGN.md decision 4).
#include <cstdlib>
#include <cstring>
#include "cupric/error.hpp"
#include "cupric/runtime/backend.hpp"

namespace cupric {
namespace {

class HostBackend final : public Backend {
 public:
  DeviceType type() const override { return DeviceType::Host; }
  const char* name() const override { return "host"; }
  int device_count() override { return 1; }
  int current_device() override { return 0; }
  void set_device(int device) override {
    if (device != 0) throw ValueError("the host backend has one device (0); got " + std::to_string(device));
  }
  void* raw_alloc(size_t nbytes, int) override {
    // 256-byte alignment like cudaMalloc, so alignment-dependent paths behave the same.
    return std::aligned_alloc(256, (nbytes + 255) / 256 * 256);
  }
  void raw_free(void* p, int) override { std::free(p); }
  void copy(void* dst, const void* src, size_t nbytes, CopyKind, const Stream&) override {
    if (nbytes) std::memmove(dst, src, nbytes);
  }
  void memset(void* dst, int value, size_t nbytes, const Stream&) override {
    if (nbytes) std::memset(dst, value, nbytes);
  }
  void synchronize(const Stream&) override {}
  void synchronize_device(int) override {}
  Stream current_stream(int device) override { return Stream{nullptr, device, DeviceType::Host}; }
  void set_current_stream(const Stream&) override {}
};

}  // namespace

Backend& host_backend() {
  static HostBackend* b = new HostBackend();  // never destroyed: arrays may outlive statics
  return *b;
}

}  // namespace cupric
