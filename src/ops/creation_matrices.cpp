// Building matrices: eye, identity, tri, tril, triu (the "tri" kernels in
// kernels/creation_kernels.hpp) and diag, diagflat (zeros plus a copy into a diagonal view, or a
// copy of a diagonal view).
#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/manipulation.hpp"
#include "kernels/creation_kernels.hpp"

namespace cupric {

namespace {

using creation::TriRelation;

void check_computable(DType dtype, const char* routine) {
  if (dtype.is_void())
    throw TypeError(std::string(routine) + " is not supported for void and structured dtypes (V14-STRUCT)");
}

// -k, except that INT64_MIN (no diagonal of any array) maps to INT64_MAX (none either).
int64_t mirror(int64_t k) {
  return k == std::numeric_limits<int64_t>::min() ? std::numeric_limits<int64_t>::max() : -k;
}

ndarray tri_mask(int64_t rows, int64_t cols, int64_t k, TriRelation::Kind kind, DType dtype) {
  ndarray out = ndarray::empty(Dims{rows, cols}, dtype);
  TriRelation rel{rows, cols, k, kind};
  run_creation_loop(CreationLoop::TriMask, out, nullptr, &rel);
  return out;
}

ndarray tri_keep(const ndarray& m, int64_t k, TriRelation::Kind kind, const char* routine) {
  if (m.ndim() == 0)
    throw TypeError(std::string(routine) + "() needs an array of at least one dimension; got a 0-d array");
  check_computable(m.dtype(), routine);
  // A 1-D m broadcasts against the (n, n) mask, as in NumPy's where(tri(...), m, 0).
  Dims shape = m.ndim() == 1 ? Dims{m.shape()[0], m.shape()[0]} : m.shape();
  ndarray out = ndarray::empty(shape, m.dtype(), Order::C, &m.backend());
  TriRelation rel{shape[shape.size() - 2], shape[shape.size() - 1], k, kind};
  run_creation_loop(CreationLoop::TriKeep, out, &m, &rel);
  return out;
}

ndarray zeros_on(Backend& b, const Dims& shape, DType dtype) {
  ndarray out = ndarray::empty(shape, dtype, Order::C, &b);
  if (out.nbytes() > 0) b.memset(out.data(), 0, static_cast<size_t>(out.nbytes()), b.current_stream(out.device()));
  return out;
}

// v (1-D) on the k-th diagonal of a new square array of side len(v) + |k|.
ndarray diag_from_vector(const ndarray& v, int64_t k) {
  const int64_t n = v.size();
  int64_t side;
  if (k == std::numeric_limits<int64_t>::min() || __builtin_add_overflow(n, k < 0 ? -k : k, &side))
    throw ValueError("array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.");
  ndarray out = zeros_on(v.backend(), Dims{side, side}, v.dtype());
  if (n == 0) return out;
  const int64_t isz = v.itemsize();
  const int64_t offset = k >= 0 ? k * isz : -k * side * isz;
  copyto(out.view(Dims{n}, Dims{(side + 1) * isz}, offset), v);
  return out;
}

}  // namespace

ndarray eye(int64_t N, std::optional<int64_t> M_, int64_t k, DType dtype, Order order) {
  if (order != Order::C && order != Order::F) throw ValueError("only 'C' or 'F' order is permitted");
  check_computable(dtype, "eye");
  const int64_t M = M_.value_or(N);
  if (order == Order::C) return tri_mask(N, M, k, TriRelation::Diagonal, dtype);
  // The F-ordered N x M eye is the transpose of the C-ordered M x N one with the diagonal mirrored.
  ndarray t = tri_mask(M, N, mirror(k), TriRelation::Diagonal, dtype);
  return t.view(Dims{N, M}, Dims{t.strides()[1], t.strides()[0]});
}

ndarray identity(int64_t n, DType dtype) { return eye(n, n, 0, dtype, Order::C); }

ndarray tri(int64_t N, std::optional<int64_t> M, int64_t k, DType dtype) {
  check_computable(dtype, "tri");
  return tri_mask(N, M.value_or(N), k, TriRelation::Lower, dtype);
}

ndarray tril(const ndarray& m, int64_t k) { return tri_keep(m, k, TriRelation::Lower, "tril"); }
ndarray triu(const ndarray& m, int64_t k) { return tri_keep(m, k, TriRelation::Upper, "triu"); }

ndarray diag(const ndarray& v, int64_t k) {
  if (v.ndim() == 1) return diag_from_vector(v, k);
  if (v.ndim() != 2) throw ValueError("Input must be 1- or 2-d.");
  return copy(diagonal(v, k), Order::C);
}

ndarray diagflat(const ndarray& v, int64_t k) { return diag_from_vector(ravel(v), k); }

}  // namespace cupric
