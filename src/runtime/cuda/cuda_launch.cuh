// Launching cupric's built-in kernels through the driver (CUDA kernel-family units only).
//
// Note [Driver launches]
// cupric's own kernels (elementwise, reductions, scans, indexing, masks, sort keys, copies) are
// launched with cuLaunchKernel on a function handle looked up once per kernel and context, not
// with `<<<>>>` (cudaLaunchKernel; CUB's sorts and scans still launch that way inside CUB). The runtime's
// launch finds the function from the host stub again on every call; on the lent H200 machines
// that costs 0.1-0.9 us more per launch than the driver's launch of the same kernel
// (bench/launch_floor.cu, "runtime vs driver launch"), a tenth to a fifth of a small op's host time.
//
// launch<&kernel<...>>(grid, block, smem, stream, args...) converts each argument to the kernel's
// parameter type (as `<<<>>>` does) and hands cuLaunchKernel their addresses. Each kernel keeps
// the handles it has in a few (context, function) slots (kernel_slots<K>); the hot path is one
// cuCtxGetCurrent and a compare. The first launch in a context looks the function up with
// cudaGetFuncBySymbol (which loads the kernel's module if lazy loading has not yet) under a mutex,
// making the current device's primary context current first if this thread has none (as the
// runtime's own launch would). Stream handles mean the same in both APIs (null: the legacy
// default stream; 2: the per-thread default stream), and a capturing stream captures a driver
// launch as it does a runtime one. A failed launch throws CudaError with the driver's error name;
// there is no sticky runtime error to read afterwards.
#pragma once
#include <cuda_runtime.h>
#include <atomic>
#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

namespace cupric::cuda {

struct KernelSlots {
  static constexpr int kSlots = 8;  // contexts (devices) remembered per kernel; more are looked up each time
  std::atomic<void*> ctx[kSlots];
  void* fn[kSlots];
};

template <auto Kernel>
inline KernelSlots kernel_slots{};

// The driver entry points the launch path needs (resolved once through the runtime, no libcuda link).
struct LaunchDriver {
  int (*ctx_get_current)(void** ctx);
  int (*launch)(void* fn, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz, unsigned smem,
                void* stream, void** params, void** extra);
};
const LaunchDriver& launch_driver();

// The function of kernel `stub` in the current context, looked up and remembered in `slots`.
void* kernel_function_slow(KernelSlots& slots, const void* stub);
// Throws CudaError for a failed cuLaunchKernel.
[[noreturn]] void launch_failed(int rc);

inline void* kernel_function(const LaunchDriver& d, KernelSlots& slots, const void* stub) {
  void* ctx = nullptr;
  d.ctx_get_current(&ctx);
  if (ctx) {
    for (int i = 0; i < KernelSlots::kSlots; ++i) {
      void* c = slots.ctx[i].load(std::memory_order_acquire);
      if (c == ctx) return slots.fn[i];
      if (!c) break;
    }
  }
  return kernel_function_slow(slots, stub);
}

template <auto Kernel, class... P, class... A>
void launch_as(void (*)(P...), dim3 grid, dim3 block, size_t smem, cudaStream_t s, A&&... a) {
  static_assert(sizeof...(P) == sizeof...(A), "launch: argument count differs from the kernel's parameters");
  std::tuple<std::remove_cv_t<std::remove_reference_t<P>>...> vals(std::forward<A>(a)...);
  void* params[sizeof...(P) ? sizeof...(P) : 1];
  std::apply(
      [&](auto&... v) {
        int i = 0;
        ((params[i++] = static_cast<void*>(&v)), ...);
      },
      vals);
  const LaunchDriver& d = launch_driver();
  const void* stub = reinterpret_cast<const void*>(Kernel);
  void* fn = kernel_function(d, kernel_slots<Kernel>, stub);
  if (int rc = d.launch(fn, grid.x, grid.y, grid.z, block.x, block.y, block.z, static_cast<unsigned>(smem), s, params,
                        nullptr))
    launch_failed(rc);
}

// Launches `Kernel` (a __global__ function, or an instantiation of one) as
// `Kernel<<<grid, block, smem, s>>>(a...)` would, through the driver (Note [Driver launches]).
template <auto Kernel, class... A>
void launch(dim3 grid, dim3 block, size_t smem, cudaStream_t s, A&&... a) {
  launch_as<Kernel>(Kernel, grid, block, smem, s, std::forward<A>(a)...);
}

}  // namespace cupric::cuda
