// NVRTC compilation of cuFFT callbacks to LTO-IR (Note [cuFFT callbacks] in src/fft/callbacks.cpp).
// CUDA builds only.
#pragma once
#include <string>
#include <utility>
#include <vector>

namespace cupric::fft::cuda {

// {LTO-IR, the extern "C" symbol that calls `name`} of `source` (a load callback, or a store one when
// `store`) for the current device; RuntimeError with NVRTC's log when it does not compile, or
// naming `pip install nvidia-cuda-nvrtc` when NVRTC is missing (Note [Callback symbols]).
std::pair<std::string, std::string> compile_lto_callback(const std::string& source, const std::string& name, bool store,
                                                         const std::vector<std::string>& options);

}  // namespace cupric::fft::cuda
