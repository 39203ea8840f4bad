// SciPy 1.17's restarted GMRES over a LinearOperator: Arnoldi on the device, the small
// Hessenberg least-squares problem (Givens rotations, back substitution) on the host.
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>
#include "cupric/linalg.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/ufunc.hpp"
#include "sparse/linalg/krylov_common.hpp"

namespace cupric::sparse::linalg {

using namespace detail;

namespace {

using cd = std::complex<double>;

std::vector<cd> host_vector(const ndarray& a) {
  std::vector<cd> v(static_cast<size_t>(a.size()));
  if (!v.empty()) to_host(astype(a, dtypes::complex128), v.data(), Order::C, true);
  return v;
}

ndarray device_vector(const std::vector<cd>& v, DType t, const ndarray& like) {
  const int64_t n = static_cast<int64_t>(v.size());
  ndarray c = from_host(v.data(), Dims{n}, Dims{16}, dtypes::complex128, &like.backend());
  if (t.is_complex()) return astype(c, t);
  return astype(cupric::real(c), t);
}

// A plane rotation [c s; -conj(s) c] taking (f, g) to (r, 0), c real (LAPACK's lartg up to the
// choice of sign, which the least-squares solution does not depend on).
struct Givens {
  double c;
  cd s, r;
};
Givens rotation(cd f, cd g) {
  if (g == 0.0) return {1.0, 0.0, f};
  if (f == 0.0) return {0.0, std::conj(g) / std::abs(g), std::abs(g)};
  const double af = std::abs(f), d = std::hypot(af, std::abs(g));
  const cd phase = f / af;
  return {af / d, phase * std::conj(g) / d, phase * d};
}

}  // namespace

// Note [GMRES orthogonalisation]
// SciPy orthogonalises each new Arnoldi vector by modified Gram-Schmidt: one dot product and one
// update per basis vector, each read back to the host. Here the basis is the rows of one
// (restart + 1) x n array, so a Gram-Schmidt pass is two products (h = V^H w, then
// w -= V^T h), and the pass runs twice (classical Gram-Schmidt with one reorthogonalisation,
// as orthogonal as modified Gram-Schmidt), with one read-back of h per inner iteration instead of
// one per basis vector. The rest follows SciPy step for step: its stopping tests on the
// preconditioned residual (ptol, gh-8400), its callbacks and its legacy maxiter counting.
IterativeResult gmres(const LinearOperator& A, const ndarray& b, const GmresOptions& o) {
  System s = make_system("gmres", A, b, o, 10);
  if (s.bnrm2 == 0) return {s.b, 0, 0};
  const int64_t n = s.n;
  const double eps = s.t.type == ScalarType::Float32 || s.t.type == ScalarType::Complex64
                         ? std::numeric_limits<float>::epsilon()
                         : std::numeric_limits<double>::epsilon();
  const bool has_cb = o.callback || o.callback_norm;
  const GmresCallback cbt = o.callback_type;
  const int64_t restart = std::min<int64_t>(o.restart ? *o.restart : 20, n);
  if (restart < 1) throw ValueError("gmres: restart must be at least 1, got " + std::to_string(restart));
  auto psolve = [&](const ndarray& v) { return o.M ? apply(o.M->matvec, v, n, s.t, "preconditioner matvec") : v; };
  const double Mb_nrm2 = nrm2(psolve(s.b));
  double ptol_max_factor = 1.0;
  double ptol = Mb_nrm2 * std::min(ptol_max_factor, s.atol / s.bnrm2);
  double presid = 0.0, rnorm = 0.0;
  ndarray V = ndarray::empty(Dims{restart + 1, n}, s.t, Order::C, &s.x.backend());
  const int64_t row_bytes = V.strides()[0];
  auto row = [&](int64_t k) { return V.view(Dims{n}, Dims{V.strides()[1]}, k * row_bytes); };
  auto rows = [&](int64_t k) { return V.view(Dims{k, n}, V.strides(), 0); };
  int64_t inner_iter = 0;
  ndarray r;
  for (int64_t iteration = 0; iteration < s.maxiter; ++iteration) {
    if (iteration == 0) {
      r = copy(s.b, Order::C);
      if (s.x0_given) {
        ndarray ax = apply(A.matvec, s.x, n, s.t, "matvec");
        axpby(r, constant(-1.0), &ax, constant(1.0));
      }
      if (nrm2(r) < s.atol) return {s.x, 0, 0};
    }
    ndarray v0 = row(0);
    ndarray mr = psolve(r);
    axpby(v0, constant(1.0), &mr, constant(0.0));
    const double beta = nrm2(v0);
    axpby(v0, Coef{}, nullptr, constant(1.0 / beta));
    std::vector<cd> S(static_cast<size_t>(restart + 1), 0.0);
    S[0] = beta;
    std::vector<std::vector<cd>> h(static_cast<size_t>(restart));  // h[col][k]: column col
    std::vector<Givens> giv(static_cast<size_t>(restart));
    bool breakdown = false;
    int64_t col = 0;
    for (col = 0; col < restart; ++col) {
      ndarray w = copy(psolve(apply(A.matvec, row(col), n, s.t, "matvec")), Order::C);
      const double h0 = nrm2(w);
      ndarray basis = rows(col + 1);
      ndarray hk;
      for (int pass = 0; pass < 2; ++pass) {  // Note [GMRES orthogonalisation]
        ndarray c = cupric::vecdot(basis, w);
        ndarray proj = cupric::matmul(c, basis);
        axpby(w, constant(-1.0), &proj, constant(1.0));
        hk = pass ? cupric::add(hk, c) : c;
      }
      std::vector<cd>& hc = h[static_cast<size_t>(col)];
      hc = host_vector(hk);
      const double h1 = nrm2(w);
      hc.push_back(h1);
      ndarray next = row(col + 1);
      axpby(next, constant(1.0), &w, constant(0.0));
      if (h1 <= eps * h0) {
        hc[static_cast<size_t>(col + 1)] = 0.0;
        breakdown = true;
      } else {
        axpby(next, Coef{}, nullptr, constant(1.0 / h1));
      }
      for (int64_t k = 0; k < col; ++k) {  // the earlier rotations
        const Givens& g = giv[static_cast<size_t>(k)];
        const cd n0 = hc[static_cast<size_t>(k)], n1 = hc[static_cast<size_t>(k + 1)];
        hc[static_cast<size_t>(k)] = g.c * n0 + g.s * n1;
        hc[static_cast<size_t>(k + 1)] = -std::conj(g.s) * n0 + g.c * n1;
      }
      const Givens g = rotation(hc[static_cast<size_t>(col)], hc[static_cast<size_t>(col + 1)]);
      giv[static_cast<size_t>(col)] = g;
      hc[static_cast<size_t>(col)] = g.r;
      hc[static_cast<size_t>(col + 1)] = 0.0;
      const cd tmp = -std::conj(g.s) * S[static_cast<size_t>(col)];
      S[static_cast<size_t>(col)] = g.c * S[static_cast<size_t>(col)];
      S[static_cast<size_t>(col + 1)] = tmp;
      presid = std::abs(tmp);
      ++inner_iter;
      if (has_cb && cbt != GmresCallback::X && o.callback_norm) o.callback_norm(presid / s.bnrm2);
      if (has_cb && cbt == GmresCallback::Legacy && inner_iter == s.maxiter) break;
      if (presid <= ptol || breakdown) break;
    }
    if (col == restart) col = restart - 1;
    // Back substitution on the rotated (upper triangular) Hessenberg matrix; a zero pivot is
    // skipped (SciPy's pseudo-solve of the singular case).
    if (h[static_cast<size_t>(col)][static_cast<size_t>(col)] == 0.0) S[static_cast<size_t>(col)] = 0.0;
    std::vector<cd> y(S.begin(), S.begin() + col + 1);
    for (int64_t k = col; k >= 0; --k) {
      if (y[static_cast<size_t>(k)] == 0.0) continue;
      y[static_cast<size_t>(k)] /= h[static_cast<size_t>(k)][static_cast<size_t>(k)];
      for (int64_t j = 0; j < k; ++j)
        y[static_cast<size_t>(j)] -= y[static_cast<size_t>(k)] * h[static_cast<size_t>(k)][static_cast<size_t>(j)];
    }
    ndarray step = cupric::matmul(device_vector(y, s.t, s.x), rows(col + 1));
    axpby(s.x, constant(1.0), &step, constant(1.0));
    ndarray ax = apply(A.matvec, s.x, n, s.t, "matvec");
    axpby(r, constant(1.0), &s.b, constant(0.0));
    axpby(r, constant(-1.0), &ax, constant(1.0));
    rnorm = nrm2(r);
    if (has_cb && cbt == GmresCallback::Legacy && inner_iter == s.maxiter)
      return {s.x, rnorm <= s.atol ? 0 : s.maxiter, inner_iter};
    if (has_cb && cbt == GmresCallback::X && o.callback) o.callback(s.x);
    if (rnorm <= s.atol || breakdown) break;
    if (presid <= ptol)
      ptol_max_factor = std::max(eps, 0.25 * ptol_max_factor);
    else
      ptol_max_factor = std::min(1.0, 1.5 * ptol_max_factor);
    ptol = presid * std::min(ptol_max_factor, s.atol / rnorm);
  }
  return {s.x, rnorm <= s.atol ? 0 : s.maxiter, inner_iter};
}

}  // namespace cupric::sparse::linalg
