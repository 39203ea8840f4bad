// Float logarithm, sine and cosine for the samplers' Box-Muller and exponential transforms, built
// from exact steps (Note [Exact float log, sine and cosine]): the same bits on host and GPU.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>
#include "cupric/config.hpp"
#include "cupric/detail/exact_fp.hpp"

namespace cupric::random {

// Note [Exact float log, sine and cosine]
// The float32 normal and exponential draws take a logarithm of an open uniform and the sine and
// cosine of a uniform angle. logf, sinf and cosf differ between libm and CUDA by an ulp here and
// there, and sinf/cosf carry the full-range argument reduction (Payne-Hanek: a local-memory
// table walk and dozens of integer instructions the compiler keeps inline) that an angle below
// 2 pi never needs: most of the old normal kernel's code. These replace them:
// * neg_log_float(u) = -ln u for a positive normal float u: the exponent that brings u's
//   mantissa into [2/3, 4/3) comes off by integer arithmetic, ln(1 + f) for the rest is
//   f + f^2 Q(f) with a degree-7 minimax Q (coefficients fitted for this code and rounded to
//   float; within 1.05 ulp of ln u over all 2^24 uniforms (m + 0.5) / 2^24), and k ln 2 is added
//   in two parts. No zero, subnormal, infinity or NaN case: the uniforms have none.
// * sincos_turn24(m) = sin and cos of 2 pi m / 2^24 for a 24-bit m: the octant is m's top 3 bits,
//   exactly; in odd octants the angle is measured from the octant's far end (2^21 - f, still
//   exact), so the polynomials only see x in [0, pi/4], where a degree-7 sine and a degree-8
//   cosine (minimax fits, float coefficients) are within 2 ulp; swaps and signs map the octant
//   back.
// Every step is an exact conversion, one rounded product (fp::mul_rn: never contracted) or an
// fmaf, so host and GPU compute the same bits (sqrtf and a product, which follow, are correctly
// rounded on both). tests/python/random/test_block_transforms.py checks them against float64.
CUPRIC_HD inline float neg_log_float(float u) {
  uint32_t b;
  std::memcpy(&b, &u, sizeof b);
  const uint32_t e = (b - 0x3f2aaaabu) & 0xff800000u;
  const uint32_t mb = b - e;
  float mf;
  std::memcpy(&mf, &mb, sizeof mf);
  const float f = mf - 1.0f;  // exact: mf in [2/3, 4/3)
  const float k = static_cast<float>(static_cast<int32_t>(e) >> 23);
  float q = 1.40261829e-01f;
  q = fmaf(q, f, -1.53885797e-01f);
  q = fmaf(q, f, 1.39958397e-01f);
  q = fmaf(q, f, -1.64159536e-01f);
  q = fmaf(q, f, 2.00111672e-01f);
  q = fmaf(q, f, -2.50078201e-01f);
  q = fmaf(q, f, 3.33331972e-01f);
  q = fmaf(q, f, -4.99999374e-01f);
  const float l1p = fmaf(fp::mul_rn(f, f), q, f);
  return -fmaf(k, 0.693145752f, fmaf(k, 1.42860677e-06f, l1p));
}

CUPRIC_HD inline void sincos_turn24(uint32_t m, float& s, float& c) {
  const uint32_t o = m >> 21;  // octant 0..7
  uint32_t f = m & 0x1fffffu;
  if (o & 1u) f = 0x200000u - f;
  const float x = fp::mul_rn(static_cast<float>(f), 3.74507028e-07f);  // f * (pi/4) / 2^21
  const float z = fp::mul_rn(x, x);
  const float ps = fmaf(fmaf(-1.94858774e-04f, z, 8.33190232e-03f), z, -1.66666493e-01f);
  const float sn = fmaf(x, fp::mul_rn(ps, z), x);
  const float pc = fmaf(fmaf(2.45048450e-05f, z, -1.38880976e-03f), z, 4.16666679e-02f);
  const float cs = fmaf(fmaf(pc, z, -0.5f), z, 1.0f);
  const bool swap = ((o + 1u) & 2u) != 0;
  const float s0 = swap ? cs : sn, c0 = swap ? sn : cs;
  s = (o & 4u) ? -s0 : s0;
  c = ((o + 2u) & 4u) ? -c0 : c0;
}

}  // namespace cupric::random
