// dtypes: the closed set of element types cupric computes with, their traits, NumPy 2 promotion
// and casting rules.
//
// Note [Promotion tables]
// NumPy's promote_types / can_cast over the built-in numeric types are a fixed table, rows and
// columns in the order of the dtype list (Note [One dtype list] in dtype_list.hpp)
// (bfloat16's row is ml_dtypes'). We keep them as tables rather than re-deriving them from
// kind/size rules: the rules have exceptions (uint64+int64 -> float64, bfloat16+int16 -> error)
// and the table is what NumPy itself ends up with. tests/cpp/test_dtype.cpp and
// tests/python/core/test_dtype.py check every entry against NumPy.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>
#include "cupric/complex.hpp"
#include "cupric/config.hpp"
#include "cupric/dtype_list.hpp"
#include "cupric/half.hpp"

namespace cupric {

// The numeric types in the order of CUPRIC_FORALL_DTYPES (Note [One dtype list]), then Void.
enum class ScalarType : uint8_t {
#define CUPRIC_DTYPE_ENUM(E, T, C, N, CH, K) E,
  CUPRIC_FORALL_DTYPES(CUPRIC_DTYPE_ENUM)
#undef CUPRIC_DTYPE_ENUM
      Void,  // raw bytes of any size: unstructured V<n>, and the storage of structured dtypes
};
inline constexpr int kNumNumericTypes = static_cast<int>(ScalarType::Void);

enum class Casting : uint8_t { No, Equiv, Safe, SameKind, Unsafe };

struct DType {
  ScalarType type = ScalarType::Float64;
  int32_t itemsize = 8;

  constexpr DType() = default;
  constexpr DType(ScalarType t);  // numeric types
  static constexpr DType void_(int32_t nbytes) {
    DType d;
    d.type = ScalarType::Void;
    d.itemsize = nbytes;
    return d;
  }

  constexpr bool is_void() const { return type == ScalarType::Void; }
  constexpr bool is_bool() const { return type == ScalarType::Bool; }
  constexpr bool is_signed_int() const {
    return type == ScalarType::Int8 || type == ScalarType::Int16 || type == ScalarType::Int32 ||
           type == ScalarType::Int64;
  }
  constexpr bool is_unsigned_int() const {
    return type == ScalarType::UInt8 || type == ScalarType::UInt16 || type == ScalarType::UInt32 ||
           type == ScalarType::UInt64;
  }
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

  friend constexpr bool operator==(const DType& a, const DType& b) {
    return a.type == b.type && a.itemsize == b.itemsize;
  }
  friend constexpr bool operator!=(const DType& a, const DType& b) { return !(a == b); }
};

constexpr int32_t scalar_type_size(ScalarType t) {
  switch (t) {
#define CUPRIC_DTYPE_SIZE(E, T, C, N, CH, K) \
  case ScalarType::E: return static_cast<int32_t>(sizeof(T));
    CUPRIC_FORALL_DTYPES(CUPRIC_DTYPE_SIZE)
#undef CUPRIC_DTYPE_SIZE
    case ScalarType::Void: return 0;
  }
  return 0;
}
constexpr DType::DType(ScalarType t) : type(t), itemsize(scalar_type_size(t)) {}

namespace dtypes {
#define CUPRIC_DTYPE_CONSTANT(E, T, C, N, CH, K) inline constexpr DType C{ScalarType::E};
CUPRIC_FORALL_DTYPES(CUPRIC_DTYPE_CONSTANT)
#undef CUPRIC_DTYPE_CONSTANT
}  // namespace dtypes

// C++ element type <-> ScalarType.
template <class T> struct dtype_of;
#define CUPRIC_DTYPE_OF(E, T, C, N, CH, K)             \
  template <> struct dtype_of<T> {                     \
    static constexpr ScalarType value = ScalarType::E; \
  };
CUPRIC_FORALL_DTYPES(CUPRIC_DTYPE_OF)
#undef CUPRIC_DTYPE_OF
template <class T> inline constexpr DType dtype_v = DType(dtype_of<T>::value);

// The C++ types of the numeric dtypes, by ScalarType index (a kernel family's `Self`).
namespace detail {
template <class, class... Ts> struct tuple_of_rest {
  using type = std::tuple<Ts...>;
};
}  // namespace detail
#define CUPRIC_DTYPE_TYPE(E, T, C, N, CH, K) , T
using NumericTypes = typename detail::tuple_of_rest<void CUPRIC_FORALL_DTYPES(CUPRIC_DTYPE_TYPE)>::type;
#undef CUPRIC_DTYPE_TYPE
static_assert(std::tuple_size_v<NumericTypes> == kNumNumericTypes);
template <int I> using numeric_type_t = std::tuple_element_t<I, NumericTypes>;

// Calls f.template operator()<T>() with T the C++ type of a numeric ScalarType (Void: the last
// numeric type, as callers never pass it). Used where a run-time dtype must pick a compile-time
// type (scalar conversion, loop registration).
template <class F>
decltype(auto) visit_scalar_type(ScalarType t, F&& f) {
  switch (t) {
#define CUPRIC_DTYPE_VISIT(E, T, C, N, CH, K) \
  case ScalarType::E: return f.template operator()<T>();
    CUPRIC_FORALL_DTYPES(CUPRIC_DTYPE_VISIT)
#undef CUPRIC_DTYPE_VISIT
    default: return f.template operator()<numeric_type_t<kNumNumericTypes - 1>>();
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
