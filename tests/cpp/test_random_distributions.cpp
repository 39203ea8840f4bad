// The samplers of cupric/random/distributions.hpp against their laws: means and variances over
// 10^6 draws within a few standard errors, frequencies of small values of discrete laws, NumPy's
// edge cases, and NumPy's parameter rules.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "cupric/random/distributions.hpp"
#include "cupric/random/distributions/param_rules.hpp"

namespace dist = cupric::random::dist;

namespace {

// A test-only bit source: SplitMix64 (Steele, Lea & Flood 2014), two 32-bit words per step.
struct SplitMix64 {
  uint64_t state;
  bool have = false;
  uint32_t spare = 0;
  explicit SplitMix64(uint64_t seed) : state(seed) {}
  uint32_t next_u32() {
    if (have) {
      have = false;
      return spare;
    }
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    spare = uint32_t(z >> 32);
    have = true;
    return uint32_t(z);
  }
};

constexpr int kN = 1'000'000;
constexpr double kSigmas = 5.0;  // 5 standard errors: false alarms ~1e-6 per check

// Draws n values from `draw` and checks the sample mean and variance against the law's, each
// within kSigmas standard errors (the variance's from the sample fourth moment).
void check_moments(const std::string& what, const std::function<double(SplitMix64&)>& draw, double mean, double var,
                   int n = kN, uint64_t seed = 12345) {
  SCOPED_TRACE(what);
  SplitMix64 bits(seed);
  std::vector<double> xs(n);
  double s = 0;
  for (int i = 0; i < n; ++i) {
    xs[i] = draw(bits);
    s += xs[i];
  }
  const double m = s / n;
  double m2 = 0, m4 = 0;
  for (double x : xs) {
    const double d = x - m;
    m2 += d * d;
    m4 += d * d * d * d;
  }
  m2 /= n;
  m4 /= n;
  const double se_mean = std::sqrt(var / n);
  const double se_var = std::sqrt(std::max(m4 - m2 * m2, 0.0) / n);
  EXPECT_NEAR(m, mean, kSigmas * se_mean + 1e-12 * std::fabs(mean)) << what << " mean";
  EXPECT_NEAR(m2, var, kSigmas * se_var + 1e-9 * var) << what << " variance";
}

// Frequencies of the values k in [lo, hi] against pmf(k), each within kSigmas binomial errors.
void check_pmf(const std::string& what, const std::function<int64_t(SplitMix64&)>& draw,
               const std::function<double(int64_t)>& pmf, int64_t lo, int64_t hi, int n = kN) {
  SCOPED_TRACE(what);
  SplitMix64 bits(777);
  std::vector<int64_t> counts(hi - lo + 1, 0);
  for (int i = 0; i < n; ++i) {
    const int64_t k = draw(bits);
    if (k >= lo && k <= hi) ++counts[k - lo];
  }
  for (int64_t k = lo; k <= hi; ++k) {
    const double p = pmf(k);
    EXPECT_NEAR(double(counts[k - lo]) / n, p, kSigmas * std::sqrt(p * (1 - p) / n) + 1e-7)
        << what << " P(X = " << k << ")";
  }
}

double lchoose(double n, double k) { return std::lgamma(n + 1) - std::lgamma(k + 1) - std::lgamma(n - k + 1); }

double zeta(double s) {  // Riemann zeta, s > 1: partial sum plus Euler–Maclaurin tail
  const int N = 1000;
  double sum = 0;
  for (int k = 1; k < N; ++k) sum += std::pow(k, -s);
  return sum + std::pow(N, 1 - s) / (s - 1) + 0.5 * std::pow(N, -s) + s * std::pow(N, -s - 1) / 12;
}

double bessel_i(int nu, double x) {  // I_nu(x) by its power series (x moderate)
  double term = std::pow(x / 2, nu) / std::tgamma(nu + 1), sum = term;
  for (int k = 1; k < 500; ++k) {
    term *= (x / 2) * (x / 2) / (k * double(k + nu));
    sum += term;
  }
  return sum;
}

}  // namespace

