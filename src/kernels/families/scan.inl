// Kernel family "scan": inclusive add and multiply scans (cumsum, cumprod, nancumsum, nancumprod,
// add/multiply.accumulate) of Self to Self and to NumPy's default accumulation type (int64/uint64
// for bool and narrow integers). Functors: the reductions' Sum and Prod (Note [Scan engine]).
#include "kernels/families/scan_prelude.hpp"

CUPRIC_FAMILY_BEGIN

namespace ro = reduce_ops;
using Wide = wide_acc_t<Self>;

struct Register {
  Register() {
    reg_scan<ro::Sum<Self, Self>>(ScanOp::Sum);
    reg_scan<ro::Prod<Self, Self>>(ScanOp::Prod);
    if constexpr (!std::is_same_v<Wide, Self>) {
      reg_scan<ro::Sum<Self, Wide>>(ScanOp::Sum);
      reg_scan<ro::Prod<Self, Wide>>(ScanOp::Prod);
    }
  }
} register_instance;

CUPRIC_FAMILY_END
