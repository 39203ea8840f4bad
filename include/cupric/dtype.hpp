// dtypes: the closed set of element types cupric computes with, their traits, NumPy 2 promotion
// and casting rules.
//
// Note [Promotion tables]
// NumPy's promote_types / can_cast over the built-in numeric types are a fixed 15x15 table
// (bfloat16's row is ml_dtypes'). We keep them as tables rather than re-deriving them from
// kind/size rules: the rules have exceptions (uint64+int64 -> float64, bfloat16+int16 -> error)
// and the table is what NumPy itself ends up with. tests/cpp/test_dtype.cpp and
// tests/python/core/test_dtype.py check every entry against NumPy.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include "cupric/complex.hpp"
#include "cupric/config.hpp"
#include "cupric/half.hpp"

namespace cupric {

// The order is the promotion-table order (see Note [Promotion tables]); do not reorder.
enum class ScalarType : uint8_t {
  Bool, Int8, UInt8, Int16, UInt16, Int32, UInt32, Int64, UInt64,
  Float16, BFloat16, Float32, Float64, Complex64, Complex128,
  Void,  // raw bytes of any size: unstructured V<n>, and the storage of structured dtypes
};
inline constexpr int kNumNumericTypes = 15;

enum class Casting : uint8_t { No, Equiv, Safe, SameKind, Unsafe };

struct DType {
  ScalarType type = ScalarType::Float64;
  int32_t itemsize = 8;

  constexpr DType() = default;
  constexpr DType(ScalarType t);  // numeric types
  static constexpr DType void_(int32_t nbytes) { DType d; d.type = ScalarType::Void; d.itemsize = nbytes; return d; }

  constexpr bool is_void() const { return type == ScalarType::Void; }
  constexpr bool is_bool() const { return type == ScalarType::Bool; }
  constexpr bool is_signed_int() const { return type == ScalarType::Int8 || type == ScalarType::Int16 || type == ScalarType::Int32 || type == ScalarType::Int64; }
  constexpr bool is_unsigned_int() const { return type == ScalarType::UInt8 || type == ScalarType::UInt16 || type == ScalarType::UInt32 || type == ScalarType::UInt64; }
  constexpr bool is_integer() const { return is_signed_int() || is_unsigned_int(); }
  constexpr bool is_floating() const { return type >= ScalarType::Float16 && type <= ScalarType::Float64; }
  constexpr bool is_complex() const { return type == ScalarType::Complex64 || type == ScalarType::Complex128; }
  constexpr bool is_numeric() const { return !is_void(); }
  constexpr int index() const { return static_cast<int>(type); }
  // Element alignment loops assume: NumPy's (complex: that of one component; void: 1).
  constexpr int alignment() const { return is_void() ? 1 : (is_complex() ? itemsize / 2 : itemsize); }

  // NumPy's names: "float32", "bfloat16", "void64" (bits, as numpy prints V8).
  std::string name() const;
  // One-character code: '?', 'b', 'B', 'h', 'H', 'i', 'I', 'l', 'L', 'e', 'E', 'f', 'd', 'F', 'D', 'V'.
  char char_code() const;
  // NumPy kind: 'b', 'i', 'u', 'f', 'c', 'V'.
  char kind() const;

