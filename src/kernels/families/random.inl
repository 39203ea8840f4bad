// Kernel family "random": the raw, uniform, integer and block draws of cupric.random for output
// dtype Self (src/random/draw_kernels.hpp, block_draws.hpp; Note [Random streams]). Instantiated
// for bool, the integer dtypes, float32 and float64 (CUPRIC_FAMILY_random_DTYPES in
// CMakeLists.txt); the registry's distributions are the "random_dist" family.
#include "random/block_draws.hpp"
#include "random/choice_bijection.hpp"
#include "random/draw_kernels.hpp"
#include "random/permutation_ties.hpp"
#if defined(CUPRIC_FAMILY_BACKEND_cuda)
#include "random/cuda/block_draws.cuh"
#include "random/cuda/philox_uniform.cuh"
#endif

CUPRIC_FAMILY_BEGIN

using namespace ::cupric::random;
constexpr bool kIsFloat = std::is_same_v<Self, float> || std::is_same_v<Self, double>;
constexpr bool kIsInt = std::is_integral_v<Self>;

// The loop of a block functor with scalar parameters (Note [Philox block draws]).
template <class F>
constexpr LoopFn block_loop() {
#if defined(CUPRIC_FAMILY_BACKEND_cuda)
  return &cuda_draws::block_draw_loop<F>;
#else
  return &host_block_loop<F>;
#endif
}

struct Register {
  Register() {
    constexpr ScalarType t = dtype_of<Self>::value;
    if constexpr (kIsFloat) {
#if defined(CUPRIC_FAMILY_BACKEND_cuda)
      register_raw_loop(kBackend, RawKind::UniformPhilox, t, &cuda_draws::philox_uniform_loop<Self>);
#else
      register_raw_loop(kBackend, RawKind::UniformPhilox, t, &loops::indexed_loop<UniformF<Self, PhiloxWords>, Self>);
#endif
      register_raw_loop(kBackend, RawKind::UniformBuffer, t, &loops::indexed_loop<UniformF<Self, BufferWords>, Self>);
      register_raw_loop(kBackend, RawKind::BlockNormal, t, block_loop<NormalBlockF<Self>>());
      register_raw_loop(kBackend, RawKind::BlockExponential, t, block_loop<ContinuousBlockF<Self, ExponentialLaw>>());
      register_raw_loop(kBackend, RawKind::BlockUniform, t, block_loop<ContinuousBlockF<Self, UniformLaw>>());
      register_raw_loop(kBackend, RawKind::ElemNormal, t,
                        &loops::indexed_loop<ContinuousElemF<Self, NormalLaw, double, double>, Self, double, double>);
      register_raw_loop(kBackend, RawKind::ElemExponential, t,
                        &loops::indexed_loop<ContinuousElemF<Self, ExponentialLaw, double>, Self, double>);
      register_raw_loop(kBackend, RawKind::ElemUniform, t,
                        &loops::indexed_loop<ContinuousElemF<Self, UniformLaw, double, double>, Self, double, double>);
    }
    if constexpr (std::is_same_v<Self, float>) {
      register_raw_loop(kBackend, RawKind::CurandUniformPhilox, t,
                        &loops::indexed_loop<CurandUniformF<PhiloxWords>, float>);
      register_raw_loop(kBackend, RawKind::CurandUniformBuffer, t,
                        &loops::indexed_loop<CurandUniformF<BufferWords>, float>);
    }
    // (the CUDA XORWOW loops: src/random/cuda/xorwow_draws.cu, Note [A first draw's module])
    if constexpr (kIsInt) {
      register_raw_loop(kBackend, RawKind::Integers, t, &loops::indexed_loop<IntegersF<Self>, Self, int64_t, uint64_t>);
      register_raw_loop(kBackend, RawKind::BlockIntegersNarrow, t, block_loop<IntegerBlockF<Self, false>>());
      register_raw_loop(kBackend, RawKind::BlockIntegersWide, t, block_loop<IntegerBlockF<Self, true>>());
      register_raw_loop(kBackend, RawKind::ElemIntegers, t,
                        &loops::indexed_loop<IntegerElemF<Self>, Self, int64_t, uint64_t>);
    }
    if constexpr (std::is_same_v<Self, uint32_t> || std::is_same_v<Self, uint64_t>) {
      register_raw_loop(kBackend, RawKind::BitsPhilox, t, &loops::indexed_loop<BitsF<Self, PhiloxWords>, Self>);
      register_raw_loop(kBackend, RawKind::BitsBuffer, t, &loops::indexed_loop<BitsF<Self, BufferWords>, Self>);
    }
    if constexpr (std::is_same_v<Self, int64_t>) {
      register_raw_loop(kBackend, RawKind::PermutationTies, t, &loops::indexed_loop<PermutationTiesF, int64_t>);
      register_raw_loop(kBackend, RawKind::ChoiceBijection, t, &loops::indexed_loop<ChoiceBijectionF, int64_t>);
    }
    if constexpr (std::is_same_v<Self, uint8_t>) {
      register_raw_loop(kBackend, RawKind::Lanes, t, &loops::indexed_loop<LanesF, Self>);
    }
  }
} register_instance;

CUPRIC_FAMILY_END
