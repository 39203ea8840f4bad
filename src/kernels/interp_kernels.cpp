// interp's loop table and host loop (kernels/interp_kernels.hpp).
#include "kernels/interp_kernels.hpp"
#include "engine/elementwise/host/host_loops.hpp"

namespace cupric {

LoopPair& interp_loops() {
  static constinit LoopPair loops;
  return loops;
}

namespace {
const dispatch::Registration register_interp(interp_loops(), DeviceType::Host,
                                             LoopFn{&host::elementwise_loop<InterpF, double, double>});
}  // namespace

}  // namespace cupric
