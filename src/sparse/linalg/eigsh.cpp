// eigsh: thick-restart Lanczos for a few eigenpairs of a Hermitian operator (CuPy's algorithm):
// the Lanczos basis on the device, the small projected eigenproblem on the host.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <vector>
#include "cupric/error.hpp"
#include "cupric/linalg.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/copyto.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/ufunc.hpp"
#include "sparse/linalg/krylov_common.hpp"

namespace cupric::sparse::linalg {

using namespace detail;

namespace {

// Eigen-decomposition of a small real symmetric matrix (row-major m x m) by cyclic Jacobi
// rotations: eigenvalues in w, eigenvectors in the columns of s. The projected matrices here have
// at most ncv (tens) rows, where Jacobi is accurate to the last bits and costs nothing.
void jacobi_eigh(std::vector<double> a, int64_t m, std::vector<double>& w, std::vector<double>& s) {
  s.assign(static_cast<size_t>(m * m), 0.0);
  for (int64_t i = 0; i < m; ++i) s[static_cast<size_t>(i * m + i)] = 1.0;
  auto A = [&](int64_t i, int64_t j) -> double& { return a[static_cast<size_t>(i * m + j)]; };
  for (int sweep = 0; sweep < 100; ++sweep) {
    double off = 0, total = 0;
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < m; ++j) (i == j ? total : off) += A(i, j) * A(i, j);
    if (off <= 1e-30 * (total + off) || off == 0) break;
    for (int64_t p = 0; p < m; ++p) {
      for (int64_t q = p + 1; q < m; ++q) {
        const double apq = A(p, q);
        if (apq == 0) continue;
        const double theta = (A(q, q) - A(p, p)) / (2 * apq);
        const double t = (theta >= 0 ? 1.0 : -1.0) / (std::abs(theta) + std::sqrt(theta * theta + 1));
        const double c = 1 / std::sqrt(t * t + 1), sn = t * c;
        for (int64_t k = 0; k < m; ++k) {  // columns p, q
          const double akp = A(k, p), akq = A(k, q);
          A(k, p) = c * akp - sn * akq;
          A(k, q) = sn * akp + c * akq;
        }
        for (int64_t k = 0; k < m; ++k) {  // rows p, q
          const double apk = A(p, k), aqk = A(q, k);
          A(p, k) = c * apk - sn * aqk;
          A(q, k) = sn * apk + c * aqk;
        }
        for (int64_t k = 0; k < m; ++k) {
          double& skp = s[static_cast<size_t>(k * m + p)];
          double& skq = s[static_cast<size_t>(k * m + q)];
          const double vp = skp, vq = skq;
          skp = c * vp - sn * vq;
          skq = sn * vp + c * vq;
        }
      }
    }
  }
  w.resize(static_cast<size_t>(m));
  for (int64_t i = 0; i < m; ++i) w[static_cast<size_t>(i)] = A(i, i);
}

struct Ritz {
  std::vector<double> w;  // k values
  std::vector<double> s;  // ncv x k, row-major
};

// The k Ritz pairs `which` picks from the projected matrix: tridiagonal (alpha, beta), with the
// arrow row/column beta_k at index k after a thick restart (CuPy's _eigsh_solve_ritz).
Ritz solve_ritz(const std::vector<double>& alpha, const std::vector<double>& beta, const std::vector<double>* beta_k,
                int64_t k, const std::string& which) {
  const int64_t m = static_cast<int64_t>(alpha.size());
  std::vector<double> t(static_cast<size_t>(m * m), 0.0);
  for (int64_t i = 0; i < m; ++i) {
    t[static_cast<size_t>(i * m + i)] = alpha[static_cast<size_t>(i)];
    if (i + 1 < m)
      t[static_cast<size_t>(i * m + i + 1)] = t[static_cast<size_t>((i + 1) * m + i)] = beta[static_cast<size_t>(i)];
  }
  if (beta_k)
    for (int64_t j = 0; j < k; ++j)
      t[static_cast<size_t>(k * m + j)] = t[static_cast<size_t>(j * m + k)] = (*beta_k)[static_cast<size_t>(j)];
  std::vector<double> w, s;
  jacobi_eigh(t, m, w, s);
  std::vector<int64_t> idx(static_cast<size_t>(m));
  std::iota(idx.begin(), idx.end(), 0);
  // The order CuPy sorts in; the last k are kept.
  if (which == "LM")
    std::stable_sort(idx.begin(), idx.end(), [&](int64_t a, int64_t b) { return std::abs(w[a]) < std::abs(w[b]); });
  else
    std::stable_sort(idx.begin(), idx.end(), [&](int64_t a, int64_t b) { return w[a] < w[b]; });
  if (which == "SA") std::reverse(idx.begin(), idx.end());
  Ritz r;
  for (int64_t j = m - k; j < m; ++j) r.w.push_back(w[static_cast<size_t>(idx[static_cast<size_t>(j)])]);
  r.s.resize(static_cast<size_t>(m * k));
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < k; ++j)
      r.s[static_cast<size_t>(i * k + j)] = s[static_cast<size_t>(i * m + idx[static_cast<size_t>(m - k + j)])];
  return r;
}

