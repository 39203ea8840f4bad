// RawKernel and RawModule on the host backend: CUDA C++ as CuPy users write it, compiled by the
// system C++ compiler with cupric/jit/host_launch.hpp and run with block semantics (Note [Host
// blocks as fibers]). The source is checked for what cannot run on a CPU (inline PTX, textures,
// ...: a clear error naming the construct) and lightly rewritten (Note [Raw sources on the host]
// in src/jit/host_raw.cpp). Compiled objects go through the kernel cache like every host kernel.
#pragma once
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>
#include "cupric/jit/compiler.hpp"

namespace cupric::jit {

// The source as the host compiler gets it, and what the scan found.
struct HostRawSource {
  std::string text;                  // rewritten user source (after a #line 1)
  std::vector<std::string> kernels;  // extern "C" __global__ functions, in order
  bool needs_fibers = false;         // uses __syncthreads, __syncwarp, shuffles or votes
};
// Throws CompileError naming the construct (and its line) for code the host cannot run.
HostRawSource translate_raw_source(const std::string& source, const std::string& name_for_errors);

class HostRawModule;

// A kernel of a host module: launch(grid, block, args) runs the whole grid before returning.
class HostRawFunction {
 public:
  HostRawFunction(std::shared_ptr<const HostRawModule> module, void* entry, std::string name)
      : module_(std::move(module)), entry_(entry), name_(std::move(name)) {}
  // `args[k]` points to the bytes of the k-th argument (as for cuLaunchKernel). Throws
  // RuntimeError for a deadlock, a bad block shape or an argument count the kernel does not take.
  void launch(const unsigned grid[3], const unsigned block[3], void** args, int nargs, size_t shared_mem) const;
  // cuFuncGetAttribute's answers on the host: 1024 threads per block, no registers or static
  // sizes to report, and the settable max_dynamic_shared_size_bytes (default 48 KiB).
  int attribute(int cu_function_attribute) const;
  void set_attribute(int cu_function_attribute, int value);
  const std::string& name() const { return name_; }

 private:
  std::shared_ptr<const HostRawModule> module_;
  void* entry_;
  std::string name_;
  int max_dynamic_shared_ = 48 * 1024;
};

class HostRawModule : public std::enable_shared_from_this<HostRawModule> {
 public:
  HostRawModule(std::shared_ptr<HostModule> so, std::map<std::string, std::string> symbols, bool fibers)
      : so_(std::move(so)), symbols_(std::move(symbols)), fibers_(fibers) {}
  // `name`: an extern "C" kernel of the source or one of the name expressions.
  HostRawFunction function(const std::string& name) const;
  // Address and size of a namespace-scope __device__ / __constant__ variable.
  std::pair<uintptr_t, size_t> global(const std::string& name) const;
  bool uses_fibers() const { return fibers_; }

 private:
  std::shared_ptr<HostModule> so_;
  std::map<std::string, std::string> symbols_;  // kernel name / expression -> launcher symbol
  bool fibers_;
};

// Compiles `source` with the NVRTC-style `options` (-D, -I and -std are honoured, the others are
// GPU code generation switches and ignored) and launchers for its extern "C" kernels and for
// `name_expressions` (template instantiations such as "scale<float, 3>").
std::shared_ptr<HostRawModule> compile_host_raw(const std::string& source, const std::vector<std::string>& options,
                                                const std::vector<std::string>& name_expressions,
                                                const std::string& name_for_errors);

}  // namespace cupric::jit
