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
// On a GPU the sort is one CUB radix sort of (key, int32 position) pairs (src/random/cuda/
// permutation_sort.cu: 4 passes of 8 key bits, 16 bytes moved per element and pass) whose output
// holds the sorted keys the fix-up reads; the host takes argsort's order and gathers the keys.
// Either way the fix-up gets the same sorted keys and stable order, so the permutations agree.
// Bytes per element on a GPU: 4 (keys) + 4 (positions) + 4 x 16 + 4 (the sort's passes and its
// histogram read) + 16 (fix-up: key, position, int64 result), about 92; the path before this one
// added a key copy (8), an int64 widening (12), a gather of the sorted keys (random 4-byte reads:
// a 32-byte sector each) and its bounds check's host sync.
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

}  // namespace cupric::random
