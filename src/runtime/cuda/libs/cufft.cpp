// cuFFT through dlopen (src/runtime/cuda/libs/cufft.hpp).
//
// Note [cuFFT plans]
// cuFFT is loaded as the other CUDA libraries are (Note [CUDA libraries] in cublas.cpp): at the
// first transform, never at import, a RuntimeError naming the pip package when it is missing,
// and listed by cupric.show_config(). What differs is the handle: a cuFFT plan is made for one
// transform shape, so plans, not per-thread handles, are what is cached (Note [FFT plan cache] in
// src/fft/plan_cache.hpp). Each plan is made with cufftSetAutoAllocation(0): cuFFT reports the
// work area it needs and cupric gives it one from its own pool, allocated in the order of the
// stream the plan runs on. A plan is bound to the current stream at each use (cufftSetStream and
// a work area of that stream only when the stream changed: one compare otherwise), so nothing
// allocates behind the pool's back and a transform can be recorded into a CUDA graph. Plan
// creation itself (cuFFT's twiddle tables) may call cudaMalloc, so it runs in relaxed capture
// mode, as cublasCreate does. As cuBLAS's workspaces, a plan keeps one work area per stream it
// ran on (the last kMaxWorkAreas streams), so switching between streams neither reallocates nor
// hands an area still in use by one stream's queued transforms to another.
#include "runtime/cuda/libs/cufft.hpp"
#include <dlfcn.h>
#include <cstdint>
#include <string>
#include "cupric/error.hpp"
#include "cupric/runtime/backend.hpp"
#include "cupric/runtime/libraries.hpp"
#include "runtime/cuda/cuda_check.hpp"
#include "runtime/cuda/libs/library.hpp"

