// SciPy's special matrices (cupric/linalg/special_matrices.hpp). Note [Special matrices by gather]
// says how each one is built; they run on every backend through take, concatenate and views.
#include "cupric/linalg/special_matrices.hpp"
#include <string>
#include "cupric/error.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/indexing.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/reduction.hpp"
#include "cupric/ops/ufunc.hpp"
#include "cupric/shape.hpp"

namespace cupric::scipy::linalg {

// Note [Special matrices by gather]
// SciPy builds toeplitz, circulant and hankel with as_strided over a 1-D array of the distinct
// values (negative strides included), and companion and leslie by assigning rows and diagonals
// into zeros. Here every one of them is a single `take` along the last axis: a 1-D "values"
// array per batch (the distinct entries, plus a 0 and a 1 where the matrix has those), and an
// (n, m) int64 index matrix computed on the host saying which value goes where. One gather
// kernel per matrix, whatever the batch shape, on every backend; NaNs in the inputs never leak
// into the structural zeros (a multiply by an identity mask would turn NaN * 0 into NaN).

namespace {

ndarray last(const ndarray& a, const Index& idx) { return basic_index(a, {Index::ellipsis(), idx}); }

// The (rows, cols) index matrix whose entry (i, j) is f(i, j).
template <class F>
ndarray index_matrix(int64_t rows, int64_t cols, F f) {
  std::vector<int64_t> v(static_cast<size_t>(rows * cols));
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j) v[static_cast<size_t>(i * cols + j)] = f(i, j);
  return array(v, Dims{rows, cols});
}

Dims batch_of(const ndarray& a, int core) {
  const Dims& s = a.shape();
  return Dims(s.begin(), s.end() - core);
}
Dims with(Dims batch, std::initializer_list<int64_t> core) {
  for (int64_t d : core) batch.push_back(d);
  return batch;
}

// a and b with their leading (batch) dimensions broadcast, keeping their last axis.
std::pair<ndarray, ndarray> broadcast_batches(const ndarray& a, const ndarray& b) {
  const Dims batch = broadcast_shapes(batch_of(a, 1), batch_of(b, 1));
  return {broadcast_to(a, with(batch, {a.shape().back()})), broadcast_to(b, with(batch, {b.shape().back()}))};
}

// numpy.concatenate(o, axis=ax) of an array o: its slices along axis 0 joined along `ax` (of a
// slice), i.e. axis 0 moved next to `ax` and merged into it.
ndarray concatenate_slices(const ndarray& o, int64_t ax) {
  if (o.ndim() == 0) throw ValueError("zero-dimensional arrays cannot be concatenated");
  if (o.shape()[0] == 0) throw ValueError("need at least one array to concatenate");
  const int64_t a = normalize_axis(ax, o.ndim() - 1);
  ndarray m = moveaxis(o, 0, a);
  Dims s;
  for (int64_t d = 0; d < m.ndim(); ++d) {
    if (d == a + 1) continue;
    s.push_back(d == a ? m.shape()[a] * m.shape()[a + 1] : m.shape()[d]);
  }
  return reshape(m, s);
}

}  // namespace

ndarray block_diag(const std::vector<ndarray>& arrs_in) {
  std::vector<ndarray> arrs;
  if (arrs_in.empty()) arrs.push_back(empty(Dims{1, 0}));
  for (const ndarray& a : arrs_in) arrs.push_back(a.ndim() >= 2 ? a : atleast_2d(a));
  std::vector<Dims> batches;
  std::vector<Operand> ops;
  int64_t rows = 0, cols = 0;
  for (const ndarray& a : arrs) {
    batches.push_back(batch_of(a, 2));
    ops.emplace_back(a);
    rows += a.shape()[a.ndim() - 2];
    cols += a.shape()[a.ndim() - 1];
  }
  const Dims batch = broadcast_shapes(batches);
  ndarray out = zeros(with(batch, {rows, cols}), result_type(ops.data(), static_cast<int>(ops.size())));
  int64_t r = 0, c = 0;
  for (const ndarray& a : arrs) {
    const int64_t rr = a.shape()[a.ndim() - 2], cc = a.shape()[a.ndim() - 1];
    basic_assign(out, {Index::ellipsis(), Index::slice(r, r + rr), Index::slice(c, c + cc)},
                 broadcast_to(a, with(batch, {rr, cc})));
    r += rr;
    c += cc;
  }
  return out;
}

ndarray khatri_rao(const ndarray& a_in, const ndarray& b_in) {
  if (a_in.ndim() < 2 || b_in.ndim() < 2) throw ValueError("The both arrays should be 2-dimensional.");
  const int64_t p = a_in.shape()[a_in.ndim() - 2], q = b_in.shape()[b_in.ndim() - 2], n = a_in.shape().back();
  if (n != b_in.shape().back()) throw ValueError("The number of columns for both arrays should be equal.");
  const Dims batch = broadcast_shapes(batch_of(a_in, 2), batch_of(b_in, 2));
  if (a_in.size() == 0 || b_in.size() == 0) return empty(with(batch, {p * q, n}), a_in.dtype());
  ndarray a = broadcast_to(a_in, with(batch, {p, n})), b = broadcast_to(b_in, with(batch, {q, n}));
  ndarray c = multiply(expand_dims(a, -2), expand_dims(b, -3));  // (..., p, 1, n) * (..., 1, q, n)
  return reshape(c, with(batch, {p * q, n}));
}

