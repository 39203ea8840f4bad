// Order-preserving unsigned sort keys (Note [Sort keys]): device-portable, used by the host and
// the CUDA sort kernels (host/sort.cpp, cuda/sort_keys.cu).
//
// Note [Sort keys]
// Every sort, argsort, lexsort, searchsorted and unique runs on unsigned integer keys of 1, 2, 4
// or 8 bytes whose unsigned order is NumPy's order of the values, so the radix sort (CUB on the
// GPU) is instantiated for four key types only, keys-only and (key, int64 index) pairs:
//   bool: 0/1; unsigned ints: the value; signed ints: the sign bit flipped;
//   floats (float16, bfloat16, float32, float64, read as their bits): NaNs (any sign or payload)
//   become all ones, so they sort last as NumPy's; other values: the sign bit set for positive
//   numbers and all bits flipped for negative ones. With `canonical_zero`, -0.0 takes +0.0's key
//   (equal keys: stable sorts keep their input order, as NumPy's comparisons do); without it
//   -0.0 sorts just before +0.0 and the key maps back to the exact value (value sorts).
//   complex (NumPy's order: R+Rj < R+nanj < nan+Rj < nan+nanj, lexicographic within each
//   class): three keys compared in turn — the class (0..3), then the real part's key (classes
//   0, 1) or the imaginary part's (class 2), then the imaginary part's (class 0).
// Segmented sorts (along an axis of an N-D array) pack the segment number above the key bits
// in a 64-bit key when they fit (Note [Segmented sorts] in engine/sort/sort_engine.cpp).
// Two CUDA fast paths (SortFns::argsort, SortFns::sort_floats) skip parts of this: a single-key
// argsort carries int32 positions (widened once at the end), and the value sort of a float32 or
// float64 array hands the values to CUB as its own float keys (no key transforms in or out;
// CUB counts -0.0 as +0.0 and the one difference from NumPy's order, NaNs with the sign bit set
// sorting first, is mended by a rotation of that run to the end).
#pragma once
#include <cstdint>
#include "cupric/config.hpp"
#include "cupric/dtype.hpp"

