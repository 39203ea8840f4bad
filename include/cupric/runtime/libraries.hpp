// Finding and loading CUDA libraries at run time with dlopen (DESIGN.md decision 8, ENV-3/4,
// V6-LIBS): never at import, only when a library is first needed or show_config asks.
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

// The components show_config lists, in order.
const std::vector<std::string>& cuda_components();
// Loads `component` (once; cached) searching `dirs` first (e.g. the lib folders of NVIDIA's
// component wheels), then $CUDA_PATH/lib64, /usr/local/cuda/lib64, then the loader's own search
// (LD_LIBRARY_PATH, ldconfig). The driver (libcuda) is only taken from the loader's search.
// Never throws. The returned handle (nullptr if not found) stays loaded for the process.
LibraryInfo find_library(const std::string& component, const std::vector<std::string>& dirs, void** handle = nullptr);

}  // namespace cupric
