// choice(2^26, 2^25, replace=False)'s kernel alone (Note [Choice by a keyed bijection] in
// src/random/choice_bijection.hpp): device microseconds of the keyed bijection's picks with its
// words in 32-bit arithmetic (what cupric runs for n <= 2^32) and in 64-bit arithmetic (the form
// before), a plain write of the same int64 output (the floor), and a check that the GPU's picks
// equal the host's. A diagnostic beside bench/run.py's choice_half case, not a benchmark of record.
// Build and run on the GPU machine:
//   nvcc -O3 -arch=sm_90 -std=c++20 -Iinclude -Isrc -o /tmp/choice_probe bench/choice_bijection_probe.cu
//   /tmp/choice_probe
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <vector>
#include "random/choice_bijection.hpp"

using cupric::random::BitGenKind;
using cupric::random::ChoiceBijectionF;
using cupric::random::StreamKey;

template <int Form>  // 0: write only, 1: 32-bit words, 2: 64-bit words
__global__ void picks(ChoiceBijectionF f, int64_t k, int64_t* out) {
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < k; i += stride) {
    if constexpr (Form == 0)
      out[i] = i;
    else if constexpr (Form == 1)
      out[i] = f.walk<uint32_t>(static_cast<uint32_t>(i));
    else
      out[i] = f.walk<uint64_t>(static_cast<uint64_t>(i));
  }
}

template <int Form>
float median_us(const ChoiceBijectionF& f, int64_t k, int64_t* out) {
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  const unsigned grid = static_cast<unsigned>(sms * 8 * 4);
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  std::vector<float> t;
  for (int r = 0; r < 23; ++r) {
    cudaEventRecord(a);
    picks<Form><<<grid, 256>>>(f, k, out);
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    float ms = 0;
    cudaEventElapsedTime(&ms, a, b);
    if (r >= 3) t.push_back(ms * 1000.0f);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

int main() {
  const uint64_t n = uint64_t{1} << 26;
  const int64_t k = int64_t{1} << 25;
  const StreamKey key{20261202, 0, 7, BitGenKind::Philox4x3210};
  const ChoiceBijectionF f = ChoiceBijectionF::make(key, n);
  int64_t* out = nullptr;
  if (cudaMalloc(&out, k * sizeof(int64_t)) != cudaSuccess) return 1;
  const float write = median_us<0>(f, k, out);
  const float wide = median_us<2>(f, k, out);
  const float narrow = median_us<1>(f, k, out);
  std::vector<int64_t> got(static_cast<size_t>(k));
  cudaMemcpy(got.data(), out, k * sizeof(int64_t), cudaMemcpyDeviceToHost);
  int64_t bad = 0;
  for (int64_t i = 0; i < k; i += 7) bad += got[static_cast<size_t>(i)] != f(i);
  std::printf(
      "CHOICE_PROBE n=2^26 k=2^25 write-only %.1f us, 64-bit words %.1f us, 32-bit words %.1f us (%.0f GB/s of "
      "picks)\n",
      write, wide, narrow, 8.0 * k / narrow / 1e3);
  std::printf("CHOICE_PROBE host check: %lld of %lld sampled picks differ from the host's (%s)\n",
              static_cast<long long>(bad), static_cast<long long>((k + 6) / 7), cudaGetErrorString(cudaGetLastError()));
  cudaFree(out);
  return bad == 0 ? 0 : 2;
}