namespace cupric::sortkey {

enum class Kind : int32_t { Bool, Signed, Unsigned, Half, BFloat16, Float };
enum class Part : int32_t { Value, ComplexClass, ComplexFirst, ComplexSecond };

// How a dtype's elements are read: `bytes` per (real) component, the kind, complex or not.
struct Layout {
  int32_t bytes = 0;
  Kind kind = Kind::Unsigned;
  bool complex = false;
};
inline Layout layout_of(ScalarType t) {
  switch (t) {
    case ScalarType::Bool: return {1, Kind::Bool, false};
    case ScalarType::Int8: return {1, Kind::Signed, false};
    case ScalarType::UInt8: return {1, Kind::Unsigned, false};
    case ScalarType::Int16: return {2, Kind::Signed, false};
    case ScalarType::UInt16: return {2, Kind::Unsigned, false};
    case ScalarType::Int32: return {4, Kind::Signed, false};
    case ScalarType::UInt32: return {4, Kind::Unsigned, false};
    case ScalarType::Int64: return {8, Kind::Signed, false};
    case ScalarType::UInt64: return {8, Kind::Unsigned, false};
    case ScalarType::Float16: return {2, Kind::Half, false};
    case ScalarType::BFloat16: return {2, Kind::BFloat16, false};
    case ScalarType::Float32: return {4, Kind::Float, false};
    case ScalarType::Float64: return {8, Kind::Float, false};
    case ScalarType::Complex64: return {4, Kind::Float, true};
    case ScalarType::Complex128: return {8, Kind::Float, true};
    default: return {0, Kind::Unsigned, false};
  }
}

// The parameters of one key transform (host and CUDA to_key).
struct KeySpec {
  ScalarType type = ScalarType::Float64;
  Part part = Part::Value;
  bool canonical_zero = true;
  int32_t out_bytes = 0;  // natural width (Part::ComplexClass: 1) or 8 (widened / packed)
  int64_t seglen = 0;     // > 0: key |= (i / seglen) << seg_shift (out_bytes 8)
  int32_t seg_shift = 0;
};
inline int32_t natural_bytes(ScalarType t, Part part) { return part == Part::ComplexClass ? 1 : layout_of(t).bytes; }

template <class U>
CUPRIC_HD constexpr U sign_bit() {
  return static_cast<U>(U(1) << (sizeof(U) * 8 - 1));
}

template <class U>
CUPRIC_HD inline bool is_nan_bits(U u, Kind k) {
  const U a = static_cast<U>(u & static_cast<U>(~sign_bit<U>()));
  if constexpr (sizeof(U) == 2)
    return k == Kind::Half ? a > 0x7c00u : (k == Kind::BFloat16 ? a > 0x7f80u : false);
  else if constexpr (sizeof(U) == 4)
    return k == Kind::Float && a > 0x7f800000u;
  else if constexpr (sizeof(U) == 8)
    return k == Kind::Float && a > 0x7ff0000000000000ull;
  else
    return false;
}

template <class U>
CUPRIC_HD inline U key_of(U u, Kind k, bool canonical_zero) {
  switch (k) {
    case Kind::Bool: return static_cast<U>(u != 0);
    case Kind::Signed: return static_cast<U>(u ^ sign_bit<U>());
    case Kind::Unsigned: return u;
    default: {
      if (is_nan_bits(u, k)) return static_cast<U>(~U(0));
      if (canonical_zero && static_cast<U>(u & static_cast<U>(~sign_bit<U>())) == 0) u = 0;
      return (u & sign_bit<U>()) ? static_cast<U>(~u) : static_cast<U>(u | sign_bit<U>());
    }
  }
}

template <class U>
CUPRIC_HD inline U value_of(U key, Kind k) {
  switch (k) {
    case Kind::Bool:
    case Kind::Unsigned: return key;
    case Kind::Signed: return static_cast<U>(key ^ sign_bit<U>());
    default: {
      if (key == static_cast<U>(~U(0))) {  // canonical quiet NaN
        if constexpr (sizeof(U) == 2)
          return static_cast<U>(k == Kind::Half ? 0x7e00u : 0x7fc0u);
        else if constexpr (sizeof(U) == 4)
          return static_cast<U>(0x7fc00000u);
        else if constexpr (sizeof(U) == 8)
          return static_cast<U>(0x7ff8000000000000ull);
        else
          return key;
      }
      return (key & sign_bit<U>()) ? static_cast<U>(key & static_cast<U>(~sign_bit<U>())) : static_cast<U>(~key);
    }
  }
}

// The key of part `p` of a complex number with component bits (re, im) (Note [Sort keys]).
template <class U>
CUPRIC_HD inline U complex_key(U re, U im, Part p) {
  const bool rn = is_nan_bits(re, Kind::Float), in = is_nan_bits(im, Kind::Float);
  const int cls = rn ? (in ? 3 : 2) : (in ? 1 : 0);
  switch (p) {
    case Part::ComplexClass: return static_cast<U>(cls);
    case Part::ComplexFirst:
      return cls <= 1 ? key_of(re, Kind::Float, true) : (cls == 2 ? key_of(im, Kind::Float, true) : U(0));
    default: return cls == 0 ? key_of(im, Kind::Float, true) : U(0);
  }
}

// Element i's key: U the component bits, K the key type written.
template <class U, class K>
CUPRIC_HD inline K element_key(const U* src, int64_t i, const KeySpec& s, Kind kind, bool complex) {
  K k;
  if (complex)
    k = static_cast<K>(complex_key(src[2 * i], src[2 * i + 1], s.part));
  else
    k = static_cast<K>(key_of(src[i], kind, s.canonical_zero));
  if (s.seglen > 0) k = static_cast<K>(k | (static_cast<K>(i / s.seglen) << s.seg_shift));
  return k;
}

// Binary search over composite keys of up to three uint64 parts (most significant first).
struct KeyParts {
  const uint64_t* p[3] = {nullptr, nullptr, nullptr};
  int n = 0;
};
CUPRIC_HD inline int compare_keys(const KeyParts& a, int64_t i, const KeyParts& v, int64_t j) {
  for (int k = 0; k < a.n; ++k) {
    const uint64_t x = a.p[k][i], y = v.p[k][j];
    if (x != y) return x < y ? -1 : 1;
  }
  return 0;
}
// The insertion point of v[j] in a[0, n): left: first i with a[i] >= v; right: first a[i] > v.
CUPRIC_HD inline int64_t search_one(const KeyParts& a, int64_t n, const KeyParts& v, int64_t j, bool right) {
  int64_t lo = 0, hi = n;
  while (lo < hi) {
    const int64_t mid = lo + (hi - lo) / 2;
    const int c = compare_keys(a, mid, v, j);
    if (c < 0 || (right && c == 0))
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

}  // namespace cupric::sortkey
