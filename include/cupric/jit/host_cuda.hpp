// CUDA's device vocabulary for kernels compiled by the host C++ compiler (the host backend's
// ElementwiseKernel, ReductionKernel, fuse, RawKernel and RawModule): execution-space keywords,
// min/max, the math functions and intrinsics CUDA adds to C's, conversions and reinterpretations,
// integer intrinsics, vector types and atomics. Included by cupric/jit/device.hpp when not under
// NVRTC; documented in docs/user-kernels.md (Note [Host CUDA vocabulary]).
//
// Note [Host CUDA vocabulary]
// Everything lives in the global namespace, as CUDA declares it, so user code spells it as on the
// GPU. Same-type overloads of min/max and the atomics are non-templates (CUDA's own overload set,
// so `atomicAdd(&u, 1)` converts 1 to unsigned and `max(i, j)` beats std::max under `using
// namespace std`); a template catches mixed arithmetic types with the usual conversions, as CUDA's
// mixed overloads do. Approximate intrinsics (__expf, __fdividef, ...) are the exact functions
// here: more accurate than the GPU, never less. Atomics use the compiler's __atomic builtins, so
// they stay atomic if blocks ever run on several host threads.
#pragma once
#if !defined(__CUDACC__)
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <time.h>
#include <chrono>
#include <cstring>
#include <limits>
#include <type_traits>

#define __host__
#define __device__
#define __global__
#define __forceinline__ inline __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __constant__
#define __managed__
#define __launch_bounds__(...)
#define __align__(n) __attribute__((aligned(n)))
#define __grid_constant__
#ifndef __CUDACC_RTC__
#define CUPRIC_HOST_JIT 1
#endif

// ---- min / max ----------------------------------------------------------------------------------
#define CUPRIC_HOST_MINMAX(T)                      \
  inline T min(T a, T b) { return b < a ? b : a; } \
  inline T max(T a, T b) { return a < b ? b : a; }
CUPRIC_HOST_MINMAX(int)
CUPRIC_HOST_MINMAX(unsigned int)
CUPRIC_HOST_MINMAX(long)
CUPRIC_HOST_MINMAX(unsigned long)
CUPRIC_HOST_MINMAX(long long)
CUPRIC_HOST_MINMAX(unsigned long long)
#undef CUPRIC_HOST_MINMAX
inline float min(float a, float b) { return fminf(a, b); }
inline float max(float a, float b) { return fmaxf(a, b); }
inline double min(double a, double b) { return fmin(a, b); }
inline double max(double a, double b) { return fmax(a, b); }
template <class A, class B, class = std::enable_if_t<std::is_arithmetic_v<A> && std::is_arithmetic_v<B>>>
inline auto min(A a, B b) -> decltype(a + b) {
  using C = decltype(a + b);
  return min(static_cast<C>(a), static_cast<C>(b));
}
template <class A, class B, class = std::enable_if_t<std::is_arithmetic_v<A> && std::is_arithmetic_v<B>>>
inline auto max(A a, B b) -> decltype(a + b) {
  using C = decltype(a + b);
  return max(static_cast<C>(a), static_cast<C>(b));
}

// ---- math functions CUDA adds ---------------------------------------------------------------------
inline double rsqrt(double x) { return 1.0 / sqrt(x); }
inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
inline double rcbrt(double x) { return 1.0 / cbrt(x); }
inline float rcbrtf(float x) { return 1.0f / cbrtf(x); }
inline double rhypot(double x, double y) { return 1.0 / hypot(x, y); }
inline float rhypotf(float x, float y) { return 1.0f / hypotf(x, y); }
inline double norm3d(double a, double b, double c) { return sqrt(a * a + b * b + c * c); }
inline float norm3df(float a, float b, float c) { return static_cast<float>(norm3d(a, b, c)); }

