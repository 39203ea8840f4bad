// The one error of a backend dispatch lookup that finds no implementation (Note [Dispatch] in
// include/cupric/detail/dispatch.hpp), out of line so that lookups stay a load and a test.
#include "cupric/detail/dispatch.hpp"
#include <string>
#include "cupric/error.hpp"

namespace cupric::dispatch {

const char* backend_name(DeviceType t) {
  static constexpr const char* kNames[kNumBackends] = {"host", "cuda"};  // DeviceType order
  return kNames[static_cast<int>(t)];
}

void unavailable(std::string_view what, DeviceType t, std::string_view why) {
  std::string msg(what);
  msg += " is not available on the ";
  msg += backend_name(t);
  msg += " backend: ";
  if (!why.empty())
    msg += why;
  else if (t == DeviceType::Host)
    msg += "the host backend has no implementation of it; run it on a GPU (CUPRIC_BACKEND=cuda)";
  else
    msg +=
        "this cupric has no CUDA implementation of it (a build without CUDA or without this kernel); "
        "run it on the host backend (CUPRIC_BACKEND=host)";
  throw NotImplementedError(msg);
}

}  // namespace cupric::dispatch
