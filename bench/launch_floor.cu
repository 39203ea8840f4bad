// The floor under cupric's small-op host time on this machine: host microseconds per call of a
// bare kernel launch and of the CUDA runtime calls the engine may make around one (bench/probe.py
// builds and runs it with nvcc on the GPU machine).
#include <cuda.h>
#include <cuda_runtime.h>
#include <chrono>
#include <utility>
#include <algorithm>
#include <cstdio>
#include <vector>

__global__ void empty_kernel() {}
__global__ void ptr_kernel(float* a) {}
__global__ void add_kernel(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

// Host microseconds per call, measured as bench/timing.py's host_loop does: rounds of 200 calls,
// each round started on an idle device (too few calls to fill the launch queue, so the host never
// waits for the GPU), clock stopped before the closing synchronise; median of 100 rounds.
template <class F>
double per_call_us(F f) {
  for (int i = 0; i < 1000; ++i) f();
  cudaDeviceSynchronize();
  std::vector<double> rounds;
  for (int r = 0; r < 100; ++r) {
    cudaDeviceSynchronize();
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < 200; ++i) f();
    auto t1 = std::chrono::steady_clock::now();
    rounds.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count() / 200);
  }
  cudaDeviceSynchronize();
  std::sort(rounds.begin(), rounds.end());
  return rounds[rounds.size() / 2];
}

// Host microseconds per call of two launch paths, measured as per_call_us does but with their
// rounds alternating, so that a slow stretch of the machine falls on both alike.
template <class F, class G>
std::pair<double, double> per_call_us_paired(F f, G g) {
  for (int i = 0; i < 1000; ++i) {
    f();
    g();
  }
  cudaDeviceSynchronize();
  std::vector<double> rf, rg;
  auto round = [](auto h) {
    cudaDeviceSynchronize();
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < 200; ++i) h();
    auto t1 = std::chrono::steady_clock::now();
    return std::chrono::duration<double, std::micro>(t1 - t0).count() / 200;
  };
  for (int r = 0; r < 200; ++r) {
    rf.push_back(round(f));
    rg.push_back(round(g));
  }
  cudaDeviceSynchronize();
  std::sort(rf.begin(), rf.end());
  std::sort(rg.begin(), rg.end());
  return {rf[rf.size() / 2], rg[rg.size() / 2]};
}

// The rate of a long loop (20000 calls, then one synchronise): where the GPU retires tiny kernels
// more slowly than the host issues them, this is the GPU's rate, not host time.
template <class F>
double loop_rate_us(F f, int n = 20000) {
  for (int i = 0; i < 1000; ++i) f();
  cudaDeviceSynchronize();
  auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < n; ++i) f();
  cudaDeviceSynchronize();
  auto t1 = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::micro>(t1 - t0).count() / n;
}

