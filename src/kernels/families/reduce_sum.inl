// Kernel family "reduce_sum": sum and prod of Self to Self and to NumPy's default accumulation
// type (int64/uint64 for bool and narrow integers), and count_nonzero. nansum/nanprod use the
// same loops with NaNs skipped (ReduceParams::skip_nan).
#include "kernels/families/reduce_prelude.hpp"

CUPRIC_FAMILY_BEGIN

namespace ro = reduce_ops;
// The dtype NumPy's sum/prod give Self by default: bool and integers narrower than 64 bits widen.
using Wide = std::conditional_t<std::is_same_v<Self, bool> || (std::is_signed_v<Self> && std::is_integral_v<Self>),
                                int64_t, std::conditional_t<std::is_unsigned_v<Self>, uint64_t, Self>>;

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
