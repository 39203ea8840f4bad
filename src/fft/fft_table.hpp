// The backend interface of cupric.fft: one batched 1-D transform on contiguous rows
// (Note [FFT module]).
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>
#include "cupric/detail/dispatch.hpp"
#include "cupric/fft.hpp"
#include "cupric/runtime/backend.hpp"

namespace cupric::fft {

// Note [FFT module]
// cupric.fft is a library module laid out as Note [Linalg module] in src/linalg/blas.hpp says.
// The front (src/fft/fft.cpp) makes every NumPy decision: n/s/axes normalisation,
// errors, the compute dtype, norm factors, cropping and zero-padding, and lays each pass out as a
// batch of contiguous rows along the last axis. A backend then runs one `Exec1d`: the host's
// own FFT (src/fft/host/, Note [Host FFT] in src/fft/host/host_fft_plan.hpp) or cuFFT
// (src/fft/cuda/). n-D transforms are passes along one axis at a time (the last first, as
// NumPy), except that a backend with `exec_nd` (cuFFT) runs a transform over the last 2 or 3 axes,
// in order, as one n-D plan: one read and one write of the data instead of a transposing copy
// per axis. Plans are cached per thread and device (Note [FFT plan cache] in src/fft/plan_cache.hpp).
enum class Kind : uint8_t { C2C, R2C, C2R };

struct Exec1d {
  Kind kind = Kind::C2C;
  bool forward = true;
  bool dbl = true;  // complex128/float64, else complex64/float32
  int64_t n = 0;    // the transform length
  int64_t batch = 0;
  // Rows of n complex (C2C), n real in and n/2+1 complex out (R2C), n/2+1 complex in and n real
  // out (C2R), contiguous, one after the other.
  const void* in = nullptr;
  void* out = nullptr;
  double scale = 1.0;  // applied to the output
  int device = 0;
  Stream stream;
  const Callbacks* callbacks = nullptr;    // cuFFT LTO callbacks (CUDA only)
  const std::vector<int>* gpus = nullptr;  // C2C over these GPUs (CUDA only, Note [Multi-GPU FFT])
  int workers = 1;                         // host threads (Note [Host FFT workers] in host/host_fft.cpp)
};

// A transform over the last `rank` (2 or 3) axes of packed rows, as one backend call: `n` holds
// the logical lengths (for R2C/C2R the last one is the real length; the complex side has
// n[rank-1]/2+1 there), `batch` the number of such blocks.
struct ExecNd {
  Kind kind = Kind::C2C;
  bool forward = true;
  bool dbl = true;
  int rank = 2;
  int64_t n[3] = {};
  int64_t batch = 0;
  const void* in = nullptr;
  void* out = nullptr;
  int device = 0;
  Stream stream;
  const Callbacks* callbacks = nullptr;
  int workers = 1;  // host threads
};

struct FftFns {
  void (*exec)(const Exec1d& e);
  // n-D transforms over trailing axes in one call (null: the front runs 1-D passes); unscaled.
  void (*exec_nd)(const ExecNd& e) = nullptr;
  bool scales = true;                 // applies Exec1d::scale itself (else the front multiplies)
  bool c2r_overwrites_input = false;  // C2R may clobber its input (cuFFT's): the front passes a copy
  // Compiles a callback to LTO-IR (null: the backend runs no callbacks).
  std::pair<std::string, std::string> (*compile_callback)(const std::string& source, const std::string& name,
                                                          bool store,
                                                          const std::vector<std::string>& options) = nullptr;
};

dispatch::Table<const FftFns*>& fft_table();

}  // namespace cupric::fft
