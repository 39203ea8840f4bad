// NVRTC's entry points, dlopened at first use (jit/cuda_compiler.cpp): the one loader of the
// run-time compiler, for user kernels (cupric.RawKernel, ElementwiseKernel, ...) and for cuFFT's
// LTO callbacks (fft/cuda/lto_compile.cpp). Declared here, not taken from <nvrtc.h>, so that a
// host-only build compiles it too; results are nvrtcResult values (0: success).
#pragma once
#include <cstddef>
#include <string>

namespace cupric::jit {

using nvrtcProgram = void*;
struct Nvrtc {
  int (*version)(int*, int*);
  int (*create)(nvrtcProgram*, const char*, const char*, int, const char* const*, const char* const*);
  int (*destroy)(nvrtcProgram*);
  int (*compile)(nvrtcProgram, int, const char* const*);
  int (*log_size)(nvrtcProgram, size_t*);
  int (*log)(nvrtcProgram, char*);
  int (*cubin_size)(nvrtcProgram, size_t*);
  int (*cubin)(nvrtcProgram, char*);
  int (*ptx_size)(nvrtcProgram, size_t*);
  int (*ptx)(nvrtcProgram, char*);
  int (*lto_size)(nvrtcProgram, size_t*);
  int (*lto)(nvrtcProgram, char*);
  int (*add_name)(nvrtcProgram, const char*);
  int (*lowered)(nvrtcProgram, const char*, const char**);
  const char* (*error_string)(int);
  int (*num_archs)(int*);
  int (*archs)(int*);
  std::string version_text;
};

// NVRTC, loaded once; RuntimeError naming what to install when it is missing or too old.
const Nvrtc& nvrtc();

}  // namespace cupric::jit
