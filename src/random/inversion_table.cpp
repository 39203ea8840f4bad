// The host side of table inversion (Note [Discrete table inversion] in inversion_table.hpp): the
// Poisson and binomial tables, the loops' slots, and the draw Generator::draw hands them.
#include "random/inversion_table.hpp"
#include <cmath>
#include <memory>
#include "cupric/ndarray.hpp"
#include "engine/elementwise/elementwise_engine.hpp"

namespace cupric::random {

namespace {

LoopPair g_loops[static_cast<int>(InversionLoop::count_)];

// Weights below this fraction of the mode's are left out (their sum stays far below 2^-64).
constexpr long double kKeep = 0x1p-72L;
// Laws whose weights above kKeep span more values than this are not tabulated (the entries
// between the 2^-64 quantiles are fewer: those must fit kInversionLarge).
constexpr size_t kMaxWeights = 2 * kInversionLarge;

// The CDF table of the law whose weights relative to the mode's are w(mode) = 1,
// w(k - 1) = w(k) down(k) for k > 0, w(k + 1) = w(k) up(k) for k < top.
template <class Up, class Down>
InversionCdf tabulate(int64_t mode, int64_t top, Up up, Down down) {
  std::vector<long double> below, above;  // w(mode - 1), w(mode - 2), ...; w(mode + 1), ...
  long double w = 1;
  for (int64_t k = mode; k > 0; --k) {
    w *= down(k);
    if (w < kKeep) break;
    below.push_back(w);
    if (below.size() > kMaxWeights) return {};
  }
  w = 1;
  for (int64_t k = mode; k < top; ++k) {
    w *= up(k);
    if (w < kKeep) break;
    above.push_back(w);
    if (above.size() > kMaxWeights) return {};
  }
  if (below.size() + above.size() + 1 > kMaxWeights) return {};
  std::vector<long double> weights(below.rbegin(), below.rend());
  weights.push_back(1);
  weights.insert(weights.end(), above.begin(), above.end());
  long double total = 0;
  for (long double x : weights) total += x;
  InversionCdf t;
  t.base = mode - static_cast<int64_t>(below.size());
  long double cum = 0;
  constexpr long double kTwo64 = 18446744073709551616.0L;
  for (long double x : weights) {
    cum += x;
    const long double c = std::floor(cum / total * kTwo64);
    if (c < 1) {  // P(X <= value) < 2^-64: never drawn
      ++t.base;
      continue;
    }
    if (c >= kTwo64) break;  // the rest of the mass is below 2^-64: the last entry takes it
    t.cdf.push_back(static_cast<uint64_t>(c) - 1);
  }
  t.cdf.push_back(~0ull);
  if (t.cdf.size() > static_cast<size_t>(kInversionLarge)) return {};
  return t;
}

InversionCdf point_mass(int64_t value) {
  InversionCdf t;
  t.cdf.push_back(~0ull);
  t.base = value;
  return t;
}

template <class F>
void run_table(InversionLoop which, const StreamKey& k, const InversionCdf& c, const ndarray& out) {
  auto f = std::make_unique<F>();  // zeroed: the unused entries are defined bytes too
  f->key = k;
  fill_inversion_table(c, f->table);
  run_elementwise(inversion_loops(which), &out, 1, 0, f.get());
}

}  // namespace

LoopPair& inversion_loops(InversionLoop k) { return g_loops[static_cast<int>(k)]; }

InversionCdf poisson_inversion_cdf(double lam) {
  if (lam == 0) return point_mass(0);
  if (!(lam > 0 && lam <= 4.0 * kInversionLarge)) return {};  // beyond, the support is too wide
  const long double l = lam;
  return tabulate(
      static_cast<int64_t>(lam), INT64_MAX, [l](int64_t k) { return l / static_cast<long double>(k + 1); },
      [l](int64_t k) { return static_cast<long double>(k) / l; });
}

InversionCdf binomial_inversion_cdf(int64_t n, double p) {
  if (n == 0 || p == 0) return point_mass(0);
  if (p == 1) return point_mass(n);
  const long double pl = p, ql = 1.0L - pl, nl = static_cast<long double>(n);
  if (!(n > 0 && p > 0 && p < 1) || nl * pl * ql > 4.0L * kInversionLarge) return {};
  int64_t mode = static_cast<int64_t>(std::floor((nl + 1) * pl));
  mode = mode > n ? n : mode;
  const long double odds = pl / ql, inv_odds = ql / pl;
  return tabulate(
      mode, n, [=](int64_t k) { return static_cast<long double>(n - k) / static_cast<long double>(k + 1) * odds; },
      [=](int64_t k) { return static_cast<long double>(k) / static_cast<long double>(n - k + 1) * inv_odds; });
}

InversionCdf hypergeometric_inversion_cdf(int64_t ngood, int64_t nbad, int64_t nsample) {
  if (nsample == 0 || ngood == 0) return point_mass(0);
  if (nbad == 0) return point_mass(nsample);
  const long double g = static_cast<long double>(ngood), b = static_cast<long double>(nbad);
  const long double s = static_cast<long double>(nsample), t = g + b;
  if (!(ngood > 0 && nbad > 0 && nsample > 0 && s <= t)) return {};
  if (s == t) return point_mass(ngood);
  if (s * (g / t) * (b / t) * ((t - s) / (t - 1)) > 4.0L * kInversionLarge) return {};
  // The support is [max(0, s - b), min(s, g)]; the ratios below vanish at its ends.
  const int64_t lo = nsample > nbad ? nsample - nbad : 0, hi = nsample < ngood ? nsample : ngood;
  int64_t mode = static_cast<int64_t>(std::floor((s + 1) * (g + 1) / (t + 2)));
  mode = mode < lo ? lo : (mode > hi ? hi : mode);
  return tabulate(
      mode, hi,
      [=](int64_t k) {
        const long double kl = static_cast<long double>(k);
        return (g - kl) * (s - kl) / ((kl + 1) * (b - s + kl + 1));
      },
      [=](int64_t k) {
        const long double kl = static_cast<long double>(k);
        return k <= lo ? 0.0L : kl * (b - s + kl) / ((g - kl + 1) * (s - kl + 1));
      });
}

// Geometric and logarithmic laws start at 1 with their mode; their tails are tabulated while
// they reach 2^-64 within kInversionLarge values (q^1024 < 2^-64: -log q > 44.4 / 1024).
constexpr long double kTailPerEntry = 0.0434L;

InversionCdf geometric_inversion_cdf(double p) {
  if (p == 1) return point_mass(1);
  const long double q = 1.0L - static_cast<long double>(p);
  if (!(p > 0 && p < 1) || -std::log(q) < kTailPerEntry) return {};
  return tabulate(1, INT64_MAX, [q](int64_t) { return q; }, [](int64_t) { return 0.0L; });
}

InversionCdf logseries_inversion_cdf(double p) {
  if (p == 0) return point_mass(1);
  const long double pl = p;
  if (!(p > 0 && p < 1) || -std::log(pl) < kTailPerEntry) return {};
  // w(k) = p^k / k: w(k + 1) / w(k) = p k / (k + 1)
  return tabulate(
      1, INT64_MAX, [pl](int64_t k) { return pl * static_cast<long double>(k) / static_cast<long double>(k + 1); },
      [](int64_t) { return 0.0L; });
}

bool InversionDraw::prepare(DistributionId id, const double* params) {
  if (id == DistributionId::poisson)
    t_ = poisson_inversion_cdf(params[0]);
  else if (id == DistributionId::binomial)
    t_ = binomial_inversion_cdf(static_cast<int64_t>(params[0]), params[1]);
  else if (id == DistributionId::hypergeometric)
    t_ = hypergeometric_inversion_cdf(static_cast<int64_t>(params[0]), static_cast<int64_t>(params[1]),
                                      static_cast<int64_t>(params[2]));
  else if (id == DistributionId::geometric)
    t_ = geometric_inversion_cdf(params[0]);
  else if (id == DistributionId::logseries)
    t_ = logseries_inversion_cdf(params[0]);
  else
    return false;
  return !t_.cdf.empty();
}

void InversionDraw::run(const StreamKey& k, const ndarray& out) const {
  const bool small = t_.cdf.size() <= static_cast<size_t>(kInversionSmall);
  if (k.kind == BitGenKind::Philox4x3210) {
    if (small)
      run_table<InversionBlockF<kInversionSmall>>(InversionLoop::PhiloxSmall, k, t_, out);
    else
      run_table<InversionBlockF<kInversionLarge>>(InversionLoop::PhiloxLarge, k, t_, out);
  } else {
    if (small)
      run_table<InversionSubF<kInversionSmall>>(InversionLoop::SubSmall, k, t_, out);
    else
      run_table<InversionSubF<kInversionLarge>>(InversionLoop::SubLarge, k, t_, out);
  }
}

}  // namespace cupric::random
