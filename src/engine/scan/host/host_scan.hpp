// Host scan loop: runs a reduction functor (Note [Reduction functors]) as an inclusive scan over
// a ScanPlan on the calling thread, each row in order. Included only by host family units.
#pragma once
#include <cstring>
#include "kernels/reduce_ops.hpp"
#include "engine/scan/scan_engine.hpp"

namespace cupric::host {

template <class Op>
void scan_loop(const ScanPlan& p, const ScanParams& params, const Stream&) {
  using In = typename Op::in_t;
  using Out = typename Op::out_t;
  using Acc = typename Op::acc_t;
  const Op op{};
  int64_t idx[kMaxDims] = {};
  int64_t off_out = 0, off_in = 0;
  for (int64_t r = 0; r < p.nrows; ++r) {
    const char* x = p.in + off_in;
    char* y = p.out + off_out;
    Acc acc = op.identity();
    for (int64_t k = 0; k < p.len; ++k) {
      In v;
      std::memcpy(&v, x + k * p.len_stride[1], sizeof(In));
      if (!(params.skip_nan && reduce_ops::is_nan(v))) acc = op.reduce(acc, v, k);
      Out o = op.finalize(acc);
      acc = op.lift(o);  // round to the result dtype every step, as NumPy's accumulate
      std::memcpy(y + k * p.len_stride[0], &o, sizeof(Out));
    }
    for (int d = p.row_ndim - 1; d >= 0; --d) {  // next row (C order over the row dims)
      off_out += p.row_strides[0][d];
      off_in += p.row_strides[1][d];
      if (++idx[d] < p.row_shape[d]) break;
      off_out -= p.row_shape[d] * p.row_strides[0][d];
      off_in -= p.row_shape[d] * p.row_strides[1][d];
      idx[d] = 0;
    }
  }
}

}  // namespace cupric::host
