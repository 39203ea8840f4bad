// SciPy 1.17's MINRES (Paige and Saunders) over a LinearOperator: the Lanczos vectors on the
// device, the plane rotations and the stopping tests on the host, step for step as SciPy.
#include <algorithm>
#include <cmath>
#include <limits>
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "sparse/linalg/krylov_common.hpp"

namespace cupric::sparse::linalg {

using namespace detail;

IterativeResult minres(const LinearOperator& A, const ndarray& b, const MinresOptions& o) {
  System s = make_system("minres", A, b, o, 5);
  const int64_t n = s.n;
  const double eps = s.t.type == ScalarType::Float32 || s.t.type == ScalarType::Complex64
                         ? std::numeric_limits<float>::epsilon()
                         : std::numeric_limits<double>::epsilon();
  const double gmin_start = s.t.type == ScalarType::Float32 || s.t.type == ScalarType::Complex64
                                ? std::numeric_limits<float>::max()
                                : std::numeric_limits<double>::max();
  // Fresh copies: an operator may hand back its input, and the vectors below are updated in place.
  auto mv = [&](const ndarray& v) { return copy(apply(A.matvec, v, n, s.t, "matvec"), Order::C); };
  auto psolve = [&](const ndarray& v) {
    return o.M ? copy(apply(o.M->matvec, v, n, s.t, "preconditioner matvec"), Order::C) : v;
  };
  auto inner = [&](const ndarray& a, const ndarray& c) { return host_value(dotc(a, c)).real(); };
  // SciPy's x and w turn float64 (complex128) at the first update, whose coefficients are
  // float64 scalars; the Lanczos vectors stay in the system's dtype. So do these.
  const DType xt = promote_types(s.t, dtypes::float64);

  ndarray r1 = copy(s.b, Order::C);
  if (s.x0_given) {
    ndarray ax = mv(s.x);
    axpby(r1, constant(-1.0), &ax, constant(1.0));
  }
  ndarray y = psolve(r1);
  double beta1 = inner(r1, y);
  if (beta1 < 0) throw ValueError("indefinite preconditioner");
  if (beta1 == 0) return {s.x, 0, 0};
  if (s.bnrm2 == 0) return {s.b, 0, 0};
  beta1 = std::sqrt(beta1);
  if (o.check) {
    ndarray w = mv(y);
    ndarray r2 = mv(w);
    double sv = inner(w, w), t = inner(y, r2);
    if (std::abs(sv - t) > (sv + eps) * std::cbrt(eps)) throw ValueError("non-symmetric matrix");
    r2 = psolve(y);
    sv = inner(y, y);
    t = inner(r1, r2);
    if (std::abs(sv - t) > (sv + eps) * std::cbrt(eps)) throw ValueError("non-symmetric preconditioner");
  }
  int istop = 0;
  int64_t itn = 0;
  double oldb = 0, beta = beta1, dbar = 0, epsln = 0, phibar = beta1, rhs1 = beta1, rhs2 = 0, tnorm2 = 0, gmax = 0,
         gmin = gmin_start, cs = -1, sn = 0;
  ndarray w = zeros(Dims{n}, xt), w2 = zeros(Dims{n}, xt), w1;
  ndarray x = copy(astype(s.x, xt), Order::C);
  ndarray r2 = r1;
  while (itn < s.maxiter) {
    ++itn;
    ndarray v = copy(y, Order::C);
    axpby(v, Coef{}, nullptr, constant(1.0 / beta));
    y = mv(v);
    if (o.shift != 0.0) axpby(y, constant(-o.shift), &v, constant(1.0));
    if (itn >= 2) axpby(y, constant(-beta / oldb), &r1, constant(1.0));
    const double alfa = inner(v, y);
    axpby(y, constant(-alfa / beta), &r2, constant(1.0));
    r1 = r2;
    r2 = y;
    y = psolve(r2);
    oldb = beta;
    beta = inner(r2, y);
    if (beta < 0) throw ValueError("non-symmetric matrix");
    beta = std::sqrt(beta);
    tnorm2 += alfa * alfa + oldb * oldb + beta * beta;
    if (itn == 1 && beta / beta1 <= 10 * eps) istop = -1;  // terminate later
    // The previous rotation, then the next one.
    const double oldeps = epsln;
    const double delta = cs * dbar + sn * alfa;
    const double gbar = sn * dbar - cs * alfa;
    epsln = sn * beta;
    dbar = -cs * beta;
    const double root = std::hypot(gbar, dbar);
    const double gamma = std::max(std::hypot(gbar, beta), eps);
    cs = gbar / gamma;
    sn = beta / gamma;
    const double phi = cs * phibar;
    phibar = sn * phibar;
    // w = (v - oldeps w1 - delta w2) / gamma; x += phi w
    w1 = w2;
    w2 = w;
    w = copy(astype(v, xt), Order::C);
    axpby(w, constant(-oldeps), &w1, constant(1.0));
    axpby(w, constant(-delta), &w2, constant(1.0));
    axpby(w, Coef{}, nullptr, constant(1.0 / gamma));
    axpby(x, constant(phi), &w, constant(1.0));
    gmax = std::max(gmax, gamma);
    gmin = std::min(gmin, gamma);
    const double z = rhs1 / gamma;
    rhs1 = rhs2 - delta * z;
    rhs2 = -epsln * z;
    const double Anorm = std::sqrt(tnorm2), ynorm = nrm2(x);
    const double epsx = Anorm * ynorm * eps;
    const double rnorm = phibar;
    const double inf = std::numeric_limits<double>::infinity();
    const double test1 = (ynorm == 0 || Anorm == 0) ? inf : rnorm / (Anorm * ynorm);
    const double test2 = Anorm == 0 ? inf : root / Anorm;
    const double Acond = gmax / gmin;
    if (istop == 0) {
      if (1 + test2 <= 1) istop = 2;
      if (1 + test1 <= 1) istop = 1;
      if (itn >= s.maxiter) istop = 6;
      if (Acond >= 0.1 / eps) istop = 4;
      if (epsx >= beta1) istop = 3;
      if (test2 <= o.rtol) istop = 2;
      if (test1 <= o.rtol) istop = 1;
    }
    if (o.callback) o.callback(x);
    if (istop != 0) break;
  }
  return {x, istop == 6 ? s.maxiter : 0, itn};
}

}  // namespace cupric::sparse::linalg
