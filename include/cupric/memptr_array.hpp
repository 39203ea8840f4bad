// An ndarray over memory someone gives (CuPy's ndarray(shape, dtype, memptr=, strides=)).
#pragma once
#include "cupric/memory.hpp"
#include "cupric/ndarray.hpp"

namespace cupric {

// A view of `p`'s memory starting at `p` with `shape` and `dtype`; `strides` (bytes) or, when
// null, contiguous strides of `order` ('C' or 'F'). Every element must lie inside the memory
// (ValueError otherwise), so a bad call changes nothing.
ndarray array_from_memptr(const MemoryPointer& p, const Dims& shape, DType dtype, const Dims* strides,
                          Order order = Order::C);

}  // namespace cupric
