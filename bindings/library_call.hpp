// A calling helper for the raw cuFFT plan calls (cupric.cuda.cufft; the other library modules are
// rows of library_entry.hpp):
// handles, descriptors and arrays come from Python as integers and go to the library's entry point
// (looked up by name in the dlopen'ed library, cupric/runtime/library_handles.hpp) as pointers;
// each entry returns its library's status, which the bindings hand back for Python's error class.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include "cupric/runtime/library_handles.hpp"

namespace cupric::py {

using u = uintptr_t;  // a handle, descriptor or device/host address as Python passes it
inline void* V(u p) { return reinterpret_cast<void*>(p); }

// `constexpr LibraryCall<CudaLibrary::Cufft> call;` then `call("cufftSetStream", plan, V(stream))`:
// the status of entry `name` called with `args` (their C types are the entry's parameter types).
template <CudaLibrary L>
struct LibraryCall {
  template <class... A>
  int operator()(const char* name, A... a) const {
    return call_library(L, name, a...);
  }
  template <class... A>
  int operator()(const std::string& name, A... a) const {
    return call_library(L, name.c_str(), a...);
  }
  // An entry that makes an object (handle, descriptor, info) into its first argument: (status, object).
  template <class... A>
  std::pair<int, u> make(const char* name, A... a) const {
    void* obj = nullptr;
    int s = call_library(L, name, &obj, a...);
    return {s, reinterpret_cast<u>(obj)};
  }
};

}  // namespace cupric::py
