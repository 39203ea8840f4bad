// CUDA sort kernels (kernels/sort_kernels.hpp): key transforms (Note [Sort keys]), the binary
// search of searchsorted, and the dispatch to the CUB radix sorts of sort_radix_<bits>.cu.
#include <climits>
#include "kernels/cuda/sort_radix.hpp"
#include "kernels/sort_kernels.hpp"
#include "cupric/error.hpp"
#include "runtime/cuda/cuda_check.hpp"

namespace cupric::cuda {
namespace {

using sortkey::KeySpec;
using sortkey::Layout;
constexpr int kSortBlock = 256;

unsigned grid_of(int64_t n) {
  int64_t g = (n + kSortBlock - 1) / kSortBlock;
  return static_cast<unsigned>(g < 65536 * 8 ? (g < 1 ? 1 : g) : 65536 * 8);
}

template <class U, class K>
__global__ void __launch_bounds__(kSortBlock) to_key_kernel(const U* src, int64_t n, KeySpec spec, Layout l, K* out) {
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
    out[i] = sortkey::element_key<U, K>(src, i, spec, l.kind, l.complex);
}

template <class U, class K>
void launch_to_key(const void* src, int64_t n, const KeySpec& spec, const Layout& l, void* out, cudaStream_t s) {
  to_key_kernel<U, K><<<grid_of(n), kSortBlock, 0, s>>>(static_cast<const U*>(src), n, spec, l, static_cast<K*>(out));
}

// Keys are written at their natural width, or widened to 8 bytes (packed segments, search keys).
template <class U>
void to_key_u(const void* src, int64_t n, const KeySpec& spec, const Layout& l, void* out, cudaStream_t s) {
  if (spec.out_bytes == 8) launch_to_key<U, uint64_t>(src, n, spec, l, out, s);
  else if (spec.out_bytes == 1) launch_to_key<U, uint8_t>(src, n, spec, l, out, s);  // complex class
  else launch_to_key<U, U>(src, n, spec, l, out, s);
}

void to_key(const void* src, int64_t n, const KeySpec& spec, void* out, const Stream& stream) {
  if (n == 0) return;
  auto s = static_cast<cudaStream_t>(stream.handle);
  const Layout l = sortkey::layout_of(spec.type);
  switch (l.bytes) {
    case 1: to_key_u<uint8_t>(src, n, spec, l, out, s); break;
    case 2: to_key_u<uint16_t>(src, n, spec, l, out, s); break;
    case 4: to_key_u<uint32_t>(src, n, spec, l, out, s); break;
    default: to_key_u<uint64_t>(src, n, spec, l, out, s); break;
  }
  cuda_check(cudaGetLastError(), "sort key kernel launch");
}

template <class K, class U>
__global__ void __launch_bounds__(kSortBlock) from_key_kernel(const K* keys, int64_t n, sortkey::Kind kind, U* out) {
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
    out[i] = sortkey::value_of(static_cast<U>(keys[i]), kind);
}

template <class U>
void from_key_u(const void* keys, int32_t key_bytes, int64_t n, sortkey::Kind kind, void* out, cudaStream_t s) {
  if (key_bytes == 8)
    from_key_kernel<uint64_t, U><<<grid_of(n), kSortBlock, 0, s>>>(static_cast<const uint64_t*>(keys), n, kind,
                                                                   static_cast<U*>(out));
  else
    from_key_kernel<U, U><<<grid_of(n), kSortBlock, 0, s>>>(static_cast<const U*>(keys), n, kind, static_cast<U*>(out));
}

void from_key(const void* keys, int32_t key_bytes, int64_t n, ScalarType t, void* out, const Stream& stream) {
  if (n == 0) return;
  auto s = static_cast<cudaStream_t>(stream.handle);
  const Layout l = sortkey::layout_of(t);
  switch (l.bytes) {
    case 1: from_key_u<uint8_t>(keys, key_bytes, n, l.kind, out, s); break;
    case 2: from_key_u<uint16_t>(keys, key_bytes, n, l.kind, out, s); break;
    case 4: from_key_u<uint32_t>(keys, key_bytes, n, l.kind, out, s); break;
    default: from_key_u<uint64_t>(keys, key_bytes, n, l.kind, out, s); break;
  }
  cuda_check(cudaGetLastError(), "sort value kernel launch");
}

void check_size(int64_t n) {
  // CUB is instantiated with 32-bit item counts (its fastest onesweep path, and half the
  // instantiations); one sort of more elements is refused rather than silently wrong.
  if (n > INT_MAX) throw ValueError("cupric: the CUDA sort handles at most 2**31 - 1 elements in one sort");
}

size_t temp_bytes(int32_t kb, bool pairs, int64_t n, int b, int e) {
  check_size(n);
  const int m = static_cast<int>(n);
  switch (kb) {
    case 1: return radix_temp_bytes<uint8_t>(pairs, m, b, e);
    case 2: return radix_temp_bytes<uint16_t>(pairs, m, b, e);
    case 4: return radix_temp_bytes<uint32_t>(pairs, m, b, e);
    default: return radix_temp_bytes<uint64_t>(pairs, m, b, e);
  }
}

void sort_pairs(int32_t kb, const void* kin, void* kout, const int64_t* vin, int64_t* vout, int64_t n, int b, int e,
                void* temp, size_t tb, const Stream& stream) {
  if (n == 0) return;
  check_size(n);
  auto s = static_cast<cudaStream_t>(stream.handle);
  const int m = static_cast<int>(n);
  switch (kb) {
    case 1: return radix_sort(static_cast<const uint8_t*>(kin), static_cast<uint8_t*>(kout), vin, vout, m, b, e, temp, tb, s);
    case 2: return radix_sort(static_cast<const uint16_t*>(kin), static_cast<uint16_t*>(kout), vin, vout, m, b, e, temp, tb, s);
    case 4: return radix_sort(static_cast<const uint32_t*>(kin), static_cast<uint32_t*>(kout), vin, vout, m, b, e, temp, tb, s);
    default: return radix_sort(static_cast<const uint64_t*>(kin), static_cast<uint64_t*>(kout), vin, vout, m, b, e, temp, tb, s);
  }
}

void sort_keys(int32_t kb, const void* in, void* out, int64_t n, int b, int e, void* temp, size_t tb, const Stream& s) {
  sort_pairs(kb, in, out, nullptr, nullptr, n, b, e, temp, tb, s);
}

__global__ void __launch_bounds__(kSortBlock) search_kernel(sortkey::KeyParts a, int64_t n, sortkey::KeyParts v,
                                                            int64_t m, bool right, int64_t* out) {
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t j = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; j < m; j += stride)
    out[j] = sortkey::search_one(a, n, v, j, right);
}

void search(const sortkey::KeyParts& a, int64_t n, const sortkey::KeyParts& v, int64_t m, bool right, int64_t* out,
            const Stream& stream) {
  if (m == 0) return;
  search_kernel<<<grid_of(m), kSortBlock, 0, static_cast<cudaStream_t>(stream.handle)>>>(a, n, v, m, right, out);
  cuda_check(cudaGetLastError(), "searchsorted kernel launch");
}

struct Register {
  Register() {
    SortFns& f = sort_fns(DeviceType::Cuda);
    f.to_key = &to_key;
    f.from_key = &from_key;
    f.temp_bytes = &temp_bytes;
    f.sort_keys = &sort_keys;
    f.sort_pairs = &sort_pairs;
    f.search = &search;
  }
} register_instance;

}  // namespace
}  // namespace cupric::cuda