namespace cupric_host_math {
// log(erfc(x)) and its derivative, without underflow for large x (asymptotic series past 26).
inline double log_erfc(double x) {
  if (x < 26) return log(erfc(x));
  double r = 1 / (x * x);
  return -x * x - log(x * 1.7724538509055159) +
         log1p(r * (-0.5 + r * (0.75 + r * (-1.875 + r * (6.5625 - r * 29.53125)))));
}
inline double dlog_erfc(double x) {
  if (x < 26) return -1.1283791670955126 * exp(-x * x) / erfc(x);
  return -2 * x * (1 + 0.5 / (x * x));
}
// erfinv(t) for |t| <= 0.5: Newton on erf from a cubic start.
inline double erfinv_small(double t) {
  double x = t * (0.886226925452758 + t * t * 0.2320136665346544);
  for (int it = 0; it < 6; ++it) {
    double step = (erf(x) - t) / (1.1283791670955126 * exp(-x * x));
    x -= step;
    if (fabs(step) <= 1e-17 * fabs(x)) break;
  }
  return x;
}
// erfcinv(y) for y in (0, 2): Giles' single-precision erfinv estimate from w = -log(y (2 - y)) (no
// cancellation for small y; an asymptotic estimate past its range), refined by Newton steps on
// log(erfc(x)) = log(y), which stay well conditioned down to the smallest subnormal y.
inline double erfcinv(double y) {
  if (isnan(y) || y < 0 || y > 2) return NAN;
  if (y == 0) return INFINITY;
  if (y == 2) return -INFINITY;
  if (y > 1.5) return -erfcinv(2 - y);  // 2 - y, 1 - y: exact (Sterbenz)
  if (y >= 0.5) return erfinv_small(1 - y);
  double w = -log(y * (2 - y)), p, x;
  if (w < 5) {
    w -= 2.5;
    p = 2.81022636e-08;
    p = 3.43273939e-07 + p * w;
    p = -3.5233877e-06 + p * w;
    p = -4.39150654e-06 + p * w;
    p = 0.00021858087 + p * w;
    p = -0.00125372503 + p * w;
    p = -0.00417768164 + p * w;
    p = 0.246640727 + p * w;
    p = 1.50140941 + p * w;
    x = p * (1 - y);
  } else if (w < 36) {
    w = sqrt(w) - 3;
    p = -0.000200214257;
    p = 0.000100950558 + p * w;
    p = 0.00134934322 + p * w;
    p = -0.00367342844 + p * w;
    p = 0.00573950773 + p * w;
    p = -0.0076224613 + p * w;
    p = 0.00943887047 + p * w;
    p = 1.00167406 + p * w;
    p = 2.83297682 + p * w;
    x = p * (1 - y);
  } else {
    x = sqrt(w - 0.5 * log(3.141592653589793 * w));
  }
  const double ly = log(y);
  for (int it = 0; it < 12; ++it) {
    double step = (log_erfc(x) - ly) / dlog_erfc(x);
    x -= step;
    if (fabs(step) <= 1e-16 * fabs(x)) break;
  }
  return x;
}
// sin(pi x) and cos(pi x), exact at integers and half-integers.
inline void sincospi(double x, double* s, double* c) {
  if (!isfinite(x)) {
    *s = *c = NAN;
    return;
  }
  double n = nearbyint(2 * x), r = (x - n / 2) * 3.141592653589793;
  long long q = static_cast<long long>(fmod(n, 4.0));
  if (q < 0) q += 4;
  double sr = sin(r), cr = cos(r);
  switch (q) {
    case 0: *s = sr, *c = cr + 0.0; break;
    case 1: *s = cr, *c = -sr + 0.0; break;
    case 2: *s = -sr, *c = -cr + 0.0; break;
    default: *s = -cr, *c = sr + 0.0; break;
  }
  if (r == 0) *s = x == 0 ? x : 0.0 * x;  // exact zeros keep sin's sign rule
}
}  // namespace cupric_host_math

