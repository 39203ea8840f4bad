// permutation's GPU path (Note [Permutation groups on a GPU] in src/random/permutation_ties.hpp):
// the positions, one CUB radix sort of (uint32 key, int32 position) pairs by the keys' top bits
// (the sort engine's instantiation in src/engine/sort/cuda/sort_radix_index_32.cu), the groups'
// starts, then one block per group sorting it in shared memory and writing the fixed-up result.
#include <algorithm>
#include "engine/sort/cuda/sort_radix.hpp"
#include "random/permutation_sort.hpp"
#include "random/permutation_ties.hpp"
#include "runtime/cuda/cuda_launch.cuh"

namespace cupric::random {

namespace {

constexpr int kGroupThreads = 256;
constexpr int kGroupCap = 4096;    // elements of a group in shared memory
constexpr int kGroupBinBits = 11;  // the counting sort's digit
constexpr int kGroupBins = 1 << kGroupBinBits;
static_assert(kGroupBins % kGroupThreads == 0);

// T: 2^T groups of 1024 to 2048 elements on average (one group up to 2048 elements).
int group_bits(int64_t n) {
  if (n <= kGroupCap / 2) return 0;
  int l = 0;
  while ((int64_t{1} << l) < n) ++l;  // ceil(log2 n)
  return l - 11;
}
// B: the top key bits the radix sort orders by, whole 8-bit passes.
int sort_bits(int t) { return (t + 7) / 8 * 8; }

__global__ void __launch_bounds__(256) permutation_positions_kernel(int32_t* v, int32_t n) {
  const int32_t stride = static_cast<int32_t>(gridDim.x * blockDim.x);
  for (int32_t i = static_cast<int32_t>(blockIdx.x * blockDim.x + threadIdx.x); i < n; i += stride) v[i] = i;
}

// starts[g] = the first index whose key's top t bits are >= g (keys sorted by at least those
// bits), g = 0 .. 2^t; starts[2^t] = n.
__global__ void __launch_bounds__(256)
    permutation_starts_kernel(const uint32_t* keys, int32_t n, int t, int32_t* starts) {
  const int64_t g = blockIdx.x * int64_t(blockDim.x) + threadIdx.x;
  const int64_t groups = int64_t{1} << t;
  if (g > groups) return;
  if (g == groups || g == 0) {
    starts[g] = g == 0 ? 0 : n;
    return;
  }
  const int shift = 32 - t;
  int32_t lo = 0, hi = n;
  while (lo < hi) {
    const int32_t mid = lo + (hi - lo) / 2;
    if (static_cast<int64_t>(keys[mid] >> shift) < g)
      lo = mid + 1;
    else
      hi = mid;
  }
  starts[g] = lo;
}

// One block per group [starts[g], starts[g + 1]) of (keys, pos), whose keys share their top t
// bits: a counting sort by the next kGroupBinBits bits into shared memory, an insertion sort
// within each bin, then PermutationTiesF over the shared arrays (Note [Permutation groups on a GPU]).
__global__ void __launch_bounds__(kGroupThreads)
    permutation_group_kernel(const uint32_t* keys, const int32_t* pos, const int32_t* starts, int t, int64_t* out,
                             StreamKey tie_key) {
  __shared__ uint32_t skey[kGroupCap];
  __shared__ int32_t spos[kGroupCap];
  __shared__ uint32_t cursor[kGroupBins];
  __shared__ uint32_t warp_sums[kGroupThreads / 32];
  const int32_t start = starts[blockIdx.x];
  const int32_t m = starts[blockIdx.x + 1] - start;
  const int tid = static_cast<int>(threadIdx.x);
  const uint32_t* k = keys + start;
  const int32_t* p = pos + start;
  int64_t* o = out + start;
  if (m > kGroupCap) {  // never with random keys: placed from global memory, O(m^2)
    const PermutationTiesF f{k, p, m, tie_key};
    for (int32_t i = tid; i < m; i += kGroupThreads) o[permutation_slot(f, i)] = p[i];
    return;
  }
  const int shift = 32 - t - kGroupBinBits;
  for (int b = tid; b < kGroupBins; b += kGroupThreads) cursor[b] = 0;
  __syncthreads();
#pragma unroll 4
  for (int32_t i = tid; i < m; i += kGroupThreads) atomicAdd(&cursor[(k[i] >> shift) & (kGroupBins - 1)], 1u);
  __syncthreads();
  // Exclusive scan of the bin counts: thread tid owns bins [per * tid, per * tid + per).
  constexpr int per = kGroupBins / kGroupThreads;
  uint32_t c[per], sum = 0;
#pragma unroll
  for (int q = 0; q < per; ++q) {
    c[q] = cursor[per * tid + q];
    sum += c[q];
  }
  const unsigned lane = threadIdx.x & 31u, warp = threadIdx.x >> 5;
  uint32_t x = sum;
#pragma unroll
  for (unsigned d = 1; d < 32; d <<= 1) {
    const uint32_t y = __shfl_up_sync(0xffffffffu, x, d);
    if (lane >= d) x += y;
  }
  if (lane == 31) warp_sums[warp] = x;
  __syncthreads();
  uint32_t run = x - sum;
  for (unsigned w = 0; w < warp; ++w) run += warp_sums[w];
#pragma unroll
  for (int q = 0; q < per; ++q) {
    cursor[per * tid + q] = run;
    run += c[q];
  }
  __syncthreads();
  // Scatter: the order within a bin is the atomics' (the insertion sort below orders by key).
#pragma unroll 4
  for (int32_t i = tid; i < m; i += kGroupThreads) {
    const uint32_t key = k[i];
    const uint32_t slot = atomicAdd(&cursor[(key >> shift) & (kGroupBins - 1)], 1u);
    skey[slot] = key;
    spos[slot] = p[i];
  }
  __syncthreads();
  // cursor[b] is now bin b's end: bin b is [cursor[b - 1], cursor[b]).
  for (int b = tid; b < kGroupBins; b += kGroupThreads) {
    const int lo = b == 0 ? 0 : static_cast<int>(cursor[b - 1]), hi = static_cast<int>(cursor[b]);
    for (int i = lo + 1; i < hi; ++i) {
      const uint32_t key = skey[i];
      const int32_t ps = spos[i];
      int j = i - 1;
      while (j >= lo && skey[j] > key) {
        skey[j + 1] = skey[j];
        spos[j + 1] = spos[j];
        --j;
      }
      skey[j + 1] = key;
      spos[j + 1] = ps;
    }
  }
  __syncthreads();
  const PermutationTiesF f{skey, spos, m, tie_key};
  for (int32_t r = tid; r < m; r += kGroupThreads) o[r] = f(r);
}

size_t temp_bytes(int64_t n) {
  const int b = sort_bits(group_bits(n));
  return b == 0 ? 0 : ::cupric::cuda::radix_index_temp_bytes<uint32_t>(static_cast<int>(n), 32 - b, 32);
}

int64_t starts_size(int64_t n) { return (int64_t{1} << group_bits(n)) + 1; }

void permute(const PermutationGpuBuffers& buf, int64_t n, const StreamKey& tie_key, const Stream& stream) {
  auto s = static_cast<cudaStream_t>(stream.handle);
  const auto m = static_cast<int32_t>(n);  // n <= 2^28 (Generator::permutation)
  const int t = group_bits(n), b = sort_bits(t);
  const unsigned grid = static_cast<unsigned>(std::min<int64_t>((n + 255) / 256, 4096));
  ::cupric::cuda::launch<&permutation_positions_kernel>(dim3(grid), dim3(256), 0, s, buf.pos, m);
  const uint32_t* keys = buf.keys;
  const int32_t* pos = buf.pos;
  if (b > 0 && ::cupric::cuda::radix_sort_index<uint32_t>(buf.keys, buf.kalt, buf.pos, buf.palt, m, 32 - b, 32,
                                                          buf.temp, buf.temp_bytes, s)) {
    keys = buf.kalt;
    pos = buf.palt;
  }
  const int64_t groups = int64_t{1} << t;
  ::cupric::cuda::launch<&permutation_starts_kernel>(dim3(static_cast<unsigned>((groups + 1 + 255) / 256)), dim3(256),
                                                     0, s, keys, m, t, buf.starts);
  ::cupric::cuda::launch<&permutation_group_kernel>(dim3(static_cast<unsigned>(groups)), dim3(kGroupThreads), 0, s,
                                                    keys, pos, static_cast<const int32_t*>(buf.starts), t, buf.out,
                                                    tie_key);
}

struct Register {
  Register() { register_permutation_gpu(PermutationGpu{&temp_bytes, &starts_size, &permute}); }
} register_instance;

}  // namespace

}  // namespace cupric::random
