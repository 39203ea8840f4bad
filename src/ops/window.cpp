// numpy.bartlett, blackman, hamming, hanning, kaiser (cupric/ops/window.hpp): NumPy's formulas over
// n = arange(1 - M, M, 2), one creation kernel pass each (Note [Window values] in
// kernels/creation_kernels.hpp); kaiser (over arange(M)) is a few whole-array ufunc calls, its
// cost being the Bessel function i0.
#include "cupric/ops/window.hpp"
#include <cmath>
#include "cupric/ops/creation.hpp"
#include "cupric/ops/ufunc.hpp"
#include "cupric/ops/ufunc_funcs.hpp"
#include "kernels/creation_kernels.hpp"

namespace cupric {

namespace {

// M < 1: an empty float64 array; M == 1: [1.0] (NumPy's special cases, before any division by M - 1).
std::optional<ndarray> degenerate(int64_t M) {
  if (M < 1) return empty(Dims{0}, dtypes::float64);
  if (M == 1) return ones(Dims{1}, dtypes::float64);
  return std::nullopt;
}

// One pass of the window kernel over a new float64 array of M points.
ndarray window(int64_t M, creation::WindowState st) {
  if (auto d = degenerate(M)) return *d;
  st.M = M;
  st.m1 = static_cast<double>(M - 1);
  ndarray out = empty(Dims{M}, dtypes::float64);
  run_creation_loop(CreationLoop::Window, out, nullptr, &st);
  return out;
}

ndarray cosine_sum(int64_t M, double a0, double a1, double a2) { return window(M, {a0, a1, a2, 0.0, 0, 0}); }

}  // namespace

ndarray bartlett(int64_t M) { return window(M, {0.0, 0.0, 0.0, 0.0, 0, 1}); }

ndarray blackman(int64_t M) { return cosine_sum(M, 0.42, 0.5, 0.08); }
ndarray hamming(int64_t M) { return cosine_sum(M, 0.54, 0.46, 0.0); }
ndarray hanning(int64_t M) { return cosine_sum(M, 0.5, 0.5, 0.0); }

ndarray kaiser(int64_t M, double beta) {
  if (auto d = degenerate(M)) return *d;
  const ndarray n = arange(Scalar::of<double>(0.0), Scalar::of<double>(static_cast<double>(M)), Scalar::of<double>(1.0),
                           dtypes::float64);
  const double alpha = static_cast<double>(M - 1) / 2.0;
  const ndarray t = divide(subtract(n, alpha), alpha);
  const ndarray num = i0(multiply(beta, sqrt(subtract(1.0, multiply(t, t)))));
  ndarray b = full(Dims{}, Scalar::of<double>(beta), dtypes::float64);
  return divide(num, i0(b));
}

}  // namespace cupric
