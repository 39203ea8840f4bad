// DLPack capsules and __cuda_array_interface__ dicts <-> the C++ interop layer
// (include/cupric/interop/): argument conversion, capsule naming and lifetimes; no logic.
#include <cstring>
#include <cupric/interop/cuda_array_interface.hpp>
#include <cupric/interop/dlpack.hpp>
#include "ndarray_methods.hpp"

namespace cupric::py {

namespace {

constexpr const char* kVersioned = "dltensor_versioned";
constexpr const char* kVersionedUsed = "used_dltensor_versioned";
constexpr const char* kLegacy = "dltensor";
constexpr const char* kLegacyUsed = "used_dltensor";

// A capsule nobody consumed still owns its tensor: its destructor runs the deleter (once; a
// consumer renames the capsule to used_* when it takes the tensor over).
template <class Managed>
void capsule_destructor(PyObject* cap) {
  const char* name = std::is_same_v<Managed, DLManagedTensorVersioned> ? kVersioned : kLegacy;
  if (!PyCapsule_IsValid(cap, name)) return;  // consumed (renamed)
  PyObject *type, *value, *tb;
  PyErr_Fetch(&type, &value, &tb);
  if (auto* t = static_cast<Managed*>(PyCapsule_GetPointer(cap, name)); t && t->deleter) t->deleter(t);
  PyErr_Restore(type, value, tb);
}

// A fresh (unconsumed) capsule owning `t`; on failure the tensor is deleted here.
template <class Managed>
nb::object capsule_of(Managed* t, const char* name) {
  PyObject* c = PyCapsule_New(t, name, &capsule_destructor<Managed>);
  if (!c) {
    t->deleter(t);
    throw nb::python_error();
  }
  return nb::steal(c);
}

std::optional<bool> to_copy(nb::handle copy) {
  if (copy.is_none()) return std::nullopt;
  return PyObject_IsTrue(copy.ptr()) == 1;
}

std::optional<int64_t> to_stream(nb::handle stream) {
  if (stream.is_none()) return std::nullopt;
  if (!PyLong_Check(stream.ptr()) || PyBool_Check(stream.ptr()))
    throw TypeError("stream must be an int or None, not " +
                    nb::cast<std::string>(nb::str(stream.type().attr("__name__"))));
  return nb::cast<int64_t>(stream);
}

}  // namespace

nb::object dlpack_method(nb::handle self, nb::handle stream, nb::handle max_version, nb::handle dl_device,
                         nb::handle copy) {
  const ndarray& a = unwrap(self).arr;
  dlpack::ExportRequest req{to_copy(copy), std::nullopt};
  if (!dl_device.is_none()) {
    nb::tuple d = nb::cast<nb::tuple>(dl_device);
    if (d.size() != 2) throw ValueError("dl_device must be a (device_type, device_id) tuple");
    req.device = DLDevice{nb::cast<int32_t>(d[0]), nb::cast<int32_t>(d[1])};
  }
  bool versioned = false;
  if (!max_version.is_none()) {
    nb::tuple v = nb::cast<nb::tuple>(max_version);
    if (v.size() != 2) throw ValueError("max_version must be a (major, minor) tuple");
    versioned = nb::cast<int64_t>(v[0]) >= 1;
  }
  std::optional<int64_t> s = to_stream(stream);
  nb::object cap =
      versioned ? capsule_of(dlpack::to_versioned(a, req), kVersioned) : capsule_of(dlpack::to_legacy(a, req), kLegacy);
  // After any copy was enqueued: the consumer's stream waits for it too. A device->host export
  // (dl_device CPU) was synchronous, and its consumer passes no stream.
  if (!(req.device && req.device->device_type == kDLCPU && a.device_type() == DeviceType::Cuda))
    dlpack::order_before_consumer(a, s);
  return cap;
}

nb::tuple dlpack_device_method(nb::handle self) {
  DLDevice d = dlpack::device_of(unwrap(self).arr);
  return nb::make_tuple(d.device_type, d.device_id);
}

namespace {

// A capsule from __dlpack__ (or a legacy toDlpack) as a cupric array; the capsule is marked used
// before the C++ import takes the tensor over (it then owns the deleter).
nb::object from_capsule(nb::handle capsule, nb::handle copy) {
  PyObject* c = capsule.ptr();
  if (PyCapsule_IsValid(c, kVersioned)) {
    auto* t = static_cast<DLManagedTensorVersioned*>(PyCapsule_GetPointer(c, kVersioned));
    if (PyCapsule_SetName(c, kVersionedUsed) != 0) throw nb::python_error();
    return wrap(dlpack::from_versioned(t, to_copy(copy)));
  }
  if (PyCapsule_IsValid(c, kLegacy)) {
    auto* t = static_cast<DLManagedTensor*>(PyCapsule_GetPointer(c, kLegacy));
    if (PyCapsule_SetName(c, kLegacyUsed) != 0) throw nb::python_error();
    return wrap(dlpack::from_legacy(t, to_copy(copy)));
  }
  if (PyCapsule_CheckExact(c))
    throw ValueError("the DLPack capsule was already consumed (a capsule can be imported once)");
  throw TypeError("expected a DLPack capsule ('dltensor' or 'dltensor_versioned'), got " +
                  nb::cast<std::string>(nb::str(capsule.type().attr("__name__"))));
}

nb::dict cai_dict(const cai::Interface& i, nb::handle descr) {
  nb::object dt = dtype_object(i.dtype, descr);
  nb::dict d;
  d["shape"] = dims_tuple(i.shape);
  d["typestr"] = dt.attr("str");
  d["descr"] = dt.attr("descr");
  d["data"] = nb::make_tuple(i.data, i.read_only);
  d["strides"] = i.strides ? nb::object(dims_tuple(*i.strides)) : nb::object(nb::none());
  d["version"] = 3;
  d["stream"] = i.stream ? nb::object(nb::int_(*i.stream)) : nb::object(nb::none());
  return d;
}

}  // namespace

nb::dict cuda_array_interface(nb::handle self) {
  const PyArray& p = unwrap(self);
  try {
    return cai_dict(cai::export_interface(p.arr), p.descr);
  } catch (const TypeError& e) {
    throw nb::attribute_error(e.what());  // hasattr() is how consumers probe for the interface
  }
}

std::optional<ndarray> foreign_device_array(nb::handle obj, std::optional<bool> copy) {
  PyObject* p = obj.ptr();
  if (PyList_Check(p) || PyTuple_Check(p) || PyLong_Check(p) || PyFloat_Check(p) || PyComplex_Check(p) ||
      PyUnicode_Check(p) || p == Py_None || std::strcmp(Py_TYPE(p)->tp_name, "numpy.ndarray") == 0 ||
      is_numpy_scalar(obj))
    return std::nullopt;  // (the common array-likes, without a failed attribute lookup each)
  PyObject* got = PyObject_GetAttrString(p, "__cuda_array_interface__");
  if (!got) {
    if (!PyErr_ExceptionMatches(PyExc_AttributeError)) throw nb::python_error();
    PyErr_Clear();
    return std::nullopt;
  }
  nb::dict d = nb::steal<nb::dict>(got);
  int version = d.contains("version") ? nb::cast<int>(d["version"]) : 0;
  if (d.contains("mask") && !d["mask"].is_none())
    throw ValueError("cupric does not support masked arrays (__cuda_array_interface__ with a mask)");
  cai::Interface i;
  nb::tuple data = nb::cast<nb::tuple>(d["data"]);
  i.data = nb::cast<uintptr_t>(data[0]);
  i.read_only = nb::cast<bool>(data[1]);
  i.shape = to_dims(d["shape"]);
  nb::object dt = numpy().attr("dtype")(d["typestr"]);
  if (!nb::cast<bool>(dt.attr("isnative")))
    throw ValueError("__cuda_array_interface__ typestr " + nb::cast<std::string>(d["typestr"]) +
                     " is not in native byte order");
  i.dtype = resolve_dtype(dt).dtype;
  if (d.contains("strides") && !d["strides"].is_none()) i.strides = to_dims(d["strides"]);
  if (version >= 3 && d.contains("stream")) i.stream = to_stream(d["stream"]);
  PyObject* owner_obj = obj.ptr();
  Py_INCREF(owner_obj);
  std::shared_ptr<void> owner(owner_obj, [](void* o) {
    if (!Py_IsInitialized()) return;  // process exit: the interpreter is gone
    PyGILState_STATE g = PyGILState_Ensure();
    Py_DECREF(static_cast<PyObject*>(o));
    PyGILState_Release(g);
  });
  return cai::import_interface(i, std::move(owner), copy);
}

void init_interop(nb::module_& m) {
  m.def("_dlpack_stream", [] {  // the current stream as DLPack and CAI name it (1, 2 or a cudaStream_t)
    Backend& b = default_backend();
    return dlpack::stream_protocol_value(b, b.current_device());
  });
  m.def("_from_dlpack_capsule", &from_capsule, nb::arg("capsule"), nb::arg("copy").none() = nb::none());
  nb::register_exception_translator([](const std::exception_ptr& p, void*) {
    try {
      std::rethrow_exception(p);
    } catch (const dlpack::BufferError& e) { PyErr_SetString(PyExc_BufferError, e.what()); }
  });
}

}  // namespace cupric::py
