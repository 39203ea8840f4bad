// Dirichlet's rows, one thread a row (Note [Dirichlet rows]): the functor of the DirichletRows
// loop, registered by the "random_dist" kernel family for float32 and float64.
#pragma once
#include <cstdint>
#include "cupric/detail/device_math.hpp"
#include "cupric/random/distributions/registry_samplers.hpp"
#include "random/draw_kernels.hpp"

namespace cupric::random {

// Note [Dirichlet rows]
// Dirichlet(alpha) rows are k gamma draws normalised by their sum, taken in logs so that tiny
// alphas do not underflow: l_j = log Gamma(alpha_j) (the registry's "dirichlet" entry, element
// row * k + j's sub-stream), x_j = exp(l_j - max l) / sum exp(l - max l); the shift by max l is
// left out when every alpha >= 1 (shift = false: no Gamma(alpha >= 1) draw underflows in practice,
// and the sum stays finite). One thread draws a whole row: the draws, the maximum, the sum and the
// quotients in one pass that writes each value once. (A draw of the logs followed by exp, a
// row reduction and a division in place read and wrote the output three more times: 0.85x CuPy
// on the H200.) The loop is the engine's indexed loop over the output's last column (rows
// elements, stride k): the functor writes columns 0..k-2 of row i itself and returns column
// k - 1, which the engine stores.
template <class T>
struct DirichletRowsF {
  static constexpr bool kUnevenWork = true;  // rejection samplers (Note [Uneven elementwise work])
  DirichletRowsState st;
  CUPRIC_HD T operator()(int64_t row) const {
    const int64_t k = st.k;
    T* x = static_cast<T*>(st.out) + row * k;
    const uint64_t e0 = static_cast<uint64_t>(row) * static_cast<uint64_t>(k);
    T last = T(0), top = T(0);
    for (int64_t j = 0; j < k; ++j) {
      const double a = st.alpha[j];
      const T l = draw_element<T, DirichletLogGammaSampler>(st.key, e0 + static_cast<uint64_t>(j), &a);
      top = j == 0 ? l : dmath::max(top, l);
      if (j + 1 < k)
        x[j] = l;
      else
        last = l;
    }
    if (!st.shift) top = T(0);
    T sum = T(0);
    for (int64_t j = 0; j + 1 < k; ++j) {
      x[j] = dmath::exp(x[j] - top);
      sum += x[j];
    }
    last = dmath::exp(last - top);
    sum += last;
    for (int64_t j = 0; j + 1 < k; ++j) x[j] = x[j] / sum;
    return last / sum;
  }
};

}  // namespace cupric::random
