// The floor under `take` of 2^24 random indices from 2^28 float32 on this GPU (issue 6's take
// case): device milliseconds of hand-written gathers, without cupric, so the figure of
// cupric.take can be read against what the memory system allows.
//   hash   - indices made in the kernel from a hash (no index array read), values summed and one
//            word written per thread: the cost of the 2^24 random 4-byte reads alone
//   i64/i32- a take as a library does it: read int64 (or int32) indices, gather, write the output,
//            U independent loads in flight per thread
//   i64cs  - the i64 take reading the indices with the evict-first hint (__ldcs), as cupric does
//   sorted - the same i64 take with the indices sorted: what DRAM locality would buy
// Build and run on the GPU machine (bench/probe.py does not build this one):
//   nvcc -O3 -arch=sm_90 -o /tmp/gather_floor bench/gather_floor.cu && /tmp/gather_floor
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>

constexpr int64_t kSrc = int64_t{1} << 28;
constexpr int64_t kIdx = int64_t{1} << 24;

__device__ __forceinline__ uint32_t mix(uint32_t x) {
  x ^= x >> 16;
  x *= 0x7feb352dU;
  x ^= x >> 15;
  x *= 0x846ca68bU;
  x ^= x >> 16;
  return x;
}

template <int U>
__global__ void gather_hash(const float* __restrict__ src, float* __restrict__ sink, int64_t n) {
  const int64_t base = (static_cast<int64_t>(blockIdx.x) * blockDim.x) * U + threadIdx.x;
  float acc = 0.f;
  float v[U];
#pragma unroll
  for (int u = 0; u < U; ++u) {
    const int64_t i = base + static_cast<int64_t>(u) * blockDim.x;
    v[u] = i < n ? __ldg(src + (mix(static_cast<uint32_t>(i)) & (kSrc - 1))) : 0.f;
  }
#pragma unroll
  for (int u = 0; u < U; ++u) acc += v[u];
  if (acc == 12345.f) sink[threadIdx.x] = acc;  // keeps the loads; never true for [0, 1) data
}

template <int U, class I, bool Streaming = false>
__global__ void take_kernel(const float* __restrict__ src, const I* __restrict__ idx, float* __restrict__ out,
                            int64_t n) {
  const int64_t base = (static_cast<int64_t>(blockIdx.x) * blockDim.x) * U + threadIdx.x;
  I j[U];
#pragma unroll
  for (int u = 0; u < U; ++u) {
    const int64_t i = base + static_cast<int64_t>(u) * blockDim.x;
    if constexpr (Streaming)
      j[u] = i < n ? __ldcs(idx + i) : I(0);  // evict-first, as cupric's gather
    else
      j[u] = i < n ? idx[i] : I(0);
  }
  float v[U];
#pragma unroll
  for (int u = 0; u < U; ++u) v[u] = __ldg(src + j[u]);
#pragma unroll
  for (int u = 0; u < U; ++u) {
    const int64_t i = base + static_cast<int64_t>(u) * blockDim.x;
    if (i < n) out[i] = v[u];
  }
}

template <class F>
float median_ms(F launch, int reps = 20) {
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  for (int i = 0; i < 3; ++i) launch();
  std::vector<float> t;
  for (int r = 0; r < reps; ++r) {
    cudaEventRecord(a);
    launch();
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    float ms = 0;
    cudaEventElapsedTime(&ms, a, b);
    t.push_back(ms);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

int main() {
  float *src, *out;
  int64_t* idx64;
  int32_t* idx32;
  int64_t* sorted64;
  cudaMalloc(&src, kSrc * sizeof(float));
  cudaMalloc(&out, kIdx * sizeof(float));
  cudaMalloc(&idx64, kIdx * sizeof(int64_t));
  cudaMalloc(&idx32, kIdx * sizeof(int32_t));
  cudaMalloc(&sorted64, kIdx * sizeof(int64_t));
  cudaMemset(src, 0, kSrc * sizeof(float));
  std::mt19937_64 rng(0);
  std::vector<int64_t> h64(kIdx);
  for (auto& v : h64) v = static_cast<int64_t>(rng() & (kSrc - 1));
  std::vector<int32_t> h32(h64.begin(), h64.end());
  cudaMemcpy(idx64, h64.data(), kIdx * sizeof(int64_t), cudaMemcpyHostToDevice);
  cudaMemcpy(idx32, h32.data(), kIdx * sizeof(int32_t), cudaMemcpyHostToDevice);
  std::sort(h64.begin(), h64.end());
  cudaMemcpy(sorted64, h64.data(), kIdx * sizeof(int64_t), cudaMemcpyHostToDevice);
  constexpr int kBlock = 256;
  auto grid = [](int u) { return static_cast<unsigned>((kIdx + int64_t{kBlock} * u - 1) / (int64_t{kBlock} * u)); };
  std::printf("GATHER_FLOOR 2^24 random float32 reads from 2^28 (1 GiB), device ms, median of 20\n");
#define RUN(label, U, expr) std::printf("GATHER_FLOOR %-8s U=%d  %.3f ms\n", label, U, median_ms([&] { expr; }))
  RUN("hash", 1, (gather_hash<1><<<grid(1), kBlock>>>(src, out, kIdx)));
  RUN("hash", 4, (gather_hash<4><<<grid(4), kBlock>>>(src, out, kIdx)));
  RUN("hash", 8, (gather_hash<8><<<grid(8), kBlock>>>(src, out, kIdx)));
  RUN("i64", 1, (take_kernel<1, int64_t><<<grid(1), kBlock>>>(src, idx64, out, kIdx)));
  RUN("i64", 4, (take_kernel<4, int64_t><<<grid(4), kBlock>>>(src, idx64, out, kIdx)));
  RUN("i64", 8, (take_kernel<8, int64_t><<<grid(8), kBlock>>>(src, idx64, out, kIdx)));
  RUN("i64cs", 4, (take_kernel<4, int64_t, true><<<grid(4), kBlock>>>(src, idx64, out, kIdx)));
  RUN("i32", 4, (take_kernel<4, int32_t><<<grid(4), kBlock>>>(src, idx32, out, kIdx)));
  RUN("i32", 8, (take_kernel<8, int32_t><<<grid(8), kBlock>>>(src, idx32, out, kIdx)));
  RUN("sorted", 4, (take_kernel<4, int64_t><<<grid(4), kBlock>>>(src, sorted64, out, kIdx)));
  std::printf("GATHER_FLOOR status %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  return 0;
}
