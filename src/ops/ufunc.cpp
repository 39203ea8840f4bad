// Calling a ufunc: NumPy 2 type resolution, casting checks, broadcasting, out=/where=, then one
// elementwise loop from the op table.
//
// Note [Ufunc type resolution]
// NumPy 2 (numpy/_core/src/umath/dispatching.cpp, NEP 50) resolves in two steps, and so do we:
//  1. Weak operands (Python int/float/complex) take a dtype from the strong ones (arrays, 0-d
//     arrays, NumPy scalars): S = promote_types of the strong dtypes; a weak int becomes S when S
//     is an integer, int64 next to bool, S next to inexact S; a weak float becomes S when S is
//     inexact, else float64; a weak complex becomes S when S is complex, the complex of S's
//     precision when S is real floating (float64 -> complex128, smaller -> complex64), else
//     complex128. With no strong operand every scalar takes its default dtype.
//  2. The loop is the first in the op table's `types` order to which every input casts safely
//     (NumPy's linear search; for uniform loops it picks the same loop as result_type). dtype=
//     restricts the search to loops with that output dtype, falling back to the loop with all
//     types equal to it. true_divide sends all-integer inputs to 'dd->d' and logical_and/or/xor
//     send mixed or weak inputs to '??->?', as NumPy's special promoters do. Ufuncs with mixed
//     loops (ldexp, kWeakByValue) first try NumPy's legacy rule: a Python scalar matches any loop
//     input its kind and value fit ('ei->e' for ldexp(float16, 3); float16 for ldexp(3, int64)).
// A weak int's value is then converted to its loop dtype and must fit (OverflowError otherwise:
// V14-PROMO-2), except in comparisons, where NumPy 2 compares out-of-range ints exactly: there a
// weak int that does not fit S is typed int64, uint64 or float64 (whichever holds it) first.
//
// Note [Ufunc operand casts]
// An input whose dtype differs from its loop's is cast into a temporary array first, and an
// out= array of another dtype is written through a temporary of the loop's output dtype. This
// costs one extra pass over memory per such operand; mixed-dtype loops that cast on load are a
// later optimisation. Scalars never make temporaries when a bound loop exists (Note [Scalar
// operands] in src/kernels/op_table.hpp).
#include "cupric/ops/ufunc.hpp"
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"
#include "engine/elementwise/elementwise_engine.hpp"
#include "engine/elementwise/op_table.hpp"

