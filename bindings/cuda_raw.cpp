// cupric._core._runtime.raw: cupric.cuda.runtime's raw-pointer functions (CuPy's
// cupy.cuda.runtime malloc/memcpy/stream*/event*/graph*/ipc*/memPool*): integer pointers and
// handles in and out, a failed status raised as CUDARuntimeError by cuda_raw_check. Thin: the
// calls are src/runtime/cuda/cuda_raw.cpp's.
#include <nanobind/stl/string.h>
#include <memory>
#include "common.hpp"
#include "cupric/runtime/cuda_raw.hpp"
#include "cupric/runtime/library_handles.hpp"

namespace cupric::py {

namespace {

const CudaRawFns& R() { return cuda_raw(); }
void check(int s) { cuda_raw_check(s); }

// A Python callback and its argument, owned by the CUDA call until it runs once.
struct Callback {
  nb::object fn, arg;
};
void run_stream_callback(uptr stream, int status, void* p) {
  nb::gil_scoped_acquire g;  // a CUDA driver thread
  std::unique_ptr<Callback> c(static_cast<Callback*>(p));
  try {
    c->fn(stream, status, c->arg);
  } catch (nb::python_error& e) { e.discard_as_unraisable("cupric.cuda.runtime.streamAddCallback callback"); }
}
void run_host_fn(void* p) {
  nb::gil_scoped_acquire g;
  std::unique_ptr<Callback> c(static_cast<Callback*>(p));
  try {
    c->fn(c->arg);
  } catch (nb::python_error& e) { e.discard_as_unraisable("cupric.cuda.runtime.launchHostFunc callback"); }
}

std::string ipc_handle(nb::bytes b) {
  if (b.size() != 64) throw ValueError("an IPC handle is 64 bytes, got " + std::to_string(b.size()));
  return std::string(b.c_str(), b.size());
}

}  // namespace

void init_cuda_raw(nb::module_& parent) {
  nb::module_ m = parent.def_submodule("raw", "cupric.cuda.runtime's raw-pointer functions");
  // ---- memory ----
  m.def("malloc", [](size_t n) {
    uptr p = 0;
    check(R().malloc(&p, n));
    return p;
  });
  m.def("free", [](uptr p) { check(R().free(p)); });
  m.def("mallocManaged", [](size_t n, unsigned flags) {
    uptr p = 0;
    check(R().malloc_managed(&p, n, flags));
    return p;
  });
  m.def("hostAlloc", [](size_t n, unsigned flags) {
    uptr p = 0;
    check(R().host_alloc(&p, n, flags));
    return p;
  });
  m.def("freeHost", [](uptr p) { check(R().free_host(p)); });
  m.def("hostRegister", [](uptr p, size_t n, unsigned flags) { check(R().host_register(p, n, flags)); });
  m.def("hostUnregister", [](uptr p) { check(R().host_unregister(p)); });
  m.def("mallocAsync", [](size_t n, uptr s) {
    uptr p = 0;
    check(R().malloc_async(&p, n, s));
    return p;
  });
  m.def("mallocFromPoolAsync", [](size_t n, uptr pool, uptr s) {
    uptr p = 0;
    check(R().malloc_from_pool_async(&p, n, pool, s));
    return p;
  });
  m.def("freeAsync", [](uptr p, uptr s) { check(R().free_async(p, s)); });
  m.def("memcpy", [](uptr dst, uptr src, size_t n, int kind) {
    const CudaRawFns& f = R();
    nb::gil_scoped_release r;
    check(f.memcpy(dst, src, n, kind));
  });
  m.def("memcpyAsync",
        [](uptr dst, uptr src, size_t n, int kind, uptr s) { check(R().memcpy_async(dst, src, n, kind, s)); });
  m.def("memcpyPeer", [](uptr dst, int dd, uptr src, int sd, size_t n) {
    const CudaRawFns& f = R();
    nb::gil_scoped_release r;
    check(f.memcpy_peer(dst, dd, src, sd, n, 0, false));
  });
  m.def("memcpyPeerAsync", [](uptr dst, int dd, uptr src, int sd, size_t n, uptr s) {
    check(R().memcpy_peer(dst, dd, src, sd, n, s, true));
  });
  m.def("memcpy2D", [](uptr dst, size_t dp, uptr src, size_t sp, size_t w, size_t h, int kind) {
    const CudaRawFns& f = R();
    nb::gil_scoped_release r;
    check(f.memcpy_2d(dst, dp, src, sp, w, h, kind, 0, false));
  });
  m.def("memcpy2DAsync", [](uptr dst, size_t dp, uptr src, size_t sp, size_t w, size_t h, int kind, uptr s) {
    check(R().memcpy_2d(dst, dp, src, sp, w, h, kind, s, true));
  });
  m.def("memset", [](uptr p, int v, size_t n) {
    const CudaRawFns& f = R();
    nb::gil_scoped_release r;
    check(f.memset(p, v, n, 0, false));
  });
  m.def("memsetAsync", [](uptr p, int v, size_t n, uptr s) { check(R().memset(p, v, n, s, true)); });
  m.def("memPrefetchAsync", [](uptr p, size_t n, int dev, uptr s) { check(R().mem_prefetch_async(p, n, dev, s)); });
  m.def("memAdvise", [](uptr p, size_t n, int advice, int dev) { check(R().mem_advise(p, n, advice, dev)); });
  m.def("pointerGetMemoryType", [](uptr p) {
    int t = 0;
    check(R().pointer_memory_type(&t, p));
    return t;
  });
  // ---- CUDA arrays ----
  m.def("mallocArray", [](uptr desc, size_t w, size_t h, size_t d, unsigned flags, bool three_d) {
    if (!desc) throw ValueError("the channel format descriptor's address is 0");
    uptr a = 0;
    check(R().malloc_array(&a, desc, w, h, d, flags, three_d));
    return a;
  });
  m.def("freeArray", [](uptr a) { check(R().free_array(a)); });
  m.def("memcpy2DToArray",
        [](uptr dst, size_t wo, size_t ho, uptr src, size_t sp, size_t w, size_t h, int kind, uptr s, bool async) {
          const CudaRawFns& f = R();
          if (async) return check(f.memcpy_2d_to_array(dst, wo, ho, src, sp, w, h, kind, s, true));
          nb::gil_scoped_release r;
          check(f.memcpy_2d_to_array(dst, wo, ho, src, sp, w, h, kind, 0, false));
        });
  m.def("memcpy2DFromArray",
        [](uptr dst, size_t dp, uptr src, size_t wo, size_t ho, size_t w, size_t h, int kind, uptr s, bool async) {
          const CudaRawFns& f = R();
          if (async) return check(f.memcpy_2d_from_array(dst, dp, src, wo, ho, w, h, kind, s, true));
          nb::gil_scoped_release r;
          check(f.memcpy_2d_from_array(dst, dp, src, wo, ho, w, h, kind, 0, false));
        });
  m.def("memcpy3D", [](uptr params, uptr s, bool async) {
    if (!params) throw ValueError("the cudaMemcpy3DParms address is 0");
    const CudaRawFns& f = R();
    if (async) return check(f.memcpy_3d(params, s, true));
    nb::gil_scoped_release r;
    check(f.memcpy_3d(params, 0, false));
  });
  // ---- devices ----
  m.def("deviceCanAccessPeer", [](int d, int peer) {
    int can = 0;
    check(R().device_can_access_peer(&can, d, peer));
    return can;
  });
  m.def("deviceEnablePeerAccess", [](int peer) { check(R().device_enable_peer_access(peer)); });
  m.def("deviceDisablePeerAccess", [](int peer) { check(R().device_disable_peer_access(peer)); });
  m.def("deviceGetLimit", [](int limit) {
    size_t v = 0;
    check(R().device_get_limit(&v, limit));
    return v;
  });
  m.def("deviceSetLimit", [](int limit, size_t v) { check(R().device_set_limit(limit, v)); });
  m.def("deviceGetByPCIBusId", [](const std::string& bus) {
    int d = 0;
    check(R().device_get_by_pci_bus_id(&d, bus.c_str()));
    return d;
  });
  // ---- streams ----
  m.def("streamCreate", [](unsigned flags, int priority, bool with_priority) {
    uptr s = 0;
    check(R().stream_create(&s, flags, priority, with_priority));
    return s;
  });
  m.def("streamDestroy", [](uptr s) { check(R().stream_destroy(s)); });
  m.def("streamSynchronize", [](uptr s) {
    const CudaRawFns& f = R();
    nb::gil_scoped_release r;
    check(f.stream_synchronize(s));
  });
  m.def("streamQuery", [](uptr s) { return R().stream_query(s); });  // the status: Python checks it
  m.def("streamGetFlags", [](uptr s) {
    unsigned flags = 0;
    check(R().stream_get_flags(&flags, s));
    return flags;
  });
  m.def("streamGetPriority", [](uptr s) {
    int p = 0;
    check(R().stream_get_priority(&p, s));
    return p;
  });
  m.def("streamWaitEvent", [](uptr s, uptr e, unsigned flags) { check(R().stream_wait_event(s, e, flags)); });
  m.def("streamAddCallback", [](uptr s, nb::object fn, nb::object arg, unsigned flags) {
    auto* c = new Callback{std::move(fn), std::move(arg)};
    int st = R().stream_add_callback(s, &run_stream_callback, c, flags);
    if (st != 0) delete c;
    check(st);
  });
  m.def("launchHostFunc", [](uptr s, nb::object fn, nb::object arg) {
    auto* c = new Callback{std::move(fn), std::move(arg)};
    int st = R().launch_host_func(s, &run_host_fn, c);
    if (st != 0) delete c;
    check(st);
  });
  m.def("streamBeginCapture", [](uptr s, int mode) { check(R().stream_begin_capture(s, mode)); });
  m.def("streamEndCapture", [](uptr s) {
    uptr g = 0;
    check(R().stream_end_capture(&g, s));
    return g;
  });
  m.def("streamIsCapturing", [](uptr s) {
    int status = 0;
    check(R().stream_is_capturing(&status, s));
    return status;
  });
  // ---- events ----
  m.def("eventCreate", [](unsigned flags) {
    uptr e = 0;
    check(R().event_create(&e, flags));
    return e;
  });
  m.def("eventDestroy", [](uptr e) { check(R().event_destroy(e)); });
  m.def("eventRecord", [](uptr e, uptr s) { check(R().event_record(e, s)); });
  m.def("eventSynchronize", [](uptr e) {
    const CudaRawFns& f = R();
    nb::gil_scoped_release r;
    check(f.event_synchronize(e));
  });
  m.def("eventQuery", [](uptr e) { return R().event_query(e); });
  m.def("eventElapsedTime", [](uptr a, uptr b) {
    float ms = 0;
    check(R().event_elapsed_time(&ms, a, b));
    return ms;
  });
  // ---- graphs ----
  m.def("graphInstantiate", [](uptr g) {
    uptr x = 0;
    check(R().graph_instantiate(&x, g));
    return x;
  });
  m.def("graphLaunch", [](uptr x, uptr s) { check(R().graph_launch(x, s)); });
  m.def("graphUpload", [](uptr x, uptr s) { check(R().graph_upload(x, s)); });
  m.def("graphDestroy", [](uptr g) { check(R().graph_destroy(g)); });
  m.def("graphExecDestroy", [](uptr x) { check(R().graph_exec_destroy(x)); });
  m.def("graphDebugDotPrint", [](uptr g, const std::string& path, unsigned flags) {
    check(R().graph_debug_dot_print(g, path.c_str(), flags));
  });
  // ---- interprocess handles ----
  m.def("ipcGetMemHandle", [](uptr p) {
    std::string h;
    check(R().ipc_get_mem_handle(&h, p));
    return nb::bytes(h.data(), h.size());
  });
  m.def("ipcOpenMemHandle", [](nb::bytes h, unsigned flags) {
    std::string s = ipc_handle(h);
    uptr p = 0;
    check(R().ipc_open_mem_handle(&p, s, flags));
    return p;
  });
  m.def("ipcCloseMemHandle", [](uptr p) { check(R().ipc_close_mem_handle(p)); });
  m.def("ipcGetEventHandle", [](uptr e) {
    std::string h;
    check(R().ipc_get_event_handle(&h, e));
    return nb::bytes(h.data(), h.size());
  });
  m.def("ipcOpenEventHandle", [](nb::bytes h) {
    std::string s = ipc_handle(h);
    uptr e = 0;
    check(R().ipc_open_event_handle(&e, s));
    return e;
  });
  // ---- stream-ordered memory pools ----
  m.def("deviceGetDefaultMemPool", [](int d) {
    uptr p = 0;
    check(R().device_get_default_mem_pool(&p, d));
    return p;
  });
  m.def("deviceGetMemPool", [](int d) {
    uptr p = 0;
    check(R().device_get_mem_pool(&p, d));
    return p;
  });
  m.def("deviceSetMemPool", [](int d, uptr p) { check(R().device_set_mem_pool(d, p)); });
  m.def("memPoolCreate", [](int alloc_type, int handle_type, int location_type, int device) {
    uptr p = 0;
    check(R().mem_pool_create(&p, alloc_type, handle_type, location_type, device));
    return p;
  });
  m.def("memPoolDestroy", [](uptr p) { check(R().mem_pool_destroy(p)); });
  m.def("memPoolTrimTo", [](uptr p, size_t keep) { check(R().mem_pool_trim_to(p, keep)); });
  m.def("memPoolGetAttribute", [](uptr p, int attr) {
    uint64_t v = 0;
    check(R().mem_pool_get_attribute(&v, p, attr));
    return v;
  });
  m.def("memPoolSetAttribute", [](uptr p, int attr, uint64_t v) { check(R().mem_pool_set_attribute(p, attr, v)); });
  m.def("check_status", [](int s) { check(s); });
  // cupric.cuda.device.get_cublas_handle & co (0: cuBLAS, 1: cuSOLVER, 2: cuSPARSE).
  m.def("library_handle", [](int lib) {
    if (lib < 0 || lib > 2) throw ValueError("unknown library " + std::to_string(lib));
    return library_handle(static_cast<CudaLibrary>(lib));
  });
}

}  // namespace cupric::py
