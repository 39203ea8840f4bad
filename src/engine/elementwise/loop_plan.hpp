// LoopPlan: what the elementwise engine hands a typed loop after broadcasting, reordering and
// coalescing (Note [Elementwise engine] in elementwise_engine.cpp). Plain data, readable on host and
// device; loops registered in the op table take it type-erased.
#pragma once
#include <cstdint>
#include "cupric/config.hpp"
#include "cupric/detail/dispatch.hpp"
#include "cupric/runtime/backend.hpp"

namespace cupric {

struct LoopPlan {
  int ndim = 0;   // after coalescing, outermost first
  int nargs = 0;  // outputs first, then inputs
  int64_t numel = 0;
  // Index of the plan's first element, for indexed loops (Note [Indexed loops] in host/host_loops.hpp);
  // nonzero only for the pieces of a plan split by the engine.
  int64_t index_base = 0;
  bool contiguous = false;  // ndim <= 1 and every operand has stride == its itemsize
  bool index32 = false;     // numel and every byte offset fit in int32
  char* data[kMaxOperands] = {};
  // Meaningful for d < ndim and k < nargs only. Left uninitialised by `LoopPlan p;` (2.5 KB: the
  // small-op path fills the few entries it uses); `LoopPlan p{};` zeroes them.
  int64_t shape[kMaxDims];
  int64_t strides[kMaxOperands][kMaxDims];
};

// A typed loop: `state` is the functor's bytes (scalars it carries), `stream` where to enqueue.
using LoopFn = void (*)(const LoopPlan& plan, const void* state, const Stream& stream);

// An op's loops, one per backend (Note [Dispatch]).
using LoopPair = dispatch::Table<LoopFn>;

}  // namespace cupric
