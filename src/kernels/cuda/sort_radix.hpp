// CUB radix sorts of one unsigned key type each, explicitly instantiated in sort_radix_<bits>.cu
// (one small translation unit per key width, so the four build in parallel) and called by the
// dispatch in sort_keys.cu. Keys-only when vin is null, else (key, int64 value) pairs.
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

}  // namespace cupric::cuda
