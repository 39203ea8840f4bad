// Discrete samplers of NumPy's distributions (int64 results), device-portable templates on the bit
// source (Note [Device-portable math] in cupric/detail/device_math.hpp); they compute in double.
#pragma once
#include "cupric/random/distributions/base.hpp"
#include "cupric/random/distributions/continuous.hpp"

namespace cupric::random::dist {

// Largest Poisson mean NumPy accepts: int64 max minus ten standard deviations, so the draw
// (almost) never exceeds int64. Means above it are "lam value too large" (param_rules.hpp).
inline constexpr double kPoissonLamMax = 9.223372006484771e18;

// Converts a floating draw to int64, saturating at the top (the draws are never negative).
CUPRIC_HD inline int64_t to_int64_saturating(double x) { return x >= 9.2233720368547758e18 ? kInt64Max : int64_t(x); }

// --- Poisson ----------------------------------------------------------------------------------
// Generator::draw takes scalar lam up to ~3200 by table inversion instead (Note [Discrete table
// inversion] in src/random/inversion_table.hpp); this sampler serves array lam, larger lam, and
// the Poisson mixtures below.
// lam < 10: inversion by sequential search from 0 (one uniform; ~lam + 1 steps).
// lam >= 10: PTRS, Hörmann (1993), "The transformed rejection method for generating Poisson
// random variables": k = floor((2a/us + b) U + lam + 0.43) with U uniform on (-1/2, 1/2),
// us = 1/2 - |U|, a squeeze accepting most draws, and the exact test
// log(V alpha / (a/us^2 + b)) <= -lam + k log lam - log k!, whose right side is formed by
// Note [Log-factorial differences] so it stays exact up to lam ~ 2^63.
template <class Bits> CUPRIC_HD int64_t poisson(Bits& b, double lam) {
  if (lam == 0) return 0;
  if (lam < 10) {
    double p = m::exp(-lam), cdf = p;
    const double u = uniform_open<double>(b);
    int64_t k = 0;
    // The bound guards the tail, where rounding can keep cdf just below u for ever.
    while (u > cdf && k < 1000) {
      ++k;
      p *= lam / double(k);
      cdf += p;
    }
    return k;
  }
  constexpr double kHalfLog2Pi = 0.91893853320467274178;
  const double slam = m::sqrt(lam);
  const double bb = 0.931 + 2.53 * slam;
  const double a = -0.059 + 0.02483 * bb;
  const double inv_alpha = 1.1239 + 1.1328 / (bb - 3.4);
  const double vr = 0.9277 - 3.6224 / (bb - 2);
  for (;;) {
    const double u = uniform_open<double>(b) - 0.5;
    const double v = uniform_open<double>(b);
    const double us = 0.5 - m::fabs(u);
    const double kf = m::floor((2 * a / us + bb) * u + lam + 0.43);
    if (kf < 0 || kf >= 9.2233720368547758e18) continue;
    if (us >= 0.07 && v <= vr) return int64_t(kf);
    if (us < 0.013 && v > us) continue;
    // -lam + k log lam - log k!  with  log k! = (k+1/2) log(k+1) - (k+1) + log(2pi)/2 + tail(k)
    const double d = lam - (kf + 1);
    const double rhs = -d + kf * m::log1p(d / (kf + 1)) - 0.5 * m::log(kf + 1) - kHalfLog2Pi - stirling_tail(kf);
    if (m::log(v * inv_alpha / (a / (us * us) + bb)) <= rhs) return int64_t(kf);
  }
}

// --- binomial ---------------------------------------------------------------------------------
// Scalar (n, p) with n p (1 - p) up to ~3200: table inversion (Note [Discrete table inversion] in
// src/random/inversion_table.hpp); this sampler serves array parameters and wider laws.
// p > 1/2 is drawn as n - Binomial(n, 1 - p). n p < 10: inversion by sequential search with the
// recurrence f(k+1) = f(k) (n - k) p / ((k + 1) q) (q^n >= e^-14 there, so no underflow).
// Otherwise BTRS, Hörmann (1993), "The generation of binomial random variates": transformed
// rejection with squeeze, the exact test formed by Note [Log-factorial differences].
template <class Bits> CUPRIC_HD int64_t binomial(Bits& b, int64_t n, double p) {
  if (n == 0 || p == 0) return 0;
  if (p == 1) return n;
  if (p > 0.5) return n - binomial(b, n, 1 - p);
  const double q = 1 - p;
  const double nd = double(n);
  if (nd * p < 10) {
    const double s = p / q;
    double f = m::exp(nd * m::log1p(-p));
    const double u = uniform_open<double>(b);
    double cdf = f;
    int64_t k = 0;
    while (u > cdf && k < n) {
      f *= s * double(n - k) / double(k + 1);
      ++k;
      cdf += f;
      if (f == 0) break;  // only rounding can leave cdf below u here
    }
    return k;
  }
  const double spq = m::sqrt(nd * p * q);
  const double bb = 1.15 + 2.53 * spq;
  const double a = -0.0873 + 0.0248 * bb + 0.01 * p;
  const double c = nd * p + 0.5;
  const double vr = 0.92 - 4.2 / bb;
  const double alpha = (2.83 + 5.1 / bb) * spq;
  const double lpq = m::log(p / q);
  const double mode = m::floor((nd + 1) * p);
  for (;;) {
    const double u = uniform_open<double>(b) - 0.5;
    const double v = uniform_open<double>(b);
    const double us = 0.5 - m::fabs(u);
    const double kf = m::floor((2 * a / us + bb) * u + c);
    if (kf < 0 || kf > nd) continue;
    if (us >= 0.07 && v <= vr) return int64_t(kf);
    // log f(k) - log f(mode) = log mode! - log k! + log (n-mode)! - log (n-k)! + (k - mode) lpq
    const double rhs =
        log_factorial_diff(mode, kf, mode - kf) + log_factorial_diff(nd - mode, nd - kf, kf - mode) + (kf - mode) * lpq;
    if (m::log(v * alpha / (a / (us * us) + bb)) <= rhs) return int64_t(kf);
  }
}

// Note [Discrete laws on a GPU]
// What makes hypergeometric, geometric, logseries, zipf (and vonmises, continuous.hpp) cheap on a
// GPU, where a warp runs its 32 elements' trip counts to the longest and every register the
// deepest branch needs is held by the whole kernel:
// * Scalar parameters: hypergeometric (variance up to ~4096), geometric (p >= 0.0425) and
//   logseries (p <= 0.957) are tabulated once per call and each value is a 64-bit word and a
//   guide-table search (Note [Discrete table inversion] in src/random/inversion_table.hpp):
//   rs.hypergeometric(200, 300, 100) ran HRUA's rejection loop (9.7 ms for 2^24 values on the
//   H200, CuPy 3.3 ms); poisson's table draws 2^24 values in ~45 us. zipf's tail is too heavy
//   for a table (P(X > k) ~ k^(1-a)), vonmises is continuous.
// * The samplers (array parameters, laws past the tables) avoid the functions whose code is
//   large: lgamma (hypergeometric's Stirling tails of integers below 16 come from a table of 16
//   values), a double pow (zipf: exp and
//   log, 68 -> 62), fmod (vonmises: only off [-pi, pi)); HRUA's trials take one logarithm a
//   factorial while the population is at most 2^24 (the exact differences cost a log1p and a
//   division more each, four a trial). Uniforms are spent where they carry
//   information: hypergeometric's direct simulation takes one word per item (an exact bounded
//   integer), vonmises's sign one bit.
// * Per-call constants sit in structs of their own (GeometricLaw, ZipfShape, VonmisesShape in
//   continuous.hpp), so a draw path holding scalar parameters can form them once per call (as the
//   gamma family's Note [Prepared samplers] does) with the values unchanged; formed per element,
//   geometric's comes after the draw, which keeps it out of the registers the generator's rounds
//   use (40 -> 32 registers in a one-line kernel).
// Values changed with the methods (tables for scalar parameters; zipf's, hypergeometric's and
// vonmises's rounding or words): the laws are the same, tested against scipy.stats in
// tests/python/random/test_discrete_laws.py.

// --- geometric, negative binomial, logseries, zipf --------------------------------------------
// Geometric on {1, 2, ...} by inversion: ceil(log U / log(1 - p)). The law's constant is a
// struct of its own (GeometricLaw), so a draw path holding scalar parameters can form it once
// per call and leave each element a logarithm, a division and a rounding, the same values as
// geometric() (Note [Discrete laws on a GPU]). Generator::draw tabulates scalar p >= 0.0425
// instead (Note [Discrete table inversion] in src/random/inversion_table.hpp).
struct GeometricLaw {
  double log_q;  // log(1 - p), p < 1
  CUPRIC_HD explicit GeometricLaw(double p) : log_q(m::log1p(-p)) {}
  CUPRIC_HD static int64_t value(double log_u, double log_q) {
    const double k = m::ceil(log_u / log_q);
    return k < 1 ? 1 : to_int64_saturating(k);
  }
  template <class Bits> CUPRIC_HD int64_t operator()(Bits& b) const {
    return value(m::log(uniform_open<double>(b)), log_q);
  }
};
template <class Bits> CUPRIC_HD int64_t geometric(Bits& b, double p) {
  if (p == 1) return 1;
  // The draw before log(1 - p): p's logarithm is not held across the Philox rounds (8 registers).
  const double log_u = m::log(uniform_open<double>(b));
  return GeometricLaw::value(log_u, m::log1p(-p));
}

// Gamma–Poisson mixture: Poisson(Gamma(n, (1 - p) / p)). A mixing mean past the Poisson range
// (p -> 0, allowed by RandomState) gives int64 min, NumPy's RandomState result there; Generator
// rejects those parameters up front ("n too large or p too small").
// (The mixture's gamma shape and scale prepared once for scalar parameters: NegativeBinomialShape.)
struct NegativeBinomialShape {
  bool zero;  // p == 1, or n NaN (RandomState's result for n = NaN; Generator rejects it)
  double scale;
  GammaShape<double> shape;
  CUPRIC_HD static NegativeBinomialShape of(double n, double p) {
    return {p == 1 || m::isnan(n), (1 - p) / p, GammaShape<double>::of(n)};
  }
};
template <class Bits> CUPRIC_HD int64_t negative_binomial(Bits& b, const NegativeBinomialShape& s) {
  if (s.zero) return 0;
  const double y = s.scale * standard_gamma<double>(b, s.shape);
  if (!(y <= kPoissonLamMax)) return kInt64Min;
  return poisson(b, y);
}
template <class Bits> CUPRIC_HD int64_t negative_binomial(Bits& b, double n, double p) {
  return negative_binomial(b, NegativeBinomialShape::of(n, p));
}

// Kemp (1981), "Efficient generation of logarithmically distributed pseudo-random variables",
// algorithm LK: with r = log(1 - p), V uniform: V >= p gives 1; else q = 1 - exp(r U) and
// V <= q^2 gives floor(1 + log V / log q), V >= q gives 1, otherwise 2.
template <class Bits> CUPRIC_HD int64_t logseries(Bits& b, double p) {
  if (p == 0) return 1;
  const double r = m::log1p(-p);
  for (;;) {
    const double v = uniform_open<double>(b);
    if (v >= p) return 1;
    const double q = -m::expm1(r * uniform_open<double>(b));
    if (v <= q * q) {
      const double k = m::floor(1 + m::log(v) / m::log(q));
      if (k < 1) continue;
      return to_int64_saturating(k);
    }
    return v >= q ? 1 : 2;
  }
}

// Zipf by Devroye's rejection (Non-Uniform Random Variate Generation, X.6): X = floor(U^(-1/(a-1)))
// accepted when V X (T - 1) / (b - 1) <= T / b, T = (1 + 1/X)^(a-1), b = 2^(a-1). Candidates past
// int64 are rejected (the law's tail is conditioned away, as NumPy does). For a >= 1025, P(X > 1)
// is below 2^-1024 and the draw is 1. Powers as exp/log (a double pow is a logarithm and an
// exponential in extended precision: twice the instructions), T - 1 and 1 - 1/b by expm1 (exact
// where T is near 1, at large X), and the test multiplied by b: no division but 1/X per trial.
struct ZipfShape {         // what an a gives once (Note [Discrete laws on a GPU])
  double am1, neg_inv, r;  // a - 1, -1 / (a - 1), (b - 1) / b
  bool one;                // a >= 1025: every draw is 1
  CUPRIC_HD static ZipfShape of(double a) {
    constexpr double kLn2 = 0.69314718055994530942;
    const double am1 = a - 1;
    return {am1, -1 / am1, -m::expm1(-am1 * kLn2), a >= 1025};
  }
};
template <class Bits> CUPRIC_HD int64_t zipf(Bits& b, const ZipfShape& z) {
  if (z.one) return 1;
  for (;;) {
    const double u = uniform_open<double>(b);
    const double v = uniform_open<double>(b);
    const double x = m::floor(m::exp(m::log(u) * z.neg_inv));
    if (!(x >= 1) || x >= 9.2233720368547758e18) continue;
    const double tm1 = m::expm1(z.am1 * m::log1p(1 / x));
    if (v * x * tm1 <= (tm1 + 1) * z.r) return int64_t(x);
  }
}
template <class Bits> CUPRIC_HD int64_t zipf(Bits& b, double a) { return zipf(b, ZipfShape::of(a)); }

// --- hypergeometric ---------------------------------------------------------------------------
// stirling_tail (Note [Log-factorial differences] in base.hpp) of an integer y >= 0 without
// lgamma: below 16 from a table of the exact values (log y! - [(y+1/2) log(y+1) - (y+1) +
// log(2 pi)/2], each correctly rounded; the same bits on host and GPU). lgamma's code was most of
// the hypergeometric kernel's registers (Note [Discrete laws on a GPU]).
#define CUPRIC_STIRLING_TAILS                                                                                       \
  0.08106146679532726, 0.0413406959554093, 0.02767792568499834, 0.020790672103765093, 0.016644691189821193,         \
      0.013876128823070748, 0.01189670994589177, 0.010411265261972096, 0.009255462182712733, 0.00833056343336287,   \
      0.007573675487951841, 0.00694284010720953, 0.006408994188004207, 0.0059513701127588475, 0.005554733551962801, \
      0.0052076559196096404
inline constexpr double kStirlingTails[16] = {CUPRIC_STIRLING_TAILS};
#if defined(__CUDACC__)
// The device copy (a constexpr host array cannot be indexed by a variable in device code).
static __device__ const double kStirlingTailsDev[16] = {CUPRIC_STIRLING_TAILS};
#endif
#undef CUPRIC_STIRLING_TAILS

CUPRIC_HD inline double stirling_tail_int(double y) {
  if (y >= 16) return stirling_tail(y);
#if defined(__CUDA_ARCH__)
  return kStirlingTailsDev[int(y)];
#else
  return kStirlingTails[int(y)];
#endif
}

// HRUA, Stadlober (1989), "Sampling from Poisson, binomial and hypergeometric distributions:
// ratio of uniforms as a simple and fast alternative": ratio-of-uniforms with a table-free hat
// centred at the mean, width from the variance, and the exact log-pmf test against the mode.
// Draws the rare-colour items among md drawn (rd rare, cd common, tot = rd + cd, md <= tot / 2).
template <class Bits> CUPRIC_HD int64_t hypergeometric_hrua(Bits& b, double md, double rd, double cd, double tot) {
  const double D1 = 1.7155277699214135;  // 2 sqrt(2/e)
  const double D2 = 0.8989161620588988;  // 3 - 2 sqrt(3/e)
  const double pr = rd / tot;
  const double mean = md * pr + 0.5;
  const double sd = m::sqrt((tot - md) * md * pr * (1 - pr) / (tot - 1) + 0.5);
  const double width = D1 * sd + D2;
  const double mode = m::floor((md + 1) * (rd + 1) / (tot + 2));
  // log pmf(z) - log pmf(mode): the four factorials of the pmf's numerator. tot <= 2^24: each
  // directly, log x! = (x + 1/2) log(x + 1) + tail(x) less terms linear in x, which cancel (the
  // mode's four arguments and z's both sum to tot): one logarithm a factorial, within ~1e-7 of
  // the exact value. Larger populations: each as a difference log x! - log y! (Note
  // [Log-factorial differences]), exact to 2^63 at twice the cost (a log1p and a division more).
  const bool direct = tot <= 16777216.0;
  auto log_fact = [](double x) { return (x + 0.5) * m::log(x + 1) + stirling_tail_int(x); };
  auto part = [](double x, double y, double d) {  // log x! - log y! less x's Stirling tail
    return (x + 0.5) * m::log1p(d / (y + 1)) + d * (m::log(y + 1) - 1) - stirling_tail_int(y);
  };
  const double at_mode = direct ? log_fact(mode) + log_fact(rd - mode) + log_fact(md - mode) + log_fact(cd - md + mode)
                                : stirling_tail_int(mode) + stirling_tail_int(rd - mode) +
                                      stirling_tail_int(md - mode) + stirling_tail_int(cd - md + mode);
  const double upper = m::min(m::min(md, rd) + 1, m::floor(mean + 16 * sd));
  for (;;) {
    const double x = uniform_open<double>(b);
    const double y = uniform_open<double>(b);
    const double w = mean + width * (y - 0.5) / x;
    if (w < 0 || w >= upper) continue;
    const double z = m::floor(w);
    const double t = direct ? at_mode - (log_fact(z) + log_fact(rd - z) + log_fact(md - z) + log_fact(cd - md + z))
                            : at_mode + part(mode, z, mode - z) + part(rd - mode, rd - z, z - mode) +
                                  part(md - mode, md - z, z - mode) + part(cd - md + mode, cd - md + z, mode - z);
    if (x * (4 - x) - 3 <= t) return int64_t(z);  // quick accept
    if (x * (x - t) >= 1) continue;               // quick reject
    if (2 * m::log(x) <= t) return int64_t(z);
  }
}

// Draws k good items among nsample drawn without replacement from ngood good and nbad bad ones.
// By symmetry it samples m = min(nsample, total - nsample) items of the rarer colour, then maps
// back. m <= 10: direct simulation of the m draws, each an exact bounded integer j < left_total
// (one word and Lemire's multiply-and-reject while total < 2^32; a 52-bit uniform beyond), the
// item rare when j < left_rare. Otherwise HRUA. Generator::draw tabulates scalar parameters
// whose variance is below ~4096 instead (Note [Discrete table inversion]).
template <class Bits> CUPRIC_HD int64_t hypergeometric(Bits& b, int64_t ngood, int64_t nbad, int64_t nsample) {
  if (nsample == 0 || ngood == 0) return 0;
  if (nbad == 0) return nsample;
  const int64_t total = ngood + nbad;
  const int64_t mcount = nsample < total - nsample ? nsample : total - nsample;
  const int64_t rare = ngood < nbad ? ngood : nbad;
  int64_t k = 0;  // rare-colour items among the mcount drawn
  if (mcount <= 10 && total < (int64_t(1) << 32)) {
    uint32_t left_rare = uint32_t(rare), left_total = uint32_t(total);
    for (int i = 0; i < int(mcount); ++i, --left_total) {
      uint64_t mm = uint64_t(b.next_u32()) * left_total;
      if (uint32_t(mm) < left_total) {
        const uint32_t t = (0u - left_total) % left_total;
        while (uint32_t(mm) < t) mm = uint64_t(b.next_u32()) * left_total;
      }
      if (uint32_t(mm >> 32) < left_rare) {
        ++k;
        --left_rare;
      }
    }
  } else if (mcount <= 10) {
    int64_t left_rare = rare, left_total = total;
    for (int64_t i = 0; i < mcount; ++i, --left_total) {
      if (uniform_open<double>(b) * double(left_total) < double(left_rare)) {
        ++k;
        --left_rare;
      }
    }
  } else {
    k = hypergeometric_hrua(b, double(mcount), double(rare), double(total - rare), double(total));
  }
  if (ngood > nbad) k = mcount - k;     // k counted bad items: turn into good ones
  if (mcount < nsample) k = ngood - k;  // the complement was drawn
  return k;
}

// --- Poisson mixtures: noncentral chi-square and F ----------------------------------------------
// Noncentral chi-square. df > 1: chi2(df - 1) + (N + sqrt(nonc))^2 (a sum of squares with the
// shift on one term); df <= 1 (where chi2(df - 1) does not exist): the Poisson mixture
// chi2(df + 2 K), K ~ Poisson(nonc / 2). They live here because the mixture needs poisson().
// NoncentralChisquareShape: what a scalar (df, nonc) gives once (the case, sqrt(nonc) and the
// prepared chi2(df - 1)).
template <class T>
struct NoncentralChisquareShape {
  enum Case : uint8_t { NaN, Central, Infinite, Sum, Mixture };
  T df, nonc, root;
  Case kind;
  GammaShape<T> rest;  // chi2(df - 1) (Sum) or chi2(df) (Central)
  CUPRIC_HD static NoncentralChisquareShape of(T df, T nonc) {
    NoncentralChisquareShape s{df, nonc, T(0), Mixture, GammaShape<T>::of(T(0))};
    if (m::isnan(nonc) || m::isnan(df)) {
      s.kind = NaN;
    } else if (nonc == T(0)) {
      s.kind = Central;
      s.rest = chisquare_shape(df);
    } else if (m::isinf(nonc)) {
      s.kind = Infinite;
    } else if (df > T(1)) {
      s.kind = Sum;
      s.rest = chisquare_shape(df - T(1));
      s.root = m::sqrt(nonc);
    }
    return s;
  }
};
template <class T, class Bits> CUPRIC_HD T noncentral_chisquare(Bits& b, const NoncentralChisquareShape<T>& s) {
  using S = NoncentralChisquareShape<T>;
  switch (s.kind) {
    case S::NaN: return kNaN<T>;
    case S::Central: return chisquare<T>(b, s.rest);
    case S::Infinite: return kInf<T>;
    case S::Sum: {
      const T rest = chisquare<T>(b, s.rest);
      const T z = standard_normal<T>(b) + s.root;
      return rest + z * z;
    }
    default: {
      const int64_t k = poisson(b, double(s.nonc) / 2);
      return chisquare<T>(b, s.df + T(2) * T(k));
    }
  }
}
template <class T, class Bits> CUPRIC_HD T noncentral_chisquare(Bits& b, T df, T nonc) {
  return noncentral_chisquare<T>(b, NoncentralChisquareShape<T>::of(df, nonc));
}

template <class T, class Bits>
CUPRIC_HD T noncentral_f(Bits& b, T dfnum, T dfden, const NoncentralChisquareShape<T>& num, const GammaShape<T>& den) {
  const T x = noncentral_chisquare<T>(b, num) * dfden;
  return x / (chisquare<T>(b, den) * dfnum);
}
template <class T, class Bits> CUPRIC_HD T noncentral_f(Bits& b, T dfnum, T dfden, T nonc) {
  return noncentral_f<T>(b, dfnum, dfden, NoncentralChisquareShape<T>::of(dfnum, nonc), chisquare_shape(dfden));
}

}  // namespace cupric::random::dist
