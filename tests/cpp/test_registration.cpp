// Every loop a kernel family registers for the host backend is also registered for the CUDA
// backend in a CUDA build, as a different function (Note [Family backend namespace] in
// family_prelude.hpp: an ODR clash between host and CUDA units once made the CUDA registrations
// silently reuse the host loops). Needs no GPU: registration happens at load time.
#include <gtest/gtest.h>
#include "engine/elementwise/op_table.hpp"
#include "engine/reduction/reduction_engine.hpp"
#include "engine/scan/scan_engine.hpp"

using namespace cupric;

namespace {
constexpr bool kCudaBuild =
#if defined(CUPRIC_WITH_CUDA)
    true;
#else
    false;
#endif

void expect_pair(const LoopPair& p, const std::string& what) {
  if (!p.host) return;
  if (kCudaBuild) {
    EXPECT_NE(p.cuda, nullptr) << what << ": no CUDA loop";
    EXPECT_NE(p.cuda, p.host) << what << ": the CUDA loop is the host loop";
  } else {
    EXPECT_EQ(p.cuda, nullptr) << what;
  }
}
}  // namespace

TEST(Registration, UfuncLoopsHaveCudaTwins) {
  size_t n = 0;
  for (const OpDef* d : all_ops()) {
    for (size_t i = 0; i < d->loops.size(); ++i) {
      const TypedLoop& l = d->loops[i];
      const std::string what = d->name + " " + d->types_string(i);
      expect_pair(l.fns, what);
      expect_pair(l.bound[0], what + " bound0");
      expect_pair(l.bound[1], what + " bound1");
      expect_pair(l.second, what + " second output");
      ++n;
    }
  }
  EXPECT_GT(n, 500u);
}

TEST(Registration, CastFillWhereLoopsHaveCudaTwins) {
  for (int a = 0; a < 15; ++a) {
    auto ta = static_cast<ScalarType>(a);
    expect_pair(fill_loops(ta), "fill");
    expect_pair(where_loops(ta), "where");
    for (int b = 0; b < 15; ++b) {
      auto tb = static_cast<ScalarType>(b);
      EXPECT_NE(cast_loops(ta, tb).host, nullptr);
      expect_pair(cast_loops(ta, tb), "cast");
    }
  }
}

TEST(Registration, ReduceLoopsHaveCudaTwins) {
  size_t n = 0;
  for (int op = 0; op < kNumReduceOps; ++op)
    for (int a = 0; a < 15; ++a)
      for (int b = 0; b < 15; ++b) {
        ReduceLoopPair& p =
            reduce_loops(static_cast<ReduceOp>(op), static_cast<ScalarType>(a), static_cast<ScalarType>(b));
        if (!p.host) continue;
        ++n;
        if (kCudaBuild) {
          EXPECT_NE(p.cuda, nullptr) << reduce_op_name(static_cast<ReduceOp>(op)) << " " << a << "->" << b;
          EXPECT_NE(reinterpret_cast<void*>(p.cuda), reinterpret_cast<void*>(p.host));
        }
      }
  EXPECT_GT(n, 100u);
}

TEST(Registration, ScanLoopsHaveCudaTwins) {
  size_t n = 0;
  for (int op = 0; op < kNumScanOps; ++op)
    for (int a = 0; a < 15; ++a)
      for (int b = 0; b < 15; ++b) {
        ScanLoopPair& p = scan_loops(static_cast<ScanOp>(op), static_cast<ScalarType>(a), static_cast<ScalarType>(b));
        if (!p.host) continue;
        ++n;
        if (kCudaBuild) {
          EXPECT_NE(p.cuda, nullptr) << "scan " << op << " " << a << "->" << b;
          EXPECT_NE(reinterpret_cast<void*>(p.cuda), reinterpret_cast<void*>(p.host));
        }
      }
  EXPECT_GT(n, 20u);
}
