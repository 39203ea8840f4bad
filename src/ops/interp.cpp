// numpy.interp and numpy.unwrap (cupric/ops/interp.hpp) on the device: interp is a searchsorted
// for the interval, gathers of its ends and NumPy's formula with its NaN fallbacks; unwrap is
// NumPy's diff/mod/cumsum sequence.
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

namespace cupric {

namespace {

ndarray at(const ndarray& a, int64_t i) { return basic_index(a, {Index::integer(i)}); }
ndarray part(const ndarray& a, int64_t start, int64_t stop = Index::kNone) {
  return basic_index(a, {Index::slice(start, stop)});
}

// Note [interp's formula]
// NumPy's compiled interp (arr_interp): for xp[j] <= x < xp[j+1],
// slope*(x - xp[j]) + fp[j]; when that is NaN (an infinite slope or fp), the other end's form
// slope*(x - xp[j+1]) + fp[j+1]; when that is NaN too and fp[j] == fp[j+1], fp[j]; x == xp[j]
// gives fp[j] (so an infinite neighbour cannot make a sample point NaN). x == xp[-1]
// gives fp[-1], x outside [xp[0], xp[-1]] left/right, NaN x itself. Run here over whole arrays
// with j from searchsorted(xp, x, 'right') - 1, clipped to a valid interval.
ndarray interp_real(const ndarray& x, const ndarray& xp, const ndarray& fp, const Operand& left, const Operand& right) {
  const int64_t n = xp.shape()[0];
  ndarray res;
  if (n == 1) {
    res = broadcast_to(at(fp, 0), x.shape());
  } else {
    ndarray j = subtract(searchsorted(xp, x, Side::Right), 1);
    j = clip(j, Operand(Scalar::of<int64_t>(0)), Operand(Scalar::of<int64_t>(n - 2)));
    const ndarray j1 = add(j, 1);
    const ndarray x0 = take(xp, j), x1 = take(xp, j1), y0 = take(fp, j), y1 = take(fp, j1);
    const ndarray slope = divide(subtract(y1, y0), subtract(x1, x0));
    res = add(multiply(slope, subtract(x, x0)), y0);
    const ndarray other = add(multiply(slope, subtract(x, x1)), y1);
    res = where(isnan(res), other, res);
    res = where(logical_and(isnan(res), equal(y0, y1)), y0, res);
    res = where(equal(x, x0), y0, res);  // exactly on a sample point: fp[j], never an inf*0 NaN
  }
  res = where(equal(x, at(xp, n - 1)), at(fp, n - 1), res);
  res = where(less(x, at(xp, 0)), left, res);
  res = where(greater(x, at(xp, n - 1)), right, res);
  return n == 1 ? res : where(isnan(x), x, res);  // (NumPy's single-point path has no NaN case)
}

}  // namespace

ndarray interp(const ndarray& x_arg, const ndarray& xp_arg, const ndarray& fp_arg, std::optional<complex128> left,
               std::optional<complex128> right, std::optional<double> period) {
  for (const ndarray* a : {&x_arg, &xp_arg})
    if (a->dtype().is_complex())  // NumPy reads x and xp as float64 under the safe rule
      throw TypeError("Cannot cast array data from dtype('" + a->dtype().name() +
                      "') to dtype('float64') according to the rule 'safe'");
  const bool cplx = fp_arg.dtype().is_complex();
  ndarray x = astype(x_arg, dtypes::float64), xp = astype(xp_arg, dtypes::float64);
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
  const int64_t n = xp.shape()[0];
  auto bound = [&](const std::optional<complex128>& v, int64_t i, bool imag_part) -> Operand {
    if (!v) return at(imag_part ? imag(fp) : real(fp), i);
    return Operand(Scalar::of<double>(imag_part ? v->imag() : v->real()));
  };
  if (!cplx) return interp_real(x, xp, fp, bound(left, 0, false), bound(right, n - 1, false));
  ndarray out = empty(x.shape(), dtypes::complex128);
  copyto(real(out), Operand(interp_real(x, xp, real(fp), bound(left, 0, false), bound(right, n - 1, false))),
         Casting::Unsafe);
  copyto(imag(out), Operand(interp_real(x, xp, imag(fp), bound(left, 0, true), bound(right, n - 1, true))),
         Casting::Unsafe);
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
  Operand high, low;
  bool ambiguous = true;
  if (dt.is_integer()) {
    const int64_t iper = period.scalar().as<int64_t>();
    int64_t q = iper / 2, rem = iper % 2;
    if (rem != 0 && (rem < 0) != (2 < 0)) {  // Python's divmod: floor division
      q -= 1;
      rem += 2;
    }
    high = Operand(q);
    low = Operand(-q);
    ambiguous = rem == 0;
  } else {
    high = Operand(per / 2.0);
    low = Operand(-(per / 2.0));
  }
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
