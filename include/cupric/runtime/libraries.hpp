// Finding and loading CUDA libraries and the host BLAS at run time with dlopen (DESIGN.md
// decision 8, ENV-3/4, V6-LIBS): never at import, only when a library is first needed or
// show_config asks (Note [Library search order] in src/runtime/libraries.cpp).
#pragma once
#include <string>
#include <vector>

namespace cupric {

struct LibraryInfo {
  std::string component;  // "runtime", "driver", "nvrtc", "cublas", ...
  bool found = false;
  std::string path;     // the file actually loaded (as the dynamic loader resolved it)
  std::string version;  // as the library reports it ("" when it cannot say)
  std::string error;    // why it was not found, with how to install it
};

// The CUDA components show_config lists, in order.
const std::vector<std::string>& cuda_components();
// The host libraries show_config lists ("openblas": PyPI's scipy-openblas64).
const std::vector<std::string>& host_components();
// Folders every later find_library searches first (Python registers NVIDIA's wheel folders and
// scipy-openblas64's lib folder once, at import, without loading anything). An entry with a `*`
// is a glob pattern of folders, expanded here. Duplicates are dropped.
void register_library_dirs(const std::vector<std::string>& dirs);
std::vector<std::string> library_search_dirs();
// Loads `component` (once; cached) searching the registered folders and `dirs` first (e.g. the
// lib folders of NVIDIA's component wheels), then $CUDA_PATH/lib64, /usr/local/cuda/lib64, then
// the loader's own search (LD_LIBRARY_PATH, ldconfig). The driver (libcuda) is only taken from
// the loader's search; `openblas` has its own order (Note [Library search order]).
// Never throws. The returned handle (nullptr if not found) stays loaded for the process.
LibraryInfo find_library(const std::string& component, const std::vector<std::string>& dirs, void** handle = nullptr);

}  // namespace cupric
