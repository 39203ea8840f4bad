// The kernels of the creation routines (ops/creation_ranges.cpp, ops/creation_matrices.cpp): their
// device-portable functors and the table of their typed loops, filled by the "iota" and "tri"
// kernel families. These are internal kernels, not ufuncs, so they live in their own table rather
// than in the OpDef registry that the ufunc bindings are generated from.
//
// All of them are indexed functors (Note [Indexed loops] in host_loops.hpp): the op allocates the
// output C-contiguous, so the index is the element's row-major flat index.
#pragma once
#include <cmath>
#include <cstdint>
#include <type_traits>
#include "cupric/detail/cast_value.hpp"
#include "cupric/detail/device_math.hpp"
#include "cupric/dtype.hpp"
#include "cupric/detail/exact_fp.hpp"
#include "engine/elementwise/op_table.hpp"

namespace cupric {

enum class CreationLoop : uint8_t { Arange, Linspace, LinspaceComplex, TriMask, TriKeep, Window };
inline constexpr int kNumCreationLoops = 6;

// Loops for output dtype `out` (TriKeep: input and output of that dtype).
LoopPair& creation_loops(CreationLoop which, ScalarType out);
void register_creation_loop(LoopBackend b, CreationLoop which, ScalarType out, LoopFn fn);

class ndarray;
// Runs loop `which` for out's dtype over the C-contiguous `out`, with input `in` (TriKeep) or
// none (nullptr); `state` is the functor's bytes.
void run_creation_loop(CreationLoop which, const ndarray& out, const ndarray* in, const void* state);

namespace creation {

// Note [arange values]
// NumPy's arange stores start and start+step (both computed with Python arithmetic and converted
// to the dtype) in the first two elements, then its `fill` function computes element i >= 2 as
// `start + i*delta` with delta = second - first, in the dtype's own arithmetic: float for float16
// and bfloat16 (ml_dtypes does the same), per component for complex, and C integer arithmetic
// (wrapping modulo 2^bits) for integers. ArangeF reproduces that bit for bit; the integer case
// is computed in uint64, which wraps to the same values.
template <class T> struct arange_compute {
  using type = T;
};
template <> struct arange_compute<float16> {
  using type = float;
};
template <> struct arange_compute<bfloat16> {
  using type = float;
};

template <class T>
struct ArangeF {
  using C =
      std::conditional_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, uint64_t, typename arange_compute<T>::type>;
  T first, second;
  C start, delta;

  static ArangeF make(T first, T second) {
    ArangeF f{};
    f.first = first;
    f.second = second;
    if constexpr (std::is_same_v<T, bool>) {
      // arange refuses booleans beyond two elements; nothing to compute.
    } else if constexpr (std::is_integral_v<T>) {
      f.start = static_cast<uint64_t>(first);
      f.delta = static_cast<uint64_t>(second) - static_cast<uint64_t>(first);
    } else if constexpr (is_half_v<T>) {
      f.start = static_cast<float>(first);
      f.delta = static_cast<float>(second) - f.start;
    } else if constexpr (is_complex_v<T>) {
      f.start = first;
      f.delta = T(second.re - first.re, second.im - first.im);
    } else {
      f.start = first;
      f.delta = second - first;
    }
    return f;
  }

