// The registration of table inversion's loops (Note [Discrete table inversion] in
// src/random/inversion_table.hpp), for the "random_dist" kernel family's units: host loops in host
// units, CUDA loops in CUDA units (Note [Family backend namespace] in family_prelude.hpp).
#pragma once
#include "random/inversion_table.hpp"
#if defined(CUPRIC_FAMILY_BACKEND_cuda)
#include "random/cuda/inversion_draws.cuh"
#endif

namespace cupric::family::inline CUPRIC_FAMILY_BACKEND_NS {

template <class F>
constexpr LoopFn inversion_loop() {
#if defined(CUPRIC_FAMILY_BACKEND_cuda)
  return &::cupric::random::cuda_inversion::inversion_draw_loop<F>;
#else
  return &::cupric::random::host_block_loop<F>;
#endif
}

inline void register_inversion_loops() {
  using namespace ::cupric::random;
  auto reg = [](InversionLoop k, LoopFn fn) {
    (kBackend == LoopBackend::Host ? inversion_loops(k).host : inversion_loops(k).cuda) = fn;
  };
  reg(InversionLoop::PhiloxSmall, inversion_loop<InversionBlockF<kInversionSmall>>());
  reg(InversionLoop::PhiloxLarge, inversion_loop<InversionBlockF<kInversionLarge>>());
  reg(InversionLoop::SubSmall, inversion_loop<InversionSubF<kInversionSmall>>());
  reg(InversionLoop::SubLarge, inversion_loop<InversionSubF<kInversionLarge>>());
}

}  // namespace cupric::family::inline CUPRIC_FAMILY_BACKEND_NS
