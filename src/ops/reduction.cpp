// Reduction routines: NumPy's dtype rules and argument checks in front of the reduction engine
// (Note [Reduction engine] in engine/reduction/reduction_engine.cpp).
//
// Note [Reduction dtypes]
// Each routine picks a typed loop (op, input dtype, result dtype). Defaults are NumPy 2's: sum
// and prod widen bool and narrow integers to (u)int64; mean/var give float64 for bool and
// integers; var/std of complex are real. With an explicit dtype D, the loop (input, D) is used
// when one exists (sum of int8 with dtype=int64), otherwise the input is cast to D first, as
// NumPy's casting buffers do, and mean/var results are cast to D at the end. Integer sums wrap
// like NumPy's, so accumulating narrow integers in 64 bits and casting down agrees with NumPy
// bit for bit.
#include "cupric/ops/reduction.hpp"
#include <algorithm>
#include <string>
#include <utility>
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/ufunc.hpp"
#include "engine/index/index_engine.hpp"
#include "engine/reduction/reduction_engine.hpp"

namespace cupric {

namespace {

ReduceAxes to_axes(const AxisArg& axis) { return ReduceAxes{axis.is_none(), axis.axes()}; }

bool is_inexact(DType d) { return d.is_floating() || d.is_complex(); }

void check_numeric(const ndarray& a, const char* what) {
  if (a.dtype().is_void())
    throw TypeError(std::string("cannot perform ") + what + " with a void or structured dtype (V14-STRUCT)");
}

void check_dtype_arg(OptDType dtype) {
  if (dtype && dtype->is_void())
    throw TypeError(
        "The `dtype` and `signature` arguments to ufuncs only select the general DType and not details "
        "such as the byte order or time unit. You can avoid this error by using the scalar types "
        "`np.float64` or the dtype string notation.");
}

DType wide_sum_type(DType t) {
  if (t.is_bool() || t.is_signed_int()) return dtypes::int64;
  if (t.is_unsigned_int()) return dtypes::uint64;
  return t;
}
DType mean_type(DType t) { return (t.is_bool() || t.is_integer()) ? dtypes::float64 : t; }
DType var_type(DType t) {
  DType m = mean_type(t);
  if (m == dtypes::complex64) return dtypes::float32;
  if (m == dtypes::complex128) return dtypes::float64;
  return m;
}

struct Common {
  const AxisArg& axis;
  const ndarray& out;
  bool keepdims;
  const ndarray& where;
};

ndarray reduce(const ndarray& a, ReduceOp op, DType result, const Common& c, ReduceParams params = {},
               bool has_identity = true) {
  ReduceCall call;
  call.op = op;
  call.axes = to_axes(c.axis);
  call.result = result;
  call.out = c.out;
  call.keepdims = c.keepdims;
  call.where = c.where;
  call.params = params;
  call.has_identity = has_identity;
  return run_reduction(a, call);
}

ReduceParams with_initial(OptScalar initial, bool skip_nan = false) {
  ReduceParams p;
  if (initial) {
    p.initial = *initial;
    p.has_initial = true;
  }
  p.skip_nan = skip_nan;
  return p;
}

// sum / prod / nansum / nanprod.
ndarray sum_like(ReduceOp op, const ndarray& a, const Common& c, OptDType dtype, OptScalar initial, bool skip_nan,
                 const char* name) {
  check_numeric(a, name);
  check_dtype_arg(dtype);
  DType d = dtype ? *dtype : wide_sum_type(a.dtype());
  const ReduceLoopPair& loops = reduce_loops(op, a.dtype().type, d.type);
  ndarray cast;
  const ndarray& in = loops.any() ? a : (cast = astype(a, d, Order::K, Casting::Unsafe, false));
  return reduce(in, op, d, c, with_initial(initial, skip_nan && is_inexact(in.dtype())));
}

ndarray extreme(ReduceOp op, const ndarray& a, const Common& c, OptScalar initial, const char* name) {
  check_numeric(a, name);
  return reduce(a, op, a.dtype(), c, with_initial(initial), /*has_identity=*/false);
}

// (outputs, positions per output) of reducing `axis` (None: all axes) of a.
std::pair<int64_t, int64_t> counts(const ndarray& a, const AxisArg& axis) {
  int64_t nred = 1, nout = 1;
  bool red[kMaxDims] = {};
  if (axis.is_none()) std::fill(red, red + a.ndim(), true);
  for (int64_t ax : axis.axes()) red[normalize_axis(ax, a.ndim())] = true;
  for (int d = 0; d < a.ndim(); ++d) (red[d] ? nred : nout) *= a.shape()[d];
  return {nout, nred};
}

ndarray arg_extreme(ReduceOp op, const ndarray& a, std::optional<int64_t> axis, const ndarray& out, bool keepdims,
                    const char* name) {
  check_numeric(a, name);
  ReduceCall call;
  call.op = op;
  if (axis) call.axes = ReduceAxes{false, {*axis}};
  call.result = dtypes::int64;
  call.out = out;
  call.keepdims = keepdims;
  call.ordered = true;
  call.has_identity = false;
  auto [nout, nred] = counts(a, axis ? AxisArg(*axis) : AxisArg());
  if (nred == 0) throw ValueError(std::string("attempt to get ") + name + " of an empty sequence");
  return run_reduction(a, call);
}

ndarray logic(ReduceOp op, const ndarray& a, const Common& c) {
  check_numeric(a, op == ReduceOp::Any ? "any" : "all");
  return reduce(a, op, dtypes::bool_, c);
}

// mean / nanmean.
ndarray mean_like(const ndarray& a, const Common& c, OptDType dtype, bool skip_nan) {
  check_numeric(a, "mean");
  check_dtype_arg(dtype);
  ndarray in = a;
  if (dtype && is_inexact(*dtype) && *dtype != a.dtype()) in = astype(a, *dtype, Order::K, Casting::Unsafe, false);
  if (dtype && dtype->is_bool()) throw TypeError("mean of a boolean dtype is not supported");
  if (counts(a, c.axis).second == 0 && !c.where.defined()) warn("RuntimeWarning", "Mean of empty slice.");
  DType loop_out = mean_type(in.dtype());
  DType want = dtype ? *dtype : loop_out;
  ReduceParams p;
  p.skip_nan = skip_nan && is_inexact(in.dtype());
  if (want == loop_out || c.out.defined()) return reduce(in, ReduceOp::Mean, loop_out, c, p);
  Common tmp{c.axis, ndarray(), c.keepdims, c.where};
  return astype(reduce(in, ReduceOp::Mean, loop_out, tmp, p), want);
}

// var / std / nanvar / nanstd.
ndarray var_like(const ndarray& a, const Common& c, OptDType dtype, double ddof, bool take_sqrt, bool skip_nan) {
  check_numeric(a, take_sqrt ? "std" : "var");
  check_dtype_arg(dtype);
  ndarray in = a;
  if (dtype && is_inexact(*dtype) && *dtype != a.dtype()) in = astype(a, *dtype, Order::K, Casting::Unsafe, false);
  if (!c.where.defined() && counts(a, c.axis).second - ddof <= 0)
    warn("RuntimeWarning", "Degrees of freedom <= 0 for slice");
  DType loop_out = var_type(in.dtype());
  DType want = dtype ? *dtype : loop_out;
  ReduceParams p;
  p.ddof = ddof;
  p.take_sqrt = take_sqrt;
  p.skip_nan = skip_nan && is_inexact(in.dtype());
  if (want == loop_out || c.out.defined()) return reduce(in, ReduceOp::Var, loop_out, c, p);
  Common tmp{c.axis, ndarray(), c.keepdims, c.where};
  return astype(reduce(in, ReduceOp::Var, loop_out, tmp, p), want);
}

// var / std / nanvar / nanstd with a given mean (NumPy's _var and _nanvar with mean=): the sum
// of |a - mean|^2 (NaN positions left out for the nan-variants) over the count minus ddof, in
// the sum's dtype (float64 for bool/integer input).
ndarray var_given_mean(const ndarray& a, const ndarray& m, const Common& c, OptDType dtype, double ddof, bool take_sqrt,
                       bool skip_nan) {
  check_numeric(a, take_sqrt ? "std" : "var");
  check_dtype_arg(dtype);
  OptDType sum_dt = dtype;
  if (!sum_dt && (a.dtype().is_integer() || a.dtype().is_bool())) sum_dt = dtypes::float64;
  ndarray x = subtract(a, m);
  const bool nan_mode = skip_nan && is_inexact(a.dtype());
  ndarray valid;  // where the count comes from: where= and/or the non-NaN positions
  if (nan_mode) {
    ndarray nan_at = broadcast_to(isnan(a), x.shape());
    detail::where_copy(x, nan_at, zeros(Dims{}, x.dtype()));
    valid = logical_not(nan_at);
  }
  if (c.where.defined()) valid = valid.defined() ? logical_and(valid, c.where) : broadcast_to(c.where, x.shape());
  ndarray sq = x.dtype().is_complex() ? real(multiply(x, conjugate(x))) : multiply(x, x);
  ndarray s = sum(sq, c.axis, sum_dt, {}, c.keepdims, {}, c.where);
  ndarray dof;
  if (valid.defined()) {
    ndarray cnt = sum(valid, c.axis, dtypes::int64, {}, c.keepdims);
    ndarray d = subtract(cnt, Operand(ddof));
    if (to_vector<bool>(any(less_equal(d, Operand(0.0)))).at(0))  // host sync, for the warning only
      warn("RuntimeWarning", "Degrees of freedom <= 0 for slice");
    dof = maximum(d, Operand(0.0));
  } else {
    const double d = static_cast<double>(counts(a, c.axis).second) - ddof;
    if (d <= 0) warn("RuntimeWarning", "Degrees of freedom <= 0 for slice");
    dof = full(Dims{}, Scalar::of<double>(d > 0 ? d : 0), dtypes::float64);
  }
  ndarray r = astype(divide(s, dof), s.dtype());
  if (take_sqrt) r = sqrt(r);
  if (c.out.defined()) {
    copyto(c.out, r, Casting::Unsafe);
    return c.out;
  }
  return r;
}

}  // namespace

ndarray sum(const ndarray& a, const AxisArg& axis, OptDType dtype, const ndarray& out, bool keepdims, OptScalar initial,
            const ndarray& where) {
  return sum_like(ReduceOp::Sum, a, {axis, out, keepdims, where}, dtype, initial, false, "sum");
}
ndarray prod(const ndarray& a, const AxisArg& axis, OptDType dtype, const ndarray& out, bool keepdims,
             OptScalar initial, const ndarray& where) {
  return sum_like(ReduceOp::Prod, a, {axis, out, keepdims, where}, dtype, initial, false, "prod");
}
ndarray nansum(const ndarray& a, const AxisArg& axis, OptDType dtype, const ndarray& out, bool keepdims,
               OptScalar initial, const ndarray& where) {
  return sum_like(ReduceOp::Sum, a, {axis, out, keepdims, where}, dtype, initial, true, "nansum");
}
ndarray nanprod(const ndarray& a, const AxisArg& axis, OptDType dtype, const ndarray& out, bool keepdims,
                OptScalar initial, const ndarray& where) {
  return sum_like(ReduceOp::Prod, a, {axis, out, keepdims, where}, dtype, initial, true, "nanprod");
}

ndarray amax(const ndarray& a, const AxisArg& axis, const ndarray& out, bool keepdims, OptScalar initial,
             const ndarray& where) {
  return extreme(ReduceOp::Max, a, {axis, out, keepdims, where}, initial, "max");
}
ndarray amin(const ndarray& a, const AxisArg& axis, const ndarray& out, bool keepdims, OptScalar initial,
             const ndarray& where) {
  return extreme(ReduceOp::Min, a, {axis, out, keepdims, where}, initial, "min");
}
ndarray max(const ndarray& a, const AxisArg& axis, const ndarray& out, bool keepdims, OptScalar initial,
            const ndarray& where) {
  return amax(a, axis, out, keepdims, initial, where);
}
ndarray min(const ndarray& a, const AxisArg& axis, const ndarray& out, bool keepdims, OptScalar initial,
            const ndarray& where) {
  return amin(a, axis, out, keepdims, initial, where);
}
// NumPy's nanmax/nanmin are fmax/fmin reductions for every dtype (its messages name fmax/fmin);
// integers have no NaN, so their maximum/minimum loops give the same values.
ndarray nanmax(const ndarray& a, const AxisArg& axis, const ndarray& out, bool keepdims, OptScalar initial,
               const ndarray& where) {
  check_numeric(a, "nanmax");
  ReduceOp op = is_inexact(a.dtype()) ? ReduceOp::NanMax : ReduceOp::Max;
  if (op == ReduceOp::Max && !initial && counts(a, axis).second == 0 && counts(a, axis).first > 0)
    throw ValueError("zero-size array to reduction operation fmax which has no identity");
  return reduce(a, op, a.dtype(), {axis, out, keepdims, where}, with_initial(initial), false);
}
ndarray nanmin(const ndarray& a, const AxisArg& axis, const ndarray& out, bool keepdims, OptScalar initial,
               const ndarray& where) {
  check_numeric(a, "nanmin");
  ReduceOp op = is_inexact(a.dtype()) ? ReduceOp::NanMin : ReduceOp::Min;
  if (op == ReduceOp::Min && !initial && counts(a, axis).second == 0 && counts(a, axis).first > 0)
    throw ValueError("zero-size array to reduction operation fmin which has no identity");
  return reduce(a, op, a.dtype(), {axis, out, keepdims, where}, with_initial(initial), false);
}
ndarray ptp(const ndarray& a, const AxisArg& axis, const ndarray& out, bool keepdims) {
  check_numeric(a, "ptp");
  if (a.dtype().is_bool())
    throw TypeError(
        "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` "
        "operator, or the logical_xor function instead.");
  return reduce(a, ReduceOp::Ptp, a.dtype(), {axis, out, keepdims, ndarray()}, {}, false);
}

ndarray argmax(const ndarray& a, std::optional<int64_t> axis, const ndarray& out, bool keepdims) {
  return arg_extreme(ReduceOp::ArgMax, a, axis, out, keepdims, "argmax");
}
ndarray argmin(const ndarray& a, std::optional<int64_t> axis, const ndarray& out, bool keepdims) {
  return arg_extreme(ReduceOp::ArgMin, a, axis, out, keepdims, "argmin");
}

ndarray any(const ndarray& a, const AxisArg& axis, const ndarray& out, bool keepdims, const ndarray& where) {
  return logic(ReduceOp::Any, a, {axis, out, keepdims, where});
}
ndarray all(const ndarray& a, const AxisArg& axis, const ndarray& out, bool keepdims, const ndarray& where) {
  return logic(ReduceOp::All, a, {axis, out, keepdims, where});
}
ndarray count_nonzero(const ndarray& a, const AxisArg& axis, bool keepdims) {
  check_numeric(a, "count_nonzero");
  return reduce(a, ReduceOp::CountNonzero, dtypes::int64, {axis, ndarray(), keepdims, ndarray()});
}

ndarray mean(const ndarray& a, const AxisArg& axis, OptDType dtype, const ndarray& out, bool keepdims,
             const ndarray& where) {
  return mean_like(a, {axis, out, keepdims, where}, dtype, false);
}
ndarray nanmean(const ndarray& a, const AxisArg& axis, OptDType dtype, const ndarray& out, bool keepdims,
                const ndarray& where) {
  return mean_like(a, {axis, out, keepdims, where}, dtype, true);
}
ndarray var(const ndarray& a, const AxisArg& axis, OptDType dtype, const ndarray& out, double ddof, bool keepdims,
            const ndarray& where, const ndarray& mean) {
  if (mean.defined()) return var_given_mean(a, mean, {axis, out, keepdims, where}, dtype, ddof, false, false);
  return var_like(a, {axis, out, keepdims, where}, dtype, ddof, false, false);
}
ndarray std(const ndarray& a, const AxisArg& axis, OptDType dtype, const ndarray& out, double ddof, bool keepdims,
            const ndarray& where, const ndarray& mean) {
  if (mean.defined()) return var_given_mean(a, mean, {axis, out, keepdims, where}, dtype, ddof, true, false);
  return var_like(a, {axis, out, keepdims, where}, dtype, ddof, true, false);
}
ndarray nanvar(const ndarray& a, const AxisArg& axis, OptDType dtype, const ndarray& out, double ddof, bool keepdims,
               const ndarray& where, const ndarray& mean) {
  if (mean.defined()) return var_given_mean(a, mean, {axis, out, keepdims, where}, dtype, ddof, false, true);
  return var_like(a, {axis, out, keepdims, where}, dtype, ddof, false, true);
}
ndarray nanstd(const ndarray& a, const AxisArg& axis, OptDType dtype, const ndarray& out, double ddof, bool keepdims,
               const ndarray& where, const ndarray& mean) {
  if (mean.defined()) return var_given_mean(a, mean, {axis, out, keepdims, where}, dtype, ddof, true, true);
  return var_like(a, {axis, out, keepdims, where}, dtype, ddof, true, true);
}

}  // namespace cupric
