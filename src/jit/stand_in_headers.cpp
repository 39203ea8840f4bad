// Headers CUDA sources include that the host compiler lacks (cuda_runtime.h, math_constants.h,
// cuda_fp16.h, cuComplex.h), and CuPy's <cupy/complex.cuh> for both compilers (jit/headers.hpp).
// They map CUDA's names onto cupric's header set (Note [Host CUDA vocabulary]).
#include "jit/headers.hpp"

namespace cupric::jit {

namespace {

const char* kCudaRuntime = R"(#pragma once
#include <cupric/jit/host_cuda.hpp>
)";

const char* kMathConstants = R"(#pragma once
#include <math.h>
#define CUDART_INF_F HUGE_VALF
#define CUDART_NAN_F __builtin_nanf("")
#define CUDART_MIN_DENORM_F 1.40129846e-45f
#define CUDART_MAX_NORMAL_F 3.40282347e+38f
#define CUDART_NEG_ZERO_F (-0.0f)
#define CUDART_ZERO_F 0.0f
#define CUDART_ONE_F 1.0f
#define CUDART_SQRT_HALF_F 0.707106781f
#define CUDART_SQRT_TWO_F 1.414213562f
#define CUDART_PI_F 3.141592654f
#define CUDART_PIO2_F 1.570796327f
#define CUDART_2_OVER_PI_F 0.636619772f
#define CUDART_LN2_F 0.693147181f
#define CUDART_L2E_F 1.442695041f
#define CUDART_INF HUGE_VAL
#define CUDART_NAN __builtin_nan("")
#define CUDART_NEG_ZERO (-0.0)
#define CUDART_ZERO 0.0
#define CUDART_ONE 1.0
#define CUDART_SQRT_HALF 7.0710678118654757e-1
#define CUDART_SQRT_2PI 2.5066282746310002e+0
#define CUDART_SQRT_PI 1.7724538509055160e+0
#define CUDART_PI 3.1415926535897931e+0
#define CUDART_2PI 6.2831853071795865e+0
#define CUDART_PIO2 1.5707963267948966e+0
#define CUDART_PIO4 7.8539816339744828e-1
#define CUDART_LN2 6.9314718055994529e-1
#define CUDART_L2E 1.4426950408889634e+0
#define CUDART_RSQRT_2PI 3.9894228040143270e-1
)";

// __half as CUDA's cuda_fp16.h spells it, stored as cupric's float16 (NumPy-exact rounding),
// arithmetic through float.
const char* kCudaFp16 = R"(#pragma once
#include <cupric/half.hpp>
#include <cupric/jit/host_cuda.hpp>
struct __half {
  cupric::float16 h;
  __half() = default;
  __half(float f) : h(f) {}
  __half(double d) : h(static_cast<float>(d)) {}
  __half(int i) : h(static_cast<float>(i)) {}
  operator float() const { return static_cast<float>(h); }
  __half& operator+=(__half o) { return *this = __half(float(*this) + float(o)); }
  __half& operator-=(__half o) { return *this = __half(float(*this) - float(o)); }
  __half& operator*=(__half o) { return *this = __half(float(*this) * float(o)); }
  __half& operator/=(__half o) { return *this = __half(float(*this) / float(o)); }
};
struct __half2 { __half x, y; };
typedef __half half;
typedef __half2 half2;
inline __half __float2half(float f) { return __half(f); }
inline __half __float2half_rn(float f) { return __half(f); }
inline __half __double2half(double d) { return __half(d); }
inline float __half2float(__half h) { return float(h); }
inline __half __int2half_rn(int i) { return __half(static_cast<float>(i)); }
inline int __half2int_rn(__half h) { return __float2int_rn(float(h)); }
inline int __half2int_rz(__half h) { return __float2int_rz(float(h)); }
inline unsigned short __half_as_ushort(__half h) { return h.h.bits; }
inline __half __ushort_as_half(unsigned short u) { __half h; h.h = cupric::float16::from_bits(u); return h; }
inline __half __hadd(__half a, __half b) { return __half(float(a) + float(b)); }
inline __half __hsub(__half a, __half b) { return __half(float(a) - float(b)); }
inline __half __hmul(__half a, __half b) { return __half(float(a) * float(b)); }
inline __half __hdiv(__half a, __half b) { return __half(float(a) / float(b)); }
inline __half __hfma(__half a, __half b, __half c) { return __half(fmaf(float(a), float(b), float(c))); }
inline __half __hneg(__half a) { return __half(-float(a)); }
inline __half __habs(__half a) { return __half(fabsf(float(a))); }
inline __half __hmax(__half a, __half b) { return __half(fmaxf(float(a), float(b))); }
inline __half __hmin(__half a, __half b) { return __half(fminf(float(a), float(b))); }
inline bool __heq(__half a, __half b) { return float(a) == float(b); }
inline bool __hne(__half a, __half b) { return float(a) != float(b); }
inline bool __hlt(__half a, __half b) { return float(a) < float(b); }
inline bool __hle(__half a, __half b) { return float(a) <= float(b); }
inline bool __hgt(__half a, __half b) { return float(a) > float(b); }
inline bool __hge(__half a, __half b) { return float(a) >= float(b); }
inline bool __hisnan(__half a) { return isnan(float(a)); }
inline __half hexp(__half a) { return __half(expf(float(a))); }
inline __half hlog(__half a) { return __half(logf(float(a))); }
inline __half hsqrt(__half a) { return __half(sqrtf(float(a))); }
inline __half hrsqrt(__half a) { return __half(1.0f / sqrtf(float(a))); }
inline __half hsin(__half a) { return __half(sinf(float(a))); }
inline __half hcos(__half a) { return __half(cosf(float(a))); }
inline __half2 __floats2half2_rn(float a, float b) { return {__half(a), __half(b)}; }
inline __half2 __float2half2_rn(float a) { return {__half(a), __half(a)}; }
inline float __low2float(__half2 h) { return float(h.x); }
inline float __high2float(__half2 h) { return float(h.y); }
inline __half2 __hadd2(__half2 a, __half2 b) { return {__hadd(a.x, b.x), __hadd(a.y, b.y)}; }
inline __half2 __hmul2(__half2 a, __half2 b) { return {__hmul(a.x, b.x), __hmul(a.y, b.y)}; }
)";

