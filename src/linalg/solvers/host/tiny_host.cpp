// The host backend's tiny path (Note [Tiny solvers] in ../tiny_solvers.cpp): tiny_lu.hpp's LU run
// by one thread over the batch, each matrix read where it lies into a local buffer.
#include "linalg/solvers/tiny_lu.hpp"
#include "cupric/error.hpp"
#include "linalg/solvers/tiny_solvers.hpp"

namespace cupric::linalg::host {
namespace {

using namespace tiny;

// S: the stored dtype; T: the computing one (wide_t, Note [Tiny solvers]).
// W: the bucket of lu_solve_fixed (with_solve_bucket).
template <int W, class S, class T = wide_t<S>>
bool run(const TinyCall& c) {
  const int n = c.n, ld = tiny_ld(n);
  const S* A = static_cast<const S*>(c.a.data);
  const S* B = static_cast<const S*>(c.b.data);
  T a[kMaxN * tiny_ld(kMaxN)], x[W];
  int piv[kMaxN], perm[kMaxN];
  bool failed = false;
  // cholesky_upper factors the transpose (its lower triangle is a's upper one) and stores L^T.
  const bool chol = c.op == TinyOp::cholesky_lower || c.op == TinyOp::cholesky_upper;
  const bool up = c.op == TinyOp::cholesky_upper;
  const int64_t rs = up ? c.a.col : c.a.row, cs = up ? c.a.row : c.a.col;
  for (int64_t m = 0; m < c.batch; ++m) {
    const S* src = A + m * c.a.batch;
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) a[j * ld + i] = static_cast<T>(src[i * rs + j * cs]);
    const int info = chol ? cholesky_factor(a, ld, n, SerialLanes{}) : lu_factor(a, ld, piv, n, SerialLanes{});
    if (chol) {
      S* out = static_cast<S*>(c.out) + m * n * n;
      if (info > 0) {
        failed = true;
        if (c.check) return true;
        for (int64_t e = 0; e < n * n; ++e) out[e] = nan_value<S>();
        continue;
      }
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
          out[up ? j * n + i : i * n + j] = i >= j ? static_cast<S>(a[j * ld + i]) : S(real_t<S>(0));
      continue;
    }
    if (c.op == TinyOp::slogdet || c.op == TinyOp::det) {
      T sign;
      real_t<T> logabs;
      slogdet_of(a, ld, piv, n, info, sign, logabs);
      if (c.op == TinyOp::det) {
        static_cast<S*>(c.out)[m] = static_cast<S>(det_of(sign, logabs));
      } else {
        static_cast<S*>(c.out)[m] = static_cast<S>(sign);
        static_cast<real_t<S>*>(c.out2)[m] = static_cast<real_t<S>>(logabs);
      }
      continue;
    }
    S* out = static_cast<S*>(c.out) + m * n * c.nrhs;
    if (info > 0) {
      failed = true;
      if (c.check) return true;  // the front raises; the result is never seen
      for (int64_t e = 0; e < n * c.nrhs; ++e) out[e] = nan_value<S>();
      continue;
    }
    const S* rhs = c.op == TinyOp::solve ? B + m * c.b.batch : nullptr;
    permutation_of(piv, n, perm, SerialLanes{});
    for (int64_t col = 0; col < c.nrhs; ++col) {
      for (int i = 0; i < n; ++i)
        x[i] = rhs ? static_cast<T>(rhs[perm[i] * c.b.row + col * c.b.col]) : T(real_t<T>(perm[i] == col ? 1 : 0));
      lu_solve_fixed<W>(a, ld, n, x);
      for (int i = 0; i < n; ++i) out[i * c.nrhs + col] = static_cast<S>(x[i]);
    }
  }
  return failed && c.check;
}

}  // namespace

bool tiny(const TinyCall& c) {
  return with_solver_type(c.t, [&](auto s) {
    return with_solve_bucket(c.n, [&](auto w) { return run<decltype(w)::value, decltype(s)>(c); });
  });
}

}  // namespace cupric::linalg::host
