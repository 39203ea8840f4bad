// Bit and byte rearrangements: numpy.packbits, numpy.unpackbits and ndarray.byteswap.
#pragma once
#include <optional>
#include "cupric/ndarray.hpp"

namespace cupric {

// numpy.packbits: nonzero elements as bits, 8 to a uint8 along `axis` (none: the flattened
// array), the last byte zero-padded; big: the first element is the most significant bit.
ndarray packbits(const ndarray& a, std::optional<int64_t> axis = std::nullopt, bool big = true);
// numpy.unpackbits: each uint8 as 8 uint8 bits along `axis`; count keeps that many bits (negative:
// drops -count from the end; beyond 8n pads zeros).
ndarray unpackbits(const ndarray& a, std::optional<int64_t> axis = std::nullopt,
                   std::optional<int64_t> count = std::nullopt, bool big = true);
// ndarray.byteswap: each element's bytes reversed (each half of a complex value separately); in
// place writes them back into `a` and returns it.
ndarray byteswap(const ndarray& a, bool inplace = false);

}  // namespace cupric
