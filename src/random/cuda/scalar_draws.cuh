// The CUDA loop of the registry's draws with scalar parameters (Note [Scalar-parameter draws] in
// src/random/scalar_draws.hpp): the parameters in the functor, the contiguous output the only
// operand, a grid-stride loop with 32-bit indices. CUDA family units only.
#pragma once
#include <cuda_runtime.h>
#include <algorithm>
#include <cstring>
#include "cupric/error.hpp"
#include "engine/elementwise/loop_plan.hpp"
#include "random/scalar_draws.hpp"
#include "engine/elementwise/cuda/cuda_loops.cuh"
#include "runtime/cuda/cuda_launch.cuh"

namespace cupric::random::cuda_scalar {

inline constexpr int kScalarDrawThreads = 256;

// Element i of the draw to out[i], with 32-bit indices: element indices with a known zero high
// word (Philox's counter word 2 a constant). Generator::draw sends bigger draws (more than
// kScalarDrawMax values) to the array-parameter loop, so this is the only instantiation.
template <class F>
__global__ void __launch_bounds__(kScalarDrawThreads)
    scalar_draw_kernel(F f, typename F::Out* __restrict__ out, uint32_t n) {
  const uint32_t stride = gridDim.x * kScalarDrawThreads;
  for (uint32_t i = blockIdx.x * kScalarDrawThreads + threadIdx.x; i < n; i += stride)
    out[i] = f(static_cast<int64_t>(i));
}

template <class F>
void scalar_draw_run(const LoopPlan& p, const F& f, const Stream& stream) {
  constexpr auto kernel = &scalar_draw_kernel<F>;
  // A thread draws several elements (Note [Uneven elementwise work] in
  // src/engine/elementwise/cuda/cuda_loops.cuh), so the sampler's loop-invariant work (gamma's d
  // and c of a scalar shape) is done once for them too.
  const int64_t grid = ::cupric::cuda::resident_grid<kernel>(p.numel, kScalarDrawThreads, ::cupric::cuda::kUnevenWaves);
  if (p.index_base != 0 || p.numel + grid * kScalarDrawThreads >= (int64_t{1} << 32))
    throw RuntimeError("cupric.random: a scalar-parameter draw needs 32-bit indices (internal error)");
  ::cupric::cuda::launch<kernel>(dim3(static_cast<unsigned>(grid)), dim3(kScalarDrawThreads), 0,
                                 static_cast<cudaStream_t>(stream.handle), f,
                                 reinterpret_cast<typename F::Out*>(p.data[0]), static_cast<uint32_t>(p.numel));
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
