// Weak stand-ins used when cupric is built without CUDA; the CUDA backend's definitions win.
#include "cupric/runtime/backend.hpp"

namespace cupric {
__attribute__((weak)) Backend* cuda_backend_if_built() { return nullptr; }
__attribute__((weak)) bool cuda_probe_available() { return false; }
}  // namespace cupric
