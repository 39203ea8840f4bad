// The array API's `device=` keyword of creation functions (zeros(..., device=d)): None for the
// current device, or a cupric.cuda.Device made current for the call and restored after it, as
// `with d:` does. Argument conversion only.
#pragma once
#include <string>
#include "common.hpp"

namespace cupric::py {

class DeviceScope {
 public:
  explicit DeviceScope(nb::handle device) {
    if (device.is_none()) return;  // the common case costs one comparison
    // looked up once; kept for the process (no decref at interpreter exit, after Python is gone)
    static nb::handle device_type = nb::object(nb::module_::import_("cupric.cuda").attr("Device")).release();
    if (!nb::isinstance(device, device_type))
      throw ValueError("device must be a cupric.cuda.Device or None, not " + nb::cast<std::string>(nb::repr(device)) +
                       "; cupric creates arrays on its devices (x.device, cupric.cuda.Device(n))");
    int id = nb::cast<int>(device.attr("id"));
    Backend& b = default_backend();
    if (id >= b.device_count())
      throw ValueError("device " + std::to_string(id) + " does not exist: " + std::to_string(b.device_count()) +
                       " device(s) are visible");
    int current = b.current_device();
    if (id != current) {
      b.set_device(id);
      previous_ = current;
    }
  }
  ~DeviceScope() {
    if (previous_ < 0) return;
    try {
      default_backend().set_device(previous_);
    } catch (...) {  // (switching back to a device that worked a moment ago does not fail)
    }
  }
  DeviceScope(const DeviceScope&) = delete;
  DeviceScope& operator=(const DeviceScope&) = delete;

 private:
  int previous_ = -1;
};

// f with a trailing `device` argument (bound as keyword-only `device=None` by the caller's m.def).
template <class R, class... A>
auto on_device(R (*f)(A...)) {
  return [f](A... a, nb::handle device) -> R {
    DeviceScope scope(device);
    return f(a...);
  };
}

}  // namespace cupric::py
