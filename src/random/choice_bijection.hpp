// choice(n, k, replace=False)'s picks: the first k values of a keyed bijection of [0, n) (Note
// [Choice by a keyed bijection]), a CUPRIC_HD indexed functor run by the "random" kernel family on
// either backend.
#pragma once
#include <bit>
#include <cstdint>
#include "cupric/random/streams.hpp"

namespace cupric::random {

// Note [Choice by a keyed bijection]
// choice(n, k, replace=False) with k <= n - 2 returns p(0), ..., p(k - 1) for a pseudo-random
// permutation p of [0, n) chosen by the call's sub-stream key: each pick is computed on its own
// from its index, so the k picks cost O(k) whatever n (a small sample from a huge range needs no
// permutation of n, V14-CHOICE), the kernel is one elementwise pass that writes each pick once,
// and the picks are the same on every backend and launch shape (integer arithmetic only).
// * p is a Feistel network over b-bit words, 2^b the least power of two >= n: the word is split
//   into a left part of wl bits and a right part of wr = b - wl bits (wl = b / 2); a round maps
//   (L, R) to (R, L ^ F_r(R)) with F_r(R) = fmix32(R ^ key_r) cut to wl bits, so the parts swap
//   widths each round (an unbalanced network when b is odd). Each round is invertible whatever
//   F_r (R is kept; L is recovered by the same XOR), so p is a bijection of [0, 2^b).
// * Cycle walking maps it onto [0, n): p(i) is the first of P(i), P(P(i)), ... that is below n.
//   The walk from i < n returns to i at the latest, so it ends; restricted so, P stays a
//   bijection of [0, n). Since 2^b < 2n a walk takes fewer than two steps on average; its length
//   varies between elements, so the functor declares kUnevenWork (Note [Uneven elementwise
//   work]: a GPU thread takes many picks, and a warp waits for their sum, not for its longest).
// * kChoiceRounds = 8 rounds, their 32-bit keys the first 8 words of the call's sub-stream 0
//   (drawn on the host). fmix32 is MurmurHash3's finaliser (a bijection of 32-bit words in which
//   every input bit flips each output bit with probability about 1/2); with four rounds a
//   Feistel network of random round functions is already a pseudo-random permutation (Luby and
//   Rackoff), eight leave a margin for a round function that is only a good hash.
// * The kernel is bound by the ALU pipe (shifts, masks, XORs: 96 % on the H200 for 2^25 picks,
//   277 us where writing them takes ~70), so words of at most 32 bits run in 32-bit arithmetic
//   (network_in<uint32_t>); the values are those of the 64-bit form.
// * What it does not give: every permutation of [0, n). A balanced Feistel round on halves of two
//   bits or more is an even permutation, so for n a power of two p is always even. Any sequence
//   of k <= n - 2 distinct values extends to as many even as odd permutations, so the parity is
//   invisible in the picks; choice takes the first k values of permutation(n) (a uniform random
//   order, Note [Permutation by 32-bit keys]) for k = n - 1 and k = n.
// CuPy 14.2 also draws without replacement from a Feistel bijection (its own network and keys,
// so the numbers differ); NumPy's Generator uses Floyd's algorithm or a partial shuffle, whose
// numbers no GPU order reproduces.
inline constexpr int kChoiceRounds = 8;

CUPRIC_HD inline uint32_t fmix32(uint32_t h) {
  h ^= h >> 16;
  h *= 0x85EBCA6Bu;
  h ^= h >> 13;
  h *= 0xC2B2AE35u;
  return h ^ (h >> 16);
}

struct ChoiceBijectionF {
  static constexpr bool kUnevenWork = true;  // cycle walks of varying length
  uint64_t n;                                // the range [0, n)
  int left;                                  // wl: the left part's bits in the first round (b / 2)
  int right;                                 // wr: the right part's bits (b - wl)
  uint32_t key[kChoiceRounds];

  // The keys of a call: the first kChoiceRounds words of sub-stream 0 of `k`.
  static ChoiceBijectionF make(const StreamKey& k, uint64_t n) {
    ChoiceBijectionF f{};
    f.n = n;
    const int b = n == 0 ? 0 : std::bit_width(n - 1);  // 2^b: the least power of two >= n
    f.left = b / 2;
    f.right = b - f.left;
    SubStream s(k, 0);
    for (uint32_t& w : f.key) w = s.next32();
    return f;
  }

  // The Feistel network P over words of left + right bits, in W arithmetic: uint32_t when the
  // words have at most 32 bits (every n <= 2^32; the same values with half the instructions of
  // 64-bit shifts and masks, which bound the kernel: Note [Choice by a keyed bijection]).
  template <class W>
  CUPRIC_HD W network_in(W x) const {
    int wl = left, wr = right;
#if defined(__CUDA_ARCH__)
#pragma unroll
#endif
    for (int r = 0; r < kChoiceRounds; ++r) {
      const W lo_mask = (W{1} << wr) - 1, hi_mask = (W{1} << wl) - 1;
      const W l = x >> wr, rr = x & lo_mask;
      const W f = static_cast<W>(fmix32(static_cast<uint32_t>(rr) ^ key[r])) & hi_mask;
      x = (rr << wl) | (l ^ f);
      const int t = wl;
      wl = wr;
      wr = t;
    }
    return x;
  }
  CUPRIC_HD uint64_t network(uint64_t x) const {
    return narrow() ? network_in<uint32_t>(static_cast<uint32_t>(x)) : network_in<uint64_t>(x);
  }
  CUPRIC_HD bool narrow() const { return left + right <= 32; }

  template <class W>
  CUPRIC_HD int64_t walk(W x) const {
    x = network_in<W>(x);
    while (x >= n) x = network_in<W>(x);  // cycle walking onto [0, n)
    return static_cast<int64_t>(x);
  }
  CUPRIC_HD int64_t operator()(int64_t i) const {
    return narrow() ? walk<uint32_t>(static_cast<uint32_t>(i)) : walk<uint64_t>(static_cast<uint64_t>(i));
  }
};

}  // namespace cupric::random
