// The skip-ahead tables of XORWOW and MRG32k3a, on the host and in each device's memory.
#pragma once
#include <cstdint>
#include <vector>
#include "cupric/random/streams.hpp"
#include "cupric/runtime/backend.hpp"

namespace cupric::random {

// XORWOW: kXorwowTableMatrices GF(2) matrices (bit_generators.hpp); MRG32k3a: kMrgTableMatrices
// pairs of 3x3 matrices (draw_kernels.hpp).
const std::vector<uint32_t>& host_jump_table(BitGenKind k);
// The table in `backend`'s memory (copied on first use per device).
const uint32_t* jump_table_for(BitGenKind k, Backend& backend);
// XORWOW's table in the row layout of the CUDA start-state kernel (xorwow_row_word in
// src/random/xorwow_chunks.hpp), in `backend`'s memory: the host layout's bits transposed.
const std::vector<uint32_t>& xorwow_warp_table();
const uint32_t* xorwow_warp_table_for(Backend& backend);

}  // namespace cupric::random
