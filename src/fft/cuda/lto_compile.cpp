// NVRTC compilation of cuFFT callbacks to LTO-IR (src/fft/cuda/lto_compile.hpp).
#include "fft/cuda/lto_compile.hpp"
#include <cuda_runtime.h>
#include <dlfcn.h>
#include <nvrtc.h>
#include "cupric/error.hpp"
#include "cupric/runtime/libraries.hpp"

namespace cupric::fft::cuda {

namespace {

// The NVRTC entry points the callbacks need, resolved at the first compilation.
struct Nvrtc {
  nvrtcResult (*create)(nvrtcProgram*, const char*, const char*, int, const char* const*, const char* const*);
  nvrtcResult (*destroy)(nvrtcProgram*);
  nvrtcResult (*compile)(nvrtcProgram, int, const char* const*);
  nvrtcResult (*log_size)(nvrtcProgram, size_t*);
  nvrtcResult (*log)(nvrtcProgram, char*);
  nvrtcResult (*lto_size)(nvrtcProgram, size_t*);
  nvrtcResult (*lto)(nvrtcProgram, char*);
  nvrtcResult (*add_name)(nvrtcProgram, const char*);
  nvrtcResult (*lowered)(nvrtcProgram, const char*, const char**);
  const char* (*error_string)(nvrtcResult);
};

template <class F>
void bind(void* h, const char* name, F& f) {
  f = reinterpret_cast<F>(dlsym(h, name));
  if (!f) throw RuntimeError(std::string("the NVRTC library found lacks ") + name + " (cuFFT callbacks need NVRTC 12)");
}

const Nvrtc& nvrtc() {
  static const Nvrtc n = [] {
    void* h = nullptr;
    LibraryInfo info = find_library("nvrtc", {}, &h);
    if (!h)
      throw RuntimeError("NVRTC is not available: " + (info.error.empty() ? std::string("not found") : info.error) +
                         " (cuFFT callbacks are compiled by NVRTC: pip install nvidia-cuda-nvrtc)");
    Nvrtc r{};
    bind(h, "nvrtcCreateProgram", r.create);
    bind(h, "nvrtcDestroyProgram", r.destroy);
    bind(h, "nvrtcCompileProgram", r.compile);
    bind(h, "nvrtcGetProgramLogSize", r.log_size);
    bind(h, "nvrtcGetProgramLog", r.log);
    bind(h, "nvrtcGetLTOIRSize", r.lto_size);
    bind(h, "nvrtcGetLTOIR", r.lto);
    bind(h, "nvrtcAddNameExpression", r.add_name);
    bind(h, "nvrtcGetLoweredName", r.lowered);
    bind(h, "nvrtcGetErrorString", r.error_string);
    return r;
  }();
  return n;
}

void check(nvrtcResult r, const char* what) {
  if (r != NVRTC_SUCCESS) throw RuntimeError(std::string("NVRTC error in ") + what + ": " + nvrtc().error_string(r));
}

}  // namespace

std::pair<std::string, std::string> compile_lto_callback(const std::string& source, const std::string& name,
                                                         const std::vector<std::string>& options) {
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
  check(n.create(&prog, source.c_str(), "cufft_callback.cu", 0, nullptr, nullptr), "nvrtcCreateProgram");
  struct Guard {
    const Nvrtc& n;
    nvrtcProgram* p;
    ~Guard() { n.destroy(p); }
  } guard{n, &prog};
  const std::string expr = "&" + name;
  check(n.add_name(prog, expr.c_str()), "nvrtcAddNameExpression");
  const nvrtcResult rc = n.compile(prog, static_cast<int>(argv.size()), argv.data());
  if (rc != NVRTC_SUCCESS) {
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
  const char* lowered = nullptr;
  check(n.lowered(prog, expr.c_str(), &lowered), "nvrtcGetLoweredName");
  return {lto, std::string(lowered)};
}

}  // namespace cupric::fft::cuda