ndarray kron(const ndarray& a, const ndarray& b) {
  Dims s = a.shape();
  for (int64_t d : b.shape()) s.push_back(d);
  ndarray o = reshape(multiply(expand_dims(ravel(a), 1), expand_dims(ravel(b), 0)), s);
  return concatenate_slices(concatenate_slices(o, 1), 1);
}

ndarray toeplitz(const ndarray& c_in, const ndarray& r_in) {
  ndarray c = atleast_1d(c_in);
  ndarray r = r_in.defined() ? atleast_1d(r_in) : (c.dtype().is_complex() ? conjugate(c) : c);
  auto [cb, rb] = broadcast_batches(c, r);
  const int64_t n = cb.shape().back(), m = rb.shape().back();
  ndarray vals = concatenate({flip(cb, {-1}), last(rb, Index::slice(1))}, -1);  // c reversed, then r[1:]
  return take(vals, index_matrix(n, m, [n](int64_t i, int64_t j) { return n - 1 - i + j; }), -1);
}

ndarray circulant(const ndarray& c_in) {
  ndarray c = atleast_1d(c_in);
  const int64_t n = c.shape().back();
  return take(c, index_matrix(n, n, [n](int64_t i, int64_t j) { return ((i - j) % n + n) % n; }), -1);
}

ndarray hankel(const ndarray& c_in, const ndarray& r_in) {
  ndarray c = c_in;
  ndarray r = r_in.defined() ? r_in : zeros_like(c);
  if (c.ndim() > 1 || r.ndim() > 1) {
    warn("FutureWarning",
         "Beginning in SciPy 1.19, multidimensional input will be treated as a batch, not `ravel`ed. To preserve "
         "the existing behavior and silence this warning, `ravel` arguments before passing them to `hankel`.");
    c = ravel(c);
    r = ravel(r);
  }
  ndarray vals = concatenate({c, basic_index(r, {Index::slice(1)})}, 0);
  const int64_t n = c.shape()[0], m = r.shape()[0];
  return take(vals, index_matrix(n, m, [](int64_t i, int64_t j) { return i + j; }), 0);
}

ndarray companion(const ndarray& a_in) {
  ndarray a = atleast_1d(a_in);
  const int64_t n = a.shape().back();
  if (n < 2) throw ValueError("The length of `a` along the last axis must be at least 2.");
  ndarray a0 = last(a, Index::slice(0, 1));
  if (to_vector<bool>(any(equal(a0, 0)))[0])
    throw ValueError("The first coefficient(s) of `a` (i.e. elements of `a[..., 0]`) must not be zero.");
  ndarray first_row = divide(negative(last(a, Index::slice(1))), multiply(1.0, a0));
  const Dims one = with(batch_of(a, 1), {1});
  ndarray vals = concatenate({first_row, ones(one, first_row.dtype()), zeros(one, first_row.dtype())}, -1);
  // first_row[j] in row 0, the 1 (at n - 1) on the subdiagonal, the 0 (at n) elsewhere.
  return take(
      vals, index_matrix(n - 1, n - 1, [n](int64_t i, int64_t j) { return i == 0       ? j
                                                                          : i == j + 1 ? n - 1
                                                                                       : n; }), -1);
}

ndarray hadamard(int64_t n, DType dtype) {
  int64_t lg2 = 0;
  while (n >= 1 && (int64_t{1} << (lg2 + 1)) <= n) ++lg2;
  if (n < 1 || (int64_t{1} << lg2) != n) throw ValueError("n must be an positive integer, and n must be a power of 2");
  // SciPy negates blocks of an array of `dtype`; NumPy refuses to negate booleans.
  if (dtype == dtypes::bool_ && n > 1)
    throw TypeError(
        "The numpy boolean negative, the `-` operator, is not supported, use the `~` operator or the logical_not "
        "function instead.");
  // Sylvester's construction: H[i, j] = (-1)^popcount(i & j).
  ndarray h = index_matrix(n, n, [](int64_t i, int64_t j) { return __builtin_popcountll(i & j) % 2 ? -1 : 1; });
  return astype(h, dtype, Order::K, Casting::Unsafe, false);
}

ndarray leslie(const ndarray& f_in, const ndarray& s_in) {
  ndarray f = atleast_1d(f_in), s = atleast_1d(s_in);
  if (f.shape().back() != s.shape().back() + 1)
    throw ValueError(
        "Incorrect lengths for f and s. The length of s along the last axis must be one less than the length of f.");
  if (s.shape().back() == 0) throw ValueError("The length of s must be at least 1.");
  auto [fb, sb] = broadcast_batches(f, s);
  const int64_t n = fb.shape().back();
  const DType dt = promote_types(f.dtype(), s.dtype());
  ndarray vals = concatenate({fb, sb, zeros(with(batch_of(fb, 1), {1}), dt)}, -1);  // f, s, then a 0 at 2n - 1
  return take(
      vals, index_matrix(n, n, [n](int64_t i, int64_t j) { return i == 0       ? j
                                                                  : i == j + 1 ? n + j
                                                                               : 2 * n - 1; }), -1);
}

}  // namespace cupric::scipy::linalg
