// isclose/allclose: the "isclose" elementwise family and an all() reduction (no host sync).
#include "cupric/ops/isclose.hpp"
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/reduction.hpp"
#include "engine/elementwise/elementwise_engine.hpp"
#include "engine/elementwise/op_table.hpp"

namespace cupric {

namespace {
struct IsCloseState {  // the bytes of the family's functor (IsCloseF in families/isclose.inl)
  double rtol, atol;
  bool equal_nan;
};
}  // namespace

ndarray isclose(const ndarray& a, const ndarray& b, double rtol, double atol, bool equal_nan) {
  if (a.dtype().is_void() || b.dtype().is_void())
    throw TypeError("isclose is not supported for void and structured dtypes");
  // NumPy: result_type(a, b, 1.0); a Python float is weak, so floats keep their precision.
  DType t = promote_types(a.dtype(), b.dtype());
  if (t.is_bool() || t.is_integer()) t = dtypes::float64;
  ndarray out = ndarray::empty(broadcast_shapes(a.shape(), b.shape()), dtypes::bool_, Order::C, &a.backend());
  if (out.size() == 0) return out;
  const OpDef* def = find_op("isclose");
  const LoopPair* loop = nullptr;
  if (def)
    for (const TypedLoop& l : def->loops)
      if (l.types[0] == t.type) loop = &l.fns;
  if (!loop) throw NotImplementedError("no isclose loop for " + t.name());
  ndarray ops[3] = {out, astype(a, t, Order::K, Casting::Unsafe, false),
                    astype(b, t, Order::K, Casting::Unsafe, false)};
  IsCloseState st{rtol, atol, equal_nan};
  run_elementwise(*loop, ops, 1, 2, &st);
  return out;
}

ndarray allclose(const ndarray& a, const ndarray& b, double rtol, double atol, bool equal_nan) {
  return all(isclose(a, b, rtol, atol, equal_nan));
}

}  // namespace cupric
