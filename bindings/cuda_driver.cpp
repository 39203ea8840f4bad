// cupric._core._runtime.driver: the driver API calls of cupric.cuda.driver and the profiler
// (the logic is in src/runtime/cuda_driver.cpp). Driver calls return (status, value); Python
// raises CUDADriverError for a non-zero status.
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <tuple>
#include "common.hpp"
#include "cupric/runtime/cuda_driver.hpp"

namespace cupric::py {

void init_cuda_driver(nb::module_& m) {
  namespace drv = cuda::driver;
  nb::module_ d = m.def_submodule("driver");
  d.def("build_version", &drv::build_version);
  d.def("error_name_and_text", &drv::error_name_and_text);
  d.def("ctx_get_current", []() {
    uintptr_t c = 0;
    int st = drv::ctx_get_current(&c);
    return std::pair<int, uintptr_t>(st, c);
  });
  d.def("ctx_get_device", []() {
    int v = 0;
    int st = drv::ctx_get_device(&v);
    return std::pair<int, int>(st, v);
  });
  d.def("device_get", [](int ordinal) {
    int v = 0;
    int st = drv::device_get(&v, ordinal);
    return std::pair<int, int>(st, v);
  });
  d.def("device_get_attribute", [](int attrib, int device) {
    int v = 0;
    int st = drv::device_get_attribute(&v, attrib, device);
    return std::pair<int, int>(st, v);
  });
  d.def("driver_get_version", []() {
    int v = 0;
    int st = drv::driver_get_version(&v);
    return std::pair<int, int>(st, v);
  });
  m.def("pointer_attributes", [](uintptr_t ptr) {
    cuda::PointerAttributes a = cuda::pointer_attributes(reinterpret_cast<const void*>(ptr));
    return std::make_tuple(a.type, a.device, a.device_pointer, a.host_pointer);
  });
  m.def("profiler_start", &cuda::profiler_start);
  m.def("profiler_stop", &cuda::profiler_stop);
}

}  // namespace cupric::py
