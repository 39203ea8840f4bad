// The segmented reduction of the CUDA sparse backend (SparseFns::segment_reduce in
// src/sparse/sparse_table.hpp): one thread per segment, a grid-stride loop. Segments here are
// runs of duplicates (mostly length 1 or 2), matrix rows and graph neighbourhoods: short, so a
// thread each keeps the loads of neighbouring threads close together without a second pass.
#include <algorithm>
#include <cstdint>
#include <type_traits>
#include "cupric/error.hpp"
#include "runtime/cuda/cuda_launch.cuh"
#include "sparse/cuda/spmv.hpp"

namespace cupric::sparse::cuda {

namespace {

template <class R>
struct Pair {
  R re, im;
};

template <class T>
__device__ __forceinline__ T combine(T a, T b, SegmentOp op) {
  if constexpr (std::is_same_v<T, uint8_t>) {
    return op == SegmentOp::Min ? (a < b ? a : b) : (a > b ? a : b);  // bool: or (Sum, Max), and (Min)
  } else if constexpr (std::is_floating_point_v<T>) {
    if (op == SegmentOp::Sum) return a + b;
    if (a != a || b != b) return a != a ? a : b;  // NaN wins, as numpy.maximum / minimum
    return op == SegmentOp::Min ? (a < b ? a : b) : (a > b ? a : b);
  } else {
    if (op == SegmentOp::Sum) return static_cast<T>(a + b);
    return op == SegmentOp::Min ? (a < b ? a : b) : (a > b ? a : b);
  }
}

template <class R>
__device__ __forceinline__ Pair<R> combine(Pair<R> a, Pair<R> b, SegmentOp) {
  return {a.re + b.re, a.im + b.im};
}

template <class T>
__global__ void segment_kernel(const T* __restrict__ v, int64_t n, const int64_t* __restrict__ starts, int64_t segments,
                               T* __restrict__ out, SegmentOp op) {
  for (int64_t s = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; s < segments; s += int64_t(gridDim.x) * blockDim.x) {
    const int64_t b = starts[s], e = s + 1 < segments ? starts[s + 1] : n;
    T acc = v[b];
    for (int64_t k = b + 1; k < e; ++k) acc = combine(acc, v[k], op);
    out[s] = acc;
  }
}

template <class T>
void launch_segments(const SegmentReduce& p) {
  const int block = 256;
  const int64_t grid = std::min<int64_t>((p.segments + block - 1) / block, int64_t{1} << 20);
  cupric::cuda::launch<&segment_kernel<T>>(dim3(static_cast<unsigned>(grid)), dim3(block), 0,
                                           static_cast<cudaStream_t>(p.stream.handle), static_cast<const T*>(p.values),
                                           p.n, p.starts, p.segments, static_cast<T*>(p.out), p.op);
}

}  // namespace

void segment_reduce(const SegmentReduce& p) {
  if (p.dtype.is_complex() && p.op != SegmentOp::Sum) throw TypeError("sparse min/max: complex values have no order");
  switch (p.dtype.type) {
    case ScalarType::Bool: return launch_segments<uint8_t>(p);
    case ScalarType::Int8: return launch_segments<int8_t>(p);
    case ScalarType::Int64: return launch_segments<int64_t>(p);
    case ScalarType::Float32: return launch_segments<float>(p);
    case ScalarType::Float64: return launch_segments<double>(p);
    case ScalarType::Complex64: return launch_segments<Pair<float>>(p);
    case ScalarType::Complex128: return launch_segments<Pair<double>>(p);
    default: throw TypeError("sparse segmented reductions: unsupported dtype " + p.dtype.name());
  }
}

}  // namespace cupric::sparse::cuda
