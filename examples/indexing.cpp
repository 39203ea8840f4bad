// Indexing and manipulation in C++: take, a boolean mask, concatenate and pad, each checked
// against the values NumPy gives for the same calls.
#include <cupric/cupric.hpp>
#include <cstdio>

int main() {
  using namespace cupric;
  bool ok = true;
  auto check = [&](const char* what, const std::vector<float>& got, const std::vector<float>& want) {
    const bool same = got == want;
    std::printf("%-12s %s [", what, same ? "ok      " : "MISMATCH");
    for (float v : got) std::printf(" %g", v);
    std::printf(" ]\n");
    ok = ok && same;
  };
  ndarray x = array<float>({0.9f, 0.1f, 0.7f, 0.3f, 0.6f, 0.2f}, Dims{2, 3});

  // numpy.take(x, [2, 0], axis=1)
  ndarray t = take(x, array<int64_t>({2, 0}), 1);
  check("take", to_vector<float>(t), {0.7f, 0.9f, 0.2f, 0.3f});

  // x[x > 0.5]: one host sync for the number of selected elements.
  ndarray m = getitem(x, {Index::array_index(greater(x, 0.5))});
  check("x[x > 0.5]", to_vector<float>(m), {0.9f, 0.7f, 0.6f});

  // numpy.concatenate([x, x[::-1]], axis=0)
  ndarray rev = basic_index(x, {Index::slice(Index::kNone, Index::kNone, -1)});
  ndarray c = concatenate({x, rev}, 0);
  check("concatenate", to_vector<float>(c), {0.9f, 0.1f, 0.7f, 0.3f, 0.6f, 0.2f, 0.3f, 0.6f, 0.2f, 0.9f, 0.1f, 0.7f});

  // numpy.pad(x, ((0, 0), (1, 2)), 'reflect')
  ndarray p = pad(x, PadPairs<int64_t>{{0, 0}, {1, 2}}, PadMode::Reflect);
  check("pad reflect", to_vector<float>(p), {0.1f, 0.9f, 0.1f, 0.7f, 0.1f, 0.9f, 0.6f, 0.3f, 0.6f, 0.2f, 0.6f, 0.3f});

  std::printf("%s\n", ok ? "ok" : "MISMATCH");
  return ok ? 0 : 1;
}
