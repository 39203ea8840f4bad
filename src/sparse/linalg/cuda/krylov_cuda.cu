// The CUDA backend's fused Krylov vector updates and dot products (Note [Krylov vector updates]
// in src/sparse/linalg/krylov_kernels.hpp): grid-stride kernels per dtype, dot products in two
// fixed-order steps (per-block partial sums, then one block).
#include <algorithm>
#include "cupric/error.hpp"
#include "runtime/cuda/cuda_launch.cuh"
#include "sparse/linalg/krylov_kernels.hpp"

namespace cupric::sparse::linalg {

namespace {

constexpr int kBlock = 256;

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

// The block's sum of `v` (one value per thread) in thread 0.
template <class A>
__device__ A block_sum(A v) {
  __shared__ A shared[kBlock];
  shared[threadIdx.x] = v;
  __syncthreads();
  for (int s = kBlock / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) shared[threadIdx.x] = kadd(shared[threadIdx.x], shared[threadIdx.x + s]);
    __syncthreads();
  }
  return shared[0];
}

// Partial sums of conj(x) * y (x non-null) or, after y = a x' + b y with x' = ux, of |y|^2.
template <class T, bool Update>
__global__ void partial_kernel(int64_t n, const T* __restrict__ x, const T* __restrict__ ux, const T* an, const T* ad,
                               double as, const T* bn, const T* bd, double bs, T* __restrict__ y,
                               typename KAcc<T>::type* __restrict__ work) {
  using A = KAcc<T>;
  typename A::type acc = A::zero();
  const int64_t stride = int64_t(gridDim.x) * blockDim.x;
  if constexpr (Update) {
    const T ca = kcoef(an, ad, as), cb = kcoef(bn, bd, bs);
    for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < n; i += stride) {
      const T v = ux ? kaxpby(ca, ux[i], cb, y[i]) : kmul(cb, y[i]);
      y[i] = v;
      acc = kadd(acc, A::norm2(v));
    }
  } else {
    for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < n; i += stride)
      acc = kadd(acc, A::dot(x[i], y[i]));
  }
  const typename A::type s = block_sum(acc);
  if (threadIdx.x == 0) work[blockIdx.x] = s;
}

template <class T>
__global__ void final_kernel(int64_t parts, const typename KAcc<T>::type* __restrict__ work, T* out) {
  using A = KAcc<T>;
  typename A::type acc = A::zero();
  for (int64_t i = threadIdx.x; i < parts; i += blockDim.x) acc = kadd(acc, work[i]);
  const typename A::type s = block_sum(acc);
  if (threadIdx.x == 0) *out = A::round(s);
}

int64_t grid_for(int64_t n, int64_t cap) {
  return std::max<int64_t>(1, std::min<int64_t>((n + kBlock - 1) / kBlock, cap));
}

template <class T>
void axpby_typed(int64_t n, Coef a, const void* x, Coef b, void* y, const Stream& s) {
  if (n == 0) return;
  cupric::cuda::launch<&axpby_kernel<T>>(
      dim3(static_cast<unsigned>(grid_for(n, int64_t{1} << 16))), dim3(kBlock), 0, static_cast<cudaStream_t>(s.handle),
      n, static_cast<const T*>(a.num), static_cast<const T*>(a.den), a.sign, static_cast<const T*>(x),
      static_cast<const T*>(b.num), static_cast<const T*>(b.den), b.sign, static_cast<T*>(y));
}

template <class T, bool Update>
void reduce_typed(int64_t n, const void* x, Coef a, const void* ux, Coef b, void* y, void* out, void* work,
                  const Stream& s) {
  using Acc = typename KAcc<T>::type;
  const auto stream = static_cast<cudaStream_t>(s.handle);
  const int64_t grid = grid_for(n, kDotBlocks);
  cupric::cuda::launch<&partial_kernel<T, Update>>(
      dim3(static_cast<unsigned>(grid)), dim3(kBlock), 0, stream, n, static_cast<const T*>(x),
      static_cast<const T*>(ux), static_cast<const T*>(a.num), static_cast<const T*>(a.den), a.sign,
      static_cast<const T*>(b.num), static_cast<const T*>(b.den), b.sign, static_cast<T*>(y), static_cast<Acc*>(work));
  cupric::cuda::launch<&final_kernel<T>>(dim3(1), dim3(kBlock), 0, stream, grid, static_cast<const Acc*>(work),
                                         static_cast<T*>(out));
}

void axpby(DType t, int64_t n, Coef a, const void* x, Coef b, void* y, const Stream& s) {
  by_krylov_dtype(t, [&]<class T>() { axpby_typed<T>(n, a, x, b, y, s); });
}

void dotc(DType t, int64_t n, const void* x, const void* y, void* out, void* work, const Stream& s) {
  by_krylov_dtype(
      t, [&]<class T>() { reduce_typed<T, false>(n, x, Coef{}, nullptr, Coef{}, const_cast<void*>(y), out, work, s); });
}

void axpby_norm2(DType t, int64_t n, Coef a, const void* x, Coef b, void* y, void* out, void* work, const Stream& s) {
  by_krylov_dtype(t, [&]<class T>() { reduce_typed<T, true>(n, nullptr, a, x, b, y, out, work, s); });
}

const KrylovFns kCudaKrylov{&axpby, &dotc, &axpby_norm2};
const dispatch::Registration reg(krylov_table(), DeviceType::Cuda, &kCudaKrylov);

}  // namespace

}  // namespace cupric::sparse::linalg
