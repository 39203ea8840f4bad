// Continuous samplers of NumPy's distributions, device-portable templates on the result type T
// (float or double) and the bit source (Note [Device-portable math] in cupric/detail/device_math.hpp).
#pragma once
#include "cupric/random/distributions/base.hpp"

namespace cupric::random::dist {

// Parameters reach the samplers already validated (param_rules.hpp); NaN parameters NumPy lets
// through propagate to a NaN draw, as in NumPy.

// --- gamma family -----------------------------------------------------------------------------
// Note [Gamma acceptance in float]
// Marsaglia and Tsang's test log U < x^2/2 + d (1 - v + log v) runs for the ~8% of trials the
// squeeze leaves (any shape); in a warp of 32 elements that is almost every warp (1 - 0.92^32 =
// 94%), so each warp paid two float64 logarithms a trial (~50 instructions each in SASS) while
// most of its lanes waited. The test is decided first with the float logarithm of exact steps
// (neg_log_float, Note [Exact float log, sine and cosine] in include/cupric/random/exact_math.hpp:
// ~15 float instructions, the same bits on host and GPU), against a margin that bounds every
// error of both forms: the float conversions of u and v (2^-24 relative: 6e-8 in the log), the
// float log (about an ulp; 2e-6 covers it many times over) scaled by d for log v, and the
// rounding of the T expression. Outside the margin the float decision is the one the T test would
// make; inside it (a probability of the order of the margin, ~1e-6 a trial) or for a v outside the
// float range, the T test decides as before. So every value is the same as with the T test alone.
template <class T>
CUPRIC_HD inline bool gamma_log_accept(T u, T v, T x2, T d) {
  if (v > T(1e-30) && v < T(1e30)) {
    const T lu = -static_cast<T>(neg_log_float(static_cast<float>(u)));
    const T lv = -static_cast<T>(neg_log_float(static_cast<float>(v)));
    const T r = T(0.5) * x2 + d * (T(1) - v + lv);
    const T margin = T(2e-6) * (T(1) - lu + T(0.5) * x2 + d * (T(1) + m::fabs(T(1) - v) + m::fabs(lv)));  // lu <= 0
    if (lu < r - margin) return true;
    if (lu > r + margin) return false;
  }
  return m::log(u) < T(0.5) * x2 + d * (T(1) - v + m::log(v));
}

// Marsaglia & Tsang (2000), "A simple method for generating gamma variables": for shape >= 1,
// d = shape - 1/3, c = 1/sqrt(9d); x normal, v = (1 + c x)^3; accept d v when
// log U < x^2/2 + d (1 - v + log v) (with the cheap squeeze U < 1 - 0.0331 x^4 first; the log
// test decided in float where that is exact: Note [Gamma acceptance in float]).
// For shape < 1 the same paper's boost: Gamma(shape) = Gamma(shape + 1) * U^(1/shape).
// GammaShape holds what the draw derives from the shape alone (its case, d, c), so that a draw
// with a scalar shape computes it once per call (Note [Prepared samplers] in
// include/cupric/random/distributions/registry_samplers.hpp), not a square root and a division
// per element.
template <class T>
struct GammaShape {
  enum Case : uint8_t { Tsang, Boosted, Zero, NaN, Infinite, Exponential };
  T shape;  // the boost's divisor (Boosted), the NaN returned (NaN)
  T d, c;
  Case kind;
  CUPRIC_HD static GammaShape of(T shape) {
    GammaShape g{shape, T(0), T(0), Tsang};
    if (shape == T(0)) {
      g.kind = Zero;  // NumPy: a point mass at 0
    } else if (m::isnan(shape)) {
      g.kind = NaN;
    } else if (m::isinf(shape)) {
      g.kind = Infinite;
    } else if (shape == T(1)) {
      g.kind = Exponential;
    } else {
      if (shape < T(1)) {
        g.kind = Boosted;
        shape += T(1);
      }
      g.d = shape - T(1) / T(3);
      g.c = T(1) / m::sqrt(T(9) * g.d);
    }
    return g;
  }
};

template <class T, class Bits> CUPRIC_HD T standard_gamma(Bits& b, const GammaShape<T>& g) {
  if (g.kind > GammaShape<T>::Boosted) {
    if (g.kind == GammaShape<T>::Zero) return T(0);
    if (g.kind == GammaShape<T>::NaN) return g.shape;
    if (g.kind == GammaShape<T>::Infinite) return kInf<T>;
    return standard_exponential<T>(b);
  }
  T boost = T(1);
  if (g.kind == GammaShape<T>::Boosted) {
    // U^(1/shape) as exp(log U / shape): underflows to 0 only where the true value is below
    // the type's smallest normal.
    boost = m::exp(m::log(uniform_open<T>(b)) / g.shape);
  }
  const T d = g.d, c = g.c;
  for (;;) {
    T x, v;
    do {
      x = standard_normal<T>(b);
      v = T(1) + c * x;
    } while (v <= T(0));
    v = v * v * v;
    const T u = uniform_open<T>(b);
    const T x2 = x * x;
    if (u < T(1) - T(0.0331) * x2 * x2) return d * v * boost;
    if (gamma_log_accept<T>(u, v, x2, d)) return d * v * boost;
  }
}
template <class T, class Bits> CUPRIC_HD T standard_gamma(Bits& b, T shape) {
  return standard_gamma<T>(b, GammaShape<T>::of(shape));
}

// log of a standard gamma draw, without underflow for tiny shapes: for shape < 1,
// log Gamma(shape) = log Gamma(shape + 1) + log(U) / shape (the boost in logs). Dirichlet's
// normalisation works on these (multivariate.hpp, python/cupric/random/_multivariate.py).
template <class T, class Bits> CUPRIC_HD T log_standard_gamma(Bits& b, T shape) {
  if (shape == T(0)) return -kInf<T>;
  if (!(shape < T(1))) return m::log(standard_gamma<T>(b, shape));
  const T log_boost = m::log(uniform_open<T>(b)) / shape;
  return m::log(standard_gamma<T>(b, shape + T(1))) + log_boost;
}

template <class T, class Bits> CUPRIC_HD T gamma(Bits& b, T shape, T scale) {
  return scale * standard_gamma<T>(b, shape);
}

// chi2(df) = 2 Gamma(df / 2), its shape prepared once by chisquare_shape(df).
template <class T>
CUPRIC_HD inline GammaShape<T> chisquare_shape(T df) {
  return GammaShape<T>::of(df / T(2));
}
template <class T, class Bits> CUPRIC_HD T chisquare(Bits& b, const GammaShape<T>& half_df) {
  return T(2) * standard_gamma<T>(b, half_df);
}
template <class T, class Bits> CUPRIC_HD T chisquare(Bits& b, T df) { return chisquare<T>(b, chisquare_shape(df)); }

template <class T, class Bits>
CUPRIC_HD T f(Bits& b, T dfnum, T dfden, const GammaShape<T>& num, const GammaShape<T>& den) {
  return (chisquare<T>(b, num) * dfden) / (chisquare<T>(b, den) * dfnum);
}
template <class T, class Bits> CUPRIC_HD T f(Bits& b, T dfnum, T dfden) {
  return f<T>(b, dfnum, dfden, chisquare_shape(dfnum), chisquare_shape(dfden));
}

template <class T, class Bits> CUPRIC_HD T standard_t(Bits& b, T df, const GammaShape<T>& half_df) {
  const T z = standard_normal<T>(b);
  return z * m::sqrt(df / chisquare<T>(b, half_df));
}
template <class T, class Bits> CUPRIC_HD T standard_t(Bits& b, T df) {
  return standard_t<T>(b, df, chisquare_shape(df));
}

// Beta. Both parameters <= 1: Jöhnk's method (X = U^(1/a), Y = V^(1/b), accept X + Y <= 1,
// return X / (X + Y)), evaluated in logs when X + Y underflows, so tiny a, b give draws near 0
// and 1 instead of 0/0. Otherwise the ratio of gammas X / (X + Y), both drawn in the one kernel;
// BetaShape holds their prepared shapes.
template <class T>
struct BetaShape {
  T a, b;
  bool nan, johnk;
  GammaShape<T> ga, gb;
  CUPRIC_HD static BetaShape of(T a, T b) {
    const bool nan = m::isnan(a) || m::isnan(b);
    const bool johnk = a <= T(1) && b <= T(1);
    return BetaShape{a, b, nan, johnk, GammaShape<T>::of(a), GammaShape<T>::of(b)};
  }
};
// The two methods apart (a scalar-parameter draw runs only its call's: Note [Sampler variants]
// in include/cupric/random/distributions/registry_samplers.hpp).
template <class T, class Bits> CUPRIC_HD T beta_johnk(Bits& b, const BetaShape<T>& s) {
  if (s.nan) return kNaN<T>;
  for (;;) {
    const T lx = m::log(uniform_open<T>(b)) / s.a;
    const T ly = m::log(uniform_open<T>(b)) / s.b;
    const T x = m::exp(lx), y = m::exp(ly);
    if (x + y > T(1)) continue;
    if (x + y > T(0)) return x / (x + y);
    // Both underflowed: X / (X + Y) = 1 / (1 + exp(ly - lx)).
    return T(1) / (T(1) + m::exp(ly - lx));
  }
}
template <class T, class Bits> CUPRIC_HD T beta_gammas(Bits& b, const BetaShape<T>& s) {
  if (s.nan) return kNaN<T>;
  const T x = standard_gamma<T>(b, s.ga);
  const T y = standard_gamma<T>(b, s.gb);
  return x / (x + y);
}
template <class T, class Bits> CUPRIC_HD T beta(Bits& b, const BetaShape<T>& s) {
  return s.johnk ? beta_johnk<T>(b, s) : beta_gammas<T>(b, s);
}
template <class T, class Bits> CUPRIC_HD T beta(Bits& b, T a, T bb) { return beta<T>(b, BetaShape<T>::of(a, bb)); }

// --- transformations of one uniform, normal or exponential ------------------------------------
template <class T, class Bits> CUPRIC_HD T exponential(Bits& b, T scale) { return scale * standard_exponential<T>(b); }

// Gumbel by inversion: loc - scale log(E), E = -log U standard exponential.
template <class T, class Bits> CUPRIC_HD T gumbel(Bits& b, T loc, T scale) {
  return loc - scale * m::log(standard_exponential<T>(b));
}

template <class T, class Bits> CUPRIC_HD T laplace(Bits& b, T loc, T scale) {
  const T u = uniform_open<T>(b);
  if (u < T(0.5)) return loc + scale * m::log(T(2) * u);
  return loc - scale * m::log(T(2) * (T(1) - u));
}

template <class T, class Bits> CUPRIC_HD T logistic(Bits& b, T loc, T scale) {
  const T u = uniform_open<T>(b);
  return loc + scale * m::log(u / (T(1) - u));
}

template <class T, class Bits> CUPRIC_HD T normal(Bits& b, T loc, T scale) {
  return loc + scale * standard_normal<T>(b);
}

template <class T, class Bits> CUPRIC_HD T lognormal(Bits& b, T mean, T sigma) {
  return m::exp(mean + sigma * standard_normal<T>(b));
}

// NumPy's pareto is the Lomax (Pareto II) law: exp(E / a) - 1.
template <class T, class Bits> CUPRIC_HD T pareto(Bits& b, T a) { return m::expm1(standard_exponential<T>(b) / a); }

// Power law on [0, 1], density a x^(a-1): U^(1/a), with U = 1 - exp(-E) as NumPy does.
template <class T, class Bits> CUPRIC_HD T power(Bits& b, T a) {
  return m::pow(-m::expm1(-standard_exponential<T>(b)), T(1) / a);
}

template <class T, class Bits> CUPRIC_HD T rayleigh(Bits& b, T scale) {
  return scale * m::sqrt(T(2) * standard_exponential<T>(b));
}

template <class T, class Bits> CUPRIC_HD T standard_cauchy(Bits& b) {
  const T x = standard_normal<T>(b);
  return x / standard_normal<T>(b);
}

// Weibull by inversion: E^(1/a). NumPy defines a = 0 as a point mass at 0.
template <class T, class Bits> CUPRIC_HD T weibull(Bits& b, T a) {
  if (a == T(0)) return T(0);
  return m::pow(standard_exponential<T>(b), T(1) / a);
}

// Triangular by inversion of its piecewise-quadratic CDF.
template <class T, class Bits> CUPRIC_HD T triangular(Bits& b, T left, T mode, T right) {
  const T base = right - left, left_base = mode - left, right_base = right - mode;
  const T u = uniform_open<T>(b);
  if (u <= left_base / base) return left + m::sqrt(u * left_base * base);
  return right - m::sqrt((T(1) - u) * right_base * base);
}

// Wald (inverse Gaussian), Michael, Schucany & Haas (1976): y = N^2,
// x = mean + mean^2 y / (2 scale) - mean / (2 scale) sqrt(4 mean scale y + mean^2 y^2), then x or
// mean^2 / x with probabilities mean / (mean + x). The root difference is rewritten as
// x = mean - 2 mean (mean y) / (mean y + sqrt(4 scale (mean y) + (mean y)^2)) to avoid the
// cancellation that loses all digits when mean y >> scale.
template <class T, class Bits> CUPRIC_HD T wald(Bits& b, T mean, T scale) {
  const T n = standard_normal<T>(b);
  const T my = mean * n * n;
  if (my == T(0)) return mean;  // n == 0: both roots are mean
  const T x = mean - T(2) * mean * my / (my + m::sqrt(T(4) * scale * my + my * my));
  const T u = uniform_open<T>(b);
  if (u * (mean + x) <= mean) return x;
  return mean * mean / x;
}

// --- von Mises --------------------------------------------------------------------------------
// Best & Fisher (1979), "Efficient simulation of the von Mises distribution": wrapped-Cauchy
// envelope with r = (1 + rho^2) / (2 rho), rho = (tau - sqrt(2 tau)) / (2 kappa),
// tau = 1 + sqrt(1 + 4 kappa^2). rho is rewritten without the cancellation of tau - sqrt(2 tau)
// at small kappa: tau - sqrt(2 tau) = tau (tau - 2) / (tau + sqrt(2 tau)),
// tau - 2 = 4 kappa^2 / (sqrt(1 + 4 kappa^2) + 1).
// kappa < 1e-8 is uniform on the circle to within the type's precision; kappa > 1e6 is a wrapped
// normal with variance 1/kappa to within the same (the envelope's acceptance degrades there).
// The sign of the angle is the top bit of one word (a double uniform compared with 1/2 spent two),
// and the result is wrapped to [-pi, pi): mu + theta is returned as it is when it lies there
// (always for mu = 0), fmod (a loop on a GPU) only otherwise. cos(pi U) stays CUDA's cos: its
// full-range reduction is a local-memory frame never touched for angles below pi, where cospi
// (no such frame) took 6 more registers (63 -> 70 in the strided kernel: a CTA less per SM).
// The draw is computed in double for both result types: near kappa ~ 1e6 the envelope's
// quantities s - w lose half their digits, which float cannot spare.
// What a kappa gives once (a draw path with a scalar kappa can form it once per call: Note
// [Discrete laws on a GPU] in discrete.hpp): the case and the envelope's r (or sqrt(kappa)).
struct VonmisesShape {
  enum Case : uint8_t { NaN, Uniform, Normal, Envelope };
  double kappa, s;  // s: the envelope's r (Envelope), sqrt(kappa) (Normal)
  Case kind;
  CUPRIC_HD static VonmisesShape of(double kappa) {
    VonmisesShape v{kappa, 0.0, Envelope};
    if (m::isnan(kappa)) {
      v.kind = NaN;
    } else if (kappa < 1e-8) {
      v.kind = Uniform;
    } else if (kappa > 1e6) {
      v.kind = Normal;
      v.s = m::sqrt(kappa);
    } else {
      const double q = m::sqrt(1 + 4 * kappa * kappa);
      const double tau = 1 + q;
      const double rho = 2 * kappa * tau / ((q + 1) * (tau + m::sqrt(2 * tau)));
      v.s = (1 + rho * rho) / (2 * rho);
    }
    return v;
  }
};

template <class T, class Bits> CUPRIC_HD T vonmises(Bits& b, T mu_t, const VonmisesShape& v) {
  using D = double;
  const D mu = mu_t;
  D theta;
  if (v.kind == VonmisesShape::NaN) return kNaN<T>;
  if (v.kind == VonmisesShape::Uniform) {
    theta = kPi<D> * (2 * uniform_open<D>(b) - 1);
  } else if (v.kind == VonmisesShape::Normal) {
    theta = standard_normal<D>(b) / v.s;
  } else {
    const D s = v.s, kappa = v.kappa;
    D w;
    for (;;) {
      const D z = m::cos(kPi<D> * uniform_open<D>(b));
      w = (1 + s * z) / (s + z);
      const D c = kappa * (s - w);
      const D u = uniform_open<D>(b);
      if (c * (2 - c) - u > 0 || m::log(c / u) + 1 - c >= 0) break;
    }
    theta = m::acos(m::max(-1.0, m::min(1.0, w)));
    if (b.next_u32() >> 31) theta = -theta;
  }
  const D x = mu + theta;
  if (x >= -kPi<D> && x < kPi<D>) return T(x);
  D r = m::fmod(x + kPi<D>, 2 * kPi<D>);
  if (r < 0) r += 2 * kPi<D>;
  return T(r - kPi<D>);
}
template <class T, class Bits> CUPRIC_HD T vonmises(Bits& b, T mu, T kappa) {
  return vonmises<T>(b, mu, VonmisesShape::of(double(kappa)));
}

}  // namespace cupric::random::dist