const char* kCuComplex = R"(#pragma once
#include <cupric/jit/device.hpp>
typedef cupric::complex<float> cuFloatComplex;
typedef cupric::complex<double> cuDoubleComplex;
typedef cuFloatComplex cuComplex;
#define CUPRIC_CU_COMPLEX_FNS(R, C, F, MAKE)                                  \
  inline R cuCreal##F(C x) { return x.re; }                                   \
  inline R cuCimag##F(C x) { return x.im; }                                   \
  inline C MAKE(R r, R i) { return {r, i}; }                                  \
  inline C cuConj##F(C x) { return {x.re, -x.im}; }                           \
  inline C cuCadd##F(C a, C b) { return a + b; }                              \
  inline C cuCsub##F(C a, C b) { return a - b; }                              \
  inline C cuCmul##F(C a, C b) { return a * b; }                              \
  inline C cuCdiv##F(C a, C b) { return a / b; }                              \
  inline R cuCabs##F(C a) { return hypot##F(a.re, a.im); }
CUPRIC_CU_COMPLEX_FNS(float, cuFloatComplex, f, make_cuFloatComplex)
CUPRIC_CU_COMPLEX_FNS(double, cuDoubleComplex, , make_cuDoubleComplex)
#undef CUPRIC_CU_COMPLEX_FNS
inline cuFloatComplex make_cuComplex(float r, float i) { return {r, i}; }
inline cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex c) { return {c.re, c.im}; }
inline cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex c) { return {float(c.re), float(c.im)}; }
)";

// CuPy's header for complex<T> in raw kernels: cupric's complex (same layout and member names).
const char* kCupyComplex = R"(#pragma once
#include <cupric/jit/device.hpp>
)";

}  // namespace

std::vector<std::pair<std::string, std::string>> host_stand_in_headers() {
  return {{"cuda_runtime.h", kCudaRuntime},  {"cuda_runtime_api.h", kCudaRuntime},
          {"cuda.h", kCudaRuntime},          {"device_launch_parameters.h", kCudaRuntime},
          {"vector_types.h", kCudaRuntime},  {"math_constants.h", kMathConstants},
          {"cuda_fp16.h", kCudaFp16},        {"cuComplex.h", kCuComplex},
          {"cupy/complex.cuh", kCupyComplex}};
}

std::vector<std::pair<std::string, std::string>> cupy_compat_headers() { return {{"cupy/complex.cuh", kCupyComplex}}; }

}  // namespace cupric::jit