// u -= basis^T (conj(basis) u), twice: once is not enough when u is nearly in the span (the
// Krylov space exhausted, a rank-deficient operator), where the one pass leaves a remainder of
// the size of the cancellation's rounding, which the division by the small beta then makes O(1)
// (Kahan's "twice is enough").
void orthogonalise(const ndarray& u, const ndarray& basis) {
  for (int pass = 0; pass < 2; ++pass) {
    ndarray proj = cupric::matmul(cupric::vecdot(basis, u), basis);
    axpby(u, constant(-1.0), &proj, constant(1.0));
  }
}

ndarray upload(const std::vector<double>& v, const Dims& shape, DType t, const ndarray& like) {
  ndarray d =
      from_host(v.data(), shape, shape.size() == 2 ? Dims{shape[1] * 8, 8} : Dims{8}, dtypes::float64, &like.backend());
  return astype(d, t);
}

// A fixed pseudo-random vector in [0, 1)^n (a linear congruential sequence per seed).
ndarray pseudo_random(int64_t n, DType t, uint64_t seed) {
  std::vector<double> h(static_cast<size_t>(n));
  uint64_t state = 0x9E3779B97F4A7C15ull * seed;
  for (double& x : h) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    x = static_cast<double>(state >> 11) * 0x1.0p-53;
  }
  return copy(upload(h, Dims{n}, t, zeros(Dims{1}, t)), Order::C);
}

}  // namespace

