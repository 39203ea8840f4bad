// CUDA sort kernels (kernels/sort_kernels.hpp): key transforms (Note [Sort keys]), the binary
// search of searchsorted, and the dispatch to the CUB radix sorts of sort_radix_<bits>.cu,
// sort_radix_index_<bits>.cu (argsort) and sort_float_<bits>.cu (float value sorts).
#include <climits>
#include <string>
#include "engine/sort/cuda/sort_radix.hpp"
#include "runtime/cuda/cuda_launch.cuh"
#include "engine/sort/sort_kernels.hpp"
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
  launch<&to_key_kernel<U, K>>(grid_of(n), kSortBlock, 0, s, static_cast<const U*>(src), n, spec, l,
                               static_cast<K*>(out));
}

// Keys are written at their natural width, or widened to 8 bytes (packed segments, search keys).
template <class U>
void to_key_u(const void* src, int64_t n, const KeySpec& spec, const Layout& l, void* out, cudaStream_t s) {
  if (spec.out_bytes == 8)
    launch_to_key<U, uint64_t>(src, n, spec, l, out, s);
  else if (spec.out_bytes == 1)
    launch_to_key<U, uint8_t>(src, n, spec, l, out, s);  // complex class
  else
    launch_to_key<U, U>(src, n, spec, l, out, s);
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
    launch<&from_key_kernel<uint64_t, U>>(grid_of(n), kSortBlock, 0, s, static_cast<const uint64_t*>(keys), n, kind,
                                          static_cast<U*>(out));
  else
    launch<&from_key_kernel<U, U>>(grid_of(n), kSortBlock, 0, s, static_cast<const U*>(keys), n, kind,
                                   static_cast<U*>(out));
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
    case 1:
      return radix_sort(static_cast<const uint8_t*>(kin), static_cast<uint8_t*>(kout), vin, vout, m, b, e, temp, tb, s);
    case 2:
      return radix_sort(static_cast<const uint16_t*>(kin), static_cast<uint16_t*>(kout), vin, vout, m, b, e, temp, tb,
                        s);
    case 4:
      return radix_sort(static_cast<const uint32_t*>(kin), static_cast<uint32_t*>(kout), vin, vout, m, b, e, temp, tb,
                        s);
    default:
      return radix_sort(static_cast<const uint64_t*>(kin), static_cast<uint64_t*>(kout), vin, vout, m, b, e, temp, tb,
                        s);
  }
}

void sort_keys(int32_t kb, const void* in, void* out, int64_t n, int b, int e, void* temp, size_t tb, const Stream& s) {
  sort_pairs(kb, in, out, nullptr, nullptr, n, b, e, temp, tb, s);
}

// ---- argsort: (key, int32 position) pairs, widened once (SortFns::argsort) ----

size_t align256(size_t b) { return (b + 255) / 256 * 256; }

__global__ void __launch_bounds__(kSortBlock) iota32_kernel(int32_t* v, int64_t n) {
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
    v[i] = static_cast<int32_t>(i);
}

__global__ void __launch_bounds__(kSortBlock) widen_kernel(const int32_t* v, int64_t n, int64_t* out) {
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) out[i] = v[i];
}

// temp: alternate keys | positions | alternate positions | CUB's scratch (256-byte aligned parts).
size_t argsort_temp_bytes(int32_t kb, int64_t n, int b, int e) {
  check_size(n);
  const int m = static_cast<int>(n);
  const size_t cub = kb == 4 ? radix_index_temp_bytes<uint32_t>(m, b, e) : radix_index_temp_bytes<uint64_t>(m, b, e);
  const size_t un = static_cast<size_t>(n);
  return align256(un * static_cast<size_t>(kb)) + 2 * align256(un * 4) + cub;
}

void argsort(int32_t kb, void* keys, int64_t* pos, int64_t n, int b, int e, void* temp, size_t tb,
             const Stream& stream) {
  if (n == 0) return;
  check_size(n);
  if (kb != 4 && kb != 8)
    throw ValueError("cupric: internal error: CUDA argsort of " + std::to_string(kb) + "-byte keys");
  auto s = static_cast<cudaStream_t>(stream.handle);
  const int m = static_cast<int>(n);
  const size_t un = static_cast<size_t>(n);
  char* p = static_cast<char*>(temp);
  void* kalt = p;
  p += align256(un * static_cast<size_t>(kb));
  auto* v = reinterpret_cast<int32_t*>(p);
  p += align256(un * 4);
  auto* valt = reinterpret_cast<int32_t*>(p);
  p += align256(un * 4);
  const size_t used = static_cast<size_t>(p - static_cast<char*>(temp));
  if (tb < used) throw ValueError("cupric: internal error: CUDA argsort scratch too small");
  launch<&iota32_kernel>(grid_of(n), kSortBlock, 0, s, v, n);
  const bool alt = kb == 4 ? radix_sort_index(static_cast<uint32_t*>(keys), static_cast<uint32_t*>(kalt), v, valt, m, b,
                                              e, p, tb - used, s)
                           : radix_sort_index(static_cast<uint64_t*>(keys), static_cast<uint64_t*>(kalt), v, valt, m, b,
                                              e, p, tb - used, s);
  launch<&widen_kernel>(grid_of(n), kSortBlock, 0, s, alt ? valt : v, n, pos);
}

