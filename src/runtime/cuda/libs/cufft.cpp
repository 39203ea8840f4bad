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
#include <string>
#include "cupric/error.hpp"
#include "cupric/runtime/backend.hpp"
#include "cupric/runtime/libraries.hpp"
#include "runtime/cuda/cuda_check.hpp"
#include "runtime/cuda/libs/library.hpp"

namespace cupric::cufft {

namespace {

void* g_lib = nullptr;

constexpr cuda_libs::LibraryName kLibrary{"cufft", "cuFFT", "nvidia-cufft"};

template <class F>
void resolve(void* h, const char* name, F& f) {
  f = reinterpret_cast<F>(cuda_libs::library_symbol(h, kLibrary, name, " (cupric needs cuFFT 11 or newer)"));
}

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
  static const Api a = [] {
    void* h = cuda_libs::load_library(kLibrary);
    Api r{};
    resolve(h, "cufftCreate", r.create);
    resolve(h, "cufftDestroy", r.destroy);
    resolve(h, "cufftSetAutoAllocation", r.set_auto_allocation);
    resolve(h, "cufftMakePlanMany64", r.make_plan_many64);
    resolve(h, "cufftSetWorkArea", r.set_work_area);
    resolve(h, "cufftSetStream", r.set_stream);
    resolve(h, "cufftExecC2C", r.exec_c2c);
    resolve(h, "cufftExecZ2Z", r.exec_z2z);
    resolve(h, "cufftExecR2C", r.exec_r2c);
    resolve(h, "cufftExecD2Z", r.exec_d2z);
    resolve(h, "cufftExecC2R", r.exec_c2r);
    resolve(h, "cufftExecZ2D", r.exec_z2d);
    resolve(h, "cufftGetVersion", r.get_version);
    g_lib = h;
    return r;
  }();
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
  void* f = dlsym(g_lib, "cufftXtSetJITCallback");
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
  if (h_ && g_lib) api().destroy(h_);
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

}  // namespace cupric::cufft
