// numpy.select, mask_indices, triu_indices/tril_indices(_from) and trace
// (cupric/ops/selection.hpp): compositions of masked copies, tri, nonzero, diagonal and sum.
#include "cupric/ops/selection.hpp"
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/indexing.hpp"
#include "cupric/ops/manipulation.hpp"

namespace cupric {
namespace {

// NumPy's select turns Python-number choices into arrays of their own dtype (int64, float64,
// complex128) and copies them with same_kind casting: e.g. an int choice into a uint8 result fails.
// (The default goes through numpy.full, which casts unsafely.)
void check_choice_cast(const Operand& op, DType dt) {
  if (op.is_array() || can_cast(op.scalar().dtype, dt, Casting::SameKind)) return;
  throw TypeError("Cannot cast array data from dtype('" + op.scalar().dtype.name() + "') to dtype('" + dt.name() +
                  "') according to the rule 'same_kind'");
}

ndarray operand_array(const Operand& op, DType dt) {
  if (op.is_array()) return op.array();
  return full(Dims{}, op.scalar(), dt);
}

}  // namespace

ndarray select(const std::vector<ndarray>& condlist, const std::vector<Operand>& choicelist,
               const Operand& default_value) {
  if (condlist.size() != choicelist.size()) throw ValueError("list of cases must be same length as list of conditions");
  if (condlist.empty()) throw ValueError("select with an empty condition list is not possible");
  std::vector<Operand> all = choicelist;
  all.push_back(default_value);
  const DType dt = result_type(all.data(), static_cast<int>(all.size()));
  std::vector<Dims> cond_shapes, choice_shapes;
  for (const auto& c : condlist) cond_shapes.push_back(c.shape());
  for (const auto& c : all) choice_shapes.push_back(c.is_array() ? c.array().shape() : Dims{});
  const Dims cond_shape = broadcast_shapes(cond_shapes), choice_shape = broadcast_shapes(choice_shapes);
  for (size_t i = 0; i < condlist.size(); ++i)
    if (!condlist[i].dtype().is_bool())
      throw TypeError("invalid entry " + std::to_string(i) + " in condlist: should be boolean ndarray");
  const Dims shape = choice_shape.size() == 0 ? cond_shape : broadcast_shapes(cond_shape, choice_shape);
  for (const auto& c : choicelist) check_choice_cast(c, dt);
  ndarray result = ndarray::empty(shape, dt, Order::C, &default_backend());
  copyto(result, operand_array(default_value, dt), Casting::Unsafe);
  for (size_t i = condlist.size(); i-- > 0;)
    copyto(result, broadcast_to(operand_array(choicelist[i], dt), choice_shape), Casting::Unsafe,
           broadcast_to(condlist[i], cond_shape));
  return result;
}

std::vector<ndarray> mask_indices(int64_t n, const std::function<ndarray(const ndarray&, int64_t)>& mask_func,
                                  int64_t k) {
  ndarray m = ones(Dims{n, n}, dtypes::int64);
  return nonzero(not_equal(mask_func(m, k), 0));
}

std::vector<ndarray> triu_indices(int64_t n, int64_t k, std::optional<int64_t> m) {
  return nonzero(logical_not(tri(n, m, k - 1, dtypes::bool_)));
}

std::vector<ndarray> tril_indices(int64_t n, int64_t k, std::optional<int64_t> m) {
  return nonzero(tri(n, m, k, dtypes::bool_));
}

std::vector<ndarray> triu_indices_from(const ndarray& arr, int64_t k) {
  if (arr.ndim() != 2) throw ValueError("input array must be 2-d");
  return triu_indices(arr.shape()[0], k, arr.shape()[1]);
}

std::vector<ndarray> tril_indices_from(const ndarray& arr, int64_t k) {
  if (arr.ndim() != 2) throw ValueError("input array must be 2-d");
  return tril_indices(arr.shape()[0], k, arr.shape()[1]);
}

std::vector<ndarray> diag_indices_from(const ndarray& arr) {
  if (arr.ndim() < 2) throw ValueError("input array must be at least 2-d");
  for (int d = 1; d < arr.ndim(); ++d)
    if (arr.shape()[d] != arr.shape()[0]) throw ValueError("All dimensions of input must be of equal length");
  return diag_indices(arr.shape()[0], arr.ndim());
}

ndarray trace(const ndarray& a, int64_t offset, int64_t axis1, int64_t axis2, std::optional<DType> dtype,
              const ndarray& out) {
  return sum(diagonal(a, offset, axis1, axis2), AxisArg(int64_t{-1}), dtype, out);
}

}  // namespace cupric
