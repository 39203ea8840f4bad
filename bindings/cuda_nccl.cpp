// cupric._core._runtime.nccl: NCCL communicators and collectives (the logic is in src/runtime/nccl.cpp).
#include <nanobind/stl/string.h>
#include <nanobind/stl/unique_ptr.h>
#include <nanobind/stl/vector.h>
#include <cstring>
#include "common.hpp"
#include "cupric/runtime/nccl.hpp"

namespace cupric::py {

void init_cuda_nccl(nb::module_& m) {
  nb::module_ nc = m.def_submodule("nccl");
  static nb::exception<nccl::NcclError> nccl_error(nc, "NcclError", PyExc_RuntimeError);
  nc.def("load", [](const std::vector<std::string>& dirs) { return nccl::load(dirs); });
  nc.def("get_version", &nccl::get_version);
  nc.def("get_unique_id", []() {
    nccl::UniqueId id = nccl::get_unique_id();
    return nb::bytes(id.data(), id.size());
  });
  nc.def("group_start", &nccl::group_start);
  nc.def("group_end", &nccl::group_end);
  nc.def("init_all", [](const std::vector<int>& devices) {
    std::vector<uintptr_t> out;
    for (void* c : nccl::Communicator::init_all(devices)) out.push_back(reinterpret_cast<uintptr_t>(c));
    return out;
  });
  nb::class_<nccl::CommConfig>(nc, "CommConfig")
      .def(nb::init<>())
      .def_ro_static("unset", &nccl::CommConfig::kUnset)
      .def_rw("blocking", &nccl::CommConfig::blocking)
      .def_rw("cga_cluster_size", &nccl::CommConfig::cga_cluster_size)
      .def_rw("min_ctas", &nccl::CommConfig::min_ctas)
      .def_rw("max_ctas", &nccl::CommConfig::max_ctas)
      .def_rw("net_name", &nccl::CommConfig::net_name)
      .def_rw("split_share", &nccl::CommConfig::split_share);
  nb::class_<nccl::Communicator>(nc, "Communicator")
      .def(
          "__init__",
          [](nccl::Communicator* self, int ndev, nb::bytes id, int rank, const nccl::CommConfig* config) {
            if (id.size() != nccl::kUniqueIdBytes)
              throw ValueError("commId must be the " + std::to_string(nccl::kUniqueIdBytes) +
                               " bytes get_unique_id() returns, got " + std::to_string(id.size()));
            nccl::UniqueId u{};
            std::memcpy(u.data(), id.c_str(), u.size());
            nb::gil_scoped_release r;
            if (config)
              new (self) nccl::Communicator(ndev, u, rank, *config);
            else
              new (self) nccl::Communicator(ndev, u, rank);
          },
          nb::arg("ndev"), nb::arg("id"), nb::arg("rank"), nb::arg("config").none() = nb::none())
      .def_static("from_handle",
                  [](uintptr_t h) { return std::make_unique<nccl::Communicator>(reinterpret_cast<void*>(h)); })
      .def_prop_ro("comm", [](const nccl::Communicator& c) { return reinterpret_cast<uintptr_t>(c.handle()); })
      .def("destroy", &nccl::Communicator::destroy)
      .def("abort", &nccl::Communicator::abort)
      .def("device_id", &nccl::Communicator::device_id)
      .def("rank_id", &nccl::Communicator::rank_id)
      .def("size", &nccl::Communicator::size)
      .def("all_reduce", &nccl::Communicator::all_reduce)
      .def("reduce", &nccl::Communicator::reduce)
      .def("broadcast", &nccl::Communicator::broadcast)
      .def("reduce_scatter", &nccl::Communicator::reduce_scatter)
      .def("all_gather", &nccl::Communicator::all_gather)
      .def("send", &nccl::Communicator::send)
      .def("recv", &nccl::Communicator::recv);
}

}  // namespace cupric::py
