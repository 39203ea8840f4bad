// The floor under cupric's CSR SpMV figures (bench/cases.py's sp_spmv_* cases: 2^24 rows x 16
// nonzeros, float32 and float64, int32 indices): device time of hand-written kernels over the same
// bytes, without cupric, so "GB/s" of A @ x can be read against what the memory system allows.
// GB/s counts what the cases count: data, indices, indptr, x and y once each.
//   memcpy  - cudaMemcpyAsync of the input bytes (data + indices + indptr + x) plus y's, device to
//             device (read + write; a copy's pace, not the same traffic mix)
//   stream  - one pass of 16-byte streaming loads over the four input arrays, y written once:
//             the bytes of the SpMV as a pure stream (no gathers, no row structure)
//   fixed16 - SpMV that knows every row holds 16 entries at 16 * row (indptr read as a stream, not
//             waited on): 4 lanes per row (f32) or 8 (f64), one 16-byte data and index load per
//             lane, x through L1; banded and random columns as the cases build them
// Build and run on the GPU machine (Note [SpMV vector loads] in src/sparse/cuda/spmv.cu):
//   nvcc -O3 -arch=sm_90 -std=c++17 -o /tmp/spmv_floor bench/spmv_floor.cu && /tmp/spmv_floor
#include <cuda_runtime.h>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <type_traits>
#include <vector>
#include "floor_timing.cuh"

constexpr int64_t kRows = int64_t{1} << 24;
constexpr int kPerRow = 16;
constexpr int64_t kNnz = kRows * kPerRow;

template <class T>
double case_bytes() {
  return double(kNnz) * (sizeof(T) + 4) + double(kRows + 1) * 4 + 2.0 * double(kRows) * sizeof(T);
}

// Sums 16-byte vectors of one array, U independent loads in flight per thread.
template <int U>
__device__ __forceinline__ uint32_t stream_words(const uint4* p, int64_t nvec) {
  uint32_t acc = 0;
  const int64_t stride = int64_t(gridDim.x) * blockDim.x;
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < nvec; i += stride * U) {
    uint4 v[U];
#pragma unroll
    for (int u = 0; u < U; ++u) v[u] = i + u * stride < nvec ? __ldcs(p + i + u * stride) : make_uint4(0, 0, 0, 0);
#pragma unroll
    for (int u = 0; u < U; ++u) acc ^= v[u].x ^ v[u].y ^ v[u].z ^ v[u].w;
  }
  return acc;
}

// The four input arrays read as 16-byte streams, y written once (its value keeps the loads).
template <class T>
__global__ void stream_kernel(const uint4* data, int64_t data_vec, const uint4* idx, int64_t idx_vec, const uint4* ptr,
                              int64_t ptr_vec, const uint4* x, int64_t x_vec, T* y, int64_t rows) {
  uint32_t acc = stream_words<4>(data, data_vec) ^ stream_words<4>(idx, idx_vec) ^ stream_words<4>(ptr, ptr_vec) ^
                 stream_words<4>(x, x_vec);
  const int64_t stride = int64_t(gridDim.x) * blockDim.x;
  for (int64_t r = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; r < rows; r += stride) y[r] = T(acc & 1u);
}

