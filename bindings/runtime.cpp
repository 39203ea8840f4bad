// Backend selection, synchronize and the OOM hook (cupric.cuda itself is in cuda_runtime.cpp).
#include <nanobind/stl/optional.h>
#include <nanobind/stl/shared_ptr.h>
#include "common.hpp"

namespace cupric::py {

void init_runtime(nb::module_& m) {
  m.def("is_cuda_available", &cuda_is_available, "True when a CUDA device is usable; never raises.");
  m.def("is_cuda_built", []() { return cuda_backend_if_built() != nullptr; });
  m.def(
      "backend_name", []() { return std::string(default_backend().name()); },
      "The backend new arrays go to: 'cuda' or 'host' (CUPRIC_BACKEND).");
  m.def("set_backend", [](const std::string& name) {
    if (name == "host")
      set_default_backend(DeviceType::Host);
    else if (name == "cuda")
      set_default_backend(DeviceType::Cuda);
    else
      throw ValueError("backend must be 'cuda' or 'host' (got '" + name + "')");
  });
  m.def("synchronize", []() {
    Backend& b = default_backend();
    b.synchronize_device(b.current_device());
  });

  m.def("_set_oom_hook", [](nb::object hook) {
    nb::object* h = new nb::object(std::move(hook));  // lives for the process
    MemoryPool::set_oom_hook([h]() {
      nb::gil_scoped_acquire g;
      (*h)();
    });
  });
}

}  // namespace cupric::py