inline double erfcinv(double y) { return cupric_host_math::erfcinv(y); }
inline float erfcinvf(float y) { return static_cast<float>(cupric_host_math::erfcinv(y)); }
inline double erfinv(double x) {
  if (fabs(x) <= 0.5) return cupric_host_math::erfinv_small(x);
  return x > 0 ? cupric_host_math::erfcinv(1 - x) : -cupric_host_math::erfcinv(1 + x);
}
inline float erfinvf(float x) { return static_cast<float>(erfinv(x)); }
inline double normcdf(double x) { return 0.5 * erfc(-x * 0.7071067811865476); }
inline float normcdff(float x) { return static_cast<float>(normcdf(x)); }
inline double normcdfinv(double p) { return -1.4142135623730951 * cupric_host_math::erfcinv(2 * p); }
inline float normcdfinvf(float p) { return static_cast<float>(normcdfinv(p)); }
inline double erfcx(double x) { return x < 25 ? exp(x * x) * erfc(x) : 0.5641895835477563 / x * (1 - 0.5 / (x * x)); }
inline float erfcxf(float x) { return static_cast<float>(erfcx(x)); }
#if !(defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 41)))
inline double sinpi(double x) {
  double s, c;
  cupric_host_math::sincospi(x, &s, &c);
  return s;
}
inline double cospi(double x) {
  double s, c;
  cupric_host_math::sincospi(x, &s, &c);
  return c;
}
inline float sinpif(float x) { return static_cast<float>(sinpi(x)); }
inline float cospif(float x) { return static_cast<float>(cospi(x)); }
#endif
inline void sincospi(double x, double* s, double* c) { cupric_host_math::sincospi(x, s, c); }
inline void sincospif(float x, float* s, float* c) {
  double ds, dc;
  cupric_host_math::sincospi(x, &ds, &dc);
  *s = static_cast<float>(ds), *c = static_cast<float>(dc);
}

// Fast-math intrinsics: the exact functions (Note [Host CUDA vocabulary]).
inline float __expf(float x) { return expf(x); }
inline float __exp10f(float x) { return powf(10.0f, x); }
inline float __logf(float x) { return logf(x); }
inline float __log2f(float x) { return log2f(x); }
inline float __log10f(float x) { return log10f(x); }
inline float __sinf(float x) { return sinf(x); }
inline float __cosf(float x) { return cosf(x); }
inline float __tanf(float x) { return tanf(x); }
inline void __sincosf(float x, float* s, float* c) { *s = sinf(x), *c = cosf(x); }
inline float __powf(float x, float y) { return powf(x, y); }
inline float __fdividef(float x, float y) { return x / y; }
inline float fdividef(float x, float y) { return x / y; }
inline float __saturatef(float x) { return x != x ? 0.0f : x < 0 ? 0.0f : x > 1 ? 1.0f : x; }
inline float __fadd_rn(float a, float b) { return a + b; }
inline float __fsub_rn(float a, float b) { return a - b; }
inline float __fmul_rn(float a, float b) { return a * b; }
inline float __fdiv_rn(float a, float b) { return a / b; }
inline float __fmaf_rn(float a, float b, float c) { return fmaf(a, b, c); }
inline float __frcp_rn(float a) { return 1.0f / a; }
inline float __fsqrt_rn(float a) { return sqrtf(a); }
inline float __frsqrt_rn(float a) { return 1.0f / sqrtf(a); }
inline double __dadd_rn(double a, double b) { return a + b; }
inline double __dsub_rn(double a, double b) { return a - b; }
inline double __dmul_rn(double a, double b) { return a * b; }
inline double __ddiv_rn(double a, double b) { return a / b; }
inline double __fma_rn(double a, double b, double c) { return fma(a, b, c); }
inline double __drcp_rn(double a) { return 1.0 / a; }
inline double __dsqrt_rn(double a) { return sqrt(a); }

// ---- conversions: CUDA's rounding suffixes; out-of-range saturates and NaN gives 0 ---------------
namespace cupric_host_math {
template <class I, class F>
inline I sat(F v) {
  if (v != v) return 0;
  if (v <= static_cast<F>(std::numeric_limits<I>::min())) return std::numeric_limits<I>::min();
  if (v >= static_cast<F>(std::numeric_limits<I>::max())) return std::numeric_limits<I>::max();
  return static_cast<I>(v);
}
}  // namespace cupric_host_math
#define CUPRIC_HOST_CVT(F, fname, I, iname)                                                                      \
  inline I __##fname##2##iname##_rn(F v) { return cupric_host_math::sat<I>(nearbyint(static_cast<double>(v))); } \
  inline I __##fname##2##iname##_rz(F v) { return cupric_host_math::sat<I>(trunc(static_cast<double>(v))); }     \
  inline I __##fname##2##iname##_ru(F v) { return cupric_host_math::sat<I>(ceil(static_cast<double>(v))); }      \
  inline I __##fname##2##iname##_rd(F v) { return cupric_host_math::sat<I>(floor(static_cast<double>(v))); }
