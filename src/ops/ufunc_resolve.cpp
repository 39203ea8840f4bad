// Ufunc type resolution: which loop a call runs and the dtype each input is taken as (NumPy's
// dispatching.cpp and NEP 50), the casting checks of the inputs and outputs against that loop,
// and numpy.result_type / min_scalar_type, which share the weak-scalar rules. The call itself
// (broadcasting, outputs, where=, out=, the engine) is ufunc.cpp.
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
//     types equal to it. true_divide (kIntToDouble) sends all-integer inputs to 'dd->d' and
//     logical_and/or/xor (kLogical) send mixed or weak inputs to '??->?', as NumPy's special
//     promoters do. Ufuncs with mixed
//     loops (ldexp, kWeakByValue) first try NumPy's legacy rule: a Python scalar matches any loop
//     input its kind and value fit ('ei->e' for ldexp(float16, 3); float16 for ldexp(3, int64)).
// A weak int's value is then converted to its loop dtype and must fit (OverflowError otherwise:
// V14-PROMO-2), except in comparisons, where NumPy 2 compares out-of-range ints exactly: there a
// weak int that does not fit S is typed int64, uint64 or float64 (whichever holds it) first.
// Each special case is a flag of the ufunc's info (src/kernels/ufunc/ufunc_info.hpp), never its name.
#include "ops/ufunc_resolve.hpp"
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include "cupric/error.hpp"

namespace cupric {

namespace {

DType default_of_kind(char kind, const Scalar& v) {
  if (kind == 'i') return v.dtype;  // int64, or uint64 / float64 for bigger Python ints
  return kind == 'f' ? dtypes::float64 : dtypes::complex128;
}

// Step 1 of Note [Ufunc type resolution] for one weak operand.
DType resolve_weak(char kind, DType s) {
  switch (kind) {
    case 'i': return s.is_bool() ? dtypes::int64 : s;
    case 'f': return (s.is_floating() || s.is_complex()) ? s : dtypes::float64;
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
// (tests/python/test_ufunc_types.py::test_no_loop_errors_match_numpy).
bool numpy_no_loop_error(const OpDef& u) { return (u.flags & kNoLoopError) != 0; }

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

ResolvedLoop resolve_uncached(const OpDef& u, const Operand* in, int nin, const UfuncOptions& opts);

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

}  // namespace

ResolvedLoop resolve_ufunc_loop(const OpDef& u, const Operand* in, int nin, const UfuncOptions& opts) {
  bool cacheable =
      !opts.dtype && opts.signature.empty() && !(u.flags & kWeakByValue) && nin <= 3;  // 3 x 16 bits of key
  uint64_t key = static_cast<uint64_t>(nin);
  for (int i = 0; i < nin && cacheable; ++i) {
    const char kind = in[i].weak_kind();
    if (kind == 'i' && (u.flags & kComparison)) cacheable = false;
    const DType d = in[i].is_array() ? in[i].array().dtype() : in[i].scalar().dtype;
    if (d.is_void()) cacheable = false;
    key |=
        (static_cast<uint64_t>(static_cast<uint8_t>(d.type)) | static_cast<uint64_t>(static_cast<uint8_t>(kind)) << 8)
        << (8 + 16 * i);
  }
  if (!cacheable) return resolve_uncached(u, in, nin, opts);
  const uintptr_t h = (reinterpret_cast<uintptr_t>(&u) >> 4) ^ (key * 0x9E3779B97F4A7C15ull >> 40);
  ResolveCacheEntry& e = t_resolve_cache[h % kResolveCacheSize];
  if (e.op == &u && e.key == key && e.loop < u.loops.size()) {
    ResolvedLoop r;
    r.loop = &u.loops[e.loop];
    for (int i = 0; i < nin; ++i) r.in[i] = DType(e.in[i]);
    return r;
  }
  ResolvedLoop r = resolve_uncached(u, in, nin, opts);
  e.op = &u;
  e.key = key;
  e.loop = static_cast<uint32_t>(r.loop - u.loops.data());
  for (int i = 0; i < nin; ++i) e.in[i] = r.in[i].type;
  return r;
}

namespace {

ResolvedLoop resolve_uncached(const OpDef& u, const Operand* in, int nin, const UfuncOptions& opts) {
  ResolvedLoop r;
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
      if (ok) {
        r.loop = &l;
        break;
      }
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
        if (all) {
          r.loop = &l;
          break;
        }
      }
    }
    if (!r.loop) throw TypeError("No loop matching the specified signature and casting was found for ufunc " + u.name);
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
      if (l.types[0] == ScalarType::Float64) {
        r.loop = &l;
        return r;
      }
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
    if (safe_match(l)) {
      r.loop = &l;
      return r;
    }
  bool bf16 = false;  // (ml_dtypes' bfloat16 is a legacy user DType to NumPy: always the legacy error)
  for (int i = 0; i < nin; ++i) bf16 = bf16 || r.in[i].type == ScalarType::BFloat16;
  if (numpy_no_loop_error(u) && !bf16) no_loop_error(u, in, r.in, nin);
  legacy_no_loop_error(u);
}

}  // namespace

void check_ufunc_casts(const OpDef& u, const ResolvedLoop& r, const Operand* in, int nin, const UfuncOptions& opts) {
  const TypedLoop& loop = *r.loop;
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

}  // namespace cupric
