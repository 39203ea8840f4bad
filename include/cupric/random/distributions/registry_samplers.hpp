// The registry's sampler structs for the distributions of distributions/*.hpp (Note [Random
// registry]): each adapts an element's SubStream to the samplers' bit-source interface and maps
// the float64 parameter operands to the sampler's arguments.
#pragma once
#include "cupric/random/distributions/continuous.hpp"
#include "cupric/random/distributions/discrete.hpp"
#include "cupric/random/streams.hpp"

namespace cupric::random {

// The samplers' bit source (base.hpp) over an element's sub-stream (SubStream or a stream of one
// kind: Note [Sub-streams by kind] in src/random/kind_streams.hpp).
template <class Src>
struct SubStreamBits {
  Src& s;
  CUPRIC_HD uint32_t next_u32() { return s.next32(); }
};

// A registry sampler computing `expr` with `b` the bit source, `p` the parameters and T the
// output type (float or double for continuous laws, which then compute in T; int64_t for discrete
// ones, whose samplers compute in double).
#define CUPRIC_DIST_SAMPLER(Name, expr)                  \
  struct Name {                                          \
    template <class T, class Src>                        \
    CUPRIC_HD static T sample(Src& s, const double* p) { \
      SubStreamBits<Src> b{s};                           \
      (void)p;                                           \
      return static_cast<T>(expr);                       \
    }                                                    \
  };

// continuous: parameters in NumPy's order (dist:: is cupric::random::dist, the samplers' namespace)
CUPRIC_DIST_SAMPLER(BetaSampler, (dist::beta<T>(b, T(p[0]), T(p[1]))))
CUPRIC_DIST_SAMPLER(ChisquareSampler, (dist::chisquare<T>(b, T(p[0]))))
CUPRIC_DIST_SAMPLER(FSampler, (dist::f<T>(b, T(p[0]), T(p[1]))))
CUPRIC_DIST_SAMPLER(GammaSampler, (dist::gamma<T>(b, T(p[0]), T(p[1]))))
CUPRIC_DIST_SAMPLER(GumbelSampler, (dist::gumbel<T>(b, T(p[0]), T(p[1]))))
CUPRIC_DIST_SAMPLER(LaplaceSampler, (dist::laplace<T>(b, T(p[0]), T(p[1]))))
CUPRIC_DIST_SAMPLER(LogisticSampler, (dist::logistic<T>(b, T(p[0]), T(p[1]))))
CUPRIC_DIST_SAMPLER(LognormalSampler, (dist::lognormal<T>(b, T(p[0]), T(p[1]))))
CUPRIC_DIST_SAMPLER(NoncentralChisquareSampler, (dist::noncentral_chisquare<T>(b, T(p[0]), T(p[1]))))
CUPRIC_DIST_SAMPLER(NoncentralFSampler, (dist::noncentral_f<T>(b, T(p[0]), T(p[1]), T(p[2]))))
CUPRIC_DIST_SAMPLER(ParetoSampler, (dist::pareto<T>(b, T(p[0]))))
CUPRIC_DIST_SAMPLER(PowerSampler, (dist::power<T>(b, T(p[0]))))
CUPRIC_DIST_SAMPLER(RayleighSampler, (dist::rayleigh<T>(b, T(p[0]))))
CUPRIC_DIST_SAMPLER(StandardCauchySampler, (dist::standard_cauchy<T>(b)))
CUPRIC_DIST_SAMPLER(StandardGammaSampler, (dist::standard_gamma<T>(b, T(p[0]))))
CUPRIC_DIST_SAMPLER(StandardTSampler, (dist::standard_t<T>(b, T(p[0]))))
CUPRIC_DIST_SAMPLER(TriangularSampler, (dist::triangular<T>(b, T(p[0]), T(p[1]), T(p[2]))))
CUPRIC_DIST_SAMPLER(VonmisesSampler, (dist::vonmises<T>(b, T(p[0]), T(p[1]))))
CUPRIC_DIST_SAMPLER(WaldSampler, (dist::wald<T>(b, T(p[0]), T(p[1]))))
CUPRIC_DIST_SAMPLER(WeibullSampler, (dist::weibull<T>(b, T(p[0]))))
// Dirichlet's building block: log Gamma(alpha), which never underflows (log Gamma(a) =
// log Gamma(a + 1) + log(U) / a for a < 1); dirichlet normalises exp(l - max l) over the last axis.
CUPRIC_DIST_SAMPLER(DirichletLogGammaSampler, (dist::log_standard_gamma<T>(b, T(p[0]))))
// discrete: int64 results; integer parameters arrive as float64 (exact up to 2^53)
CUPRIC_DIST_SAMPLER(BinomialSampler, (dist::binomial(b, int64_t(p[0]), p[1])))
CUPRIC_DIST_SAMPLER(GeometricSampler, (dist::geometric(b, p[0])))
CUPRIC_DIST_SAMPLER(HypergeometricSampler, (dist::hypergeometric(b, int64_t(p[0]), int64_t(p[1]), int64_t(p[2]))))
CUPRIC_DIST_SAMPLER(LogseriesSampler, (dist::logseries(b, p[0])))
CUPRIC_DIST_SAMPLER(NegativeBinomialSampler, (dist::negative_binomial(b, p[0], p[1])))
CUPRIC_DIST_SAMPLER(PoissonSampler, (dist::poisson(b, p[0])))
CUPRIC_DIST_SAMPLER(ZipfSampler, (dist::zipf(b, p[0])))
#undef CUPRIC_DIST_SAMPLER

}  // namespace cupric::random
