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
struct PermutationTiesF {
  const uint32_t* keys;  // the keys in sorted order
  const int64_t* order;  // the stable sorting order
  int64_t n;
  StreamKey key;

  CUPRIC_HD uint64_t second_key(int64_t pos) const {
    SubStream s(key, static_cast<uint64_t>(pos));
    return s.next64();
  }
  CUPRIC_HD int64_t operator()(int64_t i) const {
    const uint32_t k = keys[i];
    if ((i == 0 || keys[i - 1] != k) && (i + 1 == n || keys[i + 1] != k)) return order[i];
    int64_t s = i, t = i + 1;
    while (s > 0 && keys[s - 1] == k) --s;
    while (t < n && keys[t] == k) ++t;
    // The element of rank r = i - s among the run's second keys (ties by position).
    const int64_t r = i - s;
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
