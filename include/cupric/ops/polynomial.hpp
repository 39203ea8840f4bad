// Polynomial evaluation and Vandermonde matrices: numpy.polyval, numpy.vander and
// numpy.polynomial.polynomial's polyval, polyvalfromroots, polyvander (CuPy's subset).
#pragma once
#include <optional>
#include "cupric/ops/ufunc.hpp"

namespace cupric {

// numpy.polyval: Horner's scheme, highest power first; p iterated along its first axis (a 0-d p
// raises NumPy's TypeError); the result's dtype is NumPy's (zeros_like(x) * x + p[i]).
ndarray polyval(const ndarray& p, const ndarray& x);
// numpy.vander: the columns x**(N-1), ..., x**0 (increasing: x**0 first), by repeated multiplication;
// x 1-d; dtype promote_types(x.dtype, int64).
ndarray vander(const ndarray& x, std::optional<int64_t> N = std::nullopt, bool increasing = false);
// numpy.polynomial.polynomial.polyval(x, c, tensor): c[0] + c[1] x + ...; c's first axis indexes the
// coefficients; tensor=True evaluates every column of c at every x (x's shape appended). A scalar x
// stays a scalar operand (weak when it is a Python number), as NumPy's own arithmetic keeps it.
ndarray polyval_lowfirst(const Operand& x, const ndarray& c, bool tensor = true);
// numpy.polynomial.polynomial.polyvalfromroots(x, r, tensor): prod(x - r) over r's first axis.
ndarray polyvalfromroots(const Operand& x, const ndarray& r, bool tensor = true);
// numpy.polynomial.polynomial.polyvander(x, deg): x**0 ... x**deg along a new last axis; the dtype is
// x's promoted with float64 (NumPy adds 0.0).
ndarray polyvander(const ndarray& x, int64_t deg);

}  // namespace cupric
