// Row samplers of the multivariate laws that draw a whole vector from one stream: dirichlet.
#pragma once
#include "cupric/random/distributions/continuous.hpp"

namespace cupric::random::dist {

// Dirichlet(alpha[0..k)) into out[0..k), out[j * stride].
// Gamma draws normalised by their sum, the textbook construction. When every alpha is small
// (< 0.1) all k gamma draws can underflow to 0 and the ratio is 0/0; then the vector is built by
// stick-breaking with beta draws instead: x_j = B_j * prod_{i<j} (1 - B_i),
// B_j ~ Beta(alpha_j, sum_{i>j} alpha_i), which beta() draws in logs (Jöhnk) without underflow.
// alpha_j = 0 (allowed by Generator) gives x_j = 0.
template <class T, class Bits>
CUPRIC_HD void dirichlet(Bits& b, const double* alpha, int64_t k, T* out, int64_t stride = 1) {
  double amax = 0, asum = 0;
  for (int64_t j = 0; j < k; ++j) {
    amax = m::max(amax, alpha[j]);
    asum += alpha[j];
  }
  if (k == 0) return;
  if (amax < 0.1) {
    double left = 1, rest = asum;
    for (int64_t j = 0; j + 1 < k; ++j) {
      rest -= alpha[j];
      double bj = 0;
      if (alpha[j] > 0) bj = rest > 0 ? beta<double>(b, alpha[j], rest) : 1.0;
      out[j * stride] = T(left * bj);
      left *= 1 - bj;
    }
    out[(k - 1) * stride] = T(alpha[k - 1] > 0 ? left : 0.0);
    return;
  }
  double sum = 0;
  for (int64_t j = 0; j < k; ++j) {
    const double g = standard_gamma<double>(b, alpha[j]);
    out[j * stride] = T(g);
    sum += g;
  }
  for (int64_t j = 0; j < k; ++j) out[j * stride] = T(double(out[j * stride]) / sum);
}

}  // namespace cupric::random::dist