// --- building blocks --------------------------------------------------------------------------

TEST(RandomDistributions, OpenUniformsNeverHitTheEnds) {
  struct Fixed {
    uint32_t w;
    uint32_t next_u32() { return w; }
  };
  Fixed zero{0}, ones{0xFFFFFFFFu};
  EXPECT_GT(dist::uniform_open_double(zero), 0.0);
  EXPECT_LT(dist::uniform_open_double(ones), 1.0);
  EXPECT_GT(dist::uniform_open_float(zero), 0.0f);
  EXPECT_LT(dist::uniform_open_float(ones), 1.0f);
  check_moments("uniform double", [](auto& b) { return dist::uniform_open_double(b); }, 0.5, 1.0 / 12);
  check_moments("uniform float", [](auto& b) { return double(dist::uniform_open_float(b)); }, 0.5, 1.0 / 12);
}

TEST(RandomDistributions, NormalAndExponential) {
  check_moments("normal", [](auto& b) { return dist::standard_normal<double>(b); }, 0, 1);
  check_moments("normal f", [](auto& b) { return double(dist::standard_normal<float>(b)); }, 0, 1);
  check_moments("normal(3, 2)", [](auto& b) { return dist::normal<double>(b, 3.0, 2.0); }, 3, 4);
  check_moments("exp", [](auto& b) { return dist::standard_exponential<double>(b); }, 1, 1);
  check_moments("exp f", [](auto& b) { return double(dist::standard_exponential<float>(b)); }, 1, 1);
  check_moments("exponential(2.5)", [](auto& b) { return dist::exponential<double>(b, 2.5); }, 2.5, 6.25);
}

TEST(RandomDistributions, LogFactorialDifferencesMatchLgamma) {
  for (double x : {0.0, 3.0, 15.0, 16.0, 17.0, 100.0, 12345.0}) {
    for (double y : {0.0, 5.0, 16.0, 40.0, 12000.0}) {
      const double want = std::lgamma(x + 1) - std::lgamma(y + 1);
      EXPECT_NEAR(dist::log_factorial_diff(x, y, x - y), want, 1e-9 * (1 + std::fabs(want))) << x << " " << y;
    }
  }
  // Where lgamma cannot: log((k+1)!/k!) = log(k+1) at k = 2^50 (lgamma(2^50) ~ 3.8e16, whose
  // rounding alone is ~4).
  const double k = 1125899906842624.0;
  EXPECT_NEAR(dist::log_factorial_diff(k + 1, k, 1.0), std::log(k + 1), 1e-9);
  // The difference passed separately where n - k rounds: log (n-k)! - log (n-k-3)! ~ 3 log n.
  const double n = 1152921504606846976.0;  // 2^60
  EXPECT_NEAR(dist::log_factorial_diff(n - 5, n - 8, 3.0), 3 * std::log(n), 1e-9);
}

// --- continuous -------------------------------------------------------------------------------

TEST(RandomDistributions, GammaAcrossRegimes) {
  for (double a : {0.01, 0.3, 1.0, 2.5, 30.0, 1e6}) {
    check_moments("gamma " + std::to_string(a), [a](auto& b) { return dist::standard_gamma<double>(b, a); }, a, a);
  }
  for (float a : {0.2f, 1.0f, 4.0f, 500.0f}) {
    check_moments(
        "gamma float " + std::to_string(a), [a](auto& b) { return double(dist::standard_gamma<float>(b, a)); }, a, a);
  }
  for (double a : {0.01, 0.5, 3.0}) {  // log Gamma(a) draws: E[G] = Var[G] = a
    check_moments(
        "exp(log gamma) " + std::to_string(a),
        [a](auto& b) { return std::exp(dist::log_standard_gamma<double>(b, a)); }, a, a);
  }
  {
    SplitMix64 b(2);
    EXPECT_EQ(dist::log_standard_gamma<double>(b, 0.0), -INFINITY);
    for (int i = 0; i < 1000; ++i) ASSERT_TRUE(std::isfinite(dist::log_standard_gamma<double>(b, 1e-4)));
  }
  check_moments("gamma(3, 2)", [](auto& b) { return dist::gamma<double>(b, 3.0, 2.0); }, 6, 12);
  check_moments("chisquare(0.5)", [](auto& b) { return dist::chisquare<double>(b, 0.5); }, 0.5, 1.0);
  check_moments("chisquare(7)", [](auto& b) { return dist::chisquare<double>(b, 7.0); }, 7, 14);
}

