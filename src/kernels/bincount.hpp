// bincount's loops: counts (int64) or weight sums (float64) of non-negative int64 values into a
// zeroed output; host loop in bincount.cpp, CUDA loop (atomics) in cuda/bincount.cu.
#pragma once
#include <cstdint>
#include "cupric/runtime/backend.hpp"

namespace cupric {
using BincountFn = void (*)(const int64_t* x, const double* weights, int64_t n, void* out, const Stream& stream);
struct BincountLoops {
  BincountFn host = nullptr;
  BincountFn cuda = nullptr;
};
BincountLoops& bincount_loops();
}  // namespace cupric
