// The reduction engine: typed-loop table, planner and driver.
//
// Note [Reduction engine]
// Every reducing routine ends in run_reduction with an op, axes, a result dtype and NumPy's
// out/keepdims/where/initial. The driver checks arguments with NumPy's messages, makes the
// result (or borrows `out`), and make_reduce_plan turns the layout into two short lists of
// dimensions, as the elementwise engine does for one list (Note [Elementwise engine]):
//  1. length-1 dimensions are dropped; each remaining one is *kept* (an output dimension) or
//     *reduced*;
//  2. kept dimensions along which the input runs backwards are flipped (output order does not
//     matter); reduced ones too, unless the op is `ordered` (argmin/argmax report positions);
//  3. each list is sorted by input stride, largest outermost (not for ordered reduced dims, which
//     stay in C order so the position along them is NumPy's flat index);
//  4. neighbours contiguous with each other in every operand are merged, so a C-contiguous
//     reduction over trailing axes is one kept and one reduced dimension whatever the ndim;
//  5. `inner` says whether the input's fastest dimension is reduced (rows: threads of a block
//     run along the reduction, one to 256 per row by its length: Note [Short reduced rows] in
//     cuda_reduce.cuh) or kept (columns: threads run along outputs and the reduction
//     is split across threads of another block dimension, so axis 0 of a C array is read
//     coalesced without transposing). See Note [CUDA reductions] in cuda_reduce.cuh.
// Typed loops are keyed by (op, input dtype, result dtype); the routines in ops/reduction.cpp
// pick the pair and cast the input first when no loop for the pair exists.
#include "engine/reduction/reduction_engine.hpp"
#include <algorithm>
#include <cstdlib>
#include <numeric>
#include "cupric/accelerators.hpp"
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"

