// Loading the host BLAS/LAPACK lazily (src/linalg/host/openblas.hpp).
//
// Note [OpenBLAS loading]
// cupric's host backend runs BLAS and LAPACK on PyPI's scipy-openblas64 (DESIGN.md, "Library
// modules"): ILP64 like cupric's int64 shapes, every symbol prefixed `scipy_` and suffixed `64_`,
// so it can share a process with NumPy's own copy and with a system BLAS without a clash.
//  - It is dlopened at the first host linalg call, never at `import cupric` (DESIGN.md decision
//    8): loading it starts OpenBLAS's thread pool, which a user who never multiplies matrices on
//    the host should not pay for. find_library("openblas") searches the wheel's lib folder
//    (registered by Python at import without importing the package), the folder it had at build
//    time, `../scipy_openblas64/lib` beside libcupric, then the loader's search (Note [Library
//    search order] in src/runtime/libraries.cpp); RTLD_LOCAL keeps its symbols private.
//  - Its thread pool is capped right after loading, so that it does not fight NumPy's (both
//    pools busy-wait by default): CUPRIC_OPENBLAS_NUM_THREADS if set, else OPENBLAS_NUM_THREADS
//    (which OpenBLAS reads itself, so it is left alone), else min(number of CPUs, 4)
//    (docs/linalg.md).
//  - Entry points are looked up by name with dlsym; the wheel's headers provide the prototypes
//    (`decltype(&scipy_cblas_dgemm64_)`), so a wrong signature fails to compile.
#include "linalg/host/openblas.hpp"
#include <dlfcn.h>
#include <algorithm>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>
#include "cupric/error.hpp"
#include "cupric/linalg.hpp"
#include "cupric/runtime/libraries.hpp"

namespace cupric::linalg::host {

namespace {

int parse_threads(const char* text) {
  if (!text || !*text) return 0;
  char* end = nullptr;
  long v = std::strtol(text, &end, 10);
  if (*end != '\0' || v < 1) return 0;
  return static_cast<int>(std::min<long>(v, 1024));
}

void* load() {
  void* h = nullptr;
  LibraryInfo info = find_library("openblas", {}, &h);
  if (!h)
    throw RuntimeError(
        "cupric's host BLAS/LAPACK (libscipy_openblas64_.so from PyPI's scipy-openblas64) was not found: " +
        info.error + ". Install it with `pip install scipy-openblas64` (a dependency of cupric).");
  int n = parse_threads(std::getenv("CUPRIC_OPENBLAS_NUM_THREADS"));
  if (n == 0 && parse_threads(std::getenv("OPENBLAS_NUM_THREADS")) == 0)
    n = static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 4u));
  if (n > 0) {
    auto set =
        reinterpret_cast<decltype(&scipy_openblas_set_num_threads64_)>(dlsym(h, "scipy_openblas_set_num_threads64_"));
    if (set) set(n);
  }
  return h;
}

}  // namespace

void* openblas_handle() {
  static void* h = load();  // a failed load throws and is retried by the next call
  return h;
}

void* openblas_symbol(const char* name) {
  void* h = openblas_handle();
  void* p = dlsym(h, name);
  if (!p)
    throw RuntimeError(std::string("the host BLAS/LAPACK (scipy-openblas64) has no entry point '") + name +
                       "'; upgrade it with `pip install -U scipy-openblas64`");
  return p;
}

int openblas_num_threads() { return CUPRIC_OPENBLAS_FN(scipy_openblas_get_num_threads64_)(); }

}  // namespace cupric::linalg::host

namespace cupric {
int host_blas_num_threads() { return linalg::host::openblas_num_threads(); }
}  // namespace cupric

namespace cupric::linalg::host {

const Blas& blas() {
  static const Blas b = [] {
    Blas r{};
    r.sgemm = CUPRIC_OPENBLAS_FN(scipy_cblas_sgemm64_);
    r.dgemm = CUPRIC_OPENBLAS_FN(scipy_cblas_dgemm64_);
    r.cgemm = CUPRIC_OPENBLAS_FN(scipy_cblas_cgemm64_);
    r.zgemm = CUPRIC_OPENBLAS_FN(scipy_cblas_zgemm64_);
    r.sgemv = CUPRIC_OPENBLAS_FN(scipy_cblas_sgemv64_);
    r.dgemv = CUPRIC_OPENBLAS_FN(scipy_cblas_dgemv64_);
    r.cgemv = CUPRIC_OPENBLAS_FN(scipy_cblas_cgemv64_);
    r.zgemv = CUPRIC_OPENBLAS_FN(scipy_cblas_zgemv64_);
    r.sdot = CUPRIC_OPENBLAS_FN(scipy_cblas_sdot64_);
    r.ddot = CUPRIC_OPENBLAS_FN(scipy_cblas_ddot64_);
    r.cdotu = CUPRIC_OPENBLAS_FN(scipy_cblas_cdotu_sub64_);
    r.zdotu = CUPRIC_OPENBLAS_FN(scipy_cblas_zdotu_sub64_);
    r.cdotc = CUPRIC_OPENBLAS_FN(scipy_cblas_cdotc_sub64_);
    r.zdotc = CUPRIC_OPENBLAS_FN(scipy_cblas_zdotc_sub64_);
    return r;
  }();
  return b;
}

}  // namespace cupric::linalg::host
