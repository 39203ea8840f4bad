// The fused vector updates of the Krylov solvers (y = a*x + b*y with coefficients read from
// device scalars), one implementation per backend (Note [Krylov vector updates]).
#pragma once
#include <cstdint>
#include "cupric/config.hpp"
#include "cupric/detail/dispatch.hpp"
#include "cupric/dtype.hpp"
#include "cupric/runtime/backend.hpp"

namespace cupric::sparse::linalg {

// Note [Krylov vector updates]
// A Krylov iteration is a matvec, two or three dot products and three or four vector updates of
// the form y = a*x + b*y, whose coefficients are ratios of the dot products (CG's
// alpha = rho / (p, Ap), beta = rho_new / rho). NumPy-style code computes each ratio on the host,
// which reads every dot product back (a blocking sync per dot) and spends two kernels (a
// multiply into a temporary, then an add) per update, reading and writing a vector twice. Here a
// coefficient is described, not computed: `Coef` is sign * num / den with num and den the
// addresses of 0-d arrays of the vectors' dtype in the backend's memory (null: 1), and the update
// kernel forms it in each thread from those two loads. So a CG iteration runs on the device from
// start to end without the host knowing any scalar (the convergence test is the only read-back:
// Note [Residual checks] in src/sparse/linalg/krylov.cpp), each update is one kernel that reads x
// and y once and writes y once (cuBLAS's axpy traffic), and a zero denominator gives a zero
// coefficient instead of NaN, so iterations run past exact convergence (which the batched residual
// checks do) leave x unchanged. A zero b never reads y, which may then be uninitialised.
struct Coef {
  const void* num = nullptr;
  const void* den = nullptr;
  double sign = 1.0;
};

struct KrylovFns {
  // y[i] = a * x[i] + b * y[i] for i < n (contiguous vectors of dtype t: float32, float64,
  // complex64, complex128), on stream s. x may be null (then y = b * y).
  void (*axpby)(DType t, int64_t n, Coef a, const void* x, Coef b, void* y, const Stream& s);
};

dispatch::Table<const KrylovFns*>& krylov_table();

// The per-element arithmetic both backends run (a shared header, Note [Source folders] in
// cmake/sources.cmake): real T, or a {re, im} pair for the complex dtypes.
template <class R>
struct Cx {
  R re, im;
};
template <class R>
CUPRIC_HD inline R kmul(R a, R b) {
  return a * b;
}
template <class R>
CUPRIC_HD inline Cx<R> kmul(Cx<R> a, Cx<R> b) {
  return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}
template <class R>
CUPRIC_HD inline R kadd(R a, R b) {
  return a + b;
}
template <class R>
CUPRIC_HD inline bool kzero(R a) {
  return a == R(0);
}
template <class R>
CUPRIC_HD inline bool kzero(Cx<R> a) {
  return a.re == R(0) && a.im == R(0);
}
// a * x + b * y, not reading y when b is zero (y may be uninitialised memory, whose NaNs would
// survive a multiplication by zero).
template <class T>
CUPRIC_HD inline T kaxpby(T a, T x, T b, const T& y) {
  return kzero(b) ? kmul(a, x) : kadd(kmul(a, x), kmul(b, y));
}
template <class R>
CUPRIC_HD inline Cx<R> kadd(Cx<R> a, Cx<R> b) {
  return {a.re + b.re, a.im + b.im};
}
// sign * num / den, 0 when den is zero (Note [Krylov vector updates]).
template <class R>
CUPRIC_HD inline R kcoef(const R* num, const R* den, double sign) {
  const R n = num ? *num : R(1), d = den ? *den : R(1);
  return d == R(0) ? R(0) : R(sign) * n / d;
}
template <class R>
CUPRIC_HD inline Cx<R> kcoef(const Cx<R>* num, const Cx<R>* den, double sign) {
  const Cx<R> n = num ? *num : Cx<R>{R(1), R(0)}, d = den ? *den : Cx<R>{R(1), R(0)};
  const R m = d.re * d.re + d.im * d.im;
  if (m == R(0)) return {R(0), R(0)};
  const R s = R(sign) / m;  // n * conj(d) / |d|^2
  return {s * (n.re * d.re + n.im * d.im), s * (n.im * d.re - n.re * d.im)};
}

}  // namespace cupric::sparse::linalg