namespace cupric {

namespace {

// "(2,3)" and "(3,)", NumPy's spelling in broadcast errors.
std::string np_shape(const Dims& s) {
  std::string r = "(";
  for (size_t i = 0; i < s.size(); ++i) r += std::to_string(s[i]) + (i + 1 < s.size() || s.size() == 1 ? "," : "");
  return r + ")";
}

DType default_of_kind(char kind, const Scalar& v) {
  if (kind == 'i') return v.dtype;  // int64, or uint64 / float64 for bigger Python ints
  return kind == 'f' ? dtypes::float64 : dtypes::complex128;
}

// Step 1 of Note [Ufunc type resolution] for one weak operand.
DType resolve_weak(char kind, DType s) {
  switch (kind) {
    case 'i':
      return s.is_bool() ? dtypes::int64 : s;
    case 'f':
      return (s.is_floating() || s.is_complex()) ? s : dtypes::float64;
    default:
      if (s.is_complex()) return s;
      if (s.type == ScalarType::Float64) return dtypes::complex128;
      if (s.is_floating()) return dtypes::complex64;
      return dtypes::complex128;
  }
}

bool weak_int_fits(const Scalar& v, DType t) {
  if (!t.is_integer()) return true;
  if (v.dtype.type == ScalarType::Float64) return false;  // beyond uint64
  bool neg = v.dtype.type == ScalarType::Int64 && v.as<int64_t>() < 0;
  return visit_scalar_type(t.type, [&]<class T>() {
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
      if (neg) return std::is_signed_v<T> && v.as<int64_t>() >= static_cast<int64_t>(std::numeric_limits<T>::min());
      uint64_t u = v.dtype.type == ScalarType::UInt64 ? v.as<uint64_t>() : static_cast<uint64_t>(v.as<int64_t>());
      return u <= static_cast<uint64_t>(std::numeric_limits<T>::max());
    }
    return true;
  });
}

std::string weak_int_str(const Scalar& v) {
  if (v.dtype.type == ScalarType::UInt64) return std::to_string(v.as<uint64_t>());
  if (v.dtype.type == ScalarType::Int64) return std::to_string(v.as<int64_t>());
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.0f", v.as<double>());
  return buf;
}

// May a weak scalar of `kind` go to a loop input of dtype t under `casting`? (NumPy lets Python
// ints into any integer or inexact loop, floats into inexact ones, complex into complex ones.)
bool weak_can_cast(char kind, const Scalar& v, DType t, Casting casting) {
  if (kind == 'i' && !t.is_bool()) return true;
  if (kind == 'f' && (t.is_floating() || t.is_complex())) return true;
  if (kind == 'c' && t.is_complex()) return true;
  return can_cast(default_of_kind(kind, v), t, casting);
}

[[noreturn]] void input_cast_error(const OpDef& u, int i, DType from, DType to, Casting c) {
  throw UFuncInputCastingError(u.name, u.nin, u.nout, c, from, to, i);
}

// Note [No-loop errors]
// When no loop takes the inputs, NumPy 2 raises one of two errors. The ufuncs its legacy type
// resolver handles (most of them) raise a plain TypeError, "ufunc 'left_shift' not supported for
// the input types, and the inputs could not be safely coerced to any supported types according
// to the casting rule ''safe''". gcd and lcm (any inputs but bfloat16, which is a legacy user
// DType to NumPy), positive and sign (bool inputs: NumPy 2 dropped those loops), and any ufunc
// given a void/structured input, raise _UFuncNoLoopError (UFuncNoLoopError here): "ufunc 'gcd'
// did not contain a loop with signature matching types (<class 'numpy.dtypes.Float64DType'>,
// ...) -> None". Measured with NumPy 2.4 over every ufunc and numeric dtype combination
// (tests/python/math/test_ufunc_errors.py::test_no_loop_errors_match_numpy).
bool numpy_no_loop_error(const OpDef& u) {
  for (const char* n : {"gcd", "lcm", "positive", "sign"})
    if (u.name == n) return true;
  return false;
}

// `dtypes`: the strong inputs' dtypes. Weak scalars go as their default dtype and their kind
// (NumPy shows them as its _PyLongDType, _PyFloatDType, _PyComplexDType).
[[noreturn]] void no_loop_error(const OpDef& u, const Operand* in, const DType* dtypes, int nin) {
  std::vector<DType> d(dtypes, dtypes + nin);
  std::vector<char> weak(nin, 0);
  for (int i = 0; i < nin; ++i) {
    if (!in[i].is_weak()) continue;
    weak[i] = in[i].weak_kind();
    d[i] = default_of_kind(weak[i], in[i].scalar());
  }
  throw UFuncNoLoopError(u.name, u.nin, u.nout, std::move(d), std::move(weak));
}

[[noreturn]] void legacy_no_loop_error(const OpDef& u) {
  throw TypeError("ufunc '" + u.name +
                  "' not supported for the input types, and the inputs could not be safely coerced to any supported "
                  "types according to the casting rule ''safe''");
}

struct Resolved {
  const TypedLoop* loop = nullptr;
  DType in[kMaxOperands];  // each input's dtype as step 1 saw it
};

Resolved resolve_uncached(const OpDef& u, const Operand* in, int nin, const UfuncOptions& opts);

// Note [Resolution cache]
// Type resolution (Note [Ufunc type resolution]) depends only on the ufunc, each input's dtype
// and whether it is a weak scalar of which kind, except in three cases, which are never cached:
// dtype= (the search is restricted), comparisons with a weak int (its value decides), and
// kWeakByValue ufuncs (values decide). Everything else is looked up in a small per-thread
// direct-mapped cache: the linear search over the loops (a dozen can_cast per loop) costs more
// than the rest of a small ufunc call's host work. Entries hold the loop's index, checked
// against the op table's size, and the step-1 input dtypes (never void: void inputs throw).
struct ResolveCacheEntry {
  const OpDef* op = nullptr;
  uint64_t key = 0;
  uint32_t loop = 0;
  ScalarType in[kMaxOperands] = {};
};
constexpr size_t kResolveCacheSize = 256;
thread_local ResolveCacheEntry t_resolve_cache[kResolveCacheSize];

Resolved resolve(const OpDef& u, const Operand* in, int nin, const UfuncOptions& opts) {
  bool cacheable = !opts.dtype && opts.signature.empty() && !(u.flags & kWeakByValue) && nin <= 3;  // 3 x 16 bits of key
  uint64_t key = static_cast<uint64_t>(nin);
  for (int i = 0; i < nin && cacheable; ++i) {
    const char kind = in[i].weak_kind();
    if (kind == 'i' && (u.flags & kComparison)) cacheable = false;
    const DType d = in[i].is_array() ? in[i].array().dtype() : in[i].scalar().dtype;
    if (d.is_void()) cacheable = false;
    key |= (static_cast<uint64_t>(static_cast<uint8_t>(d.type)) | static_cast<uint64_t>(static_cast<uint8_t>(kind)) << 8)
           << (8 + 16 * i);
  }
  if (!cacheable) return resolve_uncached(u, in, nin, opts);
  const uintptr_t h = (reinterpret_cast<uintptr_t>(&u) >> 4) ^ (key * 0x9E3779B97F4A7C15ull >> 40);
  ResolveCacheEntry& e = t_resolve_cache[h % kResolveCacheSize];
  if (e.op == &u && e.key == key && e.loop < u.loops.size()) {
    Resolved r;
    r.loop = &u.loops[e.loop];
    for (int i = 0; i < nin; ++i) r.in[i] = DType(e.in[i]);
    return r;
  }
  Resolved r = resolve_uncached(u, in, nin, opts);
  e.op = &u;
  e.key = key;
  e.loop = static_cast<uint32_t>(r.loop - u.loops.data());
  for (int i = 0; i < nin; ++i) e.in[i] = r.in[i].type;
  return r;
}

Resolved resolve_uncached(const OpDef& u, const Operand* in, int nin, const UfuncOptions& opts) {
  Resolved r;
  bool any_strong = false, have_s = false;
  DType s;
  for (int i = 0; i < nin; ++i) {
    if (in[i].is_weak()) continue;
    DType d = in[i].is_array() ? in[i].array().dtype() : in[i].scalar().dtype;
    if (d.is_void()) {  // (no ufunc has void loops: Note [No-loop errors])
      DType all[kMaxOperands];
      for (int j = 0; j < nin; ++j) all[j] = in[j].is_array() ? in[j].array().dtype() : in[j].scalar().dtype;
      no_loop_error(u, in, all, nin);
    }
    r.in[i] = d;
    any_strong = true;
  }
  for (int i = 0; i < nin; ++i) {
    if (!in[i].is_weak()) continue;
    const Scalar& v = in[i].scalar();
    const char kind = in[i].weak_kind();
    if (!any_strong) {
      r.in[i] = default_of_kind(kind, v);
      continue;
    }
    if (!have_s) {
      bool first = true;
      for (int j = 0; j < nin; ++j) {
        if (in[j].is_weak()) continue;
        s = first ? r.in[j] : promote_types(s, r.in[j]);
        first = false;
      }
      have_s = true;
    }
    DType d = resolve_weak(kind, s);
    if (kind == 'i' && (u.flags & kComparison) && !weak_int_fits(v, d)) d = v.dtype;  // exact comparison
    r.in[i] = d;
  }
  const int nargs = u.nin + u.nout;
  auto safe_match = [&](const TypedLoop& l) {
    for (int i = 0; i < nin; ++i)
      if (!can_cast(r.in[i], DType(l.types[i]), Casting::Safe)) return false;
    return true;
  };
  if (opts.dtype || !opts.signature.empty()) {
    // Note [Ufunc signatures]: dtype= is signature=(None, ..., None, dtype) for every output (NumPy
    // 2). A loop must have every fixed type; among those, the first whose free inputs take the
    // operands safely. With only outputs fixed and no such loop, the loop of that type throughout
    // (the operands are then cast with `casting`, which may fail with NumPy's input cast error).
    if (opts.dtype && !opts.signature.empty()) throw TypeError("cannot specify both 'signature' and 'dtype'");
    std::optional<DType> fixed[kMaxOperands];
    bool input_fixed = false;
    if (!opts.signature.empty()) {
      if (static_cast<int>(opts.signature.size()) != nargs)
        throw ValueError("a type-tuple must be specified of length " + std::to_string(nargs) + " for ufunc '" + u.name +
                         "'");
      for (int k = 0; k < nargs; ++k) {
        fixed[k] = opts.signature[k];
        input_fixed = input_fixed || (k < u.nin && fixed[k]);
      }
    } else {
      for (int k = u.nin; k < nargs; ++k) fixed[k] = *opts.dtype;
    }
    auto has_fixed = [&](const TypedLoop& l) {
      for (int k = 0; k < nargs; ++k)
        if (fixed[k] && l.types[k] != fixed[k]->type) return false;
      return true;
    };
    for (const auto& l : u.loops) {
      if (!has_fixed(l)) continue;
      bool ok = true;
      for (int i = 0; i < nin && ok; ++i) ok = fixed[i] || can_cast(r.in[i], DType(l.types[i]), Casting::Safe);
      if (ok) { r.loop = &l; break; }
    }
    if (!r.loop && !input_fixed) {
      std::optional<DType> out_t;
      bool uniform = true;
      for (int k = u.nin; k < nargs; ++k) {
        if (!fixed[k]) continue;
        uniform = uniform && (!out_t || *out_t == *fixed[k]);
        out_t = fixed[k];
      }
      for (const auto& l : u.loops) {
        if (!uniform || !out_t) break;
        if (!has_fixed(l)) continue;
        bool all = true;
        for (int k = 0; k < nargs; ++k) all = all && l.types[k] == out_t->type;
        if (all) { r.loop = &l; break; }
      }
    }
    if (!r.loop)
      throw TypeError("No loop matching the specified signature and casting was found for ufunc " + u.name);
    return r;
  }
  bool all_int = true, all_bool = true;
  for (int i = 0; i < nin; ++i) {
    all_int = all_int && (r.in[i].is_integer() || r.in[i].is_bool());
    all_bool = all_bool && r.in[i].is_bool();
  }
  if (all_bool && u.bool_error) {
    if (numpy_no_loop_error(u)) no_loop_error(u, in, r.in, nin);
    throw TypeError(u.bool_error);
  }
  if (u.flags & kLogical) {  // logical_and/or/xor: mixed or weak inputs compare as bools
    bool mixed = false;
    for (int i = 0; i < nin; ++i) mixed = mixed || in[i].is_weak() || r.in[i] != r.in[0];
    if (mixed && u.loops.front().types[0] == ScalarType::Bool) {
      r.loop = &u.loops.front();
      return r;
    }
  }
  if ((u.flags & kIntToDouble) && all_int) {
    for (const auto& l : u.loops)
      if (l.types[0] == ScalarType::Float64) { r.loop = &l; return r; }
  }
  // Mixed loops (ldexp's 'fi->f'): a Python scalar goes to any loop input its kind may go to
  // (an int where its value fits), as NumPy's legacy resolution of mixed loops lets it.
  auto weak_by_value = [&]() {
    // (by value only next to a strong input of the same or a higher kind: bool < int < float <
    // complex; otherwise the scalar counts as its default dtype)
    auto category = [](DType d) { return d.is_bool() ? 0 : (d.is_complex() ? 3 : (d.is_floating() ? 2 : 1)); };
    int strong_cat = -1;
    for (int i = 0; i < nin; ++i)
      if (!in[i].is_weak()) strong_cat = std::max(strong_cat, category(r.in[i]));
    for (const auto& l : u.loops) {
      bool ok = true;
      for (int i = 0; i < nin && ok; ++i) {
        const DType lt(l.types[i]);
        const char k = in[i].weak_kind();
        if (in[i].is_weak() && (k == 'i' ? 1 : (k == 'f' ? 2 : 3)) > strong_cat)
          ok = can_cast(default_of_kind(k, in[i].scalar()), lt, Casting::Safe);
        else if (in[i].is_weak())
          ok = weak_can_cast(in[i].weak_kind(), in[i].scalar(), lt, Casting::Safe) &&
               (in[i].weak_kind() != 'i' || weak_int_fits(in[i].scalar(), lt));
        else
          ok = can_cast(r.in[i], lt, Casting::Safe);
      }
      if (ok) {
        for (int i = 0; i < nin; ++i)
          if (in[i].is_weak()) r.in[i] = DType(l.types[i]);
        r.loop = &l;
        return true;
      }
    }
    return false;
  };
  if ((u.flags & kWeakByValue) && weak_by_value()) return r;
  for (const auto& l : u.loops)
    if (safe_match(l)) { r.loop = &l; return r; }
  bool bf16 = false;  // (ml_dtypes' bfloat16 is a legacy user DType to NumPy: always the legacy error)
  for (int i = 0; i < nin; ++i) bf16 = bf16 || r.in[i].type == ScalarType::BFloat16;
  if (numpy_no_loop_error(u) && !bf16) no_loop_error(u, in, r.in, nin);
  legacy_no_loop_error(u);
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
  if (!DType(l.types[1]).is_signed_int() || u.name != "power") return;
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
  if (given.defined()) res.out[0] = given;
  else res.out[0] = ndarray::empty(first->shape(), DType(loop.types[nin]), Order::C, &first->backend());
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

const OpDef* find_ufunc(std::string_view name) {
  static const std::pair<const char*, const char*> aliases[] = {
      {"true_divide", "divide"}, {"mod", "remainder"}, {"abs", "absolute"}, {"bitwise_not", "invert"},
      {"conj", "conjugate"}};
  for (const auto& [alias, real] : aliases)
    if (name == alias) return find_op(real);
  return find_op(std::string(name));
}

UfuncResult ufunc_call(const OpDef& u, const Operand* in, int nin, const UfuncOptions& opts) {
  if (nin != u.nin)
    throw TypeError(u.name + "() takes from " + std::to_string(u.nin) + " to " + std::to_string(u.nin + u.nout) +
                    " positional arguments but " + std::to_string(nin) + " were given");
  const Resolved r = resolve(u, in, nin, opts);
  const TypedLoop& loop = *r.loop;

  // Casting checks (inputs, then outputs), with the rule of `casting`.
  for (int i = 0; i < nin; ++i) {
    const DType lt(loop.types[i]);
    if (in[i].is_weak()) {
      if (!(u.flags & kLogical) && !weak_can_cast(in[i].weak_kind(), in[i].scalar(), lt, opts.casting))
        input_cast_error(u, i, default_of_kind(in[i].weak_kind(), in[i].scalar()), lt, opts.casting);
      if (in[i].weak_kind() == 'i' && !weak_int_fits(in[i].scalar(), lt))
        throw OverflowError("Python integer " + weak_int_str(in[i].scalar()) + " out of bounds for " + lt.name());
    } else if (!can_cast(r.in[i], lt, opts.casting) &&
               !((u.flags & kLogical) && lt.is_bool() && opts.casting >= Casting::Safe)) {
      // (logical_and/or/xor take any input as its truth value, as NumPy's logical loops do)
      input_cast_error(u, i, r.in[i], lt, opts.casting);
    }
  }
  for (int k = 0; k < u.nout; ++k) {
    const ndarray& o = opts.out[k];
    const DType out_t(loop.types[u.nin + k]);
    if (o.defined() && !can_cast(out_t, o.dtype(), opts.casting))
      throw UFuncOutputCastingError(u.name, u.nin, u.nout, opts.casting, out_t, o.dtype(), k);
  }

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
      if (like && opts.order != Order::C && opts.order != Order::F) o = empty_like(*like, t, opts.order);
      else o = ndarray::empty(shape, t, opts.order == Order::F ? Order::F : Order::C, backend);
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
    if (src.dtype() != res.out[k].dtype()) {
      src = astype(src, res.out[k].dtype(), Order::C, Casting::Unsafe, true);
    }
    ndarray mask = opts.where->dtype().is_bool() ? *opts.where
                                                 : astype(*opts.where, dtypes::bool_, Order::K, Casting::Unsafe, true);
    ndarray wops[4] = {res.out[k], res.out[k], mask, src};
    run_elementwise(where_loops(res.out[k].dtype().type), wops, 1, 3);
  }
  return res;
}

DType result_type(const Operand* ops, int n) {
  if (n == 0) throw ValueError("at least one array or dtype is required");
  bool have_s = false;
  DType s;
  for (int i = 0; i < n; ++i) {
    if (ops[i].is_weak()) continue;
    DType d = ops[i].is_array() ? ops[i].array().dtype() : ops[i].scalar().dtype;
    s = have_s ? promote_types(s, d) : d;
    have_s = true;
  }
  DType r = s;
  for (int i = 0; i < n; ++i) {
    if (!ops[i].is_weak()) continue;
    const char kind = ops[i].weak_kind();
    DType d = have_s ? resolve_weak(kind, s) : default_of_kind(kind, ops[i].scalar());
    r = (have_s || i > 0) ? promote_types(r, d) : d;
    if (!have_s && i == 0) r = d;
  }
  return r;
}

DType min_scalar_type(const Scalar& v) {
  const DType t = v.dtype;
  if (t.is_bool() || t.is_void()) return t;
  if (t.is_integer()) {
    const bool neg = t.is_signed_int() && v.as<int64_t>() < 0;
    if (neg) {
      int64_t x = v.as<int64_t>();
      if (x >= INT8_MIN) return dtypes::int8;
      if (x >= INT16_MIN) return dtypes::int16;
      if (x >= INT32_MIN) return dtypes::int32;
      return dtypes::int64;
    }
    uint64_t x = v.as<uint64_t>();
    if (x <= UINT8_MAX) return dtypes::uint8;
    if (x <= UINT16_MAX) return dtypes::uint16;
    if (x <= UINT32_MAX) return dtypes::uint32;
    return dtypes::uint64;
  }
  auto fits = [](double x, double max) { return std::isnan(x) || std::isinf(x) || std::fabs(x) <= max; };
  if (t.is_complex()) {
    complex128 c = v.as<complex128>();
    return fits(c.re, 3.4028234663852886e38) && fits(c.im, 3.4028234663852886e38) ? dtypes::complex64
                                                                                   : dtypes::complex128;
  }
  double x = v.as<double>();
  if (fits(x, 65504.0)) return dtypes::float16;
  if (fits(x, 3.4028234663852886e38)) return dtypes::float32;
  return dtypes::float64;
}

UfuncResult ufunc_call(std::string_view name, std::initializer_list<Operand> inputs, const UfuncOptions& opts) {
  const OpDef* u = find_ufunc(name);
  if (!u) throw ValueError("no ufunc named '" + std::string(name) + "'");
  return ufunc_call(*u, inputs.begin(), static_cast<int>(inputs.size()), opts);
}

}  // namespace cupric
