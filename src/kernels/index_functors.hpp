// Device-portable pieces of the index kernels: index resolution (NumPy's take modes), the
// element storage types of Note [Index kernels move bytes], and the elementwise functors of the
// index families. Included by host and CUDA translation units alike.
#pragma once
#include <cstdint>
#include "cupric/config.hpp"
#include "engine/index/index_kernels.hpp"

namespace cupric::idx {

// Opaque element storage by size. 16-byte elements (complex128) are only 8-byte aligned, as
// NumPy aligns complex types by one component.
struct alignas(8) Bytes16 {
  uint64_t w[2];
};
template <int N> struct StorageOf;
template <> struct StorageOf<1> {
  using type = uint8_t;
};
template <> struct StorageOf<2> {
  using type = uint16_t;
};
template <> struct StorageOf<4> {
  using type = uint32_t;
};
template <> struct StorageOf<8> {
  using type = uint64_t;
};
template <> struct StorageOf<16> {
  using type = Bytes16;
};

// i resolved against an axis of `size` elements; Raise mode flags out-of-range values (the flag
// write races benignly: every writer stores 1) and returns 0 so the access stays in bounds.
CUPRIC_HD CUPRIC_FORCEINLINE int64_t resolve(int64_t i, int64_t size, IndexMode mode, int32_t* flag) {
  switch (mode) {
    case IndexMode::Raise:
      if (i < 0) i += size;
      if (i < 0 || i >= size) {
        *flag = 1;
        return 0;
      }
      return i;
    case IndexMode::Wrap: {
      int64_t r = i % size;
      return r < 0 ? r + size : r;
    }
    case IndexMode::Clip: return i < 0 ? 0 : (i >= size ? size - 1 : i);
    default: return i;
  }
}

// acc + resolve(idx) * stride: combines several index arrays into byte offsets, or checks one.
struct OffsetsF {
  IndexState st;
  CUPRIC_HD int64_t operator()(int64_t acc, int64_t i) const {
    return acc + resolve(i, st.size, st.mode, st.flag) * st.stride;
  }
};

// One coordinate of a flat index (numpy.unravel_index), with its range check.
struct UnravelF {
  UnravelState st;
  CUPRIC_HD int64_t operator()(int64_t x) const {
    if (x < 0 || x >= st.size) {
      *st.flag = 1;
      return 0;
    }
    return (x / st.div) % st.mod;
  }
};

template <class T>
struct WhereCopyF {
  CUPRIC_HD T operator()(bool m, T v, T old) const { return m ? v : old; }
};

}  // namespace cupric::idx
