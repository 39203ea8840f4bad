// The elementwise engine's entry point: run one typed loop over output and input arrays.
#pragma once
#include <cstddef>
#include "cupric/ndarray.hpp"
#include "engine/elementwise/loop_plan.hpp"

namespace cupric {

// Runs `loop` with operands `ops[0..nout)` as outputs and the rest as inputs. Inputs broadcast to
// the first output's shape (callers have checked that they do). Inputs that overlap an output in
// memory in a different layout are copied first, so `a[1:] = a[:-1]` is correct. `state` is the
// functor's bytes. Throws TypeError if an array is on another backend.
void run_elementwise(const LoopPair& loop, const ndarray* ops, int nout, int nin, const void* state = nullptr);

// Runs `loop` over operands that need no staging (the index kernels: their operands are
// restrided views the caller has checked for alignment and overlap): builds the plan and
// dispatches to the operands' backend, splitting CUDA plans with too many dimensions.
void run_loop_unstaged(const LoopPair& loop, const ndarray* ops, int nargs, const void* state);

// Runs `loop` over operands that are all C-contiguous, of one shape, aligned for their dtypes, on
// one backend and device, with ops[0] an output that each input either is exactly or does not
// overlap (Note [Small-op fast path] in src/ops/ufunc.cpp): a 1-D contiguous plan without
// make_loop_plan's layout work.
void run_contiguous_fresh(const LoopPair& loop, const ndarray* const* ops, int nargs, const void* state);

// Runs a CUDA loop over `plan`, cut into pieces the CUDA kernels take: at most
// cuda::kMaxKernelDims dimensions and, unless contiguous, int32 offsets (Note [32-bit strided
// kernels] in elementwise_engine.cpp). Exposed for the tests of the cutting, which pass a recording fn.
void run_cuda(LoopFn fn, const LoopPlan& plan, const void* state, const Stream& s);

// Builds the plan (exposed for the tests of dimension coalescing).
LoopPlan make_loop_plan(const ndarray* ops, int nargs);

}  // namespace cupric
