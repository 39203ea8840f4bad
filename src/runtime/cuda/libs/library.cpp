// The shared loading pieces of the CUDA library wrappers (library.hpp).
#include "runtime/cuda/libs/library.hpp"
#include <dlfcn.h>
#include <string>
#include "cupric/error.hpp"
#include "cupric/runtime/backend.hpp"
#include "cupric/runtime/libraries.hpp"

namespace cupric::cuda_libs {

namespace {
const std::thread::id g_loading_thread = std::this_thread::get_id();  // the thread that loads libcupric
}  // namespace

bool on_loading_thread() { return std::this_thread::get_id() == g_loading_thread; }

void* load_library(const LibraryName& lib) {
  void* h = nullptr;
  LibraryInfo info = find_library(lib.file, {}, &h);
  if (!h)
    throw RuntimeError(std::string(lib.display) +
                       " is not available: " + (info.error.empty() ? std::string("not found") : info.error) +
                       " (install it with `pip install " + lib.package + "`, or the CUDA toolkit)");
  return h;
}

void* library_symbol(void* handle, const LibraryName& lib, const char* name, const char* advice) {
  void* p = dlsym(handle, name);
  if (!p)
    throw RuntimeError(
        std::string("the ") + lib.display + " library found lacks " + name +
        (advice ? std::string(advice) : std::string("; upgrade it (pip install -U ") + lib.package + ")"));
  return p;
}

std::shared_ptr<Memory> workspace(size_t bytes) {
  Backend* b = cuda_backend_if_built();
  return allocate(*b, bytes > 0 ? bytes : 1);
}

}  // namespace cupric::cuda_libs