namespace cupric::cufft {

namespace {

constexpr cuda_libs::LibraryName kLibrary{"cufft", "cuFFT", "nvidia-cufft"};

constexpr size_t kMaxWorkAreas = 4;

const char* result_name(cufftResult r) {
  switch (r) {
    case CUFFT_INVALID_PLAN: return "CUFFT_INVALID_PLAN";
    case CUFFT_ALLOC_FAILED: return "CUFFT_ALLOC_FAILED";
    case CUFFT_INVALID_TYPE: return "CUFFT_INVALID_TYPE";
    case CUFFT_INVALID_VALUE: return "CUFFT_INVALID_VALUE";
    case CUFFT_INTERNAL_ERROR: return "CUFFT_INTERNAL_ERROR";
    case CUFFT_EXEC_FAILED: return "CUFFT_EXEC_FAILED";
    case CUFFT_SETUP_FAILED: return "CUFFT_SETUP_FAILED";
    case CUFFT_INVALID_SIZE: return "CUFFT_INVALID_SIZE";
    case CUFFT_INVALID_DEVICE: return "CUFFT_INVALID_DEVICE";
    case CUFFT_NOT_SUPPORTED: return "CUFFT_NOT_SUPPORTED";
    case CUFFT_MISSING_DEPENDENCY: return "CUFFT_MISSING_DEPENDENCY";
    case CUFFT_NVRTC_FAILURE: return "CUFFT_NVRTC_FAILURE";
    case CUFFT_NVJITLINK_FAILURE: return "CUFFT_NVJITLINK_FAILURE";
    default: return nullptr;
  }
}

}  // namespace

const Api& api() {
  static const Api a = cuda_libs::resolve_api<Api>(
      kLibrary, "cuFFT 11", [](Api& api, auto resolve) { CUPRIC_CUFFT_API(CUPRIC_LIBRARY_API_RESOLVE) });
  return a;
}

void check(cufftResult r, const char* what) {
  if (r == CUFFT_SUCCESS) return;
  const char* name = result_name(r);
  throw RuntimeError(std::string("cuFFT error ") + (name ? name : "CUFFT_" + std::to_string(int(r))) + " in " + what);
}

namespace {

// cufftXtSetJITCallback: cuFFT 12 (CUDA 13) takes the callback's symbol name, cuFFT 11 did not.
cufftResult set_jit_callback(cufftHandle h, const JitCallback& cb) {
  // cuFFT links LTO callbacks with nvJitLink, which it opens by soname when the plan is made. It is
  // loaded here first, from where cupric finds the CUDA libraries (Note [Library search order] in
  // src/runtime/libraries.cpp), so cuFFT's own dlopen finds it already mapped whatever the loader's
  // path says, and a missing one is named instead of surfacing as CUFFT_INTERNAL_ERROR.
  static const LibraryInfo jitlink = find_library("nvjitlink", {}, nullptr);
  if (!jitlink.found) throw RuntimeError("cuFFT's LTO callbacks need nvJitLink, " + jitlink.error);
  int version = 0;
  api().get_version(&version);
  void* info = cb.data;
  void* f = dlsym(cuda_libs::lazy_library<kLibrary>(), "cufftXtSetJITCallback");
  if (!f)
    throw RuntimeError(
        "the cuFFT library found has no LTO callbacks (cufftXtSetJITCallback); cuFFT 11.5 (CUDA 12.6) "
        "or newer is needed: pip install -U nvidia-cufft");
  if (version >= 12000) {
    using F = cufftResult (*)(cufftHandle, const char*, const void*, size_t, cufftXtCallbackType, void**);
    return reinterpret_cast<F>(f)(h, cb.name->c_str(), cb.lto->data(), cb.lto->size(), cb.type, &info);
  }
  using F = cufftResult (*)(cufftHandle, const void*, size_t, cufftXtCallbackType, void**);
  return reinterpret_cast<F>(f)(h, cb.lto->data(), cb.lto->size(), cb.type, &info);
}

}  // namespace

Plan::Plan(int rank, const long long* n, cufftType type, long long batch, const std::vector<JitCallback>& callbacks)
    : type_(type) {
  const Api& a = api();
  RelaxedCapture relaxed;  // plan creation may cudaMalloc its tables (Note [cuFFT plans])
  check(a.create(&h_), "cufftCreate");
  for (const JitCallback& cb : callbacks) {
    const cufftResult r = set_jit_callback(h_, cb);
    if (r != CUFFT_SUCCESS) {
      a.destroy(h_);
      h_ = 0;
      check(r, "cufftXtSetJITCallback");
    }
  }
  check(a.set_auto_allocation(h_, 0), "cufftSetAutoAllocation");
  long long dims[3] = {n[0], rank > 1 ? n[1] : 0, rank > 2 ? n[2] : 0};
  const cufftResult r = a.make_plan_many64(h_, rank, dims, nullptr, 1, 0, nullptr, 1, 0, type, batch, &work_bytes_);
  if (r != CUFFT_SUCCESS) {
    a.destroy(h_);
    h_ = 0;
    check(r, "cufftMakePlanMany64");
  }
}

Plan::~Plan() {
  if (h_) api().destroy(h_);  // h_ was made through api(), so the library is loaded
}

cufftHandle Plan::bind(cudaStream_t stream) {
  if (has_bound_ && bound_ == stream) [[likely]]
    return h_;
  const Api& a = api();
  check(a.set_stream(h_, stream), "cufftSetStream");
  if (work_bytes_ > 0) {
    Work* w = nullptr;
    for (auto& x : work_)
      if (x.stream == stream) w = &x;
    if (!w) {
      if (work_.size() >= kMaxWorkAreas) work_.erase(work_.begin());
      work_.push_back({stream, allocate(*cuda_backend_if_built(), work_bytes_)});  // in this stream's order
      w = &work_.back();
    }
    check(a.set_work_area(h_, w->mem->ptr()), "cufftSetWorkArea");
  }
  bound_ = stream;
  has_bound_ = true;
  return h_;
}

// Note [Multi-GPU FFT]
// cupric.fft.config.use_multi_gpus with set_cufft_gpus (CuPy's, experimental there too) spreads a
// 1-D complex-to-complex transform over several GPUs with cuFFT's multi-GPU API: the plan is told
// its GPUs (cufftXtSetGPUs) before it is made, and it runs on cuFFT's own multi-GPU buffers
// (cufftXtMalloc), not on the array: cuFFT lays a natural-order input out as consecutive chunks,
// one per GPU in the list's order (a single transform: its halves, quarters, ...; a batch: whole
// rows), so the input is copied chunk by chunk (cudaMemcpy with cudaMemcpyDefault, any GPU to any
// GPU) and the transform runs in place. A single transform leaves its result shuffled across the
// GPUs (a batch does not); cufftXtMemcpy device-to-device reorders it into a second buffer, whose chunks are then
// copied to the output in order. Both buffers and cuFFT's work areas (auto-allocated on each GPU:
// cupric's pool serves one device per allocation) belong to the plan, are counted in the plan
// cache's memory and freed with it. The call is synchronous: it waits for the current stream
// before reading the input and for every GPU before writing the output, so it cannot be captured
// in a CUDA graph (cuFFT's multi-GPU plans are not capturable either).

MultiGpuPlan::MultiGpuPlan(const std::vector<int>& gpus, long long n, cufftType type, long long batch)
    : type_(type), gpus_(gpus) {
  const Api& a = api();
  check(a.create(&h_), "cufftCreate");
  try {
    check(a.xt_set_gpus(h_, static_cast<int>(gpus_.size()), gpus_.data()), "cufftXtSetGPUs");
    std::vector<size_t> work(gpus_.size(), 0);  // one work area per GPU
    // cufftMakePlan1d: the entry cuFFT documents for multi-GPU 1-D plans (32-bit sizes).
    if (n > INT32_MAX || batch > INT32_MAX)
      throw ValueError("a multi-GPU FFT takes lengths and batches below 2**31 (cuFFT's cufftMakePlan1d); got n=" +
                       std::to_string(n) + ", batch=" + std::to_string(batch));
    check(a.make_plan1d(h_, static_cast<int>(n), type, static_cast<int>(batch), work.data()),
          "cufftMakePlan1d (multi-GPU)");
    check(a.xt_malloc(h_, &data_, CUFFT_XT_FORMAT_INPLACE), "cufftXtMalloc");
    if (batch == 1) check(a.xt_malloc(h_, &natural_, CUFFT_XT_FORMAT_INPLACE), "cufftXtMalloc");  // shuffled result
    total_ = static_cast<size_t>(n * batch) * (type == CUFFT_Z2Z ? sizeof(cufftDoubleComplex) : sizeof(cufftComplex));
    size_t held = 0;
    for (int i = 0; i < data_->descriptor->nGPUs; ++i) held += data_->descriptor->size[i];
    if (held != total_)
      throw RuntimeError("cuFFT's multi-GPU buffer holds " + std::to_string(held) + " bytes for a transform of " +
                         std::to_string(total_) + " (Note [Multi-GPU FFT]); run it on one GPU");
    bytes_ = natural_ ? 2 * held : held;
    for (size_t w : work) bytes_ += w;
  } catch (...) {
    release();
    throw;
  }
}

void MultiGpuPlan::release() {
  const Api& a = api();
  if (data_) a.xt_free(data_);
  if (natural_) a.xt_free(natural_);
  if (h_) a.destroy(h_);
  data_ = natural_ = nullptr;
  h_ = 0;
}

MultiGpuPlan::~MultiGpuPlan() { release(); }

void MultiGpuPlan::exec(const void* in, void* out, bool forward, cudaStream_t stream) {
  const Api& a = api();
  cuda_check(cudaStreamSynchronize(stream), "cudaStreamSynchronize");  // the input is ready
  const cudaXtDesc* d = data_->descriptor;
  size_t off = 0;
  for (int i = 0; i < d->nGPUs; ++i) {
    cuda_check(cudaMemcpy(d->data[i], static_cast<const char*>(in) + off, d->size[i], cudaMemcpyDefault),
               "cudaMemcpy (multi-GPU FFT input)");
    off += d->size[i];
  }
  data_->subFormat = CUFFT_XT_FORMAT_INPLACE;  // natural order again (a previous run shuffled it)
  check(a.xt_exec_descriptor(h_, data_, data_, forward ? CUFFT_FORWARD : CUFFT_INVERSE), "cufftXtExecDescriptor");
  cudaLibXtDesc* result = data_;
  if (data_->subFormat == CUFFT_XT_FORMAT_INPLACE_SHUFFLED) {
    if (!natural_) check(a.xt_malloc(h_, &natural_, CUFFT_XT_FORMAT_INPLACE), "cufftXtMalloc");
    natural_->subFormat = CUFFT_XT_FORMAT_INPLACE;
    check(a.xt_memcpy(h_, natural_, data_, CUFFT_COPY_DEVICE_TO_DEVICE), "cufftXtMemcpy (reorder)");
    result = natural_;
  }
  for (int g : gpus_) {
    DeviceGuard on(g);
    cuda_check(cudaDeviceSynchronize(), "cudaDeviceSynchronize (multi-GPU FFT)");
  }
  const cudaXtDesc* r = result->descriptor;
  off = 0;
  for (int i = 0; i < r->nGPUs; ++i) {
    cuda_check(cudaMemcpy(static_cast<char*>(out) + off, r->data[i], r->size[i], cudaMemcpyDefault),
               "cudaMemcpy (multi-GPU FFT output)");
    off += r->size[i];
  }
}

}  // namespace cupric::cufft
