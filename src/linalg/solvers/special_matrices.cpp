// SciPy's special matrices (cupric/linalg/special_matrices.hpp). Note [Special matrices by gather]
// says how each one is built; they run on every backend through take, concatenate and views.
#include "cupric/linalg/special_matrices.hpp"
#include <cmath>
#include <numbers>
#include <string>
#include "cupric/error.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/indexing.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/reduction.hpp"
#include "cupric/ops/ufunc.hpp"
#include "cupric/ops/where.hpp"
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

ndarray convolution_matrix(const ndarray& a, int64_t n, const std::string& mode) {
  if (n <= 0) throw ValueError("n must be a positive integer.");
  if (a.ndim() == 0) throw ValueError("convolution_matrix: `a` must have at least one dimension (a 1-D array).");
  const int64_t m = a.shape().back();
  if (m == 0) throw ValueError("len(a) must be at least 1.");
  if (mode != "full" && mode != "same" && mode != "valid")
    throw ValueError("'mode' argument must be one of ('full', 'valid', 'same')");
  // Rows [start, start + k) of the full (m + n - 1, n) matrix, centred as numpy.convolve's modes.
  const int64_t lo = std::min(m, n), hi = std::max(m, n);
  const int64_t k = mode == "full" ? m + n - 1 : mode == "same" ? hi : hi - lo + 1;
  const int64_t start = mode == "full" ? 0 : mode == "same" ? (lo - 1) / 2 : lo - 1;
  ndarray vals = concatenate({a, zeros(with(batch_of(a, 1), {1}), a.dtype())}, -1);  // a, then a 0 at m
  return take(vals,
              index_matrix(k, n,
                           [m, start](int64_t i, int64_t j) {
                             const int64_t d = i + start - j;
                             return d >= 0 && d < m ? d : m;
                           }),
              -1);
}

ndarray fiedler(const ndarray& a_in) {
  ndarray a = atleast_1d(a_in);
  if (a.size() == 0) return empty(Dims{0});  // SciPy 1.17: an empty float64 (0,), whatever the batch
  return absolute(subtract(expand_dims(a, -1), expand_dims(a, -2)));
}

// Note [Fiedler companion layout]
// With c = a[1:] / a[0] (n = N - 1 values), Fiedler's pentadiagonal companion matrix has -c[0] at
// (0, 0); for k = 2..n, -c[k-1] at (k-2, k-1) when k is even and at (k-1, k-2) when k is odd (so
// even rows hold the coefficients either side of the diagonal); and ones at (r, r+2) in even
// rows r and at (r, max(r-2, 0)) in odd rows. Checked against SciPy for n = 1..9 in the tests.
ndarray fiedler_companion(const ndarray& a_in) {
  ndarray a = atleast_1d(a_in);
  const int64_t N = a.shape().back();
  if (N < 2) return empty(with(batch_of(a, 1), {0}), a.dtype());
  ndarray a0 = last(a, Index::slice(0, 1));
  if (a0.size() > 0 && to_vector<bool>(any(equal(a0, 0)))[0]) throw ValueError("Leading coefficient is zero.");
  ndarray c = true_divide(last(a, Index::slice(1)), a0);
  const int64_t n = N - 1;
  const Dims one = with(batch_of(a, 1), {1});
  ndarray vals = concatenate({negative(c), ones(one, c.dtype()), zeros(one, c.dtype())}, -1);  // -c, 1 at n, 0 at n+1
  return take(vals,
              index_matrix(n, n,
                           [n](int64_t i, int64_t j) {  // Note [Fiedler companion layout]
                             if (i % 2 == 0) {
                               if (i == 0 && j == 0) return int64_t{0};
                               if (j == i + 1) return i + 1;
                               if (j == i - 1) return i;
                               if (j == i + 2) return n;
                             } else if (j == std::max<int64_t>(i - 2, 0)) {
                               return n;
                             }
                             return n + 1;
                           }),
              -1);
}

ndarray dft(int64_t n, const std::string& scale) {
  if (!scale.empty() && scale != "sqrtn" && scale != "n")
    throw ValueError("scale must be None, 'sqrtn', or 'n'; '" + scale + "' is not valid.");
  n = std::max<int64_t>(n, 0);
  const double f = scale == "sqrtn" ? 1.0 / std::sqrt(static_cast<double>(n)) : scale == "n" ? 1.0 / n : 1.0;
  // exp(-2 pi i (jk mod n) / n): the exponent reduced exactly first, so large jk lose no accuracy.
  std::vector<complex128> v(static_cast<size_t>(n * n));
  for (int64_t j = 0; j < n; ++j)
    for (int64_t k = 0; k < n; ++k) {
      const double t = -2.0 * std::numbers::pi * static_cast<double>((j * k) % n) / static_cast<double>(n);
      v[static_cast<size_t>(j * n + k)] = complex128(f * std::cos(t), f * std::sin(t));
    }
  return array(v, Dims{n, n});
}

ndarray helmert(int64_t n, bool full) {
  if (n < 0) throw ValueError("negative dimensions are not allowed");
  // Row 0 is 1/sqrt(n); row i >= 1 has 1/sqrt(i(i+1)) left of the diagonal, -i/sqrt(i(i+1)) on it.
  std::vector<double> v(static_cast<size_t>(n * n), 0.0);
  for (int64_t j = 0; j < n; ++j) v[static_cast<size_t>(j)] = 1.0 / std::sqrt(static_cast<double>(n));
  for (int64_t i = 1; i < n; ++i) {
    const double d = std::sqrt(static_cast<double>(i) * static_cast<double>(i + 1));
    for (int64_t j = 0; j < i; ++j) v[static_cast<size_t>(i * n + j)] = 1.0 / d;
    v[static_cast<size_t>(i * n + i)] = -static_cast<double>(i) / d;
  }
  ndarray h = array(v, Dims{n, n});
  return full || n == 0 ? h : basic_index(h, {Index::slice(1)});
}

ndarray hilbert(int64_t n) {
  n = std::max<int64_t>(n, 0);
  std::vector<double> v(static_cast<size_t>(n * n));
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < n; ++j) v[static_cast<size_t>(i * n + j)] = 1.0 / static_cast<double>(i + j + 1);
  return array(v, Dims{n, n});
}

std::pair<ndarray, ndarray> bandwidth(const ndarray& a) {
  if (a.ndim() < 2) throw ValueError("Input array must be a 2D NumPy array.");
  if (a.dtype() == dtypes::float16)
    throw TypeError("bandwidth does not support float16 arrays (as SciPy's); cast to float32 first.");
  const Dims batch = batch_of(a, 2);
  if (a.ndim() > 2 && shape_size(batch) == 0) throw ValueError("`bandwidth` does not support zero-size batches.");
  const int64_t rows = a.shape()[a.ndim() - 2], cols = a.shape().back();
  if (rows == 0 || cols == 0) return {zeros(batch, dtypes::int64), zeros(batch, dtypes::int64)};
  // The largest i - j (lower) and j - i (upper) over the nonzero entries, 0 where there are none.
  ndarray below = index_matrix(rows, cols, [](int64_t i, int64_t j) { return std::max<int64_t>(i - j, 0); });
  ndarray above = index_matrix(rows, cols, [](int64_t i, int64_t j) { return std::max<int64_t>(j - i, 0); });
  ndarray nz = not_equal(a, 0);
  const AxisArg core = std::vector<int64_t>{-2, -1};
  return {amax(where(nz, below, 0), core), amax(where(nz, above, 0), core)};
}

}  // namespace cupric::scipy::linalg
