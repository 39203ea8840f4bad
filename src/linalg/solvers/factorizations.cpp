// numpy.linalg's factorisations (cupric/linalg/decompositions.hpp): cholesky, qr, svd, svdvals,
// eigh, eigvalsh, eig, eigvals, on the solver table (Note [Solver dispatch] in solver_table.hpp).
#include <string>
#include "cupric/linalg/decompositions.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/indexing.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/reduction.hpp"
#include "cupric/ops/sorting.hpp"
#include "cupric/ops/ufunc.hpp"
#include "cupric/ops/where.hpp"
#include "linalg/solvers/solver_common.hpp"
#include "linalg/solvers/tiny_solvers.hpp"

namespace cupric::linalg {

using namespace detail;

namespace {

ndarray new_array(const ndarray& like, const Dims& shape, DType t) {
  return ndarray::empty(shape, t, Order::C, &like.backend());
}
template <class T>
T* ptr(const ndarray& a) {
  return reinterpret_cast<T*>(a.data());
}

bool lower_of(std::string_view UPLO) {
  if (UPLO == "L") return true;
  if (UPLO == "U") return false;
  throw ValueError("UPLO argument must be 'L' or 'U'");
}

// The eigen-decomposition of the Hermitian stack a: (w, vectors buffer or undefined).
std::pair<ndarray, ndarray> heevd(const ndarray& a, bool vectors, bool lower, const char* what) {
  assert_stacked_square(a);
  const DType t = linalg_type({&a});
  const int64_t n = a.shape().back();
  const Dims batch = batch_shape(a);
  ndarray buf = to_colmajor(a, t);
  ndarray w = new_array(a, with(batch, {n}), real_type(t));
  if (buf.size() == 0) return {w, vectors ? from_colmajor(buf) : ndarray()};
  ndarray info = info_for(a, batch);
  solvers(a, what).heevd(t, vectors, lower, n, batch_of(a), buf.data(), w.data(), ptr<int32_t>(info));
  ndarray failed = check_info(info, "Eigenvalues did not converge");
  w = nan_where(w, failed, 1);
  if (!vectors) return {w, ndarray()};
  return {w, nan_where(from_colmajor(buf), failed, 2)};
}

}  // namespace

ndarray cholesky(const ndarray& a, bool upper) {
  assert_stacked_square(a);
  const DType t = linalg_type({&a});
  const int64_t n = a.shape().back();
  if (tiny_applies(a, n, "cholesky")) return tiny_cholesky(a, t, upper);  // Note [Tiny solvers] in tiny_solvers.cpp
  ndarray buf = to_colmajor(a, t);
  if (buf.size() == 0) return from_colmajor(buf);
  ndarray info = info_for(a, batch_shape(a));
  // potrf leaves the other triangle as it was: NumPy's factors have zeros there.
  solvers(a, "cholesky").potrf(t, !upper, n, batch_of(a), buf.data(), ptr<int32_t>(info));
  ndarray failed = check_info(info, "Matrix is not positive definite");
  ndarray r = from_colmajor(buf);
  r = upper ? triu(r) : tril(r);
  return nan_where(r, failed, 2);
}

QRResult qr(const ndarray& a, std::string_view mode) {
  if (mode != "reduced" && mode != "complete" && mode != "r" && mode != "raw")
    throw ValueError("Unrecognized mode '" + std::string(mode) + "'");
  assert_stacked_2d(a);
  const DType t = linalg_type({&a});
  const int64_t m = a.shape()[a.ndim() - 2], n = a.shape().back(), k = std::min(m, n);
  const Dims batch = batch_shape(a);
  const int64_t nb = batch_of(a);
  ndarray buf = to_colmajor(a, t);  // (..., n, m): column-major m x n
  ndarray tau = new_array(a, with(batch, {k}), t);
  if (buf.size() > 0)
    solvers(a, "qr").geqrf(t, m, n, nb, buf.data(), tau.data());
  else
    fill(tau, Scalar::of<double>(0));
  if (mode == "raw") return {buf, tau};  // NumPy's h is the transposed (Fortran) factor
  ndarray full = from_colmajor(buf);
  const int64_t rrows = mode == "complete" ? m : k;
  ndarray R = triu(basic_index(full, {Index::ellipsis(), Index::slice(0, rrows), Index::slice()}));
  if (mode == "r") return {ndarray(), R};
  const int64_t qcols = mode == "complete" ? m : k;
  // Q's buffer: m x qcols column-major, starting from the reflectors in the first columns.
  ndarray qbuf = zeros(with(batch, {qcols, m}), t);
  const int64_t ncopy = std::min(n, qcols);
  basic_assign(qbuf, {Index::ellipsis(), Index::slice(0, ncopy), Index::slice()},
               basic_index(buf, {Index::ellipsis(), Index::slice(0, ncopy), Index::slice()}));
  if (qbuf.size() > 0) solvers(a, "qr").orgqr(t, m, qcols, k, nb, qbuf.data(), tau.data());
  return {from_colmajor(qbuf), R};
}

SVDResult svd(const ndarray& a, bool full_matrices, bool hermitian) {
  assert_stacked_2d(a);
  if (hermitian) {
    // NumPy: eigh, then |eigenvalues| sorted descending, the vectors' signs moved into Vh.
    EigResult e = eigh(a);
    ndarray sgn = sign(e.eigenvalues);
    ndarray s = absolute(e.eigenvalues);
    ndarray sidx = flip(argsort(s, -1), std::vector<int64_t>{-1});
    sgn = take_along_axis(sgn, sidx, -1);
    s = take_along_axis(s, sidx, -1);
    ndarray u = take_along_axis(e.eigenvectors, expand_dims(sidx, -2), -1);
    ndarray vt = herm(multiply(u, expand_dims(sgn, -2)));
    return {u, s, vt};
  }
  const DType t = linalg_type({&a}), rt = real_type(t);
  const int64_t m = a.shape()[a.ndim() - 2], n = a.shape().back(), k = std::min(m, n);
  const Dims batch = batch_shape(a);
  const int64_t ucols = full_matrices ? m : k, vrows = full_matrices ? n : k;
  ndarray s = new_array(a, with(batch, {k}), rt);
  if (a.size() == 0) {
    // LAPACK is not called on empty matrices; NumPy's result: identities where a factor is square.
    return {copy(eye_stack(batch, m, t).size()
                     ? basic_index(eye_stack(batch, m, t), {Index::ellipsis(), Index::slice(), Index::slice(0, ucols)})
                     : zeros(with(batch, {m, ucols}), t),
                 Order::C),
            s,
            copy(basic_index(eye_stack(batch, n, t), {Index::ellipsis(), Index::slice(0, vrows), Index::slice()}),
                 Order::C)};
  }
  ndarray buf = to_colmajor(a, t);
  ndarray u = new_array(a, with(batch, {ucols, m}), t);
  ndarray vt = new_array(a, with(batch, {n, vrows}), t);
  ndarray info = info_for(a, batch);
  solvers(a, "svd").gesdd(t, full_matrices ? 'A' : 'S', m, n, batch_of(a), buf.data(), s.data(), u.data(), vt.data(),
                          ptr<int32_t>(info));
  ndarray failed = check_info(info, "SVD did not converge");
  return {nan_where(from_colmajor(u), failed, 2), nan_where(s, failed, 1), nan_where(from_colmajor(vt), failed, 2)};
}

ndarray svdvals(const ndarray& a, bool hermitian) {
  assert_stacked_2d(a);
  if (hermitian) {
    ndarray s = absolute(eigvalsh(a));
    return flip(sort(s, -1), std::vector<int64_t>{-1});
  }
  const DType t = linalg_type({&a}), rt = real_type(t);
  const int64_t m = a.shape()[a.ndim() - 2], n = a.shape().back(), k = std::min(m, n);
  const Dims batch = batch_shape(a);
  ndarray s = new_array(a, with(batch, {k}), rt);
  if (a.size() == 0) return s;
  ndarray buf = to_colmajor(a, t);
  ndarray info = info_for(a, batch);
  solvers(a, "svd").gesdd(t, 'N', m, n, batch_of(a), buf.data(), s.data(), nullptr, nullptr, ptr<int32_t>(info));
  return nan_where(s, check_info(info, "SVD did not converge"), 1);
}

EigResult eigh(const ndarray& a, std::string_view UPLO) {
  const bool lower = lower_of(UPLO);
  auto [w, v] = heevd(a, true, lower, "eigh");
  return {w, v};
}

ndarray eigvalsh(const ndarray& a, std::string_view UPLO) {
  const bool lower = lower_of(UPLO);
  return heevd(a, false, lower, "eigvalsh").first;
}

namespace {

// geev of the square stack a: complex (w, v); v undefined unless vectors.
std::pair<ndarray, ndarray> geev(const ndarray& a, bool vectors) {
  assert_stacked_square(a);
  const DType t = linalg_type({&a});
  const DType ct = t == dtypes::float32 || t == dtypes::complex64 ? dtypes::complex64 : dtypes::complex128;
  const int64_t n = a.shape().back();
  const Dims batch = batch_shape(a);
  ndarray w = new_array(a, with(batch, {n}), ct);
  ndarray v = vectors ? new_array(a, with(batch, {n, n}), ct) : ndarray();
  if (a.size() == 0) return {w, vectors ? v : ndarray()};
  ndarray buf = to_colmajor(a, t);
  ndarray info = info_for(a, batch);
  solvers(a, "eig").geev(t, vectors, n, batch_of(a), buf.data(), w.data(), vectors ? v.data() : nullptr,
                         ptr<int32_t>(info));
  ndarray failed = check_info(info, "Eigenvalues did not converge");
  w = nan_where(w, failed, 1);
  if (vectors) v = nan_where(from_colmajor(v), failed, 2);
  return {w, v};
}

// NumPy returns real results for a real input whose eigenvalues are all real (a host sync).
bool all_real(const ndarray& a, const ndarray& w) {
  if (a.dtype().is_complex()) return false;
  return w.size() == 0 || to_vector<bool>(all(equal(imag(w), 0)))[0];
}

}  // namespace

EigResult eig(const ndarray& a) {
  auto [w, v] = geev(a, true);
  if (all_real(a, w)) return {copy(real(w)), copy(real(v))};
  return {w, v};
}

ndarray eigvals(const ndarray& a) {
  ndarray w = geev(a, false).first;
  return all_real(a, w) ? copy(real(w)) : w;
}

}  // namespace cupric::linalg
