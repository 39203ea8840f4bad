// Micro-benchmark of the memory pool: malloc + free of a cached size, on the host backend and,
// when usable, on the CUDA backend (issue 3's target: <= 0.3 us per pair). Prints ns per pair;
// speed is reported, never asserted; each figure is the best of 10 rounds (robust to a busy
// machine). Usage: example_pool_benchmark [iterations per round]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cupric/cupric.hpp>

using namespace cupric;

namespace {
template <class F>
double best_ns(long iters, F&& body) {
  double best = 1e300;
  for (int round = 0; round < 10; ++round) {
    auto t0 = std::chrono::steady_clock::now();
    for (long i = 0; i < iters; ++i) body();
    auto t1 = std::chrono::steady_clock::now();
    double ns = std::chrono::duration<double, std::nano>(t1 - t0).count() / static_cast<double>(iters);
    if (ns < best) best = ns;
  }
  return best;
}

void bench(Backend& b, long iters) {
  auto pool = default_pool(b, b.current_device());
  const size_t sizes[] = {512, 4096, 1 << 20, 64 << 20};
  for (size_t n : sizes) {
    { auto warm = pool->malloc(n); }
    double ns = best_ns(iters, [&] {
      auto m = pool->malloc(n);
      if (!m->ptr()) std::abort();
    });
    std::printf("%-5s pool malloc+free of a cached %9zu-byte block: %7.1f ns\n", b.name(), n, ns);
  }
  // Through the array API: ndarray::empty(1000 float32) and its release.
  double ns = best_ns(iters, [&] {
    ndarray a = ndarray::empty(Dims{1000}, dtypes::float32, Order::C, &b);
    if (!a.defined()) std::abort();
  });
  std::printf("%-5s ndarray::empty(1000 float32) + release:            %7.1f ns\n", b.name(), ns);
}
}  // namespace

int main(int argc, char** argv) {
  long iters = argc > 1 ? std::atol(argv[1]) : 20000;
  bench(host_backend(), iters);
  if (cuda_is_available()) bench(backend_for(DeviceType::Cuda), iters);
  return 0;
}
