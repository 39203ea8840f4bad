// bincount's CUDA loop: one atomic add per element (kernels/bincount.hpp).
#include <cuda_runtime.h>
#include "kernels/bincount.hpp"
#include "runtime/cuda/cuda_launch.cuh"
#include "runtime/cuda/cuda_check.hpp"

namespace cupric {
namespace {

__global__ void bincount_kernel(const int64_t* x, const double* w, int64_t n, void* out) {
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += static_cast<int64_t>(gridDim.x) * blockDim.x) {
    if (w)
      atomicAdd(static_cast<double*>(out) + x[i], w[i]);
    else
      atomicAdd(static_cast<unsigned long long*>(out) + x[i], 1ull);
  }
}

void cuda_bincount(const int64_t* x, const double* w, int64_t n, void* out, const Stream& stream) {
  if (n == 0) return;
  int64_t blocks = (n + 255) / 256;
  if (blocks > 65536) blocks = 65536;
  cuda::launch<&bincount_kernel>(static_cast<unsigned>(blocks), 256, 0, static_cast<cudaStream_t>(stream.handle), x, w,
                                 n, out);
}

const dispatch::Registration register_bincount(bincount_loops(), DeviceType::Cuda, &cuda_bincount);

}  // namespace
}  // namespace cupric
