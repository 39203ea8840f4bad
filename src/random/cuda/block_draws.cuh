// The CUDA loop of the Philox block draws with scalar parameters (Note [Philox block draws] in
// src/random/block_draws.hpp): a thread per Philox block, its values stored with one vector store.
// CUDA family units only.
#pragma once
#include <algorithm>
#include <cstring>
#include "runtime/cuda/cuda_launch.cuh"
#include "cupric/error.hpp"
#include "engine/elementwise/loop_plan.hpp"
#include "engine/reduction/cuda/cuda_reduce.cuh"  // sm_count
#include "random/block_draws.hpp"

namespace cupric::random::cuda_draws {

template <class T, int K>
struct alignas(sizeof(T) * K) Pack {
  T v[K];
};

// Grid-stride over the blocks; Index is int32 when the block count fits (cheaper loop math).
// Aligned: the output is aligned to a whole block's values (fresh arrays are), so each block is
// one vector store; otherwise element stores.
// F::kLayers (the normal ziggurat, Note [Normal ziggurat] in include/cupric/random/ziggurat.hpp):
// each CUDA block first copies the 256 layers into shared memory, where the values' random layer
// indices cost about 6 wavefronts a warp-load (16 through L1 for the same gather from global).
template <class F>
constexpr bool uses_layers() {
  if constexpr (requires { F::kLayers; })
    return F::kLayers;
  else
    return false;
}

template <class F, class Index, bool Aligned>
__global__ void __launch_bounds__(256) block_draw_kernel(F f, typename F::Out* __restrict__ out, int64_t n) {
  using T = typename F::Out;
  constexpr int K = F::per;
  [[maybe_unused]] const ZigLayer<T>* layers = nullptr;
  if constexpr (uses_layers<F>()) {
    __shared__ ZigLayer<T> staged[256];
    const ZigLayer<T>* src = zig_layers<T>();
    for (unsigned i = threadIdx.x; i < 256; i += blockDim.x) staged[i] = src[i];
    __syncthreads();
    layers = staged;
  }
  const Index blocks = static_cast<Index>((n + K - 1) / K);
  const Index whole = static_cast<Index>(n / K);  // blocks whose K values all lie in the output
  for (Index q = blockIdx.x * Index(blockDim.x) + threadIdx.x; q < blocks; q += Index(gridDim.x) * blockDim.x) {
    Pack<T, K> v;
    if constexpr (uses_layers<F>())
      f.block(static_cast<uint64_t>(q), v.v, layers);
    else
      f.block(static_cast<uint64_t>(q), v.v);
    if (Aligned && q < whole) {  // one compare in the loop's index type, not a 64-bit e + K <= n
      reinterpret_cast<Pack<T, K>*>(out)[q] = v;
    } else {
      const int64_t e = static_cast<int64_t>(q) * K;
      for (int j = 0; j < K && e + j < n; ++j) out[e + j] = v.v[j];
    }
  }
}

// The loop of a block functor. Generator's outputs are fresh C-order arrays, and the engine never
// cuts a contiguous CUDA plan (Note [32-bit strided kernels] in
// src/engine/elementwise/elementwise_engine.cpp), so the plan is the whole contiguous output. No
// strided kernels are instantiated for these functors, to keep the module small (see
// Note [Kernel module size] in src/kernels/README.md).
// Blocks of 256 threads of `Kernel` resident on one SM (registers and the staged layers decide).
template <auto Kernel>
int resident_blocks() {
  static const int n = [] {
    int b = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&b, Kernel, 256, 0);
    return b > 0 ? b : 1;
  }();
  return n;
}

// At most 2^16 CUDA blocks of 256 threads: every SM full several times over. A kernel that
// stages the ziggurat's layers runs exactly one wave (the resident blocks of every SM), so the
// copy is made ~1000 times, not 65536 (128 MB of L2 reads for a float32 draw), and no partial
// second wave leaves SMs idle (a fixed 8 blocks an SM was 1.14 waves of the float32 kernel,
// whose 34 registers fit 7).
template <auto Kernel, class F>
void launch_block_draw(const F& f, typename F::Out* out, int64_t numel, int64_t blocks, const Stream& stream) {
  int64_t cap = int64_t{1} << 16;
  if constexpr (uses_layers<F>()) cap = int64_t{resident_blocks<Kernel>()} * ::cupric::cuda::sm_count(stream.device);
  const int64_t grid = std::min<int64_t>((blocks + 255) / 256, cap);
  ::cupric::cuda::launch<Kernel>(dim3(static_cast<unsigned>(grid)), dim3(256), 0,
                                 static_cast<cudaStream_t>(stream.handle), f, out, numel);
}

template <class F>
void block_draw_loop(const LoopPlan& p, const void* state, const Stream& stream) {
  using T = typename F::Out;
  constexpr int K = F::per;
  if (p.numel == 0) return;
  if (!p.contiguous || p.index_base != 0)
    throw RuntimeError("cupric.random: a block draw needs a whole contiguous output (internal error)");
  F f;
  std::memcpy(static_cast<void*>(&f), state, sizeof(F));
  const int64_t blocks = (p.numel + K - 1) / K;
  T* out = reinterpret_cast<T*>(p.data[0]);
  // 32-bit loop indices when the blocks and a grid of at most 2^16 x 256 threads fit.
  const bool small = blocks + (int64_t{1} << 24) < (int64_t{1} << 31);
  if (reinterpret_cast<uintptr_t>(out) % (sizeof(T) * K) != 0)
    launch_block_draw<&block_draw_kernel<F, int64_t, false>>(f, out, p.numel, blocks, stream);
  else if (small)
    launch_block_draw<&block_draw_kernel<F, int32_t, true>>(f, out, p.numel, blocks, stream);
  else
    launch_block_draw<&block_draw_kernel<F, int64_t, true>>(f, out, p.numel, blocks, stream);
}

}  // namespace cupric::random::cuda_draws
