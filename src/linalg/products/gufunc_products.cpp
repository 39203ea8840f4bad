// matmul, vecdot, matvec and vecmat: NumPy's generalized-ufunc products, one front for the four
// (core dimensions, broadcasting, dtype=/casting=/out=/axes=, NumPy's messages), each reduced to
// a stack of matrix products run by matmul_into (Note [GEMM layout] in gemm_plan.cpp).
#include <algorithm>
#include "cupric/linalg.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/ufunc.hpp"
#include "linalg/products/gemm_plan.hpp"

namespace cupric {

namespace {

enum class Kind { Matmul, Vecdot, Matvec, Vecmat };

struct Signature {
  const char* name;
  const char* text;
  int core[3];  // core dimensions of a, b, out
};

const Signature& signature_of(Kind k) {
  static const Signature s[] = {{"matmul", "(n?,k),(k,m?)->(n?,m?)", {2, 2, 2}},
                                {"vecdot", "(n),(n)->()", {1, 1, 0}},
                                {"matvec", "(m,n),(n)->(m)", {2, 1, 1}},
                                {"vecmat", "(n),(n,m)->(m)", {1, 2, 1}}};
  return s[static_cast<int>(k)];
}

std::string tight(const Dims& d) {  // "(2,3)", NumPy's spelling in these messages
  std::string s = "(";
  for (size_t i = 0; i < d.size(); ++i) s += (i ? "," : "") + std::to_string(d[i]);
  return s + (d.size() == 1 ? ",)" : ")");
}

[[noreturn]] void core_mismatch(const Signature& sig, const char* which, int operand, int dim, int64_t got,
                                int64_t want) {
  throw ValueError(std::string(sig.name) + ": " + which + " operand " + std::to_string(operand) +
                   " has a mismatch in its core dimension " + std::to_string(dim) + ", with gufunc signature " +
                   sig.text + " (size " + std::to_string(got) + " is different from " + std::to_string(want) + ")");
}

[[noreturn]] void broadcast_failure(const std::vector<std::pair<Dims, int>>& ops, const Dims& core_out) {
  std::string list;
  for (const auto& [shape, ncore] : ops) {
    std::string remapped = "(";
    int nb = static_cast<int>(shape.size()) - ncore;
    for (int i = 0; i < nb; ++i) remapped += std::to_string(shape[i]) + ",";
    for (int i = 0; i < ncore; ++i) remapped += "newaxis,";
    if (remapped.size() > 1) remapped.pop_back();
    list += tight(shape) + "->" + remapped + ") ";
  }
  throw ValueError("operands could not be broadcast together with remapped shapes [original->remapped]: " + list +
                   " and requested shape " + tight(core_out));
}

// The operand with its core axes moved last (axes=), checked as NumPy checks them.
ndarray core_last(const ndarray& x, const std::vector<int64_t>& axes, int ncore, const Signature& sig, int operand) {
  if (static_cast<int>(axes.size()) != ncore)
    throw ValueError(std::string(sig.name) + ": axes item " + std::to_string(operand) + " should be a tuple with " +
                     std::to_string(ncore) + " elements, got " + std::to_string(axes.size()));
  std::vector<int64_t> dst;
  for (int i = 0; i < ncore; ++i) dst.push_back(x.ndim() - ncore + i);
  return moveaxis(x, axes, dst);
}

ndarray conj_if_complex(const ndarray& x) {
  if (!x.dtype().is_complex()) return x;
  return ufunc_call("conjugate", {x}).out[0];
}

ndarray product(Kind kind, const ndarray& a_in, const ndarray& b_in, const ProductOptions& o) {
  const Signature& sig = signature_of(kind);
  // matmul's core dims are optional (n?, m?): a 1-d operand has one.
  auto ncore_of = [&](const ndarray& x, int i) { return kind == Kind::Matmul ? std::min(x.ndim(), 2) : sig.core[i]; };
  const ndarray* in[2] = {&a_in, &b_in};
  for (int i = 0; i < 2; ++i) {
    int need = kind == Kind::Matmul ? 1 : sig.core[i];
    if (in[i]->ndim() < need)
      throw ValueError(std::string(sig.name) + ": Input operand " + std::to_string(i) +
                       " does not have enough dimensions (has " + std::to_string(in[i]->ndim()) +
                       ", gufunc core with signature " + sig.text + " requires " + std::to_string(need) + ")");
  }
  int ncore_a = ncore_of(a_in, 0), ncore_b = ncore_of(b_in, 1);
  ndarray a = a_in, b = b_in;
  int ncore_out = kind == Kind::Matmul ? (ncore_a == 2) + (ncore_b == 2) : sig.core[2];
  if (!o.axes.empty()) {
    if (o.axes.size() != 3 && !(o.axes.size() == 2 && ncore_out == 0))
      throw ValueError(std::string(sig.name) +
                       ": axes should be a list with an entry for all 3 inputs and outputs; "
                       "entries for outputs can only be omitted if none of them has core axes.");
    a = core_last(a, o.axes[0], ncore_a, sig, 0);
    b = core_last(b, o.axes[1], ncore_b, sig, 1);
  }

  // The loop's dtype: NumPy's promotion, or dtype= with the inputs cast under `casting`.
  DType ct = o.dtype ? *o.dtype : promote_types(a.dtype(), b.dtype());
  if (ct.is_void()) throw TypeError(std::string(sig.name) + ": unsupported dtype " + ct.name());
  if (o.dtype) {
    if (!can_cast(a.dtype(), ct, o.casting)) throw UFuncInputCastingError(sig.name, 2, 1, o.casting, a.dtype(), ct, 0);
    if (!can_cast(b.dtype(), ct, o.casting)) throw UFuncInputCastingError(sig.name, 2, 1, o.casting, b.dtype(), ct, 1);
  }

  // Core shapes as matrices: (.., m, k) @ (.., k, n).
  const int64_t ka = a.shape()[a.ndim() - 1];
  const int64_t kb = kind == Kind::Vecdot || kind == Kind::Matvec ? b.shape()[b.ndim() - 1]
                                                                  : b.shape()[b.ndim() - (ncore_b == 2 ? 2 : 1)];
  if (ka != kb) core_mismatch(sig, "Input", 1, 0, kb, ka);
  Dims batch_a(a.shape().begin(), a.shape().end() - ncore_a), batch_b(b.shape().begin(), b.shape().end() - ncore_b);
  Dims core_out;
  const int64_t m = ncore_a == 2 ? a.shape()[a.ndim() - 2] : 1;
  const int64_t n = ncore_b == 2 ? b.shape()[b.ndim() - 1] : 1;
  if (kind == Kind::Matmul) {
    if (ncore_a == 2) core_out.push_back(m);
    if (ncore_b == 2) core_out.push_back(n);
  } else if (kind == Kind::Matvec) {
    core_out.push_back(m);
  } else if (kind == Kind::Vecmat) {
    core_out.push_back(n);
  }
  Dims batch;
  try {
    batch = broadcast_shapes(batch_a, batch_b);
  } catch (const ValueError&) { broadcast_failure({{a_in.shape(), ncore_a}, {b_in.shape(), ncore_b}}, core_out); }
  Dims out_shape = batch;
  for (int64_t d : core_out) out_shape.push_back(d);

  // out=: its shape (after axes=) and whether the loop's dtype may be cast to it.
  ndarray out = o.out;
  ndarray out_core;  // out with its core axes last
  if (out.defined()) {
    out_core = out;
    if (!o.axes.empty() && o.axes.size() == 3) out_core = core_last(out, o.axes[2], ncore_out, sig, 2);
    if (out_core.ndim() < ncore_out)
      throw ValueError(std::string(sig.name) + ": Output operand 0 does not have enough dimensions (has " +
                       std::to_string(out_core.ndim()) + ", gufunc core with signature " + sig.text + " requires " +
                       std::to_string(ncore_out) + ")");
    for (int d = 0; d < ncore_out; ++d) {
      int64_t got = out_core.shape()[out_core.ndim() - ncore_out + d];
      if (got != core_out[d]) core_mismatch(sig, "Output", 0, d, got, core_out[d]);
    }
    if (out_core.shape() != out_shape) {
      throw ValueError("non-broadcastable output operand with shape " + tight(out.shape()) +
                       " doesn't match the broadcast shape " + tight(out_shape));
    }
    if (!can_cast(ct, out.dtype(), o.casting))
      throw UFuncOutputCastingError(sig.name, 2, 1, o.casting, ct, out.dtype(), 0);
    if (out.device_type() != a.device_type())
      throw ValueError(std::string(sig.name) + ": out= is on another backend than the inputs");
  }

  // Operands as stacks of matrices broadcast to one batch shape.
  a = astype(a, ct, Order::K, Casting::Unsafe, false);
  b = astype(b, ct, Order::K, Casting::Unsafe, false);
  if (kind == Kind::Vecdot || kind == Kind::Vecmat) a = conj_if_complex(a);
  if (ncore_a == 1) a = expand_dims(a, std::vector<int64_t>{a.ndim() - 1});  // (.., 1, k)
  if (ncore_b == 1) b = expand_dims(b, std::vector<int64_t>{b.ndim()});      // (.., k, 1)
  auto full = [&](const ndarray& x) {
    Dims s = batch;
    s.push_back(x.shape()[x.ndim() - 2]);
    s.push_back(x.shape()[x.ndim() - 1]);
    return broadcast_to(x, s);
  };
  a = full(a);
  b = full(b);
  Dims c_shape = batch;
  c_shape.push_back(m);
  c_shape.push_back(n);

  ndarray result;
  if (out.defined() && out.dtype() == ct) {
    result = out_core;
  } else {
    result = ndarray::empty(out_shape, ct, Order::C, &a.backend());
  }
  // result (batch + core_out) as (batch, m, n): the missing unit dims take any stride.
  const bool has_m = kind == Kind::Matmul ? ncore_a == 2 : kind == Kind::Matvec;
  const bool has_n = kind == Kind::Matmul ? ncore_b == 2 : kind == Kind::Vecmat;
  Dims c_strides(result.strides().begin(), result.strides().begin() + batch.size());
  size_t pos = batch.size();
  c_strides.push_back(has_m ? result.strides()[pos++] : result.itemsize());
  c_strides.push_back(has_n ? result.strides()[pos] : result.itemsize());
  linalg::matmul_into(a, b, result.view(c_shape, c_strides));
  if (out.defined()) {
    if (out.dtype() != ct) copyto(out_core, result, o.casting);
    return out;
  }
  if (!o.axes.empty() && o.axes.size() == 3 && ncore_out > 0) {
    std::vector<int64_t> src;
    for (int i = 0; i < ncore_out; ++i) src.push_back(result.ndim() - ncore_out + i);
    result = moveaxis(result, src, o.axes[2]);
  }
  return result;
}

}  // namespace

ndarray matmul(const ndarray& a, const ndarray& b, const ProductOptions& opts) {
  return product(Kind::Matmul, a, b, opts);
}
ndarray vecdot(const ndarray& a, const ndarray& b, const ProductOptions& opts) {
  return product(Kind::Vecdot, a, b, opts);
}
ndarray matvec(const ndarray& a, const ndarray& b, const ProductOptions& opts) {
  return product(Kind::Matvec, a, b, opts);
}
ndarray vecmat(const ndarray& a, const ndarray& b, const ProductOptions& opts) {
  return product(Kind::Vecmat, a, b, opts);
}

}  // namespace cupric
