// Example: sorting, searching and unique through the C++ API. Runs as a test (ctest).
#include <cstdio>
#include <vector>
#include "cupric/cupric.hpp"

int main() {
  using namespace cupric;
  ndarray a = array(std::vector<float>{4.5f, -1.0f, 3.0f, 4.5f, 0.0f, -1.0f});
  ndarray s = sort(a);         // -1 -1 0 3 4.5 4.5
  ndarray order = argsort(a);  // a stable sort: equal values keep their input order
  UniqueResult u = unique(a, false, false, /*return_counts=*/true);  // one host sync (the count)
  ndarray where = searchsorted(s, array(std::vector<float>{3.0f}));  // 3
  std::vector<float> sv = to_vector<float>(s);
  std::vector<int64_t> ov = to_vector<int64_t>(order);
  std::vector<float> uv = to_vector<float>(u.values);
  std::vector<int64_t> uc = to_vector<int64_t>(u.counts);
  std::printf("sorted:");
  for (float x : sv) std::printf(" %g", x);
  std::printf("\nargsort:");
  for (int64_t i : ov) std::printf(" %lld", static_cast<long long>(i));
  std::printf("\nunique (count):");
  for (size_t i = 0; i < uv.size(); ++i) std::printf(" %g (%lld)", uv[i], static_cast<long long>(uc[i]));
  std::printf("\nsearchsorted(sorted, 3) = %lld\n", static_cast<long long>(to_vector<int64_t>(where)[0]));
  const bool ok = sv == std::vector<float>{-1, -1, 0, 3, 4.5f, 4.5f} && ov == std::vector<int64_t>{1, 5, 4, 2, 0, 3} &&
                  uv == std::vector<float>{-1, 0, 3, 4.5f} && uc == std::vector<int64_t>{2, 1, 1, 2} &&
                  to_vector<int64_t>(where)[0] == 3;
  return ok ? 0 : 1;
}
