// NumPy's window functions (numpy.bartlett, blackman, hamming, hanning, kaiser): float64 arrays of
// length M (empty for M < 1), computed on the device from arange and the ufuncs.
#pragma once
#include "cupric/ndarray.hpp"

namespace cupric {

ndarray bartlett(int64_t M);
ndarray blackman(int64_t M);
ndarray hamming(int64_t M);
ndarray hanning(int64_t M);
ndarray kaiser(int64_t M, double beta);

}  // namespace cupric
