// Kernel family "reduce_sum": sum and prod of Self to Self and to NumPy's default accumulation
// type (int64/uint64 for bool and narrow integers), and count_nonzero. nansum/nanprod use the
// same loops with NaNs skipped (ReduceParams::skip_nan).
#include "kernels/families/reduce_prelude.hpp"

CUPRIC_FAMILY_BEGIN

namespace ro = reduce_ops;
using Wide = wide_acc_t<Self>;

struct Register {
  Register() {
    reg<ro::Sum<Self, Self>>(ReduceOp::Sum);
    reg<ro::Prod<Self, Self>>(ReduceOp::Prod);
    if constexpr (!std::is_same_v<Wide, Self>) {
      reg<ro::Sum<Self, Wide>>(ReduceOp::Sum);
      reg<ro::Prod<Self, Wide>>(ReduceOp::Prod);
    }
    reg<ro::CountNonzero<Self>>(ReduceOp::CountNonzero);
  }
} register_instance;

CUPRIC_FAMILY_END
