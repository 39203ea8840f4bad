// The CUDA backend of cupric.fft: batched 1-D transforms on cuFFT plans cached per thread and
// device (Note [cuFFT plans] in src/runtime/cuda/libs/cufft.cpp, Note [FFT plan cache] in
// src/fft/plan_cache.hpp).
#include <string>
#include <vector>
#include "fft/fft_table.hpp"
#include "fft/plan_cache.hpp"
#include "fft/cuda/lto_compile.hpp"
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

// The callbacks' types for a plan of `type` (Note [cuFFT callbacks] in src/fft/callbacks.cpp).
std::vector<cufft::JitCallback> jit_callbacks(const Callbacks* cb, cufftType type) {
  std::vector<cufft::JitCallback> v;
  if (!cb) return v;
  const bool dbl = type == CUFFT_Z2Z || type == CUFFT_D2Z || type == CUFFT_Z2D;
  const bool real_in = type == CUFFT_R2C || type == CUFFT_D2Z;
  const bool real_out = type == CUFFT_C2R || type == CUFFT_Z2D;
  if (!cb->load_lto.empty()) {
    const auto t = real_in ? (dbl ? CUFFT_CB_LD_REAL_DOUBLE : CUFFT_CB_LD_REAL)
                           : (dbl ? CUFFT_CB_LD_COMPLEX_DOUBLE : CUFFT_CB_LD_COMPLEX);
    v.push_back({&cb->load_lto, &cb->load_name, t, reinterpret_cast<void*>(cb->load_data)});
  }
  if (!cb->store_lto.empty()) {
    const auto t = real_out ? (dbl ? CUFFT_CB_ST_REAL_DOUBLE : CUFFT_CB_ST_REAL)
                            : (dbl ? CUFFT_CB_ST_COMPLEX_DOUBLE : CUFFT_CB_ST_COMPLEX);
    v.push_back({&cb->store_lto, &cb->store_name, t, reinterpret_cast<void*>(cb->store_data)});
  }
  return v;
}

// The cached plan of a rank-`rank` transform of lengths n over `batch` packed blocks, with the
// thread's callbacks if any.
std::shared_ptr<cufft::Plan> plan_for(cufftType type, int rank, const int64_t* n, int64_t batch, int device,
                                      const Callbacks* cb) {
  std::string key = "cufft type=" + std::to_string(static_cast<int>(type)) + " n=";
  for (int i = 0; i < rank; ++i) {
    if (i) key += 'x';
    key += std::to_string(n[i]);
  }
  key += " batch=" + std::to_string(batch);
  if (cb) key += " callbacks=" + cb->key;
  auto p = plan_cache(false, device).get_or_make(key, [&] {
    long long dims[3] = {};
    for (int i = 0; i < rank; ++i) dims[i] = n[i];
    auto plan = std::make_shared<cufft::Plan>(rank, dims, type, static_cast<long long>(batch), jit_callbacks(cb, type));
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

// A C2C transform spread over e.gpus (Note [Multi-GPU FFT] in src/runtime/cuda/libs/cufft.cpp),
// its plan cached on the current device with the GPU list in its key.
void exec_multi_gpu(const Exec1d& e, cufftType type) {
  std::string key = "cufft-multi-gpu type=" + std::to_string(static_cast<int>(type)) + " n=" + std::to_string(e.n) +
                    " batch=" + std::to_string(e.batch) + " gpus=";
  for (int g : *e.gpus) key += std::to_string(g) + ",";
  auto p = plan_cache(false, e.device).get_or_make(key, [&] {
    auto plan = std::make_shared<cufft::MultiGpuPlan>(*e.gpus, static_cast<long long>(e.n), type,
                                                      static_cast<long long>(e.batch));
    return std::pair<PlanCache::Plan, int64_t>(plan, static_cast<int64_t>(plan->bytes()));
  });
  auto plan = std::const_pointer_cast<cufft::MultiGpuPlan>(std::static_pointer_cast<const cufft::MultiGpuPlan>(p));
  plan->exec(e.in, e.out, e.forward, static_cast<cudaStream_t>(e.stream.handle));
}

void exec(const Exec1d& e) {
  const cufftType type = type_of(e);
  if (e.gpus) return exec_multi_gpu(e, type);
  run(*plan_for(type, 1, &e.n, e.batch, e.device, e.callbacks), type, e.forward, e.in, e.out, e.stream);
}

void exec_nd(const ExecNd& e) {
  const cufftType type = type_of(e);
  run(*plan_for(type, e.rank, e.n, e.batch, e.device, e.callbacks), type, e.forward, e.in, e.out, e.stream);
}

// cuFFT neither scales nor keeps a C2R input intact: the front does both (Note [FFT module]).
constexpr FftFns kCudaFft{&exec, &exec_nd, /*scales=*/false, /*c2r_overwrites_input=*/true, &compile_lto_callback};
const dispatch::Registration reg(fft_table(), DeviceType::Cuda, &kCudaFft);

}  // namespace

}  // namespace cupric::fft::cuda
