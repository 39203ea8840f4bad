// The CUDA backend's fused Krylov vector update (Note [Krylov vector updates] in
// src/sparse/linalg/krylov_kernels.hpp): one grid-stride kernel per dtype.
#include <algorithm>
#include "cupric/error.hpp"
#include "runtime/cuda/cuda_launch.cuh"
#include "sparse/linalg/krylov_kernels.hpp"

namespace cupric::sparse::linalg {

namespace {

template <class T>
__global__ void axpby_kernel(int64_t n, const T* an, const T* ad, double as, const T* __restrict__ x, const T* bn,
                             const T* bd, double bs, T* __restrict__ y) {
  const T ca = kcoef(an, ad, as), cb = kcoef(bn, bd, bs);
  const int64_t stride = int64_t(gridDim.x) * blockDim.x;
  if (x) {
    for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < n; i += stride)
      y[i] = kaxpby(ca, x[i], cb, y[i]);
  } else {
    for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < n; i += stride) y[i] = kmul(cb, y[i]);
  }
}

template <class T>
void launch_typed(int64_t n, Coef a, const void* x, Coef b, void* y, const Stream& s) {
  if (n == 0) return;
  const int block = 256;
  const int64_t grid = std::min<int64_t>((n + block - 1) / block, int64_t{1} << 16);
  cupric::cuda::launch<&axpby_kernel<T>>(
      dim3(static_cast<unsigned>(grid)), dim3(block), 0, static_cast<cudaStream_t>(s.handle), n,
      static_cast<const T*>(a.num), static_cast<const T*>(a.den), a.sign, static_cast<const T*>(x),
      static_cast<const T*>(b.num), static_cast<const T*>(b.den), b.sign, static_cast<T*>(y));
}

void axpby(DType t, int64_t n, Coef a, const void* x, Coef b, void* y, const Stream& s) {
  switch (t.type) {
    case ScalarType::Float32: return launch_typed<float>(n, a, x, b, y, s);
    case ScalarType::Float64: return launch_typed<double>(n, a, x, b, y, s);
    case ScalarType::Complex64: return launch_typed<Cx<float>>(n, a, x, b, y, s);
    case ScalarType::Complex128: return launch_typed<Cx<double>>(n, a, x, b, y, s);
    default: throw TypeError("Krylov update: unsupported dtype " + t.name());
  }
}

const KrylovFns kCudaKrylov{&axpby};
const dispatch::Registration reg(krylov_table(), DeviceType::Cuda, &kCudaKrylov);

}  // namespace

}  // namespace cupric::sparse::linalg
