// numpy.where's three-argument form (src/ops/where.cpp); the one-argument form is
// cupric::nonzero (ops/indexing.hpp).
#pragma once
#include "cupric/ndarray.hpp"
#include "cupric/ops/ufunc.hpp"

namespace cupric {

// Elements of x where condition is true, of y elsewhere, the three broadcast together. The dtype
// is result_type(x, y) (a C++ number is a weak operand, as a Python number is); a scalar is cast
// to it unsafely, as NumPy's where does (np.where(c, 300, int8_array) wraps). ValueError for
// shapes that do not broadcast.
ndarray where(const ndarray& condition, const Operand& x, const Operand& y);

}  // namespace cupric
