// The body of the CUB radix sorts declared in sort_radix.hpp; each sort_radix_<bits>.cu includes
// it and instantiates it for one key type (CUB kernels cost seconds of compile time each).
#pragma once
#include <cub/device/device_radix_sort.cuh>
#include "engine/sort/cuda/sort_radix.hpp"
#include "runtime/cuda/cuda_check.hpp"

namespace cupric::cuda {

template <class K>
size_t radix_temp_bytes(bool pairs, int n, int begin_bit, int end_bit) {
  size_t bytes = 0;
  if (pairs)
    cuda_check(cub::DeviceRadixSort::SortPairs(nullptr, bytes, static_cast<const K*>(nullptr), static_cast<K*>(nullptr),
                                               static_cast<const int64_t*>(nullptr), static_cast<int64_t*>(nullptr), n,
                                               begin_bit, end_bit),
               "cub::DeviceRadixSort::SortPairs (temporary storage size)");
  else
    cuda_check(cub::DeviceRadixSort::SortKeys(nullptr, bytes, static_cast<const K*>(nullptr), static_cast<K*>(nullptr),
                                              n, begin_bit, end_bit),
               "cub::DeviceRadixSort::SortKeys (temporary storage size)");
  return bytes;
}

template <class K>
void radix_sort(const K* kin, K* kout, const int64_t* vin, int64_t* vout, int n, int begin_bit, int end_bit, void* temp,
                size_t temp_bytes, cudaStream_t s) {
  if (vin)
    cuda_check(cub::DeviceRadixSort::SortPairs(temp, temp_bytes, kin, kout, vin, vout, n, begin_bit, end_bit, s),
               "cub::DeviceRadixSort::SortPairs");
  else
    cuda_check(cub::DeviceRadixSort::SortKeys(temp, temp_bytes, kin, kout, n, begin_bit, end_bit, s),
               "cub::DeviceRadixSort::SortKeys");
}

template <class K>
size_t radix_index_temp_bytes(int n, int begin_bit, int end_bit) {
  size_t bytes = 0;
  cub::DoubleBuffer<K> k(nullptr, nullptr);
  cub::DoubleBuffer<int32_t> v(nullptr, nullptr);
  cuda_check(cub::DeviceRadixSort::SortPairs(nullptr, bytes, k, v, n, begin_bit, end_bit),
             "cub::DeviceRadixSort::SortPairs (temporary storage size)");
  return bytes;
}

template <class K>
bool radix_sort_index(K* keys, K* kalt, int32_t* vals, int32_t* valt, int n, int begin_bit, int end_bit, void* temp,
                      size_t temp_bytes, cudaStream_t s) {
  cub::DoubleBuffer<K> k(keys, kalt);
  cub::DoubleBuffer<int32_t> v(vals, valt);
  cuda_check(cub::DeviceRadixSort::SortPairs(temp, temp_bytes, k, v, n, begin_bit, end_bit, s),
             "cub::DeviceRadixSort::SortPairs");
  return v.Current() == valt;
}

template <class F>
size_t radix_float_temp_bytes(int n) {
  size_t bytes = 0;
  cuda_check(
      cub::DeviceRadixSort::SortKeys(nullptr, bytes, static_cast<const F*>(nullptr), static_cast<F*>(nullptr), n),
      "cub::DeviceRadixSort::SortKeys (temporary storage size)");
  return bytes;
}

template <class F>
void radix_sort_float(const F* in, F* out, int n, void* temp, size_t temp_bytes, cudaStream_t s) {
  cuda_check(cub::DeviceRadixSort::SortKeys(temp, temp_bytes, in, out, n, 0, static_cast<int>(sizeof(F) * 8), s),
             "cub::DeviceRadixSort::SortKeys");
}

}  // namespace cupric::cuda
