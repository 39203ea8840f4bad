// The BLAS dispatch table of cupric.linalg (src/linalg/blas.hpp) and the TF32 setting.
#include "linalg/blas.hpp"
#include <atomic>
#include <cstdlib>
#include <cstring>
#include "cupric/linalg.hpp"

namespace cupric {

namespace linalg {
dispatch::Table<const BlasFns*>& blas_table() {
  static constinit dispatch::Table<const BlasFns*> t;
  return t;
}
}  // namespace linalg

namespace {
// CUPRIC_TF32=1 (CuPy's CUPY_TF32), read once; set_tf32_allowed overrides it.
std::atomic<bool>& tf32_flag() {
  static std::atomic<bool> f = [] {
    const char* v = std::getenv("CUPRIC_TF32");
    return v && std::strcmp(v, "0") != 0 && *v != '\0';
  }();
  return f;
}
}  // namespace

bool tf32_allowed() { return tf32_flag().load(std::memory_order_relaxed); }
void set_tf32_allowed(bool allowed) { tf32_flag().store(allowed, std::memory_order_relaxed); }

}  // namespace cupric
