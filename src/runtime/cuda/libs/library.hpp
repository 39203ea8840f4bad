// What the CUDA library wrappers of this folder share (Note [CUDA libraries] in cublas.cpp): the
// library found and dlopened at first use, its entry points, and per-thread handle state.
#pragma once
#include <cuda_runtime.h>
#include <memory>
#include <thread>
#include <vector>
#include "runtime/cuda/cuda_check.hpp"

namespace cupric::cuda_libs {

// How a wrapper names its library: the file find_library looks for ("cublas"), the name errors
// use ("cuBLAS") and the PyPI package that provides it ("nvidia-cublas").
struct LibraryName {
  const char* file;
  const char* display;
  const char* package;
};

// dlopen's handle of the library (find_library, Note [Library search order] in
// src/runtime/libraries.cpp); RuntimeError naming the package to install when it is absent.
void* load_library(const LibraryName& lib);
// Entry point `name` of `handle`; RuntimeError "the <display> library found lacks <name>" followed
// by `advice` (default: upgrade the package) when it is missing.
void* library_symbol(void* handle, const LibraryName& lib, const char* name, const char* advice = nullptr);

// True on the thread that loaded libcupric (the main thread).
bool on_loading_thread();

// The calling thread's `State` (a wrapper's handles per device): destroyed with its thread, except
// the main thread's, which is left for process exit (the CUDA runtime may be shutting down then).
template <class State>
State& thread_state() {
  if (on_loading_thread()) {
    static State* main_state = new State();  // never destroyed (see above)
    return *main_state;
  }
  thread_local State state;
  return state;
}

// A thread's handles of one library, one per device, each bound to the stream it last served: the
// `handle(device, stream)` of cusolver.cpp and cusparse.cpp. A call on the stream of the previous
// one is a compare; otherwise the handle is made (in relaxed capture mode: creating it allocates,
// which is allowed while another stream captures) and bound with `bind`. `create(&h)` and
// `bind(h, stream)` return the library's status, which `check(status, what)` turns into errors.
template <class Handle>
class StreamBoundHandles {
 public:
  template <class Create, class Bind, class Check>
  Handle get(int device, cudaStream_t stream, Create create, Bind bind, Check check, const char* create_name,
             const char* bind_name) {
    if (device >= static_cast<int>(devices_.size())) [[unlikely]]
      devices_.resize(static_cast<size_t>(device) + 1);
    PerDevice& d = devices_[static_cast<size_t>(device)];
    if (d.handle && d.has_bound && d.bound == stream) [[likely]]
      return d.handle;
    if (!d.handle) {
      RelaxedCapture relaxed;
      check(create(&d.handle), create_name);
    }
    check(bind(d.handle, stream), bind_name);
    d.bound = stream;
    d.has_bound = true;
    return d.handle;
  }
  // The handle for `device` if made, else null (nothing is created).
  Handle existing(int device) const {
    return device >= 0 && device < static_cast<int>(devices_.size()) ? devices_[static_cast<size_t>(device)].handle
                                                                     : nullptr;
  }
  // For a thread's state's destructor (thread_state above).
  template <class Destroy>
  void destroy_all(Destroy destroy) {
    for (auto& d : devices_)
      if (d.handle) destroy(d.handle);
  }

 private:
  struct PerDevice {
    Handle handle = nullptr;
    cudaStream_t bound = nullptr;
    bool has_bound = false;
  };
  std::vector<PerDevice> devices_;
};

}  // namespace cupric::cuda_libs
