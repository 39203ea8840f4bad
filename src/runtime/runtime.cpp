// Backend selection: CUPRIC_BACKEND and cuda_is_available().
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <string>
#include "cupric/error.hpp"
#include "cupric/runtime/backend.hpp"

namespace cupric {

bool cuda_probe_available();  // runtime/cuda_queries.cpp; never throws

bool cuda_is_available() {
  static const bool available = [] {
    try {
      return cuda_backend_if_built() != nullptr && cuda_probe_available();
    } catch (...) { return false; }
  }();
  return available;
}

namespace {
std::atomic<int> g_override{-1};

DeviceType backend_from_env() {
  const char* env = std::getenv("CUPRIC_BACKEND");
  std::string v = env ? env : "auto";
  if (v == "host") return DeviceType::Host;
  if (v == "cuda") {
    if (!cuda_is_available())
      throw RuntimeError(cuda_backend_if_built()
                             ? "CUPRIC_BACKEND=cuda but no CUDA device is usable (no driver or no GPU); use "
                               "CUPRIC_BACKEND=host or auto"
                             : "CUPRIC_BACKEND=cuda but this cupric was built without CUDA (no nvcc at build time)");
    return DeviceType::Cuda;
  }
  if (v != "auto" && !v.empty()) throw ValueError("CUPRIC_BACKEND must be 'cuda', 'host' or 'auto' (got '" + v + "')");
  return cuda_is_available() ? DeviceType::Cuda : DeviceType::Host;
}
}  // namespace

Backend& backend_for(DeviceType t) {
  if (t == DeviceType::Host) return host_backend();
  Backend* b = cuda_backend_if_built();
  if (!b || !cuda_is_available()) throw RuntimeError("the CUDA backend is not available");
  return *b;
}

Backend& default_backend() {
  int o = g_override.load(std::memory_order_relaxed);
  if (o < 0) {
    static const DeviceType from_env = backend_from_env();
    o = static_cast<int>(from_env);
    int expected = -1;
    g_override.compare_exchange_strong(expected, o);
  }
  return backend_for(static_cast<DeviceType>(o));
}

void set_default_backend(DeviceType t) {
  backend_for(t);  // throws if unavailable
  g_override.store(static_cast<int>(t));
}

}  // namespace cupric

namespace cupric {

void* default_stream_handle() {
  static void* const h = [] {
    const char* env = std::getenv("CUPRIC_CUDA_PER_THREAD_DEFAULT_STREAM");
    return env && std::string(env) == "1" ? kPerThreadStream : nullptr;
  }();
  return h;
}

}  // namespace cupric
