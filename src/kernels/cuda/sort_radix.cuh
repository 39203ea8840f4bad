// The body of the CUB radix sorts declared in sort_radix.hpp; each sort_radix_<bits>.cu includes
// it and instantiates it for one key type (CUB kernels cost seconds of compile time each).
#pragma once
#include <cub/device/device_radix_sort.cuh>
#include "kernels/cuda/sort_radix.hpp"
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
    cuda_check(cub::DeviceRadixSort::SortKeys(nullptr, bytes, static_cast<const K*>(nullptr), static_cast<K*>(nullptr), n,
                                              begin_bit, end_bit),
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

}  // namespace cupric::cuda