// Rows of exactly 16 entries at 16 * row: G lanes per row, V = 16 / sizeof(T) entries per load.
template <class T>
__global__ void __launch_bounds__(256) fixed16(const T* __restrict__ data, const int* __restrict__ idx,
                                               const T* __restrict__ x, T* __restrict__ y, int64_t rows, int zero) {
  constexpr int V = 16 / sizeof(T), G = kPerRow / V, kRowsPerWarp = 32 / G, R = 4;
  using DV = typename std::conditional<sizeof(T) == 4, float4, double2>::type;
  using IV = typename std::conditional<sizeof(T) == 4, int4, int2>::type;
  const int64_t warp = (blockIdx.x * int64_t(blockDim.x) + threadIdx.x) / 32;
  const int lane = threadIdx.x % G, group = (threadIdx.x % 32) / G;
  DV d[R];
  IV c[R];
#pragma unroll
  for (int r = 0; r < R; ++r) {
    const int64_t row = (warp * R + r) * kRowsPerWarp + group;
    const int64_t at = (row < rows ? row : rows - 1) * kPerRow + lane * V;
    d[r] = __ldcs(reinterpret_cast<const DV*>(data + at));
    c[r] = __ldcs(reinterpret_cast<const IV*>(idx + at));
  }
  // `zero` (0, unknown to the compiler) makes every gather wait for all loads, so ptxas issues the
  // 2R vector loads back to back (Note [SpMV vector loads] in src/sparse/cuda/spmv.cu).
  unsigned dep = 0;
#pragma unroll
  for (int r = 0; r < R; ++r) dep += static_cast<unsigned>(c[r].x) + static_cast<unsigned>(d[r].x);
  const T* xz = x + static_cast<int>(dep * static_cast<unsigned>(zero));
  T xs[R][V];
#pragma unroll
  for (int r = 0; r < R; ++r) {
    xs[r][0] = __ldg(xz + c[r].x);
    xs[r][1] = __ldg(xz + c[r].y);
    if constexpr (sizeof(T) == 4) {
      xs[r][2] = __ldg(xz + c[r].z);
      xs[r][3] = __ldg(xz + c[r].w);
    }
  }
  T acc[R];
#pragma unroll
  for (int r = 0; r < R; ++r) {
    if constexpr (sizeof(T) == 4)
      acc[r] = d[r].x * xs[r][0] + d[r].y * xs[r][1] + d[r].z * xs[r][2] + d[r].w * xs[r][3];
    else
      acc[r] = d[r].x * xs[r][0] + d[r].y * xs[r][1];
  }
#pragma unroll
  for (int r = 0; r < R; ++r) {
#pragma unroll
    for (int s = G / 2; s > 0; s /= 2) acc[r] += __shfl_down_sync(0xffffffffu, acc[r], s, G);
    const int64_t row = (warp * R + r) * kRowsPerWarp + group;
    if (lane == 0 && row < rows) y[row] = acc[r];
  }
}

// indptr is read by fixed16's callers in a real CSR kernel; here a separate stream pass of it.
__global__ void touch_indptr(const int* ptr, int64_t n, int* sink) {
  int acc = 0;
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < n; i += int64_t(gridDim.x) * blockDim.x)
    acc ^= __ldcs(ptr + i);
  if (acc == 0x7fffffff) *sink = acc;
}

