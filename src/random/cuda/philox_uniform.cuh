// The CUDA loop of random() over a contiguous output from the Philox raw stream: one Philox block
// per thread, four words stored at once (Note [Philox contiguous kernel]). CUDA family units only.
#pragma once
#include <algorithm>
#include <cstring>
#include "runtime/cuda/cuda_launch.cuh"
#include "engine/elementwise/cuda/cuda_loops.cuh"
#include "random/draw_kernels.hpp"

namespace cupric::random::cuda_draws {

// Note [Philox contiguous kernel]
// The indexed functor UniformF computes element e's word from its own Philox block, so the four
// elements of a block cost four Philox evaluations. When the output is contiguous and the call's
// first word is block-aligned (offset % 4 == 0, which draws of sizes that are multiples of 4
// keep), thread t evaluates block base/4 + t once and writes its four float32 values (or two
// float64 values) with one vector store. Same words, same values as UniformF: the host loop and
// the other layouts keep using UniformF.
template <class T>
__global__ void __launch_bounds__(256) philox_uniform_kernel(uint64_t seed, uint64_t first_block, T* out, int64_t n) {
  constexpr int kPer = sizeof(T) == 8 ? 2 : 4;  // elements per block
  const int64_t blocks = (n + kPer - 1) / kPer;
  for (int64_t t = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; t < blocks; t += int64_t(gridDim.x) * blockDim.x) {
    Words4 w = philox_curand_block(seed, first_block + static_cast<uint64_t>(t));
    const int64_t e = t * kPer;
    if constexpr (sizeof(T) == 8) {
      double v0 = ((w.w[0] >> 5) * 67108864.0 + (w.w[1] >> 6)) * (1.0 / 9007199254740992.0);
      double v1 = ((w.w[2] >> 5) * 67108864.0 + (w.w[3] >> 6)) * (1.0 / 9007199254740992.0);
      if (e + 2 <= n) {
        *reinterpret_cast<double2*>(out + e) = make_double2(v0, v1);
      } else {
        out[e] = v0;
      }
    } else {
      float v[4];
#pragma unroll
      for (int j = 0; j < 4; ++j) v[j] = static_cast<float>(w.w[j] >> 8) * (1.0f / 16777216.0f);
      if (e + 4 <= n) {
        *reinterpret_cast<float4*>(out + e) = make_float4(v[0], v[1], v[2], v[3]);
      } else {
        for (int j = 0; e + j < n; ++j) out[e + j] = v[j];
      }
    }
  }
}

template <class T>
void philox_uniform_loop(const LoopPlan& p, const void* state, const Stream& stream) {
  PhiloxWords src;
  std::memcpy(&src, state, sizeof(src));
  const uintptr_t addr = reinterpret_cast<uintptr_t>(p.data[0]);
  if (p.numel > 0 && p.contiguous && p.index_base == 0 && (src.base & 3) == 0 && addr % 16 == 0) {
    constexpr int kPer = sizeof(T) == 8 ? 2 : 4;
    const int64_t blocks = (p.numel + kPer - 1) / kPer;
    const int64_t grid = std::min<int64_t>((blocks + 255) / 256, 132 * 32);
    ::cupric::cuda::launch<&philox_uniform_kernel<T>>(dim3(static_cast<unsigned>(grid)), dim3(256), 0,
                                                      static_cast<cudaStream_t>(stream.handle), src.seed, src.base / 4,
                                                      reinterpret_cast<T*>(p.data[0]), p.numel);
    return;
  }
  ::cupric::cuda::indexed_loop<UniformF<T, PhiloxWords>, T>(p, state, stream);
}

}  // namespace cupric::random::cuda_draws
