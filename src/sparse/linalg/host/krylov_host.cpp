// The host backend's fused Krylov vector update (Note [Krylov vector updates] in
// src/sparse/linalg/krylov_kernels.hpp): one loop per dtype.
#include "cupric/error.hpp"
#include "sparse/linalg/krylov_kernels.hpp"

namespace cupric::sparse::linalg {

namespace {

template <class T>
void axpby_typed(int64_t n, Coef a, const void* xv, Coef b, void* yv) {
  const T ca = kcoef(static_cast<const T*>(a.num), static_cast<const T*>(a.den), a.sign);
  const T cb = kcoef(static_cast<const T*>(b.num), static_cast<const T*>(b.den), b.sign);
  const T* x = static_cast<const T*>(xv);
  T* y = static_cast<T*>(yv);
  if (x) {
    for (int64_t i = 0; i < n; ++i) y[i] = kaxpby(ca, x[i], cb, y[i]);
  } else {
    for (int64_t i = 0; i < n; ++i) y[i] = kmul(cb, y[i]);
  }
}

void axpby(DType t, int64_t n, Coef a, const void* x, Coef b, void* y, const Stream&) {
  switch (t.type) {
    case ScalarType::Float32: return axpby_typed<float>(n, a, x, b, y);
    case ScalarType::Float64: return axpby_typed<double>(n, a, x, b, y);
    case ScalarType::Complex64: return axpby_typed<Cx<float>>(n, a, x, b, y);
    case ScalarType::Complex128: return axpby_typed<Cx<double>>(n, a, x, b, y);
    default: throw TypeError("Krylov update: unsupported dtype " + t.name());
  }
}

constexpr KrylovFns kHostKrylov{&axpby};
const dispatch::Registration reg(krylov_table(), DeviceType::Host, &kHostKrylov);

}  // namespace

}  // namespace cupric::sparse::linalg