  CUPRIC_HD T operator()(int64_t i) const {
    if (i == 0) return first;
    if constexpr (std::is_same_v<T, bool>) {
      return second;
    } else {
      if (i == 1) return second;
      if constexpr (std::is_integral_v<T>) {
        return static_cast<T>(start + static_cast<uint64_t>(i) * delta);
      } else if constexpr (is_half_v<T>) {
        return T(fp::add_rn(start, fp::mul_rn(static_cast<float>(i), delta)));
      } else if constexpr (is_complex_v<T>) {
        using R = decltype(T{}.re);
        R x = static_cast<R>(i);
        return T(fp::add_rn(start.re, fp::mul_rn(x, delta.re)), fp::add_rn(start.im, fp::mul_rn(x, delta.im)));
      } else {
        return fp::add_rn(start, fp::mul_rn(static_cast<T>(i), delta));
      }
    }
  }
};

// Note [linspace values]
// NumPy's linspace works in float64 (complex128 for complex bounds): y = arange(num) * step +
// start with step = (stop - start) / div; when step underflows to 0 it computes
// y = arange(num) / div * delta + start instead, and with div <= 0 (num <= 1 with endpoint)
// y = arange(num) * delta + start. The last element is set to stop when endpoint, integer dtypes
// take floor(y), then y is cast to the dtype. logspace is power(base, y) on the same float64 y,
// then the cast (no floor). LinspaceF does that per element: y = (divisor ? i / divisor : i) *
// scale + start. The state is independent of the output type, so ops fill one LinspaceState.
struct LinspaceState {
  double start, stop, scale, divisor, base;
  int64_t last;  // element set to stop; -1 for none
  uint8_t floor_y, power;
};

template <class T>
struct LinspaceF {
  LinspaceState s;
  CUPRIC_HD T operator()(int64_t i) const {
    double y = static_cast<double>(i);
    if (s.divisor != 0) y = fp::div_rn(y, s.divisor);
    y = fp::add_rn(fp::mul_rn(y, s.scale), s.start);
    if (i == s.last) y = s.stop;
    if (s.floor_y) y = ::floor(y);
    if (s.power) y = ::pow(s.base, y);  // CUDA's pow is within 2 ulp of glibc's, not always equal
    return cast_value<T>(y);
  }
};

// Complex linspace: NumPy multiplies the complex arange (i + 0j) by the complex step with the
// full complex product, and divides by div (when step underflows) as complex / real, which is
// i * (1/div). Both are spelled out so non-finite values come out as NumPy's do.
struct LinspaceComplexState {
  complex128 start, stop, scale;
  double recip;  // 0: y = i; else y = i * recip
  int64_t last;
};

template <class T>
struct LinspaceComplexF {
  LinspaceComplexState s;
  CUPRIC_HD T operator()(int64_t i) const {
    double yr = static_cast<double>(i);
    if (s.recip != 0) yr = fp::mul_rn(yr, s.recip);
    double re = fp::sub_rn(fp::mul_rn(yr, s.scale.re), fp::mul_rn(0.0, s.scale.im));
    double im = fp::add_rn(fp::mul_rn(yr, s.scale.im), fp::mul_rn(0.0, s.scale.re));
    complex128 y(fp::add_rn(re, s.start.re), fp::add_rn(im, s.start.im));
    if (i == s.last) y = s.stop;
    return cast_value<T>(y);
  }
};

// Note [Window values]
// NumPy's windows are formulas over n = arange(1 - M, M, 2) in float64: bartlett is
// where(n <= 0, 1 + n/(M-1), 1 - n/(M-1)); hanning, hamming and blackman are the cosine sums
// a0 + a1*cos(pi*n/(M-1)) [+ a2*cos(2.0*pi*n/(M-1))], evaluated left to right. WindowF computes
// element i with the same operations in the same order (each rounded once, as the whole-array
// ufuncs did, and the ufuncs' own cosine), so one pass writes what NumPy's five to eight do. Only
// float64 output is registered: NumPy's windows are float64 whatever M is.
struct WindowState {
  double a0, a1, a2, m1;  // m1 = M - 1
  int64_t M;
  uint8_t bartlett;
};

template <class T>
struct WindowF {
  WindowState s;
  CUPRIC_HD T operator()(int64_t i) const {
    constexpr double pi = 3.141592653589793;
    const double n = static_cast<double>(1 - s.M + 2 * i);
    if (s.bartlett) return n <= 0 ? fp::add_rn(1.0, fp::div_rn(n, s.m1)) : fp::sub_rn(1.0, fp::div_rn(n, s.m1));
    double r = fp::add_rn(s.a0, fp::mul_rn(s.a1, dmath::cos(fp::div_rn(fp::mul_rn(pi, n), s.m1))));
    if (s.a2 != 0.0) r = fp::add_rn(r, fp::mul_rn(s.a2, dmath::cos(fp::div_rn(fp::mul_rn(2.0 * pi, n), s.m1))));
    return static_cast<T>(r);
  }
};

// Whether element i of a C-contiguous (..., rows, cols) array is on the kept side of the k-th
// diagonal: kind Diagonal (eye), Lower (tri, tril: col - row <= k), Upper (triu: col - row >= k).
struct TriRelation {
  enum Kind : uint8_t { Diagonal, Lower, Upper };
  int64_t rows, cols, k;
  uint8_t kind;

  CUPRIC_HD bool holds(int64_t i) const {
    int64_t q = i / cols;
    int64_t d = (i - q * cols) - q % rows;  // col - row
    return kind == Diagonal ? d == k : kind == Lower ? d <= k : d >= k;
  }
};

// eye, tri: 1 where the relation holds, else 0.
static_assert(sizeof(LinspaceF<float>) == sizeof(LinspaceState) &&
              sizeof(LinspaceComplexF<float>) == sizeof(LinspaceComplexState));

template <class T>
struct TriMaskF {
  TriRelation rel;
  CUPRIC_HD T operator()(int64_t i) const { return cast_value<T>(rel.holds(i)); }
};

// tril, triu: x where the relation holds, else 0.
template <class T>
struct TriKeepF {
  TriRelation rel;
  CUPRIC_HD T operator()(int64_t i, T x) const { return rel.holds(i) ? x : cast_value<T>(false); }
};

}  // namespace creation
}  // namespace cupric
