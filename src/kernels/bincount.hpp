// bincount's loops: counts (int64) or weight sums (float64) of non-negative int64 values into a
// zeroed output; host loop in bincount.cpp, CUDA loop (atomics) in cuda/bincount.cu, each
// registered in its backend's slot (Note [Dispatch]).
#pragma once
#include <cstdint>
#include "cupric/detail/dispatch.hpp"

namespace cupric {
using BincountFn = void (*)(const int64_t* x, const double* weights, int64_t n, void* out, const Stream& stream);
dispatch::Table<BincountFn>& bincount_loops();
}  // namespace cupric
