// cupric._core._runtime.nvtx: NVTX marks and ranges (the logic is in src/runtime/nvtx.cpp).
#include "common.hpp"
#include "cupric/runtime/nvtx.hpp"

namespace cupric::py {

void init_cuda_nvtx(nb::module_& m) {
  nb::module_ nv = m.def_submodule("nvtx");
  nv.def("available", &nvtx::available);
  nv.def("mark", &nvtx::mark, nb::arg("message"), nb::arg("argb") = 0);
  nv.def("range_push", &nvtx::range_push, nb::arg("message"), nb::arg("argb") = 0);
  nv.def("range_pop", &nvtx::range_pop);
  nv.def("range_start", &nvtx::range_start, nb::arg("message"), nb::arg("argb") = 0);
  nv.def("range_end", &nvtx::range_end);
  nv.def("color_of_id", &nvtx::color_of_id);
}

}  // namespace cupric::py