template <class T>
void run(const char* name, bool banded) {
  std::vector<int> hidx(kNnz), hptr(kRows + 1);
  std::mt19937 rng(1);
  for (int64_t i = 0; i < kRows; ++i) {
    const int64_t start = std::min(std::max<int64_t>(i - 8, 0), kRows - kPerRow);
    for (int k = 0; k < kPerRow; ++k)
      hidx[i * kPerRow + k] = banded ? static_cast<int>(start + k) : static_cast<int>(rng() % kRows);
  }
  for (int64_t i = 0; i <= kRows; ++i) hptr[i] = static_cast<int>(i * kPerRow);
  std::vector<T> hdata(kNnz), hx(kRows);
  for (auto& v : hdata) v = T(0.5) + T(rng() % 1000) / T(1000);
  for (auto& v : hx) v = T(rng() % 1000) / T(1000);
  T *data, *x, *y;
  int *idx, *ptr, *sink;
  cudaMalloc(&data, kNnz * sizeof(T));
  cudaMalloc(&idx, kNnz * 4);
  cudaMalloc(&ptr, (kRows + 4) * 4);
  cudaMalloc(&x, kRows * sizeof(T));
  cudaMalloc(&y, kRows * sizeof(T));
  cudaMalloc(&sink, 4);
  cudaMemcpy(data, hdata.data(), kNnz * sizeof(T), cudaMemcpyHostToDevice);
  cudaMemcpy(idx, hidx.data(), kNnz * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(ptr, hptr.data(), (kRows + 1) * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(x, hx.data(), kRows * sizeof(T), cudaMemcpyHostToDevice);
  const double bytes = case_bytes<T>();
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  if (banded) {
    // The copy and the stream do not depend on the columns: once per dtype. The copy reads half
    // the case's bytes and writes the other half (the same traffic, as one memcpy).
    char *src = nullptr, *dst = nullptr;
    const size_t half = size_t(bytes / 2);
    cudaMalloc(&src, half);
    cudaMalloc(&dst, half);
    cudaMemset(src, 1, half);
    const double copy_ms = median_event_ms([&] {
      cudaMemcpyAsync(dst, src, half, cudaMemcpyDeviceToDevice);
      return cudaGetLastError();
    });
    std::printf("SPMV_FLOOR %-8s memcpy   %8.3f ms  %7.0f GB/s (read + write, the case's byte count)\n", name, copy_ms,
                2.0 * half / copy_ms / 1e6);
    cudaFree(src);
    cudaFree(dst);
    const double stream_ms = median_event_ms([&] {
      stream_kernel<T><<<sms * 8, 256>>>(reinterpret_cast<const uint4*>(data), kNnz * sizeof(T) / 16,
                                         reinterpret_cast<const uint4*>(idx), kNnz * 4 / 16,
                                         reinterpret_cast<const uint4*>(ptr), (kRows + 4) * 4 / 16,
                                         reinterpret_cast<const uint4*>(x), kRows * sizeof(T) / 16, y, kRows);
      return cudaGetLastError();
    });
    std::printf("SPMV_FLOOR %-8s stream   %8.3f ms  %7.0f GB/s\n", name, stream_ms, bytes / stream_ms / 1e6);
  }
  constexpr int G = kPerRow / (16 / sizeof(T));
  const int64_t rows_per_block = (256 / 32) * 4 * (32 / G);
  const double fixed_ms = median_event_ms([&] {
    touch_indptr<<<sms * 4, 256>>>(ptr, kRows + 1, sink);
    fixed16<T>
        <<<static_cast<unsigned>((kRows + rows_per_block - 1) / rows_per_block), 256>>>(data, idx, x, y, kRows, 0);
    return cudaGetLastError();
  });
  std::printf("SPMV_FLOOR %-8s fixed16 %s %8.3f ms  %7.0f GB/s\n", name, banded ? "banded" : "random", fixed_ms,
              bytes / fixed_ms / 1e6);
  // Check fixed16 against the host on a few rows.
  std::vector<T> hy(kRows);
  cudaMemcpy(hy.data(), y, kRows * sizeof(T), cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int64_t i = 0; i < kRows; i += 4099) {
    double want = 0;
    for (int k = 0; k < kPerRow; ++k) want += double(hdata[i * kPerRow + k]) * double(hx[hidx[i * kPerRow + k]]);
    if (std::abs(double(hy[i]) - want) > 1e-3 * std::abs(want) + 1e-6) ++bad;
  }
  if (bad) std::printf("SPMV_FLOOR %-8s fixed16 WRONG on %d sampled rows\n", name, bad);
  cudaFree(data), cudaFree(idx), cudaFree(ptr), cudaFree(x), cudaFree(y), cudaFree(sink);
}

int main() {
  cudaDeviceProp prop{};
  cudaGetDeviceProperties(&prop, 0);
  std::printf("SPMV_FLOOR device %s, %d SMs; CSR 2^24 rows x 16, int32 indices\n", prop.name, prop.multiProcessorCount);
  run<float>("float32", true);
  run<float>("float32", false);
  run<double>("float64", true);
  run<double>("float64", false);
  const cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) std::printf("SPMV_FLOOR error: %s\n", cudaGetErrorString(e));
  return e == cudaSuccess ? 0 : 1;
}
