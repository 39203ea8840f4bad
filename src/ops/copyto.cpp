// numpy.copyto from an operand: NumPy 2's casting check and conversion for Python-number scalars,
// then the array copy (ops/copy.hpp, ops/manipulation.hpp).
#include <limits>
#include <string>
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/copyto.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/manipulation.hpp"

namespace cupric {

namespace {

// numpy.asarray(python_int, dtype=t) raises for an integer outside an integer dtype's range.
void check_int_fits(const Scalar& v, DType t) {
  if (!t.is_integer() || !(v.dtype == dtypes::int64 || v.dtype == dtypes::uint64)) return;
  const bool neg = v.dtype == dtypes::int64 && v.as<int64_t>() < 0;
  const bool fits = visit_scalar_type(t.type, [&]<class T>() {
    if constexpr (std::numeric_limits<T>::is_integer) {
      if (neg) return static_cast<int64_t>(std::numeric_limits<T>::min()) <= v.as<int64_t>();
      return v.as<uint64_t>() <= static_cast<uint64_t>(std::numeric_limits<T>::max());
    } else {
      return true;
    }
  });
  if (!fits) {
    const std::string value = neg ? std::to_string(v.as<int64_t>()) : std::to_string(v.as<uint64_t>());
    throw OverflowError("Python integer " + value + " out of bounds for " + t.name());
  }
}

void copy_array(const ndarray& dst, const ndarray& src, Casting casting, const ndarray& where) {
  if (where.defined()) {
    copyto(dst, src, casting, where);
  } else {
    copyto(dst, src, casting);
  }
}

}  // namespace

void copyto(const ndarray& dst, const Operand& src, Casting casting, const ndarray& where) {
  if (src.is_array()) return copy_array(dst, src.array(), casting, where);
  const Scalar& s = src.scalar();
  // NEP 50: a weak scalar is judged by the dtype it takes next to dst (result_type) or its own;
  // a typed one (a bool too, as NumPy treats Python's) by its own dtype.
  DType judged = s.dtype;
  if (src.is_weak()) {
    const Operand ops[2] = {Operand::borrow(dst), src};
    judged = result_type(ops, 2);
  }
  if (!can_cast(judged, dst.dtype(), casting) && !(src.is_weak() && can_cast(s.dtype, dst.dtype(), casting)))
    throw TypeError("Cannot cast scalar from dtype('" + judged.name() + "') to dtype('" + dst.dtype().name() +
                    "') according to the rule '" + casting_name(casting) + "'");
  if (src.weak_kind() == 'i') check_int_fits(s, dst.dtype());
  copy_array(dst, full(Dims{}, s, dst.dtype()), Casting::Unsafe, where);
}

}  // namespace cupric
