// cupric._core._runtime.set_thread_memory_hook: installs the calling thread's Python dispatcher of
// cupric.cuda.MemoryHook objects (Note [Memory hooks] in src/runtime/memory_hook.cpp).
#include "common.hpp"
#include "cupric/runtime/memory_hook.hpp"

namespace cupric::py {

namespace {
// Holds the Python callable; takes the GIL to call it and to let it go (the pool may free
// memory, and so call the hook, from a thread that does not hold the GIL).
struct PyHook {
  PyObject* fn;
  explicit PyHook(nb::handle h) : fn(h.inc_ref().ptr()) {}
  PyHook(const PyHook&) = delete;
  PyHook& operator=(const PyHook&) = delete;
  ~PyHook() {
    if (Py_IsInitialized()) {
      nb::gil_scoped_acquire gil;
      Py_DECREF(fn);
    }
  }
};
}  // namespace

void init_cuda_hooks(nb::module_& m) {
  m.def(
      "set_thread_memory_hook",
      [](nb::object fn) {
        if (fn.is_none()) return set_thread_memory_hook(nullptr);
        auto hook = std::make_shared<PyHook>(fn);
        set_thread_memory_hook([hook](const MemoryHookEvent& e) {
          nb::gil_scoped_acquire gil;
          nb::handle(hook->fn)(static_cast<int>(e.point), e.device, e.size, e.mem_size, e.mem_ptr, e.pmem_id);
        });
      },
      nb::arg("fn").none());
  m.def("thread_has_memory_hook", &thread_has_memory_hook);
}

}  // namespace cupric::py
