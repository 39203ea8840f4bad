// cupric._core._runtime.driver: the driver API calls of cupric.cuda.driver and the profiler
// (the queries' logic is in src/runtime/cuda_driver.cpp). Driver calls return the CUresult (with
// the value they ask for); Python raises CUDADriverError for a non-zero status. Contexts, modules,
// functions, link states and streams are integers, as in CuPy; the module, link, launch, attribute
// and occupancy calls are one driver entry each (Note [Raw driver calls] in
// cupric/runtime/cuda_driver.hpp), without the GIL where the driver may compile or wait.
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <string>
#include <tuple>
#include "common.hpp"
#include "cupric/runtime/cuda_driver.hpp"
#include "library_call.hpp"  // u and V: handles and pointers as Python passes them

namespace cupric::py {

namespace {

namespace drv = cuda::driver;
using Status = std::pair<int, u>;
using nogil = nb::call_guard<nb::gil_scoped_release>;

// A call whose first argument receives a handle: (status, handle as an int).
template <class... A>
Status handle_out(const char* name, A... a) {
  void* h = nullptr;
  int s = drv::call(name, &h, a...);
  return {s, reinterpret_cast<u>(h)};
}

template <class... A>
std::pair<int, int> int_out(const char* name, A... a) {
  int v = 0;
  int s = drv::call(name, &v, a...);
  return {s, v};
}

void def_queries(nb::module_& d) {
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
}

void def_contexts(nb::module_& d) {
  d.def("ctx_create", [](int dev) {  // CUDA 3.2's cuCtxCreate(pctx, flags, dev) (Note [Raw driver calls])
    void* c = nullptr;
    int s = drv::call<3020>("cuCtxCreate", &c, 0u, dev);
    return Status(s, reinterpret_cast<u>(c));
  });
  d.def("ctx_destroy", [](u ctx) { return drv::call("cuCtxDestroy", V(ctx)); });
  d.def("ctx_set_current", [](u ctx) { return drv::call("cuCtxSetCurrent", V(ctx)); });
  d.def("device_primary_ctx_release", [](int dev) { return drv::call("cuDevicePrimaryCtxRelease", dev); });
  d.def("stream_get_ctx", [](u stream) {
    void* c = nullptr;
    int s = drv::call("cuStreamGetCtx", V(stream), &c);
    return Status(s, reinterpret_cast<u>(c));
  });
}

void def_modules(nb::module_& d) {
  d.def("module_load", [](const std::string& path) { return handle_out("cuModuleLoad", path.c_str()); }, nogil());
  // The image (cubin, fatbin or NUL-terminated PTX) is read by the driver during the call only.
  d.def("module_load_data", [](nb::bytes image) {
    const char* p = image.c_str();
    nb::gil_scoped_release release;
    return handle_out("cuModuleLoadData", static_cast<const void*>(p));
  });
  d.def("module_unload", [](u mod) { return drv::call("cuModuleUnload", V(mod)); });
  d.def("module_get_function",
        [](u mod, const std::string& name) { return handle_out("cuModuleGetFunction", V(mod), name.c_str()); });
  d.def("module_get_global", [](u mod, const std::string& name) {
    u ptr = 0;
    size_t bytes = 0;
    int s = drv::call("cuModuleGetGlobal", &ptr, &bytes, V(mod), name.c_str());
    return std::make_tuple(s, ptr, bytes);
  });
}

// cuLink* with no JIT options, as CuPy's calls pass none.
void def_link(nb::module_& d) {
  d.def("link_create", []() {
    void* state = nullptr;
    int s = drv::call("cuLinkCreate", 0u, static_cast<int*>(nullptr), static_cast<void**>(nullptr), &state);
    return Status(s, reinterpret_cast<u>(state));
  });
  // The size counts the bytes' terminating NUL (Python bytes always have one), which PTX needs.
  d.def("link_add_data", [](u state, int input_type, nb::bytes data, const std::string& name) {
    const char* p = data.c_str();
    const size_t n = data.size() + 1;
    nb::gil_scoped_release release;
    return drv::call("cuLinkAddData", V(state), input_type, static_cast<void*>(const_cast<char*>(p)), n, name.c_str(),
                     0u, static_cast<int*>(nullptr), static_cast<void**>(nullptr));
  });
  d.def(
      "link_add_file",
      [](u state, int input_type, const std::string& path) {
        return drv::call("cuLinkAddFile", V(state), input_type, path.c_str(), 0u, static_cast<int*>(nullptr),
                         static_cast<void**>(nullptr));
      },
      nogil());
  // The linked image belongs to the link state: it is copied out before the state can go.
  d.def("link_complete", [](u state) {
    void* image = nullptr;
    size_t n = 0;
    int s = 0;
    {
      nb::gil_scoped_release release;
      s = drv::call("cuLinkComplete", V(state), &image, &n);
    }
    return std::make_pair(s, s == 0 ? nb::bytes(static_cast<const char*>(image), n) : nb::bytes("", 0));
  });
  d.def("link_destroy", [](u state) { return drv::call("cuLinkDestroy", V(state)); });
}

void def_launch(nb::module_& d) {
  d.def(
      "launch_kernel",
      [](u f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz, unsigned shared, u stream,
         u params, u extra) {
        return drv::call("cuLaunchKernel", V(f), gx, gy, gz, bx, by, bz, shared, V(stream), V(params), V(extra));
      },
      nogil());
  d.def(
      "launch_cooperative_kernel",
      [](u f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz, unsigned shared, u stream,
         u params) {
        return drv::call("cuLaunchCooperativeKernel", V(f), gx, gy, gz, bx, by, bz, shared, V(stream), V(params));
      },
      nogil());
  d.def("func_get_attribute", [](int attrib, u f) { return int_out("cuFuncGetAttribute", attrib, V(f)); });
  d.def("func_set_attribute",
        [](u f, int attrib, int value) { return drv::call("cuFuncSetAttribute", V(f), attrib, value); });
  d.def("occupancy_max_active_blocks_per_multiprocessor", [](u f, int block_size, size_t shared) {
    return int_out("cuOccupancyMaxActiveBlocksPerMultiprocessor", V(f), block_size, shared);
  });
  // No block-size-to-shared-memory function (CUoccupancyB2DSize): Python cannot pass one.
  d.def("occupancy_max_potential_block_size", [](u f, size_t shared, int limit) {
    int min_grid = 0, block = 0;
    int s = drv::call("cuOccupancyMaxPotentialBlockSize", &min_grid, &block, V(f), static_cast<void*>(nullptr), shared,
                      limit);
    return std::make_tuple(s, min_grid, block);
  });
}

}  // namespace

void init_cuda_driver(nb::module_& m) {
  nb::module_ d = m.def_submodule("driver");
  def_queries(d);
  def_contexts(d);
  def_modules(d);
  def_link(d);
  def_launch(d);
  m.def("pointer_attributes", [](uintptr_t ptr) {
    cuda::PointerAttributes a = cuda::pointer_attributes(reinterpret_cast<const void*>(ptr));
    return std::make_tuple(a.type, a.device, a.device_pointer, a.host_pointer);
  });
  m.def("profiler_start", &cuda::profiler_start);
  m.def("profiler_stop", &cuda::profiler_stop);
}

}  // namespace cupric::py
