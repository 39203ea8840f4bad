// dtype names, codes and the NumPy 2 promotion and casting tables (Note [Promotion tables]).
#include "cupric/dtype.hpp"
#include "cupric/error.hpp"

namespace cupric {
namespace {

constexpr int8_t kPromote[kNumNumericTypes][kNumNumericTypes] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14},
    {1, 1, 3, 3, 5, 5, 7, 7, 12, 9, 10, 11, 12, 13, 14},
    {2, 3, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14},
    {3, 3, 3, 3, 5, 5, 7, 7, 12, 11, -1, 11, 12, 13, 14},
    {4, 5, 4, 5, 4, 5, 6, 7, 8, 11, -1, 11, 12, 13, 14},
    {5, 5, 5, 5, 5, 5, 7, 7, 12, 12, -1, 12, 12, 14, 14},
    {6, 7, 6, 7, 6, 7, 6, 7, 8, 12, -1, 12, 12, 14, 14},
    {7, 7, 7, 7, 7, 7, 7, 7, 12, 12, -1, 12, 12, 14, 14},
    {8, 12, 8, 12, 8, 12, 8, 12, 8, 12, -1, 12, 12, 14, 14},
    {9, 9, 9, 11, 11, 12, 12, 12, 12, 9, -1, 11, 12, 13, 14},
    {10, 10, 10, -1, -1, -1, -1, -1, -1, -1, 10, 11, 12, 13, 14},
    {11, 11, 11, 11, 11, 12, 12, 12, 12, 11, 11, 11, 12, 13, 14},
    {12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 14, 14},
    {13, 13, 13, 13, 13, 14, 14, 14, 14, 13, 13, 13, 14, 13, 14},
    {14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14},
};

constexpr uint8_t kSafe[kNumNumericTypes][kNumNumericTypes] = {
    {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, {0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 1, 1, 1, 1},
    {0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, {0, 0, 0, 1, 0, 1, 0, 1, 0, 0, 0, 1, 1, 1, 1},
    {0, 0, 0, 0, 1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1}, {0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 1},
    {0, 0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 0, 1}, {0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1},
    {0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1}, {0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 1, 1},
    {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1}, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1},
    {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1}, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1},
    {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1},
};

