// The registry's tables (Note [Random registry]): the distributions' descriptions from
// distribution_table.inc, and the loop tables the "random" kernel family fills. Constant-
// initialised arrays, so the families' static registrations are safe in any order.
#include <string_view>
#include "random/draw_kernels.hpp"

namespace cupric::random {

namespace {

constexpr DistributionInfo kInfo[] = {
#define CUPRIC_DISTRIBUTION(name, Sampler, kind, np, n0, n1, n2) {#name, OutKind::kind, np, {#n0, #n1, #n2}},
#include "cupric/random/distribution_table.inc"
#undef CUPRIC_DISTRIBUTION
};
static_assert(sizeof(kInfo) / sizeof(kInfo[0]) == kNumDistributions);

LoopPair g_draw[kNumDistributions][kNumNumericTypes];
LoopPair g_scalar_draw[kNumDistributions][kNumNumericTypes];
LoopPair g_raw[static_cast<int>(RawKind::count_)][kNumNumericTypes];

}  // namespace

const DistributionInfo& distribution_info(DistributionId id) { return kInfo[static_cast<int>(id)]; }

const DistributionInfo* find_distribution(std::string_view name, DistributionId* id) {
  for (int i = 0; i < kNumDistributions; ++i) {
    if (name == kInfo[i].name) {
      if (id) *id = static_cast<DistributionId>(i);
      return &kInfo[i];
    }
  }
  return nullptr;
}

LoopPair& draw_loops(DistributionId d, ScalarType out) { return g_draw[static_cast<int>(d)][static_cast<int>(out)]; }
LoopPair& scalar_draw_loops(DistributionId d, ScalarType out) {
  return g_scalar_draw[static_cast<int>(d)][static_cast<int>(out)];
}
LoopPair& raw_loops(RawKind k, ScalarType out) { return g_raw[static_cast<int>(k)][static_cast<int>(out)]; }

void register_draw_loop(LoopBackend b, DistributionId d, ScalarType out, LoopFn fn) {
  LoopPair& p = draw_loops(d, out);
  (b == LoopBackend::Host ? p.host : p.cuda) = fn;
}
void register_scalar_draw_loop(LoopBackend b, DistributionId d, ScalarType out, LoopFn fn) {
  LoopPair& p = scalar_draw_loops(d, out);
  (b == LoopBackend::Host ? p.host : p.cuda) = fn;
}
void register_raw_loop(LoopBackend b, RawKind k, ScalarType out, LoopFn fn) {
  LoopPair& p = raw_loops(k, out);
  (b == LoopBackend::Host ? p.host : p.cuda) = fn;
}

}  // namespace cupric::random
