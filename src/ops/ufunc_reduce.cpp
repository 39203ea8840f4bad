// ufunc.reduce, ufunc.accumulate and ufunc.reduceat (include/cupric/ops/ufunc_methods.hpp).
//
// Note [ufunc.reduce routing]
// Ufuncs with a reduction functor go to the reduction engine: add -> sum, multiply -> prod,
// maximum/minimum -> amax/amin, fmax/fmin -> nanmax/nanmin, logical_or/and -> any/all (without
// `initial`, bool result); add/multiply.accumulate go to the scan engine (cumsum/cumprod). Every
// other binary ufunc is composed of calls of the ufunc itself on slices: a pairwise tree (log2 n
// calls, neighbours only, so the operand order is kept) for associative ufuncs, an ordered fold
// (n calls) for the others (subtract, divide, power, ...), which is exactly NumPy's order. With a
// `where` mask each step keeps the operand(s) whose mask is set. accumulate's generic path is a
// Hillis-Steele scan (log2 n calls on the whole array) for associative ufuncs and an ordered loop
// otherwise. reduceat is one reduce per index (its pieces stacked).
#include <cmath>
#include <vector>
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/indexing.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/reduction.hpp"
#include "cupric/ops/scan.hpp"
#include "cupric/ops/ufunc_methods.hpp"
#include "engine/elementwise/op_table.hpp"

