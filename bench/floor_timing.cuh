// The timing loops of the raw-library floor programs (gemm_floor.cu, fft_floor.cu), so each floor is
// measured the way the other is: device time as the median of CUDA-event-bracketed calls, host
// time as the median over rounds of back-to-back calls on an idle device.
#pragma once
#include <cuda_runtime.h>
#include <algorithm>
#include <chrono>
#include <vector>

// Median device milliseconds of `run()` (which returns the library's status, 0 = success) over
// `reps` calls after `warmup`; a negative value is the first failing status.
template <class Run>
double median_event_ms(Run run, int warmup = 3, int reps = 20) {
  cudaEvent_t e0, e1;
  cudaEventCreate(&e0);
  cudaEventCreate(&e1);
  for (int i = 0; i < warmup; ++i)
    if (int rc = static_cast<int>(run())) return -rc;
  std::vector<float> ms;
  for (int i = 0; i < reps; ++i) {
    cudaEventRecord(e0);
    if (int rc = static_cast<int>(run())) return -rc;
    cudaEventRecord(e1);
    cudaEventSynchronize(e1);
    float t = 0;
    cudaEventElapsedTime(&t, e0, e1);
    ms.push_back(t);
  }
  cudaEventDestroy(e0);
  cudaEventDestroy(e1);
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}

// Median host microseconds per call of `run()`: `rounds` rounds of `calls` calls, each round started
// on an idle device and timed without its closing synchronise (after 100 warm-up calls).
template <class Run>
double median_host_us(Run run, int calls = 200, int rounds = 20) {
  for (int i = 0; i < 100; ++i) run();
  cudaDeviceSynchronize();
  std::vector<double> us;
  for (int r = 0; r < rounds; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < calls; ++i) run();
    auto t1 = std::chrono::steady_clock::now();
    us.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count() / calls);
    cudaDeviceSynchronize();
  }
  std::sort(us.begin(), us.end());
  return us[us.size() / 2];
}

// Median device milliseconds of `run()` as bench/timing.py's device clock takes them: `warmup`
// calls, then `reps` calls enqueued back to back, each between two events of its own, one
// synchronise at the end. Unlike median_event_ms the device never idles between calls, so a
// power-limited kernel (tensor-core GEMMs) runs at the clocks it holds under sustained load, as
// in the benchmark cases. A negative value is the first failing status.
template <class Run>
double median_back_to_back_ms(Run run, int warmup = 10, int reps = 100) {
  for (int i = 0; i < warmup; ++i)
    if (int rc = static_cast<int>(run())) return -rc;
  std::vector<cudaEvent_t> ev(2 * reps);
  for (auto& e : ev) cudaEventCreate(&e);
  for (int i = 0; i < reps; ++i) {
    cudaEventRecord(ev[2 * i]);
    if (int rc = static_cast<int>(run())) return -rc;
    cudaEventRecord(ev[2 * i + 1]);
  }
  cudaDeviceSynchronize();
  std::vector<float> ms(reps);
  for (int i = 0; i < reps; ++i) cudaEventElapsedTime(&ms[i], ev[2 * i], ev[2 * i + 1]);
  for (auto& e : ev) cudaEventDestroy(e);
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}
