// permutation's GPU path (Note [Permutation groups on a GPU] in src/random/permutation_ties.hpp):
// (uint32 key, int32 position) pairs sorted by the keys' top bits, the first 8-bit pass drawing
// the keys itself (Note [Permutation keys on a GPU] in src/random/permutation_keys.hpp) and CUB's
// radix sort the others (the sort engine's instantiation in src/engine/sort/cuda/sort_radix_index_32.cu),
// the groups' starts, then one block per group ranking it in shared memory and writing the
// fixed-up result.
#include <algorithm>
#include "engine/sort/cuda/sort_radix.hpp"
#include "runtime/cuda/cuda_check.hpp"
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

// The first radix pass (Note [Permutation keys on a GPU]): 8-bit digits, tiles of kPassTile keys
// (a block each, 8 a thread), the digit counts and then each digit's reservation cursor (one
// 128-byte line apiece: the tiles' atomics on one digit do not queue behind another's) in the
// starts buffer before the groups' starts overwrite it.
constexpr int kDigitBits = 8;
constexpr int kDigits = 1 << kDigitBits;
constexpr int kPassThreads = 512;
constexpr int kPassPer = 8;
constexpr int kPassTile = kPassThreads * kPassPer;
constexpr int kCursorStride = 32;
// Three scatter blocks an SM (1536 threads, 40 registers: 52 uncapped would allow two).
constexpr int kPassBlocksPerSm = 3;
constexpr int64_t kPassScratch = kDigits + int64_t{kDigits} * kCursorStride;
static_assert(kPassThreads >= kDigits && kDigits == 256 && kGroupThreads == 256);
static_assert(kPassPer % 4 == 0 && kPassTile <= 65536);

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

// counts[d] += the keys whose bits [shift, shift + 8) are d (a block's histogram in shared memory,
// added once a block).
template <class Keys>
__global__ void __launch_bounds__(kPassThreads)
    permutation_count_kernel(Keys f, int32_t n, int shift, uint32_t* counts) {
  __shared__ uint32_t hist[kDigits];
  for (int d = static_cast<int>(threadIdx.x); d < kDigits; d += kPassThreads) hist[d] = 0;
  __syncthreads();
  const int32_t stride = static_cast<int32_t>(gridDim.x * blockDim.x);
  const int32_t first = static_cast<int32_t>(blockIdx.x * blockDim.x + threadIdx.x), quads = n / 4;
  for (int32_t q = first; q < quads; q += stride) {
    uint32_t v[4];
    f.quad(static_cast<uint64_t>(q), v);
#pragma unroll
    for (int j = 0; j < 4; ++j) atomicAdd(&hist[(v[j] >> shift) & (kDigits - 1)], 1u);
  }
  for (int32_t i = 4 * quads + first; i < n; i += stride)
    atomicAdd(&hist[(f(static_cast<uint64_t>(i)) >> shift) & (kDigits - 1)], 1u);
  __syncthreads();
  for (int d = static_cast<int>(threadIdx.x); d < kDigits; d += kPassThreads)
    if (hist[d]) atomicAdd(&counts[d], hist[d]);
}

// The exclusive prefix sum of v over threads 0 .. 255 (a digit or a group kernel's bins a thread;
// a larger block's other threads pass 0 and get garbage); every thread of the block calls it.
// warp_sums: 8 words of shared memory.
__device__ inline uint32_t first256_scan(uint32_t v, uint32_t* warp_sums) {
  const unsigned lane = threadIdx.x & 31u, warp = threadIdx.x >> 5;
  uint32_t x = v;
#pragma unroll
  for (unsigned d = 1; d < 32; d <<= 1) {
    const uint32_t y = __shfl_up_sync(0xffffffffu, x, d);
    if (lane >= d) x += y;
  }
  if (lane == 31 && warp < 8) warp_sums[warp] = x;
  __syncthreads();
  uint32_t run = x - v;
  if (threadIdx.x < 256)
    for (unsigned w = 0; w < warp; ++w) run += warp_sums[w];
  __syncthreads();  // warp_sums is free again
  return run;
}

