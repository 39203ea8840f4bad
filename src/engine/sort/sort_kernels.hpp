// The sort kernels' table, one entry per backend (host/host_sort.cpp: std::stable_sort; cuda/cuda_sort.cu, cuda/sort_*.cu:
// CUB's DeviceRadixSort): key transforms (Note [Sort keys] in sort_keys.hpp), radix sorts of
// 1/2/4/8-byte unsigned keys (keys only, or with int64 values) and a binary search over keys.
// Every buffer is contiguous device memory of the array's backend; everything is enqueued on `s`.
#pragma once
#include <cstddef>
#include <cstdint>
#include "cupric/detail/dispatch.hpp"
#include "cupric/runtime/backend.hpp"
#include "engine/sort/sort_keys.hpp"

namespace cupric {

struct SortFns {
  // out[i] = key of element i of `src` (n elements of spec.type), spec.out_bytes wide.
  void (*to_key)(const void* src, int64_t n, const sortkey::KeySpec& spec, void* out, const Stream& s);
  // out[i] = the value (of type t) of the low natural-width bits of keys[i] (key_bytes wide).
  // `out` may alias `keys` when the widths match.
  void (*from_key)(const void* keys, int32_t key_bytes, int64_t n, ScalarType t, void* out, const Stream& s);
  // Scratch bytes the sorts below need (0 on the host).
  size_t (*temp_bytes)(int32_t key_bytes, bool pairs, int64_t n, int begin_bit, int end_bit);
  // Stable ascending sort of keys[begin_bit, end_bit) from `in` into `out` (distinct buffers).
  void (*sort_keys)(int32_t key_bytes, const void* in, void* out, int64_t n, int begin_bit, int end_bit, void* temp,
                    size_t temp_bytes, const Stream& s);
  // The same with int64 values carried along.
  void (*sort_pairs)(int32_t key_bytes, const void* kin, void* kout, const int64_t* vin, int64_t* vout, int64_t n,
                     int begin_bit, int end_bit, void* temp, size_t temp_bytes, const Stream& s);
  // out[j] = insertion point of composite key v[j] in the sorted composite keys a[0, n).
  void (*search)(const sortkey::KeyParts& a, int64_t n, const sortkey::KeyParts& v, int64_t m, bool right, int64_t* out,
                 const Stream& s);

  // Fast paths (CUDA; null on the host, where the engine composes the entries above).
  // Stable argsort of n keys of 4 or 8 bytes: pos[j] = the position of the j-th smallest of
  // keys[begin_bit, end_bit). `keys` is overwritten (scratch); `temp` has argsort_temp_bytes.
  // The positions travel through the radix sort as int32 (n < 2^31) and are widened once.
  size_t (*argsort_temp_bytes)(int32_t key_bytes, int64_t n, int begin_bit, int end_bit);
  void (*argsort)(int32_t key_bytes, void* keys, int64_t* pos, int64_t n, int begin_bit, int end_bit, void* temp,
                  size_t temp_bytes, const Stream& s);
  // Ascending sort of float32/float64 values (type t) from `in` into `out` (distinct buffers)
  // with no key transform: -0.0 and +0.0 equal (input order kept), NaNs last, bits unchanged.
  size_t (*float_sort_temp_bytes)(ScalarType t, int64_t n);
  void (*sort_floats)(ScalarType t, const void* in, void* out, int64_t n, void* temp, size_t temp_bytes,
                      const Stream& s);
};
// One SortFns per backend, registered by host/host_sort.cpp and cuda/cuda_sort.cu (Note [Dispatch]).
dispatch::Table<const SortFns*>& sort_table();

}  // namespace cupric
