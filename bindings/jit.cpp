// User kernels (cupric.ElementwiseKernel, ReductionKernel, RawKernel, RawModule, fuse) and the
// compile cache: argument conversion only; everything else is cupric::jit (src/jit/).
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/unique_ptr.h>
#include "common.hpp"
#include "cupric/jit/cache.hpp"
#include "cupric/jit/compiler.hpp"
#include "cupric/jit/host_raw.hpp"
#include "cupric/jit/kernels.hpp"

namespace cupric::py {

namespace {

bool is_scalar_like(nb::handle v) { return is_python_scalar(v) || is_numpy_scalar(v); }

// An argument of ElementwiseKernel / ReductionKernel (CuPy: cupric arrays and scalars only).
KernelArg kernel_arg(nb::handle v) {
  if (is_array(v)) return KernelArg::of(unwrap(v).arr);
  if (is_scalar_like(v)) {
    ResolvedDType dt = scalar_dtype(v);
    return KernelArg::of(scalar_for(v, dt.dtype), is_python_scalar(v));
  }
  throw TypeError("Unsupported type " + nb::cast<std::string>(nb::str(v.type())));
}

std::vector<KernelArg> kernel_args(nb::handle seq) {
  std::vector<KernelArg> out;
  for (nb::handle v : seq) out.push_back(kernel_arg(v));
  return out;
}

std::vector<std::string> option_list(nb::handle opts) {
  std::vector<std::string> out;
  if (opts.is_none()) return out;
  for (nb::handle o : opts) out.push_back(nb::cast<std::string>(o));
  return out;
}

nb::handle g_compile_exception;  // cupric.cuda.compiler.CompileException (leaked on purpose)

// Arguments of a RawKernel launch, kept alive until the launch is enqueued.
// (Up to kInline arguments live on the stack: a cached launch makes no heap allocation.)
struct RawArgs {
  static constexpr size_t kInline = 16;
  std::array<std::array<unsigned char, 16>, kInline> inline_storage;
  std::array<void*, kInline> inline_ptrs;
  std::vector<std::array<unsigned char, 16>> heap_storage;
  std::vector<void*> heap_ptrs;
  std::array<unsigned char, 16>* storage = inline_storage.data();
  void** ptrs = inline_ptrs.data();
};

// A scalar kernel argument's bytes on the fast path: Python bool (1 byte), int (int64, when it
// fits), float (double), complex (two doubles), or a NumPy scalar's own bytes through the buffer
// protocol (its dtype's size and byte order, at most 16 bytes). False: take the general path.
bool raw_scalar_fast(nb::handle v, unsigned char* slot) {
  PyObject* o = v.ptr();
  if (is_numpy_scalar(v)) {
    Py_buffer view;
    if (PyObject_GetBuffer(o, &view, PyBUF_SIMPLE) != 0) {
      PyErr_Clear();
      return false;
    }
    const bool ok = view.len > 0 && view.len <= 16;
    if (ok) std::memcpy(slot, view.buf, static_cast<size_t>(view.len));
    PyBuffer_Release(&view);
    return ok;
  }
  if (PyBool_Check(o)) {
    slot[0] = o == Py_True;
    return true;
  }
  if (PyLong_Check(o)) {
    int overflow = 0;
    const long long x = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (overflow != 0 || (x == -1 && PyErr_Occurred())) {
      PyErr_Clear();
      return false;
    }
    const int64_t x64 = x;
    std::memcpy(slot, &x64, sizeof x64);
    return true;
  }
  if (PyFloat_Check(o)) {
    const double d = PyFloat_AS_DOUBLE(o);
    std::memcpy(slot, &d, sizeof d);
    return true;
  }
  if (PyComplex_Check(o)) {
    const double c[2] = {PyComplex_RealAsDouble(o), PyComplex_ImagAsDouble(o)};
    std::memcpy(slot, c, sizeof c);
    return true;
  }
  return false;
}

void raw_args(nb::handle seq, RawArgs& ra) {
  // A tuple as it is; anything else (a list) as a tuple copy, so that nothing the conversions
  // below call back into can change it under the loop.
  nb::object held = PyTuple_Check(seq.ptr()) ? nb::borrow(seq) : nb::steal(PySequence_Tuple(seq.ptr()));
  if (!held.is_valid()) throw nb::python_error();
  PyObject* tup = held.ptr();
  const size_t n = static_cast<size_t>(PyTuple_GET_SIZE(tup));
  if (n > RawArgs::kInline) {
    ra.heap_storage.resize(n);
    ra.heap_ptrs.resize(n);
    ra.storage = ra.heap_storage.data();
    ra.ptrs = ra.heap_ptrs.data();
  }
  for (size_t i = 0; i < n; ++i) {
    nb::handle v(PyTuple_GET_ITEM(tup, static_cast<Py_ssize_t>(i)));
    auto& slot = ra.storage[i];
    if (is_array(v)) {
      void* p = unwrap(v).arr.data();
      std::memcpy(slot.data(), &p, sizeof p);
    } else if (raw_scalar_fast(v, slot.data())) {
      // (a Python bool/int/float/complex or a numeric NumPy scalar, without dtype lookups)
    } else if (is_scalar_like(v)) {
      Scalar s = scalar_for(v, scalar_dtype(v).dtype);
      std::memcpy(slot.data(), s.bytes, static_cast<size_t>(s.dtype.itemsize));
    } else if (nb::hasattr(v, "__cuda_array_interface__")) {
      nb::object cai = v.attr("__cuda_array_interface__");
      uintptr_t p = nb::cast<uintptr_t>(nb::tuple(cai["data"])[0]);
      std::memcpy(slot.data(), &p, sizeof p);
    } else if (v.is_none()) {
      void* p = nullptr;
      std::memcpy(slot.data(), &p, sizeof p);
    } else {
      throw TypeError("Unsupported type " + nb::cast<std::string>(nb::str(v.type())));
    }
    ra.ptrs[i] = slot.data();
  }
}

unsigned dim_value(PyObject* o, const char* what) {
  if (!PyLong_Check(o)) {  // an index-like object (numpy.int32, ...) as its int
    nb::object i = nb::steal(PyNumber_Index(o));
    if (!i.is_valid()) {
      PyErr_Clear();
      throw TypeError(std::string(what) + " sizes must be ints, not '" + Py_TYPE(o)->tp_name + "'");
    }
    return dim_value(i.ptr(), what);
  }
  const unsigned long v = PyLong_AsUnsignedLong(o);
  if (v == static_cast<unsigned long>(-1) && PyErr_Occurred()) {
    PyErr_Clear();
    throw ValueError(std::string(what) + " sizes must be non-negative ints below 2**32");
  }
  if (v > UINT32_MAX) throw ValueError(std::string(what) + " sizes must be non-negative ints below 2**32");
  return static_cast<unsigned>(v);
}

void dims3(nb::handle v, unsigned out[3], const char* what) {
  out[0] = out[1] = out[2] = 1;
  PyObject* o = v.ptr();
  if (PyLong_Check(o)) {
    out[0] = dim_value(o, what);
    return;
  }
  // A tuple (the usual form) as it is; any other sequence as a tuple copy.
  nb::object held = PyTuple_Check(o) ? nb::borrow(v) : nb::steal(PySequence_Tuple(o));
  if (!held.is_valid()) throw nb::python_error();
  const Py_ssize_t n = PyTuple_GET_SIZE(held.ptr());
  if (n < 1 || n > 3) throw ValueError(std::string(what) + " must be an int or a tuple of 1 to 3 ints");
  for (Py_ssize_t i = 0; i < n; ++i) out[i] = dim_value(PyTuple_GET_ITEM(held.ptr(), i), what);
}

// One RawKernel launch: grid/block as int or tuple, args a tuple/list, stream None (the current
// stream) or a stream pointer.
// `device`: the current device when the caller knows it (-1: ask).
void raw_launch(const jit::CudaFunction& f, nb::handle grid, nb::handle block, nb::handle args, size_t shared_mem,
                nb::handle stream, bool cooperative, int device = -1) {
  unsigned g[3], b[3];
  dims3(grid, g, "grid");
  dims3(block, b, "block");
  RawArgs ra;
  raw_args(args, ra);
  Stream s;
  if (stream.is_none()) {
    Backend& be = default_backend();
    s = be.current_stream(device >= 0 ? device : be.current_device());
  } else {
    s.handle = reinterpret_cast<void*>(nb::cast<uintptr_t>(stream));
  }
  f.launch(g, b, ra.ptrs, shared_mem, s, cooperative);
}

// The C++ side of a RawKernel: its function on each device it was launched on (and its host
// function on the host backend).
struct RawKernelBase {
  std::vector<std::optional<jit::CudaFunction>> fns;  // by device ordinal
  std::optional<jit::HostRawFunction> host_fn;
  bool cooperative = false;
};

// A launch on the host backend: the whole grid runs before it returns (Note [Host blocks as
// fibers] in cupric/jit/host_launch.hpp), without the GIL.
void host_raw_launch(const jit::HostRawFunction& f, nb::handle grid, nb::handle block, nb::handle args,
                     size_t shared_mem) {
  unsigned g[3], b[3];
  dims3(grid, g, "grid");
  dims3(block, b, "block");
  RawArgs ra;
  raw_args(args, ra);
  const int nargs = static_cast<int>(PySequence_Size(args.ptr()));
  nb::gil_scoped_release rel;
  f.launch(g, b, ra.ptrs, nargs, shared_mem);
}

// The kernel's function on the current device, if loaded there (and the backend is CUDA);
// `device` receives the current device.
const jit::CudaFunction* current_function(const RawKernelBase& k, int* device = nullptr) {
  Backend& be = default_backend();
  if (be.type() != DeviceType::Cuda) return nullptr;
  const int dev = be.current_device();
  if (device) *device = dev;
  if (dev < 0 || static_cast<size_t>(dev) >= k.fns.size() || !k.fns[static_cast<size_t>(dev)]) return nullptr;
  return &*k.fns[static_cast<size_t>(dev)];
}

// RawKernel's call slot (Note [RawKernel launch path] in init_jit).
PyObject* raw_kernel_call_slot(PyObject* self, PyObject* args, PyObject* kwargs) {
  if ((!kwargs || PyDict_GET_SIZE(kwargs) == 0) && PyTuple_GET_SIZE(args) == 3 && nb::inst_ready(self)) {
    PyObject* kargs = PyTuple_GET_ITEM(args, 2);
    if (PyTuple_Check(kargs) || PyList_Check(kargs)) {
      try {
        const RawKernelBase& k = *nb::inst_ptr<RawKernelBase>(self);
        int dev = -1;
        if (const jit::CudaFunction* f = current_function(k, &dev)) {
          raw_launch(*f, PyTuple_GET_ITEM(args, 0), PyTuple_GET_ITEM(args, 1), kargs, 0, nb::none(), k.cooperative,
                     dev);
          Py_RETURN_NONE;
        }
      } catch (...) {
        return raise_current_exception();  // (Note [Errors from raw slots])
      }
    }
  }
  nb::object call = nb::steal(PyObject_GetAttrString(self, "_call"));
  if (!call.is_valid()) return nullptr;
  return PyObject_Call(call.ptr(), args, kwargs);
}

}  // namespace

void init_jit(nb::module_& m) {
  nb::register_exception_translator([](const std::exception_ptr& p, void*) {
    try {
      std::rethrow_exception(p);
    } catch (const jit::CompileError& e) {
      if (!g_compile_exception.is_valid())
        g_compile_exception = nb::module_::import_("cupric.cuda.compiler").attr("CompileException").inc_ref();
      nb::object exc =
          nb::handle(g_compile_exception)(e.what(), e.source, e.name, nb::tuple(), "nvrtc", nb::arg("log") = e.log);
      PyErr_SetObject(g_compile_exception.ptr(), exc.ptr());
    }
  });

  nb::class_<ElementwiseKernel>(m, "_ElementwiseKernel")
      .def("__init__",
           [](ElementwiseKernel* self, std::string in_params, std::string out_params, std::string operation,
              std::string name, bool reduce_dims, std::string preamble, bool no_return, bool return_tuple,
              std::string loop_prep, std::string after_loop, nb::handle options) {
             new (self) ElementwiseKernel(in_params, out_params, operation, name, reduce_dims, preamble, no_return,
                                          return_tuple, loop_prep, after_loop, option_list(options));
           })
      .def("__call__",
           [](const ElementwiseKernel& k, nb::handle args, int64_t size, int block_size) {
             std::vector<KernelArg> a = kernel_args(args);
             std::vector<ndarray> outs;
             {
               nb::gil_scoped_release rel;
               outs = k(a, size, block_size);
             }
             nb::list r;
             for (auto& o : outs) r.append(wrap(o));
             return r;
           })
      .def_prop_ro("nin", [](const ElementwiseKernel& k) { return k.in_params().size(); })
      .def_prop_ro("nout", [](const ElementwiseKernel& k) { return k.out_params().size(); })
      .def_prop_ro("name", [](const ElementwiseKernel& k) { return k.name(); });

  nb::class_<ReductionKernel>(m, "_ReductionKernel")
      .def("__init__",
           [](ReductionKernel* self, std::string in_params, std::string out_params, std::string map_expr,
              std::string reduce_expr, std::string post_map_expr, std::string identity, std::string name,
              std::string reduce_type, bool reduce_dims, std::string preamble, nb::handle options) {
             new (self) ReductionKernel(in_params, out_params, map_expr, reduce_expr, post_map_expr, identity, name,
                                        reduce_type, reduce_dims, preamble, option_list(options));
           })
      .def(
          "__call__",
          [](const ReductionKernel& k, nb::handle args, nb::handle axis, bool keepdims, int block_size) {
            std::vector<KernelArg> a = kernel_args(args);
            std::optional<std::vector<int64_t>> ax;
            if (!axis.is_none()) {
              std::vector<int64_t> v;
              if (PyLong_Check(axis.ptr()) || nb::hasattr(axis, "__index__")) {
                if (nb::isinstance<nb::tuple>(axis) || nb::isinstance<nb::list>(axis)) {
                  for (nb::handle x : axis) v.push_back(nb::cast<int64_t>(x));
                } else {
                  v.push_back(nb::cast<int64_t>(axis));
                }
              } else {
                for (nb::handle x : axis) v.push_back(nb::cast<int64_t>(x));
              }
              ax = v;
            }
            ndarray out;
            {
              nb::gil_scoped_release rel;
              out = k(a, ax, keepdims, block_size);
            }
            return wrap(out);
          },
          nb::arg("args"), nb::arg("axis").none(), nb::arg("keepdims"), nb::arg("block_size"))
      .def_prop_ro("nin", [](const ReductionKernel& k) { return k.in_params().size(); })
      .def_prop_ro("nout", [](const ReductionKernel& k) { return k.out_params().size(); })
      .def_prop_ro("name", [](const ReductionKernel& k) { return k.name(); });

  // ---- RawKernel / RawModule (CUDA only) ----
  nb::class_<jit::CudaImage>(m, "_CudaImage")
      .def_prop_ro("is_cubin", [](const jit::CudaImage& im) { return im.is_cubin; })
      .def_prop_ro("binary", [](const jit::CudaImage& im) { return nb::bytes(im.binary.data(), im.binary.size()); })
      .def_prop_ro("lowered_names", [](const jit::CudaImage& im) {
        nb::dict d;
        for (const auto& [expr, lowered] : im.lowered_names) d[expr.c_str()] = lowered;
        return d;
      });
  nb::class_<jit::CudaFunction>(m, "_CudaFunction")
      .def("attribute", &jit::CudaFunction::attribute)
      .def("set_attribute", &jit::CudaFunction::set_attribute)
      .def_prop_ro("ptr", [](const jit::CudaFunction& f) { return reinterpret_cast<uintptr_t>(f.handle()); });
  nb::class_<jit::CudaModule>(m, "_CudaModule")
      .def("function", [](jit::CudaModule& mod, const std::string& name) { return mod.function(name); })
      .def("global_", [](jit::CudaModule& mod, const std::string& name) { return mod.global(name); });
  // Note [RawKernel launch path]
  // A cached RawKernel launch is host time only, so its path has no Python frame: RawKernel
  // (python/cupric/_kernel.py) derives from _RawKernelBase, which keeps each device's function in
  // C++. The type's call slot (raw_kernel_call_slot, inherited by the Python subclass as it is)
  // launches the common call itself, without nanobind's method dispatch, and raises its errors as
  // any nanobind function would (Note [Errors from raw slots]); every other call (keywords, a
  // non-sequence args) goes through `_call`, the full nanobind-bound method. A device with
  // no function yet goes through the Python property `_kernel` once (compile or disk cache,
  // module load), which stores it here.
  static PyType_Slot raw_kernel_slots[] = {{Py_tp_call, reinterpret_cast<void*>(&raw_kernel_call_slot)}, {0, nullptr}};
  nb::class_<RawKernelBase>(m, "_RawKernelBase", nb::type_slots(raw_kernel_slots))
      .def(nb::init<>())
      .def("_function",
           [](const RawKernelBase& k, int dev) -> std::optional<jit::CudaFunction> {
             if (dev < 0 || static_cast<size_t>(dev) >= k.fns.size()) return std::nullopt;
             return k.fns[static_cast<size_t>(dev)];
           })
      .def("_set_function",
           [](RawKernelBase& k, int dev, const jit::CudaFunction& f, bool cooperative) {
             if (dev < 0) throw ValueError("invalid device " + std::to_string(dev));
             if (static_cast<size_t>(dev) >= k.fns.size()) k.fns.resize(static_cast<size_t>(dev) + 1);
             k.fns[static_cast<size_t>(dev)] = f;
             k.cooperative = cooperative;
           })
      .def(
          "_call",
          [](nb::handle self, nb::handle grid, nb::handle block, nb::handle args, size_t shared_mem,
             nb::handle stream) {
            if (!nb::isinstance<RawKernelBase>(self)) throw TypeError("expected a RawKernel");
            if (default_backend().type() == DeviceType::Host) {
              RawKernelBase& hk = *nb::inst_ptr<RawKernelBase>(self);
              if (!hk.host_fn) hk.host_fn = nb::cast<jit::HostRawFunction>(self.attr("_kernel"));
              if (!PyTuple_Check(args.ptr()) && !PyList_Check(args.ptr())) throw TypeError("args must be a tuple");
              host_raw_launch(*hk.host_fn, grid, block, args, shared_mem);
              return;
            }
            const RawKernelBase& k = *nb::inst_ptr<RawKernelBase>(self);
            const jit::CudaFunction* f = current_function(k);
            nb::object loaded;
            if (!f) {  // first launch on this device (or not the CUDA backend: _kernel raises)
              loaded = self.attr("_kernel");
              f = nb::inst_ptr<jit::CudaFunction>(loaded);
            }
            if (!PyTuple_Check(args.ptr()) && !PyList_Check(args.ptr())) throw TypeError("args must be a tuple");
            raw_launch(*f, grid, block, args, shared_mem, stream.is_none() ? stream : stream.attr("ptr"),
                       k.cooperative);
          },
          nb::arg("grid"), nb::arg("block"), nb::arg("args"), nb::kw_only(), nb::arg("shared_mem") = 0,
          nb::arg("stream").none() = nb::none());
  m.def("_compile_cuda",
        [](const std::string& source, nb::handle options, nb::handle name_expressions, const std::string& name) {
          jit::CudaCompileOptions o;
          o.options = option_list(options);
          o.name_expressions = option_list(name_expressions);
          o.name_for_errors = name;
          Backend& be = default_backend();
          if (be.type() != DeviceType::Cuda)
            throw RuntimeError("RawKernel and RawModule need the CUDA backend (the current backend is '" +
                               std::string(be.name()) + "'): CUDA C++ cannot run on the host backend");
          int dev = be.current_device();
          nb::gil_scoped_release rel;
          return std::const_pointer_cast<jit::CudaImage>(jit::compile_cuda(source, o, dev));
        });
  // ---- RawKernel / RawModule on the host backend ----
  nb::class_<jit::HostRawFunction>(m, "_HostRawFunction")
      .def("attribute", &jit::HostRawFunction::attribute)
      .def("set_attribute", &jit::HostRawFunction::set_attribute)
      .def("launch", [](const jit::HostRawFunction& f, nb::handle grid, nb::handle block, nb::handle args,
                        size_t shared_mem) { host_raw_launch(f, grid, block, args, shared_mem); })
      .def_prop_ro("name", &jit::HostRawFunction::name);
  nb::class_<jit::HostRawModule>(m, "_HostRawModule")
      .def("function", &jit::HostRawModule::function)
      .def("global_", &jit::HostRawModule::global)
      .def_prop_ro("uses_fibers", &jit::HostRawModule::uses_fibers);
  m.def("_compile_host_raw",
        [](const std::string& source, nb::handle options, nb::handle name_expressions, const std::string& name) {
          std::vector<std::string> o = option_list(options), n = option_list(name_expressions);
          nb::gil_scoped_release rel;
          return jit::compile_host_raw(source, o, n, name);
        });
  m.def("_translate_host_raw", [](const std::string& source) {
    jit::HostRawSource t = jit::translate_raw_source(source, "kernel");
    return nb::make_tuple(t.text, t.kernels, t.needs_fibers);
  });
  m.def("_load_cuda_module", [](std::shared_ptr<jit::CudaImage> im) {
    Backend& be = default_backend();
    return jit::load_cuda_module(im, be.current_device());
  });
  m.def("_image_from_binary", [](nb::bytes data, bool is_cubin) {
    auto im = std::make_shared<jit::CudaImage>();
    im->binary.assign(static_cast<const char*>(data.c_str()), data.size());
    im->is_cubin = is_cubin;
    if (!is_cubin) im->binary.push_back('\0');  // PTX is loaded as a NUL-terminated string
    return im;
  });
  m.def("_nvrtc_version", &jit::nvrtc_version);
  m.def("_cccl_versions", []() { return nb::make_tuple(jit::build_cccl_version(), jit::jit_cccl_version()); });
  // Compiles for an explicit arch without a GPU (tests check the CUDA flavour of generated code).
  m.def(
      "_compile_cuda_for_arch",
      [](const std::string& source, nb::handle options, nb::handle name_expressions, const std::string& name, int arch,
         bool generated) {
        jit::CudaCompileOptions o;
        o.options = option_list(options);
        o.name_expressions = option_list(name_expressions);
        o.name_for_errors = name;
        o.minimal_fp16_headers = generated;
        nb::gil_scoped_release rel;
        return std::const_pointer_cast<jit::CudaImage>(jit::compile_cuda_for_arch(source, o, arch));
      },
      nb::arg("source"), nb::arg("options"), nb::arg("name_expressions"), nb::arg("name"), nb::arg("arch"),
      nb::arg("generated") = false);
  m.def("_elementwise_source", [](const ElementwiseKernel& k, nb::handle args, int64_t size) {
    return k.generated_source(kernel_args(args), size);
  });
  m.def(
      "_reduction_source",
      [](const ReductionKernel& k, nb::handle args, nb::handle axis, bool keepdims) {
        std::optional<std::vector<int64_t>> ax;
        if (!axis.is_none()) {
          std::vector<int64_t> v;
          if (nb::isinstance<nb::tuple>(axis)) {
            for (nb::handle x : axis) v.push_back(nb::cast<int64_t>(x));
          } else {
            v.push_back(nb::cast<int64_t>(axis));
          }
          ax = v;
        }
        return k.generated_source(kernel_args(args), ax, keepdims);
      },
      nb::arg("k"), nb::arg("args"), nb::arg("axis").none(), nb::arg("keepdims"));

  // ---- the cache ----
  m.def("_jit_cache_stats", []() {
    const auto& s = jit::cache_stats();
    nb::dict d;
    d["compiles"] = s.compiles;
    d["disk_hits"] = s.disk_hits;
    d["memory_hits"] = s.memory_hits;
    d["corrupted"] = s.corrupted;
    return d;
  });
  m.def("_jit_clear_memory_caches", &jit::clear_memory_caches);
  m.def("_jit_cache_dir", &jit::cache_dir);
  m.def("_jit_header_set", &jit::header_set);
  m.def("_jit_header_set_hash", []() { return jit::header_set_hash(); });
}

}  // namespace cupric::py
