// A first cupric C++ program: make arrays, cast, copy back to the host and check the values.
#include <cupric/cupric.hpp>
#include <cstdio>

int main() {
  using namespace cupric;
  std::printf("backend: %s\n", default_backend().name());
  ndarray a = array<float>({1.5f, -2.5f, 3.25f, 4.0f}, Dims{2, 2});
  ndarray b = astype(a, dtypes::int32);
  std::vector<int32_t> v = to_vector<int32_t>(b);
  std::printf("astype(int32): %d %d %d %d\n", v[0], v[1], v[2], v[3]);
  ndarray z = full(Dims{3}, Scalar::of<double>(7.0), dtypes::float64);
  std::vector<double> w = to_vector<double>(z);
  bool ok = v[0] == 1 && v[1] == -2 && v[2] == 3 && v[3] == 4 && w[0] == 7.0 && w[2] == 7.0;
  std::printf("%s\n", ok ? "ok" : "MISMATCH");
  return ok ? 0 : 1;
}
