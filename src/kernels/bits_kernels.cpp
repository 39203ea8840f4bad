// packbits/unpackbits's loop tables and host loops (kernels/bits_kernels.hpp).
#include "kernels/bits_kernels.hpp"
#include "engine/elementwise/host/host_loops.hpp"

namespace cupric {

LoopPair& pack_word_loops() {
  static constinit LoopPair loops;
  return loops;
}

LoopPair& unpack_byte_loops() {
  static constinit LoopPair loops;
  return loops;
}

namespace {
const dispatch::Registration register_pack(pack_word_loops(), DeviceType::Host,
                                           LoopFn{&host::elementwise_loop<PackWordF, uint8_t, uint64_t>});
const dispatch::Registration register_unpack(unpack_byte_loops(), DeviceType::Host,
                                             LoopFn{&host::elementwise_loop<UnpackByteF, uint64_t, uint8_t>});
}  // namespace

}  // namespace cupric
