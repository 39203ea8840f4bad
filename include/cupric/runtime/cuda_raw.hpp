// cupric.cuda.runtime's raw-pointer functions: the CUDA runtime calls (CuPy's
// cupy.cuda.runtime: malloc, memcpy, streams, events, graphs, IPC, memory pools, ...) as one
// dispatch entry (Note [Dispatch]). Every entry returns the cudaError_t status (0: success) and
// writes its results through pointers; pointers and handles are integers, as CuPy's module takes
// and returns them. Registered by runtime/cuda/cuda_raw.cpp in CUDA builds; the front
// (runtime/cuda_raw.cpp: cuda_raw() and cuda_raw_check()) turns statuses into CudaError.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include "cupric/detail/dispatch.hpp"

namespace cupric {

using uptr = uintptr_t;

struct CudaRawFns {
  // memory
  int (*malloc)(uptr* p, size_t n);
  int (*free)(uptr p);
  int (*malloc_managed)(uptr* p, size_t n, unsigned flags);
  int (*host_alloc)(uptr* p, size_t n, unsigned flags);
  int (*free_host)(uptr p);
  int (*host_register)(uptr p, size_t n, unsigned flags);
  int (*host_unregister)(uptr p);
  int (*malloc_async)(uptr* p, size_t n, uptr stream);
  int (*malloc_from_pool_async)(uptr* p, size_t n, uptr pool, uptr stream);
  int (*free_async)(uptr p, uptr stream);
  int (*memcpy)(uptr dst, uptr src, size_t n, int kind);
  int (*memcpy_async)(uptr dst, uptr src, size_t n, int kind, uptr stream);
  int (*memcpy_peer)(uptr dst, int dst_dev, uptr src, int src_dev, size_t n, uptr stream, bool async);
  int (*memcpy_2d)(uptr dst, size_t dpitch, uptr src, size_t spitch, size_t width, size_t height, int kind, uptr stream,
                   bool async);
  int (*memset)(uptr p, int value, size_t n, uptr stream, bool async);
  int (*mem_prefetch_async)(uptr p, size_t n, int device, uptr stream);
  int (*mem_advise)(uptr p, size_t n, int advice, int device);
  int (*pointer_memory_type)(int* type, uptr p);
  // CUDA arrays (texture memory): `desc` is the address of a cudaChannelFormatDesc, `params` of a
  // cudaMemcpy3DParms; depth 0 with three_d false is cudaMallocArray.
  int (*malloc_array)(uptr* a, uptr desc, size_t w, size_t h, size_t d, unsigned flags, bool three_d);
  int (*free_array)(uptr a);
  int (*memcpy_2d_to_array)(uptr dst, size_t woff, size_t hoff, uptr src, size_t spitch, size_t w, size_t h, int kind,
                            uptr s, bool async);
  int (*memcpy_2d_from_array)(uptr dst, size_t dpitch, uptr src, size_t woff, size_t hoff, size_t w, size_t h, int kind,
                              uptr s, bool async);
  int (*memcpy_3d)(uptr params, uptr s, bool async);
  // devices
  int (*device_can_access_peer)(int* can, int device, int peer);
  int (*device_enable_peer_access)(int peer);
  int (*device_disable_peer_access)(int peer);
  int (*device_get_limit)(size_t* value, int limit);
  int (*device_set_limit)(int limit, size_t value);
  int (*device_get_by_pci_bus_id)(int* device, const char* bus_id);
  // streams
  int (*stream_create)(uptr* s, unsigned flags, int priority, bool with_priority);
  int (*stream_destroy)(uptr s);
  int (*stream_synchronize)(uptr s);
  int (*stream_query)(uptr s);
  int (*stream_get_flags)(unsigned* flags, uptr s);
  int (*stream_get_priority)(int* priority, uptr s);
  int (*stream_wait_event)(uptr s, uptr event, unsigned flags);
  int (*stream_add_callback)(uptr s, void (*fn)(uptr stream, int status, void* data), void* data, unsigned flags);
  int (*launch_host_func)(uptr s, void (*fn)(void* data), void* data);
  int (*stream_begin_capture)(uptr s, int mode);
  int (*stream_end_capture)(uptr* graph, uptr s);
  int (*stream_is_capturing)(int* status, uptr s);
  // events
  int (*event_create)(uptr* e, unsigned flags);
  int (*event_destroy)(uptr e);
  int (*event_record)(uptr e, uptr s);
  int (*event_synchronize)(uptr e);
  int (*event_query)(uptr e);
  int (*event_elapsed_time)(float* ms, uptr start, uptr end);
  // graphs
  int (*graph_instantiate)(uptr* exec, uptr graph);
  int (*graph_launch)(uptr exec, uptr s);
  int (*graph_upload)(uptr exec, uptr s);
  int (*graph_destroy)(uptr graph);
  int (*graph_exec_destroy)(uptr exec);
  int (*graph_debug_dot_print)(uptr graph, const char* path, unsigned flags);
  // interprocess handles (64 bytes each)
  int (*ipc_get_mem_handle)(std::string* handle, uptr p);
  int (*ipc_open_mem_handle)(uptr* p, const std::string& handle, unsigned flags);
  int (*ipc_close_mem_handle)(uptr p);
  int (*ipc_get_event_handle)(std::string* handle, uptr e);
  int (*ipc_open_event_handle)(uptr* e, const std::string& handle);
  // stream-ordered memory pools
  int (*device_get_default_mem_pool)(uptr* pool, int device);
  int (*device_get_mem_pool)(uptr* pool, int device);
  int (*device_set_mem_pool)(int device, uptr pool);
  int (*mem_pool_create)(uptr* pool, int alloc_type, int handle_type, int location_type, int device);
  int (*mem_pool_destroy)(uptr pool);
  int (*mem_pool_trim_to)(uptr pool, size_t keep);
  int (*mem_pool_get_attribute)(uint64_t* value, uptr pool, int attr);
  int (*mem_pool_set_attribute)(uptr pool, int attr, uint64_t value);
};

dispatch::Table<const CudaRawFns*>& cuda_raw_table();

// The CUDA build's entry, or CudaError 35 (cudaErrorInsufficientDriver, what CUDA itself says on
// a machine without a driver) in a build without CUDA.
const CudaRawFns& cuda_raw();
// Throws CudaError(status, "cudaErrorName: text") when `status` is not 0 (CuPy's check_status).
void cuda_raw_check(int status);

}  // namespace cupric
