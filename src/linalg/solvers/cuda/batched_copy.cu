// Small kernels around the batched cuSOLVER calls (batched_copy.hpp): one thread per element of
// the result; none of this is on a hot path worth tuning (the factorisations dominate).
#include "linalg/solvers/cuda/batched_copy.hpp"
#include <algorithm>
#include "cupric/complex.hpp"
#include "cupric/error.hpp"
#include "runtime/cuda/cuda_launch.cuh"

namespace cupric::linalg::cuda {
namespace {

template <class T> __device__ T conj_of(T v) { return v; }
template <class R> __device__ complex<R> conj_of(complex<R> v) { return {v.re, -v.im}; }

template <class T>
__global__ void copy_kernel(char op, int64_t rows, int64_t cols, int64_t total, const T* src, int64_t sld,
                            int64_t sstride, T* dst, int64_t dld, int64_t dstride) {
  for (int64_t e = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; e < total; e += int64_t(gridDim.x) * blockDim.x) {
    const int64_t i = e % rows, j = (e / rows) % cols, b = e / (rows * cols);
    const T* s = src + b * sstride;
    const T v = op == 'N' ? s[i + j * sld] : s[j + i * sld];
    dst[b * dstride + i + j * dld] = op == 'C' ? conj_of(v) : v;
  }
}

// One thread per (matrix, row): the row's walk over the columns finds the pairs.
template <class R>
__global__ void unpack_kernel(int64_t n, int64_t batch, const R* vr, const complex<R>* w, complex<R>* v) {
  for (int64_t e = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; e < n * batch;
       e += int64_t(gridDim.x) * blockDim.x) {
    const int64_t i = e % n, b = e / n;
    const R* src = vr + b * n * n;
    const complex<R>* wb = w + b * n;
    complex<R>* dst = v + b * n * n;
    for (int64_t j = 0; j < n; ++j) {
      if (wb[j].im != R(0) && j + 1 < n) {
        const R re = src[i + j * n], im = src[i + (j + 1) * n];
        dst[i + j * n] = {re, im};
        dst[i + (j + 1) * n] = {re, -im};
        ++j;
      } else {
        dst[i + j * n] = {src[i + j * n], R(0)};
      }
    }
  }
}

dim3 grid_for(int64_t total, int block) {
  return dim3(static_cast<unsigned>(std::clamp<int64_t>((total + block - 1) / block, 1, int64_t{1} << 16)));
}

template <class T>
void copy_typed(char op, int64_t rows, int64_t cols, int64_t batch, ColStack src, ColStack dst, cudaStream_t s) {
  const int64_t total = rows * cols * batch;
  if (total == 0) return;
  cupric::cuda::launch<&copy_kernel<T>>(grid_for(total, 256), dim3(256), 0, s, op, rows, cols, total,
                                        static_cast<const T*>(src.data), src.ld, src.stride, static_cast<T*>(dst.data),
                                        dst.ld, dst.stride);
}

}  // namespace

void batched_copy(DType t, char op, int64_t rows, int64_t cols, int64_t batch, ColStack src, ColStack dst,
                  cudaStream_t stream) {
  switch (t.type) {
    case ScalarType::Float32: return copy_typed<float>(op, rows, cols, batch, src, dst, stream);
    case ScalarType::Float64: return copy_typed<double>(op, rows, cols, batch, src, dst, stream);
    case ScalarType::Complex64: return copy_typed<complex64>(op, rows, cols, batch, src, dst, stream);
    case ScalarType::Complex128: return copy_typed<complex128>(op, rows, cols, batch, src, dst, stream);
    default: throw TypeError("internal error: batched_copy of " + t.name());
  }
}

void unpack_real_eigenvectors(DType t, int64_t n, int64_t batch, const void* vr, const void* w, void* v,
                              cudaStream_t stream) {
  const int64_t total = n * batch;
  if (total == 0) return;
  if (t == dtypes::float32)
    cupric::cuda::launch<&unpack_kernel<float>>(grid_for(total, 256), dim3(256), 0, stream, n, batch,
                                                static_cast<const float*>(vr), static_cast<const complex64*>(w),
                                                static_cast<complex64*>(v));
  else if (t == dtypes::float64)
    cupric::cuda::launch<&unpack_kernel<double>>(grid_for(total, 256), dim3(256), 0, stream, n, batch,
                                                 static_cast<const double*>(vr), static_cast<const complex128*>(w),
                                                 static_cast<complex128*>(v));
  else
    throw TypeError("internal error: unpack_real_eigenvectors of " + t.name());
}

}  // namespace cupric::linalg::cuda
