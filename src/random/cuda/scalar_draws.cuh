// The CUDA loop of the registry's draws with scalar parameters (Note [Scalar-parameter draws] in
// src/random/scalar_draws.hpp): the parameters in the functor, the contiguous output the only
// operand, a grid-stride loop with 32-bit indices where they fit. CUDA family units only.
#pragma once
#include <cuda_runtime.h>
#include <algorithm>
#include <cstring>
#include "cupric/error.hpp"
#include "engine/elementwise/loop_plan.hpp"
#include "random/scalar_draws.hpp"
#include "runtime/cuda/cuda_launch.cuh"

namespace cupric::random::cuda_scalar {

inline constexpr int kScalarDrawThreads = 256;

// Element base + i of the draw to out[i]. Index uint32 (base 0, n + the grid's threads < 2^31):
// element indices with a known zero high word (Philox's counter word 2 a constant).
template <class F, class Index>
__global__ void __launch_bounds__(kScalarDrawThreads)
    scalar_draw_kernel(F f, typename F::Out* __restrict__ out, Index n, int64_t base) {
  const Index stride = Index(gridDim.x) * kScalarDrawThreads;
  for (Index i = blockIdx.x * Index(kScalarDrawThreads) + threadIdx.x; i < n; i += stride) {
    if constexpr (sizeof(Index) == 4)
      out[i] = f(static_cast<int64_t>(i));
    else
      out[i] = f(base + static_cast<int64_t>(i));
  }
}

// The grid: four waves of the CTAs resident on the device (cudaOccupancyMaxActiveBlocksPerMultiprocessor:
// the kernel's registers decide), fewer for a small draw. A thread then draws several elements,
// so the sampler's loop-invariant work (gamma's d and c of a scalar shape) is done once for them,
// and a slow element (a rejection sampler's long loop) delays only its own thread's later ones.
template <auto Kernel>
int64_t scalar_draw_grid(int64_t n) {
  static int per_sm = [] {
    int b = 0;
    if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&b, Kernel, kScalarDrawThreads, 0) != cudaSuccess || b <= 0)
      b = 1;
    return b;
  }();
  int dev = 0, sms = 0;
  cudaGetDevice(&dev);
  if (cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev) != cudaSuccess || sms <= 0) sms = 1;
  const int64_t need = (n + kScalarDrawThreads - 1) / kScalarDrawThreads;
  return std::max<int64_t>(1, std::min<int64_t>(need, int64_t{4} * per_sm * sms));
}

template <class F>
void scalar_draw_run(const LoopPlan& p, const F& f, const Stream& stream) {
  using T = typename F::Out;
  auto s = static_cast<cudaStream_t>(stream.handle);
  T* out = reinterpret_cast<T*>(p.data[0]);
  const dim3 b(kScalarDrawThreads);
  constexpr auto k32 = &scalar_draw_kernel<F, uint32_t>;
  constexpr auto k64 = &scalar_draw_kernel<F, int64_t>;
  const int64_t grid32 = scalar_draw_grid<k32>(p.numel);
  if (p.index_base == 0 && p.numel + grid32 * kScalarDrawThreads < (int64_t{1} << 31)) {
    ::cupric::cuda::launch<k32>(dim3(static_cast<unsigned>(grid32)), b, 0, s, f, out, static_cast<uint32_t>(p.numel),
                                int64_t{0});
  } else {
    const int64_t grid = scalar_draw_grid<k64>(p.numel);
    ::cupric::cuda::launch<k64>(dim3(static_cast<unsigned>(grid)), b, 0, s, f, out, p.numel, p.index_base);
  }
}

// The loop of ScalarDrawF<T, S>: the kernel of the call's variant (Note [Sampler variants] in
// include/cupric/random/distributions/registry_samplers.hpp).
template <class F>
void scalar_draw_loop(const LoopPlan& p, const void* state, const Stream& stream) {
  if (p.numel == 0) return;
  if (!p.contiguous)
    throw RuntimeError("cupric.random: a scalar-parameter draw needs a contiguous output (internal error)");
  with_variant(F::of(state), [&](const auto& f) { scalar_draw_run(p, f, stream); });
}

}  // namespace cupric::random::cuda_scalar
