// Pieces the ElementwiseKernel and ReductionKernel generators share: C type names, the argument
// pack handed to a compiled kernel, and compiling + launching one generated source on either
// backend (Note [Generated kernels] in src/jit/elementwise_kernel.cpp).
#pragma once
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>
#include "cupric/jit/compiler.hpp"
#include "cupric/jit/kernels.hpp"
#include "cupric/runtime/backend.hpp"

namespace cupric::jit {

std::string ctype_name(DType dt);                 // "float", "complex<double>", "float16", ...
bool is_half(DType dt);                           // float16 / bfloat16
void check_kernel_name(const std::string& name);  // ValueError unless a C identifier

// Kernel arguments laid out as the generated signature expects (CArray / CIndexer / scalars).
class ArgPack {
 public:
  void add_array(const ndarray& a);                                          // CArray<T, a.ndim()>
  void add_array(const ndarray& a, const Dims& shape, const Dims& strides);  // a viewed with this layout
  void add_scalar(const Scalar& s);                                          // its bytes
  void add_indexer(const Dims& shape);                                       // CIndexer<shape.size()>
  void** pointers();

 private:
  std::vector<std::vector<unsigned char>> blobs_;
  std::vector<void*> ptrs_;
  template <class T>
  void append(std::vector<unsigned char>& b, T v) {
    const auto* p = reinterpret_cast<const unsigned char*>(&v);
    b.insert(b.end(), p, p + sizeof(T));
  }
};

// Adds a kernel's inputs to `pack` in parameter order: scalars by value, raw arrays whole, the
// others through `add_view(i)` (each kernel kind lays them out its own way).
template <class AddView>
void add_inputs(ArgPack& pack, const std::vector<KernelArg>& ins, const std::vector<ParamInfo>& params,
                AddView&& add_view) {
  for (size_t i = 0; i < ins.size(); ++i) {
    if (!ins[i].is_array)
      pack.add_scalar(ins[i].scalar);
    else if (params[i].raw)
      pack.add_array(ins[i].array);
    else
      add_view(i);
  }
}

// The host entry point of generated kernel `name` with these parameter types: extern "C"
// `<name>_host_entry(void** a)` calling it on the pointed-to arguments (the host compile only).
std::string host_entry_source(const std::string& name, const std::vector<std::string>& param_types);

// One compiled specialisation: a host entry point or a CUDA function.
struct CompiledKernel {
  std::shared_ptr<HostModule> host_module;
  void (*host_entry)(void**) = nullptr;
  std::shared_ptr<CudaModule> cuda_module;
  std::unique_ptr<CudaFunction> cuda_function;
};

// Compiles (once per source and backend/device; cached) `source` whose kernel is `name`: for the
// host the source must define extern "C" `<name>_host_entry(void**)`.
std::shared_ptr<CompiledKernel> compile_generated(const std::string& source, const std::string& name,
                                                  const std::vector<std::string>& options, Backend& backend);
// Runs it over `n` loop iterations (CUDA: a grid-stride launch of `block_size` threads per block, or
// `blocks` blocks when given).
void launch_generated(const CompiledKernel& k, ArgPack& args, int64_t n, int block_size, Backend& backend,
                      int64_t blocks = -1, size_t shared_mem = 0);

// Shared front half of both kernel kinds: generic type binding and argument normalisation.
struct BoundArgs {
  std::map<std::string, DType> types;  // generic name -> dtype
  std::vector<KernelArg> ins;          // arrays cast to their parameter's dtype, scalars cast
  std::vector<ndarray> outs;           // given outputs (empty when none were given)
  Backend* backend = nullptr;
};
BoundArgs bind_args(const std::vector<ParamInfo>& in, const std::vector<ParamInfo>& out,
                    const std::vector<KernelArg>& args, const std::string& name);
DType param_dtype(const ParamInfo& p, const std::map<std::string, DType>& types, const std::string& name);
std::string typedefs(const std::map<std::string, DType>& types);

}  // namespace cupric::jit
