// cupric._core._runtime.curand: cupric.cuda.curand's calls (CuPy's cupy.cuda.curand): cuRAND's host
// API on generators and device pointers given as integers; each returns the curandStatus_t (with
// the output it asks for) for Python's CURANDError. libcurand is loaded at the first call only
// (src/runtime/cuda/library_handles.cpp; docs/cuda.md says why cupric's generators do not use it).
#include <nanobind/stl/pair.h>
#include "common.hpp"
#include "library_call.hpp"

namespace cupric::py {

namespace {

constexpr LibraryCall<CudaLibrary::Curand> call;

}  // namespace

void init_cuda_curand(nb::module_& parent) {
  nb::module_ m = parent.def_submodule("curand", "cupric.cuda.curand's calls; each returns the curandStatus_t");
  m.def("create_generator", [](int rng_type) { return call.make("curandCreateGenerator", rng_type); });
  m.def("destroy_generator", [](u g) { return call("curandDestroyGenerator", V(g)); });
  m.def("get_version", []() {
    int v = 0;
    int s = call("curandGetVersion", &v);
    return std::make_pair(s, v);
  });
  m.def("set_stream", [](u g, u stream) { return call("curandSetStream", V(g), V(stream)); });
  m.def("set_pseudo_random_generator_seed",
        [](u g, uint64_t seed) { return call("curandSetPseudoRandomGeneratorSeed", V(g), seed); });
  m.def("set_generator_offset", [](u g, uint64_t offset) { return call("curandSetGeneratorOffset", V(g), offset); });
  m.def("set_generator_ordering", [](u g, int order) { return call("curandSetGeneratorOrdering", V(g), order); });
  m.def("set_quasi_random_generator_dimensions",
        [](u g, unsigned dims) { return call("curandSetQuasiRandomGeneratorDimensions", V(g), dims); });
  m.def("generate", [](u g, u out, size_t n) { return call("curandGenerate", V(g), V(out), n); });
  m.def("generate_long_long", [](u g, u out, size_t n) { return call("curandGenerateLongLong", V(g), V(out), n); });
  m.def("generate_uniform", [](u g, u out, size_t n) { return call("curandGenerateUniform", V(g), V(out), n); });
  m.def("generate_uniform_double",
        [](u g, u out, size_t n) { return call("curandGenerateUniformDouble", V(g), V(out), n); });
  m.def("generate_normal", [](u g, u out, size_t n, float mean, float stddev) {
    return call("curandGenerateNormal", V(g), V(out), n, mean, stddev);
  });
  m.def("generate_normal_double", [](u g, u out, size_t n, double mean, double stddev) {
    return call("curandGenerateNormalDouble", V(g), V(out), n, mean, stddev);
  });
  m.def("generate_log_normal", [](u g, u out, size_t n, float mean, float stddev) {
    return call("curandGenerateLogNormal", V(g), V(out), n, mean, stddev);
  });
  m.def("generate_log_normal_double", [](u g, u out, size_t n, double mean, double stddev) {
    return call("curandGenerateLogNormalDouble", V(g), V(out), n, mean, stddev);
  });
  m.def("generate_poisson",
        [](u g, u out, size_t n, double lam) { return call("curandGeneratePoisson", V(g), V(out), n, lam); });
  m.def("generate_seeds", [](u g) { return call("curandGenerateSeeds", V(g)); });
}

}  // namespace cupric::py
