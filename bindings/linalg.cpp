// cupric._core.linalg: the linear-algebra routines (include/cupric/linalg.hpp) and
// LinAlgError's translation to numpy.linalg.LinAlgError.
#include "common.hpp"

namespace cupric::py {

void init_linalg(nb::module_& m) {
  nb::module_ la = m.def_submodule("linalg", "cupric.linalg's C++ routines");
  static nb::handle linalg_error = numpy().attr("linalg").attr("LinAlgError").inc_ref();  // leaked on purpose
  nb::register_exception_translator([](const std::exception_ptr& p, void*) {
    try {
      std::rethrow_exception(p);
    } catch (const LinAlgError& e) {
      PyErr_SetString(linalg_error.ptr(), e.what());
    }
  });
  la.def("tf32_allowed", &tf32_allowed);
  la.def("set_tf32_allowed", &set_tf32_allowed, nb::arg("allowed"));
  la.def("host_blas_num_threads", &host_blas_num_threads);
}

}  // namespace cupric::py
