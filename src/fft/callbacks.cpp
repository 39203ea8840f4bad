// cuFFT LTO callbacks: the calling thread's current pair and their compilation (Note [cuFFT callbacks]).
#include "cupric/error.hpp"
#include "cupric/fft.hpp"
#include "cupric/runtime/backend.hpp"
#include "fft/fft_table.hpp"

namespace cupric::fft {

// Note [cuFFT callbacks]
// cupric.fft.config.set_cufft_callbacks (CuPy 14's, V14-FFT-CB) runs user CUDA C load/store
// functions inside cuFFT's kernels through cuFFT's LTO callbacks: the source is compiled by
// NVRTC to LTO-IR (-dlto; the Python layer caches it by source, options and architecture, so a
// second use compiles nothing), and a plan made while callbacks are current gets them with
// cufftXtSetJITCallback before it is planned (cuFFT links them in then). Such a plan is cached
// under a key that includes the callbacks' key, so the same transform with and without
// callbacks uses two plans. The current callbacks are per thread (the Python context manager is
// a context variable and sets them on entry and exit). The host backend has no callbacks: a
// transform with callbacks current on it is an error.

namespace {
std::shared_ptr<const Callbacks>& slot() {
  thread_local std::shared_ptr<const Callbacks> cb;
  return cb;
}
}  // namespace

void set_callbacks(std::shared_ptr<const Callbacks> cb) { slot() = std::move(cb); }
const std::shared_ptr<const Callbacks>& current_callbacks() { return slot(); }

std::pair<std::string, std::string> compile_callback(const std::string& source, const std::string& name, bool store,
                                                     const std::vector<std::string>& options) {
  const FftFns* fns = fft_table().get(DeviceType::Cuda);
  if (!fns || !fns->compile_callback)
    dispatch::unavailable("cuFFT callbacks", DeviceType::Cuda, "this build of cupric has no CUDA backend");
  if (!cuda_is_available())
    dispatch::unavailable("cuFFT callbacks", DeviceType::Cuda, "no CUDA device is usable on this machine");
  return fns->compile_callback(source, name, store, options);
}

}  // namespace cupric::fft
