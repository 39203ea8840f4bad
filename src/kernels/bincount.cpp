// bincount's table and host loop (kernels/bincount.hpp).
#include "kernels/bincount.hpp"

namespace cupric {

namespace {
void host_bincount(const int64_t* x, const double* w, int64_t n, void* out, const Stream&) {
  if (w) {
    double* o = static_cast<double*>(out);
    for (int64_t i = 0; i < n; ++i) o[x[i]] += w[i];
  } else {
    int64_t* o = static_cast<int64_t*>(out);
    for (int64_t i = 0; i < n; ++i) ++o[x[i]];
  }
}
}  // namespace

dispatch::Table<BincountFn>& bincount_loops() {
  static constinit dispatch::Table<BincountFn> t;
  return t;
}

namespace {
const dispatch::Registration register_bincount(bincount_loops(), DeviceType::Host, &host_bincount);
}  // namespace

}  // namespace cupric
