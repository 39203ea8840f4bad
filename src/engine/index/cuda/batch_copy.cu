// CUDA batched copy (kernels/index_kernels.hpp): the contiguous inputs of concatenate in one
// launch instead of one copy (and one launch gap and tail) per input.
//
// Note [Batched copy]
// blockIdx.y picks the segment, blockIdx.x grid-strides over it. Each segment moves in the widest
// unit (16, 8, 4 or 1 bytes) that its source and destination addresses are both aligned to,
// four units in flight per thread, and its last bytes % unit bytes one by one. Segments of
// different sizes share one grid: the blocks of a short segment just finish early.
#include <cstdint>
#include "engine/elementwise/cuda/cuda_loops.cuh"
#include "engine/index/index_kernels.hpp"

namespace cupric {
namespace {

template <class V>
__device__ __forceinline__ void copy_units(const char* __restrict__ s, char* __restrict__ d, int64_t bytes) {
  const int64_t units = bytes / static_cast<int64_t>(sizeof(V));
  const V* sv = reinterpret_cast<const V*>(s);
  V* dv = reinterpret_cast<V*>(d);
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  const int64_t tid = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  int64_t i = tid;
  for (; i + 3 * stride < units; i += 4 * stride) {
    V a0 = sv[i], a1 = sv[i + stride], a2 = sv[i + 2 * stride], a3 = sv[i + 3 * stride];
    dv[i] = a0;
    dv[i + stride] = a1;
    dv[i + 2 * stride] = a2;
    dv[i + 3 * stride] = a3;
  }
  for (; i < units; i += stride) dv[i] = sv[i];
  // The last bytes % sizeof(V) bytes (fewer than 16): one per thread of the first block.
  const int64_t t = units * static_cast<int64_t>(sizeof(V)) + tid;
  if (t < bytes) d[t] = s[t];
}

__global__ void __launch_bounds__(cuda::kBlock) batch_copy_kernel(char* dst, CopyBatch b) {
  const CopySegment& sg = b.seg[blockIdx.y];
  const char* s = sg.src;
  char* d = dst + sg.dst_offset;
  const uintptr_t al = reinterpret_cast<uintptr_t>(s) | reinterpret_cast<uintptr_t>(d);
  if (al % 16 == 0)
    copy_units<uint4>(s, d, sg.bytes);
  else if (al % 8 == 0)
    copy_units<uint2>(s, d, sg.bytes);
  else if (al % 4 == 0)
    copy_units<uint32_t>(s, d, sg.bytes);
  else
    copy_units<uint8_t>(s, d, sg.bytes);
}

void batch_copy(char* dst, const CopyBatch& b, const Stream& stream) {
  if (b.count <= 0) return;
  int64_t most = 0;
  for (int k = 0; k < b.count; ++k) most = b.seg[k].bytes > most ? b.seg[k].bytes : most;
  if (most == 0) return;
  // Enough blocks for four 16-byte units per thread of the biggest segment; grid-stride beyond.
  int64_t blocks = (most + 16 * 4 * cuda::kBlock - 1) / (16 * 4 * cuda::kBlock);
  if (blocks > (int64_t{1} << 16)) blocks = int64_t{1} << 16;
  dim3 grid(static_cast<unsigned>(blocks), static_cast<unsigned>(b.count));
  cuda::launch<&batch_copy_kernel>(grid, cuda::kBlock, 0, static_cast<cudaStream_t>(stream.handle), dst, b);
}

const dispatch::Registration register_batch_copy(batch_copy_fns(), DeviceType::Cuda, &batch_copy);

}  // namespace
}  // namespace cupric
