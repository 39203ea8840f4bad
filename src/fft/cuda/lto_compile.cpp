// NVRTC compilation of cuFFT callbacks to LTO-IR (src/fft/cuda/lto_compile.hpp).
#include "fft/cuda/lto_compile.hpp"
#include <cuda_runtime.h>
#include <cctype>
#include "cupric/error.hpp"
#include "jit/nvrtc.hpp"

namespace cupric::fft::cuda {

namespace {

using jit::Nvrtc;
using jit::nvrtc;
using jit::nvrtcProgram;

void check(int r, const char* what) {
  if (r != 0) throw RuntimeError(std::string("NVRTC error in ") + what + ": " + nvrtc().error_string(r));
}

// Note [Callback symbols]
// cuFFT links an LTO callback by its symbol name. A callback is a `__device__` function, whose C++
// name is mangled by its parameter types (which differ between CuPy's jit and legacy forms), and
// NVRTC lowers name expressions only of __global__ functions and variables. So the source gets an
// `extern "C"` wrapper with cuFFT's signature that calls the user's function (LTO inlines it): its
// symbol is the plain name, and the element type comes from the user's function by a trait.
std::string callback_wrapper(const std::string& name, bool store) {
  bool ident = !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0]));
  for (char c : name) ident = ident && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
  if (!ident) throw ValueError("the cuFFT callback's name must be a C identifier, got '" + name + "'");
  if (store)
    return "\ntemplate <class F> struct cupric_cb_element_;\n"
           "template <class R, class P, class O, class E, class I, class S>\n"
           "struct cupric_cb_element_<R (*)(P, O, E, I, S)> { using type = E; };\n"
           "extern \"C\" __device__ void cupric_cb_store(void* p, unsigned long long o, cupric_cb_element_<decltype(&" +
           name + ")>::type e, void* i, void* s) { " + name + "(p, o, e, i, s); }\n";
  return "\ntemplate <class F> struct cupric_cb_result_;\n"
         "template <class R, class P, class O, class I, class S>\n"
         "struct cupric_cb_result_<R (*)(P, O, I, S)> { using type = R; };\n"
         "extern \"C\" __device__ cupric_cb_result_<decltype(&" +
         name + ")>::type cupric_cb_load(void* p, unsigned long long o, void* i, void* s) { return " + name +
         "(p, o, i, s); }\n";
}

}  // namespace

std::pair<std::string, std::string> compile_lto_callback(const std::string& source, const std::string& name, bool store,
                                                         const std::vector<std::string>& options) {
  const std::string full = source + callback_wrapper(name, store);
  const Nvrtc& n = nvrtc();
  int device = 0, major = 0, minor = 0;
  cudaGetDevice(&device);
  cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device);
  cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device);
  std::vector<std::string> opts = {"-dlto", "-rdc=true", "-arch=sm_" + std::to_string(major * 10 + minor)};
  opts.insert(opts.end(), options.begin(), options.end());
  std::vector<const char*> argv;
  for (const auto& o : opts) argv.push_back(o.c_str());
  nvrtcProgram prog = nullptr;
  check(n.create(&prog, full.c_str(), "cufft_callback.cu", 0, nullptr, nullptr), "nvrtcCreateProgram");
  struct Guard {
    const Nvrtc& n;
    nvrtcProgram* p;
    ~Guard() { n.destroy(p); }
  } guard{n, &prog};
  const int rc = n.compile(prog, static_cast<int>(argv.size()), argv.data());
  if (rc != 0) {
    size_t size = 0;
    n.log_size(prog, &size);
    std::string log(size, '\0');
    n.log(prog, log.data());
    throw RuntimeError("the cuFFT callback " + name + " does not compile:\n" + log);
  }
  size_t size = 0;
  check(n.lto_size(prog, &size), "nvrtcGetLTOIRSize");
  std::string lto(size, '\0');
  check(n.lto(prog, lto.data()), "nvrtcGetLTOIR");
  return {lto, store ? "cupric_cb_store" : "cupric_cb_load"};
}

}  // namespace cupric::fft::cuda