namespace cupric {

namespace {
constinit ReduceLoopPair g_reduce[kNumReduceOps][kNumNumericTypes][kNumNumericTypes];
constexpr int kKernelDims = 16;  // = cuda::kMaxKernelDims (the CUDA loop's argument arrays)
}  // namespace

const char* reduce_op_name(ReduceOp op) {
  static constexpr const char* names[kNumReduceOps] = {
      "add",    "multiply",   "minimum",     "maximum",       "fmin", "fmax", "argmin",
      "argmax", "logical_or", "logical_and", "count_nonzero", "mean", "var",  "maximum"};
  return names[static_cast<int>(op)];
}

ReduceLoopPair& reduce_loops(ReduceOp op, ScalarType in, ScalarType out) {
  return g_reduce[static_cast<int>(op)][static_cast<int>(in)][static_cast<int>(out)];
}

void register_reduce_loop(LoopBackend b, ReduceOp op, ScalarType in, ScalarType out, ReduceFn fn) {
  reduce_loops(op, in, out).set(b, fn);
}

ReducePlan make_reduce_plan(const ndarray& in, const bool* red, const ndarray& out, const ndarray* mask, bool ordered) {
  ReducePlan p;
  const int nd = in.ndim();
  for (int d = 0; d < std::max(nd, 1); ++d) {  // (the arrays are not zeroed by ReducePlan itself)
    p.out_shape[d] = p.red_shape[d] = 0;
    for (int k = 0; k < 3; ++k) p.out_strides[k][d] = 0;
    for (int k = 0; k < 2; ++k) p.red_strides[k][d] = 0;
  }
  p.nout = 1;
  p.nred = 1;
  char* base[3] = {out.size() ? out.data() : nullptr, in.size() ? in.data() : nullptr,
                   mask && mask->size() ? mask->data() : nullptr};
  struct Dim {
    int64_t len, s[3];
  };
  // Fixed-size lists: planning allocates nothing (small reductions are host-overhead bound).
  struct DimList {
    Dim d[kMaxDims];
    int n = 0;
    Dim* begin() { return d; }
    Dim* end() { return d + n; }
    bool empty() const { return n == 0; }
    Dim& back() { return d[n - 1]; }
    void push_back(const Dim& x) { d[n++] = x; }
  };
  DimList kept, reduced;
  for (int d = 0; d < nd; ++d) {
    int64_t len = in.shape()[d];
    (red[d] ? p.nred : p.nout) *= len;
    if (len == 1) continue;
    Dim dim{len, {red[d] ? 0 : out.strides()[d], in.strides()[d], mask ? mask->strides()[d] : 0}};
    (red[d] ? reduced : kept).push_back(dim);
  }
  p.inner = true;
  if (p.nout == 0 || p.nred == 0) {  // nothing to read: outputs only get the identity
    p.out_ndim = 0;
    p.red_ndim = 0;
    p.nred = 0;
    if (p.nout > 0) {  // the outputs still need addressing
      for (const Dim& k : kept) {
        p.out_shape[p.out_ndim] = k.len;
        p.out_strides[0][p.out_ndim++] = k.s[0];
      }
    }
    p.out = base[0];
    return p;
  }
  auto flip = [&](Dim& dim, int first, int last) {
    for (int k = first; k <= last; ++k) {
      if (base[k]) base[k] += (dim.len - 1) * dim.s[k];
      dim.s[k] = -dim.s[k];
    }
  };
  for (Dim& k : kept)
    if (k.s[1] < 0) flip(k, 0, 2);
  if (!ordered)
    for (Dim& r : reduced)
      if (r.s[1] < 0) flip(r, 1, 2);
  auto by_stride = [](const Dim& a, const Dim& b) {
    for (int k : {1, 0, 2}) {
      int64_t sa = std::llabs(a.s[k]), sb = std::llabs(b.s[k]);
      if (sa != sb) return sa > sb;
    }
    return false;
  };
  std::stable_sort(kept.begin(), kept.end(), by_stride);
  if (!ordered) std::stable_sort(reduced.begin(), reduced.end(), by_stride);
  auto coalesce = [](DimList& dims, int nops) {  // in place: w is the last merged dim
    int w = 0;
    for (int i = 1; i < dims.n; ++i) {
      Dim& o = dims.d[w];
      const Dim& d = dims.d[i];
      bool can = true;
      for (int k = 0; k < nops && can; ++k) can = o.s[k] == d.len * d.s[k];
      if (can) {
        o.len *= d.len;
        for (int k = 0; k < 3; ++k) o.s[k] = d.s[k];
      } else {
        dims.d[++w] = d;
      }
    }
    if (dims.n) dims.n = w + 1;
  };
  coalesce(kept, 3);
  for (Dim& r : reduced) r.s[0] = r.s[1];  // out has no stride on reduced dims: compare in twice
  coalesce(reduced, 3);
  p.out_ndim = kept.n;
  p.red_ndim = reduced.n;
  for (int i = 0; i < p.out_ndim; ++i) {
    p.out_shape[i] = kept.d[i].len;
    for (int k = 0; k < 3; ++k) p.out_strides[k][i] = kept.d[i].s[k];
  }
  for (int i = 0; i < p.red_ndim; ++i) {
    p.red_shape[i] = reduced.d[i].len;
    p.red_strides[0][i] = reduced.d[i].s[1];
    p.red_strides[1][i] = reduced.d[i].s[2];
  }
  if (!kept.empty() && !reduced.empty()) p.inner = std::llabs(reduced.back().s[1]) < std::llabs(kept.back().s[1]);
  p.out = base[0];
  p.in = base[1];
  p.mask = base[2];
  return p;
}

namespace {

// `a` with the reduced dimensions moved last, copied C-contiguous: at most one kept and one
// reduced dimension after planning (used when a plan has more dimensions than CUDA kernels take).
ndarray reduced_last_copy(const ndarray& a, const bool* red) {
  Dims shape, strides;
  for (int pass = 0; pass < 2; ++pass)
    for (int d = 0; d < a.ndim(); ++d)
      if (red[d] == (pass == 1)) {
        shape.push_back(a.shape()[d]);
        strides.push_back(a.strides()[d]);
      }
  return copy(a.view(shape, strides), Order::C);
}

}  // namespace

ndarray run_reduction(const ndarray& in_arg, const ReduceCall& call) {
  const int nd = in_arg.ndim();
  const char* opname = reduce_op_name(call.op);
  bool red[kMaxDims] = {};
  if (call.axes.all) {
    std::fill(red, red + nd, true);
  } else {
    for (int64_t ax : call.axes.axes) {
      int d = normalize_axis(ax, nd);
      if (red[d]) throw ValueError("duplicate value in 'axis'");
      red[d] = true;
    }
  }
  Dims result_shape, full_shape;  // full_shape: with the reduced dims as 1 (keepdims)
  int64_t nout = 1, nred = 1;
  for (int d = 0; d < nd; ++d) {
    full_shape.push_back(red[d] ? 1 : in_arg.shape()[d]);
    if (!red[d] || call.keepdims) result_shape.push_back(red[d] ? 1 : in_arg.shape()[d]);
    (red[d] ? nred : nout) *= in_arg.shape()[d];
  }
  const bool has_initial = call.params.has_initial;
  if (!call.has_identity && !has_initial) {
    if (nred == 0)  // NumPy raises for an empty reduced extent even when there are no outputs
      throw ValueError(std::string("zero-size array to reduction operation ") + opname + " which has no identity");
    if (call.where.defined())
      throw ValueError(std::string("reduction operation '") + opname +
                       "' does not have an identity, so to use a where mask one has to specify 'initial'");
  }
  ndarray mask;
  if (call.where.defined()) {
    if (!call.where.dtype().is_bool())
      throw TypeError("Cannot cast array data from dtype('" + call.where.dtype().name() +
                      "') to dtype('bool') according to the rule 'safe'");
    Dims b = broadcast_shapes(in_arg.shape(), call.where.shape());
    if (b != in_arg.shape())
      throw ValueError("operands could not be broadcast together with shapes " + shape_str(in_arg.shape()) + " " +
                       shape_str(call.where.shape()));
    Dims ms(nd, 0);
    const ndarray& w = call.where;
    for (int d = 0; d < w.ndim(); ++d) {
      int ad = d + nd - w.ndim();
      ms[ad] = w.shape()[d] == 1 ? 0 : w.strides()[d];
    }
    mask = w.view(in_arg.shape(), ms);
  }
  // The result array: `out` itself when the loop can write it directly.
  ndarray res;
  bool copy_back = false;
  if (call.out.defined()) {
    const ndarray& o = call.out;
    if (o.ndim() != static_cast<int>(result_shape.size()))
      throw ValueError(std::string("output parameter for reduction operation ") + opname +
                       " has the wrong number of dimensions: Found " + std::to_string(o.ndim()) + " but expected " +
                       std::to_string(result_shape.size()));
    if (o.shape() != result_shape)
      throw ValueError(std::string("output parameter for reduction operation ") + opname +
                       " has the wrong shape: Found " + shape_str(o.shape()) + " but expected " +
                       shape_str(result_shape));
    if (o.device_type() != in_arg.device_type())
      throw TypeError("operands are on different backends (host and cuda); move them to one with cupric.asarray");
    bool direct = o.dtype() == call.result && o.is_aligned() && !o.may_share_memory(in_arg) &&
                  !(mask.defined() && o.may_share_memory(mask));
    if (direct) {
      res = o;
    } else {
      res = ndarray::empty(result_shape, call.result, Order::C, &in_arg.backend());
      copy_back = true;
    }
  } else {
    res = ndarray::empty(result_shape, call.result, Order::C, &in_arg.backend());
  }
  // (if/return, not ?: -- a conditional of `const ndarray&` and `res` is a const lvalue: a copy)
  if (nout == 0) {
    if (call.out.defined()) return call.out;
    return res;
  }
  // res viewed with in's ndim: stride 0 along reduced dims.
  Dims os(nd, 0);
  for (int d = 0, r = 0; d < nd; ++d) {
    if (red[d]) {
      if (call.keepdims) ++r;
      continue;
    }
    os[d] = res.strides()[r++];
  }
  ndarray out_full = res.view(full_shape, os);
  ndarray aligned_copy;
  const ndarray& in = in_arg.is_aligned() ? in_arg : (aligned_copy = copy(in_arg, Order::C));
  if (mask.defined() && mask.device_type() != in.device_type())
    throw TypeError("operands are on different backends (host and cuda); move them to one with cupric.asarray");
  const DeviceType dt = in.device_type();
  const ReduceLoopPair& loops = reduce_loops(call.op, in.dtype().type, call.result.type);
  const ReduceFn fn = loops.get(dt);
  if (!fn)
    dispatch::unavailable(
        std::string("the ") + opname + " reduction of " + in.dtype().name() + " to " + call.result.name(), dt);
  ReducePlan plan = make_reduce_plan(in, red, out_full, mask.defined() ? &mask : nullptr, call.ordered);
  if (dt == DeviceType::Cuda && (plan.out_ndim > kKernelDims || plan.red_ndim > kKernelDims)) {
    // Interleaved kept and reduced dims beyond what kernels take: move the reduced ones last.
    ndarray in2 = reduced_last_copy(in, red);
    ndarray mask2 = mask.defined() ? reduced_last_copy(mask, red) : ndarray();
    bool red2[kMaxDims] = {};
    Dims os2;
    int nk = 0;
    for (int d = 0; d < nd; ++d)
      if (!red[d]) os2.push_back(out_full.strides()[d]), ++nk;
    for (int d = nk; d < nd; ++d) red2[d] = true, os2.push_back(0);
    ndarray out2 = out_full.view(in2.shape(), os2);
    plan = make_reduce_plan(in2, red2, out2, mask2.defined() ? &mask2 : nullptr, call.ordered);
    if (plan.out_ndim > kKernelDims)  // kept dims that do not coalesce: compute C-ordered, copy
      throw NotImplementedError("reductions whose output has more than 16 non-mergeable dimensions");
    plan.backend = &in.backend();
    plan.accelerated = cub_reductions_enabled();
    fn(plan, call.params, in.backend().current_stream(in.device()));
  } else {
    plan.backend = &in.backend();
    plan.accelerated = cub_reductions_enabled();
    fn(plan, call.params, in.backend().current_stream(in.device()));
  }
  if (copy_back) copyto(call.out, res, Casting::Unsafe);
  if (call.out.defined()) return call.out;
  return res;
}

}  // namespace cupric
