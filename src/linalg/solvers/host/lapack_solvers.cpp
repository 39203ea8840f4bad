// The host backend's solver entries (Note [Solver dispatch] in solvers/solver_table.hpp): LAPACKE
// from scipy-openblas64 (looked up by name through linalg/host/openblas.hpp), once per matrix of
// the batch. The host backend runs inline, so the pointers are host memory and there is no stream.
#include <complex>
#include <string>
#include <vector>
#include "cupric/error.hpp"
#include "linalg/host/openblas.hpp"
#include "linalg/solvers/solver_table.hpp"
#include "linalg/solvers/tiny_solvers.hpp"

namespace cupric::linalg {
namespace {

constexpr int kColMajor = 102;  // LAPACK_COL_MAJOR
// The largest order the host's tiny path takes (Note [Tiny solvers] in ../tiny_solvers.cpp).
constexpr int kHostTinyMaxN = 32;
using lint = int64_t;  // ILP64 lapack_int
using c64 = std::complex<float>;
using c128 = std::complex<double>;

template <class T>
struct Real {
  using type = T;
};
template <class T>
struct Real<std::complex<T>> {
  using type = T;
};
template <class T>
using real_t = typename Real<T>::type;
template <class T>
constexpr bool is_cplx = !std::is_same_v<T, real_t<T>>;

// LAPACKE's letter for T and the wheel's symbol "scipy_LAPACKE_<letter><name>64_".
template <class T>
constexpr char letter() {
  if constexpr (std::is_same_v<T, float>) return 's';
  if constexpr (std::is_same_v<T, double>) return 'd';
  if constexpr (std::is_same_v<T, c64>) return 'c';
  return 'z';
}
// LAPACKE scans every input for NaNs and refuses them (an argument error); NumPy's LAPACK calls
// compute on them and return NaNs, so the scan is switched off once, at the first lookup.
void no_nan_check() {
  static const bool off = [] {
    host::openblas_fn<void (*)(int)>("scipy_LAPACKE_set_nancheck64_")(0);
    return true;
  }();
  (void)off;
}

template <class T, class Fn>
Fn lapacke(const char* name) {
  no_nan_check();
  const std::string sym = std::string("scipy_LAPACKE_") + letter<T>() + name + "64_";
  return host::openblas_fn<Fn>(sym.c_str());
}

lint ld(int64_t rows) { return rows > 1 ? rows : 1; }
int32_t info32(lint info) { return info > 0 ? static_cast<int32_t>(info < INT32_MAX ? info : INT32_MAX) : 0; }
// LAPACKE's negative info is an argument error: a bug here, never the user's.
void check_args(lint info, const char* what) {
  if (info < 0)
    throw RuntimeError(std::string("internal error: LAPACK ") + what + " rejected argument " + std::to_string(-info));
}

template <class T>
void getrf_t(int64_t m, int64_t n, int64_t batch, void* a, int32_t* ipiv, int32_t* info) {
  auto f = lapacke<T, lint (*)(int, lint, lint, T*, lint, lint*)>("getrf");
  const int64_t k = m < n ? m : n;
  std::vector<lint> p(static_cast<size_t>(k));
  for (int64_t b = 0; b < batch; ++b) {
    const lint r = f(kColMajor, m, n, static_cast<T*>(a) + b * m * n, ld(m), p.data());
    check_args(r, "getrf");
    info[b] = info32(r);
    for (int64_t i = 0; i < k; ++i) ipiv[b * k + i] = static_cast<int32_t>(p[static_cast<size_t>(i)]);
  }
}

template <class T>
void getrs_t(char trans, int64_t n, int64_t nrhs, int64_t batch, const void* lu, const int32_t* ipiv, void* bm) {
  auto f = lapacke<T, lint (*)(int, char, lint, lint, const T*, lint, const lint*, T*, lint)>("getrs");
  std::vector<lint> p(static_cast<size_t>(n));
  for (int64_t b = 0; b < batch; ++b) {
    for (int64_t i = 0; i < n; ++i) p[static_cast<size_t>(i)] = ipiv[b * n + i];
    check_args(f(kColMajor, trans, n, nrhs, static_cast<const T*>(lu) + b * n * n, ld(n), p.data(),
                 static_cast<T*>(bm) + b * n * nrhs, ld(n)),
               "getrs");
  }
}

template <class T>
void potrf_t(bool lower, int64_t n, int64_t batch, void* a, int32_t* info) {
  auto f = lapacke<T, lint (*)(int, char, lint, T*, lint)>("potrf");
  for (int64_t b = 0; b < batch; ++b) {
    const lint r = f(kColMajor, lower ? 'L' : 'U', n, static_cast<T*>(a) + b * n * n, ld(n));
    check_args(r, "potrf");
    info[b] = info32(r);
  }
}

template <class T>
void potrs_t(bool lower, int64_t n, int64_t nrhs, int64_t batch, const void* a, void* bm) {
  auto f = lapacke<T, lint (*)(int, char, lint, lint, const T*, lint, T*, lint)>("potrs");
  for (int64_t b = 0; b < batch; ++b)
    check_args(f(kColMajor, lower ? 'L' : 'U', n, nrhs, static_cast<const T*>(a) + b * n * n, ld(n),
                 static_cast<T*>(bm) + b * n * nrhs, ld(n)),
               "potrs");
}

// trtrs refuses singular triangles (info > 0) without solving; SciPy's solve_triangular and
// cuBLAS's trsm divide by the zero instead, so the host does what trsm does: BLAS trsm.
template <class T>
void trsm_t(bool lower, char trans, bool unit, int64_t n, int64_t nrhs, int64_t batch, const void* a, void* bm) {
  using Fn = void (*)(int, int, int, int, int, lint, lint, const void*, const void*, lint, void*, lint);
  const std::string sym = std::string("scipy_cblas_") + letter<T>() + "trsm64_";
  auto f = host::openblas_fn<Fn>(sym.c_str());
  const T one(1);
  const int tr = trans == 'N' ? 111 : trans == 'T' ? 112 : 113;  // CblasNoTrans, CblasTrans, CblasConjTrans
  // CblasColMajor, CblasLeft, CblasLower/Upper, trans, CblasUnit/NonUnit.
  for (int64_t b = 0; b < batch; ++b) {
    const T* ab = static_cast<const T*>(a) + b * n * n;
    T* bb = static_cast<T*>(bm) + b * n * nrhs;
    if constexpr (is_cplx<T>) {
      f(102, 141, lower ? 122 : 121, tr, unit ? 132 : 131, n, nrhs, &one, ab, ld(n), bb, ld(n));
    } else {
      // Real cblas_?trsm takes alpha by value: call through the matching prototype.
      using RFn = void (*)(int, int, int, int, int, lint, lint, T, const T*, lint, T*, lint);
      reinterpret_cast<RFn>(f)(102, 141, lower ? 122 : 121, tr, unit ? 132 : 131, n, nrhs, one, ab, ld(n), bb, ld(n));
    }
  }
}

template <class T>
void geqrf_t(int64_t m, int64_t n, int64_t batch, void* a, void* tau) {
  auto f = lapacke<T, lint (*)(int, lint, lint, T*, lint, T*)>("geqrf");
  const int64_t k = m < n ? m : n;
  for (int64_t b = 0; b < batch; ++b)
    check_args(f(kColMajor, m, n, static_cast<T*>(a) + b * m * n, ld(m), static_cast<T*>(tau) + b * k), "geqrf");
}

template <class T>
void orgqr_t(int64_t m, int64_t n, int64_t k, int64_t batch, void* a, const void* tau) {
  auto f = lapacke<T, lint (*)(int, lint, lint, lint, T*, lint, const T*)>(is_cplx<T> ? "ungqr" : "orgqr");
  for (int64_t b = 0; b < batch; ++b)
    check_args(f(kColMajor, m, n, k, static_cast<T*>(a) + b * m * n, ld(m), static_cast<const T*>(tau) + b * k),
               "orgqr");
}

template <class T>
void gesdd_t(char jobz, int64_t m, int64_t n, int64_t batch, void* a, void* s, void* u, void* vt, int32_t* info) {
  using R = real_t<T>;
  auto f = lapacke<T, lint (*)(int, char, lint, lint, T*, lint, R*, T*, lint, T*, lint)>("gesdd");
  const int64_t k = m < n ? m : n;
  const int64_t ucols = jobz == 'A' ? m : k, vrows = jobz == 'A' ? n : k;
  for (int64_t b = 0; b < batch; ++b) {
    T* ub = jobz == 'N' ? nullptr : static_cast<T*>(u) + b * m * ucols;
    T* vb = jobz == 'N' ? nullptr : static_cast<T*>(vt) + b * vrows * n;
    const lint r = f(kColMajor, jobz, m, n, static_cast<T*>(a) + b * m * n, ld(m), static_cast<R*>(s) + b * k, ub,
                     ld(m), vb, ld(vrows));
    check_args(r, "gesdd");
    info[b] = info32(r);
  }
}

template <class T>
void heevd_t(bool vectors, bool lower, int64_t n, int64_t batch, void* a, void* w, int32_t* info) {
  using R = real_t<T>;
  auto f = lapacke<T, lint (*)(int, char, char, lint, T*, lint, R*)>(is_cplx<T> ? "heevd" : "syevd");
  for (int64_t b = 0; b < batch; ++b) {
    const lint r = f(kColMajor, vectors ? 'V' : 'N', lower ? 'L' : 'U', n, static_cast<T*>(a) + b * n * n, ld(n),
                     static_cast<R*>(w) + b * n);
    check_args(r, "heevd");
    info[b] = info32(r);
  }
}

template <class T>
void geev_t(bool vectors, int64_t n, int64_t batch, void* a, void* w, void* v, int32_t* info) {
  using R = real_t<T>;
  using C = std::complex<R>;
  const char jobvr = vectors ? 'V' : 'N';
  for (int64_t b = 0; b < batch; ++b) {
    T* ab = static_cast<T*>(a) + b * n * n;
    C* wb = static_cast<C*>(w) + b * n;
    C* vb = vectors ? static_cast<C*>(v) + b * n * n : nullptr;
    lint r;
    if constexpr (is_cplx<T>) {
      auto f = lapacke<T, lint (*)(int, char, char, lint, T*, lint, T*, T*, lint, T*, lint)>("geev");
      r = f(kColMajor, 'N', jobvr, n, ab, ld(n), wb, nullptr, 1, vb, ld(n));
    } else {
      // The real routine returns wr, wi and packs a complex pair's vectors as (re, im) columns.
      auto f = lapacke<T, lint (*)(int, char, char, lint, T*, lint, T*, T*, T*, lint, T*, lint)>("geev");
      std::vector<T> wr(static_cast<size_t>(n)), wi(static_cast<size_t>(n)),
          vr(vectors ? static_cast<size_t>(n * n) : 0);
      r = f(kColMajor, 'N', jobvr, n, ab, ld(n), wr.data(), wi.data(), nullptr, 1, vectors ? vr.data() : nullptr,
            ld(n));
      for (int64_t i = 0; i < n; ++i) wb[i] = C(wr[static_cast<size_t>(i)], wi[static_cast<size_t>(i)]);
      if (vectors) {
        for (int64_t j = 0; j < n; ++j) {
          const bool pair = wi[static_cast<size_t>(j)] != 0 && j + 1 < n;
          for (int64_t i = 0; i < n; ++i) {
            if (!pair) {
              vb[j * n + i] = C(vr[static_cast<size_t>(j * n + i)], 0);
            } else {
              const R re = vr[static_cast<size_t>(j * n + i)], im = vr[static_cast<size_t>((j + 1) * n + i)];
              vb[j * n + i] = C(re, im);
              vb[(j + 1) * n + i] = C(re, -im);
            }
          }
          if (pair) ++j;
        }
      }
    }
    check_args(r, "geev");
    info[b] = info32(r);
  }
}

// One switch from the dtype to the typed entry.
template <template <class> class Entry, class... A>
void by_type(DType t, A... args) {
  switch (t.type) {
    case ScalarType::Float32: return Entry<float>::run(args...);
    case ScalarType::Float64: return Entry<double>::run(args...);
    case ScalarType::Complex64: return Entry<c64>::run(args...);
    case ScalarType::Complex128: return Entry<c128>::run(args...);
    default: throw TypeError("internal error: LAPACK has no routine for " + std::string(t.name()));
  }
}

#define CUPRIC_LAPACK_ENTRY(NAME) \
  template <class T>              \
  struct NAME##_e {               \
    template <class... A>         \
    static void run(A... args) {  \
      NAME##_t<T>(args...);       \
    }                             \
  };
CUPRIC_LAPACK_ENTRY(getrf)
CUPRIC_LAPACK_ENTRY(getrs)
CUPRIC_LAPACK_ENTRY(potrf)
CUPRIC_LAPACK_ENTRY(potrs)
CUPRIC_LAPACK_ENTRY(trsm)
CUPRIC_LAPACK_ENTRY(geqrf)
CUPRIC_LAPACK_ENTRY(orgqr)
CUPRIC_LAPACK_ENTRY(gesdd)
CUPRIC_LAPACK_ENTRY(heevd)
CUPRIC_LAPACK_ENTRY(geev)
#undef CUPRIC_LAPACK_ENTRY

const SolverFns kLapack = {
    [](DType t, int64_t m, int64_t n, int64_t batch, void* a, int32_t* ipiv, int32_t* info) {
      by_type<getrf_e>(t, m, n, batch, a, ipiv, info);
    },
    [](DType t, char trans, int64_t n, int64_t nrhs, int64_t batch, const void* lu, const int32_t* ipiv, void* b) {
      by_type<getrs_e>(t, trans, n, nrhs, batch, lu, ipiv, b);
    },
    [](DType t, bool lower, int64_t n, int64_t batch, void* a, int32_t* info) {
      by_type<potrf_e>(t, lower, n, batch, a, info);
    },
    [](DType t, bool lower, int64_t n, int64_t nrhs, int64_t batch, const void* a, void* b) {
      by_type<potrs_e>(t, lower, n, nrhs, batch, a, b);
    },
    [](DType t, bool lower, char trans, bool unit, int64_t n, int64_t nrhs, int64_t batch, const void* a, void* b) {
      by_type<trsm_e>(t, lower, trans, unit, n, nrhs, batch, a, b);
    },
    [](DType t, int64_t m, int64_t n, int64_t batch, void* a, void* tau) { by_type<geqrf_e>(t, m, n, batch, a, tau); },
    [](DType t, int64_t m, int64_t n, int64_t k, int64_t batch, void* a, const void* tau) {
      by_type<orgqr_e>(t, m, n, k, batch, a, tau);
    },
    [](DType t, char jobz, int64_t m, int64_t n, int64_t batch, void* a, void* s, void* u, void* vt, int32_t* info) {
      by_type<gesdd_e>(t, jobz, m, n, batch, a, s, u, vt, info);
    },
    [](DType t, bool vectors, bool lower, int64_t n, int64_t batch, void* a, void* w, int32_t* info) {
      by_type<heevd_e>(t, vectors, lower, n, batch, a, w, info);
    },
    [](DType t, bool vectors, int64_t n, int64_t batch, void* a, void* w, void* v, int32_t* info) {
      by_type<geev_e>(t, vectors, n, batch, a, w, v, info);
    },
    host::tiny,
    kHostTinyMaxN,
};

const dispatch::Registration kRegister(solver_table(), DeviceType::Host, &kLapack);

}  // namespace
}  // namespace cupric::linalg
