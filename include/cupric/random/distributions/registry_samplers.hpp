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

// Note [Prepared samplers]
// A sampler whose law derives something costly from its parameters alone (the gamma family: the
// case of the shape, d = shape - 1/3 and c = 1/sqrt(9 d), a square root and a division in float64)
// also has `Prep<T>`, `prepare<T>(params)` and `sample<T>(stream, const Prep<T>&)`. A draw with
// scalar parameters (ScalarDrawF, Note [Scalar-parameter draws] in src/random/scalar_draws.hpp)
// prepares once per call, on the host, and its kernel reads the result from its parameters; array
// parameters prepare per element (sample(stream, params) = sample(stream, prepare(params))). The
// same operations on the same values (IEEE-rounded: sqrt and division are on both backends), so
// the values do not depend on the path.
#define CUPRIC_PREPARED_SAMPLER(Name, PrepType, prep, expr) \
  struct Name {                                             \
    template <class T>                                      \
    using Prep = PrepType;                                  \
    template <class T>                                      \
    CUPRIC_HD static Prep<T> prepare(const double* p) {     \
      return prep;                                          \
    }                                                       \
    template <class T, class Src>                           \
    CUPRIC_HD static T sample(Src& s, const Prep<T>& q) {   \
      SubStreamBits<Src> b{s};                              \
      return static_cast<T>(expr);                          \
    }                                                       \
    template <class T, class Src>                           \
    CUPRIC_HD static T sample(Src& s, const double* p) {    \
      return sample<T>(s, prepare<T>(p));                   \
    }                                                       \
  };

// The prepared parameters of the gamma family's laws (T: float or double; the discrete
// negative_binomial computes in double).
template <class T>
struct ScaledGammaPrep {  // gamma(shape, scale), standard_t(df): a shape and a factor
  dist::GammaShape<T> g;
  T x;
};
template <class T>
struct FPrep {
  T dfnum, dfden;
  dist::GammaShape<T> num, den;
};
template <class T>
struct NoncentralFPrep {
  T dfnum, dfden;
  dist::NoncentralChisquareShape<T> num;
  dist::GammaShape<T> den;
};

// continuous: parameters in NumPy's order (dist:: is cupric::random::dist, the samplers' namespace)
// Note [Sampler variants]
// A prepared sampler whose law takes one of several methods by its parameters may also say so:
// `variants` (a count), `variant_of(prep)` and `sample_variant<T, V>(stream, prep)`, the draw by
// method V alone. A scalar-parameter draw knows its method on the host and runs the kernel of that
// method only (ScalarDrawF<T, S, V>), whose registers are that method's: beta's ratio of gammas
// needs 42 a thread (sm_90, float64), Jöhnk's 56, and the kernel holding both took 58 (50%
// occupancy instead of 62.5%). The values are those of `sample`, which picks the same method.
struct BetaSampler {  // 0: the ratio of two gammas, 1: Jöhnk's (a, b <= 1)
  template <class T>
  using Prep = dist::BetaShape<T>;
  static constexpr int variants = 2;
  template <class T>
  static int variant_of(const Prep<T>& q) {
    return q.johnk ? 1 : 0;
  }
  template <class T>
  CUPRIC_HD static Prep<T> prepare(const double* p) {
    return dist::BetaShape<T>::of(T(p[0]), T(p[1]));
  }
  template <class T, int V, class Src>
  CUPRIC_HD static T sample_variant(Src& s, const Prep<T>& q) {
    SubStreamBits<Src> b{s};
    if constexpr (V == 1)
      return dist::beta_johnk<T>(b, q);
    else
      return dist::beta_gammas<T>(b, q);
  }
  template <class T, class Src>
  CUPRIC_HD static T sample(Src& s, const Prep<T>& q) {
    SubStreamBits<Src> b{s};
    return dist::beta<T>(b, q);
  }
  template <class T, class Src>
  CUPRIC_HD static T sample(Src& s, const double* p) {
    return sample<T>(s, prepare<T>(p));
  }
};
CUPRIC_PREPARED_SAMPLER(ChisquareSampler, dist::GammaShape<T>, (dist::chisquare_shape(T(p[0]))),
                        (dist::chisquare<T>(b, q)))
CUPRIC_PREPARED_SAMPLER(FSampler, FPrep<T>,
                        (FPrep<T>{T(p[0]), T(p[1]), dist::chisquare_shape(T(p[0])), dist::chisquare_shape(T(p[1]))}),
                        (dist::f<T>(b, q.dfnum, q.dfden, q.num, q.den)))
CUPRIC_PREPARED_SAMPLER(GammaSampler, ScaledGammaPrep<T>,
                        (ScaledGammaPrep<T>{dist::GammaShape<T>::of(T(p[0])), T(p[1])}),
                        (q.x * dist::standard_gamma<T>(b, q.g)))
CUPRIC_DIST_SAMPLER(GumbelSampler, (dist::gumbel<T>(b, T(p[0]), T(p[1]))))
CUPRIC_DIST_SAMPLER(LaplaceSampler, (dist::laplace<T>(b, T(p[0]), T(p[1]))))
CUPRIC_DIST_SAMPLER(LogisticSampler, (dist::logistic<T>(b, T(p[0]), T(p[1]))))
CUPRIC_DIST_SAMPLER(LognormalSampler, (dist::lognormal<T>(b, T(p[0]), T(p[1]))))
CUPRIC_PREPARED_SAMPLER(NoncentralChisquareSampler, dist::NoncentralChisquareShape<T>,
                        (dist::NoncentralChisquareShape<T>::of(T(p[0]), T(p[1]))),
                        (dist::noncentral_chisquare<T>(b, q)))
CUPRIC_PREPARED_SAMPLER(NoncentralFSampler, NoncentralFPrep<T>,
                        (NoncentralFPrep<T>{T(p[0]), T(p[1]), dist::NoncentralChisquareShape<T>::of(T(p[0]), T(p[2])),
                                            dist::chisquare_shape(T(p[1]))}),
                        (dist::noncentral_f<T>(b, q.dfnum, q.dfden, q.num, q.den)))
CUPRIC_DIST_SAMPLER(ParetoSampler, (dist::pareto<T>(b, T(p[0]))))
CUPRIC_DIST_SAMPLER(PowerSampler, (dist::power<T>(b, T(p[0]))))
CUPRIC_DIST_SAMPLER(RayleighSampler, (dist::rayleigh<T>(b, T(p[0]))))
CUPRIC_DIST_SAMPLER(StandardCauchySampler, (dist::standard_cauchy<T>(b)))
CUPRIC_PREPARED_SAMPLER(StandardGammaSampler, dist::GammaShape<T>, (dist::GammaShape<T>::of(T(p[0]))),
                        (dist::standard_gamma<T>(b, q)))
CUPRIC_PREPARED_SAMPLER(StandardTSampler, ScaledGammaPrep<T>,
                        (ScaledGammaPrep<T>{dist::chisquare_shape(T(p[0])), T(p[0])}),
                        (dist::standard_t<T>(b, q.x, q.g)))
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
CUPRIC_PREPARED_SAMPLER(NegativeBinomialSampler, dist::NegativeBinomialShape,
                        (dist::NegativeBinomialShape::of(p[0], p[1])), (dist::negative_binomial(b, q)))
CUPRIC_DIST_SAMPLER(PoissonSampler, (dist::poisson(b, p[0])))
CUPRIC_DIST_SAMPLER(ZipfSampler, (dist::zipf(b, p[0])))
#undef CUPRIC_DIST_SAMPLER
#undef CUPRIC_PREPARED_SAMPLER

}  // namespace cupric::random
