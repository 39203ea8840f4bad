// Host loops: run a device-portable functor over a LoopPlan on the calling thread. Included only
// by host kernel-family translation units. The contiguous case is a plain loop the compiler
// vectorises; the strided case walks the outer dimensions with a counter.
#pragma once
#include <cstring>
#include <type_traits>
#include <utility>
#include "kernels/loop_plan.hpp"

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

template <class F, class Out, class... In, size_t... K>
inline void strided_row(const F& f, char* const* ptrs, const int64_t* s, int64_t n, std::index_sequence<K...>) {
  for (int64_t i = 0; i < n; ++i)
    *reinterpret_cast<Out*>(ptrs[0] + i * s[0]) = f(*reinterpret_cast<const In*>(ptrs[K + 1] + i * s[K + 1])...);
}

template <class F, class Out, class... In, size_t... K>
inline void contiguous_run(const F& f, char* const* data, int64_t n, std::index_sequence<K...>) {
  Out* __restrict__ out = reinterpret_cast<Out*>(data[0]);
  for (int64_t i = 0; i < n; ++i) out[i] = f(reinterpret_cast<const In*>(data[K + 1])[i]...);
}

// The host LoopFn for functor F computing Out from In...
template <class F, class Out, class... In>
void elementwise_loop(const LoopPlan& p, const void* state, const Stream&) {
  constexpr int N = 1 + sizeof...(In);
  const F f = load_functor<F>(state);
  if (p.contiguous) {
    contiguous_run<F, Out, In...>(f, p.data, p.numel, std::index_sequence_for<In...>{});
    return;
  }
  for_each_row<N>(p, [&](char* const* ptrs, const int64_t* s, int64_t n) {
    strided_row<F, Out, In...>(f, ptrs, s, n, std::index_sequence_for<In...>{});
  });
}

}  // namespace cupric::host
