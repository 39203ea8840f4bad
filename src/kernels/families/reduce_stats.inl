// Kernel family "reduce_stats": mean and var/std of Self to NumPy's result type (float64 for bool
// and integers, Self otherwise; var of complex is real). nanmean/nanvar skip NaNs with the same
// loops (ReduceParams::skip_nan).
#include "kernels/families/reduce_prelude.hpp"

CUPRIC_FAMILY_BEGIN

namespace ro = reduce_ops;

struct Register {
  Register() {
    reg<ro::Mean<Self>>(ReduceOp::Mean);
    reg<ro::Var<Self>>(ReduceOp::Var);
  }
} register_instance;

CUPRIC_FAMILY_END
