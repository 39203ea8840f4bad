// cupric._core._runtime, CUDA graphs: stream capture and the Graph object (the logic is in src/runtime/graph.cpp).
#include <nanobind/stl/shared_ptr.h>
#include "common.hpp"
#include "cupric/runtime/graph.hpp"
#include "cupric/runtime/stream.hpp"

namespace cupric::py {

void init_cuda_graph(nb::module_& m) {
  nb::class_<GraphObject>(m, "Graph")
      .def(
          "launch", [](GraphObject& g, nb::handle stream) { g.launch(stream_or_current(stream, g.device())); },
          nb::arg("stream").none() = nb::none())
      .def(
          "upload", [](GraphObject& g, nb::handle stream) { g.upload(stream_or_current(stream, g.device())); },
          nb::arg("stream").none() = nb::none())
      .def_prop_ro("device_id", &GraphObject::device)
      .def_prop_ro("n_kept", &GraphObject::n_kept);
  m.def(
      "begin_capture",
      [](StreamObject& s, int mode) { begin_capture(s.backend(), s.stream(), static_cast<CaptureMode>(mode)); },
      nb::arg("stream"), nb::arg("mode"));
  m.def("end_capture", [](StreamObject& s) { return end_capture(s.backend(), s.stream()); });
  m.def("is_capturing", [](StreamObject& s) { return is_capturing(s.backend(), s.stream()); });
}

}  // namespace cupric::py
