// Calling a ufunc: after type resolution (ufunc_resolve.cpp: the loop and the casting checks),
// broadcasting, the outputs (out=, order=, where=), operand casts, and one elementwise loop from
// the op table; the small-op fast path for the common calls.
//
// Note [Ufunc operand casts]
// An input whose dtype differs from its loop's is cast into a temporary array first, and an
// out= array of another dtype is written through a temporary of the loop's output dtype. This
// costs one extra pass over memory per such operand; mixed-dtype loops that cast on load are a
// later optimisation. Scalars never make temporaries when a bound loop exists (Note [Scalar
// operands] in src/engine/elementwise/op_table.hpp).
#include "cupric/ops/ufunc.hpp"
#include <algorithm>
#include <cstring>
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"
#include "engine/elementwise/elementwise_engine.hpp"
#include "ops/ufunc_resolve.hpp"

namespace cupric {

namespace {

// "(2,3)" and "(3,)", NumPy's spelling in broadcast errors.
std::string np_shape(const Dims& s) {
  std::string r = "(";
  for (size_t i = 0; i < s.size(); ++i) r += std::to_string(s[i]) + (i + 1 < s.size() || s.size() == 1 ? "," : "");
  return r + ")";
}

[[noreturn]] void broadcast_error(const Operand* in, int nin, const UfuncOptions& opts, int nout) {
  std::string msg = "operands could not be broadcast together with shapes ";
  for (int i = 0; i < nin; ++i) msg += np_shape(in[i].is_array() ? in[i].array().shape() : Dims{}) + " ";
  for (int k = 0; k < nout; ++k)
    if (opts.out[k].defined()) msg += np_shape(opts.out[k].shape()) + " ";
  throw ValueError(msg);
}

bool broadcast_into(Dims& acc, const Dims& s) {
  if (s.size() > acc.size()) {
    Dims grown(s.size(), 1);
    std::copy(acc.begin(), acc.end(), grown.begin() + static_cast<long>(s.size() - acc.size()));
    acc = std::move(grown);
  }
  const size_t off = acc.size() - s.size();
  for (size_t i = 0; i < s.size(); ++i) {
    int64_t& a = acc[off + i];
    if (s[i] == a || s[i] == 1) continue;
    if (a != 1) return false;
    a = s[i];
  }
  return true;
}

// Integer power with a negative exponent raises (NumPy). Scalars are checked on the host; array
// exponents only on the host backend, where reading them costs no device sync (on CUDA such
// elements give 0, or +-1 for bases +-1: docs/differences.md).
void check_int_power(const OpDef& u, const TypedLoop& l, const Operand& exponent) {
  if (!(u.flags & kIntPower) || !DType(l.types[1]).is_signed_int()) return;
  const char* msg = "Integers to negative integer powers are not allowed.";
  if (!exponent.is_array()) {
    if (exponent.scalar().as<double>() < 0 && exponent.scalar().as<int64_t>() < 0) throw ValueError(msg);
    return;
  }
  const ndarray& e = exponent.array();
  if (e.device_type() != DeviceType::Host || e.size() == 0) return;
  ndarray v = astype(e, dtypes::int64, Order::C, Casting::Unsafe, true);
  const auto* p = reinterpret_cast<const int64_t*>(v.data());
  for (int64_t i = 0; i < v.size(); ++i)
    if (p[i] < 0) throw ValueError(msg);
}

// Whether two arrays' byte extents intersect (conservative: strided gaps count as overlap).
bool may_overlap(const ndarray& a, const ndarray& b) {
  if (a.size() == 0 || b.size() == 0) return false;
  auto extent = [](const ndarray& x, const char*& lo, const char*& hi) {
    lo = hi = static_cast<const char*>(x.data());
    for (int d = 0; d < x.ndim(); ++d) {
      const int64_t span = x.strides()[d] * (x.shape()[d] - 1);
      (span < 0 ? lo : hi) += span;
    }
    hi += x.itemsize();
  };
  const char *alo, *ahi, *blo, *bhi;
  extent(a, alo, ahi);
  extent(b, blo, bhi);
  return alo < bhi && blo < ahi;
}

ndarray scalar_array(const Scalar& v, DType t, Backend* b) {
  ndarray a = ndarray::empty(Dims{}, t, Order::C, b);
  fill(a, v);
  return a;
}

// The loop of a binary ufunc that carries the scalar operand `scalar` (0 or 1) in its functor
// (Note [Scalar operands] in src/engine/elementwise/op_table.hpp), or nullptr if there is none: the loop
// bound for that position, or for a scalar first operand of a loop whose two input types agree,
// the loop bound for position 1 (the scalar's bytes are the same either way).
const LoopPair* bound_loop(const TypedLoop& loop, int scalar) {
  if (loop.bound[scalar].host || loop.bound[scalar].cuda) return &loop.bound[scalar];
  if (scalar == 0 && loop.types[0] == loop.types[1] && (loop.bound[1].host || loop.bound[1].cuda))
    return &loop.bound[1];
  return nullptr;
}

// Note [Small-op fast path]
// Most calls in a loop of small ops are `a + b`, `a * 2.0`, `sin(a)`, `a += b`: one output, no
// where= or order=, array inputs C-contiguous, of one shape, aligned and already of their loop's
// dtype, at most one scalar (which the loop binds into its functor), and an out= array, if any,
// of that shape and dtype, C-contiguous, that is either exactly an input or overlaps none. Such a
// call needs none of the general path's broadcasting, output layout choice, staging or plan
// search: it runs a 1-D contiguous plan (run_contiguous_fresh). Type resolution and the casting
// checks have run before (so dtype= and signature= have already chosen the loop). The general
// path gives the same result for these calls; this one only costs less host time, which is what
// a small op on the GPU is made of (docs/performance.md, small ops).
bool try_small_op(const OpDef& u, const TypedLoop& loop, const Operand* in, int nin, const UfuncOptions& opts,
                  UfuncResult& res) {
  if (u.nout != 1 || opts.where || opts.where_false || opts.order != Order::K) return false;
  const ndarray* first = nullptr;
  int scalar = -1;
  for (int i = 0; i < nin; ++i) {
    if (!in[i].is_array()) {
      if (scalar >= 0) return false;
      scalar = i;
      continue;
    }
    const ndarray& a = in[i].array();
    if (!a.c_contiguous() || a.dtype().type != loop.types[i] || !a.is_aligned()) return false;
    if (!first) {
      first = &a;
    } else if (a.shape() != first->shape() || &a.backend() != &first->backend() || a.device() != first->device()) {
      return false;
    }
  }
  if (!first) return false;
  const LoopPair* lp = &loop.fns;
  Scalar bound_value;
  if (scalar >= 0) {
    if (nin != 2 || !(lp = bound_loop(loop, scalar))) return false;
    bound_value = in[scalar].scalar().cast(DType(loop.types[scalar]));
  }
  const ndarray& given = opts.out[0];
  if (given.defined()) {
    // out= (and in-place operators): of the loop's dtype and the inputs' shape, C-contiguous and
    // aligned, and each input either exactly the output (a += b) or not overlapping it.
    if (!given.c_contiguous() || given.dtype().type != loop.types[nin] || given.shape() != first->shape() ||
        &given.backend() != &first->backend() || given.device() != first->device() || !given.is_aligned())
      return false;
    for (int i = 0; i < nin; ++i) {
      if (i == scalar) continue;
      const ndarray& a = in[i].array();
      const bool same = a.data() == given.data() && a.itemsize() == given.itemsize();
      if (!same && a.may_share_memory(given)) return false;
    }
  }
  res.nout = 1;
  // (if/else, not ?: -- a conditional of `const ndarray&` and a new ndarray is a const prvalue,
  // which would be copy-assigned)
  if (given.defined())
    res.out[0] = given;
  else
    res.out[0] = ndarray::empty(first->shape(), DType(loop.types[nin]), Order::C, &first->backend());
  if (res.out[0].size() == 0) return true;
  check_int_power(u, loop, in[nin - 1]);
  const ndarray* ops[kMaxOperands] = {&res.out[0]};
  int nops = 1;
  for (int i = 0; i < nin; ++i)
    if (i != scalar) ops[nops++] = &in[i].array();
  run_contiguous_fresh(*lp, ops, nops, scalar >= 0 ? bound_value.bytes : nullptr);
  return true;
}

}  // namespace

const Ufunc* find_ufunc(std::string_view name) {
  for (const UfuncAlias* a = ufunc_aliases(); a->alias; ++a)  // (the list's aliases: true_divide, ...)
    if (name == a->alias) return find_op(a->name);
  return find_op(std::string(name));
}

UfuncResult ufunc_call(const Ufunc& handle, const Operand* in, int nin, const UfuncOptions& opts) {
  const OpDef& u = op_def_of(handle);  // (a static downcast: Note [Ufunc handles])
  if (nin != u.nin)
    throw TypeError(u.name + "() takes from " + std::to_string(u.nin) + " to " + std::to_string(u.nin + u.nout) +
                    " positional arguments but " + std::to_string(nin) + " were given");
  const ResolvedLoop r = resolve_ufunc_loop(u, in, nin, opts);
  const TypedLoop& loop = *r.loop;

  check_ufunc_casts(u, r, in, nin, opts);

  UfuncResult res;  // (the one result object of every return: no move of it on the way out)
  if (try_small_op(u, loop, in, nin, opts, res)) return res;

  // Broadcasting.
  Dims shape;
  Backend* backend = nullptr;
  const ndarray* like = nullptr;
  for (int i = 0; i < nin; ++i) {
    if (!in[i].is_array()) continue;
    if (!broadcast_into(shape, in[i].array().shape())) broadcast_error(in, nin, opts, u.nout);
    if (!backend) backend = &in[i].array().backend();
  }
  for (int i = 0; i < nin && !like; ++i)
    if (in[i].is_array() && in[i].array().shape() == shape) like = &in[i].array();
  for (int k = 0; k < u.nout; ++k) {
    const ndarray& o = opts.out[k];
    if (!o.defined()) continue;
    if (!backend) backend = &o.backend();
    Dims b = shape;
    if (!broadcast_into(b, o.shape())) broadcast_error(in, nin, opts, u.nout);
    if (b != o.shape())
      throw ValueError("non-broadcastable output operand with shape " + np_shape(o.shape()) +
                       " doesn't match the broadcast shape " + np_shape(b));
    shape = o.shape();
  }
  if (opts.where) {
    Dims b = shape;
    if (!broadcast_into(b, opts.where->shape()) || b != shape)
      throw ValueError("operands could not be broadcast together with shapes " + np_shape(shape) + " " +
                       np_shape(opts.where->shape()) + " ");
  }

  // Outputs: the user's, or new arrays (order K follows the first input of the full shape).
  res.nout = u.nout;
  ndarray compute_out[2];
  const bool masked = opts.where != nullptr || opts.where_false;
  for (int k = 0; k < u.nout; ++k) {
    const DType t(loop.types[u.nin + k]);
    ndarray o = opts.out[k];
    if (!o.defined()) {
      if (like && opts.order != Order::C && opts.order != Order::F)
        o = empty_like(*like, t, opts.order);
      else
        o = ndarray::empty(shape, t, opts.order == Order::F ? Order::F : Order::C, backend);
    }
    res.out[k] = o;
    compute_out[k] = (o.dtype() == t && !masked) ? o : ndarray::empty(shape, t, Order::C, &o.backend());
  }
  // Note [Two-output ufuncs]: output 0 is computed first, so it must not overwrite an input that
  // output 1's loop still reads.
  if (u.nout == 2 && compute_out[0].data() == res.out[0].data()) {
    for (int i = 0; i < nin; ++i)
      if (in[i].is_array() && may_overlap(in[i].array(), compute_out[0])) {
        compute_out[0] = ndarray::empty(shape, compute_out[0].dtype(), Order::C, &compute_out[0].backend());
        break;
      }
  }
  if (opts.where_false || shape_size(shape) == 0) return res;

  check_int_power(u, loop, in[nin - 1]);

  // Inputs: arrays cast to their loop dtype (Note [Ufunc operand casts]); one scalar operand of
  // a binary loop travels in the functor state.
  ndarray ops[kMaxOperands];
  int nops = 0;
  for (int k = 0; k < u.nout; ++k) ops[nops++] = compute_out[k];
  int bound = -1;
  const LoopPair* bound_lp = nullptr;
  Scalar bound_value;
  if (u.nout == 1 && nin == 2 && in[0].is_array() != in[1].is_array()) {
    const int si = in[0].is_array() ? 1 : 0;
    if ((bound_lp = bound_loop(loop, si))) bound = si;
  }
  for (int i = 0; i < nin; ++i) {
    const DType lt(loop.types[i]);
    if (i == bound) {
      bound_value = in[i].scalar().cast(lt);
      continue;
    }
    if (in[i].is_array()) {
      const ndarray& a = in[i].array();
      ops[nops++] = a.dtype() == lt ? a : astype(a, lt, Order::K, Casting::Unsafe, true);
    } else {
      ops[nops++] = scalar_array(in[i].scalar(), lt, backend);
    }
  }
  if (u.nout == 2) {
    // Note [Two-output ufuncs]
    // The elementwise engine runs loops of one output, so a two-output ufunc (divmod, frexp,
    // modf) registers one loop per output (TypedLoop::fns and ::second) and runs both over the
    // same inputs. It reads the inputs twice; the elementwise work is cheap next to the memory
    // traffic, and a fused two-output loop can come with an engine that writes several outputs.
    ndarray ops1[kMaxOperands];
    ops1[0] = compute_out[1];
    for (int i = 0; i < nin; ++i) ops1[1 + i] = ops[2 + i];
    ops[1] = ops[0];
    for (int i = 0; i < nin; ++i) ops[1 + i] = ops[2 + i];
    run_elementwise(loop.fns, ops, 1, nin);
    run_elementwise(loop.second, ops1, 1, nin);
  } else if (bound < 0) {
    run_elementwise(loop.fns, ops, u.nout, nops - u.nout);
  } else {
    run_elementwise(*bound_lp, ops, u.nout, nops - u.nout, bound_value.bytes);
  }

  // Results into the outputs: cast if the dtype differs, masked copy for where=.
  for (int k = 0; k < u.nout; ++k) {
    if (compute_out[k].data() == res.out[k].data() && compute_out[k].dtype() == res.out[k].dtype()) continue;
    ndarray src = compute_out[k];
    if (!masked) {  // a temporary of the loop's dtype (Note [Ufunc operand casts], [Two-output ufuncs])
      copyto(res.out[k], src, Casting::Unsafe);
      continue;
    }
    if (src.dtype() != res.out[k].dtype()) { src = astype(src, res.out[k].dtype(), Order::C, Casting::Unsafe, true); }
    ndarray mask = opts.where->dtype().is_bool() ? *opts.where
                                                 : astype(*opts.where, dtypes::bool_, Order::K, Casting::Unsafe, true);
    ndarray wops[4] = {res.out[k], res.out[k], mask, src};
    run_elementwise(where_loops(res.out[k].dtype().type), wops, 1, 3);
  }
  return res;
}
UfuncResult ufunc_call(std::string_view name, std::initializer_list<Operand> inputs, const UfuncOptions& opts) {
  const Ufunc* u = find_ufunc(name);
  if (!u) throw ValueError("no ufunc named '" + std::string(name) + "'");
  return ufunc_call(*u, inputs.begin(), static_cast<int>(inputs.size()), opts);
}

}  // namespace cupric
