// Views with chosen strides (numpy.lib.stride_tricks: as_strided, sliding_window_view) and memory
// overlap queries (numpy.shares_memory, may_share_memory, byte_bounds).
#pragma once
#include <optional>
#include <utility>
#include <vector>
#include "cupric/error.hpp"
#include "cupric/ndarray.hpp"

namespace cupric {

// as_strided: a view of x's memory with the given shape and byte strides (each defaults to x's);
// shape and strides must have one entry per axis. Nothing checks that the view stays inside the
// allocation, as in NumPy and CuPy: the caller answers for it.
ndarray as_strided(const ndarray& x, const std::optional<Dims>& shape = std::nullopt,
                   const std::optional<Dims>& strides = std::nullopt);
// sliding_window_view: windows of window_shape over `axis` (none: every axis, one window length
// each), as trailing axes of a view; NumPy's checks and messages.
ndarray sliding_window_view(const ndarray& x, const std::vector<int64_t>& window_shape,
                            const std::optional<std::vector<int64_t>>& axis = std::nullopt);
// numpy.shares_memory: max_work -1 (MAY_SHARE_EXACT) or more decides exactly whether some byte is
// used by both; 0 (MAY_SHARE_BOUNDS) answers only when the byte extents are disjoint (false) and
// raises TooHardError otherwise, as NumPy (may_share_memory is ndarray::may_share_memory). The exact test
// enumerates the elements inside the common extent (index arithmetic on the host, no data read);
// more than max_work of them (when max_work > 0), or than 2**26, raises TooHardError.
class TooHardError : public RuntimeError {  // numpy.exceptions.TooHardError ("Exceeded max_work")
 public:
  using RuntimeError::RuntimeError;
};
bool shares_memory(const ndarray& a, const ndarray& b, int64_t max_work = -1);
// numpy.byte_bounds: the first byte's address and one past the last byte's.
std::pair<uintptr_t, uintptr_t> byte_bounds(const ndarray& a);

}  // namespace cupric
