// numpy.bartlett, blackman, hamming, hanning, kaiser (cupric/ops/window.hpp): NumPy's formulas over
// n = arange(1 - M, M, 2) (kaiser: arange(M)), each a few whole-array ufunc calls.
#include "cupric/ops/window.hpp"
#include <cmath>
#include <numbers>
#include "cupric/ops/creation.hpp"
#include "cupric/ops/ufunc.hpp"
#include "cupric/ops/ufunc_funcs.hpp"
#include "cupric/ops/where.hpp"

namespace cupric {

namespace {

constexpr double kPi = std::numbers::pi;

// M < 1: an empty float64 array; M == 1: [1.0] (NumPy's special cases, before any division by M - 1).
std::optional<ndarray> degenerate(int64_t M) {
  if (M < 1) return empty(Dims{0}, dtypes::float64);
  if (M == 1) return ones(Dims{1}, dtypes::float64);
  return std::nullopt;
}

// n = arange(1 - M, M, 2) as float64 (NumPy's int64 arange, converted exactly on first use).
ndarray symmetric_n(int64_t M) {
  return arange(Scalar::of<double>(static_cast<double>(1 - M)), Scalar::of<double>(static_cast<double>(M)),
                Scalar::of<double>(2.0), dtypes::float64);
}

// a0 + a1 cos(pi n / (M - 1)) + a2 cos(2 pi n / (M - 1)) (the cosine-sum windows).
ndarray cosine_sum(int64_t M, double a0, double a1, double a2) {
  if (auto d = degenerate(M)) return *d;
  const ndarray n = symmetric_n(M);
  const double m1 = static_cast<double>(M - 1);
  ndarray r = add(a0, multiply(a1, cos(divide(multiply(kPi, n), m1))));
  if (a2 != 0.0) r = add(r, multiply(a2, cos(divide(multiply(2.0 * kPi, n), m1))));
  return r;
}

}  // namespace

ndarray bartlett(int64_t M) {
  if (auto d = degenerate(M)) return *d;
  const ndarray n = symmetric_n(M);
  const double m1 = static_cast<double>(M - 1);
  return where(less_equal(n, 0), add(1.0, divide(n, m1)), subtract(1.0, divide(n, m1)));
}

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
