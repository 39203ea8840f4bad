// ufunc methods other than the reductions (ufunc.at, ufunc.outer), and the complex-part views
// (real, imag) that ndarray.real/.imag and cupric.real/imag return.
//
// Note [ufunc.at]
// ufunc.at(a, indices, b) applies the ufunc in place at the indexed elements, once per
// occurrence of an index (V12-SCATTER: repeated indices accumulate, in index order, as NumPy's
// sequential loop). It is built from existing device ops, without atomics and without sorting:
// the indexed positions are turned into flat element numbers (indexing an int64 iota shaped like
// `a`), copied to the host (one sync), and each element gets its occurrence rank (how many times
// its position came before it). Round r gathers the elements of rank r (their positions are all
// distinct), applies the ufunc and scatters the results back; rounds run in order, so the result
// is deterministic and equals NumPy's for every ufunc, commutative or not. Without repeated
// indices that is one gather, one ufunc call and one scatter. Many repeats of one position cost
// one round each: an atomic fast path for add/maximum/minimum is future work (docs/differences.md).
#include <unordered_map>
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/indexing.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/ufunc.hpp"
#include "engine/elementwise/op_table.hpp"

namespace cupric {

ndarray real(const ndarray& a) {
  if (!a.dtype().is_complex()) return a;
  const DType part = a.dtype().type == ScalarType::Complex64 ? dtypes::float32 : dtypes::float64;
  return a.view(part, a.shape(), a.strides(), 0);
}

ndarray imag(const ndarray& a) {
  if (!a.dtype().is_complex()) return zeros_like(a);  // NumPy: a read-only zero array
  const DType part = a.dtype().type == ScalarType::Complex64 ? dtypes::float32 : dtypes::float64;
  return a.view(part, a.shape(), a.strides(), part.itemsize);
}

UfuncResult ufunc_outer(const Ufunc& u, const ndarray& a, const ndarray& b, const UfuncOptions& opts) {
  if (u.nin != 2) throw ValueError("outer product only supported for binary functions");
  // a's dimensions, then b's: a gets b.ndim trailing length-1 axes (stride 0).
  Dims shape = a.shape(), strides = a.strides();
  for (int d = 0; d < b.ndim(); ++d) {
    shape.push_back(1);
    strides.push_back(0);
  }
  const Operand in[2] = {a.view(shape, strides), b};
  return ufunc_call(u, in, 2, opts);
}

void ufunc_at(const Ufunc& u, const ndarray& a, const std::vector<Index>& indices, const Operand* b) {
  if (u.nout != 1) throw ValueError("Only single output ufuncs supported at this time");
  if (u.nin == 2 && !b) throw ValueError("second operand needed for ufunc");
  if (u.nin == 1 && b) throw ValueError("second operand provided when ufunc is unary");
  if (u.nin > 2) throw ValueError("Only unary and binary ufuncs supported at this time");
  // Flat element numbers of the indexed positions, in NumPy's order (advanced indexing rules).
  ndarray iota = reshape(arange(Scalar::of<int64_t>(a.size()), dtypes::int64), a.shape());
  if (&iota.backend() != &a.backend()) iota = to_backend(iota, a.backend());
  ndarray sel = getitem(iota, indices);
  const int64_t n = sel.size();
  ndarray values;
  if (b && b->is_array()) {
    Dims s = sel.shape();
    values = ravel(broadcast_to(b->array(), s));  // ValueError when b does not fit the selection
  }
  if (n == 0) return;
  std::vector<int64_t> pos(static_cast<size_t>(n));
  ndarray flat_sel = ravel(sel);
  to_host(flat_sel, pos.data(), Order::C, true);  // host sync: the rounds depend on the values

  std::vector<int32_t> rank(static_cast<size_t>(n));
  int32_t rounds = 0;
  {
    std::unordered_map<int64_t, int32_t> seen;
    seen.reserve(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) {
      int32_t r = seen[pos[i]]++;
      rank[i] = r;
      rounds = std::max(rounds, r + 1);
    }
  }
  UfuncOptions opts;
  opts.casting = Casting::Unsafe;  // the result is stored in a's dtype, as NumPy's ufunc.at
  for (int32_t r = 0; r < rounds; ++r) {
    ndarray targets, which;
    if (rounds == 1) {
      targets = flat_sel;
    } else {
      std::vector<int64_t> t, w;
      for (int64_t i = 0; i < n; ++i)
        if (rank[i] == r) {
          t.push_back(pos[i]);
          w.push_back(i);
        }
      const Dims len{static_cast<int64_t>(t.size())}, st{8};
      targets = from_host(t.data(), len, st, dtypes::int64, &a.backend());
      if (values.defined()) which = from_host(w.data(), len, st, dtypes::int64, &a.backend());
    }
    ndarray cur = take(a, targets);
    opts.out[0] = cur;
    if (u.nin == 1) {
      const Operand in(cur);
      ufunc_call(u, &in, 1, opts);
    } else {
      Operand in[2] = {cur, *b};
      if (values.defined()) in[1] = Operand(rounds == 1 ? values : take(values, which));
      ufunc_call(u, in, 2, opts);
    }
    put(a, targets, cur);
  }
}

}  // namespace cupric
