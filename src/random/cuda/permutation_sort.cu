// permutation's GPU path (Note [Permutation groups on a GPU] in src/random/permutation_ties.hpp):
// the keys and their positions (Note [Permutation keys on a GPU] in
// src/random/permutation_keys.hpp), one CUB radix sort of (uint32 key, int32 position) pairs by
// the keys' top bits (the sort engine's instantiation in src/engine/sort/cuda/sort_radix_index_32.cu),
// the groups' starts, then one block per group ranking it in shared memory and writing the
// fixed-up result.
#include <algorithm>
#include "engine/sort/cuda/sort_radix.hpp"
#include "random/permutation_keys.hpp"
#include "random/permutation_sort.hpp"
#include "random/permutation_ties.hpp"
#include "runtime/cuda/cuda_launch.cuh"

namespace cupric::random {

namespace {

constexpr int kGroupThreads = 256;
constexpr int kGroupCap = 4096;   // elements of a group in shared memory
constexpr int kGroupHeld = 2048;  // elements of a group held in registers (groups average <= 2048)
// The blocks an SM holds by shared memory (~41 KiB each); the register bound keeps it so (57
// registers uncapped would allow 4).
constexpr int kGroupBlocksPerSm = 5;
constexpr int kGroupBinBits = 11;  // the counting sort's digit
constexpr int kGroupBins = 1 << kGroupBinBits;
static_assert(kGroupBins % kGroupThreads == 0 && kGroupHeld % kGroupThreads == 0);

// T: 2^T groups of 1024 to 2048 elements on average (one group up to 2048 elements).
int group_bits(int64_t n) {
  if (n <= kGroupCap / 2) return 0;
  int l = 0;
  while ((int64_t{1} << l) < n) ++l;  // ceil(log2 n)
  return l - 11;
}
// B: the top key bits the radix sort orders by, whole 8-bit passes.
int sort_bits(int t) { return (t + 7) / 8 * 8; }

// keys[i] := f(i), pos[i] := i: a thread step writes four of each (16-byte stores; the buffers
// are fresh allocations, 16-byte aligned), the last n % 4 one at a time. Grid-stride, so the
// key functor's call-only work (the sub-stream seed's first hash) stays out of the loop.
template <class Keys>
__global__ void __launch_bounds__(256) permutation_keys_kernel(Keys f, uint32_t* keys, int32_t* pos, int32_t n) {
  const int32_t stride = static_cast<int32_t>(gridDim.x * blockDim.x);
  const int32_t first = static_cast<int32_t>(blockIdx.x * blockDim.x + threadIdx.x), quads = n / 4;
  for (int32_t q = first; q < quads; q += stride) {
    uint32_t v[4];
    f.quad(static_cast<uint64_t>(q), v);
    reinterpret_cast<uint4*>(keys)[q] = make_uint4(v[0], v[1], v[2], v[3]);
    reinterpret_cast<int4*>(pos)[q] = make_int4(4 * q, 4 * q + 1, 4 * q + 2, 4 * q + 3);
  }
  for (int32_t i = 4 * quads + first; i < n; i += stride) {
    keys[i] = f(static_cast<uint64_t>(i));
    pos[i] = i;
  }
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
// bits (Note [Permutation groups on a GPU]): the pairs into registers (every load in flight at
// once; a group's elements past kGroupHeld are read from global memory again), a counting sort by
// the next kGroupBinBits bits into shared memory, then each element's rank (its bin's start plus
// permutation_slot within the bin, about one element) and the int64 result stored at it.
__global__ void __launch_bounds__(kGroupThreads, kGroupBlocksPerSm)
    permutation_group_kernel(const uint32_t* keys, const int32_t* pos, const int32_t* starts, int t, int64_t* out,
                             StreamKey tie_key) {
  constexpr int per = kGroupHeld / kGroupThreads;  // elements a thread holds
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
  uint32_t rk[per];
  int32_t rp[per];
#pragma unroll
  for (int j = 0; j < per; ++j) {
    const int32_t i = tid + j * kGroupThreads;
    if (i < m) {
      rk[j] = k[i];
      rp[j] = p[i];
    }
  }
  const int shift = 32 - t - kGroupBinBits;
  for (int b = tid; b < kGroupBins; b += kGroupThreads) cursor[b] = 0;
  __syncthreads();
#pragma unroll
  for (int j = 0; j < per; ++j)
    if (tid + j * kGroupThreads < m) atomicAdd(&cursor[(rk[j] >> shift) & (kGroupBins - 1)], 1u);
  for (int32_t i = kGroupHeld + tid; i < m; i += kGroupThreads)
    atomicAdd(&cursor[(k[i] >> shift) & (kGroupBins - 1)], 1u);
  __syncthreads();
  // Exclusive scan of the bin counts: thread tid owns bins [q * tid, q * tid + q).
  constexpr int q = kGroupBins / kGroupThreads;
  uint32_t c[q], sum = 0;
#pragma unroll
  for (int i = 0; i < q; ++i) {
    c[i] = cursor[q * tid + i];
    sum += c[i];
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
  for (int i = 0; i < q; ++i) {
    cursor[q * tid + i] = run;
    run += c[i];
  }
  __syncthreads();
  // Scatter by bin; the order within a bin is the atomics' (the ranks below do not depend on it).
#pragma unroll
  for (int j = 0; j < per; ++j) {
    if (tid + j * kGroupThreads < m) {
      const uint32_t slot = atomicAdd(&cursor[(rk[j] >> shift) & (kGroupBins - 1)], 1u);
      skey[slot] = rk[j];
      spos[slot] = rp[j];
    }
  }
  for (int32_t i = kGroupHeld + tid; i < m; i += kGroupThreads) {
    const uint32_t key = k[i];
    const uint32_t slot = atomicAdd(&cursor[(key >> shift) & (kGroupBins - 1)], 1u);
    skey[slot] = key;
    spos[slot] = p[i];
  }
  __syncthreads();
  // cursor[b] is now bin b's end: bin b is [cursor[b - 1], cursor[b]). Slot s's rank in the group:
  // the elements of the bins below, then its place in its bin by key and, among equal keys (the
  // ties, all in one bin), by (second key, position): permutation_slot over the bin. A rank lies
  // in the slot's bin, so a warp's 32 slots store to one stretch of out, as sorted stores would.
  for (int32_t s = tid; s < m; s += kGroupThreads) {
    const uint32_t b = (skey[s] >> shift) & (kGroupBins - 1);
    const int32_t lo = b == 0 ? 0 : static_cast<int32_t>(cursor[b - 1]), hi = static_cast<int32_t>(cursor[b]);
    int64_t r = s;
    if (hi - lo > 1) {
      const PermutationTiesF f{skey + lo, spos + lo, hi - lo, tie_key};
      r = lo + permutation_slot(f, s - lo);
    }
    o[r] = spos[s];
  }
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

template <BitGenKind K>
void launch_keys(const PermutationGpuBuffers& buf, int32_t n, const StreamKey& key, cudaStream_t s) {
  const unsigned grid = static_cast<unsigned>(std::clamp<int64_t>((n / 4 + 255) / 256, 1, 4096));
  ::cupric::cuda::launch<&permutation_keys_kernel<PermutationKeys<K>>>(dim3(grid), dim3(256), 0, s,
                                                                       PermutationKeys<K>{key}, buf.keys, buf.pos, n);
}

void draw_keys(const PermutationGpuBuffers& buf, int64_t n, const StreamKey& key, const Stream& stream) {
  auto s = static_cast<cudaStream_t>(stream.handle);
  const auto m = static_cast<int32_t>(n);  // n <= 2^28 (Generator::permutation)
  switch (key.kind) {
    case BitGenKind::XORWOW: launch_keys<BitGenKind::XORWOW>(buf, m, key, s); break;
    case BitGenKind::MRG32k3a: launch_keys<BitGenKind::MRG32k3a>(buf, m, key, s); break;
    default: launch_keys<BitGenKind::Philox4x3210>(buf, m, key, s); break;
  }
}

struct Register {
  Register() { register_permutation_gpu(PermutationGpu{&temp_bytes, &starts_size, &draw_keys, &permute}); }
} register_instance;

}  // namespace

}  // namespace cupric::random
