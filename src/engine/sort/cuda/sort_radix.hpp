// CUB radix sorts of one unsigned key type each, explicitly instantiated in sort_radix_<bits>.cu
// (one small translation unit per key width, so the four build in parallel) and called by the
// dispatch in sort_keys.cu. Keys-only when vin is null, else (key, int64 value) pairs.
// radix_sort_index (sort_radix_index_<bits>.cu): (key, int32 position) pairs in DoubleBuffer mode
// (argsort: half the value bytes of int64 positions, no internal alternate buffers).
// radix_sort_float (sort_float_<bits>.cu): float/double values sorted as CUB's own float keys.
#pragma once
#include <cuda_runtime.h>
#include <cstddef>
#include <cstdint>

namespace cupric::cuda {

template <class K>
size_t radix_temp_bytes(bool pairs, int n, int begin_bit, int end_bit);
template <class K>
void radix_sort(const K* kin, K* kout, const int64_t* vin, int64_t* vout, int n, int begin_bit, int end_bit, void* temp,
                size_t temp_bytes, cudaStream_t s);

// DoubleBuffer sort of (keys, vals): both buffers of each pair are overwritten; returns true when
// the sorted pairs ended in the alternate buffers (kalt, valt), false when in (keys, vals).
template <class K>
size_t radix_index_temp_bytes(int n, int begin_bit, int end_bit);
template <class K>
bool radix_sort_index(K* keys, K* kalt, int32_t* vals, int32_t* valt, int n, int begin_bit, int end_bit, void* temp,
                      size_t temp_bytes, cudaStream_t s);

// F = float or double: ascending sort of `in` into `out` (distinct buffers) by CUB's float keys
// (-0.0 and +0.0 equal, their input order kept; NaNs with the sign bit set sort first, the
// others last; sort_keys.cu's fix-up moves the first ones last).
template <class F>
size_t radix_float_temp_bytes(int n);
template <class F>
void radix_sort_float(const F* in, F* out, int n, void* temp, size_t temp_bytes, cudaStream_t s);

}  // namespace cupric::cuda
