// cupric's own host FFT: a complex-to-complex plan of one length and precision (mixed-radix
// Stockham passes, Bluestein for lengths with large prime factors) and real transforms on it.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

namespace cupric::fft::host {

// Note [Host FFT]
// No permissively licensed FFT library is a package we can depend on (DESIGN.md), so the host
// backend computes FFTs itself; nothing here is taken from another project.
//  - A complex transform of length n factors n into radices 4, 2, 3, 5, 7 and other odd primes
//    and runs one self-sorting (Stockham) pass per factor: pass s reads x[i + r*n/R] for the R
//    inputs of a butterfly, multiplies them by the twiddles w_{pR}^{r k} (p = product of the
//    radices before it, k = i mod p), takes a length-R DFT and writes y[(i - k) R + k + s p].
//    Each pass is a full read and write of the data, ping-ponging between two buffers; no
//    bit-reversal permutation is needed, and any order of radices works.
//  - Radices 2 and 4 have written-out butterflies; odd radices use one symmetric butterfly
//    (pairs r, R - r share cosines and sines), compiled for 3, 5 and 7 and run-time for the rest.
//  - A length whose largest prime factor exceeds kMaxRadix runs Bluestein's algorithm: the DFT
//    as a convolution with the chirp exp(i pi j^2 / n), computed by a mixed-radix transform of a
//    smooth length m >= 2n - 1; the chirp angles use j^2 mod 2n so they stay exact for large j.
//  - Plans compute forward transforms; the inverse is conj(F(conj(x))), the conjugations fused
//    into the copies in and out of the work buffer.
//  - Twiddles are computed in double precision (sin/cos of reduced angles) and rounded once, so
//    float32 transforms are as accurate as float32 allows; float32 data is computed in float32.
//  - Real transforms of even length n run a complex transform of length n/2 on the pairs
//    (x[2j], x[2j+1]) and separate the halves with the twiddles w_n^k; odd lengths run the
//    full complex transform.

inline constexpr int kMaxRadix = 61;

template <class T>
struct Cpx {
  T re, im;
};

template <class T>
class C2CPlan {
 public:
  explicit C2CPlan(int64_t n);
  int64_t size() const { return n_; }
  // Forward DFT of `in` (n values) into `out`; `work` holds work_size() values. in == out is allowed.
  void forward(const Cpx<T>* in, Cpx<T>* out, Cpx<T>* work) const;
  int64_t work_size() const;  // in elements of Cpx<T>
  int64_t bytes() const;      // what the plan holds (twiddles, chirps)

 private:
  struct Pass {
    int radix;
    int64_t p;       // product of the radices before this pass
    int64_t tw_off;  // (radix - 1) * p twiddles, index (r - 1) * p + k
  };
  void run_passes(const Cpx<T>* in, Cpx<T>* out, Cpx<T>* a, Cpx<T>* b) const;

  int64_t n_;
  std::vector<Pass> passes_;
  std::vector<Cpx<T>> twiddles_;
  // Bluestein: the inner smooth plan, the chirp w_j = exp(-i pi j^2 / n), and the transform of
  // the conjugate chirp over the inner length, pre-divided by that length.
  std::unique_ptr<C2CPlan<T>> inner_;
  std::vector<Cpx<T>> chirp_;
  std::vector<Cpx<T>> chirp_fft_;
};

// Real transforms of length n: rfft gives n/2 + 1 values; irfft takes n/2 + 1 Hermitian values
// (imaginary parts of the DC and, for even n, Nyquist terms ignored as NumPy does) and gives n
// real values, unscaled.
template <class T>
class R2CPlan {
 public:
  explicit R2CPlan(int64_t n);
  int64_t size() const { return n_; }
  void forward(const T* in, Cpx<T>* out, Cpx<T>* work) const;
  void backward(const Cpx<T>* in, T* out, Cpx<T>* work) const;
  int64_t work_size() const;
  int64_t bytes() const;

 private:
  int64_t n_;
  C2CPlan<T> c2c_;             // n/2 for even n, n for odd n
  std::vector<Cpx<T>> split_;  // even n: w_n^k for k < n/2
};

// The smallest m >= n whose prime factors are 2, 3, 5 and 7 (cheap for the mixed-radix passes).
int64_t next_smooth(int64_t n);

}  // namespace cupric::fft::host
