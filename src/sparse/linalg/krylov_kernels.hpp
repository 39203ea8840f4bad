// The fused vector updates of the Krylov solvers (y = a*x + b*y with coefficients read from
// device scalars), one implementation per backend (Note [Krylov vector updates]).
#pragma once
#include <cstdint>
#include "cupric/config.hpp"
#include "cupric/error.hpp"
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
// The dot products are this module's own too (a product through matmul would be a 1 x 1 GEMM), and
// the update of CG's residual also sums |r|^2 while it writes r, which is the next rho when there
// is no preconditioner: one pass over r instead of two. Per unpreconditioned CG iteration the
// vectors are read or written 11 times plus the matvec (CuPy's cg, whose expressions such as
// x + alpha * p make temporaries, and its nrm2: 18).
struct Coef {
  const void* num = nullptr;
  const void* den = nullptr;
  double sign = 1.0;
};

// Dot products reduce in two steps on a GPU: per-block partial sums into `work` (kDotBlocks
// complex128 elements from the front), then one block adds them into `out`, a 0-d array of
// dtype t in the backend's memory. Sums accumulate in double precision (complex128 for the
// complex dtypes) and are rounded to t once, and the order is fixed, so the result does not
// vary from run to run (no atomics).
inline constexpr int64_t kDotBlocks = 1024;

struct KrylovFns {
  // y[i] = a * x[i] + b * y[i] for i < n (contiguous vectors of dtype t: float32, float64,
  // complex64, complex128), on stream s. x may be null (then y = b * y).
  void (*axpby)(DType t, int64_t n, Coef a, const void* x, Coef b, void* y, const Stream& s);
  // *out = sum_i conj(x[i]) * y[i].
  void (*dotc)(DType t, int64_t n, const void* x, const void* y, void* out, void* work, const Stream& s);
  // axpby, then *out = sum_i |y[i]|^2 of the updated y, in the same pass over y (CG's residual
  // update and its next rho without a preconditioner: Note [Krylov vector updates]).
  void (*axpby_norm2)(DType t, int64_t n, Coef a, const void* x, Coef b, void* y, void* out, void* work,
                      const Stream& s);
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
// The double-precision accumulator of a dot product and its terms: conj(x) * y, |y|^2.
template <class R>
struct KAcc {
  using type = double;
  CUPRIC_HD static double zero() { return 0.0; }
  CUPRIC_HD static double dot(R x, R y) { return double(x) * double(y); }
  CUPRIC_HD static double norm2(R y) { return double(y) * double(y); }
  CUPRIC_HD static R round(double v) { return R(v); }
};
template <class R>
struct KAcc<Cx<R>> {
  using type = Cx<double>;
  CUPRIC_HD static Cx<double> zero() { return {0.0, 0.0}; }
  CUPRIC_HD static Cx<double> dot(Cx<R> x, Cx<R> y) {
    return {double(x.re) * y.re + double(x.im) * y.im, double(x.re) * y.im - double(x.im) * y.re};
  }
  CUPRIC_HD static Cx<double> norm2(Cx<R> y) { return {double(y.re) * y.re + double(y.im) * y.im, 0.0}; }
  CUPRIC_HD static Cx<R> round(Cx<double> v) { return {R(v.re), R(v.im)}; }
};
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

// Calls f.template operator()<T>() with T the element type of dtype t (both backends' switch).
template <class F>
void by_krylov_dtype(DType t, F&& f) {
  switch (t.type) {
    case ScalarType::Float32: return f.template operator()<float>();
    case ScalarType::Float64: return f.template operator()<double>();
    case ScalarType::Complex64: return f.template operator()<Cx<float>>();
    case ScalarType::Complex128: return f.template operator()<Cx<double>>();
    default: throw TypeError("Krylov update: unsupported dtype " + t.name());
  }
}

}  // namespace cupric::sparse::linalg