EigshResult eigsh(const LinearOperator& A, const EigshOptions& o) {
  const int64_t n = A.rows;
  if (A.rows != A.cols) throw ValueError("expected square matrix (shape: " + shape_text(A.rows, A.cols) + ")");
  const DType t = A.dtype;
  if (!(t.type == ScalarType::Float32 || t.type == ScalarType::Float64 || t.is_complex()))
    throw TypeError("unsupprted dtype (actual: " + t.name() + ")");
  const int64_t k = o.k;
  if (k <= 0) throw ValueError("k must be greater than 0 (actual: " + std::to_string(k) + ")");
  if (k >= n) throw ValueError("k must be smaller than n (actual: " + std::to_string(k) + ")");
  if (o.which != "LM" && o.which != "LA" && o.which != "SA")
    throw ValueError("which must be 'LM','LA'or'SA' (actual: " + o.which + ")");
  const int64_t ncv = o.ncv ? std::min(std::max(*o.ncv, k + 2), n - 1) : std::min(std::max(2 * k, k + 32), n - 1);
  const int64_t maxiter = o.maxiter ? *o.maxiter : 10 * n;
  const bool single = t.type == ScalarType::Float32 || t.type == ScalarType::Complex64;
  const double tol =
      o.tol == 0 ? (single ? std::numeric_limits<float>::epsilon() : std::numeric_limits<double>::epsilon()) : o.tol;
  ndarray u;
  if (o.v0.defined()) {
    if (o.v0.size() != n)
      throw ValueError("v0 has " + std::to_string(o.v0.size()) + " elements, expected " + std::to_string(n));
    u = copy(astype(ravel(o.v0), t), Order::C);
  } else {  // a fixed pseudo-random start (the Python layer passes cupric.random's, as CuPy)
    u = pseudo_random(n, t, 1);
  }
  ndarray V = zeros(Dims{ncv, n}, t);
  const int64_t rb = V.strides()[0];
  auto row = [&](int64_t i) { return V.view(Dims{n}, Dims{V.strides()[1]}, i * rb); };
  auto rows = [&](int64_t i) { return V.view(Dims{i, n}, V.strides(), 0); };
  std::vector<double> alpha(static_cast<size_t>(ncv), 0.0), beta(static_cast<size_t>(ncv), 0.0);
  auto set_row = [&](int64_t i, const ndarray& v, double scale_by) {
    ndarray r = row(i);
    axpby(r, constant(scale_by), &v, constant(0.0));
  };
  auto mv = [&](const ndarray& v) { return copy(apply(A.matvec, v, n, t, "matvec"), Order::C); };
  double anorm = 0;  // the largest |alpha|, beta seen: the scale of A for the breakdown test
  const double breakdown =
      100 * (single ? std::numeric_limits<float>::epsilon() : std::numeric_limits<double>::epsilon());
  // Lanczos steps i_start .. i_end - 1 with full reorthogonalisation against V[:i+1].
  auto lanczos = [&](int64_t i_start, int64_t i_end) {
    for (int64_t i = i_start; i < i_end; ++i) {
      u = mv(row(i));
      alpha[static_cast<size_t>(i)] = host_value(dotc(row(i), u)).real();
      orthogonalise(u, rows(i + 1));
      beta[static_cast<size_t>(i)] = nrm2(u);
      anorm = std::max({anorm, std::abs(alpha[static_cast<size_t>(i)]), beta[static_cast<size_t>(i)]});
      if (i >= i_end - 1) break;
      if (beta[static_cast<size_t>(i)] <= breakdown * anorm) {
        // Note [Lanczos breakdown]
        // The Krylov space is invariant (a rank-deficient operator, or n nearly exhausted):
        // u is rounding noise, and dividing it by its tiny norm would start a next vector whose
        // small components along the found eigenvectors A amplifies step after step (to
        // eigenvalues of 10^5 for a rank-2 matrix of norm 10^3, where CuPy's loop goes the same
        // way). As ARPACK does, the projected matrix decouples (beta = 0) and the iteration
        // continues from a fresh direction orthogonal to the basis.
        beta[static_cast<size_t>(i)] = 0;
        u = pseudo_random(n, t, static_cast<uint64_t>(i) + 2);
        orthogonalise(u, rows(i + 1));
        set_row(i + 1, u, 1 / nrm2(u));
        continue;
      }
      set_row(i + 1, u, 1 / beta[static_cast<size_t>(i)]);
    }
  };
  set_row(0, u, 1 / nrm2(u));
  lanczos(0, ncv);
  int64_t iter = ncv;
  Ritz rz = solve_ritz(alpha, beta, nullptr, k, o.which);
  auto ritz_vectors = [&]() {  // x = V^T s (n x k)
    return cupric::matmul(cupric::linalg::matrix_transpose(V), upload(rz.s, Dims{ncv, k}, t, V));
  };
  ndarray x = ritz_vectors();
  std::vector<double> beta_k(static_cast<size_t>(k));
  auto residual = [&]() {
    double r2 = 0;
    for (int64_t j = 0; j < k; ++j) {
      beta_k[static_cast<size_t>(j)] =
          beta[static_cast<size_t>(ncv - 1)] * rz.s[static_cast<size_t>((ncv - 1) * k + j)];
      r2 += beta_k[static_cast<size_t>(j)] * beta_k[static_cast<size_t>(j)];
    }
    return std::sqrt(r2);
  };
  double res = residual();
  while (res > tol && iter < maxiter) {
    // Thick restart: keep the k Ritz vectors, continue Lanczos from the last residual u.
    for (int64_t j = 0; j < k; ++j) {
      beta[static_cast<size_t>(j)] = 0;
      alpha[static_cast<size_t>(j)] = rz.w[static_cast<size_t>(j)];
    }
    copyto(rows(k), cupric::linalg::matrix_transpose(x));
    ndarray kept = rows(k);
    orthogonalise(u, kept);
    set_row(k, u, 1 / nrm2(u));
    u = mv(row(k));
    alpha[static_cast<size_t>(k)] = host_value(dotc(row(k), u)).real();
    ndarray rk = row(k);
    axpby(u, constant(-alpha[static_cast<size_t>(k)]), &rk, constant(1.0));
    ndarray bk = cupric::matmul(cupric::linalg::matrix_transpose(kept), upload(beta_k, Dims{k}, t, V));
    axpby(u, constant(-1.0), &bk, constant(1.0));
    beta[static_cast<size_t>(k)] = nrm2(u);
    set_row(k + 1, u, 1 / beta[static_cast<size_t>(k)]);
    lanczos(k + 1, ncv);
    iter += ncv - k;
    rz = solve_ritz(alpha, beta, &beta_k, k, o.which);
    x = ritz_vectors();
    res = residual();
  }
  // Ascending eigenvalues, the vectors in the same order.
  std::vector<int64_t> idx(static_cast<size_t>(k));
  std::iota(idx.begin(), idx.end(), 0);
  std::stable_sort(idx.begin(), idx.end(), [&](int64_t a, int64_t b) { return rz.w[a] < rz.w[b]; });
  std::vector<double> ws(static_cast<size_t>(k)), sorted_s(rz.s.size());
  for (int64_t j = 0; j < k; ++j) {
    ws[static_cast<size_t>(j)] = rz.w[static_cast<size_t>(idx[static_cast<size_t>(j)])];
    for (int64_t i = 0; i < ncv; ++i)
      sorted_s[static_cast<size_t>(i * k + j)] = rz.s[static_cast<size_t>(i * k + idx[static_cast<size_t>(j)])];
  }
  const DType real_t = single ? dtypes::float32 : dtypes::float64;
  EigshResult out;
  out.w = upload(ws, Dims{k}, real_t, V);
  if (o.return_eigenvectors) {
    rz.s = sorted_s;
    out.x = ritz_vectors();
  }
  return out;
}

}  // namespace cupric::sparse::linalg