CUPRIC_HOST_CVT(float, float, int, int)
CUPRIC_HOST_CVT(float, float, unsigned int, uint)
CUPRIC_HOST_CVT(float, float, long long, ll)
CUPRIC_HOST_CVT(float, float, unsigned long long, ull)
CUPRIC_HOST_CVT(double, double, int, int)
CUPRIC_HOST_CVT(double, double, unsigned int, uint)
CUPRIC_HOST_CVT(double, double, long long, ll)
CUPRIC_HOST_CVT(double, double, unsigned long long, ull)
#undef CUPRIC_HOST_CVT
inline float __int2float_rn(int v) { return static_cast<float>(v); }
inline float __uint2float_rn(unsigned v) { return static_cast<float>(v); }
inline float __ll2float_rn(long long v) { return static_cast<float>(v); }
inline float __ull2float_rn(unsigned long long v) { return static_cast<float>(v); }
inline double __int2double_rn(int v) { return v; }
inline double __uint2double_rn(unsigned v) { return v; }
inline double __ll2double_rn(long long v) { return static_cast<double>(v); }
inline double __ull2double_rn(unsigned long long v) { return static_cast<double>(v); }
inline float __double2float_rn(double v) { return static_cast<float>(v); }
inline float __float2half_as_float(float v) { return v; }

namespace cupric_host_math {
template <class To, class From>
inline To bits(From v) {
  static_assert(sizeof(To) == sizeof(From), "same size");
  To t;
  std::memcpy(&t, &v, sizeof t);
  return t;
}
}  // namespace cupric_host_math
inline float __int_as_float(int v) { return cupric_host_math::bits<float>(v); }
inline int __float_as_int(float v) { return cupric_host_math::bits<int>(v); }
inline float __uint_as_float(unsigned v) { return cupric_host_math::bits<float>(v); }
inline unsigned __float_as_uint(float v) { return cupric_host_math::bits<unsigned>(v); }
inline double __longlong_as_double(long long v) { return cupric_host_math::bits<double>(v); }
inline long long __double_as_longlong(double v) { return cupric_host_math::bits<long long>(v); }
inline int __double2hiint(double v) { return static_cast<int>(cupric_host_math::bits<long long>(v) >> 32); }
inline int __double2loint(double v) { return static_cast<int>(cupric_host_math::bits<long long>(v)); }
inline double __hiloint2double(int hi, int lo) {
  return cupric_host_math::bits<double>((static_cast<unsigned long long>(static_cast<unsigned>(hi)) << 32) |
                                        static_cast<unsigned>(lo));
}

// ---- integer intrinsics -------------------------------------------------------------------------
inline int __popc(unsigned x) { return __builtin_popcount(x); }
inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz(static_cast<unsigned>(x)); }
inline int __clzll(long long x) { return x == 0 ? 64 : __builtin_clzll(static_cast<unsigned long long>(x)); }
inline int __ffs(int x) { return __builtin_ffs(x); }
inline int __ffsll(long long x) { return __builtin_ffsll(x); }
inline unsigned __brev(unsigned x) {
  unsigned r = 0;
  for (int i = 0; i < 32; ++i) r |= ((x >> i) & 1u) << (31 - i);
  return r;
}
inline unsigned long long __brevll(unsigned long long x) {
  return (static_cast<unsigned long long>(__brev(static_cast<unsigned>(x))) << 32) |
         __brev(static_cast<unsigned>(x >> 32));
}
inline int __mul24(int a, int b) { return ((a << 8) >> 8) * ((b << 8) >> 8); }
inline unsigned __umul24(unsigned a, unsigned b) { return (a & 0xffffffu) * (b & 0xffffffu); }
inline int __mulhi(int a, int b) { return static_cast<int>((static_cast<long long>(a) * b) >> 32); }
inline unsigned __umulhi(unsigned a, unsigned b) {
  return static_cast<unsigned>((static_cast<unsigned long long>(a) * b) >> 32);
}
inline long long __mul64hi(long long a, long long b) {
  return static_cast<long long>((static_cast<__int128>(a) * b) >> 64);
}
inline unsigned long long __umul64hi(unsigned long long a, unsigned long long b) {
  return static_cast<unsigned long long>((static_cast<unsigned __int128>(a) * b) >> 64);
}
inline int __hadd(int a, int b) { return static_cast<int>((static_cast<long long>(a) + b) >> 1); }
inline int __rhadd(int a, int b) { return static_cast<int>((static_cast<long long>(a) + b + 1) >> 1); }
inline unsigned __uhadd(unsigned a, unsigned b) { return static_cast<unsigned>((0ull + a + b) >> 1); }
inline unsigned __urhadd(unsigned a, unsigned b) { return static_cast<unsigned>((0ull + a + b + 1) >> 1); }
inline unsigned __sad(int a, int b, unsigned c) { return c + static_cast<unsigned>(a > b ? 0ll + a - b : 0ll + b - a); }
inline unsigned __usad(unsigned a, unsigned b, unsigned c) { return c + (a > b ? a - b : b - a); }
inline unsigned __byte_perm(unsigned x, unsigned y, unsigned s) {
  unsigned long long v = (static_cast<unsigned long long>(y) << 32) | x;
  unsigned r = 0;
  for (int i = 0; i < 4; ++i) r |= static_cast<unsigned>((v >> (8 * ((s >> (4 * i)) & 7))) & 0xff) << (8 * i);
  return r;
}
inline unsigned __funnelshift_l(unsigned lo, unsigned hi, unsigned s) {
  return static_cast<unsigned>((((static_cast<unsigned long long>(hi) << 32) | lo) << (s & 31)) >> 32);
}
inline unsigned __funnelshift_lc(unsigned lo, unsigned hi, unsigned s) {
  return static_cast<unsigned>((((static_cast<unsigned long long>(hi) << 32) | lo) << (s > 32 ? 32 : s)) >> 32);
}
inline unsigned __funnelshift_r(unsigned lo, unsigned hi, unsigned s) {
  return static_cast<unsigned>(((static_cast<unsigned long long>(hi) << 32) | lo) >> (s & 31));
}
inline unsigned __funnelshift_rc(unsigned lo, unsigned hi, unsigned s) {
  return static_cast<unsigned>(((static_cast<unsigned long long>(hi) << 32) | lo) >> (s > 32 ? 32 : s));
}

