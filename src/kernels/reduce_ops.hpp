// Reduction functors: what sum, prod, min, max, argmin/argmax, any/all, count_nonzero, mean and
// var accumulate, as plain device-portable structs the host and CUDA reduction loops share.
//
// Note [Reduction functors]
// A reduction op is a struct with
//   in_t, acc_t, out_t                        element, accumulator and result types;
//   acc_t identity() const                    a neutral accumulator (what padding threads hold);
//   acc_t reduce(acc_t a, in_t x, int64_t i)  folds element x, at position i along the reduction;
//   acc_t combine(acc_t a, acc_t b) const     merges two partial results (a covers earlier
//                                             positions than b when the loop knows it, but the
//                                             result must not depend on it: GPU trees and the
//                                             host's pairwise split merge in any shape);
//   out_t finalize(acc_t a) const             the value stored;
//   kPairwise                                 the host loop sums pairwise (NumPy's accuracy);
//   kTakesInitial                             `initial=` is accepted: lift(out_t) gives its acc.
// `identity` is only a neutral element: ops NumPy gives no identity (maximum, argmax) are refused
// on empty input before any loop runs (reduction.cpp). Ops carry run-time state (var's ddof) as
// members; the loops copy the struct to the device by value.
#pragma once
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include "cupric/complex.hpp"
#include "cupric/detail/cast_value.hpp"

