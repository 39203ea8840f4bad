// searchsorted and digitize: a binary search over the sort keys of Note [Sort keys]
// (engine/sort/sort_keys.hpp), so NaNs and complex numbers are found where NumPy's order puts them.
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/indexing.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/reduction.hpp"
#include "cupric/ops/sorting.hpp"
#include "cupric/ops/ufunc.hpp"
#include "engine/index/index_engine.hpp"
#include "engine/sort/sort_engine.hpp"

namespace cupric {
namespace {

ndarray contiguous1d(const ndarray& a, DType t) {
  ndarray c = astype(ravel(a), t, Order::C, Casting::Unsafe, false);
  if (!c.c_contiguous() || !detail::storage_aligned(c)) c = copy(c, Order::C);
  return c;
}

bool host_bool(const ndarray& a) { return to_vector<bool>(a).at(0); }  // one host sync

}  // namespace

Side parse_side(std::string_view side) {
  if (side == "left") return Side::Left;
  if (side == "right") return Side::Right;
  throw ValueError("search side must be 'left' or 'right' (got '" + std::string(side) + "')");
}

ndarray searchsorted(const ndarray& a_in, const ndarray& v, Side side, const ndarray& sorter) {
  if (a_in.ndim() == 0) throw ValueError("object of too small depth for desired array");
  if (a_in.ndim() > 1) throw ValueError("object too deep for desired array");
  if (a_in.dtype().is_void() || v.dtype().is_void()) throw TypeError("cupric: searchsorted needs numeric dtypes");
  ndarray a = a_in;
  if (sorter.defined()) {
    if (!sorter.dtype().is_integer()) throw TypeError("sorter must only contain integers");
    if (sorter.ndim() != 1 || sorter.size() != a.size()) throw ValueError("sorter.size must equal a.size");
    try {
      a = take(a, sorter, 0, ClipMode::Raise);  // range-checked: one host sync
    } catch (const IndexError&) { throw ValueError("Sorter index out of range."); }
  }
  const DType t = promote_types(a.dtype(), v.dtype());
  std::vector<ndarray> ka = detail::search_keys(contiguous1d(a, t));
  std::vector<ndarray> kv = detail::search_keys(contiguous1d(v, t));
  return detail::search_sorted_keys(ka, kv, side == Side::Right, v.shape());
}

ndarray digitize(const ndarray& x, const ndarray& bins, bool right) {
  if (x.dtype().is_complex()) throw TypeError("x may not be complex");
  if (bins.ndim() == 0) throw ValueError("object of too small depth for desired array");
  if (bins.ndim() > 1) throw ValueError("object too deep for desired array");
  // NumPy's monotonicity test (comparisons with NaN are false): two host syncs.
  int mono = 1;
  const int64_t n = bins.size();
  if (n > 1) {
    ndarray lo = basic_index(bins, {Index::slice(Index::kNone, n - 1)});
    ndarray hi = basic_index(bins, {Index::slice(1)});
    const bool inc = !host_bool(any(less(hi, lo)));
    const bool dec = !host_bool(any(greater(hi, lo)));
    mono = inc ? 1 : (dec ? -1 : 0);
  }
  if (mono == 0) throw ValueError("bins must be monotonically increasing or decreasing");
  const Side side = right ? Side::Left : Side::Right;
  if (mono == -1) return subtract(Operand(n), searchsorted(flip(bins), x, side));
  return searchsorted(bins, x, side);
}

}  // namespace cupric
