// Measures the ways the host backend could run the threads of a CUDA block that wait at
// __syncthreads (Note [Host blocks as fibers] in include/cupric/jit/host_launch.hpp): fibers with
// the assembly switch, fibers with ucontext, and one OS thread per CUDA thread with a barrier.
// The kernel is a block-level shared-memory tree sum (log2(256) + 1 barriers per block).
// Build and run (from the repository root):
//   g++ -std=c++20 -O2 -Iinclude bench/host_block_models.cpp -o /tmp/hbm -pthread && /tmp/hbm
//   g++ -std=c++20 -O2 -Iinclude -DCUPRIC_HOST_FIBERS_UCONTEXT bench/host_block_models.cpp -o /tmp/hbm_uc \
//     -pthread && /tmp/hbm_uc
#include <barrier>
#include <chrono>
#include <thread>
#include "cupric/jit/host_launch.hpp"

__global__ void block_sum(const double* x, double* partial, int n) {
  __shared__ double buf[1024];
  const int t = threadIdx.x;
  double s = 0;
  for (int i = blockIdx.x * blockDim.x + t; i < n; i += blockDim.x * gridDim.x) s += x[i];
  buf[t] = s;
  __syncthreads();
  for (int k = blockDim.x / 2; k > 0; k >>= 1) {
    if (t < k) buf[t] += buf[t + k];
    __syncthreads();
  }
  if (t == 0) partial[blockIdx.x] = buf[0];
}

// The same kernel with one std::thread per CUDA thread and std::barrier for __syncthreads.
void block_sum_threads(const double* x, double* partial, int n, unsigned blocks, unsigned threads) {
  std::vector<double> buf(threads);
  for (unsigned b = 0; b < blocks; ++b) {
    std::barrier bar(threads);
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t)
      pool.emplace_back([&, t] {
        double s = 0;
        for (unsigned i = b * threads + t; i < static_cast<unsigned>(n); i += threads * blocks) s += x[i];
        buf[t] = s;
        bar.arrive_and_wait();
        for (unsigned k = threads / 2; k > 0; k >>= 1) {
          if (t < k) buf[t] += buf[t + k];
          bar.arrive_and_wait();
        }
        if (t == 0) partial[b] = buf[0];
      });
    for (auto& th : pool) th.join();
  }
}

int main() {
  const int n = 1 << 20;
  const unsigned blocks = 64, threads = 256;
  std::vector<double> x(n, 1.0), partial(blocks);
  const double* xp = x.data();
  double* pp = partial.data();
  int nn = n;
  void* args[] = {&xp, &pp, &nn};
  cupric_host::LaunchConfig c{{blocks, 1, 1}, {threads, 1, 1}, 0, 3, 1};
  auto time = [](auto f) {
    f();  // warm
    auto t0 = std::chrono::steady_clock::now();
    for (int r = 0; r < 5; ++r) f();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count() / 5;
  };
  double fib = time([&] { cupric_host::launch(&block_sum, c, args); });
  double sum = 0;
  for (double p : partial) sum += p;
  double thr = time([&] { block_sum_threads(xp, pp, n, blocks, threads); });
  double sum2 = 0;
  for (double p : partial) sum2 += p;
#if defined(CUPRIC_HOST_FIBERS_UCONTEXT)
  const char* kind = "fibers (ucontext)";
#else
  const char* kind = "fibers (asm switch)";
#endif
  std::printf("%u blocks x %u threads, %d doubles: %s %.2f ms (sum %g); thread per lane %.2f ms (sum %g)\n", blocks,
              threads, n, kind, fib, sum, thr, sum2);
}