namespace cupric::reduce_ops {

// ---- scalar helpers valid for every dtype (bool, ints, halves, floats, complex) ------------------

template <class T>
CUPRIC_HD inline bool is_nan(T x) {
  if constexpr (is_complex_v<T>)
    return is_nan(x.re) || is_nan(x.im);
  else if constexpr (is_half_v<T>)
    return is_nan(static_cast<float>(x));
  else if constexpr (std::is_floating_point_v<T>)
    return x != x;
  else
    return false;
}

// a < b; complex in NumPy's lexicographic order; halves through float. NaNs compare false.
template <class T>
CUPRIC_HD inline bool less(T a, T b) {
  if constexpr (is_complex_v<T>)
    return a.re < b.re || (a.re == b.re && a.im < b.im);
  else if constexpr (is_half_v<T>)
    return static_cast<float>(a) < static_cast<float>(b);
  else
    return a < b;
}

// Wrapping integer arithmetic (NumPy's ints wrap; signed overflow is UB in C++), plain float and
// complex arithmetic, logical or/and for bool (NumPy's add/multiply on bool).
template <class T>
CUPRIC_HD inline T add(T a, T b) {
  if constexpr (std::is_same_v<T, bool>)
    return a || b;
  else if constexpr (is_complex_v<T>)
    return T(a.re + b.re, a.im + b.im);
  else if constexpr (std::is_integral_v<T>) {
    using U = std::conditional_t<(sizeof(T) < 4), uint32_t, std::make_unsigned_t<T>>;
    return static_cast<T>(static_cast<U>(a) + static_cast<U>(b));
  } else
    return a + b;
}
template <class T>
CUPRIC_HD inline T mul(T a, T b) {
  if constexpr (std::is_same_v<T, bool>)
    return a && b;
  else if constexpr (is_complex_v<T>)
    return T(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re);
  else if constexpr (std::is_integral_v<T>) {
    using U = std::conditional_t<(sizeof(T) < 4), uint32_t, std::make_unsigned_t<T>>;
    return static_cast<T>(static_cast<U>(a) * static_cast<U>(b));
  } else
    return a * b;
}

template <class T>
CUPRIC_HD inline T lowest() {
  if constexpr (is_complex_v<T>) {
    using R = decltype(T{}.re);
    return T(lowest<R>(), lowest<R>());
  } else if constexpr (is_half_v<T>)
    return T(-INFINITY);
  else if constexpr (std::is_floating_point_v<T>)
    return -INFINITY;
  else
    return std::numeric_limits<T>::lowest();
}
template <class T>
CUPRIC_HD inline T highest() {
  if constexpr (is_complex_v<T>) {
    using R = decltype(T{}.re);
    return T(highest<R>(), highest<R>());
  } else if constexpr (is_half_v<T>)
    return T(INFINITY);
  else if constexpr (std::is_floating_point_v<T>)
    return INFINITY;
  else
    return std::numeric_limits<T>::max();
}
template <class T>
CUPRIC_HD inline T quiet_nan() {
  if constexpr (is_complex_v<T>) {
    using R = decltype(T{}.re);
    return T(quiet_nan<R>(), quiet_nan<R>());
  } else if constexpr (is_half_v<T>)
    return T(NAN);
  else
    return NAN;
}

// The type arithmetic happens in: halves widen to float (NumPy's float16 sums accumulate in float).
template <class T> using compute_t = std::conditional_t<is_half_v<T>, float, T>;
template <class T> struct real_of {
  using type = T;
};
template <class T> struct real_of<complex<T>> {
  using type = T;
};
template <class T> using real_t = typename real_of<T>::type;

// ---- sum / prod / count_nonzero ----------------------------------------------------------------

// sum and prod: one fold over compute_t<Out>, by add or by mul. Only the sum is pairwise (NumPy's
// pairwise summation; its prod multiplies in order).
template <class In, class Out, bool kMul>
struct SumProd {
  using in_t = In;
  using out_t = Out;
  using acc_t = compute_t<Out>;
  static constexpr bool kPairwise = !kMul, kTakesInitial = true;
  CUPRIC_HD acc_t identity() const { return acc_t(kMul ? 1 : 0); }
  CUPRIC_HD acc_t reduce(acc_t a, In x, int64_t) const { return combine(a, cast_value<acc_t>(x)); }
  CUPRIC_HD acc_t combine(acc_t a, acc_t b) const {
    if constexpr (kMul)
      return mul(a, b);
    else
      return add(a, b);
  }
  CUPRIC_HD Out finalize(acc_t a) const { return cast_value<Out>(a); }
  CUPRIC_HD acc_t lift(Out v) const { return cast_value<acc_t>(v); }
};
template <class In, class Out> using Sum = SumProd<In, Out, false>;
template <class In, class Out> using Prod = SumProd<In, Out, true>;

template <class In>
struct CountNonzero {
  using in_t = In;
  using out_t = int64_t;
  using acc_t = int64_t;
  static constexpr bool kPairwise = false, kTakesInitial = false;
  CUPRIC_HD acc_t identity() const { return 0; }
  CUPRIC_HD acc_t reduce(acc_t a, In x, int64_t) const { return a + (cast_value<bool>(x) ? 1 : 0); }
  CUPRIC_HD acc_t combine(acc_t a, acc_t b) const { return a + b; }
  CUPRIC_HD out_t finalize(acc_t a) const { return a; }
  CUPRIC_HD acc_t lift(out_t v) const { return v; }
};

// ---- any / all -----------------------------------------------------------------------------------

template <class In, bool kAll>
struct AnyAll {
  using in_t = In;
  using out_t = bool;
  using acc_t = bool;
  static constexpr bool kPairwise = false, kTakesInitial = true;
  CUPRIC_HD acc_t identity() const { return kAll; }
  CUPRIC_HD acc_t reduce(acc_t a, In x, int64_t) const { return combine(a, cast_value<bool>(x)); }
  CUPRIC_HD acc_t combine(acc_t a, acc_t b) const { return kAll ? (a && b) : (a || b); }
  CUPRIC_HD out_t finalize(acc_t a) const { return a; }
  CUPRIC_HD acc_t lift(out_t v) const { return v; }
};

// ---- min / max (NaN propagates: maximum/minimum) and nanmin / nanmax (fmax/fmin: NaN ignored) ---

template <class T, bool kMax, bool kIgnoreNan>
struct MinMax {
  using in_t = T;
  using out_t = T;
  using acc_t = T;
  static constexpr bool kPairwise = false, kTakesInitial = true;
  // fmax's neutral element is NaN itself (an all-NaN slice gives NaN, as nanmax does).
  CUPRIC_HD acc_t identity() const {
    if constexpr (kIgnoreNan)
      return quiet_nan<T>();
    else
      return kMax ? lowest<T>() : highest<T>();
  }
  CUPRIC_HD acc_t reduce(acc_t a, T x, int64_t) const { return combine(a, x); }
  CUPRIC_HD acc_t combine(acc_t a, acc_t b) const {
    if (is_nan(a)) return kIgnoreNan ? b : a;
    if (is_nan(b)) return kIgnoreNan ? a : b;
    return (kMax ? less(a, b) : less(b, a)) ? b : a;
  }
  CUPRIC_HD out_t finalize(acc_t a) const { return a; }
  CUPRIC_HD acc_t lift(out_t v) const { return v; }
};

// ---- ptp (max - min in one pass; NaN propagates) -------------------------------------------------

template <class T>
struct MinMaxPair {
  T lo, hi;
};

template <class T>
struct Ptp {
  using in_t = T;
  using out_t = T;
  using acc_t = MinMaxPair<T>;
  static constexpr bool kPairwise = false, kTakesInitial = false;
  using Max = MinMax<T, true, false>;
  using Min = MinMax<T, false, false>;
  CUPRIC_HD acc_t identity() const { return acc_t{Min{}.identity(), Max{}.identity()}; }
  CUPRIC_HD acc_t reduce(acc_t a, T x, int64_t) const { return combine(a, acc_t{x, x}); }
  CUPRIC_HD acc_t combine(acc_t a, acc_t b) const {
    return acc_t{Min{}.combine(a.lo, b.lo), Max{}.combine(a.hi, b.hi)};
  }
  CUPRIC_HD out_t finalize(acc_t a) const {
    if constexpr (is_complex_v<T>)
      return T(a.hi.re - a.lo.re, a.hi.im - a.lo.im);
    else if constexpr (is_half_v<T>)
      return T(static_cast<float>(a.hi) - static_cast<float>(a.lo));
    else if constexpr (std::is_integral_v<T>) {
      using U = std::conditional_t<(sizeof(T) < 4), uint32_t, std::make_unsigned_t<T>>;
      return static_cast<T>(static_cast<U>(a.hi) - static_cast<U>(a.lo));  // wraps, as NumPy's subtract
    } else
      return a.hi - a.lo;
  }
  CUPRIC_HD acc_t lift(out_t) const { return identity(); }
};

// ---- argmin / argmax -------------------------------------------------------------------------------

template <class T>
struct ValueIndex {
  T value;
  int64_t index;  // -1: nothing seen yet
};

// The first extreme wins, and the first NaN beats everything (NumPy's argmax/argmin).
template <class T, bool kMax>
struct ArgMinMax {
  using in_t = T;
  using out_t = int64_t;
  using acc_t = ValueIndex<T>;
  static constexpr bool kPairwise = false, kTakesInitial = false;
  CUPRIC_HD acc_t identity() const { return acc_t{T{}, -1}; }
  CUPRIC_HD acc_t reduce(acc_t a, T x, int64_t i) const { return combine(a, acc_t{x, i}); }
  CUPRIC_HD acc_t combine(acc_t a, acc_t b) const {
    if (a.index < 0) return b;
    if (b.index < 0) return a;
    bool an = is_nan(a.value), bn = is_nan(b.value);
    bool a_first = a.index < b.index;
    if (an || bn) return (an && bn) ? (a_first ? a : b) : (an ? a : b);
    if (kMax ? less(b.value, a.value) : less(a.value, b.value)) return a;
    if (kMax ? less(a.value, b.value) : less(b.value, a.value)) return b;
    return a_first ? a : b;
  }
  CUPRIC_HD out_t finalize(acc_t a) const { return a.index < 0 ? 0 : a.index; }
  CUPRIC_HD acc_t lift(out_t) const { return identity(); }
  // Sequential folds (Note [CUDA reductions]: one thread visits its positions in increasing
  // order): whether x, at a later position than best, replaces it. A NaN best is final; a NaN x
  // replaces any other value; ties keep best. Starting from worst() with the thread's first
  // position gives the same answer as combine.
  CUPRIC_HD T worst() const { return kMax ? lowest<T>() : highest<T>(); }
  CUPRIC_HD bool better(T x, T best) const {
    if constexpr (std::is_floating_point_v<T>) {
      // !(x <= best) is x > best or either NaN (one unordered compare); best == best excludes a NaN best.
      if constexpr (kMax)
        return !(x <= best) && best == best;
      else
        return !(x >= best) && best == best;
    } else {
      return !is_nan(best) && (is_nan(x) || (kMax ? less(best, x) : less(x, best)));
    }
  }
};

// ---- mean / var / std ------------------------------------------------------------------------------

// mean's result type: float64 for bool and integers, the input's own type otherwise.
template <class In>
using mean_out_t = std::conditional_t<std::is_integral_v<In>, double, In>;

template <class S>
struct SumCount {
  S sum;
  int64_t n;
};

template <class In>
struct Mean {
  using in_t = In;
  using out_t = mean_out_t<In>;
  using S = compute_t<out_t>;
  using acc_t = SumCount<S>;
  static constexpr bool kPairwise = true, kTakesInitial = false;
  CUPRIC_HD acc_t identity() const { return acc_t{S(0), 0}; }
  CUPRIC_HD acc_t reduce(acc_t a, In x, int64_t) const { return acc_t{add(a.sum, cast_value<S>(x)), a.n + 1}; }
  CUPRIC_HD acc_t combine(acc_t a, acc_t b) const { return acc_t{add(a.sum, b.sum), a.n + b.n}; }
  CUPRIC_HD out_t finalize(acc_t a) const {
    using R = real_t<S>;
    R n = static_cast<R>(a.n);  // 0/0: NaN, as NumPy's mean of an empty slice
    if constexpr (is_complex_v<S>)
      return cast_value<out_t>(S(a.sum.re / n, a.sum.im / n));
    else
      return cast_value<out_t>(a.sum / n);
  }
  CUPRIC_HD acc_t lift(out_t) const { return identity(); }
};

template <class M>
struct Welford {
  M mean;
  real_t<M> m2;  // sum of |x - mean|^2
  int64_t n;
};

// var/std in one pass: Welford's update per element and Chan et al.'s merge of partials, which
// is as accurate as NumPy's two-pass formula and works the same on GPU trees. Complex inputs give
// the variance of the modulus (a real result), as NumPy.
template <class In>
struct Var {
  using in_t = In;
  using M = compute_t<mean_out_t<In>>;
  using R = real_t<M>;
  using out_t = std::conditional_t<is_half_v<In>, In, real_t<mean_out_t<In>>>;
  using acc_t = Welford<M>;
  static constexpr bool kPairwise = true, kTakesInitial = false;
  double ddof = 0;
  bool take_sqrt = false;