TEST(RandomDistributions, GammaEdgeCases) {
  SplitMix64 b(1);
  EXPECT_EQ(dist::standard_gamma<double>(b, 0.0), 0.0);
  EXPECT_EQ(dist::gamma<double>(b, 0.0, 0.0), 0.0);
  EXPECT_TRUE(std::isinf(dist::standard_gamma<double>(b, INFINITY)));
  EXPECT_TRUE(std::isnan(dist::standard_gamma<double>(b, NAN)));
  EXPECT_TRUE(std::isinf(dist::chisquare<double>(b, INFINITY)));
  EXPECT_TRUE(std::isnan(dist::standard_t<double>(b, INFINITY)));  // NumPy: nan
  for (int i = 0; i < 1000; ++i) EXPECT_GE(dist::standard_gamma<double>(b, 1e-3), 0.0);
}

TEST(RandomDistributions, Beta) {
  auto mv = [](double a, double c) {
    const double s = a + c;
    return std::pair{a / s, a * c / (s * s * (s + 1))};
  };
  for (auto [a, c] : {std::pair{0.1, 0.2}, {0.5, 0.5}, {1.0, 1.0}, {0.7, 3.0}, {2.0, 5.0}, {50.0, 30.0}}) {
    auto [mean, var] = mv(a, c);
    check_moments(
        "beta " + std::to_string(a) + "," + std::to_string(c), [a, c](auto& b) { return dist::beta<double>(b, a, c); },
        mean, var);
  }
  auto [mean, var] = mv(2.0, 3.0);
  check_moments("beta float", [](auto& b) { return double(dist::beta<float>(b, 2.0f, 3.0f)); }, mean, var);
  // Tiny parameters: draws pile up at 0 and 1 but stay in [0, 1] and never NaN; the mean holds.
  SplitMix64 b(3);
  for (int i = 0; i < 10000; ++i) {
    const double x = dist::beta<double>(b, 1e-3, 1e-3);
    ASSERT_TRUE(x >= 0 && x <= 1) << x;
  }
  check_moments(
      "beta tiny", [](auto& b) { return dist::beta<double>(b, 1e-3, 2e-3); }, 1.0 / 3, (2e-6) / (9e-6 * (1 + 3e-3)));
}

TEST(RandomDistributions, FAndT) {
  check_moments(
      "f(5, 20)", [](auto& b) { return dist::f<double>(b, 5.0, 20.0); }, 20.0 / 18, 2.0 * 400 * 23 / (5.0 * 324 * 16));
  check_moments("t(10)", [](auto& b) { return dist::standard_t<double>(b, 10.0); }, 0, 1.25);
  // noncentral chi-square: both branches (df > 1, df <= 1 through Poisson mixing)
  check_moments("ncx2(3, 2)", [](auto& b) { return dist::noncentral_chisquare<double>(b, 3.0, 2.0); }, 5, 14);
  check_moments("ncx2(0.5, 2)", [](auto& b) { return dist::noncentral_chisquare<double>(b, 0.5, 2.0); }, 2.5, 9);
  check_moments("ncx2(4, 0)", [](auto& b) { return dist::noncentral_chisquare<double>(b, 4.0, 0.0); }, 4, 8);
  check_moments(
      "ncf(5, 20, 3)", [](auto& b) { return dist::noncentral_f<double>(b, 5.0, 20.0, 3.0); }, 20.0 * 8 / (5.0 * 18),
      2.0 * 16 * (64 + 11 * 18) / (324.0 * 16));
}

