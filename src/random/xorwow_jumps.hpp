// XORWOW's jump matrices by repeated squaring (Note [XORWOW jump table at build time] in
// src/random/jump_tables.cpp): the build-time generator (src/random/tablegen/) writes them into
// the library, and tests/cpp/test_random_streams.cpp checks that table against this computation.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>
#include "cupric/random/bit_generators.hpp"
#include "random/xorwow_chunks.hpp"

namespace cupric::random {

// cur := cur * cur over GF(2), cur given by its 160 columns. Column i of the square is cur applied
// to column i; the application goes a byte of the input at a time through 20 tables of the 256
// XORs of cur's columns (about 6x fewer operations than bit by bit).
inline void square_xorwow(std::vector<uint32_t>& cur) {
  std::vector<uint32_t> tab(20 * 256 * 5, 0u), next(kXorwowMatrixWords);
  for (int byte = 0; byte < 20; ++byte) {
    uint32_t* t = tab.data() + byte * 256 * 5;
    for (int v = 1; v < 256; ++v) {
      int low = v & -v, bit = __builtin_ctz(static_cast<unsigned>(v));
      const uint32_t* prev = t + 5 * (v ^ low);
      const uint32_t* col = cur.data() + 5 * (8 * byte + bit);
      for (int k = 0; k < 5; ++k) t[5 * v + k] = prev[k] ^ col[k];
    }
  }
  for (int i = 0; i < 160; ++i) {
    uint32_t r[5] = {0, 0, 0, 0, 0};
    const uint32_t* x = cur.data() + 5 * i;
    for (int byte = 0; byte < 20; ++byte) {
      const uint32_t* e = tab.data() + (byte * 256 + ((x[byte >> 2] >> (8 * (byte & 3))) & 0xffu)) * 5;
      for (int k = 0; k < 5; ++k) r[k] ^= e[k];
    }
    for (int k = 0; k < 5; ++k) next[5 * i + k] = r[k];
  }
  cur.swap(next);
}

// The kXorwowTableMatrices matrices in the table's layout (bit_generators.hpp): column i of the
// one-step matrix is the state after one step from unit vector e_i, then 83 squarings.
inline std::vector<uint32_t> compute_xorwow_jump_table() {
  std::vector<uint32_t> t(static_cast<size_t>(kXorwowTableMatrices) * kXorwowMatrixWords);
  std::vector<uint32_t> cur(kXorwowMatrixWords);
  for (int i = 0; i < 160; ++i) {
    Xorwow x{};
    x.v[i >> 5] = 1u << (i & 31);
    x.next();
    for (int k = 0; k < 5; ++k) cur[5 * i + k] = x.v[k];
  }
  for (int p = 0; p < 67 + kXorwowSubseqBits; ++p) {
    int slot = p < 64 ? p : p >= 67 ? 64 + (p - 67) : -1;
    if (slot >= 0) std::copy(cur.begin(), cur.end(), t.begin() + static_cast<size_t>(slot) * kXorwowMatrixWords);
    if (p + 1 < 67 + kXorwowSubseqBits) square_xorwow(cur);
  }
  return t;
}

// The table in the row layout of the CUDA start-state kernel (xorwow_row_word in
// src/random/xorwow_chunks.hpp): row (k, t) word w has bit b = bit t of word k of column 32 w + b,
// i.e. each 32x32 bit block (words k of columns 32 w .. 32 w + 31) transposed.
inline std::vector<uint32_t> xorwow_row_layout(const std::vector<uint32_t>& t) {
  std::vector<uint32_t> r(t.size(), 0u);
  for (size_t m = 0; m < t.size(); m += kXorwowMatrixWords)
    for (int k = 0; k < 5; ++k)
      for (int w = 0; w < 5; ++w)
        for (int lane = 0; lane < 32; ++lane) {
          uint32_t word = 0;
          for (int b = 0; b < 32; ++b) word |= ((t[m + static_cast<size_t>(5 * (32 * w + b) + k)] >> lane) & 1u) << b;
          r[m + static_cast<size_t>(xorwow_row_word(k, w, lane))] = word;
        }
  return r;
}

}  // namespace cupric::random
