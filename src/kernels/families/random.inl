// Kernel family "random": the loops of cupric.random for output dtype Self (src/random/
// draw_kernels.hpp; Note [Random registry], Note [Random streams]). Instantiated for bool, the
// integer dtypes, float32 and float64 (CUPRIC_FAMILY_random_INDICES in CMakeLists.txt).
#include "random/draw_kernels.hpp"
#if defined(CUPRIC_FAMILY_BACKEND_cuda)
#include "random/cuda/philox_uniform.cuh"
#endif
#if __has_include("cupric/random/distributions.hpp")
#include "cupric/random/distributions.hpp"
#endif

CUPRIC_FAMILY_BEGIN

using namespace ::cupric::random;
constexpr bool kIsFloat = std::is_same_v<Self, float> || std::is_same_v<Self, double>;
constexpr bool kIsInt = std::is_integral_v<Self>;

template <size_t>
struct ParamType {  // every distribution parameter is a float64 input
  using type = double;
};

template <class F, size_t... I>
constexpr LoopFn draw_loop(std::index_sequence<I...>) {
  return &loops::indexed_loop<F, Self, typename ParamType<I>::type...>;
}

template <class S, int NP, OutKind Kind>
void register_draw(DistributionId d) {
  if constexpr (Kind == OutKind::Float ? kIsFloat : std::is_same_v<Self, int64_t>)
    register_draw_loop(kBackend, d, dtype_of<Self>::value, draw_loop<DrawF<Self, S, NP>>(std::make_index_sequence<NP>{}));
}

struct Register {
  Register() {
#define CUPRIC_DISTRIBUTION(name, Sampler, kind, np, ...) register_draw<Sampler, np, OutKind::kind>(DistributionId::name);
#include "cupric/random/distribution_table.inc"
#undef CUPRIC_DISTRIBUTION
    constexpr ScalarType t = dtype_of<Self>::value;
    if constexpr (kIsFloat) {
#if defined(CUPRIC_FAMILY_BACKEND_cuda)
      register_raw_loop(kBackend, RawKind::UniformPhilox, t, &cuda_draws::philox_uniform_loop<Self>);
#else
      register_raw_loop(kBackend, RawKind::UniformPhilox, t, &loops::indexed_loop<UniformF<Self, PhiloxWords>, Self>);
#endif
      register_raw_loop(kBackend, RawKind::UniformBuffer, t, &loops::indexed_loop<UniformF<Self, BufferWords>, Self>);
    }
    if constexpr (std::is_same_v<Self, float>) {
      register_raw_loop(kBackend, RawKind::CurandUniformPhilox, t, &loops::indexed_loop<CurandUniformF<PhiloxWords>, float>);
      register_raw_loop(kBackend, RawKind::CurandUniformBuffer, t, &loops::indexed_loop<CurandUniformF<BufferWords>, float>);
    }
    if constexpr (kIsInt) {
      register_raw_loop(kBackend, RawKind::Integers, t, &loops::indexed_loop<IntegersF<Self>, Self, int64_t, uint64_t>);
    }
    if constexpr (std::is_same_v<Self, uint32_t> || std::is_same_v<Self, uint64_t>) {
      register_raw_loop(kBackend, RawKind::BitsPhilox, t, &loops::indexed_loop<BitsF<Self, PhiloxWords>, Self>);
      register_raw_loop(kBackend, RawKind::BitsBuffer, t, &loops::indexed_loop<BitsF<Self, BufferWords>, Self>);
    }
    if constexpr (std::is_same_v<Self, uint8_t>) {
      register_raw_loop(kBackend, RawKind::Lanes, t, &loops::indexed_loop<LanesF, Self>);
    }
  }
} register_instance;

CUPRIC_FAMILY_END
