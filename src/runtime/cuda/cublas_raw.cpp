// The CUDA side of cupric/runtime/cublas_raw.hpp: each entry is the one cuBLAS call, through the
// entry points of the dlopen'ed library (runtime/cuda/libs/cublas.hpp, Note [CUDA libraries]).
#include <cublas_v2.h>
#include "cupric/runtime/cublas_raw.hpp"
#include "runtime/cuda/libs/cublas.hpp"

namespace cupric {
namespace {

using u = uintptr_t;
cublasHandle_t H(u h) { return reinterpret_cast<cublasHandle_t>(h); }
cublasOperation_t op(int o) { return static_cast<cublasOperation_t>(o); }
template <class T>
T* P(u p) {
  return reinterpret_cast<T*>(p);
}
int st(cublasStatus_t s) { return static_cast<int>(s); }

// The element type of each BLAS type code and the names of its entry points: cublas + the type's
// prefix + the routine (complex dot products are dotu/dotc, real ones plain dot; nrm2 takes the
// prefix of its real result and the complex input: Scnrm2, Dznrm2).
template <char T>
struct Blas;
#define CUPRIC_BLAS_TYPE(t, P, Elem, Real, DOT, DOTC, NRM2)                                                 \
  template <>                                                                                               \
  struct Blas<t> {                                                                                          \
    using E = Elem;                                                                                         \
    using R = Real;                                                                                         \
    static constexpr const char *gemm = "cublas" #P "gemm_v2", *batched = "cublas" #P "gemmStridedBatched", \
                                *gemv = "cublas" #P "gemv_v2", *dot = "cublas" #P #DOT "_v2",               \
                                *dotc = "cublas" #P #DOTC "_v2", *axpy = "cublas" #P "axpy_v2",             \
                                *nrm2 = "cublas" #NRM2 "nrm2_v2", *scal = "cublas" #P "scal_v2";            \
  };
CUPRIC_BLAS_TYPE('s', S, float, float, dot, dot, S)
CUPRIC_BLAS_TYPE('d', D, double, double, dot, dot, D)
CUPRIC_BLAS_TYPE('c', C, cuComplex, float, dotu, dotc, Sc)
CUPRIC_BLAS_TYPE('z', Z, cuDoubleComplex, double, dotu, dotc, Dz)
#undef CUPRIC_BLAS_TYPE

// Calls f.template operator()<Blas<t>>() for the type code `t`; CUBLAS_STATUS_INVALID_VALUE for
// an unknown code (the binding only passes the four).
template <class F>
int by_type(char t, F&& f) {
  switch (t) {
    case 's': return f(Blas<'s'>{});
    case 'd': return f(Blas<'d'>{});
    case 'c': return f(Blas<'c'>{});
    case 'z': return f(Blas<'z'>{});
    default: return st(CUBLAS_STATUS_INVALID_VALUE);
  }
}

int gemm(char t, u h, int ta, int tb, int m, int n, int k, u alpha, u a, int lda, u b, int ldb, u beta, u c, int ldc) {
  return by_type(t, [&]<class B>(B) {
    using E = typename B::E;
    auto f = cublas::fn<cublasStatus_t (*)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int,
                                           const E*, const E*, int, const E*, int, const E*, E*, int)>(B::gemm);
    return st(f(H(h), op(ta), op(tb), m, n, k, P<const E>(alpha), P<const E>(a), lda, P<const E>(b), ldb,
                P<const E>(beta), P<E>(c), ldc));
  });
}

int gemm_strided_batched(char t, u h, int ta, int tb, int m, int n, int k, u alpha, u a, int lda, int64_t sa, u b,
                         int ldb, int64_t sb, u beta, u c, int ldc, int64_t sc, int batch) {
  return by_type(t, [&]<class B>(B) {
    using E = typename B::E;
    auto f = cublas::fn<cublasStatus_t (*)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int,
                                           const E*, const E*, int, long long, const E*, int, long long, const E*, E*,
                                           int, long long, int)>(B::batched);
    return st(f(H(h), op(ta), op(tb), m, n, k, P<const E>(alpha), P<const E>(a), lda, sa, P<const E>(b), ldb, sb,
                P<const E>(beta), P<E>(c), ldc, sc, batch));
  });
}

int gemm_ex(u h, int ta, int tb, int m, int n, int k, u alpha, u a, int atype, int lda, u b, int btype, int ldb, u beta,
            u c, int ctype, int ldc, int compute, int algo) {
  // (cublasGemmEx is overloaded in C++: the C entry point's prototype, spelled out.)
  auto f =
      cublas::fn<cublasStatus_t (*)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int, const void*,
                                    const void*, cudaDataType, int, const void*, cudaDataType, int, const void*, void*,
                                    cudaDataType, int, cublasComputeType_t, cublasGemmAlgo_t)>("cublasGemmEx");
  return st(f(H(h), op(ta), op(tb), m, n, k, P<const void>(alpha), P<const void>(a), static_cast<cudaDataType>(atype),
              lda, P<const void>(b), static_cast<cudaDataType>(btype), ldb, P<const void>(beta), P<void>(c),
              static_cast<cudaDataType>(ctype), ldc, static_cast<cublasComputeType_t>(compute),
              static_cast<cublasGemmAlgo_t>(algo)));
}

