// The elementwise engine.
//
// Note [Elementwise engine]
// Every elementwise operation (casts, fills, ufuncs) goes through make_loop_plan, which does the
// layout work once for all ops, as PyTorch's TensorIterator does:
//  1. broadcast inputs to the output shape (stride 0 on broadcast dimensions);
//  2. drop length-1 dimensions;
//  3. flip dimensions along which every operand runs backwards, so negative-step views iterate
//     forwards through memory;
//  4. order dimensions by the operands' strides, largest outermost (the output decides first),
//     so F-ordered and transposed arrays are walked in memory order;
//  5. merge adjacent dimensions that are contiguous with each other in every operand;
//  6. mark the plan contiguous (one dimension, unit element stride everywhere: the vectorised
//     path) and index32 (every element and byte offset fits int32: the CUDA strided kernels
//     need it; Note [32-bit strided kernels] cuts plans that do not fit).
// Backends then only choose between the contiguous and the strided loop.
#include "engine/elementwise/elementwise_engine.hpp"
#include <algorithm>
#include <cstdlib>
#include "cupric/error.hpp"
#include "engine/elementwise/op_table.hpp"

namespace cupric {

namespace cuda {
inline constexpr int kMaxKernelDimsHost = 16;
}  // namespace cuda

namespace {
bool fits_index32(const LoopPlan& p);
}

LoopPlan make_loop_plan(const ndarray* ops, int nargs) {
  LoopPlan p{};
  p.nargs = nargs;
  const ndarray& out = ops[0];
  const int nd = out.ndim();
  p.numel = out.size();
  int64_t itemsize[kMaxOperands];
  for (int k = 0; k < nargs; ++k) {
    p.data[k] = ops[k].size() ? ops[k].data() : nullptr;
    itemsize[k] = ops[k].itemsize();
  }
  // 1-2: broadcast and drop length-1 dims.
  int m = 0;
  for (int d = 0; d < nd; ++d) {
    int64_t len = out.shape()[d];
    if (len == 1) continue;
    p.shape[m] = len;
    for (int k = 0; k < nargs; ++k) {
      const ndarray& a = ops[k];
      int ad = d - (nd - a.ndim());
      p.strides[k][m] = (ad < 0 || a.shape()[ad] == 1) ? 0 : a.strides()[ad];
    }
    ++m;
  }
  p.ndim = m;
  if (p.numel == 0) return p;
  // 3: flip dimensions where all operands step backwards (or not at all) and the output backwards.
  for (int d = 0; d < m; ++d) {
    bool flip = p.strides[0][d] < 0;
    for (int k = 1; k < nargs && flip; ++k) flip = p.strides[k][d] <= 0;
    if (!flip) continue;
    for (int k = 0; k < nargs; ++k) {
      p.data[k] += (p.shape[d] - 1) * p.strides[k][d];
      p.strides[k][d] = -p.strides[k][d];
    }
  }
  // 4: stable insertion sort, outermost = largest stride of the first operand that tells them apart.
  auto outer_first = [&](int a, int b) {  // should dim a come before dim b?
    for (int k = 0; k < nargs; ++k) {
      int64_t sa = std::llabs(p.strides[k][a]), sb = std::llabs(p.strides[k][b]);
      if (sa == 0 || sb == 0) continue;
      if (sa != sb) return sa > sb;
    }
    return false;
  };
  int perm[kMaxDims];
  for (int d = 0; d < m; ++d) perm[d] = d;
  for (int i = 1; i < m; ++i) {
    int j = i;
    while (j > 0 && outer_first(perm[j], perm[j - 1])) {
      std::swap(perm[j], perm[j - 1]);
      --j;
    }
  }
  {
    int64_t shape[kMaxDims], strides[kMaxOperands][kMaxDims];
    for (int d = 0; d < m; ++d) {
      shape[d] = p.shape[perm[d]];
      for (int k = 0; k < nargs; ++k) strides[k][d] = p.strides[k][perm[d]];
    }
    for (int d = 0; d < m; ++d) {
      p.shape[d] = shape[d];
      for (int k = 0; k < nargs; ++k) p.strides[k][d] = strides[k][d];
    }
  }
  // 5: coalesce (outer d-1 with inner d) when every operand has stride[d-1] == shape[d] * stride[d].
  int w = 0;
  for (int d = 1; d < m; ++d) {
    bool can = true;
    for (int k = 0; k < nargs && can; ++k) can = p.strides[k][w] == p.shape[d] * p.strides[k][d];
    if (can) {
      p.shape[w] *= p.shape[d];
      for (int k = 0; k < nargs; ++k) p.strides[k][w] = p.strides[k][d];
    } else {
      ++w;
      p.shape[w] = p.shape[d];
      for (int k = 0; k < nargs; ++k) p.strides[k][w] = p.strides[k][d];
    }
  }
  p.ndim = m == 0 ? 0 : w + 1;
  // 6: flags.
  p.contiguous = p.ndim == 0;
  if (p.ndim == 1) {
    p.contiguous = true;
    for (int k = 0; k < nargs; ++k) p.contiguous = p.contiguous && p.strides[k][0] == itemsize[k];
  }
  p.index32 = fits_index32(p);
  return p;
}

namespace {

bool same_layout(const ndarray& a, const ndarray& b) {
  return a.data() == b.data() && a.shape() == b.shape() && a.strides() == b.strides();
}

bool fits_index32(const LoopPlan& p) {
  if (p.numel > INT32_MAX) return false;
  for (int k = 0; k < p.nargs; ++k) {
    int64_t reach = 0;
    for (int d = 0; d < p.ndim; ++d) reach += std::llabs(p.strides[k][d]) * (p.shape[d] - 1);
    if (reach > INT32_MAX) return false;
  }
  return true;
}

// The plan without its outermost dimension, at outer index i.
LoopPlan peel_outer(const LoopPlan& plan, int64_t i) {
  LoopPlan inner = plan;
  inner.ndim = plan.ndim - 1;
  for (int d = 0; d < inner.ndim; ++d) {
    inner.shape[d] = plan.shape[d + 1];
    for (int k = 0; k < plan.nargs; ++k) inner.strides[k][d] = plan.strides[k][d + 1];
  }
  inner.numel = plan.numel / plan.shape[0];
  for (int k = 0; k < plan.nargs; ++k) inner.data[k] = plan.data[k] + i * plan.strides[k][0];
  inner.index_base = plan.index_base + i * inner.numel;
  inner.index32 = fits_index32(inner);
  return inner;
}

}  // namespace

// Note [32-bit strided kernels]
// The CUDA strided kernels index with int32 only (half the kernels to compile, cheaper index
// math). A strided plan whose elements or byte offsets do not fit int32 is cut here into pieces
// that do: runs of the outermost dimension as long as the int32 reach allows, or, when even one
// outer slice is too big, one outer index at a time (recursively; a 1-D plan always cuts into
// runs). Contiguous plans use 64-bit indices in their kernel and are never cut. Plans with more
// dimensions than the kernels take (cuda::kMaxKernelDims) loop over the outer ones the same way.
void run_cuda(LoopFn fn, const LoopPlan& plan, const void* state, const Stream& s) {
  if (plan.ndim <= cuda::kMaxKernelDimsHost && (plan.contiguous || plan.index32)) {
    fn(plan, state, s);
    return;
  }
  const int64_t n0 = plan.shape[0], inner_numel = plan.numel / n0;
  int64_t run = plan.ndim > cuda::kMaxKernelDimsHost ? 0 : INT32_MAX / inner_numel;
  for (int k = 0; k < plan.nargs && run > 0; ++k) {
    int64_t inner_reach = 0;
    for (int d = 1; d < plan.ndim; ++d) inner_reach += std::llabs(plan.strides[k][d]) * (plan.shape[d] - 1);
    const int64_t s0 = std::llabs(plan.strides[k][0]);
    if (inner_reach > INT32_MAX)
      run = 0;
    else if (s0 > 0)
      run = std::min(run, (INT32_MAX - inner_reach) / s0 + 1);
  }
  if (run == 0) {
    for (int64_t i = 0; i < n0; ++i) run_cuda(fn, peel_outer(plan, i), state, s);
    return;
  }
  for (int64_t start = 0; start < n0; start += run) {
    LoopPlan piece = plan;
    piece.shape[0] = std::min(run, n0 - start);
    piece.numel = piece.shape[0] * inner_numel;
    for (int k = 0; k < plan.nargs; ++k) piece.data[k] = plan.data[k] + start * plan.strides[k][0];
    piece.index_base = plan.index_base + start * inner_numel;
    piece.index32 = true;
    fn(piece, state, s);
  }
}

namespace {

constexpr const char* kWhat = "this elementwise operation";

// Runs `plan` with `fn`, the loop of out's backend, on its current stream. CUDA plans go through
// run_cuda, which cuts them to what the CUDA kernels take (Note [32-bit strided kernels]).
void run_plan(LoopFn fn, const LoopPlan& plan, const void* state, const ndarray& out) {
  const Stream s = out.backend().current_stream(out.device());
  if (out.device_type() == DeviceType::Cuda)
    run_cuda(fn, plan, state, s);
  else
    fn(plan, state, s);
}

// dst = src element by element, bytewise: valid for any alignment and any dtype of equal size.
void bytes_copy(const ndarray& dst, const ndarray& src) {
  ndarray pair[2] = {dst, src};
  int64_t isz = dst.itemsize();
  run_plan(bytes_copy_loops().require(dst.device_type(), "copying misaligned elements"), make_loop_plan(pair, 2), &isz,
           dst);
}

ndarray aligned_temp_like(const ndarray& a) { return ndarray::empty(a.shape(), a.dtype(), Order::C, &a.backend()); }

}  // namespace

void run_elementwise(const LoopPair& loop, const ndarray* ops, int nout, int nin, const void* state) {
  const int nargs = nout + nin;
  if (nargs > kMaxOperands) throw ValueError("too many operands for one elementwise loop");
  const ndarray& out = ops[0];
  if (out.size() == 0) return;
  const DeviceType dt = out.device_type();
  for (int k = 1; k < nargs; ++k) {
    if (ops[k].device_type() != dt)
      throw TypeError("operands are on different backends (host and cuda); move them to one with cupric.asarray");
    if (dt == DeviceType::Cuda && ops[k].device() != out.device())
      throw ValueError("operands are on different devices (" + std::to_string(out.device()) + " and " +
                       std::to_string(ops[k].device()) + ")");
  }
  const LoopFn fn = loop.require(dt, kWhat);
  // Inputs that overlap an output in another layout, or that are misaligned for their dtype
  // (views made with .view(dtype) at odd offsets: a GPU load would fault), are read from an
  // aligned copy; misaligned outputs are computed into a temporary and copied back bytewise.
  // The common case needs neither and plans on `ops` itself (no handle copies).
  bool staged = false;
  for (int k = 0; k < nargs && !staged; ++k) {
    staged = !ops[k].is_aligned();
    for (int o = 0; o < nout && k >= nout && !staged; ++o)
      staged = !same_layout(ops[k], ops[o]) && ops[k].may_share_memory(ops[o]);
  }
  if (!staged) {
    run_plan(fn, make_loop_plan(ops, nargs), state, out);
    return;
  }
  ndarray local[kMaxOperands];
  for (int k = 0; k < nargs; ++k) local[k] = ops[k];
  for (int k = nout; k < nargs; ++k) {
    bool overlap = false;
    for (int o = 0; o < nout && !overlap; ++o)
      overlap = !same_layout(ops[k], ops[o]) && ops[k].may_share_memory(ops[o]);
    if (overlap || !ops[k].is_aligned()) {
      local[k] = aligned_temp_like(ops[k]);
      bytes_copy(local[k], ops[k]);
    }
  }
  bool copy_back[kMaxOperands] = {};
  for (int o = 0; o < nout; ++o) {
    if (!ops[o].is_aligned()) {
      local[o] = aligned_temp_like(ops[o]);
      copy_back[o] = true;
    }
  }
  run_plan(fn, make_loop_plan(local, nargs), state, out);
  for (int o = 0; o < nout; ++o)
    if (copy_back[o]) bytes_copy(ops[o], local[o]);
}

void run_contiguous_fresh(const LoopPair& loop, const ndarray* const* ops, int nargs, const void* state) {
  const ndarray& out = *ops[0];
  if (out.size() == 0) return;
  const LoopFn fn = loop.require(out.device_type(), kWhat);
  LoopPlan plan;  // (not zeroed: only entry 0 of shape and of each operand's strides is used)
  plan.nargs = nargs;
  plan.numel = out.size();
  plan.ndim = 1;
  plan.shape[0] = plan.numel;
  plan.contiguous = true;
  plan.index32 = plan.numel <= INT32_MAX;
  for (int k = 0; k < nargs; ++k) {
    plan.data[k] = ops[k]->data();
    plan.strides[k][0] = ops[k]->itemsize();
    if (ops[k]->itemsize() * (plan.numel - 1) > INT32_MAX) plan.index32 = false;
  }
  run_plan(fn, plan, state, out);
}

void run_loop_unstaged(const LoopPair& loop, const ndarray* ops, int nargs, const void* state) {
  const ndarray& out = ops[0];
  if (out.size() == 0) return;
  const DeviceType dt = out.device_type();
  for (int k = 1; k < nargs; ++k)
    if (ops[k].device_type() != dt)
      throw TypeError("operands are on different backends (host and cuda); move them to one with cupric.asarray");
  run_plan(loop.require(dt, kWhat), make_loop_plan(ops, nargs), state, out);
}

}  // namespace cupric
