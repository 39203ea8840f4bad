// Table inversion's tables (Note [Discrete table inversion] in src/random/inversion_table.hpp):
// monotone, ending at 2^64 - 1, their steps the law's pmf on the 2^-64 grid (the mass outside
// them below 2^-60), the search
// returning min{j : u <= cdf[j]}, and the laws too wide for a table refused.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "random/inversion_table.hpp"

using namespace cupric::random;

namespace {

constexpr long double kTwo64 = 18446744073709551616.0L;

// The table's probabilities against pmf (log pmf in long double): every step within 1e-12
// relative (or 2^-62 absolute) of the law's.
void check_table(const InversionCdf& t, const std::function<long double(int64_t)>& log_pmf) {
  ASSERT_FALSE(t.cdf.empty());
  ASSERT_LE(t.cdf.size(), static_cast<size_t>(kInversionLarge));
  EXPECT_EQ(t.cdf.back(), ~0ull);
  for (size_t j = 1; j < t.cdf.size(); ++j) ASSERT_LE(t.cdf[j - 1], t.cdf[j]) << j;
  // The mass outside the table (each side summed directly: 1 - the table's sum would be rounding).
  const int64_t last = t.base + static_cast<int64_t>(t.cdf.size()) - 1;
  long double outside = 0;
  for (int64_t i = 1; i <= 1000; ++i) {
    if (t.base - i >= 0) outside += std::exp(log_pmf(t.base - i));
    outside += std::exp(log_pmf(last + i));
  }
  EXPECT_LT(static_cast<double>(outside), 0x1p-60);
  for (size_t j = 0; j < t.cdf.size(); ++j) {
    const long double lo = j ? static_cast<long double>(t.cdf[j - 1]) + 1 : 0.0L;
    const long double step = (static_cast<long double>(t.cdf[j]) + 1 - lo) / kTwo64;
    const long double want = std::exp(log_pmf(t.base + static_cast<int64_t>(j)));
    if (j + 1 < t.cdf.size())
      EXPECT_NEAR(static_cast<double>(step), static_cast<double>(want),
                  static_cast<double>(std::fmax(1e-12L * want, 0x1p-62L)))
          << "value " << t.base + static_cast<int64_t>(j);
  }
}

long double poisson_log_pmf(long double lam, int64_t k) {
  return k * std::log(lam) - lam - std::lgamma(static_cast<long double>(k) + 1);
}
// log C(n, k) as a sum of k logarithms of ratios (lgamma of n ~ 2^40 would lose ~20 bits).
long double binomial_log_pmf(int64_t n, long double p, int64_t k) {
  if (k < 0 || k > n) return -INFINITY;
  const int64_t m = k < n - k ? k : n - k;
  long double log_choose = 0;
  for (int64_t i = 0; i < m; ++i)
    log_choose += std::log(static_cast<long double>(n - i)) - std::log(static_cast<long double>(i + 1));
  return log_choose + k * std::log(p) + (n - k) * std::log1p(-p);
}

// The value the table gives word u, by the definition (no guide).
int64_t by_definition(const InversionCdf& t, uint64_t u) {
  size_t j = 0;
  while (u > t.cdf[j]) ++j;
  return t.base + static_cast<int64_t>(j);
}

}  // namespace

TEST(RandomInversion, PoissonTablesAreThePmf) {
  for (double lam : {1e-3, 0.7, 9.5, 10.0, 100.0, 1000.0, 2500.0}) {
    SCOPED_TRACE(lam);
    check_table(poisson_inversion_cdf(lam), [lam](int64_t k) { return poisson_log_pmf(lam, k); });
  }
}

TEST(RandomInversion, BinomialTablesAreThePmf) {
  struct Case {
    int64_t n;
    double p;
  };
  for (Case c : {Case{20, 0.3}, Case{1, 0.5}, Case{100, 0.999}, Case{1000000, 1e-5}, Case{5000, 0.4}, Case{60, 0.8},
                 Case{int64_t{1} << 40, 1e-12}, Case{3000, 0.5}}) {
    SCOPED_TRACE(c.n);
    SCOPED_TRACE(c.p);
    check_table(binomial_inversion_cdf(c.n, c.p), [c](int64_t k) { return binomial_log_pmf(c.n, c.p, k); });
  }
}

TEST(RandomInversion, PointMassesAndWideLaws) {
  for (const InversionCdf& t : {poisson_inversion_cdf(0.0), binomial_inversion_cdf(0, 0.5),
                                binomial_inversion_cdf(7, 0.0), binomial_inversion_cdf(7, 1.0)}) {
    ASSERT_EQ(t.cdf.size(), 1u);
    EXPECT_EQ(t.cdf[0], ~0ull);
  }
  EXPECT_EQ(binomial_inversion_cdf(7, 1.0).base, 7);
  EXPECT_EQ(poisson_inversion_cdf(1e-300).cdf.size(), 1u);  // P(X >= 1) below 2^-64
  // Supports wider than kInversionLarge entries keep the samplers.
  EXPECT_TRUE(poisson_inversion_cdf(5000.0).cdf.empty());
  EXPECT_TRUE(poisson_inversion_cdf(1e15).cdf.empty());
  EXPECT_TRUE(binomial_inversion_cdf(100000, 0.4).cdf.empty());
  EXPECT_TRUE(binomial_inversion_cdf(int64_t{1} << 40, 0.25).cdf.empty());
}

// Every word of interest (each step's and each guide bucket's edges, a few thousand scattered
// ones) gets the value of the definition from functor F's guided search.
template <class F>
void check_search(const InversionCdf& t) {
  auto f = std::make_unique<F>();
  fill_inversion_table(t, f->table);
  std::vector<uint64_t> words = {0, 1, ~0ull, ~0ull - 1, uint64_t{1} << 63};
  for (uint64_t c : t.cdf) {
    words.push_back(c);
    words.push_back(c + 1);
  }
  using Table = typename F::Table;
  for (int i = 0; i < Table::guides; ++i) {
    words.push_back((static_cast<uint64_t>(i) << (64 - Table::guide_bits)) - 1);
    words.push_back(static_cast<uint64_t>(i) << (64 - Table::guide_bits));
  }
  uint64_t x = 0x243f6a8885a308d3ull;
  for (int i = 0; i < 4000; ++i) words.push_back(x = x * 6364136223846793005ull + 1442695040888963407ull);
  for (uint64_t u : words) ASSERT_EQ(invert_word(f->view(), u), by_definition(t, u)) << u;
}

TEST(RandomInversion, GuidedSearchIsTheDefinition) {
  for (const InversionCdf& t : {poisson_inversion_cdf(10.0), poisson_inversion_cdf(45.0),
                                binomial_inversion_cdf(20, 0.3), binomial_inversion_cdf(7, 1.0)}) {
    ASSERT_LE(t.cdf.size(), static_cast<size_t>(kInversionSmall));
    check_search<InversionBlockF<kInversionSmall>>(t);
    check_search<InversionSubF<kInversionLarge>>(t);
  }
  for (const InversionCdf& t :
       {poisson_inversion_cdf(2000.0), poisson_inversion_cdf(3200.0), binomial_inversion_cdf(1000000, 0.003)}) {
    ASSERT_GT(t.cdf.size(), static_cast<size_t>(kInversionSmall));
    check_search<InversionBlockF<kInversionLarge>>(t);
  }
}