// One tile of kPassTile elements a block: its keys drawn (f), ranked within their digit (bits
// [shift, shift + 8)) by shared atomics, placed digit by digit in shared memory, and stored at
// the digit's run in (kout, pout): the digit's start (the scan of counts) plus what earlier
// reservations took (one atomic a digit and tile on cursors). The order within a digit is the
// atomics'; the stable passes after this one and the groups do not depend on it.
template <class Keys>
__global__ void __launch_bounds__(kPassThreads, kPassBlocksPerSm)
    permutation_scatter_kernel(Keys f, int32_t n, int shift, const uint32_t* counts, uint32_t* cursors, uint32_t* kout,
                               int32_t* pout) {
  __shared__ uint32_t skey[kPassTile];
  __shared__ int32_t spos[kPassTile];
  __shared__ uint32_t first_slot[kDigits];  // the tile's count of each digit, then its first slot
  __shared__ uint32_t dest[kDigits];        // the output index of each digit's first slot
  __shared__ uint32_t warp_sums[kDigits / 32];
  const int tid = static_cast<int>(threadIdx.x);
  const int32_t t0 = static_cast<int32_t>(blockIdx.x) * kPassTile;
  const int32_t m = n - t0 < kPassTile ? n - t0 : kPassTile;
  if (tid < kDigits) first_slot[tid] = 0;
  __syncthreads();
  // Ranks are below kPassTile: two a register (12 of them with the keys, not 16: no spill at 40).
  uint32_t key[kPassPer], rank2[kPassPer / 2] = {};
#pragma unroll
  for (int h = 0; h < kPassPer / 4; ++h) {
    const int32_t e0 = t0 + 4 * (tid + h * kPassThreads);  // the thread's quad h: e0 .. e0 + 3
    uint32_t v[4];
    if (e0 + 3 < n) {
      f.quad(static_cast<uint64_t>(e0 / 4), v);
    } else {
#pragma unroll
      for (int i = 0; i < 4; ++i) v[i] = e0 + i < n ? f(static_cast<uint64_t>(e0 + i)) : 0u;
    }
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      key[4 * h + i] = v[i];
      if (e0 + i < n)
        rank2[2 * h + i / 2] |= atomicAdd(&first_slot[(v[i] >> shift) & (kDigits - 1)], 1u) << (16 * (i % 2));
    }
  }
  __syncthreads();
  const uint32_t c = tid < kDigits ? first_slot[tid] : 0u;
  const uint32_t total = tid < kDigits ? counts[tid] : 0u;
  const uint32_t slot0 = first256_scan(c, warp_sums);
  const uint32_t base = first256_scan(total, warp_sums);
  if (tid < kDigits) {
    dest[tid] = c ? base + atomicAdd(&cursors[tid * kCursorStride], c) : 0u;
    first_slot[tid] = slot0;
  }
  __syncthreads();
#pragma unroll
  for (int j = 0; j < kPassPer; ++j) {
    const int32_t e = t0 + 4 * (tid + (j / 4) * kPassThreads) + j % 4;
    if (e < n) {
      const uint32_t slot =
          first_slot[(key[j] >> shift) & (kDigits - 1)] + ((rank2[j / 2] >> (16 * (j % 2))) & 0xffffu);
      skey[slot] = key[j];
      spos[slot] = e;
    }
  }
  __syncthreads();
  for (int32_t sl = tid; sl < m; sl += kPassThreads) {
    const uint32_t k = skey[sl];
    const uint32_t d = (k >> shift) & (kDigits - 1);
    const uint32_t g = dest[d] + (static_cast<uint32_t>(sl) - first_slot[d]);
    kout[g] = k;
    pout[g] = spos[sl];
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
  uint32_t run = first256_scan(sum, warp_sums);
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
  return b <= kDigitBits
             ? 0
             : ::cupric::cuda::radix_index_temp_bytes<uint32_t>(static_cast<int>(n), 32 - b + kDigitBits, 32);
}

// The groups' starts, and before them the first pass's counts and cursors.
int64_t starts_size(int64_t n) { return std::max<int64_t>((int64_t{1} << group_bits(n)) + 1, kPassScratch); }

