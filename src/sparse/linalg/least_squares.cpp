// SciPy 1.17's lsqr and lsmr over a LinearOperator: the bidiagonalisation's vectors on the
// device, its scalars and stopping tests on the host, step for step as SciPy.
#include <algorithm>
#include <cmath>
#include <limits>
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/ufunc.hpp"
#include "sparse/linalg/krylov_common.hpp"

namespace cupric::sparse::linalg {

using namespace detail;

namespace {

constexpr double kEps = std::numeric_limits<double>::epsilon();

double sign(double v) { return v > 0 ? 1.0 : (v < 0 ? -1.0 : 0.0); }

// A stable plane rotation (c, s, r) with [c s; -s c] [a; b] = [r; 0] (Choi's SymOrtho).
struct Rot {
  double c, s, r;
};
Rot sym_ortho(double a, double b) {
  if (b == 0) return {sign(a), 0, std::abs(a)};
  if (a == 0) return {0, sign(b), std::abs(b)};
  if (std::abs(b) > std::abs(a)) {
    const double tau = a / b, s = sign(b) / std::sqrt(1 + tau * tau);
    return {s * tau, s, b / s};
  }
  const double tau = b / a, c = sign(a) / std::sqrt(1 + tau * tau);
  return {c, c * tau, a / c};
}

struct Setup {
  int64_t m = 0, n = 0;
  DType t;
  ndarray b, x;
  bool x0_given = false;
};

Setup setup(const char* name, const LinearOperator& A, const ndarray& b_in, const LeastSquaresOptions& o) {
  if (!A.matvec || !A.rmatvec)
    throw NotImplementedError(std::string(name) + ": the operator needs both matvec and rmatvec");
  Setup s;
  s.m = A.rows;
  s.n = A.cols;
  ndarray b = b_in.ndim() == 0 ? reshape(b_in, Dims{1}) : b_in;
  if (b.ndim() > 1) b = ravel(b);  // SciPy squeezes an (m, 1) b
  if (b.shape()[0] != s.m)
    throw ValueError("shapes of A " + shape_text(A.rows, A.cols) + " and b " + shape_text(b_in.shape()) +
                     " are incompatible");
  s.t = promote_types(promote_types(A.dtype, b.dtype()), dtypes::float64);
  if (o.x0.defined()) {
    s.t = promote_types(s.t, o.x0.dtype());
    if (o.x0.size() != s.n)
      throw ValueError("shapes of A " + shape_text(A.rows, A.cols) + " and x0 " + shape_text(o.x0.shape()) +
                       " are incompatible");
    s.x = copy(astype(ravel(o.x0), s.t), Order::C);
    s.x0_given = true;
  } else {
    s.x = zeros(Dims{s.n}, s.t);
  }
  s.b = copy(astype(b, s.t), Order::C);
  return s;
}

void scale(const ndarray& v, double c) { axpby(v, Coef{}, nullptr, constant(c)); }

// Golub-Kahan bidiagonalisation, as lsqr and lsmr run it: beta u = b - A x0, alpha v = A^H u to
// start, then beta u = A v - alpha u, alpha v = A^H u - beta v per step (norms on the host).
struct Bidiagonalisation {
  const LinearOperator& A;
  const Setup& s;
  ndarray u, v;
  double bnorm = 0, beta = 0, alpha = 0;

  ndarray mv(const ndarray& x) const { return copy(apply(A.matvec, x, s.m, s.t, "matvec"), Order::C); }
  ndarray rmv(const ndarray& x) const { return copy(apply(A.rmatvec, x, s.n, s.t, "rmatvec"), Order::C); }

  // v_is_x: v when b - A x0 is zero is a copy of x (lsqr), else zeros (lsmr).
  Bidiagonalisation(const LinearOperator& a, const Setup& setup, bool v_is_x) : A(a), s(setup) {
    u = copy(s.b, Order::C);
    bnorm = beta = nrm2(s.b);
    if (s.x0_given) {
      ndarray ax = mv(s.x);
      axpby(u, constant(-1.0), &ax, constant(1.0));
      beta = nrm2(u);
    }
    if (beta > 0) {
      scale(u, 1 / beta);
      v = rmv(u);
      alpha = nrm2(v);
    } else {
      v = v_is_x ? copy(s.x, Order::C) : zeros(Dims{s.n}, s.t);
    }
    if (alpha > 0) scale(v, 1 / alpha);
  }

