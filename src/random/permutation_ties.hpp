// The tie fix-up of permutation's 32-bit sort keys (Note [Permutation by 32-bit keys]), a
// CUPRIC_HD indexed functor run by the "random" kernel family on either backend.
#pragma once
#include <cstdint>
#include "cupric/random/streams.hpp"

namespace cupric::random {

// Note [Permutation by 32-bit keys]
// permutation(n) sorts random keys and returns the sorting order. 64-bit keys make ties
// negligible but cost a radix sort of 8 passes over (key, position) pairs; for n <= 2^28,
// Generator::permutation sorts 32-bit keys (4 passes) and repairs the ties, which a stable sort
// leaves in index order, a bias: with n = 2^26 there are about 2^19 tied pairs. Every element of a
// run of equal keys gets a second key, 64 bits of the sub-stream of its original position (so it
// does not depend on where the sort put it), and the run is reordered by those (by position on
// the rare equal second keys). Random keys with ties broken by independent random keys are a
// uniformly random order, so the permutation is uniform. The run is found and ranked by each of
// its elements (runs are a few elements long: the work is O(run length^2) for tied elements only).
// The fix-up's result depends only on the set of (key, position) pairs: distinct keys in key
// order, a run of equal keys in its second keys' order, whatever order the run came in. So a GPU
// need not sort stably, nor by whole keys at once (Note [Permutation groups on a GPU]); the host
// takes argsort's order and gathers the keys. Either way the permutations agree.
//
// Note [Permutation groups on a GPU]
// The first GPU path sorted (key, int32 position) pairs with one CUB radix sort of 4 passes of 8
// bits (16 bytes moved per element and pass, 92 bytes an element in all) and ran the fix-up over
// the sorted arrays: 3.16 ms for n = 2^26 on the H200 (170 GB/s of int64 output, CuPy 162; the
// target is CuPy x 1.5). Random keys need less: src/random/cuda/permutation_sort.cu
// * sorts (key, int32 position) pairs by the keys' top B bits only (B = 8 ceil(T / 8), 2 passes
//   for n <= 2^27), where T = ceil(log2 n) - 11 makes 2^T groups of 1024 to 2048 elements on
//   average (T = 0, one group, for n <= 2048); 8-bit digits are CUB's, so T = 15 for 2^26 still
//   costs two passes. The first pass draws the keys itself, the others are CUB's (Note
//   [Permutation keys on a GPU] in src/random/permutation_keys.hpp);
// * finds each group's start by a binary search over the sorted keys (2^T + 1 threads);
// * gives each group a block of 256 threads that loads its pairs into registers (8 a thread, the
//   loads all in flight), sorts them into shared memory by a counting sort on the next 11 key
//   bits (2048 bins, about one element each), and gives each element its rank: its bin's start
//   plus permutation_slot (below) over its bin, which orders the bin by key and a run of equal
//   keys (always within one bin) by second key; the int64 result is stored at the rank. A rank
//   lies in its slot's bin, so a warp's 32 consecutive slots store to one stretch of the output.
// Bytes an element for n = 2^26: 8 (the fused first pass's pairs) + 4 + 16 (CUB's histogram read
// and its pass) + 16 (group: key and position in, int64 out), 44 instead of 92, and one pass
// fewer of the fix-up's random second-key work. Measured on the H200 (2026-12-02, ncu) before
// the fused first pass and the ranks: keys 443 us (the generic Integers loop) + positions 68 us, the
// sort 78 + 2 x 445 us, the group kernel 762 us (its insertion sort of each bin and the fix-up
// over the sorted arrays: shared-memory bound, ~60 wavefronts a warp of 32 elements). A group
// holds at most kGroupCap = 4096 elements in shared memory; its size is binomial with mean
// <= 2048 (sd 45), so a larger one does not happen with random keys, but it would still be
// placed right: such a block puts each element at permutation_slot straight from global memory,
// O(m^2).
struct PermutationTiesF {
  const uint32_t* keys;  // the keys in sorted order
  const int32_t* order;  // the stable sorting order (n <= 2^28)
  int64_t n;
  StreamKey key;

  CUPRIC_HD uint64_t second_key(int64_t pos) const {
    if (key.kind == BitGenKind::Philox4x3210) {  // the same words without SubStream's other kinds
      PhiloxSubStream s(key, static_cast<uint64_t>(pos));
      return s.next64();
    }
    SubStream s(key, static_cast<uint64_t>(pos));
    return s.next64();
  }
  CUPRIC_HD int64_t operator()(int64_t i) const {
    const uint32_t k = keys[i];
    if ((i == 0 || keys[i - 1] != k) && (i + 1 == n || keys[i + 1] != k)) return order[i];
    return tied(i, k);
  }
  // Element i of a run [s, t) of equal keys: the run's element of rank i - s by second key (by
  // position on equal second keys).
  CUPRIC_HD int64_t tied(int64_t i, uint32_t k) const {
    int64_t s = i, t = i + 1;
    while (s > 0 && keys[s - 1] == k) --s;
    while (t < n && keys[t] == k) ++t;
    const int64_t r = i - s;
    if (t - s == 2) {  // nearly every run (2^19 pairs, a few hundred triples at n = 2^26): two keys
      const int64_t p0 = order[s], p1 = order[s + 1];
      const uint64_t k0 = second_key(p0), k1 = second_key(p1);
      const bool first_lower = k0 < k1 || (k0 == k1 && p0 < p1);
      return (r == 0) == first_lower ? p0 : p1;
    }
    for (int64_t j = s; j < t; ++j) {
      const int64_t pj = order[j];
      const uint64_t kj = second_key(pj);
      int64_t below = 0;
      for (int64_t m = s; m < t; ++m) {
        const int64_t pm = order[m];
        const uint64_t km = second_key(pm);
        below += km < kj || (km == kj && pm < pj);
      }
      if (below == r) return pj;
    }
    return order[i];  // not reached: the ranks are a permutation of 0 .. t - s - 1
  }
};

// For keys and order in any order (a group of Note [Permutation groups on a GPU]): the index
// element i takes in the fix-up's output over the same pairs sorted, i.e. the number of smaller
// keys plus i's rank among the equal keys by (second key, position). O(n) per element.
CUPRIC_HD inline int64_t permutation_slot(const PermutationTiesF& f, int64_t i) {
  const uint32_t k = f.keys[i];
  int64_t below = 0, equal = 0;
  for (int64_t j = 0; j < f.n; ++j) {
    below += f.keys[j] < k;
    equal += f.keys[j] == k;
  }
  if (equal == 1) return below;
  const int64_t p = f.order[i];
  const uint64_t s = f.second_key(p);
  int64_t rank = 0;
  for (int64_t j = 0; j < f.n; ++j) {
    if (j == i || f.keys[j] != k) continue;
    const int64_t pj = f.order[j];
    const uint64_t sj = f.second_key(pj);
    rank += sj < s || (sj == s && pj < p);
  }
  return below + rank;
}

}  // namespace cupric::random
