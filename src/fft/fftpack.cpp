// scipy.fftpack's rfft/irfft: real transforms in FFTPACK's packed real layout
// [y0, Re y1, Im y1, ..., Re y(n/2) (n even)] (cupricx.scipy.fftpack).
#include "cupric/error.hpp"
#include "cupric/fft.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/ufunc.hpp"
#include "cupric/shape.hpp"

namespace cupric::fft {

namespace {

// Elements start, start + step, ... (count of them) of the last axis, as a view.
ndarray step_last(const ndarray& a, int64_t start, int64_t count, int64_t step) {
  Dims shape = a.shape(), strides = a.strides();
  shape.back() = count;
  const int64_t s = strides.back();
  strides.back() = s * step;
  return a.view(shape, strides, start * s);
}

}  // namespace

ndarray fftpack_rfft(const ndarray& x, std::optional<int64_t> n_arg, int64_t axis) {
  if (x.dtype().is_complex()) throw TypeError("x must be a real sequence");
  const int ax = normalize_axis(axis, x.ndim());
  const int64_t n = n_arg.value_or(x.shape()[ax]);
  ndarray r = moveaxis(rfft(x, n, ax), std::vector<int64_t>{ax}, std::vector<int64_t>{-1});
  const DType real = r.dtype() == dtypes::complex64 ? dtypes::float32 : dtypes::float64;
  Dims shape = r.shape();
  shape.back() = n;
  ndarray out = empty_like(r, real, Order::C, shape);
  const ndarray re = cupric::real(r), im = imag(r);
  copyto(step_last(out, 0, 1, 1), step_last(re, 0, 1, 1));
  if (n / 2 > 0) copyto(step_last(out, 1, n / 2, 2), step_last(re, 1, n / 2, 1));
  if ((n - 1) / 2 > 0) copyto(step_last(out, 2, (n - 1) / 2, 2), step_last(im, 1, (n - 1) / 2, 1));
  return moveaxis(out, std::vector<int64_t>{-1}, std::vector<int64_t>{ax});
}

ndarray fftpack_irfft(const ndarray& x, std::optional<int64_t> n_arg, int64_t axis) {
  if (x.dtype().is_complex()) throw TypeError("x must be a real sequence");
  const int ax = normalize_axis(axis, x.ndim());
  const int64_t n = n_arg.value_or(x.shape()[ax]);
  if (n < 1) throw ValueError("invalid number of data points (" + std::to_string(n) + ") specified");
  const bool single = x.dtype() == dtypes::float32 || x.dtype() == dtypes::float16;
  const DType real = single ? dtypes::float32 : dtypes::float64;
  ndarray xm =
      moveaxis(astype(x, real, Order::K, Casting::Unsafe, false), std::vector<int64_t>{ax}, std::vector<int64_t>{-1});
  // Cropped or zero-padded to n packed values first, as fftpack does.
  const int64_t have = xm.shape().back();
  Dims shape = xm.shape();
  shape.back() = n;
  ndarray packed = empty_like(xm, real, Order::C, shape);
  fill(packed, Scalar::of<double>(0));
  const int64_t keep = std::min(have, n);
  copyto(step_last(packed, 0, keep, 1), step_last(xm, 0, keep, 1));
  shape.back() = n / 2 + 1;
  ndarray c = empty_like(xm, single ? dtypes::complex64 : dtypes::complex128, Order::C, shape);
  fill(c, Scalar::of<double>(0));
  const ndarray re = cupric::real(c), im = imag(c);
  copyto(step_last(re, 0, 1, 1), step_last(packed, 0, 1, 1));
  if (n / 2 > 0) copyto(step_last(re, 1, n / 2, 1), step_last(packed, 1, n / 2, 2));
  if ((n - 1) / 2 > 0) copyto(step_last(im, 1, (n - 1) / 2, 1), step_last(packed, 2, (n - 1) / 2, 2));
  ndarray r = irfft(c, n);
  return moveaxis(r, std::vector<int64_t>{-1}, std::vector<int64_t>{ax});
}

}  // namespace cupric::fft
