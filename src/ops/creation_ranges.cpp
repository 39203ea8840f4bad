// Numerical ranges: arange, linspace, logspace (the "iota" kernels: Note [arange values] and
// Note [linspace values] in kernels/creation_kernels.hpp) and meshgrid (views, copied on request).
#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <string>
#include <type_traits>
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/manipulation.hpp"
#include "kernels/creation_kernels.hpp"
#include "int128_text.hpp"

namespace cupric {

namespace {

using int128 = __int128;

// Note [arange in Python arithmetic]
// NumPy's arange works on the Python objects it is given: the length is
// ceil((stop - start) / step) in Python arithmetic (exact for ints, float64 otherwise, and
// Python's complex division), and the first two elements are start and start + step, converted
// to the dtype like an item assignment (so an out-of-range *integer* raises OverflowError, and a
// float is truncated to a Python int first). PyNum is that small part of Python's number model.
// Differences, for lengths no array can have: for int arguments the length is the exact ceiling
// (Python rounds the quotient to a float first), and a length of exactly 2**63 is refused
// (NumPy overflows it into an empty array).
struct PyNum {
  enum Kind : uint8_t { Int, Float, Complex };
  Kind kind = Int;
  int128 i = 0;
  double re = 0, im = 0;

  static PyNum integer(int128 v) {
    PyNum n;
    n.kind = Int;
    n.i = v;
    return n;
  }
  static PyNum real(double v) {
    PyNum n;
    n.kind = Float;
    n.re = v;
    return n;
  }
  static PyNum complex(double r, double m) {
    PyNum n;
    n.kind = Complex;
    n.re = r;
    n.im = m;
    return n;
  }
  double as_double() const { return kind == Int ? static_cast<double>(i) : re; }  // Python's float(int) rounds
  double imag() const { return kind == Complex ? im : 0.0; }
  bool is_zero() const { return kind == Int ? i == 0 : kind == Float ? re == 0 : re == 0 && im == 0; }
};

PyNum from_scalar(const Scalar& s) {
  const DType d = s.dtype;
  if (d.is_unsigned_int()) return PyNum::integer(s.as<uint64_t>());
  if (d.is_bool() || d.is_signed_int()) return PyNum::integer(s.as<int64_t>());
  if (d.is_complex()) {
    complex128 c = s.as<complex128>();
    return PyNum::complex(c.re, c.im);
  }
  if (d.is_void()) throw TypeError("arange() needs numbers, got a void scalar");
  return PyNum::real(s.as<double>());
}

PyNum::Kind wider(PyNum::Kind a, PyNum::Kind b) { return a > b ? a : b; }

PyNum py_add(const PyNum& a, const PyNum& b, bool subtract) {
  switch (wider(a.kind, b.kind)) {
    case PyNum::Int: return PyNum::integer(subtract ? a.i - b.i : a.i + b.i);
    case PyNum::Float: return PyNum::real(subtract ? a.as_double() - b.as_double() : a.as_double() + b.as_double());
    default:
      return subtract ? PyNum::complex(a.as_double() - b.as_double(), a.imag() - b.imag())
                      : PyNum::complex(a.as_double() + b.as_double(), a.imag() + b.imag());
  }
}

// numpy's _arange_safe_ceil_to_intp.
int64_t ceil_to_length(double v) {
  double c = std::ceil(v);
  if (std::isnan(c)) throw ValueError("arange: cannot compute length");
  if (!(c >= -9223372036854775808.0 && c < 9223372036854775808.0)) throw ValueError("Maximum allowed size exceeded");
  return static_cast<int64_t>(c);
}

// numpy's _calc_length: the number of elements (before clamping negatives to 0).
int64_t arange_length(const PyNum& start, const PyNum& stop, const PyNum& step, bool complex_dtype) {
  const PyNum next = py_add(stop, start, true);
  const PyNum::Kind kind = wider(next.kind, step.kind);
  if (step.is_zero())
    throw ZeroDivisionError(kind == PyNum::Int     ? "division by zero"
                            : kind == PyNum::Float ? "float division by zero"
                                                   : "complex division by zero");
  if (next.is_zero()) return 0;
  if (kind == PyNum::Int) {  // exact ceil of the quotient
    int128 q = next.i / step.i;
    if (next.i % step.i != 0 && ((next.i < 0) == (step.i < 0))) ++q;
    if (q > std::numeric_limits<int64_t>::max() || q < std::numeric_limits<int64_t>::min())
      throw ValueError("Maximum allowed size exceeded");
    return static_cast<int64_t>(q);
  }
  if (kind == PyNum::Complex) {
    if (!complex_dtype) throw TypeError("must be real number, not complex");
    // Python's complex division (Smith's algorithm, as in _Py_c_quot).
    const double ar = next.as_double(), ai = next.imag(), br = step.as_double(), bi = step.imag();
    double qr, qi;
    if (std::fabs(br) >= std::fabs(bi)) {
      const double ratio = bi / br, denom = br + bi * ratio;
      qr = (ar + ai * ratio) / denom;
      qi = (ai - ar * ratio) / denom;
    } else if (std::fabs(bi) >= std::fabs(br)) {
      const double ratio = br / bi, denom = br * ratio + bi;
      qr = (ar * ratio + ai) / denom;
      qi = (ai * ratio - ar) / denom;
    } else {
      qr = qi = std::nan("");
    }
    return std::min(ceil_to_length(qr), ceil_to_length(qi));
  }
  const double val = next.as_double() / step.as_double();
  if (val == 0) return std::signbit(val) ? 0 : 1;  // the quotient underflowed
  return ceil_to_length(val);
}

// A Python int into integer dtype T, as NumPy 2's item assignment checks it.
template <class T>
T py_int_to(int128 x, DType dtype) {
  constexpr int128 top = std::is_same_v<T, uint64_t> ? static_cast<int128>(std::numeric_limits<uint64_t>::max())
                                                     : static_cast<int128>(std::numeric_limits<int64_t>::max());
  if (x < std::numeric_limits<int64_t>::min() || x > top)
    throw OverflowError("Python int too large to convert to C long");
  if (x < static_cast<int128>(std::numeric_limits<T>::min()) || x > static_cast<int128>(std::numeric_limits<T>::max()))
    throw OverflowError("Python integer " + int128_str(x) + " out of bounds for " + dtype.name());
  return static_cast<T>(x);
}

// Python's int(float).
int128 py_trunc(double d) {
  if (std::isnan(d)) throw ValueError("cannot convert float NaN to integer");
  if (std::isinf(d)) throw OverflowError("cannot convert float infinity to integer");
  if (std::fabs(d) >= 0x1p126) throw OverflowError("Python int too large to convert to C long");
  return static_cast<int128>(std::trunc(d));
}

// Item assignment of a (real, unless T is complex) Python number into dtype T.
template <class T>
T py_to(const PyNum& v, DType dtype) {
  if constexpr (is_complex_v<T>) {
    return cast_value<T>(complex128(v.as_double(), v.imag()));
  } else if constexpr (std::is_same_v<T, bool>) {
    return v.kind == PyNum::Int ? v.i != 0 : v.re != 0;
  } else if constexpr (std::is_integral_v<T>) {
    return py_int_to<T>(v.kind == PyNum::Int ? v.i : py_trunc(v.re), dtype);
  } else if constexpr (std::is_same_v<T, bfloat16>) {
    if (v.kind != PyNum::Int) return cast_value<T>(v.re);
    // ml_dtypes converts a Python int through C long and float.
    if (v.i < std::numeric_limits<int64_t>::min() || v.i > std::numeric_limits<int64_t>::max())
      throw TypeError("expected number, got int");
    return T(static_cast<float>(static_cast<int64_t>(v.i)));
  } else {
    return cast_value<T>(v.as_double());  // float16 rounds from the double directly, as NumPy does
  }
}

ndarray arange_impl(const PyNum& start, const PyNum& stop, const PyNum& step, DType dtype) {
  if (dtype.is_void())
    throw TypeError("arange() not supported for inputs with DType <class 'numpy.dtypes.VoidDType'>.");
  const int64_t n = std::max<int64_t>(arange_length(start, stop, step, dtype.is_complex()), 0);
  // NumPy allocates before it checks booleans and converts start: the same errors win here.
  ndarray out = ndarray::empty(Dims{n}, dtype);
  if (dtype.is_bool() && n > 2)
    throw TypeError("arange() is only supported for booleans when the result has at most length 2.");
  return visit_scalar_type(dtype.type, [&]<class T>() {
    T first{}, second{};
    if (n >= 1) first = py_to<T>(start, dtype);
    second = n >= 2 ? py_to<T>(py_add(start, step, false), dtype) : first;
    auto f = creation::ArangeF<T>::make(first, second);
    run_creation_loop(CreationLoop::Arange, out, nullptr, &f);
    return out;
  });
}

DType arange_default_dtype(std::initializer_list<const Scalar*> args) {
  DType d = dtypes::int64;
  for (const Scalar* s : args) d = promote_types(d, s->dtype);
  return d;
}

struct LinspaceParams {
  bool complex_bounds;
  creation::LinspaceState real;
  creation::LinspaceComplexState cplx;
  Scalar step;
};

// The state of a real (T = double) or complex (T = complex128) linspace: step = delta / div as
// NumPy computes it, and when the step underflows to zero, y = i / div * delta (gh-5437).
template <class T, class State>
void set_linspace_state(State& f, Scalar& step_out, T start, T stop, T delta, int64_t div, int64_t last) {
  f.start = start;
  f.stop = stop;
  f.last = last;
  f.scale = delta;
  if (div <= 0) {
    step_out = Scalar::of<double>(std::numeric_limits<double>::quiet_NaN());
    return;
  }
  const double d = static_cast<double>(div);
  T step;
  bool underflow;
  if constexpr (std::is_same_v<T, double>) {
    step = delta / d;
    underflow = step == 0;
    if (underflow) f.divisor = d;
  } else {
    // NumPy's complex / real: rat = 0, scl = 1/div, (re + im*rat)*scl, (im - re*rat)*scl.
    const double rat = 0.0 / d, scl = 1.0 / (d + 0.0 * rat);
    step = T((delta.re + delta.im * rat) * scl, (delta.im - delta.re * rat) * scl);
    underflow = step.re == 0 && step.im == 0;
    if (underflow) f.recip = scl;
  }
  step_out = Scalar::of<T>(step);
  if (!underflow) f.scale = step;
}

LinspaceParams linspace_params(const Scalar& start_s, const Scalar& stop_s, int64_t num, bool endpoint) {
  if (num < 0) throw ValueError("Number of samples, " + std::to_string(num) + ", must be non-negative.");
  LinspaceParams p{};
  p.complex_bounds = start_s.dtype.is_complex() || stop_s.dtype.is_complex();
  const int64_t div = endpoint ? num - 1 : num;
  const int64_t last = endpoint && num > 1 ? num - 1 : -1;
  if (!p.complex_bounds) {
    const double start = start_s.as<double>(), stop = stop_s.as<double>();
    set_linspace_state(p.real, p.step, start, stop, stop - start, div, last);
  } else {
    const complex128 start = start_s.as<complex128>(), stop = stop_s.as<complex128>();
    set_linspace_state(p.cplx, p.step, start, stop, complex128(stop.re - start.re, stop.im - start.im), div, last);
  }
  return p;
}

void check_computable(DType dtype, const char* routine) {
  if (dtype.is_void())
    throw TypeError(std::string(routine) + " is not supported for void and structured dtypes (V14-STRUCT)");
}

}  // namespace

ndarray arange(const Scalar& stop, std::optional<DType> dtype) {
  return arange_impl(PyNum::integer(0), from_scalar(stop), PyNum::integer(1),
                     dtype.value_or(arange_default_dtype({&stop})));
}

ndarray arange(const Scalar& start, const Scalar& stop, const Scalar& step, std::optional<DType> dtype) {
  return arange_impl(from_scalar(start), from_scalar(stop), from_scalar(step),
                     dtype.value_or(arange_default_dtype({&start, &stop, &step})));
}

ndarray linspace(const Scalar& start, const Scalar& stop, int64_t num, bool endpoint, std::optional<DType> dtype,
                 Scalar* step) {
  LinspaceParams p = linspace_params(start, stop, num, endpoint);
  const DType dt = dtype.value_or(p.complex_bounds ? dtypes::complex128 : dtypes::float64);
  check_computable(dt, "linspace");
  if (p.complex_bounds && dt.is_integer())
    throw TypeError(
        "ufunc 'floor' not supported for the input types, and the inputs could not be safely coerced to "
        "any supported types according to the casting rule ''safe''");
  if (p.complex_bounds && !dt.is_complex() && !dt.is_bool())
    warn("ComplexWarning", "Casting complex values to real discards the imaginary part");
  ndarray out = ndarray::empty(Dims{num}, dt);
  if (p.complex_bounds) {
    run_creation_loop(CreationLoop::LinspaceComplex, out, nullptr, &p.cplx);
  } else {
    p.real.floor_y = dt.is_integer();
    run_creation_loop(CreationLoop::Linspace, out, nullptr, &p.real);
  }
  if (step) *step = p.step;
  return out;
}

ndarray logspace(const Scalar& start, const Scalar& stop, int64_t num, bool endpoint, double base,
                 std::optional<DType> dtype) {
  if (start.dtype.is_complex() || stop.dtype.is_complex())
    throw NotImplementedError("logspace with complex start or stop is not supported yet");
  LinspaceParams p = linspace_params(start, stop, num, endpoint);
  const DType dt = dtype.value_or(dtypes::float64);
  check_computable(dt, "logspace");
  ndarray out = ndarray::empty(Dims{num}, dt);
  p.real.power = 1;
  p.real.base = base;
  run_creation_loop(CreationLoop::Linspace, out, nullptr, &p.real);
  return out;
}

std::vector<ndarray> meshgrid(const std::vector<ndarray>& xi, std::string_view indexing, bool sparse, bool copy_) {
  if (indexing != "xy" && indexing != "ij") throw ValueError("Valid values for `indexing` are 'xy' and 'ij'.");
  const int nd = static_cast<int>(xi.size());
  if (nd > kMaxDims)
    throw ValueError("meshgrid: " + std::to_string(nd) + " inputs exceed the maximum of " + std::to_string(kMaxDims) +
                     " dimensions");
  // Input i varies along axis i; "xy" swaps the first two.
  auto axis_of = [&](int i) { return indexing == "xy" && nd > 1 && i < 2 ? 1 - i : i; };
  Dims full(static_cast<size_t>(nd), 1);
  std::vector<ndarray> flat;
  for (int i = 0; i < nd; ++i) {
    flat.push_back(ravel(xi[i]));
    full[axis_of(i)] = flat.back().size();
  }
  std::vector<ndarray> out;
  for (int i = 0; i < nd; ++i) {
    const int ax = axis_of(i);
    Dims shape = sparse ? Dims(static_cast<size_t>(nd), 1) : full, strides(static_cast<size_t>(nd), 0);
    shape[ax] = flat[i].size();
    strides[ax] = flat[i].strides()[0];
    ndarray v = flat[i].view(std::move(shape), std::move(strides));
    out.push_back(copy_ ? copy(v, Order::C) : v);
  }
  return out;
}

}  // namespace cupric