// ---- memory: cached loads/stores are plain accesses; fences are fences ---------------------------
template <class T> inline T __ldg(const T* p) { return *p; }
template <class T> inline T __ldcg(const T* p) { return *p; }
template <class T> inline T __ldca(const T* p) { return *p; }
template <class T> inline T __ldcs(const T* p) { return *p; }
template <class T> inline T __ldlu(const T* p) { return *p; }
template <class T> inline T __ldcv(const T* p) { return *p; }
template <class T> inline void __stcg(T* p, T v) { *p = v; }
template <class T> inline void __stcs(T* p, T v) { *p = v; }
template <class T> inline void __stwb(T* p, T v) { *p = v; }
template <class T> inline void __stwt(T* p, T v) { *p = v; }
inline void __threadfence() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline void __threadfence_block() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline void __threadfence_system() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline long long clock64() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}
inline void __nanosleep(unsigned) {}

// ---- vector types (CUDA's alignments) ---------------------------------------------------------------
#define CUPRIC_HOST_VEC(name, T, A2, A4)                             \
  struct name##1 { T x; };                                           \
  struct __attribute__((aligned(A2))) name##2 { T x, y; };           \
  struct name##3 { T x, y, z; };                                     \
  struct __attribute__((aligned(A4))) name##4 { T x, y, z, w; };     \
  inline name##1 make_##name##1(T x) { return {x}; }                 \
  inline name##2 make_##name##2(T x, T y) { return {x, y}; }         \
  inline name##3 make_##name##3(T x, T y, T z) { return {x, y, z}; } \
  inline name##4 make_##name##4(T x, T y, T z, T w) { return {x, y, z, w}; }
CUPRIC_HOST_VEC(char, signed char, 2, 4)
CUPRIC_HOST_VEC(uchar, unsigned char, 2, 4)
CUPRIC_HOST_VEC(short, short, 4, 8)
CUPRIC_HOST_VEC(ushort, unsigned short, 4, 8)
CUPRIC_HOST_VEC(int, int, 8, 16)
CUPRIC_HOST_VEC(uint, unsigned int, 8, 16)
CUPRIC_HOST_VEC(long, long, 16, 16)
CUPRIC_HOST_VEC(ulong, unsigned long, 16, 16)
CUPRIC_HOST_VEC(longlong, long long, 16, 16)
CUPRIC_HOST_VEC(ulonglong, unsigned long long, 16, 16)
CUPRIC_HOST_VEC(float, float, 8, 16)
CUPRIC_HOST_VEC(double, double, 16, 16)
#undef CUPRIC_HOST_VEC
struct dim3 {
  unsigned int x, y, z;
  constexpr dim3(unsigned int x_ = 1, unsigned int y_ = 1, unsigned int z_ = 1) : x(x_), y(y_), z(z_) {}
  constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  constexpr operator uint3() const { return {x, y, z}; }
};
constexpr int warpSize = 32;

