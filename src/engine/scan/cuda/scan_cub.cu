// The CUDA implementation of the scan engine's CUB sums (engine/scan/cub_sum.hpp): picks the
// instantiation of scan_cub_<type>.cu for the dtype pair, and registers itself (Note [Dispatch]).
#include <climits>
#include <string>
#include "cupric/error.hpp"
#include "engine/scan/cuda/scan_cub.hpp"
#include "engine/scan/cub_sum.hpp"

namespace cupric::cuda {
namespace {

enum class Pair { None, F32, F64, I64, I32ToI64 };

Pair pair_of(ScalarType in, ScalarType out) {
  if (in == ScalarType::Float32 && out == ScalarType::Float32) return Pair::F32;
  if (in == ScalarType::Float64 && out == ScalarType::Float64) return Pair::F64;
  // Two's-complement addition is the same for signed and unsigned 64-bit words (both wrap).
  if ((in == ScalarType::Int64 && out == ScalarType::Int64) || (in == ScalarType::UInt64 && out == ScalarType::UInt64))
    return Pair::I64;
  if (in == ScalarType::Int32 && out == ScalarType::Int64) return Pair::I32ToI64;
  return Pair::None;
}

bool supports(ScalarType in, ScalarType out) { return pair_of(in, out) != Pair::None; }

int count_of(int64_t n) {
  if (n <= 0 || n > INT_MAX) throw ValueError("cupric: internal error: CUB sum of " + std::to_string(n) + " elements");
  return static_cast<int>(n);
}

size_t temp_bytes(ScalarType in, ScalarType out, int64_t n) {
  const int m = count_of(n);
  switch (pair_of(in, out)) {
    case Pair::F32: return cub_sum_temp_bytes<float, float>(m);
    case Pair::F64: return cub_sum_temp_bytes<double, double>(m);
    case Pair::I64: return cub_sum_temp_bytes<int64_t, int64_t>(m);
    case Pair::I32ToI64: return cub_sum_temp_bytes<int32_t, int64_t>(m);
    default: throw ValueError("cupric: internal error: no CUB sum for this dtype pair");
  }
}

void inclusive_sum(ScalarType in, ScalarType out, const void* src, void* dst, int64_t n, void* temp, size_t tb,
                   const Stream& stream) {
  const int m = count_of(n);
  auto s = static_cast<cudaStream_t>(stream.handle);
  switch (pair_of(in, out)) {
    case Pair::F32: return cub_sum(static_cast<const float*>(src), static_cast<float*>(dst), m, temp, tb, s);
    case Pair::F64: return cub_sum(static_cast<const double*>(src), static_cast<double*>(dst), m, temp, tb, s);
    case Pair::I64: return cub_sum(static_cast<const int64_t*>(src), static_cast<int64_t*>(dst), m, temp, tb, s);
    case Pair::I32ToI64: return cub_sum(static_cast<const int32_t*>(src), static_cast<int64_t*>(dst), m, temp, tb, s);
    default: throw ValueError("cupric: internal error: no CUB sum for this dtype pair");
  }
}

constexpr CubSumFns kCubSum{&supports, &temp_bytes, &inclusive_sum};
const dispatch::Registration register_cub_sum(cub_sum_table(), DeviceType::Cuda, &kCubSum);

}  // namespace
}  // namespace cupric::cuda
