// cupric's own product loops on the GPU (src/linalg/cuda/loop_gemm.hpp): one thread per output
// element, any element strides (Note [GEMM layout] in src/linalg/products/gemm_plan.cpp). Integer
// products are NumPy's arithmetic (wrap-around sums in the operand type, bool as an or of ands);
// tiny floating products accumulate in float32 (float64 for float64) (Note [Tiny GEMMs]). Neither
// is a tuned kernel: large floating products go to cuBLAS.
#include <algorithm>
#include <cstdint>
#include <type_traits>
#include "cupric/error.hpp"
#include "cupric/half.hpp"
#include "linalg/cuda/loop_gemm.hpp"
#include "runtime/cuda/cuda_launch.cuh"

namespace cupric::linalg::cuda {

namespace {

struct Strides3 {
  int64_t b, r, c;
};

template <class T>
__global__ void loop_gemm_kernel(const T* __restrict__ A, const T* __restrict__ B, T* __restrict__ C, int64_t m,
                                 int64_t n, int64_t k, int64_t batch, Strides3 sa, Strides3 sb, Strides3 sc) {
  const int64_t total = m * n * batch;
  for (int64_t t = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; t < total; t += int64_t(gridDim.x) * blockDim.x) {
    const int64_t j = t % n, i = (t / n) % m, p = t / (n * m);
    const T* a = A + p * sa.b + i * sa.r;
    const T* b = B + p * sb.b + j * sb.c;
    if constexpr (!std::is_integral_v<T>) {
      using Acc = std::conditional_t<std::is_same_v<T, double>, double, float>;
      Acc acc = 0;
      for (int64_t q = 0; q < k; ++q) acc += static_cast<Acc>(a[q * sa.c]) * static_cast<Acc>(b[q * sb.r]);
      C[p * sc.b + i * sc.r + j * sc.c] = T(acc);
    } else if constexpr (std::is_same_v<T, bool>) {
      bool acc = false;
      for (int64_t q = 0; q < k && !acc; ++q) acc = a[q * sa.c] && b[q * sb.r];
      C[p * sc.b + i * sc.r + j * sc.c] = acc;
    } else {
      using U = std::conditional_t<(sizeof(T) < 4), uint32_t, std::make_unsigned_t<T>>;
      U acc = 0;
      for (int64_t q = 0; q < k; ++q) acc += static_cast<U>(static_cast<U>(a[q * sa.c]) * static_cast<U>(b[q * sb.r]));
      C[p * sc.b + i * sc.r + j * sc.c] = static_cast<T>(acc);
    }
  }
}

template <class T>
void launch_typed(const LoopGemm& g) {
  const int64_t total = g.m * g.n * g.batch;
  const int block = 256;
  const int64_t grid = std::min<int64_t>((total + block - 1) / block, int64_t{1} << 16);
  cupric::cuda::launch<&loop_gemm_kernel<T>>(
      dim3(static_cast<unsigned>(grid)), dim3(block), 0, static_cast<cudaStream_t>(g.stream.handle),
      static_cast<const T*>(g.a), static_cast<const T*>(g.b), static_cast<T*>(g.c), g.m, g.n, g.k, g.batch,
      Strides3{g.sa[0], g.sa[1], g.sa[2]}, Strides3{g.sb[0], g.sb[1], g.sb[2]}, Strides3{g.sc[0], g.sc[1], g.sc[2]});
}

}  // namespace

void loop_gemm(const LoopGemm& g) {
  switch (g.dtype.type) {
    case ScalarType::Bool: return launch_typed<bool>(g);
    case ScalarType::Int8: return launch_typed<int8_t>(g);
    case ScalarType::UInt8: return launch_typed<uint8_t>(g);
    case ScalarType::Int16: return launch_typed<int16_t>(g);
    case ScalarType::UInt16: return launch_typed<uint16_t>(g);
    case ScalarType::Int32: return launch_typed<int32_t>(g);
    case ScalarType::UInt32: return launch_typed<uint32_t>(g);
    case ScalarType::Int64: return launch_typed<int64_t>(g);
    case ScalarType::UInt64: return launch_typed<uint64_t>(g);
    default: throw TypeError("matmul: no integer product for dtype " + g.dtype.name());
  }
}

void tiny_gemm(const LoopGemm& g) {
  switch (g.dtype.type) {
    case ScalarType::Float16: return launch_typed<float16>(g);
    case ScalarType::BFloat16: return launch_typed<bfloat16>(g);
    case ScalarType::Float32: return launch_typed<float>(g);
    case ScalarType::Float64: return launch_typed<double>(g);
    default: throw TypeError("matmul: no small-product loop for dtype " + g.dtype.name());
  }
}

}  // namespace cupric::linalg::cuda
