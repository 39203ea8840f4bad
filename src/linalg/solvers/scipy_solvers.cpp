// cupricx.scipy.linalg's solvers (cupric/linalg/decompositions.hpp, namespace scipy::linalg):
// lu_factor, lu_solve, lu, solve_triangular, cho_factor, cho_solve, solve, expm, with SciPy
// 1.17's dtypes (float32 stays single precision, integers compute in float64) and messages,
// on the solver table (Note [Solver dispatch] in solver_table.hpp).
#include <cmath>
#include <string>
#include "cupric/linalg/decompositions.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/indexing.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/reduction.hpp"
#include "cupric/ops/ufunc.hpp"
#include "cupric/shape.hpp"
#include "linalg/solvers/solver_common.hpp"

namespace cupric::scipy::linalg {

using namespace cupric::linalg::detail;

namespace {

// SciPy's get_lapack_funcs choice: the promoted type's s/d/c/z routine, double precision for
// everything that is not float32/float64/complex64/complex128.
DType lapack_type(std::initializer_list<const ndarray*> arrays) {
  DType t = arrays.begin()[0]->dtype();
  for (const ndarray* a : arrays) t = promote_types(t, a->dtype());
  if (t == dtypes::float32 || t == dtypes::float64 || t == dtypes::complex64 || t == dtypes::complex128) return t;
  return t.is_complex() ? dtypes::complex128 : dtypes::float64;
}

void finite(const ndarray& a, bool check) {
  if (check && a.size() > 0 && !to_vector<bool>(all(isfinite(a)))[0])
    throw ValueError("array must not contain infs or NaNs");
}

char trans_char(int trans) {
  if (trans == 0) return 'N';
  if (trans == 1) return 'T';
  if (trans == 2) return 'C';
  throw ValueError("trans must be 0, 1 or 2 ('N', 'T' or 'C'), got " + std::to_string(trans));
}

// b as (..., n, k) column-major in t, and whether it was a vector.
std::pair<ndarray, bool> rhs(const ndarray& b, const Dims& batch, int64_t n, DType t) {
  const bool vec = b.ndim() == 1;
  ndarray b2 = vec ? expand_dims(b, -1) : b;
  return {to_colmajor(broadcast_to(b2, with(batch, {n, b2.shape().back()})), t), vec};
}
ndarray unrhs(const ndarray& buf, bool vec) {
  ndarray x = from_colmajor(buf);
  return vec ? squeeze(x, std::vector<int64_t>{-1}) : x;
}

void square(const ndarray& a, const char* what) {
  if (a.ndim() < 2 || a.shape()[a.ndim() - 1] != a.shape()[a.ndim() - 2])
    throw ValueError(std::string(what) + shape_str(a.shape()));
}

int64_t rows_of(const ndarray& b) { return b.ndim() == 1 ? b.shape()[0] : b.shape()[b.ndim() - 2]; }

}  // namespace

std::pair<ndarray, ndarray> lu_factor(const ndarray& a, bool, bool check_finite) {
  finite(a, check_finite);
  assert_stacked_2d(a);
  if (a.size() == 0) return {empty(a.shape(), a.dtype()), arange(Scalar::of<int64_t>(0), dtypes::int32)};
  const DType t = lapack_type({&a});
  const int64_t m = a.shape()[a.ndim() - 2], n = a.shape().back(), k = std::min(m, n);
  ndarray buf = to_colmajor(a, t);
  ndarray ipiv = ndarray::empty(with(batch_shape(a), {k}), dtypes::int32, Order::C, &a.backend());
  ndarray info = info_for(a, batch_shape(a));
  solvers(a, "lu_factor")
      .getrf(t, m, n, batch_of(a), buf.data(), reinterpret_cast<int32_t*>(ipiv.data()),
             reinterpret_cast<int32_t*>(info.data()));
  return {from_colmajor(buf), astype(subtract(ipiv, int32_t{1}), dtypes::int32)};
}

ndarray lu_solve(const ndarray& lu, const ndarray& piv, const ndarray& b, int trans, bool check_finite) {
  finite(b, check_finite);
  square(lu, "expected square matrix, got ");
  const int64_t n = lu.shape().back();
  if (b.ndim() == 0 || rows_of(b) != n)
    throw ValueError("Shapes of lu " + shape_str(lu.shape()) + " and b " + shape_str(b.shape()) + " are incompatible");
  const DType t = lapack_type({&lu, &b});
  if (b.size() == 0) return empty(b.shape(), t);
  const Dims batch =
      b.ndim() > 2 ? broadcast_shapes(batch_shape(lu), Dims(b.shape().begin(), b.shape().end() - 2)) : batch_shape(lu);
  auto [B, vec] = rhs(b, batch, n, t);
  ndarray LU = to_colmajor(broadcast_to(lu, with(batch, {n, n})), t);
  Dims pshape = batch;
  pshape.push_back(n);
  ndarray ipiv = astype(broadcast_to(add(piv, int32_t{1}), pshape), dtypes::int32, Order::C);
  solvers(lu, "lu_solve")
      .getrs(t, trans_char(trans), n, B.shape()[B.ndim() - 2], batch_of(LU), LU.data(),
             reinterpret_cast<const int32_t*>(ipiv.data()), B.data());
  return unrhs(B, vec);
}

std::vector<ndarray> lu(const ndarray& a, bool permute_l, bool check_finite, bool p_indices) {
  finite(a, check_finite);
  assert_stacked_2d(a);
  const DType t = lapack_type({&a});
  const int64_t m = a.shape()[a.ndim() - 2], n = a.shape().back(), k = std::min(m, n);
  const Dims batch = batch_shape(a);
  const int64_t nb = batch_of(a);
  ndarray buf = to_colmajor(a, t);
  ndarray ipiv = ndarray::empty(with(batch, {k}), dtypes::int32, Order::C, &a.backend());
  ndarray info = info_for(a, batch);
  if (a.size() > 0)
    solvers(a, "lu").getrf(t, m, n, nb, buf.data(), reinterpret_cast<int32_t*>(ipiv.data()),
                           reinterpret_cast<int32_t*>(info.data()));
  ndarray full = from_colmajor(buf);
  ndarray L =
      add(tril(basic_index(full, {Index::ellipsis(), Index::slice(), Index::slice(0, k)}), -1), eye(m, k, 0, t));
  ndarray U = triu(basic_index(full, {Index::ellipsis(), Index::slice(0, k), Index::slice()}));
  // The row permutation of each matrix from LAPACK's sequential swaps (on the host: m per matrix):
  // A = P L U with P[perm[i], i] = 1, so A = L[p] U for p the inverse permutation.
  std::vector<int32_t> piv = a.size() > 0 ? to_vector<int32_t>(ipiv) : std::vector<int32_t>();
  std::vector<int32_t> p(static_cast<size_t>(nb * m));
  for (int64_t b = 0; b < nb; ++b) {
    std::vector<int32_t> perm(static_cast<size_t>(m));
    for (int64_t i = 0; i < m; ++i) perm[static_cast<size_t>(i)] = static_cast<int32_t>(i);
    for (int64_t i = 0; i < k && a.size() > 0; ++i)
      std::swap(perm[static_cast<size_t>(i)], perm[static_cast<size_t>(piv[static_cast<size_t>(b * k + i)] - 1)]);
    for (int64_t i = 0; i < m; ++i)
      p[static_cast<size_t>(b * m + perm[static_cast<size_t>(i)])] = static_cast<int32_t>(i);
  }
  ndarray pidx = array(p, with(batch, {m}));
  if (permute_l) return {take_along_axis(L, expand_dims(pidx, -1), -2), U};
  if (p_indices) return {pidx, L, U};
  // P[j, i] = 1 where j = perm[i], i.e. where i = p[j].
  ndarray P = astype(equal(expand_dims(pidx, -1), arange(Scalar::of<int64_t>(m), dtypes::int32)), real_type(t));
  return {P, L, U};
}

ndarray solve_triangular(const ndarray& a, const ndarray& b, int trans, bool lower, bool unit_diagonal,
                         bool check_finite) {
  finite(a, check_finite);
  finite(b, check_finite);
  if (a.ndim() < 2 || a.shape()[a.ndim() - 1] != a.shape()[a.ndim() - 2]) throw ValueError("expected square matrix");
  const int64_t n = a.shape().back();
  if (b.ndim() == 0 || rows_of(b) != n)
    throw ValueError("shapes of a " + shape_str(a.shape()) + " and b " + shape_str(b.shape()) + " are incompatible");
  const DType t = lapack_type({&a, &b});
  if (b.size() == 0) return empty(b.shape(), t);
  if (!unit_diagonal && n > 0) {
    // trtrs refuses a zero on the diagonal, naming the first (one host sync, as SciPy's info).
    ndarray zero = flatnonzero(equal(diag_view(a), 0));
    if (zero.size() > 0)
      throw LinAlgError("singular matrix: resolution failed at diagonal " +
                        std::to_string(to_vector<int64_t>(zero)[0] % n));
  }
  const Dims batch =
      b.ndim() > 2 ? broadcast_shapes(batch_shape(a), Dims(b.shape().begin(), b.shape().end() - 2)) : batch_shape(a);
  auto [B, vec] = rhs(b, batch, n, t);
  ndarray A = to_colmajor(broadcast_to(a, with(batch, {n, n})), t);
  solvers(a, "solve_triangular")
      .trsm(t, lower, trans_char(trans), unit_diagonal, n, B.shape()[B.ndim() - 2], batch_of(A), A.data(), B.data());
  return unrhs(B, vec);
}

// SciPy 1.17's batched cho_factor / cho_solve: a stack (..., n, n) is factored matrix by matrix
// (batched potrf on the GPU); cho_solve broadcasts the batch dimensions of c and of b's (n, k) (or
// (n,) when b is 1-D) as SciPy does.
std::pair<ndarray, bool> cho_factor(const ndarray& a, bool lower, bool check_finite) {
  finite(a, check_finite);
  ndarray a1 = atleast_2d(a);
  const int64_t rows = a1.shape()[a1.ndim() - 2], n = a1.shape().back();
  if (rows != n)
    throw ValueError("Input array is expected to be square but has the shape: " + shape_str(Dims{rows, n}) + ".");
  const Dims batch = batch_shape(a1);
  const int64_t nb = batch_of(a1);
  if (a1.ndim() > 2 && nb == 0) throw ValueError("`cho_factor` does not support zero-size batches.");
  const DType t = lapack_type({&a1});
  if (a1.size() == 0) return {empty(a1.shape(), t), lower};
  ndarray buf = to_colmajor(a1, t);
  ndarray info = info_for(a1, batch);
  solvers(a1, "cho_factor").potrf(t, lower, n, nb, buf.data(), reinterpret_cast<int32_t*>(info.data()));
  for (int32_t i : to_vector<int32_t>(info))  // the first failed matrix's minor, as SciPy's loop reports it
    if (i > 0) throw LinAlgError(std::to_string(i) + "-th leading minor of the array is not positive definite");
  return {from_colmajor(buf), lower};
}

ndarray cho_solve(const ndarray& c, bool lower, const ndarray& b, bool check_finite) {
  finite(b, check_finite);
  if (c.ndim() < 2 || c.shape()[c.ndim() - 1] != c.shape()[c.ndim() - 2])
    throw ValueError("The factored matrix c is not square.");
  const int64_t n = c.shape().back();
  if (b.ndim() == 0 || rows_of(b) != n)
    throw ValueError("incompatible dimensions (" + shape_str(Dims{n, n}) + " and " + shape_str(b.shape()) + ")");
  const DType t = lapack_type({&c, &b});
  const bool vec = b.ndim() == 1;
  Dims batch = batch_shape(c);
  if (!vec) {
    const Dims bb(b.shape().begin(), b.shape().end() - 2);
    try {
      batch = broadcast_shapes(batch, bb);
    } catch (const ValueError&) {  // SciPy's message: numpy.broadcast_shapes' of the batch shapes
      throw ValueError(
          "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg 0 with shape " +
          shape_str(batch) + " and arg 1 with shape " + shape_str(bb) + ".");
    }
  }
  const int64_t k = vec ? 1 : b.shape().back();
  Dims out_shape = with(batch, {n});
  if (!vec) out_shape.push_back(k);
  if (shape_size(out_shape) == 0) return empty(out_shape, t);
  auto [B, v] = rhs(b, batch, n, t);
  ndarray C = to_colmajor(broadcast_to(c, with(batch, {n, n})), t);
  solvers(c, "cho_solve").potrs(t, lower, n, k, batch_of(C), C.data(), B.data());
  return unrhs(B, v);
}

ndarray solve(const ndarray& a, const ndarray& b, bool lower, std::string_view assume_a, bool transposed,
              bool check_finite) {
  const std::string kind(assume_a);
  const bool gen = kind == "gen" || kind == "general" || kind == "sym" || kind == "symmetric" || kind == "her" ||
                   kind == "hermitian";
  const bool pos = kind == "pos" || kind == "positive definite";
  const bool diag = kind == "diagonal";
  const bool tri = kind == "lower triangular" || kind == "upper triangular";
  if (!gen && !pos && !diag && !tri) throw ValueError(kind + " is not a recognized matrix structure");
  finite(a, check_finite);
  finite(b, check_finite);
  if (a.ndim() < 2) throw ValueError("Expected at least ndim=2, got a1.ndim=" + std::to_string(a.ndim()));
  if (a.shape()[a.ndim() - 1] != a.shape()[a.ndim() - 2])
    throw ValueError("Expected square matrix, got a1.shape=" + shape_str(a.shape()));
  const int64_t n = a.shape().back();
  if (b.ndim() == 0 || rows_of(b) != n)
    // SciPy has made a vector b a column by then: its message shows (n, 1).
    throw ValueError("incompatible shapes: a1.shape=" + shape_str(a.shape()) +
                     " and b1.shape=" + shape_str(b.ndim() == 1 ? Dims{b.shape()[0], 1} : b.shape()));
  const DType t = lapack_type({&a, &b});
  if (b.size() == 0 || a.size() == 0) return empty(b.shape(), t);
  if (tri) return solve_triangular(a, b, transposed ? 1 : 0, kind == "lower triangular", false, false);
  const Dims batch =
      b.ndim() > 2 ? broadcast_shapes(batch_shape(a), Dims(b.shape().begin(), b.shape().end() - 2)) : batch_shape(a);
  ndarray A = broadcast_to(a, with(batch, {n, n}));
  if (diag) {
    ndarray d = astype(diag_view(A), t);
    ndarray zero = flatnonzero(any(equal(d, 0), AxisArg(-1), {}, false));
    if (zero.size() > 0)
      throw LinAlgError("A singular matrix detected: slice(s) [" + std::to_string(to_vector<int64_t>(zero)[0]) +
                        "] are singular.");
    return b.ndim() == 1 ? divide(astype(b, t), d) : divide(astype(b, t), expand_dims(d, -1));
  }
  auto [B, vec] = rhs(b, batch, n, t);
  ndarray buf = to_colmajor(A, t);
  ndarray info = info_for(buf, batch);
  const int64_t nrhs = B.shape()[B.ndim() - 2];
  if (pos) {
    solvers(a, "solve").potrf(t, lower, n, batch_of(buf), buf.data(), reinterpret_cast<int32_t*>(info.data()));
    if (to_vector<bool>(any(greater(info, 0)))[0]) throw LinAlgError("Matrix is not positive definite.");
    solvers(a, "solve").potrs(t, lower, n, nrhs, batch_of(buf), buf.data(), B.data());
    return unrhs(B, vec);
  }
  ndarray ipiv = ndarray::empty(with(batch, {n}), dtypes::int32, Order::C, &a.backend());
  solvers(a, "solve")
      .getrf(t, n, n, batch_of(buf), buf.data(), reinterpret_cast<int32_t*>(ipiv.data()),
             reinterpret_cast<int32_t*>(info.data()));
  if (to_vector<bool>(any(greater(info, 0)))[0]) {
    // SciPy names the first singular slice of the batch (its flat index).
    const int64_t first = to_vector<int64_t>(flatnonzero(greater(info, 0)))[0];
    throw LinAlgError("A singular matrix detected: slice(s) [" + std::to_string(first) + "] are singular.");
  }
  solvers(a, "solve")
      .getrs(t, transposed ? 'T' : 'N', n, nrhs, batch_of(buf), buf.data(),
             reinterpret_cast<const int32_t*>(ipiv.data()), B.data());
  return unrhs(B, vec);
}

// Note [expm]
// Higham's scaling and squaring with the degree-13 Pade approximant (SIAM J. Matrix Anal. Appl.
// 26(4), 2005, algorithm 2.3 with its theta_13): A / 2^s has 1-norm <= 5.37, r13 = q^-1 p by one
// solve, then s squarings. SciPy picks lower degrees for small norms too; the results agree to
// rounding, the degree-13 path costs a few more products on small matrices.
ndarray expm(const ndarray& A_in) {
  if (A_in.ndim() < 2 || A_in.shape()[A_in.ndim() - 1] != A_in.shape()[A_in.ndim() - 2])
    throw ValueError("expected a square matrix");
  DType t = A_in.dtype();
  if (!(t == dtypes::float32 || t == dtypes::float64 || t == dtypes::complex64 || t == dtypes::complex128))
    t = t.is_complex() ? dtypes::complex128 : dtypes::float64;
  ndarray A = astype(A_in, t);
  const int64_t n = A.shape().back();
  if (A.size() == 0) return A;
  if (n == 1) return exp(A);
  static const double b[] = {64764752532480000.0,
                             32382376266240000.0,
                             7771770303897600.0,
                             1187353796428800.0,
                             129060195264000.0,
                             10559470521600.0,
                             670442572800.0,
                             33522128640.0,
                             1323241920.0,
                             40840800.0,
                             960960.0,
                             16380.0,
                             182.0,
                             1.0};
  // The largest 1-norm of the stack decides s (one host sync), as for a single matrix.
  const double norm1 =
      to_vector<double>(astype(amax(sum(absolute(A), AxisArg(-2))), dtypes::float64, Order::K, Casting::Unsafe))[0];
  int s = norm1 > 5.371920351148152 ? static_cast<int>(std::ceil(std::log2(norm1 / 5.371920351148152))) : 0;
  if (s > 0) A = astype(divide(A, std::ldexp(1.0, s)), t);
  const Dims batch = batch_shape(A);
  ndarray I = eye_stack(batch, n, t);
  ndarray A2 = matmul(A, A), A4 = matmul(A2, A2), A6 = matmul(A4, A2);
  auto lin = [&](double c6, double c4, double c2, double c0) {
    return add(add(multiply(A6, c6), multiply(A4, c4)), add(multiply(A2, c2), multiply(I, c0)));
  };
  ndarray U = matmul(A, add(matmul(A6, add(add(multiply(A6, b[13]), multiply(A4, b[11])), multiply(A2, b[9]))),
                            lin(b[7], b[5], b[3], b[1])));
  ndarray V = add(matmul(A6, add(add(multiply(A6, b[12]), multiply(A4, b[10])), multiply(A2, b[8]))),
                  lin(b[6], b[4], b[2], b[0]));
  ndarray R = cupric::linalg::solve(subtract(V, U), add(V, U));
  for (int i = 0; i < s; ++i) R = matmul(R, R);
  return astype(R, t);
}

}  // namespace cupric::scipy::linalg
