// Shared pieces of the solver fronts (solver_common.hpp): dtype rule, shape checks, column-major
// batches, info checks and the per-thread error mode.
#include "linalg/solvers/solver_common.hpp"
#include <limits>
#include <string>
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/reduction.hpp"
#include "cupric/ops/ufunc.hpp"
#include "cupric/ops/where.hpp"
#include "linalg/solvers/tiny_solvers.hpp"

namespace cupric::linalg {

dispatch::Table<const SolverFns*>& solver_table() {
  static constinit dispatch::Table<const SolverFns*> table;
  return table;
}

namespace {
thread_local bool t_raise = false;  // CuPy 14: cupyx.errstate(linalg='ignore') by default
}
bool linalg_errors_raise() { return t_raise; }
void set_linalg_errors_raise(bool raise) { t_raise = raise; }

namespace detail {

const SolverFns& solvers(const ndarray& a, const char* what) { return *solver_table().require(a.device_type(), what); }

DType linalg_type(std::initializer_list<const ndarray*> arrays) {
  bool is_complex = false, all_single = true;
  for (const ndarray* a : arrays) {
    const DType t = a->dtype();
    if (t == dtypes::float32 || t == dtypes::complex64) {
    } else if (t == dtypes::float64 || t == dtypes::complex128 || t.is_integer() || t.is_bool()) {
      all_single = false;
    } else {
      throw TypeError("array type " + t.name() + " is unsupported in linalg");
    }
    is_complex = is_complex || t.is_complex();
  }
  if (is_complex) return all_single ? dtypes::complex64 : dtypes::complex128;
  return all_single ? dtypes::float32 : dtypes::float64;
}

DType real_type(DType t) {
  if (t == dtypes::complex64) return dtypes::float32;
  if (t == dtypes::complex128) return dtypes::float64;
  return t;
}

void assert_stacked_2d(const ndarray& a) {
  if (a.ndim() < 2)
    throw LinAlgError(std::to_string(a.ndim()) + "-dimensional array given. Array must be at least two-dimensional");
}

void assert_stacked_square(const ndarray& a) {
  assert_stacked_2d(a);
  if (a.shape()[a.ndim() - 1] != a.shape()[a.ndim() - 2])
    throw LinAlgError("Last 2 dimensions of the array must be square");
}

ndarray to_colmajor(const ndarray& a, DType t) { return astype(swapaxes(a, -1, -2), t, Order::C); }

ndarray from_colmajor(const ndarray& buf) { return swapaxes(buf, -1, -2); }

int64_t batch_of(const ndarray& a) {
  int64_t n = 1;
  for (int d = 0; d + 2 < a.ndim(); ++d) n *= a.shape()[static_cast<size_t>(d)];
  return n;
}

Dims batch_shape(const ndarray& a) { return Dims(a.shape().begin(), a.shape().end() - 2); }

ndarray info_for(const ndarray& a, const Dims& batch) {
  return ndarray::empty(batch, dtypes::int32, Order::C, &a.backend());
}

ndarray check_info(const ndarray& info, const char* msg) {
  ndarray failed = greater(info, 0);
  if (!linalg_errors_raise()) return failed;
  assert_checkable(info, "linalg");
  if (info.size() > 0 && to_vector<bool>(any(failed))[0]) throw LinAlgError(msg);  // the host sync of a checked call
  return ndarray();
}

ndarray nan_where(const ndarray& result, const ndarray& failed, int core) {
  if (!failed.defined() || result.size() == 0) return result;
  ndarray mask = failed;
  for (int i = 0; i < core; ++i) mask = expand_dims(mask, -1);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  return where(mask, Operand(nan), result);
}

ndarray diag_view(const ndarray& a) { return cupric::diagonal(a, 0, -2, -1); }

ndarray herm(const ndarray& a) {
  ndarray t = swapaxes(a, -1, -2);
  return a.dtype().is_complex() ? conjugate(t) : t;
}

ndarray eye_stack(const Dims& batch, int64_t n, DType t) {
  Dims s = batch;
  s.push_back(n);
  s.push_back(n);
  return broadcast_to(eye(n, std::nullopt, 0, t), s);
}

}  // namespace detail
}  // namespace cupric::linalg
