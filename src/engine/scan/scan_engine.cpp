// The scan engine: typed-loop table, planner and driver.
//
// Note [Scan engine]
// cumsum, cumprod, their nan-variants and add/multiply.accumulate end in run_scan with an op, an
// axis, a result dtype and `out`. The driver
//  1. flattens for axis=None (NumPy scans the C-order ravel), makes a C-ordered result of the
//     input's shape (or borrows `out` when its dtype and alignment allow and it does not
//     overlap the input);
//  2. describes the scan as nrows independent rows of `len` elements: the non-scanned
//     dimensions (length-1 ones dropped, neighbours that are contiguous in both operands
//     merged) address the rows, one stride per operand walks along a row;
//  3. on CUDA, picks the layout the kernels want (Note [CUDA scans] in cuda_scan.cuh): rows
//     contiguous along the scanned axis run tile by tile; rows whose elements are far apart
//     but which are themselves many and adjacent (axis 0 of a C array) run one thread per row,
//     coalesced across threads; the remaining case (few long strided rows) is copied to a
//     scan-axis-last layout, scanned, and copied back.
//  4. on CUDA with CUPRIC_ACCELERATORS=cub (V11-CUB), sends sums of contiguous rows of float32,
//     float64, int64, uint64 and int32 (to int64) to CUB's DeviceScan (Note [CUB sums]).
// The host loop scans each row in order, rounding the running value to the result dtype after
// every step, as NumPy's accumulate loops do (so float16 and integer results agree bit for bit).
#include "engine/scan/scan_engine.hpp"
#include <algorithm>
#include "cupric/accelerators.hpp"
#include "cupric/error.hpp"
#include "cupric/memory.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/manipulation.hpp"
#include "engine/scan/cub_sum.hpp"

