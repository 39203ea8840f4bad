// numpy.copyto from any operand: an array, or a scalar under NumPy 2's rules for Python numbers
// (src/ops/copyto.cpp). The array forms it forwards to are in ops/copy.hpp and (with a `where`
// mask) ops/manipulation.hpp.
#pragma once
#include "cupric/ndarray.hpp"
#include "cupric/ops/ufunc.hpp"

namespace cupric {

// Writes src (broadcast to dst's shape) into dst, only where `where` is true when it is given.
// A scalar is checked as NumPy 2 checks one: a weak scalar (a C++ number, as a Python number)
// when `casting` allows result_type(dst, src) or its own dtype to become dst's dtype, a typed
// Scalar (a bool too) by its own dtype; else TypeError "Cannot cast scalar from dtype('float64')
// to dtype('int32') according to the rule 'same_kind'". It is then converted to dst's dtype
// (OverflowError "Python integer 300 out of bounds for int8" for a weak integer that does not
// fit).
void copyto(const ndarray& dst, const Operand& src, Casting casting = Casting::SameKind, const ndarray& where = {});

}  // namespace cupric
