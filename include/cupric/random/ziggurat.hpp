// The 256-layer ziggurat for standard normal draws of the Philox block stream (Note [Normal
// ziggurat]): a table look-up and one product for 98.5% of the values, the rest finished on the
// element's own sub-stream. Written once for both backends.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include "cupric/config.hpp"
#include "cupric/detail/exact_fp.hpp"
#include "cupric/random/exact_math.hpp"
#include "cupric/random/streams.hpp"

namespace cupric::random {

// Note [Normal ziggurat]
// Box-Muller over the block words costs a logarithm, a square root, a sine and a cosine per pair
// of values: 55 instructions a float32 value in SASS, 75% of the normal kernel, which made it
// instruction-bound at 0.51 ms for 2^28 values on an H200 (the bare Philox stream writes them in
// 0.26 ms). The ziggurat (Marsaglia and Tsang 2000; the layers of
// src/random/tablegen/ziggurat_tables.py) covers exp(-x^2/2) with 256 layers of equal area.
// Element e takes the same words as before (float32: word e % 4 of block e / 4; float64: words
// 2(e % 2), 2(e % 2) + 1 of block e / 2, high word first):
//   idx = bits 0-7, sign = bit 8, u = the next 23 (float32) or 52 (float64) bits,
//   x = u * w[idx]; if u < k[idx], the value is +-x (probability 98.5%).
// That fast path is integer work, one exact conversion and one product: about 10 instructions,
// one load of the layer ({k, w}: 8 bytes float32, 16 bytes float64; the block draws' CUDA kernel
// stages the 2 KB / 4 KB table in shared memory) and no transcendental.
// The other 1.5% (the top layer, the wedges, the base layer's tail) continue the ziggurat on the
// element's own sub-stream PhiloxSubStream(key, e) (as Lemire's rejected integers do), so the
// value is still a function of (seed, call, e) alone, whatever the launch shape:
// * tail (idx 0): x = -ln(U1) / r, y = -ln(U2) until 2y > x^2; the value is +-(r + x);
// * wedge (idx >= 1): accept +-x if f[idx] + U (f[idx - 1] - f[idx]) < exp(-x^2 / 2);
// * otherwise a fresh word from the sub-stream starts over.
// Finished in place by the thread that drew it (the first trial on the block draws, 2026-12-02),
// the 1.5% made every warp whose 128 float32 values hold one (~85% of them) wait for that lane's
// slow path (a Philox sub-stream block and logarithms): 2^28 float32 values at 1342 GB/s (0.80
// ms) on the H200 against Box-Muller's 2094 (0.51 ms), float64 1436 against 1462, although SASS
// counts promised ~0.28 ms (a slow path costs per warp, not per value). So the CUDA block loop
// now stores the fast values and defers the rejected ones to a compacted list its CTA finishes
// at the end (Note [Deferred ziggurat rejections] in src/random/cuda/block_draws.cuh); the host
// loop, the array-parameter loop and GPU draws of 2^31 values or more finish them in place, to
// the same values. The
// samplers (samplers.hpp) use the ziggurat too, one value at a time on their own streams (gamma
// 214 -> 244 GB/s there).
// float32 is bit-identical on host and GPU: the float32 wedge test is -ln(y) > x^2 / 2 with
// neg_log_float (Note [Exact float log, sine and cosine] in exact_math.hpp), and every other step
// is exact or one rounded operation. float64's fast path is exact too; its wedge and tail use
// log/exp, which may differ by an ulp between libm and CUDA (a tail value by an ulp; a wedge
// decision could flip only for a uniform within an ulp of the curve, ~1e-16 per value).
struct ZigLayer32 {
  uint32_t k;
  float w;
};
struct alignas(16) ZigLayer64 {
  uint64_t k;
  double w;
};

#include "cupric/random/ziggurat_tables.inc"

inline constexpr ZigLayer32 kZigLayers32[256] = {CUPRIC_ZIG_LAYERS_F32};
inline constexpr float kZigF32[256] = {CUPRIC_ZIG_F_F32};
inline constexpr ZigLayer64 kZigLayers64[256] = {CUPRIC_ZIG_LAYERS_F64};
inline constexpr double kZigF64[256] = {CUPRIC_ZIG_F_F64};
#if defined(__CUDACC__)
// The device copies (constexpr host arrays cannot be indexed by a variable in device code).
static __device__ const ZigLayer32 kZigLayers32Dev[256] = {CUPRIC_ZIG_LAYERS_F32};
static __device__ const float kZigF32Dev[256] = {CUPRIC_ZIG_F_F32};
static __device__ const ZigLayer64 kZigLayers64Dev[256] = {CUPRIC_ZIG_LAYERS_F64};
static __device__ const double kZigF64Dev[256] = {CUPRIC_ZIG_F_F64};
#endif

template <class T>
using ZigLayer = std::conditional_t<sizeof(T) <= 4, ZigLayer32, ZigLayer64>;

// The layers and heights in the memory of the calling backend.
template <class T>
CUPRIC_HD inline const ZigLayer<T>* zig_layers() {
#if defined(__CUDA_ARCH__)
  if constexpr (sizeof(T) <= 4)
    return kZigLayers32Dev;
  else
    return kZigLayers64Dev;
#else
  if constexpr (sizeof(T) <= 4)
    return kZigLayers32;
  else
    return kZigLayers64;
#endif
}
CUPRIC_HD inline float zig_f32(uint32_t i) {
#if defined(__CUDA_ARCH__)
  return kZigF32Dev[i];
#else
  return kZigF32[i];
#endif
}
CUPRIC_HD inline double zig_f64(uint32_t i) {
#if defined(__CUDA_ARCH__)
  return kZigF64Dev[i];
#else
  return kZigF64[i];
#endif
}

// A 24-bit uniform in (0, 1) of a word (uniform_open_float_of of block_draws.hpp), and a 53-bit
// one in [0, 1) of two (NumPy's construction) and 1 minus it: the arguments of the logarithms.
CUPRIC_HD inline float zig_open_float(uint32_t w) {
  return fp::mul_rn(static_cast<float>(w >> 8) + 0.5f, 1.0f / 16777216.0f);
}
CUPRIC_HD inline double zig_uniform53(uint32_t a, uint32_t b) {
  return ((a >> 5) * 67108864.0 + (b >> 6)) * (1.0 / 9007199254740992.0);
}
CUPRIC_HD inline double zig_open_double(uint32_t a, uint32_t b) { return 1.0 - zig_uniform53(a, b); }

// ---- float32 ----------------------------------------------------------------------------------
// The fast path of word w: true and z = +-x when u < k[idx]. 0 - x, not -x: +0 for u = 0, as the
// finishing 0 + 1 * z of normal() would give. u as a float without a conversion instruction (a
// quarter-rate I2F on a GPU): the bits of 2^23 + u, minus 2^23 (exact, u < 2^23).
CUPRIC_HD inline bool zig_fast32(uint32_t w, const ZigLayer32* layers, float& z) {
  const ZigLayer32 l = layers[w & 0xffu];
  const uint32_t u = w >> 9;
  const uint32_t ub = 0x4b000000u | u;
  float uf;
  std::memcpy(&uf, &ub, sizeof uf);
  const float x = fp::mul_rn(uf - 8388608.0f, l.w);
  z = (w & 0x100u) ? 0.0f - x : x;
  return u < l.k;
}

// The rest of the ziggurat for a word the fast path rejected, its further words from `s` (a type
// with next32(): element e's PhiloxSubStream in the block draws, a sampler's bit source).
template <class Src>
CUPRIC_HD inline float zig_slow32(uint32_t w, Src& s) {
  const ZigLayer32* layers = zig_layers<float>();
  for (;;) {
    float z;
    if (zig_fast32(w, layers, z)) return z;
    const uint32_t idx = w & 0xffu;
    const bool neg = (w & 0x100u) != 0;
    if (idx == 0) {  // the tail beyond r
      for (;;) {
        const float xx = fp::mul_rn(neg_log_float(zig_open_float(s.next32())), CUPRIC_ZIG_INV_R_F);
        const float yy = neg_log_float(zig_open_float(s.next32()));
        if (fp::add_rn(yy, yy) > fp::mul_rn(xx, xx)) {
          const float t = fp::add_rn(CUPRIC_ZIG_R_F, xx);
          return neg ? -t : t;
        }
      }
    }
    // The wedge: y uniform between the layer's heights, under the curve iff -ln y > x^2 / 2.
    const float x = neg ? -z : z, lo = zig_f32(idx), hi = zig_f32(idx - 1);
    const float y = fmaf(fp::add_rn(hi, -lo), zig_open_float(s.next32()), lo);
    if (neg_log_float(y) > fp::mul_rn(0.5f, fp::mul_rn(x, x))) return z;
    w = s.next32();
  }
}

// ---- float64 ----------------------------------------------------------------------------------
// u as a double without a 64-bit integer conversion: the bits of 2^52 + u, minus 2^52 (exact).
CUPRIC_HD inline double zig_u52(uint64_t u) {
  const uint64_t b = 0x4330000000000000ull | u;
  double d;
  std::memcpy(&d, &b, sizeof d);
  return d - 4503599627370496.0;
}
CUPRIC_HD inline bool zig_fast64(uint64_t r, const ZigLayer64* layers, double& z) {
  const ZigLayer64 l = layers[r & 0xffu];
  const uint64_t u = (r >> 9) & 0xfffffffffffffull;
  const double x = fp::mul_rn(zig_u52(u), l.w);
  z = (r & 0x100u) ? 0.0 - x : x;
  return u < l.k;
}
template <class Src>
CUPRIC_HD inline double zig_slow64(uint64_t r, Src& s) {
  const ZigLayer64* layers = zig_layers<double>();
  for (;;) {
    double z;
    if (zig_fast64(r, layers, z)) return z;
    const uint32_t idx = static_cast<uint32_t>(r & 0xffu);
    const bool neg = (r & 0x100u) != 0;
    if (idx == 0) {
      for (;;) {
        const uint32_t a = s.next32(), b = s.next32(), c = s.next32(), d = s.next32();
        // Each operation rounded once (no contraction into a fused multiply-add, which nvcc may
        // or may not make depending on the kernel this is inlined into): every path that
        // finishes a tail value, in place or deferred, gives the same bits.
        const double xx = fp::mul_rn(-::log(zig_open_double(a, b)), CUPRIC_ZIG_INV_R);
        const double yy = -::log(zig_open_double(c, d));
        if (fp::add_rn(yy, yy) > fp::mul_rn(xx, xx)) {
          const double t = fp::add_rn(CUPRIC_ZIG_R, xx);
          return neg ? -t : t;
        }
      }
    }
    const double x = neg ? -z : z, lo = zig_f64(idx), hi = zig_f64(idx - 1);
    const uint32_t a = s.next32(), b = s.next32();
    if (fp::add_rn(lo, fp::mul_rn(hi - lo, zig_uniform53(a, b))) < ::exp(-0.5 * x * x)) return z;
    const uint64_t top = s.next32();
    r = (top << 32) | s.next32();
  }
}

}  // namespace cupric::random
