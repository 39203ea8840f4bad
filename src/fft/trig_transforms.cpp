// SciPy's discrete cosine and sine transforms (types 1-4) computed through cupric.fft's FFTs, on
// any backend (Note [DCT through the FFT]).
#include <cmath>
#include <numbers>
#include "cupric/error.hpp"
#include "cupric/fft.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/ufunc.hpp"
#include "cupric/shape.hpp"

namespace cupric::fft {

// Note [DCT through the FFT]
// Each transform is an FFT of an extended or twiddled sequence along the last axis, written with
// cupric's array operations so that the host and CUDA backends share it (SciPy's definitions,
// unnormalised, N the length):
//  - DCT-II: y = Re(e^{-i pi k / 2N} * RFFT_2N([x, reversed x])_k), k < N.
//  - DCT-III (its transpose): y = Re(FFT_2N(conj(c_n x_n e^{i pi n / 2N}))_k), c_0 = 1, c_n = 2.
//  - DCT-IV: y = Re(2 e^{-i pi (2k+1) / 4N} FFT_2N(x_n e^{-i pi n / 2N})_k).
//  - DCT-I: the real RFFT of the even extension [x_0 .. x_{N-1}, x_{N-2} .. x_1] (length 2N - 2).
//  - DST-I: -Im of the RFFT of the odd extension [0, x, 0, -reversed x] at k + 1.
//  - DST-II/III/IV from DCT-II/III/IV: DST-II(x)_k = DCT-II((-1)^n x_n)_{N-1-k};
//    DST-III(x)_k = (-1)^k DCT-III(reversed x)_k; DST-IV(x)_k = (-1)^k DCT-IV(reversed x)_k.
// Norms as SciPy's: the factor is 1/N' for "forward" forward and "backward" inverse transforms,
// 1/sqrt(N') for "ortho" (N' = 2(N-1) for DCT-I, 2(N+1) for DST-I, 2N otherwise); the inverse of
// type 2 is type 3 and the other way round. `orthogonalize` (default: norm == "ortho") scales
// the first/last terms so that the matrix is orthogonal.

namespace {

bool is_single(DType d) { return d == dtypes::float32 || d == dtypes::float16 || d == dtypes::complex64; }

ndarray last(const ndarray& a, int64_t start, int64_t len) {
  Dims shape = a.shape();
  shape.back() = len;
  return a.view(shape, a.strides(), start * a.strides().back());
}

// A vector broadcast along the last axis, in `dtype`, on a's device.
ndarray along(const std::vector<double>& v, DType dtype) { return astype(array(v), dtype); }
ndarray along(const std::vector<complex<double>>& v, DType dtype) { return astype(array(v), dtype); }

ndarray flip_last(const ndarray& a) { return flip(a, std::vector<int64_t>{-1}); }

ndarray sign_alternating(int64_t n, DType real) {
  std::vector<double> s(n);
  for (int64_t i = 0; i < n; ++i) s[i] = i % 2 ? -1.0 : 1.0;
  return along(s, real);
}

std::vector<complex<double>> cis(int64_t n, double scale, double step, double phase = 0) {
  std::vector<complex<double>> v(n);
  for (int64_t k = 0; k < n; ++k) {
    const double t = step * static_cast<double>(k) + phase;
    v[k] = {scale * std::cos(t), scale * std::sin(t)};
  }
  return v;
}

const double kPi = std::numbers::pi;

ndarray dct2(const ndarray& x, DType real, DType cplx) {
  const int64_t n = x.shape().back();
  ndarray v = concatenate({x, flip_last(x)}, -1);
  ndarray f = last(rfft(v, 2 * n), 0, n);
  return astype(cupric::real(multiply(f, along(cis(n, 1, -kPi / (2.0 * n)), cplx))), real);
}

ndarray dct3(const ndarray& x, DType real, DType cplx) {
  const int64_t n = x.shape().back();
  std::vector<complex<double>> w = cis(n, 2, -kPi / (2.0 * n));  // conj(c_n e^{i pi n / 2N})
  w[0] = {1, 0};
  ndarray z = multiply(x, along(w, cplx));
  return astype(cupric::real(last(fft(z, 2 * n), 0, n)), real);
}

ndarray dct4(const ndarray& x, DType real, DType cplx) {
  const int64_t n = x.shape().back();
  ndarray z = multiply(x, along(cis(n, 1, -kPi / (2.0 * n)), cplx));
  ndarray f = last(fft(z, 2 * n), 0, n);
  return astype(cupric::real(multiply(f, along(cis(n, 2, -kPi / (2.0 * n), -kPi / (4.0 * n)), cplx))), real);
}

ndarray dct1(const ndarray& x, DType real) {
  const int64_t n = x.shape().back();
  if (n < 2) throw RuntimeError("zero-length FFT requested");
  ndarray v = concatenate({x, flip_last(last(x, 1, n - 2))}, -1);
  return astype(cupric::real(rfft(v)), real);
}

ndarray dst1(const ndarray& x, DType real) {
  const int64_t n = x.shape().back();
  Dims zs = x.shape();
  zs.back() = 1;
  ndarray zero = empty_like(x, x.dtype(), Order::C, zs);
  fill(zero, Scalar::of<double>(0));
  ndarray v = concatenate({zero, x, zero, negative(flip_last(x))}, -1);
  return astype(negative(imag(last(rfft(v), 1, n))), real);
}

// The unnormalised transform of `x` (real, the last axis) of `type`.
ndarray raw(bool cosine, int type, const ndarray& x, DType real, DType cplx) {
  const int64_t n = x.shape().back();
  if (cosine) {
    switch (type) {
      case 1: return dct1(x, real);
      case 2: return dct2(x, real, cplx);
      case 3: return dct3(x, real, cplx);
      default: return dct4(x, real, cplx);
    }
  }
  switch (type) {
    case 1: return dst1(x, real);
    case 2: return flip_last(dct2(multiply(x, sign_alternating(n, real)), real, cplx));
    case 3: return multiply(dct3(flip_last(x), real, cplx), sign_alternating(n, real));
    default: return multiply(dct4(flip_last(x), real, cplx), sign_alternating(n, real));
  }
}

enum class TNorm { Backward, Ortho, Forward };

TNorm parse(NormArg norm) {
  if (!norm || *norm == "backward") return TNorm::Backward;
  if (*norm == "ortho") return TNorm::Ortho;
  if (*norm == "forward") return TNorm::Forward;
  throw ValueError("Invalid norm value '" + std::string(*norm) + "', should be \"backward\", \"ortho\" or \"forward\"");
}

// Multiplies element `idx` of the last axis by f (a copy: inputs are never written).
ndarray scale_at(const ndarray& a, int64_t idx, double f) {
  std::vector<double> w(a.shape().back(), 1.0);
  w[idx] = f;
  return multiply(a, along(w, a.dtype()));
}

// One real transform along the last axis of `x` (real dtype `real`).
ndarray trig_last(bool cosine, int type, bool inverse, const ndarray& x, TNorm norm, bool ortho, DType real) {
  const DType cplx = real == dtypes::float32 ? dtypes::complex64 : dtypes::complex128;
  const int t = inverse && (type == 2 || type == 3) ? 5 - type : type;
  const int64_t n = x.shape().back();
  const double np = cosine && t == 1 ? 2.0 * (n - 1) : (!cosine && t == 1 ? 2.0 * (n + 1) : 2.0 * n);
  const double s2 = std::sqrt(2.0);
  ndarray in = x;
  // orthogonalize: the pre-scaling of the transposed types.
  if (ortho && n > 0) {
    if (cosine && t == 1 && n >= 2) in = scale_at(scale_at(in, 0, s2), n - 1, s2);
    if (cosine && t == 3) in = scale_at(in, 0, s2);
    if (!cosine && t == 3) in = scale_at(in, n - 1, s2);
  }
  ndarray y = raw(cosine, t, in, real, cplx);
  if (ortho && n > 0) {
    if (cosine && t == 1) y = scale_at(scale_at(y, 0, 1 / s2), n - 1, 1 / s2);
    if (cosine && t == 2) y = scale_at(y, 0, 1 / s2);
    if (!cosine && t == 2) y = scale_at(y, n - 1, 1 / s2);
  }
  double f = 1.0;
  if (norm == TNorm::Ortho)
    f = 1.0 / std::sqrt(np);
  else if ((norm == TNorm::Forward) != inverse)
    f = 1.0 / np;
  if (f != 1.0) y = multiply(y, along(std::vector<double>{f}, real));
  return y;
}

ndarray trig_axis(bool cosine, int type, bool inverse, const ndarray& x, std::optional<int64_t> n_arg, int64_t axis,
                  NormArg norm_arg, std::optional<bool> orthogonalize) {
  if (type < 1 || type > 4) throw ValueError(cosine ? "invalid DCT type" : "invalid DST type");
  const TNorm norm = parse(norm_arg);
  const bool ortho = orthogonalize.value_or(norm == TNorm::Ortho);
  const int ax = normalize_axis(axis, x.ndim());
  const int64_t n = n_arg.value_or(x.shape()[ax]);
  if (n < 1) throw ValueError("invalid number of data points (" + std::to_string(n) + ") specified");
  if (x.dtype().is_complex()) {
    // SciPy transforms the real and imaginary parts separately.
    const DType real = is_single(x.dtype()) ? dtypes::float32 : dtypes::float64;
    ndarray re = trig_axis(cosine, type, inverse, astype(cupric::real(x), real), n_arg, axis, norm_arg, orthogonalize);
    ndarray im = trig_axis(cosine, type, inverse, astype(imag(x), real), n_arg, axis, norm_arg, orthogonalize);
    ndarray out = empty_like(re, is_single(x.dtype()) ? dtypes::complex64 : dtypes::complex128, Order::C);
    copyto(out, re, Casting::Unsafe);
    ndarray imview = imag(out);
    copyto(imview, im, Casting::Unsafe);
    return out;
  }
  const DType real = is_single(x.dtype()) ? dtypes::float32 : dtypes::float64;
  ndarray xm =
      moveaxis(astype(x, real, Order::K, Casting::Unsafe, false), std::vector<int64_t>{ax}, std::vector<int64_t>{-1});
  const int64_t have = xm.shape().back();
  if (have > n) {
    xm = last(xm, 0, n);
  } else if (have < n) {
    Dims shape = xm.shape();
    shape.back() = n;
    ndarray z = empty_like(xm, real, Order::C, shape);
    fill(z, Scalar::of<double>(0));
    copyto(last(z, 0, have), xm);
    xm = z;
  }
  ndarray y = xm.size() == 0 ? empty_like(xm, real, Order::C) : trig_last(cosine, type, inverse, xm, norm, ortho, real);
  return moveaxis(y, std::vector<int64_t>{-1}, std::vector<int64_t>{ax});
}

ndarray trig_nd(bool cosine, int type, bool inverse, const ndarray& x, const Lengths& s, const Axes& axes_arg,
                NormArg norm, std::optional<bool> orthogonalize) {
  std::vector<int64_t> axes;
  if (axes_arg) {
    axes = *axes_arg;
  } else if (s) {
    for (int64_t i = -static_cast<int64_t>(s->size()); i < 0; ++i) axes.push_back(i);
  } else {
    for (int i = 0; i < x.ndim(); ++i) axes.push_back(i);
  }
  if (s && s->size() != axes.size())
    throw ValueError("when given, axes and shape arguments have to be of the same length");
  ndarray r = x;
  for (size_t i = 0; i < axes.size(); ++i) {
    std::optional<int64_t> n;
    if (s && (*s)[i] != -1) n = (*s)[i];
    r = trig_axis(cosine, type, inverse, r, n, axes[i], norm, orthogonalize);
  }
  return r;
}

}  // namespace

ndarray dct(const ndarray& x, int type, std::optional<int64_t> n, int64_t axis, NormArg norm,
            std::optional<bool> orthogonalize) {
  return trig_axis(true, type, false, x, n, axis, norm, orthogonalize);
}
ndarray idct(const ndarray& x, int type, std::optional<int64_t> n, int64_t axis, NormArg norm,
             std::optional<bool> orthogonalize) {
  return trig_axis(true, type, true, x, n, axis, norm, orthogonalize);
}
ndarray dst(const ndarray& x, int type, std::optional<int64_t> n, int64_t axis, NormArg norm,
            std::optional<bool> orthogonalize) {
  return trig_axis(false, type, false, x, n, axis, norm, orthogonalize);
}
ndarray idst(const ndarray& x, int type, std::optional<int64_t> n, int64_t axis, NormArg norm,
             std::optional<bool> orthogonalize) {
  return trig_axis(false, type, true, x, n, axis, norm, orthogonalize);
}
ndarray dctn(const ndarray& x, int type, const Lengths& s, const Axes& axes, NormArg norm,
             std::optional<bool> orthogonalize) {
  return trig_nd(true, type, false, x, s, axes, norm, orthogonalize);
}
ndarray idctn(const ndarray& x, int type, const Lengths& s, const Axes& axes, NormArg norm,
              std::optional<bool> orthogonalize) {
  return trig_nd(true, type, true, x, s, axes, norm, orthogonalize);
}
ndarray dstn(const ndarray& x, int type, const Lengths& s, const Axes& axes, NormArg norm,
             std::optional<bool> orthogonalize) {
  return trig_nd(false, type, false, x, s, axes, norm, orthogonalize);
}
ndarray idstn(const ndarray& x, int type, const Lengths& s, const Axes& axes, NormArg norm,
              std::optional<bool> orthogonalize) {
  return trig_nd(false, type, true, x, s, axes, norm, orthogonalize);
}

}  // namespace cupric::fft
