// The CUDA backend of cupric.fft: batched 1-D transforms on cuFFT plans cached per thread and
// device (Note [cuFFT plans] in src/runtime/cuda/libs/cufft.cpp, Note [FFT plan cache] in
// src/fft/plan_cache.hpp).
#include <string>
#include "fft/fft_table.hpp"
#include "fft/plan_cache.hpp"
#include "runtime/cuda/libs/cufft.hpp"

namespace cupric::fft::cuda {

namespace {

cufftType type_of(const Exec1d& e) {
  switch (e.kind) {
    case Kind::C2C: return e.dbl ? CUFFT_Z2Z : CUFFT_C2C;
    case Kind::R2C: return e.dbl ? CUFFT_D2Z : CUFFT_R2C;
    case Kind::C2R: return e.dbl ? CUFFT_Z2D : CUFFT_C2R;
  }
  return CUFFT_C2C;
}

std::shared_ptr<cufft::Plan> plan_for(const Exec1d& e) {
  const cufftType type = type_of(e);
  const std::string key = "cufft type=" + std::to_string(static_cast<int>(type)) + " n=" + std::to_string(e.n) +
                          " batch=" + std::to_string(e.batch);
  auto p = plan_cache(false, e.device).get_or_make(key, [&] {
    const long long n = e.n;
    auto plan = std::make_shared<cufft::Plan>(1, &n, type, static_cast<long long>(e.batch));
    return std::pair<PlanCache::Plan, int64_t>(plan, static_cast<int64_t>(plan->work_bytes()));
  });
  // The cache hands out const plans; binding a stream changes only the plan's own state.
  return std::const_pointer_cast<cufft::Plan>(std::static_pointer_cast<const cufft::Plan>(p));
}

void exec(const Exec1d& e) {
  auto plan = plan_for(e);
  const cufft::Api& a = cufft::api();
  const cufftHandle h = plan->bind(static_cast<cudaStream_t>(e.stream.handle));
  void* in = const_cast<void*>(e.in);  // cuFFT's prototypes are not const; C2R inputs are copies
  switch (type_of(e)) {
    case CUFFT_C2C:
      cufft::check(a.exec_c2c(h, static_cast<cufftComplex*>(in), static_cast<cufftComplex*>(e.out),
                              e.forward ? CUFFT_FORWARD : CUFFT_INVERSE),
                   "cufftExecC2C");
      break;
    case CUFFT_Z2Z:
      cufft::check(a.exec_z2z(h, static_cast<cufftDoubleComplex*>(in), static_cast<cufftDoubleComplex*>(e.out),
                              e.forward ? CUFFT_FORWARD : CUFFT_INVERSE),
                   "cufftExecZ2Z");
      break;
    case CUFFT_R2C:
      cufft::check(a.exec_r2c(h, static_cast<cufftReal*>(in), static_cast<cufftComplex*>(e.out)), "cufftExecR2C");
      break;
    case CUFFT_D2Z:
      cufft::check(a.exec_d2z(h, static_cast<cufftDoubleReal*>(in), static_cast<cufftDoubleComplex*>(e.out)),
                   "cufftExecD2Z");
      break;
    case CUFFT_C2R:
      cufft::check(a.exec_c2r(h, static_cast<cufftComplex*>(in), static_cast<cufftReal*>(e.out)), "cufftExecC2R");
      break;
    case CUFFT_Z2D:
      cufft::check(a.exec_z2d(h, static_cast<cufftDoubleComplex*>(in), static_cast<cufftDoubleReal*>(e.out)),
                   "cufftExecZ2D");
      break;
    default: break;
  }
}

// cuFFT neither scales nor keeps a C2R input intact: the front does both (Note [FFT module]).
constexpr FftFns kCudaFft{&exec, /*scales=*/false, /*c2r_overwrites_input=*/true};
const dispatch::Registration reg(fft_table(), DeviceType::Cuda, &kCudaFft);

}  // namespace

}  // namespace cupric::fft::cuda
