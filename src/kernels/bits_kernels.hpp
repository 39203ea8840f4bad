// packbits/unpackbits's kernels (ops/bits.cpp): one elementwise pass each, from 8 bytes of 0/1 to
// one packed byte and from one byte to 8 bytes of 0/1 (Note [Packing bits by multiplication] in
// ops/bits.cpp). The functors are device-portable; the host loops are registered in
// bits_kernels.cpp, the CUDA loops in cuda/bits_kernels.cu.
#pragma once
#include <cstdint>
#include "cupric/config.hpp"
#include "engine/elementwise/op_table.hpp"

namespace cupric {

// The loops 'Q->B' of packing (a uint64 word of eight 0/1 bytes to its packed byte, the functor's
// state a PackWordF) and 'B->Q' of unpacking (a byte to the uint64 word of its eight bits, the
// state an UnpackByteF).
LoopPair& pack_word_loops();
LoopPair& unpack_byte_loops();

// Each byte of the word is first made 0 or 1 (1 when non-zero: adding 0x7f to its low seven bits
// sets its top bit when they are non-zero, without a carry into the next byte, and or-ing the
// byte's own top bit covers the rest); then the word's top byte after the multiplication by
// `spread` (0x8040201008040201 for big-endian bit order, 0x0102040810204080 for little) is the
// packed byte.
struct PackWordF {
  uint64_t spread;
  CUPRIC_HD uint8_t operator()(uint64_t word) const {
    const uint64_t low7 = 0x7f7f7f7f7f7f7f7fULL;
    const uint64_t ones = ((((word & low7) + low7) | word) >> 7) & 0x0101010101010101ULL;
    return static_cast<uint8_t>((ones * spread) >> 56);
  }
};

// Note [Unpacking a byte by multiplication]
// x * 0x0101010101010101 copies the byte x into all eight bytes of a word (x < 256: no carry).
// Masking with `select` keeps in byte k only the bit that byte k stands for (byte k of select has
// the single bit 1 << k for little-endian bit order, 1 << (7 - k) for big), so each byte is 0 or a
// power of two; adding 0x7f to every byte carries into the byte's top bit exactly when it is
// non-zero and never across bytes (at most 0x80 + 0x7f = 0xff), and the shift by 7 brings that top
// bit to the byte's bottom. Little-endian words make byte k element k of the unpacked row.
struct UnpackByteF {
  uint64_t select;  // 0x8040201008040201 (little) or 0x0102040810204080 (big)
  CUPRIC_HD uint64_t operator()(uint8_t x) const {
    const uint64_t bits = (uint64_t{x} * 0x0101010101010101ULL) & select;
    return ((bits + 0x7f7f7f7f7f7f7f7fULL) >> 7) & 0x0101010101010101ULL;
  }
};

}  // namespace cupric
