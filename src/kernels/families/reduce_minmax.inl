// Kernel family "reduce_minmax": min, max, argmin, argmax, ptp, any and all of Self, and for inexact
// types nanmin/nanmax (fmin/fmax reductions: NaN ignored).
#include "kernels/families/reduce_prelude.hpp"

CUPRIC_FAMILY_BEGIN

namespace ro = reduce_ops;

struct Register {
  Register() {
    reg<ro::MinMax<Self, false, false>>(ReduceOp::Min);
    reg<ro::MinMax<Self, true, false>>(ReduceOp::Max);
    if constexpr (is_inexact_v<Self>) {
      reg<ro::MinMax<Self, false, true>>(ReduceOp::NanMin);
      reg<ro::MinMax<Self, true, true>>(ReduceOp::NanMax);
    }
    reg<ro::ArgMinMax<Self, false>>(ReduceOp::ArgMin);
    reg<ro::ArgMinMax<Self, true>>(ReduceOp::ArgMax);
    if constexpr (!std::is_same_v<Self, bool>) reg<ro::Ptp<Self>>(ReduceOp::Ptp);  // NumPy: no bool subtract
    reg<ro::AnyAll<Self, false>>(ReduceOp::Any);
    reg<ro::AnyAll<Self, true>>(ReduceOp::All);
  }
} register_instance;

CUPRIC_FAMILY_END
