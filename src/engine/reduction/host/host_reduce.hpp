// Host reduction loop: runs a reduction functor (Note [Reduction functors]) over a ReducePlan on
// the calling thread. Included only by host kernel-family translation units.
//
// Note [Host pairwise reduction]
// Ops marked kPairwise (sum, mean, var) split the reduced range in halves down to blocks of 128
// elements folded in order, and combine the halves: NumPy's pairwise summation, whose error
// grows like O(log n) rather than O(n). NumPy applies it to contiguous inner loops only; we apply
// it to every reduced range, which is never less accurate. Leaves of unmasked single-dimension
// ranges keep eight interleaved partials, as NumPy's unrolled leaf does. Other ops fold in order.
#pragma once
#include <cstring>
#include "kernels/reduce_ops.hpp"
#include "engine/reduction/reduction_engine.hpp"

namespace cupric::host {

inline constexpr int64_t kPairwiseBlock = 128;

// GCC 12's loop vectoriser miscompiles the eight-partials leaf for int8 -> int64 sums at -O3
// (wrong totals for n in [24, 32), [40, 48), ...; reproduced outside cupric without UB). The
// leaf keeps its scalar loop; the rest of the TU is vectorised as usual.
#if defined(__GNUC__) && !defined(__clang__) && !defined(__CUDACC__)
#define CUPRIC_NO_LOOP_VECTORIZE __attribute__((optimize("no-tree-loop-vectorize")))
#else
#define CUPRIC_NO_LOOP_VECTORIZE
#endif

// Byte offset of reduced position r (C order over the plan's reduced dims) for operand k.
inline int64_t red_offset(const ReducePlan& p, int k, int64_t r) {
  int64_t off = 0;
  for (int d = p.red_ndim - 1; d >= 0 && r; --d) {
    off += (r % p.red_shape[d]) * p.red_strides[k][d];
    r /= p.red_shape[d];
  }
  return off;
}

template <class Op>
struct HostReducer {
  using In = typename Op::in_t;
  using Acc = typename Op::acc_t;
  const Op& op;
  const ReducePlan& p;
  bool skip_nan;

  // Folds positions [lo, lo + n) of one output's reduction in order.
  CUPRIC_NO_LOOP_VECTORIZE Acc fold(const char* in, const char* mask, int64_t lo, int64_t n) const {
    Acc acc = op.identity();
    if (n <= 0) return acc;
    if (p.red_ndim == 1 && !mask && !skip_nan) {
      const int64_t s = p.red_strides[0][0];
      const char* x = in + lo * s;
      auto load = [&](int64_t i) {
        In v;
        std::memcpy(&v, x + i * s, sizeof(In));
        return v;
      };
      int64_t i = 0;
      if constexpr (Op::kPairwise) {
        if (n >= 8) {  // eight interleaved partials, as NumPy's pairwise leaf
          Acc r[8];
          for (int k = 0; k < 8; ++k) r[k] = op.reduce(op.identity(), load(k), lo + k);
          for (i = 8; i + 8 <= n; i += 8)
            for (int k = 0; k < 8; ++k) r[k] = op.reduce(r[k], load(i + k), lo + i + k);
          acc = op.combine(op.combine(op.combine(r[0], r[1]), op.combine(r[2], r[3])),
                           op.combine(op.combine(r[4], r[5]), op.combine(r[6], r[7])));
        }
      }
      for (; i < n; ++i) acc = op.reduce(acc, load(i), lo + i);
      return acc;
    }
    if (p.red_ndim == 1) {
      const int64_t s = p.red_strides[0][0], ms = p.red_strides[1][0];
      const char* x = in + lo * s;
      const char* m = mask ? mask + lo * ms : nullptr;
      for (int64_t i = 0; i < n; ++i, x += s) {
        In v;
        std::memcpy(&v, x, sizeof(In));
        bool ok = !m || *reinterpret_cast<const bool*>(m + i * ms);
        if (ok && !(skip_nan && reduce_ops::is_nan(v))) acc = op.reduce(acc, v, lo + i);
      }
      return acc;
    }
    // Several reduced dims: walk them with a counter from position lo.
    int64_t idx[kMaxDims];
    int64_t r = lo;
    for (int d = p.red_ndim - 1; d >= 0; --d) {
      idx[d] = r % p.red_shape[d];
      r /= p.red_shape[d];
    }
    const char* x = in + red_offset(p, 0, lo);
    const char* m = mask ? mask + red_offset(p, 1, lo) : nullptr;
    for (int64_t i = 0; i < n; ++i) {
      In v;
      std::memcpy(&v, x, sizeof(In));
      bool ok = !m || *reinterpret_cast<const bool*>(m);
      if (ok && !(skip_nan && reduce_ops::is_nan(v))) acc = op.reduce(acc, v, lo + i);
      for (int d = p.red_ndim - 1; d >= 0; --d) {
        x += p.red_strides[0][d];
        if (m) m += p.red_strides[1][d];
        if (++idx[d] < p.red_shape[d]) break;
        x -= p.red_strides[0][d] * p.red_shape[d];
        if (m) m -= p.red_strides[1][d] * p.red_shape[d];
        idx[d] = 0;
      }
    }
    return acc;
  }

  Acc run(const char* in, const char* mask, int64_t lo, int64_t n) const {
    if (!Op::kPairwise || n <= kPairwiseBlock) return fold(in, mask, lo, n);
    int64_t half = (n / 2 + 7) / 8 * 8;  // split at a multiple of 8, like NumPy's unrolled blocks
    return op.combine(run(in, mask, lo, half), run(in, mask, lo + half, n - half));
  }
};

// The host ReduceFn of functor Op.
template <class Op>
void reduce_loop(const ReducePlan& p, const ReduceParams& params, const Stream&) {
  if (p.nout == 0) return;
  const Op op = make_reduce_op<Op>(params);
  const typename Op::acc_t init = reduce_initial(op, params);
  const bool has_init = params.has_initial;
  HostReducer<Op> r{op, p, params.skip_nan};
  int64_t idx[kMaxDims] = {};
  int64_t off[3] = {0, 0, 0};
  for (int64_t m = 0; m < p.nout; ++m) {
    auto acc = r.run(p.in + off[1], p.mask ? p.mask + off[2] : nullptr, 0, p.nred);
    if (has_init) acc = op.combine(acc, init);
    typename Op::out_t v = op.finalize(acc);
    std::memcpy(p.out + off[0], &v, sizeof(v));
    for (int d = p.out_ndim - 1; d >= 0; --d) {
      for (int k = 0; k < 3; ++k) off[k] += p.out_strides[k][d];
      if (++idx[d] < p.out_shape[d]) break;
      for (int k = 0; k < 3; ++k) off[k] -= p.out_strides[k][d] * p.out_shape[d];
      idx[d] = 0;
    }
  }
}

}  // namespace cupric::host