  // One step; returns whether beta > 0 (v and alpha are updated only then).
  bool step() {
    ndarray av = mv(v);
    axpby(u, constant(1.0), &av, constant(-alpha));
    beta = nrm2(u);
    if (!(beta > 0)) return false;
    scale(u, 1 / beta);
    ndarray atu = rmv(u);
    axpby(v, constant(1.0), &atu, constant(-beta));
    alpha = nrm2(v);
    if (alpha > 0) scale(v, 1 / alpha);
    return true;
  }
};

// The stopping rule lsqr and lsmr share (SciPy's istop): 0 to go on, else the reason, the
// lowest-numbered test that holds winning (1: the residual is small, 2: the least-squares
// residual is, 3: cond(A) passed conlim, 4-6: the same three at machine precision, 7: the
// iteration limit). t1 is test1 scaled by |A| |x| / |b| (SciPy's test1 for rule 4).
int stop_reason(int64_t itn, int64_t iter_lim, double test1, double test2, double test3, double t1, double rtol,
                double atol, double ctol) {
  if (test1 <= rtol) return 1;
  if (test2 <= atol) return 2;
  if (test3 <= ctol) return 3;
  if (1 + t1 <= 1) return 4;
  if (1 + test2 <= 1) return 5;
  if (1 + test3 <= 1) return 6;
  if (itn >= iter_lim) return 7;
  return 0;
}

}  // namespace

LsqrResult lsqr(const LinearOperator& A, const ndarray& b_in, const LeastSquaresOptions& o) {
  Setup s = setup("lsqr", A, b_in, o);
  const int64_t n = s.n;
  const int64_t iter_lim = o.iter_lim ? *o.iter_lim : 2 * n;
  LsqrResult res;
  res.var = zeros(Dims{n}, dtypes::float64);
  const double ctol = o.conlim > 0 ? 1 / o.conlim : 0;
  const double damp = o.damp, dampsq = damp * damp;
  double anorm = 0, acond = 0, ddnorm = 0, res2 = 0, xnorm = 0, xxnorm = 0, z = 0, cs2 = -1, sn2 = 0;
  Bidiagonalisation bd(A, s, true);
  ndarray& v = bd.v;
  const double bnorm = bd.bnorm;
  double &beta = bd.beta, &alfa = bd.alpha;
  ndarray w = copy(v, Order::C);
  double rhobar = alfa, phibar = beta, rnorm = beta, r1norm = rnorm, r2norm = rnorm;
  double arnorm = alfa * beta;
  int istop = 0;
  int64_t itn = 0;
  auto done = [&]() {
    res.x = s.x;
    res.istop = istop;
    res.itn = itn;
    res.r1norm = r1norm;
    res.r2norm = r2norm;
    res.anorm = anorm;
    res.acond = acond;
    res.arnorm = arnorm;
    res.xnorm = xnorm;
    return res;
  };
  if (arnorm == 0) return done();
  while (itn < iter_lim) {
    ++itn;
    const double alfa_old = alfa;
    if (bd.step()) anorm = std::sqrt(anorm * anorm + alfa_old * alfa_old + beta * beta + dampsq);
    double rhobar1 = rhobar, psi = 0;
    if (damp > 0) {
      rhobar1 = std::sqrt(rhobar * rhobar + dampsq);
      const double cs1 = rhobar / rhobar1, sn1 = damp / rhobar1;
      psi = sn1 * phibar;
      phibar = cs1 * phibar;
    }
    const Rot g = sym_ortho(rhobar1, beta);
    const double cs = g.c, sn = g.s, rho = g.r;
    const double theta = sn * alfa;
    rhobar = -cs * alfa;
    const double phi = cs * phibar;
    phibar = sn * phibar;
    const double tau = sn * phi;
    const double t1 = phi / rho, t2 = -theta / rho;
    ndarray dk = copy(w, Order::C);
    scale(dk, 1 / rho);
    axpby(s.x, constant(t1), &w, constant(1.0));  // x += t1 w
    axpby(w, constant(1.0), &v, constant(t2));    // w = v + t2 w
    const double dkn = nrm2(dk);
    ddnorm += dkn * dkn;
    if (o.calc_var) res.var = cupric::add(res.var, cupric::multiply(dk, dk));
    const double delta = sn2 * rho, gambar = -cs2 * rho, rhs = phi - delta * z, zbar = rhs / gambar;
    xnorm = std::sqrt(xxnorm + zbar * zbar);
    const double gamma = std::sqrt(gambar * gambar + theta * theta);
    cs2 = gambar / gamma;
    sn2 = theta / gamma;
    z = rhs / gamma;
    xxnorm += z * z;
    acond = anorm * std::sqrt(ddnorm);
    const double res1 = phibar * phibar;
    res2 += psi * psi;
    rnorm = std::sqrt(res1 + res2);
    arnorm = alfa * std::abs(tau);
    if (damp > 0) {
      const double r1sq = rnorm * rnorm - dampsq * xxnorm;
      r1norm = std::sqrt(std::abs(r1sq));
      if (r1sq < 0) r1norm = -r1norm;
    } else {
      r1norm = rnorm;
    }
    r2norm = rnorm;
    const double test1 = rnorm / bnorm, test2 = arnorm / (anorm * rnorm + kEps), test3 = 1 / (acond + kEps);
    const double tt1 = test1 / (1 + anorm * xnorm / bnorm);
    const double rtol = o.btol + o.atol * anorm * xnorm / bnorm;
    istop = stop_reason(itn, iter_lim, test1, test2, test3, tt1, rtol, o.atol, ctol);
    if (istop != 0) break;
  }
  return done();
}

LsmrResult lsmr(const LinearOperator& A, const ndarray& b_in, const LeastSquaresOptions& o) {
  Setup s = setup("lsmr", A, b_in, o);
  const int64_t n = s.n;
  const int64_t maxiter = o.iter_lim ? *o.iter_lim : std::min(s.m, n);
  const double damp = o.damp;
  Bidiagonalisation bd(A, s, false);
  ndarray& v = bd.v;
  const double normb = bd.bnorm;
  double &beta = bd.beta, &alpha = bd.alpha;
  int64_t itn = 0;
  double zetabar = alpha * beta, alphabar = alpha, rho = 1, rhobar = 1, cbar = 1, sbar = 0;
  ndarray h = copy(v, Order::C), hbar = zeros(Dims{n}, s.t);
  double betadd = beta, betad = 0, rhodold = 1, tautildeold = 0, thetatilde = 0, zeta = 0, d = 0;
  double normA2 = alpha * alpha, maxrbar = 0, minrbar = 1e100, normA = std::sqrt(normA2), condA = 1, normx = 0;
  int istop = 0;
  const double ctol = o.conlim > 0 ? 1 / o.conlim : 0;
  double normr = beta, normar = alpha * beta;
  auto done = [&]() { return LsmrResult{s.x, istop, itn, normr, normar, normA, condA, normx}; };
  if (normar == 0) return done();
  if (normb == 0) {
    s.x = zeros(Dims{n}, s.t);
    return done();
  }
  while (itn < maxiter) {
    ++itn;
    bd.step();
    const Rot hat = sym_ortho(alphabar, damp);
    const double chat = hat.c, shat = hat.s, alphahat = hat.r;
    const double rhoold = rho;
    const Rot g = sym_ortho(alphahat, beta);
    const double c = g.c, sn = g.s;
    rho = g.r;
    const double thetanew = sn * alpha;
    alphabar = c * alpha;
    const double rhobarold = rhobar, zetaold = zeta, thetabar = sbar * rho, rhotemp = cbar * rho;
    const Rot gb = sym_ortho(cbar * rho, thetanew);
    cbar = gb.c;
    sbar = gb.s;
    rhobar = gb.r;
    zeta = cbar * zetabar;
    zetabar = -sbar * zetabar;
    axpby(hbar, constant(1.0), &h, constant(-(thetabar * rho / (rhoold * rhobarold))));  // hbar = h - k hbar
    axpby(s.x, constant(zeta / (rho * rhobar)), &hbar, constant(1.0));
    axpby(h, constant(1.0), &v, constant(-(thetanew / rho)));  // h = v - (thetanew / rho) h
    const double betaacute = chat * betadd, betacheck = -shat * betadd;
    const double betahat = c * betaacute;
    betadd = -sn * betaacute;
    const double thetatildeold = thetatilde;
    const Rot gt = sym_ortho(rhodold, thetabar);
    thetatilde = gt.s * rhobar;
    rhodold = gt.c * rhobar;
    betad = -gt.s * betad + gt.c * betahat;
    tautildeold = (zetaold - thetatildeold * tautildeold) / gt.r;
    const double taud = (zeta - thetatilde * tautildeold) / rhodold;
    d += betacheck * betacheck;
    normr = std::sqrt(d + (betad - taud) * (betad - taud) + betadd * betadd);
    normA2 += beta * beta;
    normA = std::sqrt(normA2);
    normA2 += alpha * alpha;
    maxrbar = std::max(maxrbar, rhobarold);
    if (itn > 1) minrbar = std::min(minrbar, rhobarold);
    condA = std::max(maxrbar, rhotemp) / std::min(minrbar, rhotemp);
    normar = std::abs(zetabar);
    normx = nrm2(s.x);
    const double test1 = normr / normb;
    const double test2 = normA * normr != 0 ? normar / (normA * normr) : std::numeric_limits<double>::infinity();
    const double test3 = 1 / condA, t1 = test1 / (1 + normA * normx / normb);
    const double rtol = o.btol + o.atol * normA * normx / normb;
    istop = stop_reason(itn, maxiter, test1, test2, test3, t1, rtol, o.atol, ctol);
    if (istop > 0) break;
  }
  return done();
}

}  // namespace cupric::sparse::linalg
