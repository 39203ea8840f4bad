// numpy.interp's kernel (ops/interp.cpp): one pass over x that searches each point's interval in
// the sample points and evaluates NumPy's formula there. The functor is device-portable; the host
// loop is registered in interp_kernels.cpp, the CUDA loop in cuda/interp_kernels.cu.
#pragma once
#include <cstdint>
#include "cupric/config.hpp"
#include "cupric/detail/exact_fp.hpp"
#include "engine/elementwise/op_table.hpp"

namespace cupric {

// The float64 loops 'd->d' of interp over x, the functor's state an InterpF.
LoopPair& interp_loops();

// Note [interp's formula]
// NumPy's compiled interp (arr_interp): NaN x gives NaN; with one sample point, x < xp[0] gives
// left, x > xp[0] right and anything else fp[0]. Otherwise x < xp[0] gives left, x > xp[n-1]
// right, x == xp[n-1] fp[n-1]; else j is the interval with xp[j] <= x < xp[j+1] (the last such j
// when sample points repeat), x == xp[j] gives fp[j] (so an infinite neighbour cannot make a
// sample point NaN), and the value is slope*(x - xp[j]) + fp[j] with slope = (fp[j+1] - fp[j]) /
// (xp[j+1] - xp[j]); when that is NaN (an infinite slope or fp), the other end's form
// slope*(x - xp[j+1]) + fp[j+1]; when that is NaN too and fp[j] == fp[j+1], fp[j]. Every operation
// rounds once (no fused multiply-add), as NumPy's C does. left/right default to fp[0]/fp[n-1].
struct InterpF {
  const double* xp;  // n sample points, increasing, C-contiguous, on the loop's backend
  const double* fp;  // n values
  int64_t n;
  double left, right;
  uint8_t has_left, has_right;  // else fp[0] / fp[n-1]

  CUPRIC_HD double operator()(double x) const {
    if (x != x && n > 1) return x;
    const double lo_value = has_left ? left : fp[0];
    const double hi_value = has_right ? right : fp[n - 1];
    if (x < xp[0]) return lo_value;
    if (x > xp[n - 1]) return hi_value;
    if (n == 1 || x == xp[n - 1]) return fp[n - 1];
    int64_t lo = 0, hi = n - 1;  // xp[lo] <= x < xp[hi]
    while (hi - lo > 1) {
      const int64_t mid = lo + (hi - lo) / 2;
      if (xp[mid] <= x)
        lo = mid;
      else
        hi = mid;
    }
    const double x0 = xp[lo], x1 = xp[lo + 1], y0 = fp[lo], y1 = fp[lo + 1];
    if (x == x0) return y0;
    const double slope = fp::div_rn(fp::sub_rn(y1, y0), fp::sub_rn(x1, x0));
    double r = fp::add_rn(fp::mul_rn(slope, fp::sub_rn(x, x0)), y0);
    if (r != r) {
      r = fp::add_rn(fp::mul_rn(slope, fp::sub_rn(x, x1)), y1);
      if (r != r && y0 == y1) r = y0;
    }
    return r;
  }
};

}  // namespace cupric
