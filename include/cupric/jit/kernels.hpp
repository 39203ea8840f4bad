// User-defined kernels (CuPy's ElementwiseKernel and ReductionKernel) in C++: a signature and a
// body in CUDA C++, compiled at first use for the argument types (NVRTC on CUDA, the system C++
// compiler on the host backend) and cached (cupric/jit/cache.hpp). Python's cupric.ElementwiseKernel
// and cupric.ReductionKernel are thin wrappers of these classes.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>
#include "cupric/ndarray.hpp"
#include "cupric/scalar.hpp"

namespace cupric {

// One argument of a user kernel: an array, or a scalar. A weak scalar (a Python int/float/complex/
// bool) does not decide a generic type when an array or a typed scalar does.
struct KernelArg {
  ndarray array;
  Scalar scalar;
  bool is_array = false;
  bool weak = false;
  static KernelArg of(ndarray a) {
    KernelArg k;
    k.array = std::move(a);
    k.is_array = true;
    return k;
  }
  static KernelArg of(Scalar s, bool weak = false) {
    KernelArg k;
    k.scalar = s;
    k.weak = weak;
    return k;
  }
};

namespace jit {
// A parameter of a kernel signature such as "T x, raw T y, int32 n".
struct ParamInfo {
  std::string name;
  std::string type;  // as written: a dtype name ("float32", "int", ...) or a generic type name ("T")
  bool raw = false;
  bool generic = false;
  DType dtype;  // when not generic
};
std::vector<ParamInfo> parse_params(const std::string& params);  // ValueError on a bad signature
}  // namespace jit

class ElementwiseKernel {
 public:
  ElementwiseKernel(std::string in_params, std::string out_params, std::string operation, std::string name = "kernel",
                    bool reduce_dims = true, std::string preamble = "", bool no_return = false,
                    bool return_tuple = false, std::string loop_prep = "", std::string after_loop = "",
                    std::vector<std::string> options = {});
  // Runs the kernel: `args` are the inputs, optionally followed by all outputs. `size` (>= 0) sets the
  // loop size of a kernel without non-raw array arguments. Returns the outputs.
  std::vector<ndarray> operator()(const std::vector<KernelArg>& args, int64_t size = -1, int block_size = 0) const;
  // The source compiled for these arguments (the same text for both backends; docs and tests).
  std::string generated_source(const std::vector<KernelArg>& args, int64_t size = -1) const;
  const std::vector<jit::ParamInfo>& in_params() const;
  const std::vector<jit::ParamInfo>& out_params() const;
  const std::string& name() const;
  bool no_return() const;
  bool return_tuple() const;

  struct Impl;

 private:
  std::vector<ndarray> run(const std::vector<KernelArg>& args, int64_t size, int block_size,
                           std::string* source_only) const;
  std::shared_ptr<Impl> impl_;
};

class ReductionKernel {
 public:
  ReductionKernel(std::string in_params, std::string out_params, std::string map_expr, std::string reduce_expr,
                  std::string post_map_expr, std::string identity = "", std::string name = "reduce_kernel",
                  std::string reduce_type = "", bool reduce_dims = true, std::string preamble = "",
                  std::vector<std::string> options = {});
  // `axis`: nullopt reduces every axis. Returns the output array.
  ndarray operator()(const std::vector<KernelArg>& args, std::optional<std::vector<int64_t>> axis = std::nullopt,
                     bool keepdims = false, int block_size = 0) const;
  std::string generated_source(const std::vector<KernelArg>& args,
                               std::optional<std::vector<int64_t>> axis = std::nullopt, bool keepdims = false) const;
  const std::vector<jit::ParamInfo>& in_params() const;
  const std::vector<jit::ParamInfo>& out_params() const;
  const std::string& name() const;

  struct Impl;

 private:
  ndarray run(const std::vector<KernelArg>& args, std::optional<std::vector<int64_t>> axis, bool keepdims,
              int block_size, std::string* source_only) const;
  std::shared_ptr<Impl> impl_;
};

}  // namespace cupric
