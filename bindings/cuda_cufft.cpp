// cupric._core._runtime.cufft: the library-level call of cupric.cuda.cufft (getVersion), returning
// the cufftResult for Python's CuFFTError. cuFFT's plans are cupric.fft's (src/runtime/cuda/libs/cufft.hpp).
#include <nanobind/stl/pair.h>
#include "common.hpp"
#include "cupric/runtime/library_handles.hpp"

namespace cupric::py {

void init_cuda_cufft(nb::module_& parent) {
  nb::module_ m = parent.def_submodule("cufft", "cupric.cuda.cufft's library calls; each returns the cufftResult");
  m.def("get_version", []() {
    int v = 0;
    int s = call_library(CudaLibrary::Cufft, "cufftGetVersion", &v);
    return std::make_pair(s, v);
  });
}

}  // namespace cupric::py
