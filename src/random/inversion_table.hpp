// Table inversion of discrete draws with scalar parameters (Note [Discrete table inversion]):
// the 64-bit fixed-point CDF and guide table the host builds once per call, the lookup both
// backends run, the draw functors, and Generator::draw's entry point.
#pragma once
#include <cstdint>
#include <vector>
#include "cupric/random/registry.hpp"
#include "random/block_draws.hpp"

namespace cupric {
class ndarray;
}

namespace cupric::random {

// Note [Discrete table inversion]
// poisson(lam) and binomial(n, p) with scalar parameters draw every value from one law, so the
// host tabulates it once per call and each value is one 64-bit word u and a search in the table,
// integer compares only (Chen & Asau's guide-table inversion), instead of the samplers of
// include/cupric/random/distributions/discrete.hpp: a sequential search with a product per step
// and PTRS/BTRS rejection loops whose trip counts leave a GPU warp's lanes idle (poisson(10):
// 9.3 of 32 lanes active, ~3200 instructions a warp of values, 52 GB/s on the H200).
// * The table: entry j is value base + j with cdf[j] = floor(P(X <= base + j) 2^64) - 1, the
//   law's probabilities rounded to the 2^-64 grid. base is the first value whose cumulative
//   probability reaches 2^-64; the last entry is 2^64 - 1, so the search always stops there (the
//   mass beyond it, below 2^-64, goes to it). The pmf comes from its ratio recurrence outwards from
//   the mode (w(mode) = 1), normalised by the sum of the terms kept (those above 2^-72 of the
//   mode's), in long double: no logarithm or lgamma, so the table is the same on every run
//   (x86-64's 80-bit long double; another platform's may round the last bits of some entries
//   differently, which moves a value only for the words between the two roundings).
// * The value of word u is min{j : u <= cdf[j]}: P(value = base + j) = (cdf[j] - cdf[j - 1]) / 2^64.
//   The search starts at guide[i], i the top 8 bits of u (10 for the large tables), the value of
//   the word i << 56 (i << 54), the least value of the words of bucket i (the value is monotone
//   in u), and walks up: ~1 + size / buckets compares (SASS, sm_90: ~114 instructions a Philox
//   block of two values when each search stops at its first entry, ~6 a further step).
// * Words: Philox takes two values from each block of the call's block stream (words 0-1 and
//   2-3 as the high and low halves of u, as the wide integers of Note [Philox block draws] in
//   src/random/block_draws.hpp); XORWOW and MRG32k3a take next64() of element e's sub-stream. An
//   element's value depends on (seed, call, e, the parameters) only, and since the host builds
//   the one table both backends read, their integers are identical.
// * Applies to laws whose support between the 2^-64 quantiles fits kInversionLarge entries
//   (poisson lam up to ~3200, binomial n p q up to about as much, hypergeometric's variance as
//   much, geometric p >= 0.0425, logseries p <= 0.957: Note [Discrete laws on a GPU] in
//   include/cupric/random/distributions/discrete.hpp); other parameters, and array
//   parameters, keep the samplers. The values differ from the samplers' (another exact method):
//   neither is documented to equal CuPy's or NumPy's numbers (RandomState's CuPy numbers are its
//   float32 uniforms: Note [cuRAND uniform floats] in src/random/draw_kernels.hpp).
// * On a GPU the table travels in the kernel's parameters (sm_70+ and CUDA 12.1+ allow 32764
//   bytes) and each CTA copies the entries in use to shared memory (src/random/cuda/inversion_draws.cuh);
//   two capacities keep the parameters of the common small laws (poisson(10): 52 entries; up to
//   lam ~ 45) at 1.6 KB (the large: 10.3 KB).
inline constexpr int kInversionSmall = 128;
inline constexpr int kInversionLarge = 1024;

template <int Cap>
struct InversionTable {
  static constexpr int cap = Cap;
  static constexpr int guide_bits = Cap <= kInversionSmall ? 8 : 10;  // buckets: about one entry each
  static constexpr int guides = 1 << guide_bits;
  uint64_t cdf[Cap];  // floor(P(X <= base + j) 2^64) - 1; cdf[size - 1] = 2^64 - 1
  int64_t base;       // the value of entry 0
  int32_t size;       // entries in use, 1 .. Cap
  uint16_t guide[guides];
};

// Where a lookup finds the table: the functor's own (host) or a CTA's shared copy (CUDA).
struct InversionView {
  const uint64_t* cdf;
  const uint16_t* guide;
  int64_t base;
  int shift;  // 64 - the guide's bits
};

CUPRIC_HD inline int64_t invert_word(const InversionView& t, uint64_t u) {
  int j = t.guide[u >> t.shift];
  while (u > t.cdf[j]) ++j;
  return t.base + j;
}

// The words of unit q (a GPU thread's unit): Philox, values 2q and 2q + 1 from block q of the
// call's block stream; XORWOW and MRG32k3a, value q from the first 64 bits of its sub-stream.
struct PhiloxBlockWords {
  static constexpr int per = 2;
  CUPRIC_HD static void words(const StreamKey& k, uint64_t q, uint64_t* u) {
    const Words4 w = philox_call_block(k, q);
    u[0] = (static_cast<uint64_t>(w.w[0]) << 32) | w.w[1];
    u[1] = (static_cast<uint64_t>(w.w[2]) << 32) | w.w[3];
  }
};
struct SubStreamWords {
  static constexpr int per = 1;
  CUPRIC_HD static void words(const StreamKey& k, uint64_t e, uint64_t* u) {
    SubStream s(k, e);
    u[0] = s.next64();
  }
};

// The draw's functor (a block functor of Note [Philox block draws]'s loops): block_in looks the
// words of unit q up in a table wherever it lies (the CUDA loop's shared copy), block in its own.
template <int Cap, class Words>
struct InversionF {
  using Out = int64_t;
  using Table = InversionTable<Cap>;
  static constexpr int per = Words::per;
  StreamKey key;
  Table table;
  CUPRIC_HD InversionView view() const { return {table.cdf, table.guide, table.base, 64 - Table::guide_bits}; }
  CUPRIC_HD void block_in(const InversionView& t, uint64_t q, int64_t* v) const {
    uint64_t u[per];
    Words::words(key, q, u);
    for (int j = 0; j < per; ++j) v[j] = invert_word(t, u[j]);
  }
  CUPRIC_HD void block(uint64_t q, int64_t* v) const { block_in(view(), q, v); }
  CUPRIC_HD int64_t operator()(int64_t i) const {
    int64_t v[per];
    block(static_cast<uint64_t>(i) / per, v);
    return per == 1 || i % 2 == 0 ? v[0] : v[per - 1];
  }
};
template <int Cap>
using InversionBlockF = InversionF<Cap, PhiloxBlockWords>;
template <int Cap>
using InversionSubF = InversionF<Cap, SubStreamWords>;

// The loops, int64 output only, filled by the "random_dist" kernel family
// (src/random/inversion_loops.hpp).
enum class InversionLoop : uint8_t { PhiloxSmall, PhiloxLarge, SubSmall, SubLarge, count_ };
LoopPair& inversion_loops(InversionLoop k);

// The law's table entries: cdf as in the Note, the value of entry 0 in base. Empty when the
// support is too wide for kInversionLarge entries (or the law is not one of the table's).
struct InversionCdf {
  std::vector<uint64_t> cdf;
  int64_t base = 0;
};
InversionCdf poisson_inversion_cdf(double lam);
InversionCdf binomial_inversion_cdf(int64_t n, double p);
InversionCdf hypergeometric_inversion_cdf(int64_t ngood, int64_t nbad, int64_t nsample);
InversionCdf geometric_inversion_cdf(double p);
InversionCdf logseries_inversion_cdf(double p);

// A functor's table from the entries: the guide's entry i is the value of word i << (64 - bits).
template <int Cap>
void fill_inversion_table(const InversionCdf& c, InversionTable<Cap>& t) {
  const size_t n = c.cdf.size();
  for (size_t j = 0; j < n; ++j) t.cdf[j] = c.cdf[j];
  t.base = c.base;
  t.size = static_cast<int32_t>(n);
  size_t j = 0;
  for (int i = 0; i < InversionTable<Cap>::guides; ++i) {
    const uint64_t u = static_cast<uint64_t>(i) << (64 - InversionTable<Cap>::guide_bits);
    while (c.cdf[j] < u) ++j;
    t.guide[i] = static_cast<uint16_t>(j);
  }
}

// Generator::draw's hook: the table of distribution `id` with scalar parameters `params` (false:
// not tabulated; nothing happened), then the draw of `out` (int64, C order, nonempty) with key k.
class InversionDraw {
 public:
  bool prepare(DistributionId id, const double* params);
  void run(const StreamKey& k, const ndarray& out) const;

 private:
  InversionCdf t_;
};

}  // namespace cupric::random