int gemv(char t, u h, int trans, int m, int n, u alpha, u a, int lda, u x, int incx, u beta, u y, int incy) {
  return by_type(t, [&]<class B>(B) {
    using E = typename B::E;
    auto f = cublas::fn<cublasStatus_t (*)(cublasHandle_t, cublasOperation_t, int, int, const E*, const E*, int,
                                           const E*, int, const E*, E*, int)>(B::gemv);
    return st(f(H(h), op(trans), m, n, P<const E>(alpha), P<const E>(a), lda, P<const E>(x), incx, P<const E>(beta),
                P<E>(y), incy));
  });
}

int dot(char t, bool conj, u h, int n, u x, int incx, u y, int incy, u result) {
  return by_type(t, [&]<class B>(B) {
    using E = typename B::E;
    auto f =
        cublas::fn<cublasStatus_t (*)(cublasHandle_t, int, const E*, int, const E*, int, E*)>(conj ? B::dotc : B::dot);
    return st(f(H(h), n, P<const E>(x), incx, P<const E>(y), incy, P<E>(result)));
  });
}

int axpy(char t, u h, int n, u alpha, u x, int incx, u y, int incy) {
  return by_type(t, [&]<class B>(B) {
    using E = typename B::E;
    auto f = cublas::fn<cublasStatus_t (*)(cublasHandle_t, int, const E*, const E*, int, E*, int)>(B::axpy);
    return st(f(H(h), n, P<const E>(alpha), P<const E>(x), incx, P<E>(y), incy));
  });
}

int nrm2(char t, u h, int n, u x, int incx, u result) {
  return by_type(t, [&]<class B>(B) {
    using E = typename B::E;
    using R = typename B::R;
    auto f = cublas::fn<cublasStatus_t (*)(cublasHandle_t, int, const E*, int, R*)>(B::nrm2);
    return st(f(H(h), n, P<const E>(x), incx, P<R>(result)));
  });
}

int scal(char t, u h, int n, u alpha, u x, int incx) {
  return by_type(t, [&]<class B>(B) {
    using E = typename B::E;
    auto f = cublas::fn<cublasStatus_t (*)(cublasHandle_t, int, const E*, E*, int)>(B::scal);
    return st(f(H(h), n, P<const E>(alpha), P<E>(x), incx));
  });
}

const CublasRawFns kCublas{
    [](u* h) {
      cublasHandle_t x = nullptr;
      int s = st(cublas::api().create(&x));
      *h = reinterpret_cast<u>(x);
      return s;
    },
    [](u h) { return st(cublas::api().destroy(H(h))); },
    [](u h, int* v) { return st(cublas::fn<decltype(&cublasGetVersion_v2)>("cublasGetVersion_v2")(H(h), v)); },
    [](u h, u s) { return st(cublas::api().set_stream(H(h), reinterpret_cast<cudaStream_t>(s))); },
    [](u h, u* s) {
      cudaStream_t x = nullptr;
      int r = st(cublas::fn<decltype(&cublasGetStream_v2)>("cublasGetStream_v2")(H(h), &x));
      *s = reinterpret_cast<u>(x);
      return r;
    },
    [](u h, int mode) { return st(cublas::api().set_pointer_mode(H(h), static_cast<cublasPointerMode_t>(mode))); },
    [](u h, int* mode) {
      cublasPointerMode_t m = CUBLAS_POINTER_MODE_HOST;
      int r = st(cublas::fn<decltype(&cublasGetPointerMode_v2)>("cublasGetPointerMode_v2")(H(h), &m));
      *mode = static_cast<int>(m);
      return r;
    },
    [](u h, int mode) { return st(cublas::api().set_math_mode(H(h), static_cast<cublasMath_t>(mode))); },
    [](u h, int* mode) {
      cublasMath_t m = CUBLAS_DEFAULT_MATH;
      int r = st(cublas::fn<decltype(&cublasGetMathMode)>("cublasGetMathMode")(H(h), &m));
      *mode = static_cast<int>(m);
      return r;
    },
    gemm,
    gemm_strided_batched,
    gemm_ex,
    gemv,
    dot,
    axpy,
    nrm2,
    scal,
    [](int s) -> std::string { return cublas::api().status_name(static_cast<cublasStatus_t>(s)); },
};

const dispatch::Registration register_cublas_raw(cublas_raw_table(), DeviceType::Cuda, &kCublas);

}  // namespace
}  // namespace cupric
