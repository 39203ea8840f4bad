// numpy.where(condition, x, y): y everywhere, then x where condition holds (two copies into one
// result of dtype result_type(x, y); no kernel of its own).
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/indexing.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/ufunc.hpp"
#include "cupric/ops/where.hpp"
#include "cupric/shape.hpp"

namespace cupric {

namespace {

Dims shape_of(const Operand& v) { return v.is_array() ? v.array().shape() : Dims{}; }

// A scalar operand as a 0-d array of the result dtype (cast unsafely, as NumPy's where does:
// np.where(c, 300, int8_array) wraps); an array as it is (the copy casts it).
ndarray source(const Operand& v, DType dtype) {
  if (v.is_array()) return v.array();
  return full(Dims{}, v.scalar(), dtype);
}

}  // namespace

ndarray where(const ndarray& condition, const Operand& x, const Operand& y) {
  const Operand ops[2] = {x, y};
  const DType dtype = result_type(ops, 2);
  ndarray out = empty(broadcast_shapes({condition.shape(), shape_of(x), shape_of(y)}), dtype);
  copyto(out, source(y, dtype), Casting::Unsafe);
  copyto(out, source(x, dtype), Casting::Unsafe, condition);
  return out;
}

}  // namespace cupric
