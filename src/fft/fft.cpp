// cupric.fft's front: NumPy 2's argument rules, dtypes, norms and shapes, and the passes along
// one axis that the backends run (Note [FFT module] in src/fft/fft_table.hpp).
#include "cupric/fft.hpp"
#include <algorithm>
#include <cmath>
#include <thread>
#include <utility>
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/ufunc.hpp"
#include "cupric/shape.hpp"
#include "fft/fft_table.hpp"

namespace cupric::fft {

dispatch::Table<const FftFns*>& fft_table() {
  static constinit dispatch::Table<const FftFns*> t;
  return t;
}

namespace {

enum class Norm : uint8_t { Backward, Ortho, Forward };

// NumPy checks norm in the direction of the call: forward transforms name the values without a
// space after "backward", (its _raw_fft), inverse ones with one (its _swap_direction).
Norm parse_norm(NormArg norm, bool forward) {
  if (!norm || *norm == "backward") return Norm::Backward;
  if (*norm == "ortho") return Norm::Ortho;
  if (*norm == "forward") return Norm::Forward;
  throw ValueError("Invalid norm value " + std::string(*norm) + "; should be \"backward\"," + (forward ? "" : " ") +
                   "\"ortho\" or \"forward\".");
}

Norm swap(Norm n) { return n == Norm::Backward ? Norm::Forward : n == Norm::Forward ? Norm::Backward : n; }

double norm_factor(Norm norm, bool forward, int64_t n) {
  const auto dn = static_cast<double>(n);
  if (norm == Norm::Ortho) return 1.0 / std::sqrt(dn);
  if ((norm == Norm::Forward) == forward) return 1.0 / dn;
  return 1.0;
}

bool single(DType d) { return d == dtypes::complex64 || d == dtypes::float32 || d == dtypes::float16; }
// NumPy 2 / CuPy: complex64, float32 and float16 compute in single precision, everything else
// (bool, integers, float64, complex128) in double.
DType complex_of(DType d) { return single(d) ? dtypes::complex64 : dtypes::complex128; }
DType real_of(DType d) { return single(d) ? dtypes::float32 : dtypes::float64; }

// `a` in dtype `d`, without a copy when it already is.
ndarray as_dtype(const ndarray& a, DType d) { return astype(a, d, Order::K, Casting::Unsafe, false); }

void check_n(int64_t n) {
  if (n < 1) throw ValueError("Invalid number of FFT data points (" + std::to_string(n) + ") specified.");
}

// The array's length along `axis`: a.shape[axis] in NumPy, an IndexError when out of range.
int64_t axis_length(const ndarray& a, int64_t axis) {
  if (axis >= a.ndim() || axis < -a.ndim()) throw IndexError("tuple index out of range");
  return a.shape()[axis < 0 ? axis + a.ndim() : axis];
}

// `a` cropped or zero-padded to `len` along `axis`.
ndarray resize_axis(const ndarray& a, int axis, int64_t len) {
  const int64_t have = a.shape()[axis];
  if (have == len) return a;
  Dims shape = a.shape();
  if (have > len) {
    shape[axis] = len;
    return a.view(shape, a.strides());
  }
  shape[axis] = len;
  ndarray z = empty_like(a, a.dtype(), Order::C, shape);
  fill(z, Scalar::of<double>(0));
  copyto(z.view(a.shape(), z.strides()), a);
  return z;
}

// One batched 1-D transform along `axis` of length n (Note [FFT module]); `x` is already of the
// pass's input dtype (complex for C2C/C2R, real for R2C).
// The thread's current cuFFT callbacks (Note [cuFFT callbacks] in src/fft/callbacks.cpp), for an
// output on a backend that runs them.
const Callbacks* callbacks_for(const ndarray& out) {
  const Callbacks* cb = current_callbacks().get();
  if (cb && out.device_type() != DeviceType::Cuda)
    throw RuntimeError(
        "cuFFT callbacks (cupric.fft.config.set_cufft_callbacks) run only on the CUDA backend; "
        "leave the set_cufft_callbacks context for transforms of host arrays");
  return cb;
}

int& workers_slot() {
  thread_local int workers = 1;
  return workers;
}

std::vector<int>& multi_gpu_slot() {
  thread_local std::vector<int> gpus;
  return gpus;
}

// The GPUs a pass of `kind` writing `out` is spread over (Note [Multi-GPU FFT] in
// src/runtime/cuda/libs/cufft.cpp), or null; CuPy's restrictions raise here, before any work.
const std::vector<int>* gpus_for(Kind kind, const ndarray& out, const Callbacks* cb) {
  const std::vector<int>& gpus = multi_gpu_slot();
  if (gpus.empty() || out.device_type() != DeviceType::Cuda) return nullptr;
  if (kind != Kind::C2C)
    throw ValueError(
        "Currently for multiple GPUs only C2C and Z2Z are supported: real transforms (rfft, irfft, hfft, ihfft "
        "and their n-D forms) need cupric.fft.config.use_multi_gpus = False");
  if (cb) throw ValueError("cuFFT callbacks are not supported with multi-GPU FFT (cupric.fft.config.use_multi_gpus)");
  const int present = out.backend().device_count();
  for (int g : gpus)
    if (g >= present)
      throw ValueError("set_cufft_gpus: GPU " + std::to_string(g) + " is not present (this machine has " +
                       std::to_string(present) + " CUDA device(s)); pick ids below that");
  return &gpus;
}

// `keep_input`: the caller's array, whose memory a clobbering C2R must not touch.
ndarray run_pass(const ndarray& x, int axis, int64_t n, Kind kind, bool forward, double scale,
                 const ndarray* keep_input = nullptr) {
  const bool dbl = x.dtype() == dtypes::complex128 || x.dtype() == dtypes::float64;
  const int64_t in_len = kind == Kind::C2R ? n / 2 + 1 : n;
  const int64_t out_len = kind == Kind::R2C ? n / 2 + 1 : n;
  const DType out_dtype =
      kind == Kind::C2R ? (dbl ? dtypes::float64 : dtypes::float32) : (dbl ? dtypes::complex128 : dtypes::complex64);
  const FftFns* fns = fft_table().require(x.device_type(), "cupric.fft");
  ndarray sized = resize_axis(x, axis, in_len);
  // The last axis (the common case, and the small-transform hot path) needs no moved view.
  const bool last = axis == x.ndim() - 1;
  ndarray rows = last ? sized : moveaxis(sized, std::vector<int64_t>{axis}, std::vector<int64_t>{-1});
  // A C2R that clobbers its input gets a copy unless the rows already are one (Note [FFT module]).
  const bool shares_input = keep_input && sized.memory() == keep_input->memory();
  if (!rows.c_contiguous() || (kind == Kind::C2R && fns->c2r_overwrites_input && shares_input))
    rows = copy(rows, Order::C);
  Dims shape = rows.shape();
  shape.back() = out_len;
  ndarray out = empty_like(rows, out_dtype, Order::C, shape);
  if (out.size() > 0) {
    Exec1d e;
    e.kind = kind;
    e.forward = forward;
    e.dbl = dbl;
    e.n = n;
    e.batch = out.size() / out_len;
    e.in = rows.data();
    e.out = out.data();
    e.scale = scale;
    e.device = out.device();
    e.stream = out.backend().current_stream(out.device());
    e.callbacks = callbacks_for(out);
    e.gpus = gpus_for(kind, out, e.callbacks);
    e.workers = workers_slot();
    fns->exec(e);
    if (!fns->scales && scale != 1.0) {
      UfuncOptions in_place;
      in_place.out[0] = out;
      multiply(out, scale, in_place);
    }
  }
  return last ? out : moveaxis(out, std::vector<int64_t>{-1}, std::vector<int64_t>{axis});
}

// The result as NumPy returns it: C-ordered (a pass over an axis that is not last leaves a moved
// view, made contiguous here once per call, not once per pass), or copied into `out`.
ndarray finish(const ndarray& r, const ndarray* out) {
  if (!out) return r.c_contiguous() ? r : copy(r, Order::C);
  if (out->shape() != r.shape()) throw ValueError("output array has wrong shape.");
  copyto(*out, r, Casting::SameKind);
  return *out;
}

enum class Op : uint8_t { Fft, Ifft, Rfft, Irfft, Hfft, Ihfft };

// One 1-D transform, NumPy's _raw_fft: n checked first, then norm, then the axis.
ndarray one_axis(Op op, const ndarray& a, std::optional<int64_t> n_arg, int64_t axis, NormArg norm_arg) {
  const bool inverse_real = op == Op::Irfft || op == Op::Hfft;
  int64_t n;
  if (n_arg) {
    n = *n_arg;
  } else {
    const int64_t len = axis_length(a, axis);
    n = inverse_real ? (len - 1) * 2 : len;
  }
  check_n(n);
  // hfft/ihfft are irfft/rfft with the norm swapped (NumPy checks it swapped, as an inverse).
  const bool forward = op == Op::Fft || op == Op::Rfft || op == Op::Hfft;
  const bool norm_checked_forward = op == Op::Fft || op == Op::Rfft;
  Norm norm = parse_norm(norm_arg, norm_checked_forward);
  if (op == Op::Hfft || op == Op::Ihfft) norm = swap(norm);
  const bool kernel_forward = op == Op::Fft || op == Op::Rfft || op == Op::Ihfft;
  (void)forward;
  const int ax = normalize_axis(axis, a.ndim());
  const double scale = norm_factor(norm, kernel_forward, n);
  switch (op) {
    case Op::Fft:
    case Op::Ifft: return run_pass(as_dtype(a, complex_of(a.dtype())), ax, n, Kind::C2C, op == Op::Fft, scale);
    case Op::Rfft:
    case Op::Ihfft: {
      if (a.dtype().is_complex())
        throw TypeError(std::string("ufunc '") + (n % 2 == 0 ? "rfft_n_even" : "rfft_n_odd") +
                        "' not supported for the input types, and the inputs could not be safely coerced to any "
                        "supported types according to the casting rule ''safe''");
      ndarray r = run_pass(as_dtype(a, real_of(a.dtype())), ax, n, Kind::R2C, true, scale);
      if (op == Op::Rfft) return r;
      UfuncOptions in_place;
      in_place.out[0] = r;
      return conjugate(r, in_place);
    }
    case Op::Irfft:
    case Op::Hfft: {
      ndarray c = as_dtype(a, complex_of(a.dtype()));
      if (op == Op::Hfft) c = conjugate(c);
      return run_pass(c, ax, n, Kind::C2R, false, scale, &a);
    }
  }
  return {};
}

}  // namespace

ndarray fft(const ndarray& a, std::optional<int64_t> n, int64_t axis, NormArg norm, const ndarray* out) {
  return finish(one_axis(Op::Fft, a, n, axis, norm), out);
}
ndarray ifft(const ndarray& a, std::optional<int64_t> n, int64_t axis, NormArg norm, const ndarray* out) {
  return finish(one_axis(Op::Ifft, a, n, axis, norm), out);
}
ndarray rfft(const ndarray& a, std::optional<int64_t> n, int64_t axis, NormArg norm, const ndarray* out) {
  return finish(one_axis(Op::Rfft, a, n, axis, norm), out);
}
ndarray irfft(const ndarray& a, std::optional<int64_t> n, int64_t axis, NormArg norm, const ndarray* out) {
  return finish(one_axis(Op::Irfft, a, n, axis, norm), out);
}
ndarray hfft(const ndarray& a, std::optional<int64_t> n, int64_t axis, NormArg norm, const ndarray* out) {
  return finish(one_axis(Op::Hfft, a, n, axis, norm), out);
}
ndarray ihfft(const ndarray& a, std::optional<int64_t> n, int64_t axis, NormArg norm, const ndarray* out) {
  return finish(one_axis(Op::Ihfft, a, n, axis, norm), out);
}

// ---- n-D: NumPy's _cook_nd_args and the passes --------------------------------------------------

namespace {

std::pair<std::vector<int64_t>, std::vector<int64_t>> cook_nd(const ndarray& a, const Lengths& s_arg,
                                                              const Axes& axes_arg, bool invreal) {
  std::vector<int64_t> axes, s;
  if (axes_arg) {
    axes = *axes_arg;
  } else {
    const int64_t k = s_arg ? static_cast<int64_t>(s_arg->size()) : a.ndim();
    for (int64_t i = -k; i < 0; ++i) axes.push_back(i);
  }
  if (s_arg) {
    s = *s_arg;
    if (s.size() != axes.size()) throw ValueError("Shape and axes have different lengths.");
  } else {
    for (int64_t ax : axes) s.push_back(a.shape()[normalize_axis(ax, a.ndim())]);
    if (invreal && !axes.empty()) s.back() = (s.back() - 1) * 2;
  }
  for (size_t i = 0; i < s.size(); ++i)
    if (s[i] == -1) s[i] = a.shape()[normalize_axis(axes[i], a.ndim())];
  return {s, axes};
}

}  // namespace

namespace {

// Whether `axes` are the last k (2 or 3) axes in order, which one n-D backend call can do.
bool trailing(const std::vector<int64_t>& axes, int ndim) {
  const int k = static_cast<int>(axes.size());
  if (k < 2 || k > 3 || k > ndim) return false;
  for (int i = 0; i < k; ++i)
    if (normalize_axis(axes[i], ndim) != ndim - k + i) return false;
  return true;
}

// The transform over the trailing axes of lengths s in one backend call (Note [FFT module]); `x`
// is already of the input dtype; arguments are checked.
ndarray run_nd(const FftFns* fns, const ndarray& a, ndarray x, const std::vector<int64_t>& s, Kind kind, bool forward,
               Norm norm) {
  const int k = static_cast<int>(s.size()), nd = x.ndim();
  for (int i = 0; i < k; ++i) x = resize_axis(x, nd - k + i, kind == Kind::C2R && i == k - 1 ? s[i] / 2 + 1 : s[i]);
  if (!x.c_contiguous() || (kind == Kind::C2R && fns->c2r_overwrites_input && x.memory() == a.memory()))
    x = copy(x, Order::C);
  const bool dbl = x.dtype() == dtypes::complex128 || x.dtype() == dtypes::float64;
  Dims shape = x.shape();
  shape.back() = kind == Kind::R2C ? s.back() / 2 + 1 : s.back();
  const DType out_dtype =
      kind == Kind::C2R ? (dbl ? dtypes::float64 : dtypes::float32) : (dbl ? dtypes::complex128 : dtypes::complex64);
  ndarray out = empty_like(x, out_dtype, Order::C, shape);
  int64_t total = 1;
  for (int64_t n : s) total *= n;
  if (out.size() > 0) {
    ExecNd e;
    e.kind = kind;
    e.forward = forward;
    e.dbl = dbl;
    e.rank = k;
    for (int i = 0; i < k; ++i) e.n[i] = s[i];
    e.batch = out.size() / (total / s.back() * shape.back());
    e.in = x.data();
    e.out = out.data();
    e.device = out.device();
    e.stream = out.backend().current_stream(out.device());
    e.callbacks = callbacks_for(out);
    if (kind != Kind::C2C) gpus_for(kind, out, e.callbacks);  // real transforms refuse multi-GPU (CuPy's rule)
    e.workers = workers_slot();
    fns->exec_nd(e);
    const double scale = norm_factor(norm, forward, total);
    if (scale != 1.0) {
      UfuncOptions in_place;
      in_place.out[0] = out;
      multiply(out, scale, in_place);
    }
  }
  return out;
}

// The backend's n-D entry when it has one and the axes allow it, else null.
const FftFns* nd_backend(const ndarray& a, const std::vector<int64_t>& axes) {
  const FftFns* fns = fft_table().get(a.device_type());
  return fns && fns->exec_nd && trailing(axes, a.ndim()) ? fns : nullptr;
}

// NumPy's order of checks for the passes it would run: the first pass's n, then norm, then the
// other passes' n.
Norm check_nd(const std::vector<int64_t>& s, size_t first, NormArg norm, bool forward_message) {
  check_n(s[first]);
  const Norm r = parse_norm(norm, forward_message);
  for (int64_t n : s) check_n(n);
  return r;
}

}  // namespace

ndarray fftn(const ndarray& a, const Lengths& s_arg, const Axes& axes_arg, NormArg norm, const ndarray* out) {
  auto [s, axes] = cook_nd(a, s_arg, axes_arg, false);
  if (axes.empty()) return finish(a, out);
  if (const FftFns* fns = nd_backend(a, axes)) {
    const Norm nm = check_nd(s, s.size() - 1, norm, true);
    return finish(run_nd(fns, a, as_dtype(a, complex_of(a.dtype())), s, Kind::C2C, true, nm), out);
  }
  ndarray r = a;
  for (size_t i = axes.size(); i-- > 0;) r = one_axis(Op::Fft, r, s[i], axes[i], norm);
  return finish(r, out);
}

ndarray ifftn(const ndarray& a, const Lengths& s_arg, const Axes& axes_arg, NormArg norm, const ndarray* out) {
  auto [s, axes] = cook_nd(a, s_arg, axes_arg, false);
  if (axes.empty()) return finish(a, out);
  if (const FftFns* fns = nd_backend(a, axes)) {
    const Norm nm = check_nd(s, s.size() - 1, norm, false);
    return finish(run_nd(fns, a, as_dtype(a, complex_of(a.dtype())), s, Kind::C2C, false, nm), out);
  }
  ndarray r = a;
  for (size_t i = axes.size(); i-- > 0;) r = one_axis(Op::Ifft, r, s[i], axes[i], norm);
  return finish(r, out);
}

ndarray rfftn(const ndarray& a, const Lengths& s_arg, const Axes& axes_arg, NormArg norm, const ndarray* out) {
  auto [s, axes] = cook_nd(a, s_arg, axes_arg, false);
  if (axes.empty()) throw IndexError("list index out of range");
  if (const FftFns* fns = nd_backend(a, axes); fns && !a.dtype().is_complex()) {
    const Norm nm = check_nd(s, s.size() - 1, norm, true);
    return finish(run_nd(fns, a, as_dtype(a, real_of(a.dtype())), s, Kind::R2C, true, nm), out);
  }
  ndarray r = one_axis(Op::Rfft, a, s.back(), axes.back(), norm);
  for (size_t i = axes.size() - 1; i-- > 0;) r = one_axis(Op::Fft, r, s[i], axes[i], norm);
  return finish(r, out);
}

ndarray irfftn(const ndarray& a, const Lengths& s_arg, const Axes& axes_arg, NormArg norm, const ndarray* out) {
  if (axes_arg && axes_arg->empty()) throw IndexError("tuple index out of range");
  auto [s, axes] = cook_nd(a, s_arg, axes_arg, true);
  if (axes.empty()) throw IndexError("list index out of range");
  if (const FftFns* fns = nd_backend(a, axes)) {
    const Norm nm = check_nd(s, 0, norm, false);
    return finish(run_nd(fns, a, as_dtype(a, complex_of(a.dtype())), s, Kind::C2R, false, nm), out);
  }
  ndarray r = a;
  for (size_t i = 0; i + 1 < axes.size(); ++i) r = one_axis(Op::Ifft, r, s[i], axes[i], norm);
  return finish(one_axis(Op::Irfft, r, s.back(), axes.back(), norm), out);
}

// scipy.fft's Hermitian n-D transforms: NumPy's hfft/ihfft pattern over several axes.
namespace {
NormArg swapped(NormArg norm) {
  if (!norm || *norm == "backward") return "forward";
  if (*norm == "forward") return "backward";
  return norm;  // "ortho", or an invalid value that irfftn/rfftn reject
}
}  // namespace

ndarray hfftn(const ndarray& a, const Lengths& s, const Axes& axes, NormArg norm) {
  return irfftn(conjugate(as_dtype(a, complex_of(a.dtype()))), s, axes, swapped(norm));
}

ndarray ihfftn(const ndarray& a, const Lengths& s, const Axes& axes, NormArg norm) {
  ndarray r = rfftn(a, s, axes, swapped(norm));
  UfuncOptions in_place;
  in_place.out[0] = r;
  return conjugate(r, in_place);
}

int64_t next_fast_len(int64_t target) {
  if (target < 0) throw ValueError("Target length must be positive");
  for (int64_t m = target;; ++m) {
    int64_t r = m;
    for (int f : {2, 3, 5, 7})
      while (r > 1 && r % f == 0) r /= f;
    if (r <= 1) return m;
  }
}

// ---- helpers ------------------------------------------------------------------------------------

namespace {
ndarray freq_scaled(const ndarray& k, int64_t n, double d) {
  const double denom = static_cast<double>(n) * d;
  if (denom == 0.0) throw ZeroDivisionError("float division by zero");
  return multiply(k, 1.0 / denom);
}
}  // namespace

ndarray fftfreq(int64_t n, double d) {
  const int64_t pos = (n - 1) / 2 + 1;
  ndarray k = concatenate({arange(Scalar::of<int64_t>(0), Scalar::of<int64_t>(pos)),
                           arange(Scalar::of<int64_t>(-(n / 2)), Scalar::of<int64_t>(0))});
  return freq_scaled(k, n, d);
}

ndarray rfftfreq(int64_t n, double d) { return freq_scaled(arange(Scalar::of<int64_t>(n / 2 + 1)), n, d); }

namespace {
ndarray shift(const ndarray& x, const Axes& axes_arg, bool inverse) {
  std::vector<int64_t> axes;
  if (axes_arg) {
    axes = *axes_arg;
  } else {
    for (int i = 0; i < x.ndim(); ++i) axes.push_back(i);
  }
  std::vector<int64_t> shifts;
  for (int64_t ax : axes) {
    const int64_t dim = x.shape()[normalize_axis(ax, x.ndim())];
    shifts.push_back(inverse ? -(dim / 2) : dim / 2);
  }
  return roll(x, shifts, axes);
}
}  // namespace

ndarray fftshift(const ndarray& x, const Axes& axes) { return shift(x, axes, false); }
ndarray ifftshift(const ndarray& x, const Axes& axes) { return shift(x, axes, true); }

void set_multi_gpus(std::vector<int> gpus) {
  if (!gpus.empty()) {
    if (gpus.size() < 2) throw ValueError("Must use at least 2 GPUs.");
    for (size_t i = 0; i < gpus.size(); ++i) {
      if (gpus[i] < 0) throw ValueError("GPU ids must be >= 0, got " + std::to_string(gpus[i]));
      for (size_t j = 0; j < i; ++j)
        if (gpus[i] == gpus[j]) throw ValueError("Duplicate GPU ids are not allowed.");
    }
  }
  multi_gpu_slot() = std::move(gpus);
}

const std::vector<int>& multi_gpus() { return multi_gpu_slot(); }

int set_workers(int w) {
  const int cpus = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  if (w == 0) throw ValueError("workers must not be zero");
  if (w < 0) {
    if (w < -cpus)
      throw ValueError("workers value out of range; got " + std::to_string(w) + ", must not be less than " +
                       std::to_string(-cpus));
    w = cpus + 1 + w;
  }
  return std::exchange(workers_slot(), w);
}

int workers() { return workers_slot(); }

}  // namespace cupric::fft
