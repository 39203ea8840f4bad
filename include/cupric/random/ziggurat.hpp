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
// Note [Ziggurat fast path arithmetic]
// The fast path of word w: z = +-round(u w[idx]) and true when u < k[idx]. u as a float without a
// conversion instruction (a quarter-rate I2F on a GPU): ub = the bits of 2^23 + u (u < 2^23).
// The sign is folded into the width, ws = +-w[idx], and on a GPU the value is one FFMA,
// fma(2^23 + u, ws, -2^23 ws): 2^23 ws is exact (a power of two), so the fused sum is exactly
// u ws, rounded once: the round(u w) of before, negated by the sign (rounding to nearest is
// symmetric), and +0 for u = 0 (an exact zero sum rounds to +0), as the finishing 0 + 1 * z of
// normal() would give. The host computes the same value as round(u ws) + 0 (the + 0 makes the
// -0 of u = 0 a +0; exact otherwise), without a libm fma call; tests/cpp/test_random_block_draws.cpp
// checks both forms equal. The test u < k is ub <= kb1 = 0x4b000000 + k - 1, so that the CUDA
// loop's layer entries (ZigEntry32: 512 of them, indexed by the 9 bits idx and sign) hold
// {kb1, ws}: a value costs a load, an FMUL and an FFMA besides the index arithmetic, and its
// rejection is the sign of kb1 - ub (one IADD).
struct alignas(8) ZigEntry32 {  // 8 bytes aligned: one 64-bit shared load
  uint32_t kb1;                 // 0x4b000000 + k[idx] - 1: the largest accepted ub
  float ws;                     // +-w[idx]
};
struct alignas(16) ZigEntry64 {
  uint64_t kb1;  // 0x4330000000000000 + k[idx] - 1
  double ws;
};
template <class T>
using ZigEntry = std::conditional_t<sizeof(T) <= 4, ZigEntry32, ZigEntry64>;
template <class T>
using ZigBits = std::conditional_t<sizeof(T) <= 4, uint32_t, uint64_t>;
// The bits of 2^23 (float) or 2^52 (double), and u's mask (23 or 52 bits above idx and sign).
template <class T>
inline constexpr ZigBits<T> kZigUnitBits = sizeof(T) <= 4 ? 0x4b000000u : 0x4330000000000000ull;
template <class T>
inline constexpr ZigBits<T> kZigUMask = sizeof(T) <= 4 ? 0x7fffffu : 0xfffffffffffffull;

// ub of a word (a 32-bit word for float32, a 64-bit one for float64).
template <class T>
CUPRIC_HD inline ZigBits<T> zig_ubits(ZigBits<T> w) {
  return kZigUnitBits<T> + ((w >> 9) & kZigUMask<T>);
}
// round(u ws) with +0 for u = 0, from ub.
template <class T>
CUPRIC_HD inline T zig_scaled(ZigBits<T> ub, T ws) {
  constexpr T unit = sizeof(T) <= 4 ? static_cast<T>(8388608.0) : static_cast<T>(4503599627370496.0);
  T uf;
  std::memcpy(&uf, &ub, sizeof uf);
#if defined(__CUDA_ARCH__)
  if constexpr (sizeof(T) <= 4)
    return __fmaf_rn(uf, ws, -unit * ws);
  else
    return __fma_rn(uf, ws, -unit * ws);
#else
  return fp::add_rn(fp::mul_rn(uf - unit, ws), static_cast<T>(0));
#endif
}
// The entry of index i (0 <= i < 512: layer i % 256, negative for i >= 256) of the layers.
template <class T>
CUPRIC_HD inline ZigEntry<T> zig_entry(const ZigLayer<T>* layers, uint32_t i) {
  const ZigLayer<T> l = layers[i & 0xffu];
  return {static_cast<ZigBits<T>>(kZigUnitBits<T> + l.k - 1u), (i & 0x100u) ? -l.w : l.w};
}
template <class T>
CUPRIC_HD inline bool zig_fast(ZigBits<T> w, const ZigLayer<T>* layers, T& z) {
  const ZigEntry<T> e = zig_entry<T>(layers, static_cast<uint32_t>(w) & 0x1ffu);
  const ZigBits<T> ub = zig_ubits<T>(w);
  z = zig_scaled<T>(ub, e.ws);
  return ub <= e.kb1;
}
CUPRIC_HD inline bool zig_fast32(uint32_t w, const ZigLayer32* layers, float& z) {
  return zig_fast<float>(w, layers, z);
}

// The rest of the ziggurat for a word the fast path rejected, its further words from `s` (a type
// with next32(): element e's PhiloxSubStream in the block draws, a sampler's bit source).
// zig_slow32 and zig_slow64 stay two functions (Note [Ziggurat slow paths, one per width]).
//
// Note [Ziggurat slow paths, one per width]
// The two loops have one shape but not one arithmetic: float32 takes one word per uniform and
// neg_log_float (exact, so host and GPU agree), tests the wedge as -ln y > x^2 / 2 with y from one
// fmaf; float64 takes two words per uniform, libm's or CUDA's log and exp, and tests
// lo + (hi - lo) U < exp(-x^2 / 2). One template with per-width helpers for those three steps was
// tried (2026-12-02): every value and sub-stream position stayed the same (40 million words,
// 600,000 slow paths of each width, host), but nvcc 13.0 scheduled the float64 normal kernel anew
// from its third instruction on (normal_fast_kernel<double>: 2050 -> 2026 SASS instructions; block_draw,
// the strided and contiguous normal kernels reordered too), and the sampler kernels of
// random_dist.inl changed in 26 of 64 functions. The normal kernel is a bandwidth headline
// (docs/performance.md); without a GPU run showing the same speed, the two loops are kept as they are.
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
// As float32 (Note [Ziggurat fast path arithmetic]): ub = the bits of 2^52 + u (52 bits of u).
CUPRIC_HD inline bool zig_fast64(uint64_t r, const ZigLayer64* layers, double& z) {
  return zig_fast<double>(r, layers, z);
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