template <BitGenKind K>
void permute_kind(const PermutationGpuBuffers& buf, int32_t m, const StreamKey& key, const StreamKey& tie_key,
                  cudaStream_t s) {
  const PermutationKeys<K> f{key};
  const int t = group_bits(m), b = sort_bits(t);
  const uint32_t* keys = buf.keys;
  const int32_t* pos = buf.pos;
  if (b == 0) {  // one group: the keys and positions as drawn
    const unsigned grid = static_cast<unsigned>(std::clamp<int64_t>((m / 4 + 255) / 256, 1, 4096));
    ::cupric::cuda::launch<&permutation_keys_kernel<PermutationKeys<K>>>(dim3(grid), dim3(256), 0, s, f, buf.keys,
                                                                         buf.pos, m);
  } else {
    // The lowest sorted digit, bits [32 - b, 40 - b), by the fused pass into the alternates; CUB's
    // stable passes the rest (Note [Permutation keys on a GPU]).
    auto* counts = reinterpret_cast<uint32_t*>(buf.starts);
    ::cupric::cuda_check(cudaMemsetAsync(counts, 0, sizeof(uint32_t) * kPassScratch, s), "permutation digit counts");
    const int shift = 32 - b;
    // Up to 2048 blocks of 8 quads a thread or more: the last wave's imbalance stays small (a
    // one-wave grid would need the SM count), 2048 global atomics a digit.
    const unsigned count_grid =
        static_cast<unsigned>(std::clamp<int64_t>((m / 4 + 8 * kPassThreads - 1) / (8 * kPassThreads), 1, 2048));
    ::cupric::cuda::launch<&permutation_count_kernel<PermutationKeys<K>>>(dim3(count_grid), dim3(kPassThreads), 0, s, f,
                                                                          m, shift, counts);
    const unsigned tiles = static_cast<unsigned>((m + kPassTile - 1) / kPassTile);
    ::cupric::cuda::launch<&permutation_scatter_kernel<PermutationKeys<K>>>(dim3(tiles), dim3(kPassThreads), 0, s, f, m,
                                                                            shift, static_cast<const uint32_t*>(counts),
                                                                            counts + kDigits, buf.kalt, buf.palt);
    keys = buf.kalt;
    pos = buf.palt;
    if (b > kDigitBits &&
        ::cupric::cuda::radix_sort_index<uint32_t>(buf.kalt, buf.keys, buf.palt, buf.pos, m, 32 - b + kDigitBits, 32,
                                                   buf.temp, buf.temp_bytes, s)) {
      keys = buf.keys;
      pos = buf.pos;
    }
  }
  const int64_t groups = int64_t{1} << t;
  ::cupric::cuda::launch<&permutation_starts_kernel>(dim3(static_cast<unsigned>((groups + 1 + 255) / 256)), dim3(256),
                                                     0, s, keys, m, t, buf.starts);
  ::cupric::cuda::launch<&permutation_group_kernel>(dim3(static_cast<unsigned>(groups)), dim3(kGroupThreads), 0, s,
                                                    keys, pos, static_cast<const int32_t*>(buf.starts), t, buf.out,
                                                    tie_key);
}

void permute(const PermutationGpuBuffers& buf, int64_t n, const StreamKey& key, const StreamKey& tie_key,
             const Stream& stream) {
  auto s = static_cast<cudaStream_t>(stream.handle);
  const auto m = static_cast<int32_t>(n);  // n <= 2^28 (Generator::permutation)
  switch (key.kind) {
    case BitGenKind::XORWOW: permute_kind<BitGenKind::XORWOW>(buf, m, key, tie_key, s); break;
    case BitGenKind::MRG32k3a: permute_kind<BitGenKind::MRG32k3a>(buf, m, key, tie_key, s); break;
    default: permute_kind<BitGenKind::Philox4x3210>(buf, m, key, tie_key, s); break;
  }
}

struct Register {
  Register() { register_permutation_gpu(PermutationGpu{&temp_bytes, &starts_size, &permute}); }
} register_instance;

}  // namespace

}  // namespace cupric::random
