// LU with partial pivoting of one small matrix, written once for the GPU kernel (a group of lanes
// of a warp per matrix, src/linalg/solvers/cuda/tiny_lu.cu) and the host loop (one thread,
// host/tiny_host.cpp) (Note [Tiny solvers] in tiny_solvers.cpp).
#pragma once
#include <cmath>
#include <cstdint>
#include <type_traits>
#include "cupric/complex.hpp"
#include "cupric/config.hpp"

namespace cupric::linalg::tiny {

// The largest order the tiny path takes: a GPU group is at most a warp, one lane per row.
constexpr int kMaxN = 32;

// The leading dimension of an n x n matrix in the factorisations' buffer: n rounded up to an odd
// count, so that elements ld apart fall in different shared-memory banks on the GPU (Note [Tiny
// solver layout] in cuda/tiny_lu.cu); the host uses it too, so its tests cover the same indexing.
CUPRIC_HD constexpr int tiny_ld(int n) { return n | 1; }

// Arithmetic on float, double, complex<float>, complex<double> (functions, not operators, so
// nothing here meets the operators of other headers).
template <class T> struct Real {
  using type = T;
};
template <class R> struct Real<complex<R>> {
  using type = R;
};
template <class T> using real_t = typename Real<T>::type;

// NumPy's linalg computes float32/complex64 in double precision and rounds the results back
// (numpy/linalg/_linalg.py passes signature 'd->d' / 'D->D'); so does the tiny path: the matrices
// are read into wide_t and the results static_cast back.
template <class S> struct Wide {
  using type = double;
};
template <class R> struct Wide<complex<R>> {
  using type = complex<double>;
};
template <class S> using wide_t = typename Wide<S>::type;

template <class R> CUPRIC_HD inline R mul(R a, R b) { return a * b; }
template <class R> CUPRIC_HD inline complex<R> mul(complex<R> a, complex<R> b) {
  return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}
template <class R> CUPRIC_HD inline R sub(R a, R b) { return a - b; }
template <class R> CUPRIC_HD inline complex<R> sub(complex<R> a, complex<R> b) { return {a.re - b.re, a.im - b.im}; }
template <class R> CUPRIC_HD inline R div(R a, R b) { return a / b; }
// Smith's division: no overflow of |b|^2 for large b.
template <class R> CUPRIC_HD inline complex<R> div(complex<R> a, complex<R> b) {
  if (std::fabs(b.re) >= std::fabs(b.im)) {
    const R r = b.im / b.re, d = b.re + b.im * r;
    return {(a.re + a.im * r) / d, (a.im - a.re * r) / d};
  }
  const R r = b.re / b.im, d = b.re * r + b.im;
  return {(a.re * r + a.im) / d, (a.im * r - a.re) / d};
}
template <class R> CUPRIC_HD inline R scale(R a, R s) { return a * s; }
template <class R> CUPRIC_HD inline complex<R> scale(complex<R> a, R s) { return {a.re * s, a.im * s}; }
template <class R> CUPRIC_HD inline R conj_of(R a) { return a; }
template <class R> CUPRIC_HD inline complex<R> conj_of(complex<R> a) { return {a.re, -a.im}; }
template <class R> CUPRIC_HD inline R real_part(R a) { return a; }
template <class R> CUPRIC_HD inline R real_part(complex<R> a) { return a.re; }
template <class R> CUPRIC_HD inline bool is_zero(R a) { return a == R(0); }
template <class R> CUPRIC_HD inline bool is_zero(complex<R> a) { return a.re == R(0) && a.im == R(0); }
template <class T> CUPRIC_HD inline T nan_value() {
  const real_t<T> q = NAN;
  if constexpr (is_complex_v<T>)
    return T(q, q);
  else
    return q;
}

// The pivot's key: LAPACK's i?amax measure (|x| for real, |re| + |im| for complex), made a total
// order so that every lane of a group picks the same row: NaN ranks above everything (it is taken
// as the pivot and propagates, as LAPACK gives NaN results with info = 0), rows outside the
// search rank below everything (-1).
template <class R> CUPRIC_HD inline R pivot_key(R a) { return a != a ? R(INFINITY) : std::fabs(a); }
template <class R> CUPRIC_HD inline R pivot_key(complex<R> a) {
  const R k = std::fabs(a.re) + std::fabs(a.im);
  return k != k ? R(INFINITY) : k;
}
// Whether (key b, row ib) wins over (key a, row ia): larger key, then the lower row (LAPACK's
// first maximum).
template <class R> CUPRIC_HD inline bool better(R kb, int ib, R ka, int ia) { return kb > ka || (kb == ka && ib < ia); }

// One lane doing all rows: the host's "group". each(lo, hi, f) calls f(i) for the rows i in
// [lo, hi) this lane owns; argmax returns the winning row of [lo, hi) with its key; sync orders
// the group's shared-memory writes before the next reads.
struct SerialLanes {
  template <class F> void each(int lo, int hi, F&& f) const {
    for (int i = lo; i < hi; ++i) f(i);
  }
  template <class R, class Key> int argmax(int lo, int hi, Key&& key, R& best) const {
    int bi = lo;
    best = R(-1);
    for (int i = lo; i < hi; ++i) {
      const R k = key(i);
      if (better(k, i, best, bi)) best = k, bi = i;
    }
    return bi;
  }
  void sync() const {}
};

// LU with partial pivoting of the n x n column-major matrix a (element (i, j) at a[j * ld + i],
// ld >= n: the GPU pads it, Note [Tiny solver layout] in cuda/tiny_lu.cu) in place, as LAPACK's getrf: unit L below the diagonal, U on and above; piv[k] the 0-based row
// swapped with row k at step k. Returns LAPACK's info: 0, or k + 1 for the first exactly zero
// pivot U[k][k] (the factorisation goes on past it, as LAPACK's does). Every lane of a group
// calls it with the same a and piv (shared memory on the GPU); `piv` is written by row 0's lane.
template <class T, class Lanes> CUPRIC_HD int lu_factor(T* a, int ld, int* piv, int n, const Lanes& lanes) {
  using R = real_t<T>;
  int info = 0;
  for (int k = 0; k < n; ++k) {
    R key;
    const int p = lanes.argmax(k, n, [&](int i) { return pivot_key(a[k * ld + i]); }, key);
    const bool nonzero = key != R(0);  // all of the column at and below k is zero otherwise
    if (!nonzero && info == 0) info = k + 1;
    lanes.each(0, 1, [&](int) { piv[k] = p; });
    if (nonzero && p != k)
      lanes.each(0, n, [&](int j) {  // here the lane index is a column
        const T t = a[j * ld + k];
        a[j * ld + k] = a[j * ld + p];
        a[j * ld + p] = t;
      });
    lanes.sync();
    if (nonzero)
      lanes.each(k + 1, n, [&](int i) {
        const T l = div(a[k * ld + i], a[k * ld + k]);
        a[k * ld + i] = l;
        for (int j = k + 1; j < n; ++j) a[j * ld + i] = sub(a[j * ld + i], mul(l, a[j * ld + k]));
      });
    lanes.sync();
  }
  return info;
}

// Cholesky of the Hermitian n x n matrix whose lower triangle a holds (column-major), in place, as
// LAPACK's potrf 'L': L on and below the diagonal (the strict upper triangle is left as it was).
// Returns 0, or k + 1 for the first pivot <= 0 (a NaN pivot propagates without failing, as in the
// OpenBLAS NumPy ships); the columns from there on are left unfinished. Every lane of a group calls it, as lu_factor.
template <class T, class Lanes> CUPRIC_HD int cholesky_factor(T* a, int ld, int n, const Lanes& lanes) {
  using R = real_t<T>;
  int info = 0;
  for (int k = 0; k < n; ++k) {
    const R d = real_part(a[k * ld + k]);
    if (info == 0 && d <= R(0)) info = k + 1;
    const bool go = info == 0;
    const R inv_s = go ? R(1) / std::sqrt(d) : R(1);
    lanes.sync();  // every lane has read the pivot before its lane scales it
    if (go) lanes.each(k, n, [&](int i) { a[k * ld + i] = scale(a[k * ld + i], inv_s); });
    lanes.sync();
    if (go)
      lanes.each(k + 1, n, [&](int i) {
        const T l = a[k * ld + i];
        for (int j = k + 1; j <= i; ++j) a[j * ld + i] = sub(a[j * ld + i], mul(l, conj_of(a[k * ld + j])));
      });
    lanes.sync();
  }
  return info;
}

// lu_factor's pivots (row piv[q] swapped with row q at step q) as the permutation itself:
// perm[i] is the row of b that row i of P b is (row i traced back through the swaps, last step
// first). Every lane of a group calls it; perm may not be piv.
template <class Lanes> CUPRIC_HD void permutation_of(const int* piv, int n, int* perm, const Lanes& lanes) {
  lanes.each(0, n, [&](int i) {
    int row = i;
    for (int q = n - 1; q >= 0; --q) {
      const int p = piv[q];
      row = row == q ? p : row == p ? q : row;
    }
    perm[i] = row;
  });
  lanes.sync();
}

// Solves L U x = b for one right-hand side with lu_factor's factors: x holds P b (permutation_of)
// on entry and the solution on return. The loops run over the compile-time bound W >= n with
// `< n` guards and no index into x depends on a runtime value, so on the GPU x stays in
// registers (Note [Tiny solver layout] in cuda/tiny_lu.cu).
template <int W, class T> CUPRIC_HD inline void lu_solve_fixed(const T* __restrict__ lu, int ld, int n, T (&x)[W]) {
#if defined(__CUDA_ARCH__)
#pragma unroll
#endif
  for (int k = 0; k < W; ++k) {
    if (k >= n) break;
#if defined(__CUDA_ARCH__)
#pragma unroll
#endif
    for (int i = k + 1; i < W; ++i)
      if (i < n) x[i] = sub(x[i], mul(lu[k * ld + i], x[k]));
  }
#if defined(__CUDA_ARCH__)
#pragma unroll
#endif
  for (int k = W - 1; k >= 0; --k) {
    if (k >= n) continue;
    x[k] = div(x[k], lu[k * ld + k]);
#if defined(__CUDA_ARCH__)
#pragma unroll
#endif
    for (int i = 0; i < k; ++i) x[i] = sub(x[i], mul(lu[k * ld + i], x[k]));
  }
}

// The bucket W of lu_solve_fixed for order n: the GPU kernel and the host loop are instantiated
// per bucket, so a small matrix does not walk 32 guarded steps (host code: the launch, the loop).
template <class F> inline decltype(auto) with_solve_bucket(int n, F&& f) {
  if (n <= 4) return f(std::integral_constant<int, 4>{});
  if (n <= 8) return f(std::integral_constant<int, 8>{});
  if (n <= 16) return f(std::integral_constant<int, 16>{});
  return f(std::integral_constant<int, kMaxN>{});
}

// NumPy's slogdet of the factored matrix: sign (the permutation's parity times each pivot's
// phase d / |d|) and log|det| (the sum of log|d|); a zero pivot gives (0, -inf) as NumPy.
template <class T> CUPRIC_HD inline void slogdet_of(const T* lu, int ld, const int* piv, int n, int info, T& sign,
                                                    real_t<T>& logabs) {
  using R = real_t<T>;
  if (info > 0) {
    sign = T(R(0));
    logabs = R(-INFINITY);
    return;
  }
  int swaps = 0;
  for (int k = 0; k < n; ++k) swaps += piv[k] != k;
  T s = T(R(swaps % 2 ? -1 : 1));
  R acc = 0;
  for (int k = 0; k < n; ++k) {
    const T d = lu[k * ld + k];
    if constexpr (is_complex_v<T>) {
      const R ad = std::hypot(d.re, d.im);
      s = mul(s, T(d.re / ad, d.im / ad));
      acc += std::log(ad);
    } else {
      if (d < 0) s = -s;
      acc += std::log(std::fabs(d));
    }
  }
  sign = s;
  logabs = acc;
}

// NumPy's det from the slogdet: sign * exp(logabsdet).
template <class T> CUPRIC_HD inline T det_of(T sign, real_t<T> logabs) {
  const real_t<T> e = std::exp(logabs);
  if constexpr (is_complex_v<T>)
    return T(sign.re * e, sign.im * e);
  else
    return sign * e;
}

}  // namespace cupric::linalg::tiny