  CUPRIC_HD static R abs2(M d) {
    if constexpr (is_complex_v<M>)
      return d.re * d.re + d.im * d.im;
    else
      return d * d;
  }
  CUPRIC_HD static M scale(M d, R s) {
    if constexpr (is_complex_v<M>)
      return M(d.re * s, d.im * s);
    else
      return d * s;
  }
  CUPRIC_HD static M sub(M a, M b) {
    if constexpr (is_complex_v<M>)
      return M(a.re - b.re, a.im - b.im);
    else
      return a - b;
  }
  CUPRIC_HD acc_t identity() const { return acc_t{M(0), R(0), 0}; }
  CUPRIC_HD acc_t reduce(acc_t a, In xin, int64_t) const {
    M x = cast_value<M>(xin);
    int64_t n = a.n + 1;
    M delta = sub(x, a.mean);
    M mean = add(a.mean, scale(delta, R(1) / static_cast<R>(n)));
    M d2 = sub(x, mean);
    R inc;
    if constexpr (is_complex_v<M>)
      inc = delta.re * d2.re + delta.im * d2.im;
    else
      inc = delta * d2;
    return acc_t{mean, a.m2 + inc, n};
  }
  CUPRIC_HD acc_t combine(acc_t a, acc_t b) const {
    if (a.n == 0) return b;
    if (b.n == 0) return a;
    int64_t n = a.n + b.n;
    R fb = static_cast<R>(b.n) / static_cast<R>(n);
    M delta = sub(b.mean, a.mean);
    M mean = add(a.mean, scale(delta, fb));
    R m2 = a.m2 + b.m2 + abs2(delta) * static_cast<R>(a.n) * fb;
    return acc_t{mean, m2, n};
  }
  CUPRIC_HD out_t finalize(acc_t a) const {
    double dof = static_cast<double>(a.n) - ddof;
    if (dof < 0) dof = 0;  // NumPy: max(n - ddof, 0); x/0 gives inf or NaN
    R v = static_cast<R>(static_cast<double>(a.m2) / dof);
    if (take_sqrt) v = std::sqrt(v);
    return cast_value<out_t>(v);
  }
  CUPRIC_HD acc_t lift(out_t) const { return identity(); }
};

}  // namespace cupric::reduce_ops