// ---- value sort of float32/float64 by CUB's float keys (SortFns::sort_floats) ----
//
// CUB orders floats by their bits with the sign bit flipped for positive numbers and all bits
// flipped for negative ones (-0.0 counted as +0.0): NaNs with the sign bit clear sort after +inf
// as NumPy's, but those with it set sort before -inf, as one run at the front. Two small launches
// rotate that run to the end: reverse [k, n), then reverse [0, n). Without such NaNs (the usual
// case) both launches return after one load per block.

template <class U>
__device__ __forceinline__ bool neg_nan(U u) {
  return (u & sortkey::sign_bit<U>()) != 0 && sortkey::is_nan_bits(u, sortkey::Kind::Float);
}

// The length k of the run of sign-set NaNs at the front of the sorted a[0, n) (n > 0).
template <class U>
__device__ int64_t leading_neg_nans(const U* a, int64_t n) {
  if (!neg_nan(a[0])) return 0;
  int64_t lo = 1, hi = n;  // first position in [1, n] that is not a sign-set NaN
  while (lo < hi) {
    const int64_t mid = lo + (hi - lo) / 2;
    if (neg_nan(a[mid]))
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

template <class U>
__device__ __forceinline__ void reverse_range(U* a, int64_t lo, int64_t len) {
  const int64_t half = len / 2, stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < half; i += stride) {
    const U x = a[lo + i];
    a[lo + i] = a[lo + len - 1 - i];
    a[lo + len - 1 - i] = x;
  }
}

// Every block finds k itself: only [k, n) changes in this launch and holds no sign-set NaN
// before or after, so the searches of the other blocks are undisturbed. Block 0 keeps k for the
// second launch, whose reversal of the whole array would disturb such searches.
template <class U>
__global__ void __launch_bounds__(kSortBlock) nan_run_first_kernel(U* a, int64_t n, int64_t* k_out) {
  __shared__ int64_t k_s;
  if (threadIdx.x == 0) {
    k_s = leading_neg_nans(a, n);
    if (blockIdx.x == 0) *k_out = k_s;
  }
  __syncthreads();
  const int64_t k = k_s;
  if (k > 0) reverse_range(a, k, n - k);
}

template <class U>
__global__ void __launch_bounds__(kSortBlock) nan_run_second_kernel(U* a, int64_t n, const int64_t* k_in) {
  if (*k_in > 0) reverse_range(a, 0, n);
}

template <class U>
void move_neg_nans_last(void* out, int64_t n, int64_t* k, cudaStream_t s) {
  int64_t g = (n / 2 + kSortBlock - 1) / kSortBlock;
  const unsigned grid = static_cast<unsigned>(g < 1 ? 1 : (g > 1024 ? 1024 : g));
  launch<&nan_run_first_kernel<U>>(grid, kSortBlock, 0, s, static_cast<U*>(out), n, k);
  launch<&nan_run_second_kernel<U>>(grid, kSortBlock, 0, s, static_cast<U*>(out), n, k);
}

constexpr size_t kFloatSortHead = 256;  // temp: k of the NaN fix-up | CUB's scratch

size_t float_sort_temp_bytes(ScalarType t, int64_t n) {
  check_size(n);
  const int m = static_cast<int>(n);
  return kFloatSortHead +
         (t == ScalarType::Float32 ? radix_float_temp_bytes<float>(m) : radix_float_temp_bytes<double>(m));
}

void sort_floats(ScalarType t, const void* in, void* out, int64_t n, void* temp, size_t tb, const Stream& stream) {
  if (n == 0) return;
  check_size(n);
  if (t != ScalarType::Float32 && t != ScalarType::Float64)
    throw ValueError("cupric: internal error: CUDA float sort of a non-float dtype");
  if (tb < kFloatSortHead) throw ValueError("cupric: internal error: CUDA float sort scratch too small");
  auto s = static_cast<cudaStream_t>(stream.handle);
  const int m = static_cast<int>(n);
  char* base = static_cast<char*>(temp);
  auto* k = reinterpret_cast<int64_t*>(base);
  if (t == ScalarType::Float32) {
    radix_sort_float(static_cast<const float*>(in), static_cast<float*>(out), m, base + kFloatSortHead,
                     tb - kFloatSortHead, s);
    move_neg_nans_last<uint32_t>(out, n, k, s);
  } else {
    radix_sort_float(static_cast<const double*>(in), static_cast<double*>(out), m, base + kFloatSortHead,
                     tb - kFloatSortHead, s);
    move_neg_nans_last<uint64_t>(out, n, k, s);
  }
}

__global__ void __launch_bounds__(kSortBlock)
    search_kernel(sortkey::KeyParts a, int64_t n, sortkey::KeyParts v, int64_t m, bool right, int64_t* out) {
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t j = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; j < m; j += stride)
    out[j] = sortkey::search_one(a, n, v, j, right);
}

void search(const sortkey::KeyParts& a, int64_t n, const sortkey::KeyParts& v, int64_t m, bool right, int64_t* out,
            const Stream& stream) {
  if (m == 0) return;
  launch<&search_kernel>(grid_of(m), kSortBlock, 0, static_cast<cudaStream_t>(stream.handle), a, n, v, m, right, out);
}

constexpr SortFns kCudaSort{&to_key,
                            &from_key,
                            &temp_bytes,
                            &sort_keys,
                            &sort_pairs,
                            &search,
                            &argsort_temp_bytes,
                            &argsort,
                            &float_sort_temp_bytes,
                            &sort_floats};
const dispatch::Registration register_sort(sort_table(), DeviceType::Cuda, &kCudaSort);

}  // namespace
}  // namespace cupric::cuda
