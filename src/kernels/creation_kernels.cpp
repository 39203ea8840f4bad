// Storage of the creation kernels' loop table (creation_kernels.hpp): a constant-initialised
// array, so registrations from the families' static initialisers are safe in any order.
#include "kernels/creation_kernels.hpp"
#include "cupric/error.hpp"
#include "cupric/ndarray.hpp"
#include "engine/elementwise/elementwise_engine.hpp"

namespace cupric {
namespace {
constinit LoopPair g_creation[kNumCreationLoops][kNumNumericTypes];
}  // namespace

LoopPair& creation_loops(CreationLoop which, ScalarType out) {
  return g_creation[static_cast<int>(which)][static_cast<int>(out)];
}

void register_creation_loop(LoopBackend b, CreationLoop which, ScalarType out, LoopFn fn) {
  creation_loops(which, out).set(b, fn);
}

void run_creation_loop(CreationLoop which, const ndarray& out, const ndarray* in, const void* state) {
  if (!out.c_contiguous()) throw RuntimeError("creation kernels need a C-contiguous output (Note [Indexed loops])");
  ndarray ops[2] = {out, in ? *in : ndarray()};
  run_elementwise(creation_loops(which, out.dtype().type), ops, 1, in ? 1 : 0, state);
}

}  // namespace cupric
