// The per-thread switch of cupricx.allow_synchronize (cupric/runtime/sync_detect.hpp).
#include "cupric/runtime/sync_detect.hpp"

namespace cupric {

namespace {
thread_local bool t_synchronize_allowed = true;
}  // namespace

bool synchronize_allowed() { return t_synchronize_allowed; }

bool set_synchronize_allowed(bool allowed) {
  const bool previous = t_synchronize_allowed;
  t_synchronize_allowed = allowed;
  return previous;
}

void declare_synchronize() {
  if (!t_synchronize_allowed) throw DeviceSynchronized();
}

}  // namespace cupric