namespace cupric {

// Note [CUB sums]
// A cumsum of a long contiguous row (the 1-d case above all) runs at memory speed in CUB's
// DeviceScan::InclusiveSum: one pass, each element read once and written once, with CUB's tuned
// tiles. The engine uses it for the dtype pairs of CubSumFns::supports when the rows are
// contiguous in both operands, not NaN-skipping, at most INT_MAX long, and either one row of
// kCubMinLen or more elements or a few (kCubMaxRows) rows of kCubMinRowLen or more (one CUB call
// per row); everything else, and every scan with the accelerators off, runs the engine's own
// loops (Note [CUDA scans] in cuda_scan.cuh) with the same results up to float rounding order.

dispatch::Table<const CubSumFns*>& cub_sum_table() {
  static constinit dispatch::Table<const CubSumFns*> t;
  return t;
}

namespace {
constinit ScanLoopPair g_scan[kNumScanOps][kNumNumericTypes][kNumNumericTypes];
constexpr int64_t kShortRow = 64;       // rows this short run one thread per row on CUDA
constexpr int64_t kManyRows = 1 << 14;  // strided rows this many run one thread per row on CUDA

constexpr int64_t kCubMinLen = 1 << 12;     // a single row this long goes to CUB (Note [CUB sums])
constexpr int64_t kCubMaxRows = 16;         // or this many rows at most,
constexpr int64_t kCubMinRowLen = 1 << 18;  // each this long
constexpr int64_t kCubMaxLen = 2147483647;  // CUB's item count is a 32-bit int here

ScanPlan make_scan_plan(const ndarray& in, const ndarray& out, int axis) {
  ScanPlan p;
  const int nd = in.ndim();
  struct Dim {
    int64_t len, s[2];
  };
  Dim dims[kMaxDims];
  int n = 0;
  p.nrows = 1;
  for (int d = 0; d < nd; ++d) {
    if (d == axis) continue;
    p.nrows *= in.shape()[d];
    if (in.shape()[d] == 1) continue;
    dims[n++] = Dim{in.shape()[d], {out.strides()[d], in.strides()[d]}};
  }
  // Merge neighbours contiguous with each other in both operands (C order kept).
  int w = 0;
  for (int i = 1; i < n; ++i) {
    Dim& o = dims[w];
    const Dim& d = dims[i];
    if (o.s[0] == d.len * d.s[0] && o.s[1] == d.len * d.s[1]) {
      o.len *= d.len;
      o.s[0] = d.s[0];
      o.s[1] = d.s[1];
    } else {
      dims[++w] = d;
    }
  }
  if (n) n = w + 1;
  p.row_ndim = n;
  for (int i = 0; i < n; ++i) {
    p.row_shape[i] = dims[i].len;
    p.row_strides[0][i] = dims[i].s[0];
    p.row_strides[1][i] = dims[i].s[1];
  }
  p.len = in.shape()[axis];
  p.len_stride[0] = out.strides()[axis];
  p.len_stride[1] = in.strides()[axis];
  p.out = out.data();
  p.in = in.data();
  return p;
}

// Runs the plan through CUB (Note [CUB sums]) when it qualifies; false leaves it to the loops.
bool try_cub_sum(DeviceType dt, const ScanPlan& p, ScanOp op, ScalarType in, ScalarType out, int64_t in_size,
                 int64_t out_size, const ScanParams& params, const Stream& stream) {
  const CubSumFns* cub = cub_sum_table().get(dt);  // null: no CUB on this backend, use the loops
  if (!cub || !p.accelerated || op != ScanOp::Sum || params.skip_nan || !cub->supports(in, out)) return false;
  const CubSumFns& f = *cub;
  if (p.len_stride[1] != in_size || p.len_stride[0] != out_size || p.len > kCubMaxLen || p.nrows < 1) return false;
  if (!(p.nrows == 1 ? p.len >= kCubMinLen : (p.nrows <= kCubMaxRows && p.len >= kCubMinRowLen))) return false;
  const size_t tb = f.temp_bytes(in, out, p.len);
  // Scratch from the pool on this stream; the rows run one after the other on it, so one
  // scratch serves them all.
  std::shared_ptr<Memory> ws = allocate(*p.backend, tb > 0 ? tb : 1);
  for (int64_t r = 0; r < p.nrows; ++r) {
    int64_t oo = 0, io = 0, rem = r;  // row r's byte offsets (row dims outermost first)
    for (int d = p.row_ndim - 1; d >= 0 && rem; --d) {
      const int64_t i = rem % p.row_shape[d];
      rem /= p.row_shape[d];
      oo += i * p.row_strides[0][d];
      io += i * p.row_strides[1][d];
    }
    f.inclusive_sum(in, out, p.in + io, p.out + oo, p.len, ws->ptr(), tb, stream);
  }
  return true;
}

}  // namespace

ScanLoopPair& scan_loops(ScanOp op, ScalarType in, ScalarType out) {
  return g_scan[static_cast<int>(op)][static_cast<int>(in)][static_cast<int>(out)];
}

void register_scan_loop(LoopBackend b, ScanOp op, ScalarType in, ScalarType out, ScanFn fn) {
  scan_loops(op, in, out).set(b, fn);
}

ndarray run_scan(const ndarray& in_arg, ScanOp op, std::optional<int64_t> axis_arg, DType result, const ndarray& out,
                 const ScanParams& params) {
  ndarray in = in_arg;
  if (!axis_arg) in = reshape(in_arg, Dims{in_arg.size()});  // C-order ravel (a copy when needed)
  const int nd = in.ndim();
  if (nd == 0) in = in.view(Dims{1}, Dims{in.itemsize()});  // NumPy scans a 0-d array as 1-d
  const int axis = normalize_axis(axis_arg && nd > 0 ? *axis_arg : 0, in.ndim());
  if (out.defined()) {
    if (out.shape() != in.shape()) throw ValueError("provided out is the wrong size for the accumulation.");
    if (out.device_type() != in.device_type())
      throw TypeError("operands are on different backends (host and cuda); move them to one with cupric.asarray");
  }
  const bool direct = out.defined() && out.dtype() == result && out.is_aligned() && !out.may_share_memory(in);
  ndarray res = direct ? out : ndarray::empty(in.shape(), result, Order::C, &in.backend());
  if (in.size() > 0) {
    if (!in.is_aligned()) in = copy(in, Order::C);
    const DeviceType dt = in.device_type();
    const ScanLoopPair& loops = scan_loops(op, in.dtype().type, result.type);
    const ScanFn fn = loops.get(dt);
    if (!fn) dispatch::unavailable("the scan of " + in.dtype().name() + " to " + result.name(), dt);
    const Stream& stream = in.backend().current_stream(in.device());
    ScanPlan plan = make_scan_plan(in, res, axis);
    const bool strided = plan.len_stride[1] != in.itemsize() || plan.len_stride[0] != res.itemsize();
    if (dt == DeviceType::Cuda && (plan.row_ndim > 16 || (strided && plan.len > kShortRow && plan.nrows < kManyRows))) {
      // Few long strided rows: scan a scan-axis-last copy (Note [Scan engine], step 3).
      ndarray in2 = copy(moveaxis(in, axis, -1), Order::C);
      ndarray res2 = ndarray::empty(in2.shape(), result, Order::C, &in.backend());
      ScanPlan p2 = make_scan_plan(in2, res2, in2.ndim() - 1);
      p2.backend = &in.backend();
      p2.accelerated = cub_routines_enabled();
      if (!try_cub_sum(dt, p2, op, in.dtype().type, result.type, in.itemsize(), res.itemsize(), params, stream))
        fn(p2, params, stream);
      copyto(moveaxis(res, axis, -1), res2, Casting::Unsafe);
    } else {
      plan.backend = &in.backend();
      plan.accelerated = cub_routines_enabled();
      if (!try_cub_sum(dt, plan, op, in.dtype().type, result.type, in.itemsize(), res.itemsize(), params, stream))
        fn(plan, params, stream);
    }
  }
  if (out.defined() && !direct) {
    copyto(out, res, Casting::Unsafe);
    return out;
  }
  return res;
}

}  // namespace cupric
