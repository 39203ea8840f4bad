// Kernel family "random_dist": the loops of the registry's distributions (Note [Random registry])
// for output dtype Self: float32 and float64 for the continuous ones, int64 for the discrete ones
// (CUPRIC_FAMILY_random_dist_DTYPES in CMakeLists.txt). A family apart from "random" so that the
// CUDA module a first random() loads holds only the raw and block draws (Note [Kernel module size]
// in src/kernels/README.md): these loops are most of the family's code.
#include "random/dirichlet_rows.hpp"
#include "random/draw_kernels.hpp"
#include "random/inversion_loops.hpp"
#include "random/scalar_draws.hpp"
#if defined(CUPRIC_FAMILY_BACKEND_cuda)
#include "random/cuda/scalar_draws.cuh"
#endif
#if __has_include("cupric/random/distributions.hpp")
#include "cupric/random/distributions.hpp"
#endif

CUPRIC_FAMILY_BEGIN

using namespace ::cupric::random;
constexpr bool kIsFloat = std::is_same_v<Self, float> || std::is_same_v<Self, double>;

template <size_t>
struct ParamType {  // every distribution parameter is a float64 input
  using type = double;
};

template <class F, size_t... I>
constexpr LoopFn draw_loop(std::index_sequence<I...>) {
  return &loops::indexed_loop<F, Self, typename ParamType<I>::type...>;
}

// The scalar-parameter loop (Note [Scalar-parameter draws] in src/random/scalar_draws.hpp).
template <class S>
constexpr LoopFn scalar_draw_loop() {
#if defined(CUPRIC_FAMILY_BACKEND_cuda)
  return &cuda_scalar::scalar_draw_loop<ScalarDrawF<Self, S>>;
#else
  return &scalar_draw_host_loop<ScalarDrawF<Self, S>>;
#endif
}

template <class S, int NP, OutKind Kind>
void register_draw(DistributionId d) {
  if constexpr (Kind == OutKind::Float ? kIsFloat : std::is_same_v<Self, int64_t>) {
    register_draw_loop(kBackend, d, dtype_of<Self>::value,
                       draw_loop<DrawF<Self, S, NP>>(std::make_index_sequence<NP>{}));
    register_scalar_draw_loop(kBackend, d, dtype_of<Self>::value, scalar_draw_loop<S>());
  }
}

struct Register {
  Register() {
#define CUPRIC_DISTRIBUTION(name, Sampler, kind, np, ...) \
  register_draw<Sampler, np, OutKind::kind>(DistributionId::name);
#include "cupric/random/distribution_table.inc"
#undef CUPRIC_DISTRIBUTION
    if constexpr (std::is_same_v<Self, int64_t>) register_inversion_loops();  // Note [Discrete table inversion]
    if constexpr (kIsFloat)  // Note [Dirichlet rows] in src/random/dirichlet_rows.hpp
      register_raw_loop(kBackend, RawKind::DirichletRows, dtype_of<Self>::value,
                        &loops::indexed_loop<DirichletRowsF<Self>, Self>);
  }
} register_instance;

CUPRIC_FAMILY_END
