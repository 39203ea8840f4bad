// Host loops: run a device-portable functor over a LoopPlan on the calling thread. Included only
// by host kernel-family translation units. The contiguous case is a plain loop the compiler
// vectorises; the strided case walks the outer dimensions with a counter.
#pragma once
#include <cstring>
#include <type_traits>
#include <utility>
#include "cupric/config.hpp"
#include "engine/elementwise/loop_plan.hpp"

namespace cupric::host {

template <class F>
F load_functor(const void* state) {
  F f{};
  if constexpr (!std::is_empty_v<F>) std::memcpy(static_cast<void*>(&f), state, sizeof(F));
  return f;
}

// Calls body(ptrs, inner_strides, inner_len) once per innermost row.
template <int N, class Body>
void for_each_row(const LoopPlan& p, Body&& body) {
  if (p.numel == 0) return;
  char* ptrs[N];
  for (int k = 0; k < N; ++k) ptrs[k] = p.data[k];
  if (p.ndim == 0) {
    int64_t s[N] = {};
    body(ptrs, s, int64_t{1});
    return;
  }
  const int nd = p.ndim;
  int64_t inner_s[N];
  for (int k = 0; k < N; ++k) inner_s[k] = p.strides[k][nd - 1];
  const int64_t inner = p.shape[nd - 1];
  int64_t counter[kMaxDims] = {};
  for (;;) {
    body(ptrs, inner_s, inner);
    int d = nd - 2;
    for (; d >= 0; --d) {
      for (int k = 0; k < N; ++k) ptrs[k] += p.strides[k][d];
      if (++counter[d] < p.shape[d]) break;
      for (int k = 0; k < N; ++k) ptrs[k] -= p.strides[k][d] * p.shape[d];
      counter[d] = 0;
    }
    if (d < 0) return;
  }
}

// Calls f with the element's index first when the loop is indexed (Note [Indexed loops]).
template <bool Indexed, class F, class... In>
CUPRIC_FORCEINLINE auto invoke(const F& f, int64_t i, const In&... x) {
  if constexpr (Indexed)
    return f(i, x...);
  else
    return f(x...);
}

template <bool Indexed, class F, class Out, class... In, size_t... K>
inline void strided_row(const F& f, int64_t base, char* const* ptrs, const int64_t* s, int64_t n,
                        std::index_sequence<K...>) {
  for (int64_t i = 0; i < n; ++i)
    *reinterpret_cast<Out*>(ptrs[0] + i * s[0]) =
        invoke<Indexed>(f, base + i, *reinterpret_cast<const In*>(ptrs[K + 1] + i * s[K + 1])...);
}

template <bool Indexed, class F, class Out, class... In, size_t... K>
inline void contiguous_run(const F& f, int64_t base, char* const* data, int64_t n, std::index_sequence<K...>) {
  Out* __restrict__ out = reinterpret_cast<Out*>(data[0]);
  for (int64_t i = 0; i < n; ++i) out[i] = invoke<Indexed>(f, base + i, reinterpret_cast<const In*>(data[K + 1])[i]...);
}

template <bool Indexed, class F, class Out, class... In>
void run_loop(const LoopPlan& p, const void* state) {
  constexpr int N = 1 + sizeof...(In);
  const F f = load_functor<F>(state);
  if (p.contiguous) {
    contiguous_run<Indexed, F, Out, In...>(f, p.index_base, p.data, p.numel, std::index_sequence_for<In...>{});
    return;
  }
  int64_t base = p.index_base;
  for_each_row<N>(p, [&](char* const* ptrs, const int64_t* s, int64_t n) {
    strided_row<Indexed, F, Out, In...>(f, base, ptrs, s, n, std::index_sequence_for<In...>{});
    base += n;
  });
}

// The host LoopFn for functor F computing Out from In...
template <class F, class Out, class... In>
void elementwise_loop(const LoopPlan& p, const void* state, const Stream&) {
  run_loop<false, F, Out, In...>(p, state);
}

// Note [Indexed loops]
// An indexed loop calls `Out f(int64_t index, In...)`, where index is the element's position in
// the plan's iteration order (plus plan.index_base). The engine orders dimensions by the first
// output's strides, so when that output is C-contiguous the index is the element's C-order
// (row-major) flat index, whatever the inputs' layouts: routines that use indexed loops
// (arange, linspace, eye, tril, ...) allocate their output C-contiguous and derive coordinates
// from the index. The CUDA loops (cuda_loops.cuh) keep the same contract, and the engine sets
// index_base when it splits a plan.
template <class F, class Out, class... In>
void indexed_loop(const LoopPlan& p, const void* state, const Stream&) {
  run_loop<true, F, Out, In...>(p, state);
}

}  // namespace cupric::host
