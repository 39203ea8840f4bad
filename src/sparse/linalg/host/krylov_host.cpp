// The host backend's fused Krylov vector updates and dot products (Note [Krylov vector updates]
// in src/sparse/linalg/krylov_kernels.hpp): one loop per dtype.
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

template <class T>
void dotc_typed(int64_t n, const void* xv, const void* yv, void* out) {
  using A = KAcc<T>;
  const T* x = static_cast<const T*>(xv);
  const T* y = static_cast<const T*>(yv);
  typename A::type acc = A::zero();
  for (int64_t i = 0; i < n; ++i) acc = kadd(acc, A::dot(x[i], y[i]));
  *static_cast<T*>(out) = A::round(acc);
}

template <class T>
void norm2_typed(int64_t n, const void* yv, void* out) {
  using A = KAcc<T>;
  const T* y = static_cast<const T*>(yv);
  typename A::type acc = A::zero();
  for (int64_t i = 0; i < n; ++i) acc = kadd(acc, A::norm2(y[i]));
  *static_cast<T*>(out) = A::round(acc);
}

void axpby(DType t, int64_t n, Coef a, const void* x, Coef b, void* y, const Stream&) {
  by_krylov_dtype(t, [&]<class T>() { axpby_typed<T>(n, a, x, b, y); });
}

void dotc(DType t, int64_t n, const void* x, const void* y, void* out, void*, const Stream&) {
  by_krylov_dtype(t, [&]<class T>() { dotc_typed<T>(n, x, y, out); });
}

void axpby_norm2(DType t, int64_t n, Coef a, const void* x, Coef b, void* y, void* out, void*, const Stream&) {
  by_krylov_dtype(t, [&]<class T>() {
    axpby_typed<T>(n, a, x, b, y);
    norm2_typed<T>(n, y, out);
  });
}

constexpr KrylovFns kHostKrylov{&axpby, &dotc, &axpby_norm2};
const dispatch::Registration reg(krylov_table(), DeviceType::Host, &kHostKrylov);

}  // namespace

}  // namespace cupric::sparse::linalg