int main() {
  float *a, *b, *c;
  cudaMalloc(&a, 4096);
  cudaMalloc(&b, 4096);
  cudaMalloc(&c, 4096);
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  cudaEvent_t ev;
  cudaEventCreateWithFlags(&ev, cudaEventDisableTiming);
  int dev = 0;
  cudaStreamCaptureStatus st;
  cudaPointerAttributes attr;
  std::printf("LAUNCH_FLOOR empty<<<1,1>>> null stream   %.3f us\n", per_call_us([] { empty_kernel<<<1, 1>>>(); }));
  std::printf("LAUNCH_FLOOR add<<<4,256>>> null stream   %.3f us\n",
              per_call_us([&] { add_kernel<<<4, 256>>>(a, b, c, 1000); }));
  std::printf("LAUNCH_FLOOR add<<<4,256>>> own stream    %.3f us\n",
              per_call_us([&] { add_kernel<<<4, 256, 0, s>>>(a, b, c, 1000); }));
  void* args[] = {&a, &b, &c, &dev};
  std::printf("LAUNCH_FLOOR cudaLaunchKernel add         %.3f us\n",
              per_call_us([&] { cudaLaunchKernel((const void*)add_kernel, dim3(4), dim3(256), args, 0, nullptr); }));
  // The driver-API launch a RawKernel makes (cuLaunchKernel with kernelParams), as the bench's
  // "cached RawKernel launch" case: one pointer argument, 1 block of 32 threads.
  cudaFunction_t fn = nullptr;
  cudaGetFuncBySymbol(&fn, (const void*)ptr_kernel);
  void* pargs[] = {&a};
  std::printf("LAUNCH_FLOOR ptr<<<1,32>>> null stream    %.3f us\n", per_call_us([&] { ptr_kernel<<<1, 32>>>(a); }));
  std::printf("LAUNCH_FLOOR cuLaunchKernel ptr 1x32      %.3f us\n",
              per_call_us([&] { cuLaunchKernel((CUfunction)fn, 1, 1, 1, 32, 1, 1, 0, nullptr, pargs, nullptr); }));
  // The runtime's launch against the driver's launch of the same kernel through a handle looked
  // up once (cupric's built-in kernels: Note [Driver launches] in src/runtime/cuda/cuda_launch.cuh).
  {
    cudaFunction_t addfn = nullptr;
    cudaGetFuncBySymbol(&addfn, (const void*)add_kernel);
    int n = 1000;
    void* aargs[] = {&a, &b, &c, &n};
    auto [rt, drv] =
        per_call_us_paired([&] { add_kernel<<<4, 256>>>(a, b, c, n); },
                           [&] { cuLaunchKernel((CUfunction)addfn, 4, 1, 1, 256, 1, 1, 0, nullptr, aargs, nullptr); });
    std::printf(
        "LAUNCH_FLOOR runtime vs driver launch (add, alternating rounds): <<<>>> %.3f us, cuLaunchKernel %.3f us\n", rt,
        drv);
  }
  // Which stream the launch goes to: the legacy default stream (cupric's and CuPy's default),
  // the per-thread default stream, a blocking and a non-blocking created stream.
  cudaStream_t blocking;
  cudaStreamCreate(&blocking);
  const std::pair<const char*, CUstream> streams[] = {{"legacy null", nullptr},
                                                      {"per-thread", (CUstream)cudaStreamPerThread},
                                                      {"blocking", (CUstream)blocking},
                                                      {"non-blocking", (CUstream)s}};
  for (const auto& [label, st] : streams) {
    auto launch = [&, st = st] { cuLaunchKernel((CUfunction)fn, 1, 1, 1, 32, 1, 1, 0, st, pargs, nullptr); };
    std::printf("LAUNCH_FLOOR cuLaunchKernel ptr 1x32 %-13s host %.3f us, long-loop rate %.3f us\n", label,
                per_call_us(launch), loop_rate_us(launch));
  }
  std::printf("LAUNCH_FLOOR empty<<<1,1>>> null stream long-loop rate %.3f us\n",
              loop_rate_us([] { empty_kernel<<<1, 1>>>(); }));
  CUcontext ctx = nullptr;
  std::printf("LAUNCH_FLOOR cuCtxGetCurrent              %.3f us\n", per_call_us([&] { cuCtxGetCurrent(&ctx); }));
  std::printf("LAUNCH_FLOOR cudaGetDevice                %.3f us\n", per_call_us([&] { cudaGetDevice(&dev); }));
  std::printf("LAUNCH_FLOOR cudaGetLastError             %.3f us\n", per_call_us([&] { (void)cudaGetLastError(); }));
  std::printf("LAUNCH_FLOOR cudaStreamIsCapturing        %.3f us\n",
              per_call_us([&] { cudaStreamIsCapturing(nullptr, &st); }));
  std::printf("LAUNCH_FLOOR cudaPointerGetAttributes     %.3f us\n",
              per_call_us([&] { cudaPointerGetAttributes(&attr, a); }));
  std::printf("LAUNCH_FLOOR cudaEventRecord              %.3f us\n",
              per_call_us([&] { cudaEventRecord(ev, nullptr); }));
  std::printf("LAUNCH_FLOOR cudaEventQuery               %.3f us\n", per_call_us([&] { (void)cudaEventQuery(ev); }));
  std::printf("LAUNCH_FLOOR cudaMemsetAsync 4 KiB        %.3f us\n",
              per_call_us([&] { cudaMemsetAsync(c, 0, 4000, nullptr); }));
  std::printf("LAUNCH_FLOOR cudaMemcpyAsync D2D 4 KiB    %.3f us\n",
              per_call_us([&] { cudaMemcpyAsync(c, a, 4000, cudaMemcpyDeviceToDevice, nullptr); }));
  return 0;
}
