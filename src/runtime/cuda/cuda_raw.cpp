// The CUDA side of cupric.cuda.runtime's raw-pointer functions (cupric/runtime/cuda_raw.hpp):
// each entry is the one CUDA runtime call, its status returned as CuPy's module checks it.
#include <cuda_runtime.h>
#include <cstring>
#include "cupric/runtime/cuda_raw.hpp"
#include "runtime/cuda/cuda_check.hpp"

namespace cupric {
namespace {

template <class T>
T* as(uptr p) {
  return reinterpret_cast<T*>(p);
}
cudaStream_t st(uptr s) { return reinterpret_cast<cudaStream_t>(s); }
cudaEvent_t ev(uptr e) { return reinterpret_cast<cudaEvent_t>(e); }
template <class T>
uptr u(T* p) {
  return reinterpret_cast<uptr>(p);
}

// A failed call leaves its error as the thread's last error: clear it, as CuPy's check_status does.
int ret(cudaError_t e) {
  if (e != cudaSuccess) cudaGetLastError();
  return static_cast<int>(e);
}

template <class T, class Call>
int out(uptr* p, Call call) {
  T* q = nullptr;
  int s = ret(call(&q));
  *p = u(q);
  return s;
}

// cudaStreamAddCallback's callback takes typed handles; the table's takes integers.
struct StreamCallback {
  void (*fn)(uptr, int, void*);
  void* data;
};
void CUDART_CB run_stream_callback(cudaStream_t s, cudaError_t status, void* p) {
  StreamCallback c = *static_cast<StreamCallback*>(p);
  delete static_cast<StreamCallback*>(p);
  c.fn(u(s), static_cast<int>(status), c.data);
}

const CudaRawFns kRaw{
    // memory
    [](uptr* p, size_t n) { return out<void>(p, [&](void** q) { return cudaMalloc(q, n); }); },
    [](uptr p) { return ret(cudaFree(as<void>(p))); },
    [](uptr* p, size_t n, unsigned flags) {
      return out<void>(p, [&](void** q) { return cudaMallocManaged(q, n, flags); });
    },
    [](uptr* p, size_t n, unsigned flags) {
      return out<void>(p, [&](void** q) { return cudaHostAlloc(q, n, flags); });
    },
    [](uptr p) { return ret(cudaFreeHost(as<void>(p))); },
    [](uptr p, size_t n, unsigned flags) { return ret(cudaHostRegister(as<void>(p), n, flags)); },
    [](uptr p) { return ret(cudaHostUnregister(as<void>(p))); },
    [](uptr* p, size_t n, uptr s) { return out<void>(p, [&](void** q) { return cudaMallocAsync(q, n, st(s)); }); },
    [](uptr* p, size_t n, uptr pool, uptr s) {
      return out<void>(
          p, [&](void** q) { return cudaMallocFromPoolAsync(q, n, reinterpret_cast<cudaMemPool_t>(pool), st(s)); });
    },
    [](uptr p, uptr s) { return ret(cudaFreeAsync(as<void>(p), st(s))); },
    [](uptr dst, uptr src, size_t n, int kind) {
      return ret(cudaMemcpy(as<void>(dst), as<const void>(src), n, static_cast<cudaMemcpyKind>(kind)));
    },
    [](uptr dst, uptr src, size_t n, int kind, uptr s) {
      return ret(cudaMemcpyAsync(as<void>(dst), as<const void>(src), n, static_cast<cudaMemcpyKind>(kind), st(s)));
    },
    [](uptr dst, int dd, uptr src, int sd, size_t n, uptr s, bool async) {
      return ret(async ? cudaMemcpyPeerAsync(as<void>(dst), dd, as<const void>(src), sd, n, st(s))
                       : cudaMemcpyPeer(as<void>(dst), dd, as<const void>(src), sd, n));
    },
    [](uptr dst, size_t dp, uptr src, size_t sp, size_t w, size_t h, int kind, uptr s, bool async) {
      auto k = static_cast<cudaMemcpyKind>(kind);
      return ret(async ? cudaMemcpy2DAsync(as<void>(dst), dp, as<const void>(src), sp, w, h, k, st(s))
                       : cudaMemcpy2D(as<void>(dst), dp, as<const void>(src), sp, w, h, k));
    },
    [](uptr p, int value, size_t n, uptr s, bool async) {
      return ret(async ? cudaMemsetAsync(as<void>(p), value, n, st(s)) : cudaMemset(as<void>(p), value, n));
    },
    [](uptr p, size_t n, int device, uptr s) {
#if CUDART_VERSION >= 13000
      return ret(cudaMemPrefetchAsync(as<const void>(p), n, mem_location(device), 0, st(s)));
#else
      return ret(cudaMemPrefetchAsync(as<const void>(p), n, device, st(s)));
#endif
    },
    [](uptr p, size_t n, int advice, int device) {
#if CUDART_VERSION >= 13000
      return ret(cudaMemAdvise(as<const void>(p), n, static_cast<cudaMemoryAdvise>(advice), mem_location(device)));
#else
      return ret(cudaMemAdvise(as<const void>(p), n, static_cast<cudaMemoryAdvise>(advice), device));
#endif
    },
    [](int* type, uptr p) {
      cudaPointerAttributes a{};
      int s = ret(cudaPointerGetAttributes(&a, as<const void>(p)));
      *type = static_cast<int>(a.type);
      return s;
    },
    // CUDA arrays
    [](uptr* a, uptr desc, size_t w, size_t h, size_t d, unsigned flags, bool three_d) {
      const auto* cd = as<const cudaChannelFormatDesc>(desc);
      return out<cudaArray>(a, [&](cudaArray_t* q) {
        return three_d ? cudaMalloc3DArray(q, cd, make_cudaExtent(w, h, d), flags)
                       : cudaMallocArray(q, cd, w, h, flags);
      });
    },
    [](uptr a) { return ret(cudaFreeArray(reinterpret_cast<cudaArray_t>(a))); },
    [](uptr dst, size_t wo, size_t ho, uptr src, size_t sp, size_t w, size_t h, int kind, uptr s, bool async) {
      auto arr = reinterpret_cast<cudaArray_t>(dst);
      auto k = static_cast<cudaMemcpyKind>(kind);
      return ret(async ? cudaMemcpy2DToArrayAsync(arr, wo, ho, as<const void>(src), sp, w, h, k, st(s))
                       : cudaMemcpy2DToArray(arr, wo, ho, as<const void>(src), sp, w, h, k));
    },
    [](uptr dst, size_t dp, uptr src, size_t wo, size_t ho, size_t w, size_t h, int kind, uptr s, bool async) {
      auto arr = reinterpret_cast<cudaArray_const_t>(src);
      auto k = static_cast<cudaMemcpyKind>(kind);
      return ret(async ? cudaMemcpy2DFromArrayAsync(as<void>(dst), dp, arr, wo, ho, w, h, k, st(s))
                       : cudaMemcpy2DFromArray(as<void>(dst), dp, arr, wo, ho, w, h, k));
    },
    [](uptr params, uptr s, bool async) {
      const auto* p = as<const cudaMemcpy3DParms>(params);
      return ret(async ? cudaMemcpy3DAsync(p, st(s)) : cudaMemcpy3D(p));
    },
    // devices
    [](int* can, int device, int peer) { return ret(cudaDeviceCanAccessPeer(can, device, peer)); },
    [](int peer) { return ret(cudaDeviceEnablePeerAccess(peer, 0)); },
    [](int peer) { return ret(cudaDeviceDisablePeerAccess(peer)); },
    [](size_t* v, int limit) { return ret(cudaDeviceGetLimit(v, static_cast<cudaLimit>(limit))); },
    [](int limit, size_t v) { return ret(cudaDeviceSetLimit(static_cast<cudaLimit>(limit), v)); },
    [](int* device, const char* bus_id) { return ret(cudaDeviceGetByPCIBusId(device, bus_id)); },
    // streams
    [](uptr* s, unsigned flags, int priority, bool with_priority) {
      return out<CUstream_st>(s, [&](cudaStream_t* q) {
        return with_priority ? cudaStreamCreateWithPriority(q, flags, priority) : cudaStreamCreateWithFlags(q, flags);
      });
    },
    [](uptr s) { return ret(cudaStreamDestroy(st(s))); },
    [](uptr s) { return ret(cudaStreamSynchronize(st(s))); },
    [](uptr s) { return ret(cudaStreamQuery(st(s))); },
    [](unsigned* flags, uptr s) { return ret(cudaStreamGetFlags(st(s), flags)); },
    [](int* priority, uptr s) { return ret(cudaStreamGetPriority(st(s), priority)); },
    [](uptr s, uptr e, unsigned flags) { return ret(cudaStreamWaitEvent(st(s), ev(e), flags)); },
    [](uptr s, void (*fn)(uptr, int, void*), void* data, unsigned flags) {
      auto* c = new StreamCallback{fn, data};
      int r = ret(cudaStreamAddCallback(st(s), &run_stream_callback, c, flags));
      if (r != 0) delete c;
      return r;
    },
    [](uptr s, void (*fn)(void*), void* data) { return ret(cudaLaunchHostFunc(st(s), fn, data)); },
    [](uptr s, int mode) { return ret(cudaStreamBeginCapture(st(s), static_cast<cudaStreamCaptureMode>(mode))); },
    [](uptr* g, uptr s) { return out<CUgraph_st>(g, [&](cudaGraph_t* q) { return cudaStreamEndCapture(st(s), q); }); },
    [](int* status, uptr s) {
      cudaStreamCaptureStatus c = cudaStreamCaptureStatusNone;
      int r = ret(cudaStreamIsCapturing(st(s), &c));
      *status = static_cast<int>(c);
      return r;
    },
    // events
    [](uptr* e, unsigned flags) {
      return out<CUevent_st>(e, [&](cudaEvent_t* q) { return cudaEventCreateWithFlags(q, flags); });
    },
    [](uptr e) { return ret(cudaEventDestroy(ev(e))); },
    [](uptr e, uptr s) { return ret(cudaEventRecord(ev(e), st(s))); },
    [](uptr e) { return ret(cudaEventSynchronize(ev(e))); },
    [](uptr e) { return ret(cudaEventQuery(ev(e))); },
    [](float* ms, uptr a, uptr b) { return ret(cudaEventElapsedTime(ms, ev(a), ev(b))); },
    // graphs
    [](uptr* x, uptr g) {
      return out<CUgraphExec_st>(
          x, [&](cudaGraphExec_t* q) { return cudaGraphInstantiate(q, reinterpret_cast<cudaGraph_t>(g), 0); });
    },
    [](uptr x, uptr s) { return ret(cudaGraphLaunch(reinterpret_cast<cudaGraphExec_t>(x), st(s))); },
    [](uptr x, uptr s) { return ret(cudaGraphUpload(reinterpret_cast<cudaGraphExec_t>(x), st(s))); },
    [](uptr g) { return ret(cudaGraphDestroy(reinterpret_cast<cudaGraph_t>(g))); },
    [](uptr x) { return ret(cudaGraphExecDestroy(reinterpret_cast<cudaGraphExec_t>(x))); },
    [](uptr g, const char* path, unsigned flags) {
      return ret(cudaGraphDebugDotPrint(reinterpret_cast<cudaGraph_t>(g), path, flags));
    },
    // interprocess handles
    [](std::string* h, uptr p) {
      cudaIpcMemHandle_t m{};
      int s = ret(cudaIpcGetMemHandle(&m, as<void>(p)));
      h->assign(m.reserved, sizeof m.reserved);
      return s;
    },
    [](uptr* p, const std::string& h, unsigned flags) {
      cudaIpcMemHandle_t m{};
      std::memcpy(m.reserved, h.data(), sizeof m.reserved);  // the size is checked by the binding
      return out<void>(p, [&](void** q) { return cudaIpcOpenMemHandle(q, m, flags); });
    },
    [](uptr p) { return ret(cudaIpcCloseMemHandle(as<void>(p))); },
    [](std::string* h, uptr e) {
      cudaIpcEventHandle_t m{};
      int s = ret(cudaIpcGetEventHandle(&m, ev(e)));
      h->assign(m.reserved, sizeof m.reserved);
      return s;
    },
    [](uptr* e, const std::string& h) {
      cudaIpcEventHandle_t m{};
      std::memcpy(m.reserved, h.data(), sizeof m.reserved);
      return out<CUevent_st>(e, [&](cudaEvent_t* q) { return cudaIpcOpenEventHandle(q, m); });
    },
    // stream-ordered memory pools
    [](uptr* pool, int device) {
      return out<CUmemPoolHandle_st>(pool, [&](cudaMemPool_t* q) { return cudaDeviceGetDefaultMemPool(q, device); });
    },
    [](uptr* pool, int device) {
      return out<CUmemPoolHandle_st>(pool, [&](cudaMemPool_t* q) { return cudaDeviceGetMemPool(q, device); });
    },
    [](int device, uptr pool) { return ret(cudaDeviceSetMemPool(device, reinterpret_cast<cudaMemPool_t>(pool))); },
    [](uptr* pool, int alloc_type, int handle_type, int location_type, int device) {
      cudaMemPoolProps props{};
      props.allocType = static_cast<cudaMemAllocationType>(alloc_type);
      props.handleTypes = static_cast<cudaMemAllocationHandleType>(handle_type);
      props.location.type = static_cast<cudaMemLocationType>(location_type);
      props.location.id = device;
      return out<CUmemPoolHandle_st>(pool, [&](cudaMemPool_t* q) { return cudaMemPoolCreate(q, &props); });
    },
    [](uptr pool) { return ret(cudaMemPoolDestroy(reinterpret_cast<cudaMemPool_t>(pool))); },
    [](uptr pool, size_t keep) { return ret(cudaMemPoolTrimTo(reinterpret_cast<cudaMemPool_t>(pool), keep)); },
    [](uint64_t* v, uptr pool, int attr) {
      // The reuse policies (1..3) are int attributes; the byte counts and threshold are uint64.
      auto a = static_cast<cudaMemPoolAttr>(attr);
      if (attr >= 1 && attr <= 3) {
        int i = 0;
        int s = ret(cudaMemPoolGetAttribute(reinterpret_cast<cudaMemPool_t>(pool), a, &i));
        *v = static_cast<uint64_t>(i);
        return s;
      }
      unsigned long long x = 0;  // NOLINT(google-runtime-int): CUDA's cuuint64_t
      int s = ret(cudaMemPoolGetAttribute(reinterpret_cast<cudaMemPool_t>(pool), a, &x));
      *v = x;
      return s;
    },
    [](uptr pool, int attr, uint64_t v) {
      auto a = static_cast<cudaMemPoolAttr>(attr);
      if (attr >= 1 && attr <= 3) {
        int i = static_cast<int>(v);
        return ret(cudaMemPoolSetAttribute(reinterpret_cast<cudaMemPool_t>(pool), a, &i));
      }
      unsigned long long x = v;  // NOLINT(google-runtime-int)
      return ret(cudaMemPoolSetAttribute(reinterpret_cast<cudaMemPool_t>(pool), a, &x));
    },
};

const dispatch::Registration register_cuda_raw(cuda_raw_table(), DeviceType::Cuda, &kRaw);

}  // namespace
}  // namespace cupric