TEST(RandomDistributions, Cauchy) {
  // No moments: the quartiles are -1 and 1.
  SplitMix64 b(9);
  int inside = 0, neg = 0;
  for (int i = 0; i < kN; ++i) {
    const double x = dist::standard_cauchy<double>(b);
    inside += std::fabs(x) < 1;
    neg += x < 0;
  }
  const double se = std::sqrt(0.25 / kN);
  EXPECT_NEAR(double(inside) / kN, 0.5, kSigmas * se);
  EXPECT_NEAR(double(neg) / kN, 0.5, kSigmas * se);
}

TEST(RandomDistributions, LocationScaleLaws) {
  const double pi = M_PI, euler = 0.57721566490153286;
  check_moments(
      "gumbel(1, 2)", [](auto& b) { return dist::gumbel<double>(b, 1.0, 2.0); }, 1 + 2 * euler, pi * pi / 6 * 4);
  check_moments("laplace(1, 2)", [](auto& b) { return dist::laplace<double>(b, 1.0, 2.0); }, 1, 8);
  check_moments("logistic(1, 2)", [](auto& b) { return dist::logistic<double>(b, 1.0, 2.0); }, 1, 4 * pi * pi / 3);
  const double mu = 0.5, s2 = 0.75 * 0.75;
  check_moments(
      "lognormal(0.5, 0.75)", [](auto& b) { return dist::lognormal<double>(b, 0.5, 0.75); }, std::exp(mu + s2 / 2),
      (std::exp(s2) - 1) * std::exp(2 * mu + s2));
  check_moments(
      "rayleigh(2)", [](auto& b) { return dist::rayleigh<double>(b, 2.0); }, 2 * std::sqrt(pi / 2), (4 - pi) / 2 * 4);
}

TEST(RandomDistributions, ShapeLaws) {
  check_moments("pareto(10)", [](auto& b) { return dist::pareto<double>(b, 10.0); }, 1.0 / 9, 10.0 / (81 * 8));
  check_moments("power(3)", [](auto& b) { return dist::power<double>(b, 3.0); }, 0.75, 3.0 / (16 * 5));
  check_moments("power(0.5)", [](auto& b) { return dist::power<double>(b, 0.5); }, 1.0 / 3, 0.5 / (2.25 * 2.5));
  for (double a : {0.7, 2.0, 5.0}) {
    const double g1 = std::tgamma(1 + 1 / a), g2 = std::tgamma(1 + 2 / a);
    check_moments(
        "weibull " + std::to_string(a), [a](auto& b) { return dist::weibull<double>(b, a); }, g1, g2 - g1 * g1);
  }
  for (auto [l, mo, r] : {std::tuple{0.0, 1.0, 4.0}, {0.0, 0.0, 1.0}, {0.0, 1.0, 1.0}, {-3.0, 2.0, 2.5}}) {
    check_moments(
        "triangular", [l, mo, r](auto& b) { return dist::triangular<double>(b, l, mo, r); }, (l + mo + r) / 3,
        (l * l + mo * mo + r * r - l * mo - l * r - mo * r) / 18);
  }
  for (auto [m, s] : {std::pair{2.0, 3.0}, {1.0, 1000.0}, {5.0, 0.1}}) {
    check_moments("wald", [m, s](auto& b) { return dist::wald<double>(b, m, s); }, m, m * m * m / s);
  }
}

