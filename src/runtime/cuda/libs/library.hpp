// What the CUDA library wrappers of this folder share (Note [CUDA libraries] in cublas.cpp): the
// library found and dlopened at first use, its entry points, and per-thread handle state.
#pragma once
#include <cuda_runtime.h>
#include <memory>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>
#include "cupric/memory.hpp"
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

// Library L's dlopen handle, loaded at the first call and kept (a static per library: later calls
// take no lock), and its entry point `name` (library_symbol's error when it is missing).
template <const LibraryName& L>
void* lazy_library() {
  static void* const lib = load_library(L);
  return lib;
}
template <const LibraryName& L>
void* lazy_symbol(const char* name) {
  return library_symbol(lazy_library<L>(), L, name);
}

// `bytes` of device memory from cupric's pool for the current stream (at least 1 byte), kept
// alive by the returned Memory until the caller drops it (stream-ordered reuse, so a workspace
// freed after enqueueing is safe): the work areas of cuSOLVER and cuSPARSE calls.
std::shared_ptr<Memory> workspace(size_t bytes);

// A wrapper's table of the entry points it calls, resolved together at the first call that needs
// one (a function-local static of the wrapper's api()). The table is declared from a list
// X(field, symbol): CUPRIC_LIBRARY_API_FIELD types each field from the toolkit's prototype, and
// resolve_api fills each with CUPRIC_LIBRARY_API_RESOLVE. A missing entry point is a RuntimeError
// naming the oldest version the table needs (`needs`, e.g. "cuBLAS 12").
#define CUPRIC_LIBRARY_API_FIELD(field, sym) decltype(&::sym) field;
#define CUPRIC_LIBRARY_API_RESOLVE(field, sym) resolve(#sym, api.field);
template <class Api, class Fill>
Api resolve_api(const LibraryName& lib, const char* needs, Fill fill) {
  void* h = load_library(lib);
  const std::string advice = std::string(" (cupric needs ") + needs + " or newer)";
  auto resolve = [&](const char* name, auto& f) {
    f = reinterpret_cast<std::remove_reference_t<decltype(f)>>(library_symbol(h, lib, name, advice.c_str()));
  };
  Api api{};
  fill(api, resolve);
  return api;
}

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
