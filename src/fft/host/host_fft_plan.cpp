// cupric's own host FFT: mixed-radix Stockham passes, Bluestein, and real transforms on half-length
// complex ones (Note [Host FFT] in src/fft/host/host_fft_plan.hpp).
#include "fft/host/host_fft_plan.hpp"
#include <cmath>
#include <cstring>
#include <numbers>

namespace cupric::fft::host {

namespace {

// exp(-2 pi i m / n), m reduced into [0, n) first so the angle is small and exact in double.
template <class T>
Cpx<T> root(int64_t m, int64_t n) {
  m %= n;
  if (m < 0) m += n;
  const double a = 2.0 * std::numbers::pi * static_cast<double>(m) / static_cast<double>(n);
  return {static_cast<T>(std::cos(a)), static_cast<T>(-std::sin(a))};
}

template <class T>
inline Cpx<T> mul(Cpx<T> a, Cpx<T> b) {
  return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}

// One length-R odd DFT on u (in place), R known at compile time (3, 5, 7) or not (R == 0 and r_rt
// given): pairs r and R - r share the cosines c[m] = cos(2 pi m / R) and sines s[m].
template <class T, int RC>
inline void odd_butterfly(Cpx<T>* u, Cpx<T>* v, int r_rt, const T* c, const T* s) {
  const int R = RC ? RC : r_rt;
  const int h = (R - 1) / 2;
  Cpx<T> t[RC ? (RC - 1) / 2 : kMaxRadix / 2], d[RC ? (RC - 1) / 2 : kMaxRadix / 2];
  Cpx<T> sum = u[0];
  for (int r = 1; r <= h; ++r) {
    t[r - 1] = {u[r].re + u[R - r].re, u[r].im + u[R - r].im};
    d[r - 1] = {u[r].re - u[R - r].re, u[r].im - u[R - r].im};
    sum.re += t[r - 1].re;
    sum.im += t[r - 1].im;
  }
  v[0] = sum;
  for (int q = 1; q <= h; ++q) {
    Cpx<T> a = u[0], b = {0, 0};
    int m = 0;
    for (int r = 1; r <= h; ++r) {
      m += q;
      if (m >= R) m -= R;
      a.re += t[r - 1].re * c[m];
      a.im += t[r - 1].im * c[m];
      b.re += d[r - 1].re * s[m];
      b.im += d[r - 1].im * s[m];
    }
    v[q] = {a.re + b.im, a.im - b.re};
    v[R - q] = {a.re - b.im, a.im + b.re};
  }
}

// One Stockham pass of radix R (Note [Host FFT]): n values from x into y.
template <class T, int RC>
void pass(int64_t n, int r_rt, int64_t p, const Cpx<T>* tw, const Cpx<T>* x, Cpx<T>* y, const T* c, const T* s) {
  const int R = RC ? RC : r_rt;
  const int64_t stride = n / R;  // T in the Note
  const int64_t blocks = stride / p;
  Cpx<T> u[RC ? RC : kMaxRadix], v[RC ? RC : kMaxRadix];
  for (int64_t b = 0; b < blocks; ++b) {
    const Cpx<T>* xb = x + b * p;
    Cpx<T>* yb = y + b * p * R;
    for (int64_t k = 0; k < p; ++k) {
      u[0] = xb[k];
      if (p == 1) {
        for (int r = 1; r < R; ++r) u[r] = xb[k + r * stride];
      } else {
        for (int r = 1; r < R; ++r) u[r] = mul(xb[k + r * stride], tw[(r - 1) * p + k]);
      }
      if constexpr (RC == 2) {
        yb[k] = {u[0].re + u[1].re, u[0].im + u[1].im};
        yb[k + p] = {u[0].re - u[1].re, u[0].im - u[1].im};
      } else if constexpr (RC == 4) {
        const Cpx<T> a{u[0].re + u[2].re, u[0].im + u[2].im}, bb{u[0].re - u[2].re, u[0].im - u[2].im};
        const Cpx<T> cc{u[1].re + u[3].re, u[1].im + u[3].im}, d{u[1].re - u[3].re, u[1].im - u[3].im};
        yb[k] = {a.re + cc.re, a.im + cc.im};
        yb[k + 2 * p] = {a.re - cc.re, a.im - cc.im};
        yb[k + p] = {bb.re + d.im, bb.im - d.re};      // b - i d
        yb[k + 3 * p] = {bb.re - d.im, bb.im + d.re};  // b + i d
      } else {
        odd_butterfly<T, RC>(u, v, R, c, s);
        for (int q = 0; q < R; ++q) yb[k + q * p] = v[q];
      }
    }
  }
}

}  // namespace

int64_t next_smooth(int64_t n) {
  for (int64_t m = n < 1 ? 1 : n;; ++m) {
    int64_t r = m;
    for (int f : {2, 3, 5, 7})
      while (r % f == 0) r /= f;
    if (r == 1) return m;
  }
}

template <class T>
C2CPlan<T>::C2CPlan(int64_t n) : n_(n) {
  std::vector<int> radices;
  int64_t r = n;
  while (r % 4 == 0) {
    radices.push_back(4);
    r /= 4;
  }
  if (r % 2 == 0) {
    radices.insert(radices.begin(), 2);  // first: its pass needs no twiddles
    r /= 2;
  }
  for (int f = 3; f <= kMaxRadix && r > 1; f += 2)
    while (r % f == 0) {
      radices.push_back(f);
      r /= f;
    }
  if (r > 1) {
    // Bluestein (Note [Host FFT]): a_j = x_j w_j, X_k = w_k (a * conj(w))_k.
    const int64_t m = next_smooth(2 * n - 1);
    inner_ = std::make_unique<C2CPlan<T>>(m);
    chirp_.resize(n);
    const auto n2 = static_cast<unsigned __int128>(2 * n);
    for (int64_t j = 0; j < n; ++j) {
      const auto jj = static_cast<int64_t>((static_cast<unsigned __int128>(j) * j) % n2);
      chirp_[j] = root<T>(jj, 2 * n);  // exp(-i pi j^2 / n)
    }
    std::vector<Cpx<T>> b(m, Cpx<T>{0, 0}), work(inner_->work_size());
    for (int64_t j = 0; j < n; ++j) {
      const Cpx<T> cj{chirp_[j].re, -chirp_[j].im};
      b[j] = cj;
      if (j) b[m - j] = cj;
    }
    chirp_fft_.resize(m);
    inner_->forward(b.data(), chirp_fft_.data(), work.data());
    const T inv = T(1) / static_cast<T>(m);
    for (auto& v : chirp_fft_) v = {v.re * inv, v.im * inv};
    return;
  }
  int64_t p = 1;
  for (int rad : radices) {
    passes_.push_back({rad, p, static_cast<int64_t>(twiddles_.size())});
    if (p > 1)
      for (int q = 1; q < rad; ++q)
        for (int64_t k = 0; k < p; ++k) twiddles_.push_back(root<T>(q * k, p * rad));
    p *= rad;
  }
}

template <class T>
int64_t C2CPlan<T>::work_size() const {
  if (inner_) return inner_->size() + inner_->work_size();
  return 2 * n_;
}

template <class T>
int64_t C2CPlan<T>::bytes() const {
  int64_t b = static_cast<int64_t>((twiddles_.size() + chirp_.size() + chirp_fft_.size()) * sizeof(Cpx<T>));
  return inner_ ? b + inner_->bytes() : b;
}

template <class T>
void C2CPlan<T>::run_passes(const Cpx<T>* in, Cpx<T>* out, Cpx<T>* a, Cpx<T>* b) const {
  const size_t np = passes_.size();
  if (np == 0) {
    if (out != in) std::memmove(out, in, static_cast<size_t>(n_) * sizeof(Cpx<T>));
    return;
  }
  if (np == 1 && in == out) {
    std::memcpy(a, in, static_cast<size_t>(n_) * sizeof(Cpx<T>));
    in = a;
    a = b;
  }
  // Cosines and sines of the odd radices, 2 pi m / R, per radix (at most kMaxRadix each).
  T cs[kMaxRadix], sn[kMaxRadix];
  int tab_radix = 0;
  const Cpx<T>* src = in;
  for (size_t j = 0; j < np; ++j) {
    const Pass& ps = passes_[j];
    Cpx<T>* dst = j + 1 == np ? out : (j % 2 == 0 ? a : b);
    const Cpx<T>* tw = twiddles_.data() + ps.tw_off;
    if (ps.radix % 2 == 1 && ps.radix != tab_radix) {
      for (int m = 0; m < ps.radix; ++m) {
        const double ang = 2.0 * std::numbers::pi * m / ps.radix;
        cs[m] = static_cast<T>(std::cos(ang));
        sn[m] = static_cast<T>(std::sin(ang));
      }
      tab_radix = ps.radix;
    }
    switch (ps.radix) {
      case 2: pass<T, 2>(n_, 2, ps.p, tw, src, dst, cs, sn); break;
      case 4: pass<T, 4>(n_, 4, ps.p, tw, src, dst, cs, sn); break;
      case 3: pass<T, 3>(n_, 3, ps.p, tw, src, dst, cs, sn); break;
      case 5: pass<T, 5>(n_, 5, ps.p, tw, src, dst, cs, sn); break;
      case 7: pass<T, 7>(n_, 7, ps.p, tw, src, dst, cs, sn); break;
      default: pass<T, 0>(n_, ps.radix, ps.p, tw, src, dst, cs, sn); break;
    }
    src = dst;
  }
}

template <class T>
void C2CPlan<T>::forward(const Cpx<T>* in, Cpx<T>* out, Cpx<T>* work) const {
  if (!inner_) {
    run_passes(in, out, work, work + n_);
    return;
  }
  const int64_t m = inner_->size();
  Cpx<T>* buf = work;
  Cpx<T>* iw = work + m;
  for (int64_t j = 0; j < n_; ++j) buf[j] = mul(in[j], chirp_[j]);
  for (int64_t j = n_; j < m; ++j) buf[j] = {0, 0};
  inner_->forward(buf, buf, iw);
  // The inverse transform of the product, as conj(F(conj(.))) (the 1/m is in chirp_fft_).
  for (int64_t j = 0; j < m; ++j) {
    const Cpx<T> v = mul(buf[j], chirp_fft_[j]);
    buf[j] = {v.re, -v.im};
  }
  inner_->forward(buf, buf, iw);
  for (int64_t k = 0; k < n_; ++k) out[k] = mul(Cpx<T>{buf[k].re, -buf[k].im}, chirp_[k]);
}

// ---- real transforms --------------------------------------------------------------------------

template <class T>
R2CPlan<T>::R2CPlan(int64_t n) : n_(n), c2c_(n % 2 == 0 ? n / 2 : n) {
  if (n % 2 == 0) {
    split_.resize(n / 2);
    for (int64_t k = 0; k < n / 2; ++k) split_[k] = root<T>(k, n);
  }
}

template <class T>
int64_t R2CPlan<T>::work_size() const {
  return c2c_.size() + c2c_.work_size();
}

template <class T>
int64_t R2CPlan<T>::bytes() const {
  return c2c_.bytes() + static_cast<int64_t>(split_.size() * sizeof(Cpx<T>));
}

template <class T>
void R2CPlan<T>::forward(const T* in, Cpx<T>* out, Cpx<T>* work) const {
  Cpx<T>* buf = work;
  Cpx<T>* cw = work + c2c_.size();
  if (n_ % 2 == 1) {
    for (int64_t j = 0; j < n_; ++j) buf[j] = {in[j], 0};
    c2c_.forward(buf, buf, cw);
    std::memcpy(out, buf, static_cast<size_t>(n_ / 2 + 1) * sizeof(Cpx<T>));
    return;
  }
  const int64_t h = n_ / 2;
  // z_j = x_2j + i x_2j+1: the real input read as h complex values.
  std::memcpy(buf, in, static_cast<size_t>(n_) * sizeof(T));
  c2c_.forward(buf, buf, cw);
  out[0] = {buf[0].re + buf[0].im, 0};
  out[h] = {buf[0].re - buf[0].im, 0};
  for (int64_t k = 1; k <= h / 2; ++k) {
    const int64_t j = h - k;
    const Cpx<T> zk = buf[k], zj = buf[j];
    // Ze_k = (Z_k + conj Z_j) / 2, Zo_k = -i/2 (Z_k - conj Z_j); X_k = Ze_k + w^k Zo_k and
    // X_j = conj(Ze_k) + w^j conj(Zo_k).
    const Cpx<T> ze{(zk.re + zj.re) / 2, (zk.im - zj.im) / 2};
    const Cpx<T> dd{zk.re - zj.re, zk.im + zj.im};
    const Cpx<T> zo{dd.im / 2, -dd.re / 2};
    const Cpx<T> a = mul(split_[k], zo);
    out[k] = {ze.re + a.re, ze.im + a.im};
    const Cpx<T> bq = mul(split_[j], Cpx<T>{zo.re, -zo.im});
    out[j] = {ze.re + bq.re, -ze.im + bq.im};
  }
}

template <class T>
void R2CPlan<T>::backward(const Cpx<T>* in, T* out, Cpx<T>* work) const {
  Cpx<T>* buf = work;
  Cpx<T>* cw = work + c2c_.size();
  if (n_ % 2 == 1) {
    // The full Hermitian spectrum, conjugated (inverse = conj(F(conj X))): its real part is y.
    buf[0] = {in[0].re, 0};
    for (int64_t k = 1; k <= n_ / 2; ++k) {
      buf[k] = {in[k].re, -in[k].im};
      buf[n_ - k] = in[k];
    }
    c2c_.forward(buf, buf, cw);
    for (int64_t j = 0; j < n_; ++j) out[j] = buf[j].re;
    return;
  }
  const int64_t h = n_ / 2;
  // Ze_k = X_k + conj X_{h-k}, Zo_k = (X_k - conj X_{h-k}) w^-k, Z_k = Ze_k + i Zo_k; y = conj(F(conj Z)).
  {
    const T x0 = in[0].re, xh = in[h].re;
    const Cpx<T> z{x0 + xh, x0 - xh};
    buf[0] = {z.re, -z.im};
  }
  for (int64_t k = 1; k < h; ++k) {
    const Cpx<T> xk = in[k], xj = in[h - k];
    const Cpx<T> ze{xk.re + xj.re, xk.im - xj.im};
    const Cpx<T> d{xk.re - xj.re, xk.im + xj.im};
    const Cpx<T> w{split_[k].re, -split_[k].im};
    const Cpx<T> zo = mul(d, w);
    const Cpx<T> z{ze.re - zo.im, ze.im + zo.re};
    buf[k] = {z.re, -z.im};
  }
  auto* y = reinterpret_cast<Cpx<T>*>(out);
  c2c_.forward(buf, y, cw);
  for (int64_t j = 0; j < h; ++j) y[j].im = -y[j].im;
}

template class C2CPlan<float>;
template class C2CPlan<double>;
template class R2CPlan<float>;
template class R2CPlan<double>;

}  // namespace cupric::fft::host
