// scipy.fft.fht / ifht: the fast Hankel transform by the FFTLog algorithm (Note [FFTLog]).
#include <cmath>
#include <complex>
#include <limits>
#include <numbers>
#include "cupric/error.hpp"
#include "cupric/fft.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/ufunc.hpp"

namespace cupric::fft {

// Note [FFTLog]
// Hamilton's FFTLog (MNRAS 312, 2000) computes the Hankel transform of n samples spaced dln in
// log r as a convolution in log space: A = reversed(IRFFT(RFFT(a) * u)), with the coefficients
// u_m = 2^q (2 / kr)^{2 i y_m} Gamma(x+ + i y_m) / Gamma(x- - i y_m), y_m = pi m / (n dln),
// x+- = (mu + 1 +- q) / 2, kr = exp(offset), q = bias (SciPy's conventions, which the results
// match). The inverse divides by conj(u). A bias q != 0 multiplies the input by a power law
// first and divides the output by one after. The coefficients are computed once per call on the
// host, in double precision (complex log-gamma by recurrence and Stirling's series); the last one
// is made real, and u_0, where Gamma has poles, is the limit of the ratio; a singular transform
// gets u_0 = 0 (forward) or infinity (inverse), as SciPy sets them.

namespace {

using cd = std::complex<double>;

// log Gamma(z) on the principal branch of the sum of logs (exp() of it is all FFTLog uses).
cd log_gamma(cd z) {
  cd shift = 0;
  while (z.real() < 12) {
    shift += std::log(z);
    z += 1.0;
  }
  const cd iz = 1.0 / z, iz2 = iz * iz;
  // Stirling's series: B_2k / (2k (2k - 1) z^(2k - 1)) for k = 1..6.
  const double c[] = {1.0 / 12, -1.0 / 360, 1.0 / 1260, -1.0 / 1680, 1.0 / 1188, -691.0 / 360360};
  cd series = 0, p = iz;
  for (double ck : c) {
    series += ck * p;
    p *= iz2;
  }
  return (z - 0.5) * std::log(z) - z + 0.5 * std::log(2 * std::numbers::pi) + series - shift;
}

bool is_pole(double x) { return x <= 0 && x == std::floor(x); }

// Gamma(xp) / Gamma(xm) for real arguments, with the limits at the poles.
double gamma_ratio(double xp, double xm) {
  if (is_pole(xp) && is_pole(xm)) {
    const auto a = static_cast<int64_t>(-xp), b = static_cast<int64_t>(-xm);
    double r = 1;  // (-1)^(a-b) b! / a!
    for (int64_t k = std::min(a, b) + 1; k <= std::max(a, b); ++k) r *= static_cast<double>(k);
    r = a >= b ? 1 / r : r;
    return (a - b) % 2 ? -r : r;
  }
  if (is_pole(xp)) return std::numeric_limits<double>::infinity();
  if (is_pole(xm)) return 0.0;
  return std::tgamma(xp) / std::tgamma(xm);
}

std::vector<complex<double>> coefficients(int64_t n, double dln, double mu, double offset, double bias, bool inverse) {
  const int64_t m = n / 2 + 1;
  const double xp = (mu + 1 + bias) / 2, xm = (mu + 1 - bias) / 2;
  const double ln2 = std::numbers::ln2;
  std::vector<complex<double>> u(m);
  for (int64_t k = 0; k < m; ++k) {
    const double y = std::numbers::pi * static_cast<double>(k) / (static_cast<double>(n) * dln);
    const cd lp = log_gamma(cd(xp, y)), lm = log_gamma(cd(xm, y));
    const cd e(lp.real() - lm.real() + ln2 * bias, lp.imag() + lm.imag() + 2 * y * (ln2 - offset));
    cd v = std::exp(e);
    if (k == m - 1) v = cd(v.real(), 0);
    u[k] = {v.real(), v.imag()};
  }
  if (!std::isfinite(u[0].re) || !std::isfinite(u[0].im)) u[0] = {std::pow(2.0, bias) * gamma_ratio(xp, xm), 0};
  if (std::isinf(u[0].re) && !inverse) u[0] = {0, 0};
  if (u[0].re == 0 && u[0].im == 0 && inverse) u[0] = {std::numeric_limits<double>::infinity(), 0};
  return u;
}

// exp(sign * bias * ((j - jc) dln + shift)) along the last axis.
ndarray power_law(int64_t n, double dln, double bias, double sign, double shift) {
  std::vector<double> w(n);
  const double jc = (static_cast<double>(n) - 1) / 2;
  for (int64_t j = 0; j < n; ++j) w[j] = std::exp(sign * bias * ((static_cast<double>(j) - jc) * dln + shift));
  return array(w);
}

ndarray transform(const ndarray& a_in, double dln, double mu, double offset, double bias, bool inverse) {
  if (a_in.ndim() == 0) throw ValueError("fht: the input must have at least one dimension");
  const int64_t n = a_in.shape().back();
  ndarray a = a_in;
  // Forward: a *= (r/rc)^-q before, A *= (k/kc)^-q... after; the inverse undoes both.
  if (bias != 0) a = multiply(a, power_law(n, dln, bias, inverse ? 1 : -1, inverse ? offset : 0));
  const std::vector<complex<double>> u = coefficients(n, dln, mu, offset, bias, inverse);
  ndarray ua = array(u);
  ndarray f = rfft(a);
  f = inverse ? divide(f, conjugate(ua)) : multiply(f, ua);
  ndarray r = flip(irfft(f, n), std::vector<int64_t>{-1});
  if (bias != 0) r = multiply(r, power_law(n, dln, bias, inverse ? 1 : -1, inverse ? 0 : offset));
  return r;
}

}  // namespace

ndarray fht(const ndarray& a, double dln, double mu, double offset, double bias) {
  return transform(a, dln, mu, offset, bias, false);
}
ndarray ifht(const ndarray& a, double dln, double mu, double offset, double bias) {
  return transform(a, dln, mu, offset, bias, true);
}

}  // namespace cupric::fft
