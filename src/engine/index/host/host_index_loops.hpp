// Host loops of the index kernels (kernels/index_kernels.hpp): gather, scatter, iota and boolean
// mask compaction, walking a LoopPlan the way host_loops.hpp does. Included only by host
// translation units of the index families.
#pragma once
#include <cstring>
#include "engine/elementwise/host/host_loops.hpp"
#include "kernels/index_functors.hpp"

namespace cupric::host {

template <class T>
void gather_loop(const LoopPlan& p, const void* state, const Stream&) {
  const auto st = load_functor<IndexState>(state);
  for_each_row<3>(p, [&](char* const* ptrs, const int64_t* s, int64_t n) {
    for (int64_t i = 0; i < n; ++i) {
      int64_t k = idx::resolve(*reinterpret_cast<const int64_t*>(ptrs[2] + i * s[2]), st.size, st.mode, st.flag);
      *reinterpret_cast<T*>(ptrs[0] + i * s[0]) = *reinterpret_cast<const T*>(ptrs[1] + i * s[1] + k * st.stride);
    }
  });
}

// Sequential, so with repeated indices the last write (in C order of the index) wins.
template <class T>
void scatter_loop(const LoopPlan& p, const void* state, const Stream&) {
  const auto st = load_functor<IndexState>(state);
  for_each_row<3>(p, [&](char* const* ptrs, const int64_t* s, int64_t n) {
    for (int64_t i = 0; i < n; ++i) {
      int64_t k = idx::resolve(*reinterpret_cast<const int64_t*>(ptrs[2] + i * s[2]), st.size, st.mode, st.flag);
      *reinterpret_cast<T*>(ptrs[0] + i * s[0] + k * st.stride) = *reinterpret_cast<const T*>(ptrs[1] + i * s[1]);
    }
  });
}

// out[j] = src[i] for the j-th true mask[i] (contiguous src and out).
template <class T>
void mask_select(const bool* mask, int64_t n, const int64_t*, const char* src, char* out, const Stream&) {
  const T* s = reinterpret_cast<const T*>(src);
  T* o = reinterpret_cast<T*>(out);
  for (int64_t i = 0; i < n; ++i)
    if (mask[i]) *o++ = s[i];
}

// dst[i] = vals[j] for the j-th true mask[i] (contiguous vals and dst).
template <class T>
void mask_place(const bool* mask, int64_t n, const int64_t*, const char* vals, char* dst, const Stream&) {
  const T* v = reinterpret_cast<const T*>(vals);
  T* d = reinterpret_cast<T*>(dst);
  const uint8_t* m = reinterpret_cast<const uint8_t*>(mask);
  for (int64_t i = 0; i < n; ++i)
    if (m[i]) d[i] = *v++;
}

inline void iota_loop(const LoopPlan& p, const void* state, const Stream&) {
  const auto st = load_functor<IotaState>(state);
  int64_t* out = reinterpret_cast<int64_t*>(p.data[0]);
  for (int64_t i = 0; i < p.numel; ++i) out[i] = st.start + i * st.step;
}

inline int64_t mask_count(const bool* mask, int64_t n, int64_t*, const Stream&) {
  int64_t c = 0;
  for (int64_t i = 0; i < n; ++i) c += mask[i] ? 1 : 0;
  return c;
}

inline void mask_coords(const bool* mask, int64_t n, const int64_t*, const CoordShape& cs, int64_t* out, int64_t count,
                        const Stream&) {
  int64_t j = 0;
  for (int64_t i = 0; i < n; ++i) {
    if (!mask[i]) continue;
    int64_t r = i;
    for (int k = cs.ndim - 1; k >= 0; --k) {
      out[k * count + j] = r % cs.shape[k];
      r /= cs.shape[k];
    }
    ++j;
  }
}

}  // namespace cupric::host
