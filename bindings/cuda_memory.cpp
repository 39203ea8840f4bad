// cupric._core._runtime, memory: MemoryPointer (ndarray.data: bindings/ndarray_methods.cpp), MemoryAsyncPool and ndarrays over given memory
// (thin conversions; the logic is in src/memory).
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/unique_ptr.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>
#include <algorithm>
#include <cstring>
#include "common.hpp"
#include "cupric/runtime/managed_memory.hpp"
#include "cupric/runtime/stream.hpp"

namespace cupric::py {

namespace {

Backend& be() { return default_backend(); }

// A host address: an int, or a ctypes pointer (c_void_p: its .value).
void* host_ptr(nb::handle h) {
  if (nb::isinstance<nb::int_>(h)) return reinterpret_cast<void*>(nb::cast<uintptr_t>(h));
  if (nb::hasattr(h, "value")) {
    nb::object v = h.attr("value");
    return v.is_none() ? nullptr : reinterpret_cast<void*>(nb::cast<uintptr_t>(v));
  }
  throw TypeError("a host memory address must be an int or a ctypes.c_void_p, not " +
                  nb::cast<std::string>(nb::str(h.type().attr("__name__"))));
}

size_t checked_size(int64_t n) {
  if (n < 0) throw ValueError("size must be non-negative, got " + std::to_string(n));
  return static_cast<size_t>(n);
}

}  // namespace

// A cupric.cuda.Stream (its _obj), a _runtime.Stream, or None for the current stream of
// `device` (-1: the current device).
Stream stream_or_current(nb::handle obj, int device) {
  if (obj.is_none()) return be().current_stream(device >= 0 ? device : be().current_device());
  if (!nb::isinstance<StreamObject>(obj)) {
    if (!nb::hasattr(obj, "_obj"))
      throw TypeError("stream must be a cupric.cuda.Stream, not " +
                      nb::cast<std::string>(nb::str(obj.type().attr("__name__"))));
    return nb::cast<StreamObject&>(obj.attr("_obj")).stream();
  }
  return nb::cast<StreamObject&>(obj).stream();
}

void bind_memory_pointer(nb::module_& m) {
  using MP = MemoryPointer;
  nb::class_<MP>(m, "MemoryPointer", "A pointer into device memory (CuPy's MemoryPointer): mem, ptr, offsets, copies.")
      .def(nb::init<std::shared_ptr<Memory>, int64_t>(), nb::arg("mem"), nb::arg("offset") = 0)
      .def_prop_ro("ptr", &MP::ptr)
      .def_prop_ro("mem", [](const MP& p) { return p.mem(); })
      .def_prop_ro("offset", &MP::offset)
      .def_prop_ro("device_id", &MP::device)
      .def("__int__", &MP::ptr)
      .def("__index__", &MP::ptr)
      .def("__bool__", [](const MP& p) { return p.ptr() != 0; })
      .def("__add__", [](const MP& p, int64_t d) { return p + d; })
      .def("__radd__", [](const MP& p, int64_t d) { return p + d; })
      .def("__sub__", [](const MP& p, int64_t d) { return p + (-d); })
      // In place, as CuPy's: every name bound to this pointer moves.
      .def("__iadd__",
           [](nb::handle self, int64_t d) {
             MP& p = nb::cast<MP&>(self);
             p = p + d;
             return nb::borrow(self);
           })
      .def("__isub__",
           [](nb::handle self, int64_t d) {
             MP& p = nb::cast<MP&>(self);
             p = p + (-d);
             return nb::borrow(self);
           })
      .def("__eq__",
           [](const MP& a, nb::handle b) {
             return nb::isinstance<MP>(b) && a.ptr() == nb::cast<const MP&>(b).ptr() &&
                    a.mem() == nb::cast<const MP&>(b).mem();
           })
      .def("__hash__", [](const MP& p) { return static_cast<Py_ssize_t>(p.ptr()); })
      .def(
          "copy_from_device",
          [](MP& p, const MP& src, int64_t n) {
            nb::gil_scoped_release r;
            p.copy_from_device(src, checked_size(n));
          },
          nb::arg("src"), nb::arg("size"))
      .def(
          "copy_from_device_async",
          [](MP& p, const MP& src, int64_t n, nb::handle stream) {
            p.copy_from_device_async(src, checked_size(n), stream_or_current(stream, p.device()));
          },
          nb::arg("src"), nb::arg("size"), nb::arg("stream").none() = nb::none())
      .def(
          "copy_from_host",
          [](MP& p, nb::handle mem, int64_t n) {
            void* h = host_ptr(mem);
            nb::gil_scoped_release r;
            p.copy_from_host(h, checked_size(n));
          },
          nb::arg("mem"), nb::arg("size"))
      .def(
          "copy_from_host_async",
          [](MP& p, nb::handle mem, int64_t n, nb::handle stream) {
            p.copy_from_host_async(host_ptr(mem), checked_size(n), stream_or_current(stream, p.device()));
          },
          nb::arg("mem"), nb::arg("size"), nb::arg("stream").none() = nb::none())
      .def(
          "copy_from",
          [](MP& p, nb::handle mem, int64_t n) {
            if (nb::isinstance<MP>(mem)) {
              const MP& src = nb::cast<const MP&>(mem);
              nb::gil_scoped_release r;
              p.copy_from_device(src, checked_size(n));
            } else {
              void* h = host_ptr(mem);
              nb::gil_scoped_release r;
              p.copy_from_host(h, checked_size(n));
            }
          },
          nb::arg("mem"), nb::arg("size"))
      .def(
          "copy_from_async",
          [](MP& p, nb::handle mem, int64_t n, nb::handle stream) {
            Stream s = stream_or_current(stream, p.device());
            if (nb::isinstance<MP>(mem))
              p.copy_from_device_async(nb::cast<const MP&>(mem), checked_size(n), s);
            else
              p.copy_from_host_async(host_ptr(mem), checked_size(n), s);
          },
          nb::arg("mem"), nb::arg("size"), nb::arg("stream").none() = nb::none())
      .def(
          "copy_to_host",
          [](const MP& p, nb::handle mem, int64_t n) {
            void* h = host_ptr(mem);
            nb::gil_scoped_release r;
            p.copy_to_host(h, checked_size(n));
          },
          nb::arg("mem"), nb::arg("size"))
      .def(
          "copy_to_host_async",
          [](const MP& p, nb::handle mem, int64_t n, nb::handle stream) {
            p.copy_to_host_async(host_ptr(mem), checked_size(n), stream_or_current(stream, p.device()));
          },
          nb::arg("mem"), nb::arg("size"), nb::arg("stream").none() = nb::none())
      .def(
          "memset",
          [](MP& p, int value, int64_t n) {
            nb::gil_scoped_release r;
            p.memset(value, checked_size(n));
          },
          nb::arg("value"), nb::arg("size"))
      .def(
          "memset_async",
          [](MP& p, int value, int64_t n, nb::handle stream) {
            p.memset_async(value, checked_size(n), stream_or_current(stream, p.device()));
          },
          nb::arg("value"), nb::arg("size"), nb::arg("stream").none() = nb::none())
      .def("__repr__", [](const MP& p) {
        return "<cupric MemoryPointer 0x" +
               [](uintptr_t v) {
                 char buf[32];
                 std::snprintf(buf, sizeof buf, "%llx", static_cast<unsigned long long>(v));
                 return std::string(buf);
               }(p.ptr()) +
               " on device " + std::to_string(p.device()) + ">";
      });
}

void init_cuda_memory(nb::module_& m) {
  // ---- MemoryAsyncPool ----
  nb::class_<AsyncMemoryPool>(m, "AsyncMemoryPool")
      .def_static("create", []() { return std::make_shared<AsyncMemoryPool>(&be()); })
      .def(
          "malloc",
          [](AsyncMemoryPool& p, size_t n, nb::handle stream) {
            return stream.is_none() ? p.malloc(n) : p.malloc(n, stream_or_current(stream));
          },
          nb::arg("size"), nb::arg("stream").none() = nb::none())
      .def("used_bytes", [](const AsyncMemoryPool& p) { return p.used_bytes(be().current_device()); })
      .def("total_bytes", [](const AsyncMemoryPool& p) { return p.total_bytes(be().current_device()); })
      .def("free_bytes", [](const AsyncMemoryPool& p) { return p.free_bytes(be().current_device()); })
      .def("handed_out", &AsyncMemoryPool::handed_out)
      .def(
          "free_all_blocks",
          [](AsyncMemoryPool& p, nb::handle stream) {
            int dev = be().current_device();
            if (stream.is_none()) {
              nb::gil_scoped_release r;
              p.free_all_blocks(dev);
            } else {
              Stream s = stream_or_current(stream);
              nb::gil_scoped_release r;
              p.free_all_blocks(dev, &s);
            }
          },
          nb::arg("stream").none() = nb::none())
      .def("set_limit", &AsyncMemoryPool::set_limit)
      .def("get_limit", &AsyncMemoryPool::get_limit);

  m.def("raw_pinned_memory", [](size_t n) { return Memory::raw(be(), n, -1, true); });

  // ---- managed and system memory (V14 allocators; src/runtime/managed_memory.cpp) ----
  m.def("managed_memory", [](size_t n) {
    Backend& b = be();
    return malloc_managed(b, n, b.current_device());
  });
  m.def("system_memory", [](size_t n) {
    Backend& b = be();
    return malloc_system(b, n, b.current_device());
  });
  m.def(
      "managed_prefetch",
      [](const Memory& mem, int device, nb::handle stream) {
        managed_prefetch(mem, device, stream_or_current(stream, mem.device()));
      },
      nb::arg("mem"), nb::arg("device"), nb::arg("stream").none());
  m.def("managed_advise", [](const Memory& mem, int advise, int device) { managed_advise(mem, advise, device); });
  m.def("default_stream_ptr", []() { return reinterpret_cast<uintptr_t>(default_stream_handle()); });
  m.def("async_alloc_supported", []() { return be().async_alloc_supported(be().current_device()); });
}

}  // namespace cupric::py

