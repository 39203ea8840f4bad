// Correlation, convolution and array comparison (NumPy's "Statistics: correlating" and "Logic:
// comparison"): names and argument order as NumPy's. Results stay on the device; array_equal and
// array_equiv return 0-d bool arrays (no host sync).
#pragma once
#include <string>
#include "cupric/ndarray.hpp"

namespace cupric {

// numpy.correlate / numpy.convolve of 1-D arrays, mode "valid", "same" or "full"; a direct
// method (one multiply-add of shifted views per element of the shorter operand).
ndarray correlate(const ndarray& a, const ndarray& v, const std::string& mode = "valid");
ndarray convolve(const ndarray& a, const ndarray& v, const std::string& mode = "full");

// numpy.array_equal (same shape and elements; NaNs equal with equal_nan) and numpy.array_equiv
// (equal after broadcasting).
ndarray array_equal(const ndarray& a1, const ndarray& a2, bool equal_nan = false);
ndarray array_equiv(const ndarray& a1, const ndarray& a2);

}  // namespace cupric
