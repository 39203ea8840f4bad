// The scan engine: the plan a typed scan loop runs over, the table of typed loops keyed by
// (op, input dtype, result dtype), and run_scan, the one entry of cumsum/cumprod/nancumsum/
// nancumprod and add/multiply.accumulate. See Note [Scan engine] in scan_engine.cpp.
#pragma once
#include <cstdint>
#include <optional>
#include "cupric/ndarray.hpp"
#include "engine/elementwise/op_table.hpp"

namespace cupric {

// The scans the engine has loops for; their functors are the reduction functors Sum and Prod
// (Note [Reduction functors] in reduce_ops.hpp): identity, reduce (lift an element), combine,
// finalize.
enum class ScanOp : uint8_t { Sum, Prod };
inline constexpr int kNumScanOps = 2;

// nrows independent scans ("rows") of `len` elements each. Row r starts at in + row offset and
// out + row offset (row dims outermost first, coalesced); element k of a row is k * len_stride
// bytes further on.
struct ScanPlan {
  int64_t nrows = 0, len = 0;
  int row_ndim = 0;
  int64_t row_shape[kMaxDims] = {};
  int64_t row_strides[2][kMaxDims] = {};  // [0] out, [1] in
  int64_t len_stride[2] = {};             // [0] out, [1] in
  char* out = nullptr;
  const char* in = nullptr;
  Backend* backend = nullptr;  // workspace (tile status, partials)
  bool accelerated = true;     // CUDA: single-pass decoupled look-back (else reduce-then-scan)
};

struct ScanParams {
  bool skip_nan = false;  // nancumsum/nancumprod: NaN elements count as the identity
};

using ScanFn = void (*)(const ScanPlan& plan, const ScanParams& params, const Stream& stream);
using ScanLoopPair = dispatch::Table<ScanFn>;  // one loop per backend (Note [Dispatch])
ScanLoopPair& scan_loops(ScanOp op, ScalarType in, ScalarType out);
void register_scan_loop(LoopBackend b, ScanOp op, ScalarType in, ScalarType out, ScanFn fn);

// Inclusive scan of `in` along `axis` (nullopt: of the C-order flattened array) into a new array
// of dtype `result` (or into `out`, cast unsafely when its dtype differs). The loop (in dtype,
// result) must exist; callers cast the input first otherwise.
ndarray run_scan(const ndarray& in, ScanOp op, std::optional<int64_t> axis, DType result, const ndarray& out,
                 const ScanParams& params);

}  // namespace cupric
