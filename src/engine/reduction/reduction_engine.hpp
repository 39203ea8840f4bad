// The reduction engine: the plan a typed reduction loop runs over, the table of typed loops
// keyed by (op, input dtype, result dtype), and run_reduction, the one entry every reducing
// routine (sum ... var, and later ufunc.reduce) goes through. See Note [Reduction engine] in
// reduction_engine.cpp.
#pragma once
#include <cstdint>
#include <vector>
#include "cupric/ndarray.hpp"
#include "cupric/scalar.hpp"
#include "engine/elementwise/loop_plan.hpp"
#include "engine/elementwise/op_table.hpp"

namespace cupric {

// The reductions the engine has loops for (Note [Reduction functors] in reduce_ops.hpp).
enum class ReduceOp : uint8_t {
  Sum,
  Prod,
  Min,
  Max,
  NanMin,
  NanMax,
  ArgMin,
  ArgMax,
  Any,
  All,
  CountNonzero,
  Mean,
  Var,
  Ptp,
};
inline constexpr int kNumReduceOps = 14;
const char* reduce_op_name(ReduceOp op);  // NumPy's ufunc name in messages: "add", "maximum", ...

// Output element m covers the input elements at in + out_offset(m) + red_offset(r), r < nred.
// Kept dimensions are those of the output (strides for out, in, mask); reduced dimensions those
// walked per output (strides for in, mask). Both lists are outermost first, coalesced.
struct ReducePlan {
  int64_t nout = 0, nred = 0;
  int out_ndim = 0, red_ndim = 0;
  // Entries [0, max(input ndim, 1)) are set (zero where unused) by make_reduce_plan; the rest are
  // left uninitialised (3.5 KB that a small reduction would otherwise clear on every call).
  int64_t out_shape[kMaxDims];
  int64_t out_strides[3][kMaxDims];  // [0] out, [1] in, [2] mask
  int64_t red_shape[kMaxDims];
  int64_t red_strides[2][kMaxDims];  // [0] in, [1] mask
  char* out = nullptr;
  const char* in = nullptr;
  const char* mask = nullptr;  // bool elements; nullptr: every element counts
  bool inner = true;           // the input's fastest-moving dimension is a reduced one
  Backend* backend = nullptr;  // for workspace (partials of split reductions)
  bool accelerated = true;     // CUPRIC_ACCELERATORS has "cub" (CUDA: vector loads; V11-CUB)
};

// Run-time parameters of one reduction call.
struct ReduceParams {
  Scalar initial;  // combined into every result when has_initial
  bool has_initial = false;
  bool skip_nan = false;   // nan-variants: NaN elements count as masked out
  double ddof = 0;         // var/std
  bool take_sqrt = false;  // std
};

using ReduceFn = void (*)(const ReducePlan& plan, const ReduceParams& params, const Stream& stream);
using ReduceLoopPair = dispatch::Table<ReduceFn>;  // one loop per backend (Note [Dispatch])

// Typed loops: reduce_loops(op, in, out). Families register them during static initialisation.
ReduceLoopPair& reduce_loops(ReduceOp op, ScalarType in, ScalarType out);
void register_reduce_loop(LoopBackend b, ReduceOp op, ScalarType in, ScalarType out, ReduceFn fn);

// Which axes a reduction runs over: all of them (NumPy's axis=None) or a list.
struct ReduceAxes {
  bool all = true;
  std::vector<int64_t> axes;
};

// One reduction call, already typed: `in` is reduced with the (op, in.dtype(), result) loop,
// which must exist. Checks axes (AxisError, "duplicate value in 'axis'"), `out` (shape, or
// computes into a temporary and casts when its dtype or layout needs it), `where` (bool,
// broadcast to in), empty reductions of ops without identity (ValueError). Returns `out` when
// given, else a new array (0-d for full reductions: no host sync).
struct ReduceCall {
  ReduceOp op = ReduceOp::Sum;
  ReduceAxes axes;
  DType result = dtypes::float64;
  ndarray out;  // optional
  bool keepdims = false;
  ndarray where;  // optional (bool)
  ReduceParams params;
  bool has_identity = true;  // false: empty reductions and where= without initial raise
  bool ordered = false;      // argmin/argmax: reduced dims stay in C order (indices are positions)
};
ndarray run_reduction(const ndarray& in, const ReduceCall& call);

// Builds the plan (exposed for tests). `red[d]` says whether dimension d of `in` is reduced;
// `out` and `mask` are already viewed with in's ndim (stride 0 on reduced dims for out).
ReducePlan make_reduce_plan(const ndarray& in, const bool* red, const ndarray& out, const ndarray* mask, bool ordered);

// The typed loops' view of the parameters: the functor with its run-time state, and `initial`
// as an accumulator (both backends' loops use these two).
template <class Op>
Op make_reduce_op(const ReduceParams& p) {
  Op op{};
  if constexpr (requires {
                  op.ddof;
                  op.take_sqrt;
                }) {
    op.ddof = p.ddof;
    op.take_sqrt = p.take_sqrt;
  }
  return op;
}
template <class Op>
typename Op::acc_t reduce_initial(const Op& op, const ReduceParams& p) {
  if constexpr (Op::kTakesInitial) {
    if (p.has_initial) return op.lift(p.initial.as<typename Op::out_t>());
  }
  return op.identity();
}

}  // namespace cupric
