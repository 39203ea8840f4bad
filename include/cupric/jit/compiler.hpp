// Run-time compilation of kernels (DESIGN.md decision 3): C++ for the host backend with the
// system compiler, CUDA C++ with NVRTC (dlopened) loaded through the driver API (dlopened).
// Both go through the compile cache (cupric/jit/cache.hpp).
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>
#include "cupric/error.hpp"
#include "cupric/runtime/backend.hpp"

namespace cupric::jit {

// cupric.cuda.compiler.CompileException: the compiler's log; with
// CUPRIC_DUMP_CUDA_SOURCE_ON_ERROR=1 the message also holds the numbered source.
class CompileError : public Error {
 public:
  CompileError(const std::string& message, std::string log, std::string source, std::string name);
  std::string log, source, name;
};

// The embedded header set (cupric/config.hpp, complex.hpp, half.hpp, jit/device.hpp) and its hash
// (part of every cache key).
std::vector<std::pair<std::string, std::string>> header_set();
const std::string& header_set_hash();

// ---- host backend -------------------------------------------------------------------------------
// A shared library built from generated C++ and dlopened; lives as long as any kernel using it.
class HostModule {
 public:
  HostModule(void* handle, std::string path, int fd = -1) : handle_(handle), path_(std::move(path)), fd_(fd) {}
  ~HostModule();
  HostModule(const HostModule&) = delete;
  HostModule& operator=(const HostModule&) = delete;
  void* symbol(const std::string& name) const;  // throws RuntimeError when missing
 private:
  void* handle_;
  std::string path_;
  int fd_;
};
// Compiles `source` (C++17, -O2, then `extra_flags`: -D, -I, -std=) with $CUPRIC_HOST_CXX / $CXX /
// c++, cached by content. The include path holds the header set and the host stand-ins of CUDA's
// headers (cuda_runtime.h, math_constants.h, cuda_fp16.h, cuComplex.h, cupy/complex.cuh).
std::shared_ptr<HostModule> compile_host(const std::string& source, const std::string& name_for_errors = "",
                                         const std::vector<std::string>& extra_flags = {});

// ---- CUDA ------------------------------------------------------------------------------------------
// The compiled image of a CUDA program: a cubin (or PTX when NVRTC cannot target the device's
// arch) plus the lowered names of the requested name expressions.
struct CudaImage {
  std::string binary;
  bool is_cubin = true;
  std::map<std::string, std::string> lowered_names;
};
struct CudaCompileOptions {
  std::vector<std::string> options;           // NVRTC options; -std=c++17 added when no -std is given
  std::vector<std::string> name_expressions;  // template instantiations to keep (RawModule)
  std::string name_for_errors;
  // Generated kernels (ElementwiseKernel, ReductionKernel, fuse): cuda_fp16.h and cuda_bf16.h are
  // replaced by the few conversions cupric/half.hpp needs (they double NVRTC's compile time).
  bool minimal_fp16_headers = false;
};
// Compiles for `device` (its compute capability picks the arch), cached by content. Throws
// CompileError (bad source), RuntimeError (NVRTC missing: names the library and how to install it).
std::shared_ptr<const CudaImage> compile_cuda(const std::string& source, const CudaCompileOptions& opt, int device);
// The same for an explicit compute capability (90 = sm_90); needs no GPU, only NVRTC.
std::shared_ptr<const CudaImage> compile_cuda_for_arch(const std::string& source, const CudaCompileOptions& opt,
                                                       int arch);
// "12.9" etc.; throws RuntimeError when NVRTC is missing.
std::string nvrtc_version();
// CCCL_VERSION (e.g. 3000001 for 3.0.1) of the CCCL cupric's kernels were compiled with (0 in a
// build without CUDA), and of the CCCL a user kernel compiled now includes (0 when no CUDA
// headers are found): equal unless no toolkit on this machine has the build's (Note [JIT CCCL]).
int build_cccl_version();
int jit_cccl_version();

class CudaModule;
// A kernel of a loaded module.
class CudaFunction {
 public:
  CudaFunction(std::shared_ptr<CudaModule> module, void* fn, std::string name)
      : module_(std::move(module)), fn_(fn), name_(std::move(name)) {}
  // `args[k]` points to the k-th kernel argument's bytes (cuLaunchKernel's kernelParams).
  void launch(const unsigned grid[3], const unsigned block[3], void** args, size_t shared_mem, const Stream& stream,
              bool cooperative = false) const;
  int attribute(int cu_function_attribute) const;
  void set_attribute(int cu_function_attribute, int value) const;
  const std::string& name() const { return name_; }
  void* handle() const { return fn_; }

 private:
  std::shared_ptr<CudaModule> module_;
  void* fn_;
  std::string name_;
};

class CudaModule : public std::enable_shared_from_this<CudaModule> {
 public:
  CudaModule(std::shared_ptr<const CudaImage> image, int device);  // cuModuleLoadData on `device`
  ~CudaModule();
  CudaModule(const CudaModule&) = delete;
  CudaModule& operator=(const CudaModule&) = delete;
  // `name` may be a name expression given at compile time (its lowered name is used).
  CudaFunction function(const std::string& name);
  // Device address and size of a __device__ / __constant__ variable.
  std::pair<uintptr_t, size_t> global(const std::string& name);
  int device() const { return device_; }
  void* context() const { return ctx_; }

 private:
  std::shared_ptr<const CudaImage> image_;
  void* module_ = nullptr;
  void* ctx_ = nullptr;
  int device_;
};
// Loaded modules are cached per (image, device).
std::shared_ptr<CudaModule> load_cuda_module(const std::shared_ptr<const CudaImage>& image, int device);

// Counters and switches shared with cache.hpp; drops loaded modules of both backends.
void clear_memory_caches();

}  // namespace cupric::jit
