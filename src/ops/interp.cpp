// numpy.interp and numpy.unwrap (cupric/ops/interp.hpp) on the device: interp is one kernel pass
// (kernels/interp_kernels.hpp) after the period's wrapping; unwrap is NumPy's diff/mod/cumsum
// sequence.
#include "cupric/ops/interp.hpp"
#include <cmath>
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/copyto.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/indexing.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/scan.hpp"
#include "cupric/ops/sorting.hpp"
#include "cupric/ops/ufunc_funcs.hpp"
#include "cupric/ops/where.hpp"
#include "engine/elementwise/elementwise_engine.hpp"
#include "kernels/interp_kernels.hpp"

namespace cupric {

namespace {

ndarray part(const ndarray& a, int64_t start, int64_t stop = Index::kNone) {
  return basic_index(a, {Index::slice(start, stop)});
}

// One pass of interp's kernel over x (Note [interp's formula] in kernels/interp_kernels.hpp), the
// sample points made C-contiguous float64 for the functor's pointers.
ndarray interp_real(const ndarray& x, const ndarray& xp_arg, const ndarray& fp_arg, std::optional<double> left,
                    std::optional<double> right) {
  const ndarray xp = xp_arg.c_contiguous() ? xp_arg : copy(xp_arg, Order::C);
  const ndarray fp = fp_arg.c_contiguous() ? fp_arg : copy(fp_arg, Order::C);
  const InterpF f{reinterpret_cast<const double*>(xp.data()),
                  reinterpret_cast<const double*>(fp.data()),
                  xp.shape()[0],
                  left.value_or(0.0),
                  right.value_or(0.0),
                  static_cast<uint8_t>(left.has_value()),
                  static_cast<uint8_t>(right.has_value())};
  const ndarray ops[2] = {ndarray::empty(x.shape(), dtypes::float64, Order::C, &x.backend()), x};
  run_elementwise(interp_loops(), ops, 1, 1, &f);
  return ops[0];
}

}  // namespace

ndarray interp(const ndarray& x_arg, const ndarray& xp_arg, const ndarray& fp_arg, std::optional<complex128> left,
               std::optional<complex128> right, std::optional<double> period) {
  for (const ndarray* a : {&x_arg, &xp_arg})
    if (a->dtype().is_complex())  // NumPy reads x and xp as float64 under the safe rule
      throw TypeError("Cannot cast array data from dtype('" + a->dtype().name() +
                      "') to dtype('float64') according to the rule 'safe'");
  const bool cplx = fp_arg.dtype().is_complex();
  ndarray x = astype(x_arg, dtypes::float64, Order::K, Casting::Unsafe, false);
  ndarray xp = astype(xp_arg, dtypes::float64, Order::K, Casting::Unsafe, false);
  ndarray fp = astype(fp_arg, cplx ? dtypes::complex128 : dtypes::float64);
  if (xp.ndim() != 1 || fp.ndim() != 1) throw ValueError("object too deep for desired array");
  if (xp.shape()[0] == 0) throw ValueError("array of sample points is empty");
  if (fp.shape()[0] != xp.shape()[0]) throw ValueError("fp and xp are not of the same length.");
  if (period) {
    if (*period == 0.0) throw ValueError("period must be a non-zero value");
    const double per = std::fabs(*period);
    left = right = std::nullopt;
    x = remainder(x, per);
    xp = remainder(xp, per);
    const ndarray order = argsort(xp);
    xp = take(xp, order);
    fp = take(fp, order);
    const int64_t n = xp.shape()[0];
    xp = concatenate({subtract(part(xp, n - 1), per), xp, add(part(xp, 0, 1), per)});
    fp = concatenate({part(fp, fp.shape()[0] - 1), fp, part(fp, 0, 1)});
  }
  auto part_of = [](const std::optional<complex128>& v, bool imag_part) -> std::optional<double> {
    if (!v) return std::nullopt;
    return imag_part ? v->imag() : v->real();
  };
  if (!cplx) return interp_real(x, xp, fp, part_of(left, false), part_of(right, false));
  ndarray out = empty(x.shape(), dtypes::complex128);
  copyto(real(out), Operand(interp_real(x, xp, real(fp), part_of(left, false), part_of(right, false))),
         Casting::Unsafe);
  copyto(imag(out), Operand(interp_real(x, xp, imag(fp), part_of(left, true), part_of(right, true))), Casting::Unsafe);
  return out;
}

ndarray unwrap(const ndarray& p, std::optional<double> discont_arg, int64_t axis, const Operand& period) {
  const int nd = p.ndim();
  if (axis < -nd || axis >= nd) throw AxisError(axis, nd);
  if (axis < 0) axis += nd;
  const ndarray dd = diff(p, 1, axis);
  const Operand ops[2] = {Operand(dd), period};
  const DType dt = result_type(ops, 2);
  const double per = period.is_array() ? 0.0 : period.scalar().as<double>();
  const double discont = discont_arg ? *discont_arg : per / 2.0;
  bool ambiguous = true;
  int64_t q = 0;
  if (dt.is_integer()) {
    const int64_t iper = period.scalar().as<int64_t>();
    q = iper / 2;
    int64_t rem = iper % 2;
    if (rem != 0 && (rem < 0) != (2 < 0)) {  // Python's divmod: floor division
      q -= 1;
      rem += 2;
    }
    ambiguous = rem == 0;
  }
  const Operand high = dt.is_integer() ? Operand(q) : Operand(per / 2.0);
  const Operand low = dt.is_integer() ? Operand(-q) : Operand(-(per / 2.0));
  ndarray ddmod = add(remainder(subtract(dd, low), period), low);
  if (ambiguous) copyto(ddmod, high, Casting::SameKind, logical_and(equal(ddmod, low), greater(dd, 0)));
  ndarray ph_correct = subtract(ddmod, dd);
  copyto(ph_correct, Operand(0), Casting::SameKind, less(absolute(dd), discont));
  ndarray up = astype(p, dt, Order::K, Casting::Unsafe, false);
  up = copy(up);
  std::vector<Index> tail(static_cast<size_t>(nd), Index::slice());
  tail[static_cast<size_t>(axis)] = Index::slice(1);
  const ndarray up_tail = basic_index(up, tail);
  copyto(up_tail, Operand(add(basic_index(p, tail), cumsum(ph_correct, axis))), Casting::Unsafe);
  return up;
}

}  // namespace cupric
