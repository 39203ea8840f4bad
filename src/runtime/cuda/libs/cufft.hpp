// cuFFT through dlopen: entry points resolved at first use, plans with caller-provided work areas
// from cupric's pool, bound to the current stream (Note [cuFFT plans] in cufft.cpp). CUDA builds only.
#pragma once
#include <cuda_runtime.h>
#include <cufft.h>
#include <cufftXt.h>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>
#include "cupric/memory.hpp"
#include "runtime/cuda/libs/library.hpp"

namespace cupric::cufft {

// The entry points cupric calls, resolved together when first needed: X(field of Api, cuFFT
// symbol) (CUPRIC_LIBRARY_API_FIELD in library.hpp). The last six serve multi-GPU transforms
// (Note [Multi-GPU FFT] in cufft.cpp).
#define CUPRIC_CUFFT_API(X)                      \
  X(create, cufftCreate)                         \
  X(destroy, cufftDestroy)                       \
  X(set_auto_allocation, cufftSetAutoAllocation) \
  X(make_plan_many64, cufftMakePlanMany64)       \
  X(set_work_area, cufftSetWorkArea)             \
  X(set_stream, cufftSetStream)                  \
  X(exec_c2c, cufftExecC2C)                      \
  X(exec_z2z, cufftExecZ2Z)                      \
  X(exec_r2c, cufftExecR2C)                      \
  X(exec_d2z, cufftExecD2Z)                      \
  X(exec_c2r, cufftExecC2R)                      \
  X(exec_z2d, cufftExecZ2D)                      \
  X(get_version, cufftGetVersion)                \
  X(make_plan1d, cufftMakePlan1d)                \
  X(xt_set_gpus, cufftXtSetGPUs)                 \
  X(xt_malloc, cufftXtMalloc)                    \
  X(xt_memcpy, cufftXtMemcpy)                    \
  X(xt_free, cufftXtFree)                        \
  X(xt_exec_descriptor, cufftXtExecDescriptor)
struct Api {
  CUPRIC_CUFFT_API(CUPRIC_LIBRARY_API_FIELD)
};

// A callback for a plan: LTO-IR, its symbol name, the type and the caller_info device pointer.
struct JitCallback {
  const std::string* lto = nullptr;
  const std::string* name = nullptr;
  cufftXtCallbackType type = CUFFT_CB_UNDEFINED;
  void* data = nullptr;
};

// Loads libcufft on the first call (find_library("cufft"), Note [Library search order]);
// RuntimeError naming `pip install nvidia-cufft` when it is missing.
const Api& api();

// Throws RuntimeError("cuFFT error CUFFT_...: <what>") unless `r` is CUFFT_SUCCESS.
void check(cufftResult r, const char* what);

// One cuFFT plan: a batched transform of `rank` dimensions `n` over packed rows (Note [cuFFT plans]).
class Plan {
 public:
  // `callbacks` (up to two: load and store) are attached before planning (Note [cuFFT callbacks]
  // in src/fft/callbacks.cpp).
  Plan(int rank, const long long* n, cufftType type, long long batch, const std::vector<JitCallback>& callbacks = {});
  ~Plan();
  Plan(const Plan&) = delete;
  Plan& operator=(const Plan&) = delete;
  // The handle bound to `stream` with a work area of that stream's order (one compare when unchanged).
  cufftHandle bind(cudaStream_t stream);
  size_t work_bytes() const { return work_bytes_; }
  cufftType type() const { return type_; }

 private:
  cufftHandle h_ = 0;
  cufftType type_;
  size_t work_bytes_ = 0;
  cudaStream_t bound_ = nullptr;
  bool has_bound_ = false;
  struct Work {
    cudaStream_t stream;
    std::shared_ptr<Memory> mem;
  };
  std::vector<Work> work_;  // per stream, most recently used last (Note [cuFFT plans])
};

// One 1-D complex-to-complex transform (C2C or Z2Z) of length n, `batch` of them, spread over
// `gpus` by cuFFT (Note [Multi-GPU FFT] in cufft.cpp). Holds its multi-GPU buffers.
class MultiGpuPlan {
 public:
  MultiGpuPlan(const std::vector<int>& gpus, long long n, cufftType type, long long batch);
  ~MultiGpuPlan();
  MultiGpuPlan(const MultiGpuPlan&) = delete;
  MultiGpuPlan& operator=(const MultiGpuPlan&) = delete;
  // Transforms `in` into `out` (rows in natural order, device memory of any GPU); waits for
  // `stream` first and returns when the result is in `out`.
  void exec(const void* in, void* out, bool forward, cudaStream_t stream);
  // The work areas and buffers it holds on all its GPUs.
  size_t bytes() const { return bytes_; }

 private:
  cufftHandle h_ = 0;
  cufftType type_;
  std::vector<int> gpus_;
  size_t total_ = 0;  // bytes of one input (= one output)
  size_t bytes_ = 0;
  cudaLibXtDesc* data_ = nullptr;     // the transform runs in place here
  cudaLibXtDesc* natural_ = nullptr;  // a shuffled result is reordered into this one
  void release();
};

}  // namespace cupric::cufft
