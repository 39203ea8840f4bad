// cupric._core._runtime.curand: every function of cupric.cuda.curand (CuPy's
// cupy_backends.cuda.libs.curand), one row each (Note [Library entry rows] in library_entry.hpp):
// cuRAND's host API on generators and device pointers given as integers; a failed status raises
// cupric.cuda.curand.CURANDError. No stream binding: a generator keeps the stream setStream gave
// it, as in CuPy. libcurand is loaded at the first call only (src/runtime/cuda/library_handles.cpp;
// docs/cuda.md says why cupric's generators do not use it).
#include "library_entry.hpp"

namespace cupric::py {

namespace {

using namespace entry;
using namespace entry::c_types;
using U64 = unsigned long long;

PyObject* g_error = nullptr;  // CURANDError

constexpr Kind kNone{nullptr, true};  // generator calls
constexpr Kind kRun{nullptr, false};  // the generating calls: GIL released
constexpr std::array<const char*, 3> kOut{"generator", "outputPtr", "num"};
constexpr std::array<const char*, 5> kNormal{"generator", "outputPtr", "n", "mean", "stddev"};

template <class S>
void rows(nb::module_& m, Kind kind, const std::vector<Name>& names, const std::array<const char*, S::n_py>& args) {
  def_entries<S>(m, CudaLibrary::Curand, &g_error, kind, names, args);
}
std::vector<Name> plain(const char* py) { return prefixed("curand", py); }

}  // namespace

void init_cuda_curand(nb::module_& parent) {
  nb::module_ m = parent.def_submodule("curand", "cupric.cuda.curand's functions (CuPy's names and arguments)");
  def_module_helpers(m, CudaLibrary::Curand, &g_error);
  rows<Sig<Out<P>, I>>(m, kNone, plain("createGenerator"), {"rng_type"});
  rows<Sig<P>>(m, kNone, join({plain("destroyGenerator"), plain("generateSeeds")}), {"generator"});
  rows<Sig<Out<I>>>(m, kNone, plain("getVersion"), {});
  rows<Sig<P, P>>(m, kNone, plain("setStream"), {"generator", "stream"});
  rows<Sig<P, U64>>(m, kNone, plain("setPseudoRandomGeneratorSeed"), {"generator", "seed"});
  rows<Sig<P, U64>>(m, kNone, plain("setGeneratorOffset"), {"generator", "offset"});
  rows<Sig<P, I>>(m, kNone, plain("setGeneratorOrdering"), {"generator", "order"});
  rows<Sig<P, unsigned>>(m, kNone, plain("setQuasiRandomGeneratorDimensions"), {"generator", "num_dimensions"});
  rows<Sig<P, P, Z>>(
      m, kRun,
      join({plain("generate"), plain("generateLongLong"), plain("generateUniform"), plain("generateUniformDouble")}),
      kOut);
  rows<Sig<P, P, Z, D>>(m, kRun, plain("generatePoisson"), {"generator", "outputPtr", "n", "lam"});
  // cupric.cuda.curand checks n is even first, as CuPy does.
  rows<Sig<P, P, Z, F, F>>(
      m, kRun,
      join({one("_generateNormal", "curandGenerateNormal"), one("_generateLogNormal", "curandGenerateLogNormal")}),
      kNormal);
  rows<Sig<P, P, Z, D, D>>(m, kRun,
                           join({one("_generateNormalDouble", "curandGenerateNormalDouble"),
                                 one("_generateLogNormalDouble", "curandGenerateLogNormalDouble")}),
                           kNormal);
}

}  // namespace cupric::py