TEST(RandomDistributions, ShapeLawEdgeCases) {
  SplitMix64 b(5);
  EXPECT_EQ(dist::weibull<double>(b, 0.0), 0.0);
  EXPECT_EQ(dist::weibull<double>(b, INFINITY), 1.0);
  EXPECT_EQ(dist::power<double>(b, INFINITY), 1.0);
  EXPECT_EQ(dist::pareto<double>(b, INFINITY), 0.0);
  EXPECT_EQ(dist::exponential<double>(b, 0.0), 0.0);
  EXPECT_EQ(dist::laplace<double>(b, 2.0, 0.0), 2.0);
  EXPECT_TRUE(std::isnan(dist::wald<double>(b, INFINITY, 1.0)));  // NumPy: nan
  EXPECT_TRUE(std::isnan(dist::gumbel<double>(b, 0.0, NAN)));
}

TEST(RandomDistributions, VonMises) {
  for (double kappa : {1e-9, 0.5, 4.0, 50.0, 1e7}) {
    SCOPED_TRACE(kappa);
    const double mu = 1.0;
    const double a = kappa < 1e-6 ? 0.0 : kappa > 1e3 ? 1 - 1 / (2 * kappa) : bessel_i(1, kappa) / bessel_i(0, kappa);
    SplitMix64 b(21);
    double sc = 0, ss = 0, c2 = 0;
    for (int i = 0; i < kN; ++i) {
      const double x = dist::vonmises<double>(b, mu, kappa);
      ASSERT_TRUE(x >= -M_PI && x < M_PI) << x;
      const double c = std::cos(x - mu);
      sc += c;
      ss += std::sin(x - mu);
      c2 += c * c;
    }
    const double mc = sc / kN, var_c = std::max(c2 / kN - mc * mc, 0.0);
    EXPECT_NEAR(mc, a, kSigmas * std::sqrt(var_c / kN) + 1e-9);
    EXPECT_NEAR(ss / kN, 0.0, kSigmas * std::sqrt(1.0 / kN));
  }
  SplitMix64 b(2);
  EXPECT_TRUE(std::isnan(dist::vonmises<double>(b, NAN, 1.0)));
  EXPECT_EQ(dist::vonmises<double>(b, 0.5, INFINITY), 0.5);
  for (int i = 0; i < 1000; ++i) {  // wrapped into [-pi, pi) from any mu
    const float x = dist::vonmises<float>(b, 3.0f, 0.1f);
    ASSERT_TRUE(x >= -float(M_PI) && x <= float(M_PI));
  }
}

// --- discrete ---------------------------------------------------------------------------------

TEST(RandomDistributions, PoissonAcrossRegimes) {
  for (double lam : {0.5, 5.0, 9.99, 10.0, 37.5, 1e4, 1e12}) {
    check_moments("poisson " + std::to_string(lam), [lam](auto& b) { return double(dist::poisson(b, lam)); }, lam, lam);
  }
  for (double lam : {3.0, 25.0}) {
    check_pmf(
        "poisson pmf " + std::to_string(lam), [lam](auto& b) { return dist::poisson(b, lam); },
        [lam](int64_t k) { return std::exp(k * std::log(lam) - lam - std::lgamma(k + 1.0)); }, 0, int64_t(lam * 2));
  }
  SplitMix64 b(4);
  EXPECT_EQ(dist::poisson(b, 0.0), 0);
  // The largest mean NumPy accepts draws without overflow, near the mean.
  const int64_t big = dist::poisson(b, dist::kPoissonLamMax);
  EXPECT_NEAR(double(big), dist::kPoissonLamMax, 10 * std::sqrt(dist::kPoissonLamMax));
}

