// The nanobind module cupric._core: calls each area's init function.
#include "common.hpp"

namespace cupric::py {
void init_sparse_linalg(nb::module_& m);  // bindings/sparse_linalg.cpp
void init_fft(nb::module_& m);            // cupric._core.fft: cupric.fft and its plan cache (fft.cpp)
}  // namespace cupric::py

NB_MODULE(_core, m) {
  m.doc() = "cupric core (C++): arrays, dtypes, the elementwise engine and the runtime";
  using namespace cupric::py;
  // Types and a few module-level references are kept alive until process exit on purpose
  // (arrays may be freed during interpreter shutdown); nanobind's leak report would be noise.
  nb::set_leak_warnings(false);
  init_errors(m);
  init_dtype(m);
  init_ndarray(m);
  init_ndarray_methods(m);
  init_creation(m);
  init_creation_routines(m);
  init_manipulation(m);
  init_indexing(m);
  init_joining(m);
  init_reduction(m);
  init_scan(m);
  init_runtime(m);
  init_cuda_runtime(m);
  init_ufunc(m);
  init_ufunc_methods(m);
  init_editing(m);
  init_averages(m);
  init_sorting(m);
  init_jit(m);
  init_random(m);
  init_interop(m);
  init_lib_functions(m);
  init_linalg(m);
  init_linalg_solvers(m);
  init_sparse_linalg(m);
  init_sparse(m);
  init_fft(m);
}