namespace cupric {

namespace {

const OpDef& lookup(std::string_view name) {
  const Ufunc* u = find_ufunc(name);
  if (!u) throw ValueError("no ufunc named '" + std::string(name) + "'");
  return op_def_of(*u);
}

void check_binary(const OpDef& u, const char* method) {
  if (u.nin != 2 || u.nout != 1) throw ValueError(std::string(method) + " only supported for binary functions");
}

// Ufuncs whose value does not depend on how the operands are grouped.
bool associative(const OpDef& u) { return (u.info.flags & kAssociative) != 0; }

// maximum, minimum, fmax, fmin: the extreme-value reductions.
bool is_extreme(const OpDef& u) {
  const ReduceRoute r = u.info.reduce;
  return r == ReduceRoute::Max || r == ReduceRoute::Min || r == ReduceRoute::NanMax || r == ReduceRoute::NanMin;
}

ndarray call2(const OpDef& u, const ndarray& x, const ndarray& y) {
  const Operand in[2] = {x, y};
  return ufunc_call(u, in, 2).out[0];
}

// where(m, x, y) with NumPy's promotion of x and y (equal shapes).
ndarray select(const ndarray& m, const ndarray& x, const ndarray& y) {
  const Operand ops[2] = {x, y};
  ndarray r = astype(y, result_type(ops, 2), Order::C, Casting::Unsafe, true);
  copyto(r, x, Casting::Unsafe, m);
  return r;
}

ndarray row(const ndarray& x, int64_t i) { return basic_index(x, {Index::integer(i)}); }

// The dtype u(x, x) gives (from a zero-size call, no data touched).
DType generic_dtype(const OpDef& u, DType dt) {
  ndarray z = ndarray::empty({0}, dt);
  return call2(u, z, z).dtype();
}

std::optional<Scalar> identity_scalar(Identity id) {
  switch (id) {
    case Identity::Zero: return Scalar::of<int64_t>(0);
    case Identity::One: return Scalar::of<int64_t>(1);
    case Identity::MinusOne: return Scalar::of<int64_t>(-1);
    case Identity::MinusInf: return Scalar::of<double>(-INFINITY);
    case Identity::True: return Scalar::of<bool>(true);
    case Identity::False: return Scalar::of<bool>(false);
    default: return std::nullopt;
  }
}

std::vector<int64_t> normalize_axes(const AxisArg& axis, int ndim) {
  std::vector<int64_t> out;
  if (axis.is_none()) {
    for (int d = 0; d < ndim; ++d) out.push_back(d);
    return out;
  }
  for (int64_t ax : axis.axes()) {
    if (ax < -ndim || ax >= ndim) throw AxisError(static_cast<long>(ax), ndim);
    if (ax < 0) ax += ndim;
    for (int64_t o : out)
      if (o == ax) throw ValueError("duplicate value in 'axis'");
    out.push_back(ax);
  }
  return out;
}

// Combines parts[0..n) (equal shapes) in order; masks (empty or one per part) say which count.
ndarray fold(const OpDef& u, std::vector<ndarray> vals, std::vector<ndarray> ms, bool assoc) {
  const bool masked = !ms.empty();
  if (!assoc) {
    ndarray acc = vals[0], m = masked ? ms[0] : ndarray();
    for (size_t i = 1; i < vals.size(); ++i) {
      if (!masked) {
        acc = call2(u, acc, vals[i]);
      } else {
        ndarray both = call2(u, acc, vals[i]);
        acc = select(ms[i], select(m, both, vals[i]), acc);
        m = logical_or(m, ms[i]);
      }
    }
    return acc;
  }
  while (vals.size() > 1) {
    std::vector<ndarray> nv, nm;
    for (size_t i = 0; i + 1 < vals.size(); i += 2) {
      if (!masked) {
        nv.push_back(call2(u, vals[i], vals[i + 1]));
      } else {
        ndarray both = call2(u, vals[i], vals[i + 1]);
        nv.push_back(select(logical_and(ms[i], ms[i + 1]), both, select(ms[i], vals[i], vals[i + 1])));
        nm.push_back(logical_or(ms[i], ms[i + 1]));
      }
    }
    if (vals.size() % 2) {
      nv.push_back(vals.back());
      if (masked) nm.push_back(ms.back());
    }
    vals = std::move(nv);
    ms = std::move(nm);
  }
  return vals[0];
}

ndarray generic_reduce(const OpDef& u, ndarray a, const std::vector<int64_t>& axes, OptDType dtype, const ndarray& out,
                       bool keepdims, OptScalar initial, const ndarray& where) {
  const std::string& name = u.name;
  const bool assoc = associative(u);
  if (!assoc && axes.size() > 1)
    throw ValueError("reduction operation '" + name + "' is not reorderable, so at most one axis may be specified");
  if (dtype) a = astype(a, *dtype);
  std::vector<int64_t> perm = axes, kept;
  for (int d = 0; d < a.ndim(); ++d) {
    bool in = false;
    for (int64_t ax : axes) in |= ax == d;
    if (!in) kept.push_back(d);
  }
  perm.insert(perm.end(), kept.begin(), kept.end());
  int64_t n = 1;
  for (int64_t d : axes) n *= a.shape()[d];
  Dims rest, flat{n};
  for (int64_t d : kept) rest.push_back(a.shape()[d]);
  for (int64_t s : rest) flat.push_back(s);
  ndarray x = reshape(transpose(a, perm), flat);
  ndarray mask;
  if (where.defined()) {
    if (!where.dtype().is_bool())
      throw TypeError("Cannot cast array data from dtype('" + where.dtype().name() +
                      "') to dtype('bool') according to the rule 'safe'");
    mask = reshape(transpose(broadcast_to(where, a.shape()), perm), flat);
    if (!initial && u.identity == Identity::None)
      throw ValueError("reduction operation '" + name +
                       "' does not have an identity, so to use a where mask one has to specify 'initial'");
  }
  const DType rdt = generic_dtype(u, x.dtype());
  if (!initial && (n == 0 || mask.defined())) initial = identity_scalar(u.identity);
  ndarray res;
  if (n == 0) {
    if (!initial) throw ValueError("zero-size array to reduction operation " + name + " which has no identity");
    res = full(rest, *initial, rdt);
  } else {
    std::vector<ndarray> parts, masks;
    if (initial) {  // the first operand, as NumPy starts its accumulator with it
      parts.push_back(full(rest, *initial, rdt));
      if (mask.defined()) masks.push_back(ones(rest, dtypes::bool_));
    }
    for (int64_t i = 0; i < n; ++i) {
      parts.push_back(row(x, i));
      if (mask.defined()) masks.push_back(row(mask, i));
    }
    res = astype(fold(u, std::move(parts), std::move(masks), assoc), rdt);  // a new array also for one element
  }
  if (keepdims) {
    Dims shape = a.shape();
    for (int64_t d : axes) shape[d] = 1;
    res = reshape(res, shape);
  }
  if (out.defined()) {
    copyto(out, res, Casting::Unsafe);
    return out;
  }
  return res;
}

ndarray contiguous(const ndarray& r) { return r.c_contiguous() ? r : copy(r, Order::C); }

}  // namespace

DType ufunc_reduce_dtype(const Ufunc& handle, const ndarray& a, OptDType dtype) {
  const OpDef& u = op_def_of(handle);
  check_binary(u, "reduce");
  const ReduceRoute route = u.info.reduce;
  if (route == ReduceRoute::Sum || route == ReduceRoute::Prod) {
    if (dtype) return *dtype;
    const DType t = a.dtype();
    if (t.is_bool() || t.is_signed_int()) return dtypes::int64;
    if (t.is_unsigned_int()) return dtypes::uint64;
    return t;
  }
  if (is_extreme(u) && !a.dtype().is_void()) return dtype ? *dtype : a.dtype();
  return generic_dtype(u, dtype ? *dtype : a.dtype());
}

ndarray ufunc_reduce(const Ufunc& handle, const ndarray& a, const AxisArg& axis, OptDType dtype, const ndarray& out,
                     bool keepdims, OptScalar initial, const ndarray& where) {
  const OpDef& u = op_def_of(handle);
  check_binary(u, "reduce");
  // NumPy's special case: one axis 0 or -1 of a 0-d array reduces nothing.
  const bool scalar_axis =
      a.ndim() == 0 && !axis.is_none() && axis.axes().size() == 1 && (axis.axes()[0] == 0 || axis.axes()[0] == -1);
  const std::vector<int64_t> axes = scalar_axis ? std::vector<int64_t>{} : normalize_axes(axis, a.ndim());
  const AxisArg eng = axis.is_none() ? AxisArg() : AxisArg(axes);
  const ReduceRoute route = u.info.reduce;  // (Note [Routing ufunc.reduce] in src/kernels/README.md)
  if (route == ReduceRoute::Sum) return sum(a, eng, dtype, out, keepdims, initial, where);
  if (route == ReduceRoute::Prod) return prod(a, eng, dtype, out, keepdims, initial, where);
  if (is_extreme(u) && !a.dtype().is_void()) {
    const ndarray x = dtype ? astype(a, *dtype) : a;
    if (route == ReduceRoute::Max) return amax(x, eng, out, keepdims, initial, where);
    if (route == ReduceRoute::Min) return amin(x, eng, out, keepdims, initial, where);
    if (route == ReduceRoute::NanMax) return nanmax(x, eng, out, keepdims, initial, where);
    return nanmin(x, eng, out, keepdims, initial, where);
  }
  if ((route == ReduceRoute::Any || route == ReduceRoute::All) && !initial && (!dtype || dtype->is_bool()))
    return route == ReduceRoute::Any ? any(a, eng, out, keepdims, where) : all(a, eng, out, keepdims, where);
  return generic_reduce(u, a, axes, dtype, out, keepdims, initial, where);
}

ndarray ufunc_reduce(std::string_view name, const ndarray& a, const AxisArg& axis, OptDType dtype, const ndarray& out,
                     bool keepdims, OptScalar initial, const ndarray& where) {
  return ufunc_reduce(lookup(name), a, axis, dtype, out, keepdims, initial, where);
}

ndarray ufunc_accumulate(const Ufunc& handle, const ndarray& a, int64_t axis, OptDType dtype, const ndarray& out) {
  const OpDef& u = op_def_of(handle);
  check_binary(u, "accumulate");
  if (a.ndim() == 0) throw TypeError("cannot accumulate on a scalar");
  if (axis < -a.ndim() || axis >= a.ndim()) throw AxisError(static_cast<long>(axis), a.ndim());
  const int64_t ax = axis < 0 ? axis + a.ndim() : axis;
  if (u.info.reduce == ReduceRoute::Sum) return cumsum(a, ax, dtype, out);
  if (u.info.reduce == ReduceRoute::Prod) return cumprod(a, ax, dtype, out);
  ndarray x = dtype ? astype(a, *dtype) : a;
  const DType rdt = generic_dtype(u, x.dtype());
  x = moveaxis(x, ax, int64_t{0});
  const int64_t n = x.shape()[0];
  ndarray res = astype(x, rdt, Order::K, Casting::Unsafe, true);
  if (n > 1) {
    if (associative(u)) {
      for (int64_t k = 1; k < n; k *= 2) {  // Hillis-Steele: log2(n) calls, each on the whole array
        ndarray t = call2(u, basic_index(res, {Index::slice(Index::kNone, -k)}), basic_index(res, {Index::slice(k)}));
        basic_assign(res, {Index::slice(k)}, t);
      }
    } else {
      for (int64_t i = 1; i < n; ++i) basic_assign(res, {Index::integer(i)}, call2(u, row(res, i - 1), row(x, i)));
    }
  }
  res = moveaxis(res, int64_t{0}, ax);
  if (out.defined()) {
    if (out.shape() != res.shape()) {
      auto str = [](const Dims& d) {
        std::string t = "(";
        for (size_t i = 0; i < d.size(); ++i) t += (i ? "," : "") + std::to_string(d[i]);
        return t + (d.size() == 1 ? ",)" : ")");
      };
      throw ValueError(
          "operands could not be broadcast together with remapped shapes [original->remapped]: " + str(out.shape()) +
          "->" + str(out.shape()) + " " + str(res.shape()) + "->" + str(res.shape()) + " ");
    }
    copyto(out, res, Casting::Unsafe);
    return out;
  }
  return contiguous(res);
}

ndarray ufunc_accumulate(std::string_view name, const ndarray& a, int64_t axis, OptDType dtype, const ndarray& out) {
  return ufunc_accumulate(lookup(name), a, axis, dtype, out);
}

ndarray ufunc_reduceat(const Ufunc& handle, const ndarray& a, const ndarray& indices, int64_t axis, OptDType dtype,
                       const ndarray& out) {
  const OpDef& u = op_def_of(handle);
  check_binary(u, "reduceat");
  if (a.ndim() == 0) throw TypeError("cannot reduceat on a scalar");
  if (axis < -a.ndim() || axis >= a.ndim()) throw AxisError(static_cast<long>(axis), a.ndim());
  const int64_t ax = axis < 0 ? axis + a.ndim() : axis;
  if (indices.ndim() != 1) throw ValueError("object too deep for desired array");
  const DType it = indices.dtype();
  if (indices.size() && !it.is_signed_int() && !(it.is_unsigned_int() && it.itemsize < 8))
    throw TypeError("Cannot cast array data from dtype('" + it.name() +
                    "') to dtype('int64') according to the rule 'safe'");
  std::vector<int64_t> idx(static_cast<size_t>(indices.size()));
  if (!idx.empty()) to_host(astype(indices, dtypes::int64), idx.data(), Order::C, true);  // host sync
  const int64_t n = a.shape()[ax];
  for (int64_t i : idx)
    if (i < 0 || i >= n)
      throw IndexError("index " + std::to_string(i) + " out-of-bounds in " + u.name + ".reduceat [0, " +
                       std::to_string(n) + ")");
  const ndarray x = moveaxis(a, ax, int64_t{0});
  std::vector<ndarray> pieces;
  for (size_t j = 0; j < idx.size(); ++j) {
    const int64_t s = idx[j], e = j + 1 < idx.size() ? idx[j + 1] : n;
    pieces.push_back(ufunc_reduce(u, basic_index(x, {Index::slice(s, s < e ? e : s + 1)}), AxisArg(0), dtype));
  }
  ndarray res;
  if (!pieces.empty()) {
    res = stack(pieces, 0);
  } else {
    Dims shape = x.shape();
    shape[0] = 0;
    res = empty(shape, ufunc_reduce(u, basic_index(x, {Index::slice(0, 1)}), AxisArg(0), dtype).dtype());
  }
  res = moveaxis(res, int64_t{0}, ax);
  if (out.defined()) {
    copyto(out, res, Casting::Unsafe);
    return out;
  }
  return contiguous(res);
}

ndarray ufunc_reduceat(std::string_view name, const ndarray& a, const ndarray& indices, int64_t axis, OptDType dtype,
                       const ndarray& out) {
  return ufunc_reduceat(lookup(name), a, indices, axis, dtype, out);
}

}  // namespace cupric
