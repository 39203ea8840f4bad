// The switch behind cupricx.allow_synchronize (CuPy's syncdetect): a thread may forbid itself
// operations that wait for the device, and those operations declare themselves first.
#pragma once
#include "cupric/error.hpp"

namespace cupric {

// cupricx.DeviceSynchronized: an operation that waits for the device ran while this thread had
// forbidden it.
class DeviceSynchronized : public RuntimeError {
 public:
  DeviceSynchronized() : RuntimeError("Device synchronization was detected while disallowed.") {}
};

// Whether this thread may wait for the device (true until set otherwise).
bool synchronize_allowed();
// Sets it for this thread and returns the previous setting.
bool set_synchronize_allowed(bool allowed);
// Called by an operation before it waits for the device (a copy to host memory,
// Device.synchronize): throws DeviceSynchronized when this thread forbade it.
void declare_synchronize();

}  // namespace cupric