TEST(RandomDistributions, BinomialAcrossRegimes) {
  struct C {
    int64_t n;
    double p;
  };
  for (C c : {C{10, 0.3}, C{100, 0.05}, C{100, 0.7}, C{1000, 0.4}, C{25, 0.5}, C{int64_t(1) << 40, 0.25},
              C{int64_t(1) << 60, 1e-17}}) {
    const double n = double(c.n);
    check_moments(
        "binomial " + std::to_string(c.n) + " " + std::to_string(c.p),
        [c](auto& b) { return double(dist::binomial(b, c.n, c.p)); }, n * c.p, n * c.p * (1 - c.p));
  }
  for (C c : {C{20, 0.3}, C{200, 0.4}}) {
    check_pmf(
        "binomial pmf", [c](auto& b) { return dist::binomial(b, c.n, c.p); },
        [c](int64_t k) {
          return std::exp(lchoose(double(c.n), double(k)) + k * std::log(c.p) + (c.n - k) * std::log1p(-c.p));
        },
        0, c.n < 50 ? c.n : 120);
  }
  SplitMix64 b(4);
  EXPECT_EQ(dist::binomial(b, 0, 0.5), 0);
  EXPECT_EQ(dist::binomial(b, 7, 0.0), 0);
  EXPECT_EQ(dist::binomial(b, 7, 1.0), 7);
  for (int i = 0; i < 10000; ++i) {
    const int64_t k = dist::binomial(b, 13, 0.6);
    ASSERT_TRUE(k >= 0 && k <= 13);
  }
}

TEST(RandomDistributions, GeometricAndNegativeBinomial) {
  for (double p : {0.01, 0.3, 0.9}) {
    check_moments(
        "geometric " + std::to_string(p), [p](auto& b) { return double(dist::geometric(b, p)); }, 1 / p,
        (1 - p) / (p * p));
  }
  check_pmf(
      "geometric pmf", [](auto& b) { return dist::geometric(b, 0.3); },
      [](int64_t k) { return std::pow(0.7, double(k - 1)) * 0.3; }, 1, 12);
  SplitMix64 b(4);
  EXPECT_EQ(dist::geometric(b, 1.0), 1);
  EXPECT_GE(dist::geometric(b, 1e-300), 1);
  for (auto [n, p] : {std::pair{3.5, 0.4}, {1.0, 0.9}, {100.0, 0.01}}) {
    check_moments(
        "negative_binomial", [n, p](auto& b) { return double(dist::negative_binomial(b, n, p)); }, n * (1 - p) / p,
        n * (1 - p) / (p * p));
  }
  EXPECT_EQ(dist::negative_binomial(b, 3.0, 1.0), 0);
  EXPECT_EQ(dist::negative_binomial(b, 1.0, 0.0), dist::kInt64Min);  // RandomState's p = 0
}

TEST(RandomDistributions, Hypergeometric) {
  struct C {
    int64_t good, bad, sample;
  };
  for (C c : {C{20, 30, 5}, C{30, 20, 5}, C{200, 300, 100}, C{300, 200, 450}, C{1000000, 5000000, 2000000}, C{7, 3, 10},
              C{999999999, 999999999, 3000}}) {
    const double N = double(c.good + c.bad), K = double(c.good), n = double(c.sample);
    check_moments(
        "hypergeometric " + std::to_string(c.good) + "," + std::to_string(c.bad) + "," + std::to_string(c.sample),
        [c](auto& b) { return double(dist::hypergeometric(b, c.good, c.bad, c.sample)); }, n * K / N,
        n * K / N * (N - K) / N * (N - n) / (N - 1), 300000);
  }
  for (C c : {C{20, 30, 8}, C{60, 40, 50}}) {
    check_pmf(
        "hypergeometric pmf", [c](auto& b) { return dist::hypergeometric(b, c.good, c.bad, c.sample); },
        [c](int64_t k) {
          if (k > c.good || c.sample - k > c.bad) return 0.0;
          return std::exp(lchoose(double(c.good), double(k)) + lchoose(double(c.bad), double(c.sample - k)) -
                          lchoose(double(c.good + c.bad), double(c.sample)));
        },
        0, c.sample, 300000);
  }
  SplitMix64 b(4);
  EXPECT_EQ(dist::hypergeometric(b, 5, 5, 0), 0);
  EXPECT_EQ(dist::hypergeometric(b, 0, 5, 3), 0);
  EXPECT_EQ(dist::hypergeometric(b, 5, 0, 3), 3);
  EXPECT_EQ(dist::hypergeometric(b, 5, 6, 11), 5);
}

