// cupric._core._runtime.cufft: cupric.cuda.cufft's low-level calls (CuPy's cupy.cuda.cufft: plan
// handles and device pointers as integers), one cuFFT entry each through the libcufft cupric.fft
// loads (src/runtime/cuda/libs/cufft.hpp), returning the cufftResult for Python's CuFFTError.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>
#include <optional>
#include <string>
#include <string_view>
#include <vector>
#include "common.hpp"
#include "cupric/error.hpp"
#include "cupric/runtime/libraries.hpp"
#include "cupric/runtime/library_handles.hpp"
#include "library_call.hpp"

namespace cupric::py {

namespace {

constexpr LibraryCall<CudaLibrary::Cufft> call;

// The transforms of one plan on raw pointers: (entry, whether it takes a direction). One binding
// serves them all; Python names each after CuPy (execC2C, ..., XtExec, multi_gpu_execC2C).
struct ExecEntry {
  std::string_view name;
  bool direction;
};
constexpr ExecEntry kExecs[] = {
    {"cufftExecC2C", true},
    {"cufftExecZ2Z", true},
    {"cufftExecR2C", false},
    {"cufftExecD2Z", false},
    {"cufftExecC2R", false},
    {"cufftExecZ2D", false},
    {"cufftXtExec", true},
    {"cufftXtExecDescriptorC2C", true},
    {"cufftXtExecDescriptorZ2Z", true},
};

int exec(const std::string& entry, int plan, u in, u out, int direction) {
  for (const ExecEntry& e : kExecs) {
    if (e.name != entry) continue;
    nb::gil_scoped_release release;
    return e.direction ? call(entry.c_str(), plan, V(in), V(out), direction) : call(entry.c_str(), plan, V(in), V(out));
  }
  throw ValueError("no cuFFT transform entry " + entry);
}

// cufftXtMakePlanMany: 64-bit sizes, cudaDataType input/output/execution types; a missing embed
// is a null pointer (cuFFT's packed layout, strides ignored).
std::pair<int, size_t> xt_make_plan_many(int plan, std::vector<long long> n,
                                         std::optional<std::vector<long long>> inembed, long long istride,
                                         long long idist, int itype, std::optional<std::vector<long long>> onembed,
                                         long long ostride, long long odist, int otype, long long batch, int etype) {
  size_t work = 0;
  long long* in_e = inembed ? inembed->data() : nullptr;
  long long* out_e = onembed ? onembed->data() : nullptr;
  int s = call("cufftXtMakePlanMany", plan, static_cast<int>(n.size()), n.data(), in_e, istride, idist, itype, out_e,
               ostride, odist, otype, batch, &work, etype);
  return {s, work};
}

// cufftMakePlanMany64 over packed rows (null embeds): a standard plan of cufftType `type`, the
// kind exec* run (cupric.cuda.cufft's tests make theirs with it; CuPy has no public name for it).
std::pair<int, size_t> make_plan_many(int plan, std::vector<long long> n, int type, long long batch) {
  size_t work = 0;
  int s = call("cufftMakePlanMany64", plan, static_cast<int>(n.size()), n.data(), static_cast<long long*>(nullptr), 1LL,
               0LL, static_cast<long long*>(nullptr), 1LL, 0LL, type, batch, &work);
  return {s, work};
}

// cufftXtSetJITCallback: cuFFT 12 (CUDA 13) takes the callback's symbol name, cuFFT 11 did not
// (as src/runtime/cuda/libs/cufft.cpp calls it). cuFFT links the callback with nvJitLink when
// the plan is made, opening it by soname: it is loaded first from where cupric finds the CUDA
// libraries, so a missing one is named instead of surfacing as CUFFT_INTERNAL_ERROR. cuFFT reads
// `lto` and `name` (NUL-terminated bytes) when the plan is made: Python keeps them alive until then.
int set_jit_callback(int plan, std::optional<nb::bytes> name, nb::bytes lto, int type, u caller_info) {
  int version = 0;
  int s = call("cufftGetVersion", &version);
  if (s != 0) return s;
  static const LibraryInfo jitlink = find_library("nvjitlink", {}, nullptr);
  if (!jitlink.found) throw RuntimeError("cuFFT's LTO callbacks need nvJitLink, " + jitlink.error);
  void* info = V(caller_info);
  void** infos = caller_info ? &info : nullptr;
  if (version >= 12000) {
    if (!name)
      throw ValueError("cuFFT " + std::to_string(version) +
                       " links an LTO callback by its symbol name: pass symbol_name= (the extern \"C\" name of the "
                       "device function)");
    return call("cufftXtSetJITCallback", plan, name->c_str(), static_cast<const void*>(lto.c_str()), lto.size(), type,
                infos);
  }
  return call("cufftXtSetJITCallback", plan, static_cast<const void*>(lto.c_str()), lto.size(), type, infos);
}

}  // namespace

void init_cuda_cufft(nb::module_& parent) {
  nb::module_ m = parent.def_submodule("cufft", "cupric.cuda.cufft's library calls; each returns the cufftResult");
  m.def("get_version", []() {
    int v = 0;
    int s = call("cufftGetVersion", &v);
    return std::make_pair(s, v);
  });
  m.def("create", []() {
    int plan = 0;
    int s = call("cufftCreate", &plan);
    return std::make_pair(s, plan);
  });
  m.def("destroy", [](int plan) { return call("cufftDestroy", plan); });
  m.def("set_auto_allocation", [](int plan, int flag) { return call("cufftSetAutoAllocation", plan, flag); });
  m.def("set_work_area", [](int plan, u area) { return call("cufftSetWorkArea", plan, V(area)); });
  m.def("set_stream", [](int plan, u stream) { return call("cufftSetStream", plan, V(stream)); });
  m.def("make_plan_many", &make_plan_many);
  m.def("xt_make_plan_many", &xt_make_plan_many);
  m.def("exec", &exec);
  m.def("set_jit_callback", &set_jit_callback, nb::arg("plan"), nb::arg("name").none(), nb::arg("lto"), nb::arg("type"),
        nb::arg("caller_info"));
}

}  // namespace cupric::py
