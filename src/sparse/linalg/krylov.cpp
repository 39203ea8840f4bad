// SciPy's conjugate-gradient family over a LinearOperator: cg, cgs and bicgstab, with SciPy
// 1.17's iterations, tolerances and info codes (include/cupric/sparse/linalg.hpp).
#include <cmath>
#include <limits>
#include <optional>
#include "cupric/ops/copy.hpp"
#include "cupric/ops/ufunc.hpp"
#include "sparse/linalg/krylov_common.hpp"

namespace cupric::sparse::linalg {

using namespace detail;

namespace {

// b - A @ x, or a copy of b when x is the zero start.
ndarray initial_residual(const LinearOperator& A, const System& s) {
  if (!s.x0_given) return copy(s.b, Order::C);
  ndarray r = copy(s.b, Order::C);
  ndarray ax = apply(A.matvec, s.x, s.n, s.t, "matvec");
  axpby(r, constant(-1.0), &ax, constant(1.0));
  return r;
}

ndarray precondition(const IterativeOptions& o, const ndarray& r, const System& s) {
  return o.M ? apply(o.M->matvec, r, s.n, s.t, "preconditioner matvec") : r;
}

double eps_of(DType t) {
  return t.type == ScalarType::Float32 || t.type == ScalarType::Complex64 ? std::numeric_limits<float>::epsilon()
                                                                          : std::numeric_limits<double>::epsilon();
}

// The opening of a cgs or bicgstab iteration (both BiCG methods, shadow residual rtilde = r0):
// the info that ends the solve (0: converged, -10: rho = (rtilde, r) broke down), else nullopt
// with rho set for the iteration.
std::optional<int> bicg_open(const System& s, const ndarray& r, const ndarray& rtilde, double rhotol, ndarray& rho) {
  if (nrm2(r) < s.atol) return 0;
  rho = dotc(rtilde, r);
  if (std::abs(host_value(rho)) < rhotol) return -10;
  return std::nullopt;
}

}  // namespace

// Note [Residual checks]
// SciPy's cg tests ||r|| < atol before every iteration, and CuPy's reads nrm2(r) back after
// every one: a blocking device-to-host copy per iteration, after which the GPU idles while the
// host launches the next iteration's first kernels. Here the test runs every `check_every`
// iterations (16 on a GPU; every iteration on the host backend, where reading a scalar costs
// nothing, and whenever a callback is given, so its call count is SciPy's): between two tests
// the host only enqueues, the coefficients stay on the device (Note [Krylov vector updates] in
// krylov_kernels.hpp), and the GPU never waits for the host. The price is at most
// check_every - 1 iterations past convergence, which only reduce the residual further (an
// exactly zero residual gives zero coefficients, so x stays as it was), against a 2-D Poisson
// solve's thousands of iterations. Without a preconditioner the residual norm is the sqrt of
// rho = (r, r), which the iteration computes anyway, so a test costs no extra dot product. When
// the iteration limit is reached between tests one last test decides the info code, so a
// solve that converged is never reported as failed (SciPy, testing before each iteration only,
// reports one that converges in its very last iteration as failed).
IterativeResult cg(const LinearOperator& A, const ndarray& b, const IterativeOptions& o) {
  System s = make_system("cg", A, b, o, 10);
  if (s.bnrm2 == 0) return {s.b, 0, 0};
  const int64_t every = o.check_every > 0                                       ? o.check_every
                        : (o.callback || s.x.device_type() == DeviceType::Host) ? 1
                                                                                : 16;
  ndarray r = initial_residual(A, s);
  ndarray p = ndarray::empty(Dims{s.n}, s.t, Order::C, &s.x.backend());
  ndarray rho_prev, rho_next;
  int64_t it = 0;
  for (; it < s.maxiter; ++it) {
    const bool test = it % every == 0;
    ndarray z = precondition(o, r, s);
    // Without a preconditioner rho = (r, r) came out of the last residual update's pass.
    ndarray rho = o.M || it == 0 ? dotc(r, z) : rho_next;
    if (test) {
      const double rnorm = o.M ? nrm2(r) : std::sqrt(std::abs(host_value(rho)));
      if (rnorm < s.atol) return {s.x, 0, it};
    }
    if (it == 0)
      axpby(p, constant(1.0), &z, constant(0.0));
    else
      axpby(p, constant(1.0), &z, ratio(rho, &rho_prev));  // p = z + (rho / rho_prev) p
    ndarray q = apply(A.matvec, p, s.n, s.t, "matvec");
    ndarray pq = dotc(p, q);
    axpby(s.x, ratio(rho, &pq), &p, constant(1.0));  // x += alpha p
    if (o.M)
      axpby(r, ratio(rho, &pq, -1.0), &q, constant(1.0));  // r -= alpha q
    else
      rho_next = axpby_norm2(r, ratio(rho, &pq, -1.0), &q, constant(1.0));  // and (r, r)
    rho_prev = rho;
    if (o.callback) o.callback(s.x);
  }
  if (every > 1 && nrm2(r) < s.atol) return {s.x, 0, it};
  return {s.x, s.maxiter, it};
}

// cgs and bicgstab test for breakdown on every iteration (a read-back each), as SciPy does;
// their coefficients still stay on the device for the updates.
IterativeResult cgs(const LinearOperator& A, const ndarray& b, const IterativeOptions& o) {
  System s = make_system("cgs", A, b, o, 10);
  if (s.bnrm2 == 0) return {s.b, 0, 0};
  const double rhotol = eps_of(s.t) * eps_of(s.t);
  ndarray r = initial_residual(A, s);
  ndarray rtilde = copy(r, Order::C);
  ndarray p = copy(r, Order::C), u = copy(r, Order::C), q = ndarray::empty(Dims{s.n}, s.t, Order::C, &s.x.backend());
  ndarray rho_prev;
  int64_t it = 0;
  for (; it < s.maxiter; ++it) {
    ndarray rho;
    if (std::optional<int> info = bicg_open(s, r, rtilde, rhotol, rho)) return {s.x, *info, it};
    if (it > 0) {
      // u = r + beta q; p = u + beta (q + beta p)
      axpby(u, constant(1.0), &r, constant(0.0));
      axpby(u, ratio(rho, &rho_prev), &q, constant(1.0));
      axpby(p, constant(1.0), &q, ratio(rho, &rho_prev));
      axpby(p, constant(1.0), &u, ratio(rho, &rho_prev));
    }
    ndarray phat = precondition(o, p, s);
    ndarray vhat = apply(A.matvec, phat, s.n, s.t, "matvec");
    ndarray rv = dotc(rtilde, vhat);
    if (host_value(rv) == 0.0) return {s.x, -11, it};
    axpby(q, constant(1.0), &u, constant(0.0));
    axpby(q, ratio(rho, &rv, -1.0), &vhat, constant(1.0));  // q = u - alpha vhat
    ndarray uq = copy(u, Order::C);
    axpby(uq, constant(1.0), &q, constant(1.0));
    ndarray uhat = precondition(o, uq, s);
    axpby(s.x, ratio(rho, &rv), &uhat, constant(1.0));  // x += alpha uhat
    // The true residual, not the recurrence (SciPy's choice: the recurrence drifts).
    ndarray ax = apply(A.matvec, s.x, s.n, s.t, "matvec");
    axpby(r, constant(1.0), &s.b, constant(0.0));
    axpby(r, constant(-1.0), &ax, constant(1.0));
    rho_prev = rho;
    if (o.callback) o.callback(s.x);
  }
  return {s.x, s.maxiter, it};
}

IterativeResult bicgstab(const LinearOperator& A, const ndarray& b, const IterativeOptions& o) {
  System s = make_system("bicgstab", A, b, o, 10);
  if (s.bnrm2 == 0) return {s.b, 0, 0};
  const double rhotol = eps_of(s.t) * eps_of(s.t), omegatol = rhotol;
  ndarray r = initial_residual(A, s);
  ndarray rtilde = copy(r, Order::C);
  ndarray p = copy(r, Order::C), v, omega, alpha, rho_prev;
  int64_t it = 0;
  for (; it < s.maxiter; ++it) {
    ndarray rho;
    if (std::optional<int> info = bicg_open(s, r, rtilde, rhotol, rho)) return {s.x, *info, it};
    if (it > 0) {
      if (std::abs(host_value(omega)) < omegatol) return {s.x, -11, it};
      // beta = (rho / rho_prev) (alpha / omega); p = r + beta (p - omega v)
      ndarray beta = cupric::multiply(cupric::divide(rho, rho_prev), cupric::divide(alpha, omega));
      axpby(p, ratio(omega, nullptr, -1.0), &v, constant(1.0));
      axpby(p, constant(1.0), &r, ratio(beta));
    }
    ndarray phat = precondition(o, p, s);
    v = apply(A.matvec, phat, s.n, s.t, "matvec");
    ndarray rv = dotc(rtilde, v);
    if (host_value(rv) == 0.0) return {s.x, -11, it};
    alpha = cupric::divide(rho, rv);
    axpby(r, ratio(alpha, nullptr, -1.0), &v, constant(1.0));  // r (now s) -= alpha v
    if (nrm2(r) < s.atol) {
      axpby(s.x, ratio(alpha), &phat, constant(1.0));
      return {s.x, 0, it + 1};
    }
    ndarray shat = precondition(o, r, s);
    ndarray t = apply(A.matvec, shat, s.n, s.t, "matvec");
    ndarray ts = dotc(t, r), tt = dotc(t, t);
    omega = cupric::divide(ts, tt);
    axpby(s.x, ratio(alpha), &phat, constant(1.0));
    axpby(s.x, ratio(omega), &shat, constant(1.0));
    axpby(r, ratio(omega, nullptr, -1.0), &t, constant(1.0));
    rho_prev = rho;
    if (o.callback) o.callback(s.x);
  }
  return {s.x, s.maxiter, it};
}

}  // namespace cupric::sparse::linalg