// ---- atomics (Note [Host CUDA vocabulary]) ---------------------------------------------------------
namespace cupric_host_math {
template <class T, class F>
inline T atomic_update(T* p, F f) {  // compare-and-swap loop for any 1/2/4/8/16-byte T
  T old;
  __atomic_load(p, &old, __ATOMIC_RELAXED);
  T want = f(old);
  while (!__atomic_compare_exchange(p, &old, &want, true, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED)) want = f(old);
  return old;
}
}  // namespace cupric_host_math
#define CUPRIC_HOST_ATOMIC_INT(T)                                                        \
  inline T atomicAdd(T* p, T v) { return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST); }   \
  inline T atomicSub(T* p, T v) { return __atomic_fetch_sub(p, v, __ATOMIC_SEQ_CST); }   \
  inline T atomicAnd(T* p, T v) { return __atomic_fetch_and(p, v, __ATOMIC_SEQ_CST); }   \
  inline T atomicOr(T* p, T v) { return __atomic_fetch_or(p, v, __ATOMIC_SEQ_CST); }     \
  inline T atomicXor(T* p, T v) { return __atomic_fetch_xor(p, v, __ATOMIC_SEQ_CST); }   \
  inline T atomicMax(T* p, T v) {                                                        \
    return cupric_host_math::atomic_update(p, [v](T o) { return o < v ? v : o; });       \
  }                                                                                      \
  inline T atomicMin(T* p, T v) {                                                        \
    return cupric_host_math::atomic_update(p, [v](T o) { return v < o ? v : o; });       \
  }                                                                                      \
  inline T atomicExch(T* p, T v) { return __atomic_exchange_n(p, v, __ATOMIC_SEQ_CST); } \
  inline T atomicCAS(T* p, T cmp, T v) {                                                 \
    __atomic_compare_exchange_n(p, &cmp, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);  \
    return cmp;                                                                          \
  }
CUPRIC_HOST_ATOMIC_INT(int)
CUPRIC_HOST_ATOMIC_INT(unsigned int)
CUPRIC_HOST_ATOMIC_INT(long long)
CUPRIC_HOST_ATOMIC_INT(unsigned long long)
#undef CUPRIC_HOST_ATOMIC_INT
inline unsigned atomicInc(unsigned* p, unsigned v) {
  return cupric_host_math::atomic_update(p, [v](unsigned o) { return o >= v ? 0u : o + 1; });
}
inline unsigned atomicDec(unsigned* p, unsigned v) {
  return cupric_host_math::atomic_update(p, [v](unsigned o) { return (o == 0 || o > v) ? v : o - 1; });
}
// Floating point and any other type (complex, float16, ...): a CAS loop on its bytes.
template <class T> inline T atomicAdd(T* p, T v) {
  return cupric_host_math::atomic_update(p, [v](T o) { return o + v; });
}
template <class T> inline T atomicSub(T* p, T v) {
  return cupric_host_math::atomic_update(p, [v](T o) { return o - v; });
}
template <class T> inline T atomicMax(T* p, T v) {
  return cupric_host_math::atomic_update(p, [v](T o) { return o < v ? v : o; });
}
template <class T> inline T atomicMin(T* p, T v) {
  return cupric_host_math::atomic_update(p, [v](T o) { return v < o ? v : o; });
}
template <class T> inline T atomicExch(T* p, T v) {
  return cupric_host_math::atomic_update(p, [v](T) { return v; });
}
template <class T> inline T atomicCAS(T* p, T cmp, T v) {
  __atomic_compare_exchange(p, &cmp, &v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  return cmp;
}
#define atomicAdd_block atomicAdd
#define atomicAdd_system atomicAdd
#define atomicMax_block atomicMax
#define atomicMin_block atomicMin
#define atomicCAS_block atomicCAS
#define atomicExch_block atomicExch

#endif  // !__CUDACC__
