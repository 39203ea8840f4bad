// CUDA loop copying opaque elements of any size (void and structured dtypes), byte by byte.
#include <cstring>
#include "engine/elementwise/cuda/cuda_loops.cuh"
#include "engine/elementwise/op_table.hpp"

namespace cupric {
namespace {

template <class Index>
__global__ void bytes_copy_kernel(Index n, int64_t itemsize, cuda::StridedArgs<2, Index> a) {
  Index tid = static_cast<Index>(blockIdx.x) * blockDim.x + threadIdx.x;
  Index nthreads = static_cast<Index>(gridDim.x) * blockDim.x;
  for (Index i = tid; i < n; i += nthreads) {
    Index off0 = 0, off1 = 0, r = i;
    for (int d = a.ndim - 1; d >= 0; --d) {
      Index idx = r % a.shape[d];
      r /= a.shape[d];
      off0 += idx * a.strides[d][0];
      off1 += idx * a.strides[d][1];
    }
    for (int64_t b = 0; b < itemsize; ++b) a.data[0][off0 + b] = a.data[1][off1 + b];
  }
}

void bytes_copy(const LoopPlan& p, const void* state, const Stream& stream) {
  if (p.numel == 0) return;
  int64_t itemsize;
  std::memcpy(&itemsize, state, sizeof(itemsize));
  const auto a = cuda::strided_args<2, int64_t>(p);
  cuda::launch<&bytes_copy_kernel<int64_t>>(cuda::grid_for(p.numel), cuda::kBlock, 0,
                                            static_cast<cudaStream_t>(stream.handle), p.numel, itemsize, a);
}

const dispatch::Registration register_bytes_copy(bytes_copy_loops(), DeviceType::Cuda, &bytes_copy);

}  // namespace
}  // namespace cupric
