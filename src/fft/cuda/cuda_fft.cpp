// The CUDA backend of cupric.fft: batched 1-D transforms on cuFFT plans cached per thread and
// device (Note [cuFFT plans] in src/runtime/cuda/libs/cufft.cpp, Note [FFT plan cache] in
// src/fft/plan_cache.hpp).
#include <string>
#include "fft/fft_table.hpp"
#include "fft/plan_cache.hpp"
#include "runtime/cuda/libs/cufft.hpp"

namespace cupric::fft::cuda {

namespace {

template <class E>
cufftType type_of(const E& e) {
  switch (e.kind) {
    case Kind::C2C: return e.dbl ? CUFFT_Z2Z : CUFFT_C2C;
    case Kind::R2C: return e.dbl ? CUFFT_D2Z : CUFFT_R2C;
    case Kind::C2R: return e.dbl ? CUFFT_Z2D : CUFFT_C2R;
  }
  return CUFFT_C2C;
}

// The cached plan of a rank-`rank` transform of lengths n over `batch` packed blocks.
std::shared_ptr<cufft::Plan> plan_for(cufftType type, int rank, const int64_t* n, int64_t batch, int device) {
  std::string key = "cufft type=" + std::to_string(static_cast<int>(type)) + " n=";
  for (int i = 0; i < rank; ++i) {
    if (i) key += 'x';
    key += std::to_string(n[i]);
  }
  key += " batch=" + std::to_string(batch);
  auto p = plan_cache(false, device).get_or_make(key, [&] {
    long long dims[3] = {};
    for (int i = 0; i < rank; ++i) dims[i] = n[i];
    auto plan = std::make_shared<cufft::Plan>(rank, dims, type, static_cast<long long>(batch));
    return std::pair<PlanCache::Plan, int64_t>(plan, static_cast<int64_t>(plan->work_bytes()));
  });
  // The cache hands out const plans; binding a stream changes only the plan's own state.
  return std::const_pointer_cast<cufft::Plan>(std::static_pointer_cast<const cufft::Plan>(p));
}

void run(cufft::Plan& plan, cufftType type, bool forward, const void* in_c, void* out, const Stream& stream) {
  const cufft::Api& a = cufft::api();
  const cufftHandle h = plan.bind(static_cast<cudaStream_t>(stream.handle));
  void* in = const_cast<void*>(in_c);  // cuFFT's prototypes are not const; C2R inputs are copies
  switch (type) {
    case CUFFT_C2C:
      cufft::check(a.exec_c2c(h, static_cast<cufftComplex*>(in), static_cast<cufftComplex*>(out),
                              forward ? CUFFT_FORWARD : CUFFT_INVERSE),
                   "cufftExecC2C");
      break;
    case CUFFT_Z2Z:
      cufft::check(a.exec_z2z(h, static_cast<cufftDoubleComplex*>(in), static_cast<cufftDoubleComplex*>(out),
                              forward ? CUFFT_FORWARD : CUFFT_INVERSE),
                   "cufftExecZ2Z");
      break;
    case CUFFT_R2C:
      cufft::check(a.exec_r2c(h, static_cast<cufftReal*>(in), static_cast<cufftComplex*>(out)), "cufftExecR2C");
      break;
    case CUFFT_D2Z:
      cufft::check(a.exec_d2z(h, static_cast<cufftDoubleReal*>(in), static_cast<cufftDoubleComplex*>(out)),
                   "cufftExecD2Z");
      break;
    case CUFFT_C2R:
      cufft::check(a.exec_c2r(h, static_cast<cufftComplex*>(in), static_cast<cufftReal*>(out)), "cufftExecC2R");
      break;
    case CUFFT_Z2D:
      cufft::check(a.exec_z2d(h, static_cast<cufftDoubleComplex*>(in), static_cast<cufftDoubleReal*>(out)),
                   "cufftExecZ2D");
      break;
    default: break;
  }
}

void exec(const Exec1d& e) {
  const cufftType type = type_of(e);
  run(*plan_for(type, 1, &e.n, e.batch, e.device), type, e.forward, e.in, e.out, e.stream);
}

void exec_nd(const ExecNd& e) {
  const cufftType type = type_of(e);
  run(*plan_for(type, e.rank, e.n, e.batch, e.device), type, e.forward, e.in, e.out, e.stream);
}

// cuFFT neither scales nor keeps a C2R input intact: the front does both (Note [FFT module]).
constexpr FftFns kCudaFft{&exec, &exec_nd, /*scales=*/false, /*c2r_overwrites_input=*/true};
const dispatch::Registration reg(fft_table(), DeviceType::Cuda, &kCudaFft);

}  // namespace

}  // namespace cupric::fft::cuda