#include "cupric/memptr_array.hpp"

namespace cupric::py {

void init_array_from_args(PyArray* self, nb::handle shape, nb::handle dtype, nb::handle memptr, nb::handle strides,
                          nb::handle order) {
  ResolvedDType rd = resolve_dtype(dtype);
  Dims dims = to_dims(shape);
  std::string o = order.is_none() ? "C" : nb::cast<std::string>(order);
  if (o != "C" && o != "F" && o != "c" && o != "f") throw ValueError("order not understood (must be 'C' or 'F')");
  Order ord = (o == "F" || o == "f") ? Order::F : Order::C;
  nb::object descr = rd.dtype.is_void() ? nb::borrow(rd.descr) : nb::none();
  if (memptr.is_none()) {
    if (!strides.is_none()) throw ValueError("strides need memptr (an array over given memory)");
    new (self) PyArray{ndarray::empty(dims, rd.dtype, ord), nb::none(), descr};
    return;
  }
  if (!nb::isinstance<MemoryPointer>(memptr))
    throw TypeError("memptr must be a cupric.cuda.MemoryPointer, not " +
                    nb::cast<std::string>(nb::str(memptr.type().attr("__name__"))));
  const MemoryPointer& p = nb::cast<const MemoryPointer&>(memptr);
  Dims st;
  if (!strides.is_none()) st = to_dims(strides);
  new (self) PyArray{array_from_memptr(p, dims, rd.dtype, strides.is_none() ? nullptr : &st, ord), nb::none(), descr};
}

}  // namespace cupric::py