constexpr uint8_t kSameKind[kNumNumericTypes][kNumNumericTypes] = {
    {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, {0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 1, 1, 1, 1},
    {0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, {0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 1, 1, 1, 1},
    {0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, {0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 1, 1, 1, 1},
    {0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, {0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 1, 1, 1, 1},
    {0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, {0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1},
    {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1}, {0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1},
    {0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1}, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 1},
    {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 1},
};

// Names, codes and kinds from the dtype list (Note [One dtype list]).
#define CUPRIC_DTYPE_NAME(E, T, C, N, CH, K) N,
#define CUPRIC_DTYPE_CHAR(E, T, C, N, CH, K) CH,
#define CUPRIC_DTYPE_KIND(E, T, C, N, CH, K) K,
constexpr const char* kNames[kNumNumericTypes] = {CUPRIC_FORALL_DTYPES(CUPRIC_DTYPE_NAME)};
constexpr char kChars[kNumNumericTypes] = {CUPRIC_FORALL_DTYPES(CUPRIC_DTYPE_CHAR)};
constexpr char kKinds[kNumNumericTypes] = {CUPRIC_FORALL_DTYPES(CUPRIC_DTYPE_KIND)};
#undef CUPRIC_DTYPE_NAME
#undef CUPRIC_DTYPE_CHAR
#undef CUPRIC_DTYPE_KIND

}  // namespace

std::string DType::name() const {
  if (is_void()) return "void" + std::to_string(itemsize * 8);
  return kNames[index()];
}
char DType::char_code() const { return is_void() ? 'V' : kChars[index()]; }
char DType::kind() const {
  // (bfloat16 reports kind 'V' in NumPy, as ml_dtypes is a user dtype; for rules it is 'f')
  return is_void() ? 'V' : kKinds[index()];
}

DType promote_types(DType a, DType b) {
  if (a.is_void() || b.is_void()) {
    if (a == b) return a;
    throw TypeError("The DType <class 'numpy.dtypes.VoidDType'> could not be promoted by " + a.name() + " and " +
                    b.name() + ". This means that no common DType exists for the given inputs.");
  }
  int r = kPromote[a.index()][b.index()];
  if (r < 0)
    throw TypeError("The DTypes " + a.name() + " and " + b.name() +
                    " do not have a common DType (numpy.exceptions.DTypePromotionError).");
  return DType(static_cast<ScalarType>(r));
}

bool can_cast(DType from, DType to, Casting casting) {
  if (casting == Casting::Unsafe) return true;
  if (from.is_void() || to.is_void()) {  // NumPy's rules for unstructured void
    if (from.is_void() && to.is_void()) {
      if (from.itemsize == to.itemsize) return true;
      return from.itemsize < to.itemsize ? casting >= Casting::Safe : casting >= Casting::SameKind;
    }
    return to.is_void() && casting >= Casting::Safe;  // numeric -> void: safe; void -> numeric: unsafe only
  }
  if (casting == Casting::No || casting == Casting::Equiv) return from == to;
  if (casting == Casting::Safe) return kSafe[from.index()][to.index()] != 0;
  return kSameKind[from.index()][to.index()] != 0;
}

Casting parse_casting(std::string_view s) {
  if (s == "no") return Casting::No;
  if (s == "equiv") return Casting::Equiv;
  if (s == "safe") return Casting::Safe;
  if (s == "same_kind") return Casting::SameKind;
  if (s == "unsafe") return Casting::Unsafe;
  throw ValueError("casting must be one of 'no', 'equiv', 'safe', 'same_kind', or 'unsafe' (got '" + std::string(s) +
                   "')");
}

const char* casting_name(Casting c) {
  switch (c) {
    case Casting::No: return "no";
    case Casting::Equiv: return "equiv";
    case Casting::Safe: return "safe";
    case Casting::SameKind: return "same_kind";
    default: return "unsafe";
  }
}

DType dtype_from_string(std::string_view s) {
  std::string_view body = s;
  if (!body.empty() && (body[0] == '<' || body[0] == '=' || body[0] == '|')) body.remove_prefix(1);
  for (int i = 0; i < kNumNumericTypes; ++i) {
    if (body == kNames[i]) return DType(static_cast<ScalarType>(i));
    if (body.size() == 1 && body[0] == kChars[i]) return DType(static_cast<ScalarType>(i));
  }
  // Kind and size, "i4", "c16" (bfloat16 has none: "f2" is float16, which comes first).
  for (int i = 0; i < kNumNumericTypes; ++i) {
    const DType d(static_cast<ScalarType>(i));
    if (d.type != ScalarType::BFloat16 && body.size() >= 2 && body[0] == d.kind() &&
        body.substr(1) == std::to_string(d.itemsize))
      return d;
  }
  struct Alias {
    const char* s;
    ScalarType t;
  };
  static constexpr Alias aliases[] = {
      {"q", ScalarType::Int64},        {"Q", ScalarType::UInt64},           {"half", ScalarType::Float16},
      {"single", ScalarType::Float32}, {"double", ScalarType::Float64},     {"float", ScalarType::Float64},
      {"int", ScalarType::Int64},      {"complex", ScalarType::Complex128}, {"bool_", ScalarType::Bool}};
  for (const auto& a : aliases)
    if (body == a.s) return DType(a.t);
  if (!body.empty() && body[0] == 'V') {
    std::string digits(body.substr(1));
    if (!digits.empty() && digits.find_first_not_of("0123456789") == std::string::npos) {
      int n = std::stoi(digits);
      if (n > 0) return DType::void_(n);
    }
  }
  throw ValueError("Unsupported dtype " + std::string(s));
}

}  // namespace cupric
