// Internal building blocks of advanced indexing and the indexing routines: gather and scatter
// over restrided views, index offsets with range checks, mask compaction, iota and masked
// copies. Not part of the public C++ API (see cupric/ops/indexing.hpp for that).
//
// Note [Restrided operands]
// Every gather and scatter here is one loop over the *result* shape R with three operands of
// shape R: the result (or value), the indexed array restrided to R (stride 0 on the dimensions
// the index arrays span, its own strides on the others), and the index array broadcast to R
// (stride 0 on the other dimensions). The element of the indexed array is then
// base + resolve(idx) * stride, so one kernel serves `a[idx]`, take, take_along_axis, choose and
// put, and the elementwise engine's plan (coalescing, 32-bit indexing) applies unchanged.
#pragma once
#include <optional>
#include <string>
#include <vector>
#include "cupric/ndarray.hpp"
#include "engine/index/index_kernels.hpp"

namespace cupric::detail {

// An int32 that Raise-mode kernels set on an out-of-range index (Note [Mapped error flags] in
// index_engine.cpp): pinned host memory the kernels write through on CUDA, else a device int32.
class ErrorFlag {
 public:
  explicit ErrorFlag(const ndarray& like);
  ~ErrorFlag();
  ErrorFlag(const ErrorFlag&) = delete;
  ErrorFlag& operator=(const ErrorFlag&) = delete;
  int32_t* ptr() const { return mapped_ ? mapped_ : reinterpret_cast<int32_t*>(buf_.data()); }
  // Reads the flag back: one host synchronisation of the array's stream.
  bool raised() const;

 private:
  ndarray buf_;
  int32_t* mapped_ = nullptr;
  Backend* backend_ = nullptr;
  Stream stream_;
  mutable bool read_ = false;
};

// out[i] = src[i] displaced by resolve(idx[i]) * st.stride (Note [Restrided operands]). In
// Raise mode the caller passes st.flag and checks it.
void gather(const ndarray& out, const ndarray& src, const ndarray& idx, const IndexState& st);
// dst[i] displaced by resolve(idx[i]) * st.stride = val[i]. val has dst's dtype.
void scatter(const ndarray& dst, const ndarray& val, const ndarray& idx, const IndexState& st);

// One index array of an advanced index: its values index `axis` (length `size`, byte `stride`).
struct AxisIndex {
  ndarray idx;  // int64, broadcastable to the offsets' shape
  int64_t stride = 0, size = 0;
  int axis = 0;                                  // for error messages
  std::optional<IndexMode> mode = std::nullopt;  // overrides index_offsets' mode for this part
};
// Byte offsets sum_k resolve(idx_k) * stride_k over `shape` (int64, C order). In Raise mode the
// range is checked (one host sync) and IndexError names the first bad index as NumPy does, or
// ValueError(value_error) when that is given.
ndarray index_offsets(const Dims& shape, const std::vector<AxisIndex>& parts, IndexMode mode, const ndarray& like,
                      const char* value_error = nullptr);
// Throws NumPy's IndexError for the first out-of-range entry of the parts, in order (error path).
[[noreturn]] void raise_out_of_bounds(const std::vector<AxisIndex>& parts);
std::optional<int64_t> first_out_of_bounds(const ndarray& idx, int64_t size);

// Coordinates of the nonzero elements of `a` (any dtype): int64 (ndim, count), row k holding
// coordinate k, C order. One host sync (the count).
ndarray nonzero_coords(const ndarray& a);
// a[mask] for a mask of a's shape or of its leading dimensions (shapes already checked): the
// selected elements (rows) in C order, compacted straight from a, no coordinates and no index
// array. One host sync (the count). nullopt when the direct path does not apply (a leading mask
// over a non-contiguous array, or rows that are not 1, 2, 4, 8 or 16 bytes): use the general path.
std::optional<ndarray> mask_select(const ndarray& a, const ndarray& mask);
// a[mask] = value for a mask of a's shape and a 0-d or 1-d value (cast unsafely to a's dtype):
// a[i] = value[j] for the j-th true mask[i]. One host sync (the count, checked against
// value.size() before anything is written: NumPy's ValueError). False when it does not apply
// (a non-contiguous or misaligned a, an element size the index kernels lack).
bool mask_place(const ndarray& a, const ndarray& mask, const ndarray& value);
// int64 [start, start + step, ...) of length n on `like`'s backend.
ndarray iota(int64_t n, const ndarray& like, int64_t start = 0, int64_t step = 1);
// dst = where(mask, val, dst); mask (bool) and val (dst's dtype) broadcast to dst.
void where_copy(const ndarray& dst, const ndarray& mask, const ndarray& val);

// True when `a`'s pointer and strides suit the index loops' element storage; else use aligned_source.
bool storage_aligned(const ndarray& a);
ndarray aligned_source(const ndarray& a);  // `a`, or a C-contiguous copy when it is misaligned
std::string np_shape(const Dims& s);       // NumPy's "(2,3)" / "(2,)" spelling in indexing messages

}  // namespace cupric::detail