TEST(RandomDistributions, LogseriesAndZipf) {
  for (double p : {0.3, 0.9, 0.999}) {
    const double l = std::log1p(-p);
    const double mean = -p / ((1 - p) * l);
    const double var = -p * (p + l) / ((1 - p) * (1 - p) * l * l);
    check_moments("logseries " + std::to_string(p), [p](auto& b) { return double(dist::logseries(b, p)); }, mean, var);
    check_pmf(
        "logseries pmf", [p](auto& b) { return dist::logseries(b, p); },
        [p, l](int64_t k) { return -std::pow(p, double(k)) / (k * l); }, 1, 8);
  }
  const double a = 4.5, za = zeta(a);
  const double zmean = zeta(a - 1) / za;
  check_moments("zipf 4.5", [a](auto& b) { return double(dist::zipf(b, a)); }, zmean, zeta(a - 2) / za - zmean * zmean);
  for (double s : {1.5, 2.5}) {
    check_pmf(
        "zipf pmf", [s](auto& b) { return dist::zipf(b, s); },
        [s](int64_t k) { return std::pow(double(k), -s) / zeta(s); }, 1, 10);
  }
  SplitMix64 b(4);
  EXPECT_EQ(dist::logseries(b, 0.0), 1);
  EXPECT_EQ(dist::zipf(b, 2000.0), 1);
  EXPECT_EQ(dist::zipf(b, INFINITY), 1);
  for (int i = 0; i < 10000; ++i) ASSERT_GE(dist::zipf(b, 1.0001), 1);
}

// --- multivariate -----------------------------------------------------------------------------

TEST(RandomDistributions, Dirichlet) {
  for (std::vector<double> alpha : {std::vector<double>{2, 3, 5}, {0.01, 0.02, 0.05}}) {
    double a0 = 0;
    for (double x : alpha) a0 += x;
    for (size_t j = 0; j < alpha.size(); ++j) {
      const double mean = alpha[j] / a0, var = mean * (1 - mean) / (a0 + 1);
      check_moments(
          "dirichlet component " + std::to_string(j),
          [&alpha, j](auto& b) {
            double out[3];
            dist::dirichlet<double>(b, alpha.data(), 3, out);
            return out[j];
          },
          mean, var, 300000);
    }
    SplitMix64 b(8);
    for (int i = 0; i < 1000; ++i) {
      double out[3];
      dist::dirichlet<double>(b, alpha.data(), 3, out);
      ASSERT_NEAR(out[0] + out[1] + out[2], 1.0, 1e-12);
    }
  }
  SplitMix64 b(8);
  double alpha[3] = {0.0, 2.0, 0.0}, out[3];
  dist::dirichlet<double>(b, alpha, 3, out);  // Generator allows zeros: those entries are 0
  EXPECT_EQ(out[0], 0.0);
  EXPECT_EQ(out[1], 1.0);
  EXPECT_EQ(out[2], 0.0);
}

// --- NumPy's parameter rules ------------------------------------------------------------------

namespace {
std::string failing(const char* name, dist::Api api, std::vector<std::vector<double>> rows) {
  const dist::ParamRule* rule =
      dist::first_failing_rule(name, api, rows.size() > 1, int64_t(rows.size()), [&](int64_t i, double* out) {
        for (size_t j = 0; j < rows[i].size(); ++j) out[j] = rows[i][j];
      });
  return rule ? dist::message(*rule, rows.size() > 1) : std::string("ok");
}
}  // namespace

