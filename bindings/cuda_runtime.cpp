// cupric._core._runtime: devices, streams, events, memory pools and allocators for cupric.cuda
// (the Python classes in python/cupric/cuda/ wrap these; no logic here beyond conversion).
#include <nanobind/stl/pair.h>
#include <nanobind/stl/shared_ptr.h>
#include "common.hpp"
#include "cupric/runtime/libraries.hpp"
#include "cupric/runtime/managed_memory.hpp"

namespace cupric::py {

void bind_memory_pointer(nb::module_& m);  // bindings/cuda_memory.cpp
void init_cuda_memory(nb::module_& m);     // bindings/cuda_memory.cpp
void init_cuda_graph(nb::module_& m);      // bindings/cuda_graph.cpp
void init_cuda_nvtx(nb::module_& m);       // bindings/cuda_nvtx.cpp
void init_cuda_nccl(nb::module_& m);       // bindings/cuda_nccl.cpp
void init_cuda_driver(nb::module_& m);     // bindings/cuda_driver.cpp
void init_cuda_hooks(nb::module_& m);      // bindings/cuda_memory_hook.cpp
void init_cuda_texture(nb::module_& m);    // bindings/cuda_texture.cpp
void init_cuda_raw(nb::module_& m);        // bindings/cuda_raw.cpp
void init_cuda_cublas(nb::module_& m);     // bindings/cuda_cublas.cpp
void init_cuda_cusolver(nb::module_& m);   // bindings/cuda_cusolver.cpp
void init_cuda_cusparse(nb::module_& m);   // bindings/cuda_cusparse.cpp
void init_cuda_curand(nb::module_& m);     // bindings/cuda_curand.cpp
void init_cuda_cufft(nb::module_& m);      // bindings/cuda_cufft.cpp

namespace {

nb::handle g_cuda_error_class;  // cupric.cuda.runtime.CUDARuntimeError once registered (leaked)

Backend& be() { return default_backend(); }

// A Python object kept alive by C++ (an allocator's result); released with the GIL held.
std::shared_ptr<void> hold(nb::object o) {
  return std::shared_ptr<void>(new nb::object(std::move(o)), [](void* p) {
    if (!Py_IsInitialized()) return;  // interpreter gone: leak rather than crash
    nb::gil_scoped_acquire g;
    delete static_cast<nb::object*>(p);
  });
}

// A pointer into pooled or unowned memory, with an offset (CuPy's MemoryPointer; Tag 1: the
// pinned kind, which also exposes the buffer protocol for numpy.frombuffer).
template <int Tag>
struct Pointer {
  Pointer(std::shared_ptr<Memory> m, int64_t off) : mem(std::move(m)), offset(off) {
    if (off < 0 || (mem && static_cast<size_t>(off) > mem->size()))
      throw ValueError("offset " + std::to_string(off) + " is outside the memory");
  }
  std::shared_ptr<Memory> mem;
  int64_t offset = 0;
  uintptr_t ptr() const { return mem && mem->ptr() ? reinterpret_cast<uintptr_t>(mem->ptr()) + offset : 0; }
};
using PinnedMemoryPointer = Pointer<1>;

int pinned_getbuffer(PyObject* self, Py_buffer* view, int flags) {
  PinnedMemoryPointer* p = nb::inst_ptr<PinnedMemoryPointer>(self);
  Py_ssize_t n = p->mem ? static_cast<Py_ssize_t>(p->mem->size()) - p->offset : 0;
  return PyBuffer_FillInfo(view, self, reinterpret_cast<void*>(p->ptr()), n, 0, flags);
}
PyType_Slot g_pinned_slots[] = {{Py_bf_getbuffer, reinterpret_cast<void*>(pinned_getbuffer)}, {0, nullptr}};

struct HostFuncCall {
  nb::object fn, arg;
};
void run_host_func(void* p) {
  // Runs on a CUDA driver thread (or at once on the host backend): take the GIL.
  nb::gil_scoped_acquire g;
  std::unique_ptr<HostFuncCall> call(static_cast<HostFuncCall*>(p));
  try {
    call->fn(call->arg);
  } catch (nb::python_error& e) { e.discard_as_unraisable("cupric.cuda.Stream.launch_host_func callback"); }
}

// A pool's upstream allocator (Note [Upstream allocator] in src/memory/pool.cpp): "managed" or
// "system" (CuPy's MemoryPool(malloc_managed), all in C++), or a Python callable size ->
// MemoryPointer (PinnedMemoryPointer for a pinned pool), called with the GIL; its
// OutOfMemoryError answers nullptr so that the pool frees its cache and retries, as CuPy's does.
MemoryPool::UpstreamFn upstream_of(nb::handle target, int device, bool pinned) {
  if (target.is_none()) return nullptr;
  Backend* b = &be();
  if (nb::isinstance<nb::str>(target)) {
    std::string name = nb::cast<std::string>(target);
    if (name != "managed" && name != "system") throw ValueError("unknown upstream allocator '" + name + "'");
    return managed_upstream(*b, device, name == "system");
  }
  if (!PyCallable_Check(target.ptr()))
    throw TypeError("allocator must be callable (size -> MemoryPointer), not " +
                    nb::cast<std::string>(nb::str(target.type().attr("__name__"))));
  std::shared_ptr<nb::object> fn(new nb::object(nb::borrow(target)), [](nb::object* p) {
    if (!Py_IsInitialized()) return;  // interpreter gone: leak rather than crash
    nb::gil_scoped_acquire g;
    delete p;
  });
  return [fn, b, device, pinned](size_t n) -> std::shared_ptr<Memory> {
    nb::gil_scoped_acquire g;
    static nb::handle oom = nb::object(nb::module_::import_("cupric._core").attr("OutOfMemoryError")).release();
    nb::object r;
    try {
      r = (*fn)(n);
    } catch (nb::python_error& e) {
      if (e.matches(oom)) return nullptr;
      throw;
    }
    // The pointer's own memory is the owner: C++ memory needs no GIL to be let go.
    if (!pinned && nb::isinstance<MemoryPointer>(r)) {
      const MemoryPointer& mp = nb::cast<const MemoryPointer&>(r);
      return Memory::unowned(mp.get(), mp.remaining(), device, b, mp.mem());
    }
    if (pinned && nb::isinstance<PinnedMemoryPointer>(r)) {
      const PinnedMemoryPointer& mp = nb::cast<const PinnedMemoryPointer&>(r);
      size_t size = mp.mem ? mp.mem->size() - static_cast<size_t>(mp.offset) : 0;
      return Memory::unowned(reinterpret_cast<void*>(mp.ptr()), size, device, b, mp.mem);
    }
    throw TypeError(std::string("the pool's allocator must return a ") +
                    (pinned ? "PinnedMemoryPointer" : "MemoryPointer") + ", not " +
                    nb::cast<std::string>(nb::str(r.type().attr("__name__"))));
  };
}

struct ThreadAllocatorHandle {
  std::shared_ptr<ThreadAllocator> a;
};

Stream stream_of(const nb::handle& obj) {
  // A _runtime.Stream, or None for the current stream of the current device.
  if (obj.is_none()) return be().current_stream(be().current_device());
  return nb::cast<StreamObject&>(obj).stream();
}

}  // namespace

void init_cuda_runtime(nb::module_& parent) {
  nb::module_ m = parent.def_submodule("_runtime", "devices, streams, events and memory (cupric.cuda)");
  nb::class_<ThreadAllocatorHandle>(m, "_ThreadAllocator");

  // ---- errors and versions ----
  m.def("_register_cuda_error", [](nb::object cls) { g_cuda_error_class = cls.release(); });
  m.def("error_name_and_text", &cuda::error_name_and_text);
  m.def("runtime_version_built", &cuda::runtime_version_built);
  m.def("runtime_version_linked", &cuda::runtime_version_linked);
  m.def("driver_version", &cuda::driver_version);
  m.def("cuda_device_count", &cuda::device_count);
  m.def("cuda_get_device", &cuda::get_device);
  m.def("cuda_set_device", &cuda::set_device);
  m.def("cuda_device_synchronize", []() {
    nb::gil_scoped_release r;
    cuda::device_synchronize();
  });
  m.def("cuda_device_properties", [](int device) {
    cuda::DeviceProperties p = cuda::device_properties(device);
    nb::dict d;
    d["name"] = nb::bytes(p.name.data(), p.name.size());
    d["uuid"] = nb::bytes(p.uuid.data(), p.uuid.size());
    d["maxThreadsDim"] = nb::make_tuple(p.max_threads_dim[0], p.max_threads_dim[1], p.max_threads_dim[2]);
    d["maxGridSize"] = nb::make_tuple(p.max_grid_size[0], p.max_grid_size[1], p.max_grid_size[2]);
    for (auto& [k, v] : p.ints) d[k.c_str()] = v;
    return d;
  });
  m.def("cuda_device_attributes", [](int device) {
    nb::dict d;
    for (auto& [k, v] : cuda::device_attributes(device)) d[k.c_str()] = v;
    return d;
  });
  m.def("cuda_pci_bus_id", &cuda::device_pci_bus_id);

  // ---- the backend in use: devices and current streams ----
  m.def("backend_is_cuda", []() { return be().type() == DeviceType::Cuda; });
  m.def("device_count", []() { return be().device_count(); });
  m.def("current_device", []() { return be().current_device(); });
  m.def("set_device", [](int device) {
    if (device < 0) throw ValueError("invalid device id " + std::to_string(device));
    be().set_device(device);
  });
  m.def("synchronize_device", [](int device) {
    Backend& b = be();
    nb::gil_scoped_release r;
    b.synchronize_device(device);
  });
  m.def("mem_info", [](int device) {
    size_t f = 0, t = 0;
    be().mem_info(device, &f, &t);
    return std::make_pair(f, t);
  });
  m.def("set_current_stream", [](uintptr_t ptr, int device) {
    be().set_current_stream(Stream{reinterpret_cast<void*>(ptr), device, be().type()});
  });
  m.def("current_stream_ptr",
        [](int device) { return reinterpret_cast<uintptr_t>(be().current_stream(device).handle); });
  m.def("stream_priority_range", []() {
    int lo = 0, hi = 0;
    be().stream_priority_range(&lo, &hi);
    return std::make_pair(lo, hi);
  });

  // ---- streams and events ----
  nb::class_<StreamObject>(m, "Stream")
      .def_static(
          "create",
          [](bool non_blocking, int priority, int device) {
            return StreamObject::create(be(), device, non_blocking, priority);
          },
          nb::arg("non_blocking") = false, nb::arg("priority") = 0, nb::arg("device") = -1)
      .def_static(
          "borrow",
          [](uintptr_t ptr, int device) { return StreamObject::borrow(be(), reinterpret_cast<void*>(ptr), device); },
          nb::arg("ptr"), nb::arg("device") = -1)
      .def_prop_ro("ptr", [](const StreamObject& s) { return reinterpret_cast<uintptr_t>(s.stream().handle); })
      .def_prop_ro("device_id", [](const StreamObject& s) { return s.stream().device; })
      .def_prop_ro("owned", &StreamObject::owned)
      .def("synchronize",
           [](StreamObject& s) {
             nb::gil_scoped_release r;
             s.synchronize();
           })
      .def("done", &StreamObject::done)
      .def("wait_event", &StreamObject::wait_event)
      .def("record", &StreamObject::record)
      .def(
          "launch_host_func",
          [](StreamObject& s, nb::object fn, nb::object arg) {
            auto* call = new HostFuncCall{std::move(fn), std::move(arg)};
            try {
              s.launch_host_func(&run_host_func, call);
            } catch (...) {
              delete call;
              throw;
            }
          },
          nb::arg("fn"), nb::arg("arg").none());
  nb::class_<EventObject>(m, "Event")
      .def_static(
          "create",
          [](bool block, bool disable_timing, bool interprocess, int device) {
            return EventObject::create(be(), device, block, disable_timing, interprocess);
          },
          nb::arg("block") = false, nb::arg("disable_timing") = false, nb::arg("interprocess") = false,
          nb::arg("device") = -1)
      .def_prop_ro("ptr", [](const EventObject& e) { return reinterpret_cast<uintptr_t>(e.handle()); })
      .def_prop_ro("device_id", &EventObject::device)
      .def(
          "record", [](EventObject& e, nb::handle stream) { e.record(stream_of(stream)); },
          nb::arg("stream").none() = nb::none())
      .def("synchronize",
           [](EventObject& e) {
             nb::gil_scoped_release r;
             e.synchronize();
           })
      .def("done", &EventObject::done)
      .def("elapsed_ms", &EventObject::elapsed_ms);

  // ---- memory ----
  nb::class_<Memory>(m, "Memory")
      .def_prop_ro("ptr", [](const Memory& mm) { return reinterpret_cast<uintptr_t>(mm.ptr()); })
      .def_prop_ro("size", &Memory::size)
      .def_prop_ro("device_id", &Memory::device)
      .def_prop_ro("pinned", &Memory::pinned_host)
      .def_prop_ro("kind",
                   [](const Memory& mm) {
                     switch (mm.kind()) {
                       case MemoryOrigin::Pooled: return "pooled";
                       case MemoryOrigin::Raw: return "raw";
                       case MemoryOrigin::Async: return "async";
                       case MemoryOrigin::Managed: return "managed";
                       case MemoryOrigin::System: return "system";
                       default: return "unowned";
                     }
                   })
      .def("free", &Memory::free);
  m.def("raw_memory", [](size_t n) {
    Backend& b = be();
    return Memory::raw(b, n, b.current_device());
  });
  m.def(
      "unowned_memory",
      [](uintptr_t ptr, size_t size, nb::object owner, int device) {
        return Memory::unowned(reinterpret_cast<void*>(ptr), size, device < 0 ? be().current_device() : device, &be(),
                               hold(std::move(owner)));
      },
      nb::arg("ptr"), nb::arg("size"), nb::arg("owner").none(), nb::arg("device"));
  bind_memory_pointer(m);
  nb::class_<PinnedMemoryPointer>(m, "PinnedMemoryPointer", nb::type_slots(g_pinned_slots))
      .def(nb::init<std::shared_ptr<Memory>, int64_t>(), nb::arg("mem"), nb::arg("offset") = 0)
      .def_prop_ro("ptr", &PinnedMemoryPointer::ptr)
      .def_prop_ro("mem", [](const PinnedMemoryPointer& p) { return p.mem; })
      .def_prop_ro("offset", [](const PinnedMemoryPointer& p) { return p.offset; })
      .def("size",
           [](const PinnedMemoryPointer& p) { return p.mem ? p.mem->size() - static_cast<size_t>(p.offset) : 0; });

  nb::class_<MemoryPool>(m, "MemoryPool")
      .def_static(
          "new_device_pool",
          [](int device, nb::handle upstream) {
            if (device < 0) device = be().current_device();
            return std::make_shared<MemoryPool>(&be(), device, MemoryKind::Device,
                                                upstream_of(upstream, device, false));
          },
          nb::arg("device"), nb::arg("upstream").none() = nb::none())
      .def_static(
          "new_pinned_pool",
          [](nb::handle upstream) {
            return std::make_shared<MemoryPool>(&be(), -1, MemoryKind::PinnedHost, upstream_of(upstream, -1, true));
          },
          nb::arg("upstream").none() = nb::none())
      .def_static(
          "default",
          [](int device) {
            Backend& b = be();
            return default_pool(b, device < 0 ? b.current_device() : device);
          },
          nb::arg("device") = -1)
      .def_static("default_pinned", []() { return default_pinned_pool(be()); })
      .def(
          "malloc",
          [](MemoryPool& p, size_t n, nb::handle stream) {
            return stream.is_none() ? p.malloc(n) : p.malloc(n, stream_of(stream));
          },
          nb::arg("size"), nb::arg("stream").none() = nb::none())
      .def("used_bytes", &MemoryPool::used_bytes)
      .def("total_bytes", &MemoryPool::total_bytes)
      .def("free_bytes", &MemoryPool::free_bytes)
      .def("n_free_blocks", &MemoryPool::n_free_blocks)
      .def("n_segments", &MemoryPool::n_segments)
      .def(
          "free_all_blocks",
          [](MemoryPool& p, nb::handle stream) {
            if (stream.is_none())
              p.free_all_blocks();
            else
              p.free_all_blocks(stream_of(stream));
          },
          nb::arg("stream").none() = nb::none())
      .def("set_limit", &MemoryPool::set_limit)
      .def("get_limit", &MemoryPool::get_limit)
      .def("check_consistency", &MemoryPool::check_consistency)
      .def_prop_ro("device_id", &MemoryPool::device)
      .def_prop_ro("pinned", [](const MemoryPool& p) { return p.kind() == MemoryKind::PinnedHost; })
      .def_prop_ro("has_upstream", &MemoryPool::has_upstream);
  m.def("parse_memory_limit", [](const std::string& s, size_t total) { return parse_memory_limit(s.c_str(), total); });

  // Allocators: mode "pool" | "raw" | a C++ pool | a Python callable (size -> MemoryPointer).
  auto make_fn = [](nb::object target) -> AllocatorFn {
    if (nb::isinstance<MemoryPool>(target)) {
      std::shared_ptr<MemoryPool> pool = nb::cast<std::shared_ptr<MemoryPool>>(target);
      return [pool](Backend&, int, size_t n) { return pool->malloc(n); };
    }
    if (nb::isinstance<AsyncMemoryPool>(target)) {
      std::shared_ptr<AsyncMemoryPool> pool = nb::cast<std::shared_ptr<AsyncMemoryPool>>(target);
      return [pool](Backend&, int, size_t n) { return pool->malloc(n); };
    }
    // Lives as long as the allocator is set; released with the GIL held.
    std::shared_ptr<nb::object> fn(new nb::object(std::move(target)), [](nb::object* p) {
      if (!Py_IsInitialized()) return;  // interpreter gone: leak rather than crash
      nb::gil_scoped_acquire g;
      delete p;
    });
    return [fn](Backend& b, int device, size_t n) -> std::shared_ptr<Memory> {
      nb::gil_scoped_acquire g;
      nb::object r = (*fn)(n);
      if (r.is_none()) throw RuntimeError("the allocator returned None");
      uintptr_t ptr = nb::cast<uintptr_t>(r.attr("ptr"));
      return Memory::unowned(reinterpret_cast<void*>(ptr), n, device, &b, hold(std::move(r)));
    };
  };
  m.def(
      "push_thread_allocator",
      [make_fn](const std::string& mode, nb::object target) -> nb::object {
        // Returns a capsule-like handle of the previous thread allocator (None when there was none).
        std::shared_ptr<ThreadAllocator> a;
        if (mode == "pool")
          a = std::make_shared<ThreadAllocator>(ThreadAllocator{AllocatorMode::Pool, nullptr});
        else if (mode == "raw")
          a = std::make_shared<ThreadAllocator>(ThreadAllocator{AllocatorMode::Raw, nullptr});
        else
          a = std::make_shared<ThreadAllocator>(ThreadAllocator{AllocatorMode::Custom, make_fn(std::move(target))});
        auto prev = exchange_thread_allocator(be().type(), std::move(a));
        return prev ? nb::cast(ThreadAllocatorHandle{std::move(prev)}) : nb::none();
      },
      nb::arg("mode"), nb::arg("target").none());
  m.def(
      "restore_thread_allocator",
      [](nb::object prev) {
        std::shared_ptr<ThreadAllocator> a;
        if (!prev.is_none()) a = nb::cast<ThreadAllocatorHandle&>(prev).a;
        exchange_thread_allocator(be().type(), std::move(a));
      },
      nb::arg("prev").none());
  m.def(
      "set_allocator",
      [make_fn](const std::string& mode, nb::object target) {
        DeviceType t = be().type();
        if (mode == "pool")
          set_allocator(t, AllocatorMode::Pool);
        else if (mode == "raw")
          set_allocator(t, AllocatorMode::Raw);
        else
          set_allocator(t, AllocatorMode::Custom, make_fn(std::move(target)));
      },
      nb::arg("mode"), nb::arg("target").none());
  m.def(
      "set_pinned_allocator",
      [make_fn](const std::string& mode, nb::object target) {
        if (mode == "pool")
          set_pinned_allocator(AllocatorMode::Pool);
        else if (mode == "raw")
          set_pinned_allocator(AllocatorMode::Raw);
        else
          set_pinned_allocator(AllocatorMode::Custom, make_fn(std::move(target)));
      },
      nb::arg("mode"), nb::arg("target").none());
  m.def("allocator_mode", []() {
    AllocatorMode a = allocator_mode(be().type());
    return a == AllocatorMode::Pool ? "pool" : a == AllocatorMode::Raw ? "raw" : "custom";
  });
  m.def("alloc", [](size_t n) { return allocate(be(), n); });
  m.def("thread_allocator_mode", []() -> nb::object {
    auto a = thread_allocator(be().type());
    if (!a) return nb::none();
    return nb::str(a->mode == AllocatorMode::Pool ? "pool" : a->mode == AllocatorMode::Raw ? "raw" : "custom");
  });
  m.def("alloc_pinned", [](size_t n) { return allocate_pinned(be(), n); });
  m.def("cuda_components", &cuda_components);
  m.def("host_components", &host_components);
  m.def("register_library_dirs", &register_library_dirs);
  m.def("library_search_dirs", &library_search_dirs);
  m.def("find_library", [](const std::string& component, const std::vector<std::string>& dirs) {
    LibraryInfo i = find_library(component, dirs);
    nb::dict d;
    d["component"] = i.component;
    d["found"] = i.found;
    d["path"] = i.path;
    d["version"] = i.version;
    d["error"] = i.error;
    return d;
  });
  m.def("is_pinned", [](uintptr_t ptr) { return be().is_pinned(reinterpret_cast<const void*>(ptr)); });
  init_cuda_memory(m);
  init_cuda_graph(m);
  init_cuda_driver(m);
  init_cuda_hooks(m);
  init_cuda_texture(m);
  init_cuda_nvtx(m);
  init_cuda_nccl(m);
  init_cuda_raw(m);
  init_cuda_cublas(m);
  init_cuda_cusolver(m);
  init_cuda_cusparse(m);
  init_cuda_curand(m);
  init_cuda_cufft(m);
}

// CudaError -> cupric.cuda.runtime.CUDARuntimeError(status, message) once Python registered it.
bool translate_cuda_error(const CudaError& e) {
  if (!g_cuda_error_class.is_valid()) return false;
  nb::object exc = nb::borrow(g_cuda_error_class)(e.code, e.what());
  PyErr_SetObject(g_cuda_error_class.ptr(), exc.ptr());
  return true;
}

}  // namespace cupric::py