  friend constexpr bool operator==(const DType& a, const DType& b) { return a.type == b.type && a.itemsize == b.itemsize; }
  friend constexpr bool operator!=(const DType& a, const DType& b) { return !(a == b); }
};

constexpr int32_t scalar_type_size(ScalarType t) {
  switch (t) {
    case ScalarType::Bool: case ScalarType::Int8: case ScalarType::UInt8: return 1;
    case ScalarType::Int16: case ScalarType::UInt16: case ScalarType::Float16: case ScalarType::BFloat16: return 2;
    case ScalarType::Int32: case ScalarType::UInt32: case ScalarType::Float32: return 4;
    case ScalarType::Int64: case ScalarType::UInt64: case ScalarType::Float64: case ScalarType::Complex64: return 8;
    case ScalarType::Complex128: return 16;
    case ScalarType::Void: return 0;
  }
  return 0;
}
constexpr DType::DType(ScalarType t) : type(t), itemsize(scalar_type_size(t)) {}

namespace dtypes {
inline constexpr DType bool_{ScalarType::Bool};
inline constexpr DType int8{ScalarType::Int8};
inline constexpr DType uint8{ScalarType::UInt8};
inline constexpr DType int16{ScalarType::Int16};
inline constexpr DType uint16{ScalarType::UInt16};
inline constexpr DType int32{ScalarType::Int32};
inline constexpr DType uint32{ScalarType::UInt32};
inline constexpr DType int64{ScalarType::Int64};
inline constexpr DType uint64{ScalarType::UInt64};
inline constexpr DType float16{ScalarType::Float16};
inline constexpr DType bfloat16{ScalarType::BFloat16};
inline constexpr DType float32{ScalarType::Float32};
inline constexpr DType float64{ScalarType::Float64};
inline constexpr DType complex64{ScalarType::Complex64};
inline constexpr DType complex128{ScalarType::Complex128};
}  // namespace dtypes

// C++ element type <-> ScalarType.
template <class T> struct dtype_of;
#define CUPRIC_DTYPE_OF(T, ST) template <> struct dtype_of<T> { static constexpr ScalarType value = ScalarType::ST; };
CUPRIC_DTYPE_OF(bool, Bool) CUPRIC_DTYPE_OF(int8_t, Int8) CUPRIC_DTYPE_OF(uint8_t, UInt8)
CUPRIC_DTYPE_OF(int16_t, Int16) CUPRIC_DTYPE_OF(uint16_t, UInt16) CUPRIC_DTYPE_OF(int32_t, Int32)
CUPRIC_DTYPE_OF(uint32_t, UInt32) CUPRIC_DTYPE_OF(int64_t, Int64) CUPRIC_DTYPE_OF(uint64_t, UInt64)
CUPRIC_DTYPE_OF(float16, Float16) CUPRIC_DTYPE_OF(bfloat16, BFloat16) CUPRIC_DTYPE_OF(float, Float32)
CUPRIC_DTYPE_OF(double, Float64) CUPRIC_DTYPE_OF(complex64, Complex64) CUPRIC_DTYPE_OF(complex128, Complex128)
#undef CUPRIC_DTYPE_OF
template <class T> inline constexpr DType dtype_v = DType(dtype_of<T>::value);

// Calls f.template operator()<T>() with T the C++ type of a numeric ScalarType. Used where a
// run-time dtype must pick a compile-time type (scalar conversion, loop registration).
template <class F>
decltype(auto) visit_scalar_type(ScalarType t, F&& f) {
  switch (t) {
    case ScalarType::Bool: return f.template operator()<bool>();
    case ScalarType::Int8: return f.template operator()<int8_t>();
    case ScalarType::UInt8: return f.template operator()<uint8_t>();
    case ScalarType::Int16: return f.template operator()<int16_t>();
    case ScalarType::UInt16: return f.template operator()<uint16_t>();
    case ScalarType::Int32: return f.template operator()<int32_t>();
    case ScalarType::UInt32: return f.template operator()<uint32_t>();
    case ScalarType::Int64: return f.template operator()<int64_t>();
    case ScalarType::UInt64: return f.template operator()<uint64_t>();
    case ScalarType::Float16: return f.template operator()<float16>();
    case ScalarType::BFloat16: return f.template operator()<bfloat16>();
    case ScalarType::Float32: return f.template operator()<float>();
    case ScalarType::Float64: return f.template operator()<double>();
    case ScalarType::Complex64: return f.template operator()<complex64>();
    default: return f.template operator()<complex128>();
  }
}

// NumPy 2 promote_types over dtypes (NEP 50 for strong types). Throws TypeError (DTypePromotionError
// in NumPy) when there is no common type.
DType promote_types(DType a, DType b);
// numpy.can_cast(from, to, casting) for dtypes.
bool can_cast(DType from, DType to, Casting casting);
Casting parse_casting(std::string_view s);  // "no", "equiv", "safe", "same_kind", "unsafe"
const char* casting_name(Casting c);
// Parses NumPy-style names and codes: "float32", "f4", "<f4", "f", "bool", "?", "V8", "bfloat16".
DType dtype_from_string(std::string_view s);

}  // namespace cupric