TEST(RandomDistributions, ParamRulesGiveNumPysMessages) {
  using dist::Api;
  const double nan = NAN;
  EXPECT_EQ(failing("gamma", Api::random_state, {{-1, 1}}), "shape < 0");
  EXPECT_EQ(failing("gamma", Api::generator, {{1, -1}}), "scale < 0");
  EXPECT_EQ(failing("gamma", Api::generator, {{nan, 1}}), "ok");
  EXPECT_EQ(failing("binomial", Api::both, {{-1, 2}}), "p < 0, p > 1 or p is NaN");
  EXPECT_EQ(failing("binomial", Api::both, {{5, nan}}), "p < 0, p > 1 or p is NaN");
  EXPECT_EQ(failing("binomial", Api::both, {{-1, 0.5}}), "n < 0");
  EXPECT_EQ(failing("binomial", Api::both, {{5, 0.5}, {5, nan}}), "p < 0, p > 1 or p contains NaNs");
  EXPECT_EQ(failing("poisson", Api::both, {{-1}}), "lam < 0 or lam is NaN");
  EXPECT_EQ(failing("poisson", Api::both, {{-1}, {1e19}}), "lam value too large");
  EXPECT_EQ(failing("poisson", Api::both, {{nan}}), "lam < 0 or lam is NaN");
  EXPECT_EQ(failing("poisson", Api::both, {{nan}, {nan}}), "lam value too large");
  EXPECT_EQ(failing("poisson", Api::both, {{1e19}}), "lam value too large");
  EXPECT_EQ(failing("poisson", Api::both, {{dist::kPoissonLamMax}}), "ok");
  EXPECT_EQ(failing("hypergeometric", Api::random_state, {{1, 1, 0}}), "nsample < 1 or nsample is NaN");
  EXPECT_EQ(failing("hypergeometric", Api::generator, {{1, 1, 0}}), "ok");
  EXPECT_EQ(failing("hypergeometric", Api::generator, {{-1, 2e9, 1}}),
            "both ngood and nbad must be less than 1000000000");
  EXPECT_EQ(failing("hypergeometric", Api::random_state, {{-1, 1, 1}}), "ngood + nbad < nsample");
  EXPECT_EQ(failing("hypergeometric", Api::random_state, {{-1, 5, 0}}), "ngood < 0");
  EXPECT_EQ(failing("triangular", Api::both, {{1, 0, 0}}), "left > mode");
  EXPECT_EQ(failing("triangular", Api::both, {{0, 2, 1}}), "mode > right");
  EXPECT_EQ(failing("triangular", Api::both, {{1, 1, 1}}), "left == right");
  EXPECT_EQ(failing("negative_binomial", Api::random_state, {{1, 0}}), "ok");
  EXPECT_EQ(failing("negative_binomial", Api::generator, {{1, 0}}), "p <= 0, p > 1 or p contains NaNs");
  EXPECT_EQ(failing("negative_binomial", Api::generator, {{nan, 0.5}}), "n must not be NaN");
  EXPECT_EQ(failing("negative_binomial", Api::generator, {{1, 1e-18}}),
            "n too large or p too small, see Generator.negative_binomial Notes");
  EXPECT_EQ(failing("negative_binomial", Api::generator, {{1, 1.2e-18}}), "ok");
  EXPECT_EQ(failing("dirichlet", Api::random_state, {{0}}), "alpha <= 0");
  EXPECT_EQ(failing("dirichlet", Api::generator, {{0}}), "ok");
  EXPECT_EQ(failing("zipf", Api::both, {{1}}), "a <= 1 or a is NaN");
  EXPECT_EQ(failing("zipf", Api::both, {{2}, {nan}}), "a <= 1 or a contains NaNs");
  EXPECT_EQ(failing("geometric", Api::both, {{nan}}), "p <= 0, p > 1 or p contains NaNs");
  EXPECT_EQ(failing("logseries", Api::both, {{1}}), "p < 0, p >= 1 or p is NaN");
  EXPECT_EQ(failing("logseries", Api::both, {{0}}), "ok");
  EXPECT_EQ(failing("wald", Api::both, {{0, 0}}), "mean <= 0");
  EXPECT_EQ(failing("noncentral_f", Api::both, {{nan, 0, -1}}), "dfden <= 0");
}
