// packbits/unpackbits's CUDA loops (kernels/bits_kernels.hpp): the engine's elementwise loop with
// the packing and unpacking functors.
#include "engine/elementwise/cuda/cuda_loops.cuh"
#include "kernels/bits_kernels.hpp"

namespace cupric {
namespace {
const dispatch::Registration register_pack(pack_word_loops(), DeviceType::Cuda,
                                           LoopFn{&cuda::elementwise_loop<PackWordF, uint8_t, uint64_t>});
const dispatch::Registration register_unpack(unpack_byte_loops(), DeviceType::Cuda,
                                             LoopFn{&cuda::elementwise_loop<UnpackByteF, uint64_t, uint8_t>});
}  // namespace
}  // namespace cupric
