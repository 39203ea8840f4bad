// The header set run-time compiled kernels see (ElementwiseKernel, ReductionKernel, fuse; RawKernel
// and RawModule may `#include <cupric/jit/device.hpp>`). Compiles with nvcc, NVRTC and a host C++
// compiler: the same complex<T>, float16 and bfloat16 as the built-in kernels, numpy type names,
// CArray/CIndexer (CuPy's indexing model), complex arithmetic, casts and atomics.
// Documented in docs/user-kernels.md; its text is embedded in libcupric (Note [JIT headers]).
#pragma once
#include "cupric/complex.hpp"
#include "cupric/config.hpp"
#include "cupric/half.hpp"

#if defined(__CUDACC__)
#define CUPRIC_JIT_GLOBAL extern "C" __global__
#define CUPRIC_JIT_DEVICE __device__
#else
#define CUPRIC_JIT_GLOBAL static
#define CUPRIC_JIT_DEVICE
#include <math.h>
#include "cupric/jit/host_cuda.hpp"
#endif

namespace cupric {
namespace jit_device {

// NumPy's type names, usable in kernel signatures and bodies (as in CuPy).
typedef bool bool_;
typedef signed char int8;
typedef short int16;
typedef int int32;
typedef long long int64;
typedef unsigned char uint8;
typedef unsigned short uint16;
typedef unsigned int uint32;
typedef unsigned long long uint64;
typedef float float32;
typedef double float64;
typedef ::cupric::complex<float> complex64;
typedef ::cupric::complex<double> complex128;
using ::cupric::complex;

// float16/bfloat16 for user code: the built-in storage types (same layout), plus implicit
// conversions from numbers, as CuPy's float16 has, so generic code such as `T y = x * 2` or
// `const T one = 1` compiles for every T. Arithmetic goes through float.
#define CUPRIC_JIT_HALF(Name)                                                                   \
  struct Name : ::cupric::Name {                                                                \
    Name() = default;                                                                           \
    CUPRIC_HD Name(::cupric::Name h) : ::cupric::Name(h) {}                                     \
    CUPRIC_HD Name(float f) : ::cupric::Name(f) {}                                              \
    CUPRIC_HD Name(double d) : ::cupric::Name(d) {}                                             \
    CUPRIC_HD Name(int i) : ::cupric::Name(static_cast<float>(i)) {}                            \
    CUPRIC_HD Name(unsigned i) : ::cupric::Name(static_cast<float>(i)) {}                       \
    CUPRIC_HD Name(long i) : ::cupric::Name(static_cast<float>(i)) {}                           \
    CUPRIC_HD Name(unsigned long i) : ::cupric::Name(static_cast<float>(i)) {}                  \
    CUPRIC_HD Name(long long i) : ::cupric::Name(static_cast<float>(i)) {}                      \
    CUPRIC_HD Name(unsigned long long i) : ::cupric::Name(static_cast<float>(i)) {}             \
    CUPRIC_HD Name& operator+=(float v) { return *this = Name(static_cast<float>(*this) + v); } \
    CUPRIC_HD Name& operator-=(float v) { return *this = Name(static_cast<float>(*this) - v); } \
    CUPRIC_HD Name& operator*=(float v) { return *this = Name(static_cast<float>(*this) * v); } \
    CUPRIC_HD Name& operator/=(float v) { return *this = Name(static_cast<float>(*this) / v); } \
  };                                                                                            \
  static_assert(sizeof(Name) == 2, "layout");
CUPRIC_JIT_HALF(float16)
CUPRIC_JIT_HALF(bfloat16)
#undef CUPRIC_JIT_HALF

// An n-d view: data pointer, total size, shape and byte strides (CuPy's CArray<T, ndim>).
// Layout is fixed (the launcher fills it): T*, int64 size, int64 shape[N], int64 strides[N].
template <class T, int N>
struct CArray {
  T* data_;
  long long size_;
  long long shape_[N > 0 ? N : 1];
  long long strides_[N > 0 ? N : 1];
  CUPRIC_HD long long size() const { return size_; }
  CUPRIC_HD const long long* shape() const { return shape_; }
  CUPRIC_HD const long long* strides() const { return strides_; }
  CUPRIC_HD T* data() const { return data_; }
  // Element at a multi-index (one entry per dimension).
  CUPRIC_HD T& operator[](const long long* idx) const {
    char* p = reinterpret_cast<char*>(data_);
    for (int k = 0; k < N; ++k) p += idx[k] * strides_[k];
    return *reinterpret_cast<T*>(p);
  }
  // Element at a flat C-order index of this array's own shape (raw parameters: `x[i]`); the
  // integer overloads keep `x[0]` from being ambiguous with the pointer overload.
  CUPRIC_HD T& operator[](int i) const { return (*this)[static_cast<long long>(i)]; }
  CUPRIC_HD T& operator[](unsigned i) const { return (*this)[static_cast<long long>(i)]; }
  CUPRIC_HD T& operator[](long i) const { return (*this)[static_cast<long long>(i)]; }
  CUPRIC_HD T& operator[](unsigned long i) const { return (*this)[static_cast<long long>(i)]; }
  CUPRIC_HD T& operator[](unsigned long long i) const { return (*this)[static_cast<long long>(i)]; }
  CUPRIC_HD T& operator[](long long i) const {
    char* p = reinterpret_cast<char*>(data_);
    if constexpr (N == 1) {
      p += i * strides_[0];
    } else {
      for (int k = N - 1; k >= 0; --k) {
        long long d = shape_[k];
        long long q = d ? i / d : 0;
        p += (i - q * d) * strides_[k];
        i = q;
      }
    }
    return *reinterpret_cast<T*>(p);
  }
};

// The loop index: total size, shape and the current multi-index (CuPy's CIndexer<ndim>).
template <int N>
struct CIndexer {
  long long size_;
  long long shape_[N > 0 ? N : 1];
  long long index_[N > 0 ? N : 1];
  CUPRIC_HD long long size() const { return size_; }
  CUPRIC_HD const long long* shape() const { return shape_; }
  CUPRIC_HD void set(long long i) {
    if constexpr (N == 1) {
      index_[0] = i;
    } else {
      for (int k = N - 1; k >= 0; --k) {
        long long d = shape_[k];
        long long q = d ? i / d : 0;
        index_[k] = i - q * d;
        i = q;
      }
    }
  }
  CUPRIC_HD const long long* get() const { return index_; }
};

// Conversions between any two kernel types (NumPy's unsafe cast; complex -> real keeps re).
template <class T> struct is_cplx {
  static constexpr bool value = false;
};
template <class T> struct is_cplx<complex<T>> {
  static constexpr bool value = true;
};
template <class To, class From>
CUPRIC_HD inline To cast(const From& v) {
  if constexpr (is_cplx<To>::value && is_cplx<From>::value) {
    return To(v);
  } else if constexpr (is_cplx<To>::value) {
    return To(static_cast<decltype(To{}.re)>(static_cast<double>(v)), 0);
  } else if constexpr (is_cplx<From>::value) {
    return cast<To>(v.re);
  } else {
    return static_cast<To>(v);
  }
}

}  // namespace jit_device

// complex<T> arithmetic and math for user kernels (the built-in kernels have their own functors).
template <class T> CUPRIC_HD inline complex<T> operator+(complex<T> a, complex<T> b) {
  return {a.re + b.re, a.im + b.im};
}
template <class T> CUPRIC_HD inline complex<T> operator-(complex<T> a, complex<T> b) {
  return {a.re - b.re, a.im - b.im};
}
template <class T> CUPRIC_HD inline complex<T> operator-(complex<T> a) { return {-a.re, -a.im}; }
template <class T> CUPRIC_HD inline complex<T> operator+(complex<T> a) { return a; }
template <class T> CUPRIC_HD inline complex<T> operator*(complex<T> a, complex<T> b) {
  return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}
template <class T> CUPRIC_HD inline complex<T> operator/(complex<T> a, complex<T> b) {
  // Smith's algorithm (no overflow for large |b|).
  T ar = b.re < 0 ? -b.re : b.re, ai = b.im < 0 ? -b.im : b.im;
  if (ar >= ai) {
    T r = b.im / b.re, d = b.re + b.im * r;
    return {(a.re + a.im * r) / d, (a.im - a.re * r) / d};
  }
  T r = b.re / b.im, d = b.re * r + b.im;
  return {(a.re * r + a.im) / d, (a.im * r - a.re) / d};
}
#define CUPRIC_JIT_CPLX_SCALAR_OP(op)                                                                          \
  template <class T> CUPRIC_HD inline complex<T> operator op(complex<T> a, T b) { return a op complex<T>(b); } \
  template <class T> CUPRIC_HD inline complex<T> operator op(T a, complex<T> b) { return complex<T>(a) op b; }
CUPRIC_JIT_CPLX_SCALAR_OP(+)
CUPRIC_JIT_CPLX_SCALAR_OP(-)
CUPRIC_JIT_CPLX_SCALAR_OP(*)
CUPRIC_JIT_CPLX_SCALAR_OP(/)
#undef CUPRIC_JIT_CPLX_SCALAR_OP
template <class T> CUPRIC_HD inline complex<T>& operator+=(complex<T>& a, complex<T> b) { return a = a + b; }
template <class T> CUPRIC_HD inline complex<T>& operator-=(complex<T>& a, complex<T> b) { return a = a - b; }
template <class T> CUPRIC_HD inline complex<T>& operator*=(complex<T>& a, complex<T> b) { return a = a * b; }
template <class T> CUPRIC_HD inline complex<T>& operator/=(complex<T>& a, complex<T> b) { return a = a / b; }
template <class T> CUPRIC_HD inline T real(complex<T> a) { return a.re; }
template <class T> CUPRIC_HD inline T imag(complex<T> a) { return a.im; }
template <class T> CUPRIC_HD inline complex<T> conj(complex<T> a) { return {a.re, -a.im}; }
template <class T> CUPRIC_HD inline T norm(complex<T> a) { return a.re * a.re + a.im * a.im; }
CUPRIC_HD inline float abs(complex<float> a) { return ::hypotf(a.re, a.im); }
CUPRIC_HD inline double abs(complex<double> a) { return ::hypot(a.re, a.im); }
CUPRIC_HD inline complex<float> exp(complex<float> a) {
  float e = ::expf(a.re);
  return {e * ::cosf(a.im), e * ::sinf(a.im)};
}
CUPRIC_HD inline complex<double> exp(complex<double> a) {
  double e = ::exp(a.re);
  return {e * ::cos(a.im), e * ::sin(a.im)};
}
// arg, log, sqrt, polar and pow as CuPy's complex.cuh (thrust::complex) gives them to raw kernels.
CUPRIC_HD inline float arg(complex<float> a) { return ::atan2f(a.im, a.re); }
CUPRIC_HD inline double arg(complex<double> a) { return ::atan2(a.im, a.re); }
CUPRIC_HD inline complex<float> log(complex<float> a) { return {::logf(abs(a)), arg(a)}; }
CUPRIC_HD inline complex<double> log(complex<double> a) { return {::log(abs(a)), arg(a)}; }
template <class T> CUPRIC_HD inline complex<T> polar(T r, T theta = T(0)) {
  return {r * static_cast<T>(::cos(theta)), r * static_cast<T>(::sin(theta))};
}
// sqrt on the principal branch: w = sqrt((|a| + |re|) / 2), without cancellation.
template <class T> CUPRIC_HD inline complex<T> csqrt_impl(complex<T> a) {
  if (a.re == 0 && a.im == 0) return {T(0), a.im};
  T w = static_cast<T>(::sqrt((static_cast<double>(abs(a)) + (a.re < 0 ? -a.re : a.re)) / 2));
  if (a.re >= 0) return {w, a.im / (2 * w)};
  return {(a.im < 0 ? -a.im : a.im) / (2 * w),
          (a.im < 0 || (a.im == 0 && 1 / a.im < 0)) ? -w : w};  // (-0.0 gives the lower root)
}
CUPRIC_HD inline complex<float> sqrt(complex<float> a) { return csqrt_impl(a); }
CUPRIC_HD inline complex<double> sqrt(complex<double> a) { return csqrt_impl(a); }
template <class T> CUPRIC_HD inline complex<T> pow(complex<T> a, complex<T> b) {
  return (a.re == 0 && a.im == 0) ? complex<T>(T(0), T(0)) : exp(b * log(a));
}
template <class T> CUPRIC_HD inline complex<T> pow(complex<T> a, T b) { return pow(a, complex<T>(b)); }

namespace jit_device {
using ::cupric::abs;
using ::cupric::arg;
using ::cupric::conj;
using ::cupric::exp;
using ::cupric::imag;
using ::cupric::log;
using ::cupric::norm;
using ::cupric::polar;
using ::cupric::pow;
using ::cupric::real;
using ::cupric::sqrt;

// Atomics: CUDA's atomicAdd & co. (on the host from cupric/jit/host_cuda.hpp, Note [Host CUDA
// vocabulary]) plus complex<T>, one component at a time.
#if !defined(__CUDACC__)
template <class T>
inline complex<T> atomicAdd(complex<T>* p, complex<T> v) {
  T re = ::atomicAdd(&p->re, v.re), im = ::atomicAdd(&p->im, v.im);
  return {re, im};
}
#else
template <class T>
__device__ inline complex<T> atomicAdd(complex<T>* p, complex<T> v) {
  ::atomicAdd(&p->re, v.re);
  ::atomicAdd(&p->im, v.im);
  return v;
}
#endif

}  // namespace jit_device
}  // namespace cupric

using namespace cupric::jit_device;  // generated kernels use the short names (T, float32, CArray, ...)
