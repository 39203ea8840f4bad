// interp's CUDA loop (kernels/interp_kernels.hpp): the engine's elementwise loop over x with the
// functor, which reads the sample points through the pointers it carries.
#include "engine/elementwise/cuda/cuda_loops.cuh"
#include "kernels/interp_kernels.hpp"

namespace cupric {
namespace {
const dispatch::Registration register_interp(interp_loops(), DeviceType::Cuda,
                                             LoopFn{&cuda::elementwise_loop<InterpF, double, double>});
}  // namespace
}  // namespace cupric
