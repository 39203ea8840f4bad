// cuBLAS through dlopen (src/runtime/cuda/libs/cublas.hpp).
//
// Note [CUDA libraries]
// cupric links no CUDA math library (DESIGN.md decision 8): `import cupric` and a host-only user
// never pay for loading cuBLAS (~100 MB of code). Each library under src/runtime/cuda/libs/ is a
// wrapper of the same shape:
//  - find_library("<name>") (Note [Library search order] in src/runtime/libraries.cpp) at the
//    first call that needs it; entry points by dlsym, prototypes from the toolkit's headers;
//    a missing library or entry point is a RuntimeError saying what to `pip install`.
//  - One handle per (device, thread), created at first use on that thread and never shared, so
//    no lock is taken per call. The handle remembers the stream it was last bound to and calls
//    cublasSetStream only when the current stream differs (one compare on the hot path).
//  - The workspace comes from cupric's memory pool, one per (handle, stream) (a workspace is
//    reused only by work in its own stream order) and is bound again after every
//    cublasSetStream (which resets it). cuBLAS therefore never allocates behind the pool's back,
//    which is what makes a GEMM safe inside a CUDA graph capture.
//  - A handle of a thread that ends is destroyed with the thread; the main thread's handles are
//    left for process exit (the CUDA runtime may already be shutting down by then).
// The loading, entry points and per-thread state are shared by the wrappers (library.hpp): an
// entry-point table is listed once, X(field, symbol), and typed and resolved from that list
// (resolve_api); any other entry comes by name (lazy_symbol); work areas from the pool (workspace).
#include "runtime/cuda/libs/cublas.hpp"
#include <memory>
#include <mutex>
#include <string>
#include <vector>
#include "cupric/error.hpp"
#include "cupric/memory.hpp"
#include "cupric/runtime/backend.hpp"
#include "runtime/cuda/cuda_check.hpp"
#include "runtime/cuda/libs/library.hpp"

namespace cupric::cublas {

namespace {

constexpr cuda_libs::LibraryName kLibrary{"cublas", "cuBLAS", "nvidia-cublas"};

// cuBLAS wants 32 MiB of workspace on Hopper and Blackwell, 4 MiB before; 32 MiB covers both.
constexpr size_t kWorkspaceBytes = size_t{32} << 20;
constexpr size_t kMaxWorkspaces = 4;  // per handle: the streams used most recently

struct Workspace {
  cudaStream_t stream;
  std::shared_ptr<Memory> mem;
};

struct PerDevice {
  cublasHandle_t handle = nullptr;
  cudaStream_t bound = nullptr;
  bool has_bound = false;
  std::vector<Workspace> workspaces;  // most recent last
};

struct ThreadHandles {
  std::vector<PerDevice> devices;
  ~ThreadHandles() {  // a handle was made through api(), so the library is loaded
    for (auto& d : devices)
      if (d.handle) api().destroy(d.handle);
  }
};

std::vector<PerDevice>& thread_devices() { return cuda_libs::thread_state<ThreadHandles>().devices; }

void bind_workspace(PerDevice& d, cudaStream_t stream) {
  Workspace* ws = nullptr;
  for (auto& w : d.workspaces)
    if (w.stream == stream) ws = &w;
  if (!ws) {
    if (d.workspaces.size() >= kMaxWorkspaces) d.workspaces.erase(d.workspaces.begin());
    Backend* b = cuda_backend_if_built();
    d.workspaces.push_back(Workspace{stream, allocate(*b, kWorkspaceBytes)});
    ws = &d.workspaces.back();
  }
  check(api().set_workspace(d.handle, ws->mem->ptr(), kWorkspaceBytes), "cublasSetWorkspace");
}

}  // namespace

const Api& api() {
  static const Api a = cuda_libs::resolve_api<Api>(
      kLibrary, "cuBLAS 12", [](Api& api, auto resolve) { CUPRIC_CUBLAS_API(CUPRIC_LIBRARY_API_RESOLVE) });
  return a;
}

// Loads the library through api(), so that an entry point is never handed out by a libcublas
// too old for the Api table.
void* symbol(const char* name) {
  api();
  return cuda_libs::lazy_symbol<kLibrary>(name);
}

void check(cublasStatus_t status, const char* what) {
  if (status == CUBLAS_STATUS_SUCCESS) return;
  const char* name = api().status_name(status);  // a status comes from an entry point: api() is loaded
  throw RuntimeError(std::string("cuBLAS error ") + (name ? name : "CUBLAS_STATUS_" + std::to_string(int(status))) +
                     " in " + what);
}

cublasHandle_t existing_handle(int device) {
  const auto& devices = thread_devices();
  return device >= 0 && device < static_cast<int>(devices.size()) ? devices[static_cast<size_t>(device)].handle
                                                                  : nullptr;
}

cublasHandle_t handle(int device, cudaStream_t stream) {
  auto& devices = thread_devices();
  if (device >= static_cast<int>(devices.size())) [[unlikely]]
    devices.resize(device + 1);
  PerDevice& d = devices[device];
  if (d.handle && d.has_bound && d.bound == stream) [[likely]]
    return d.handle;
  const Api& a = api();
  if (!d.handle) {
    RelaxedCapture relaxed;  // cublasCreate allocates; allowed while another stream captures
    check(a.create(&d.handle), "cublasCreate");
  }
  check(a.set_stream(d.handle, stream), "cublasSetStream");
  bind_workspace(d, stream);  // after SetStream, which resets the workspace
  d.bound = stream;
  d.has_bound = true;
  return d.handle;
}

}  // namespace cupric::cublas
