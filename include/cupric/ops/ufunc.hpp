// Universal functions (NumPy's ufuncs) in the C++ API: operands, options, the generic call, type
// helpers (result_type, min_scalar_type) and one named function per ufunc (cupric::add, ...).
//
// Scalars follow NEP 50 like Python's: a C++ number (int, double, std::complex-like complex128)
// is a *weak* operand, as a Python int/float/complex is (`add(a_f32, 1.0)` is float32); a typed
// `Scalar` (Scalar::of<double>(1.0)) is *strong*, as a NumPy scalar is.
#pragma once
#include <optional>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>
#include "cupric/ndarray.hpp"
#include "cupric/ops/ufunc_description.hpp"  // Ufunc, the handle (Note [Ufunc handles])
#include "cupric/scalar.hpp"

namespace cupric {

class Operand {
 public:
  Operand() = default;                      // a strong float64 zero
  Operand(const ndarray& a) : array_(a) {}  // NOLINT: implicit, so cupric::add(a, b) reads naturally
  Operand(const Scalar& s) : scalar_(s) {}  // strong
  Operand(bool v) : scalar_(Scalar::of<bool>(v)) {}
  template <class I, std::enable_if_t<std::is_integral_v<I> && !std::is_same_v<I, bool>, int> = 0>
  Operand(I v)
      : scalar_(std::is_signed_v<I> || static_cast<uint64_t>(v) <= INT64_MAX
                    ? Scalar::of<int64_t>(static_cast<int64_t>(v))
                    : Scalar::of<uint64_t>(static_cast<uint64_t>(v))),
        weak_('i') {}
  Operand(double v) : scalar_(Scalar::of<double>(v)), weak_('f') {}
  Operand(float v) : Operand(static_cast<double>(v)) {}
  Operand(complex128 v) : scalar_(Scalar::of<complex128>(v)), weak_('c') {}
  // A weak scalar of kind 'i' (int64/uint64 value, or float64 for a Python int beyond uint64),
  // 'f' (float64) or 'c' (complex128): what the Python binding makes of Python numbers.
  static Operand weak(const Scalar& s, char kind) {
    Operand o(s);
    o.weak_ = kind;
    return o;
  }

  // An array operand that refers to `a` instead of holding a handle copy: `a` must outlive the
  // Operand (the Python binding lends the arrays of a call's arguments this way).
  static Operand borrow(const ndarray& a) {
    Operand o;
    o.lend(a);
    return o;
  }
  // Makes this operand refer to `a` (as borrow does) in place.
  void lend(const ndarray& a) {
    ref_ = &a;
    weak_ = 0;
  }

  bool is_array() const { return ref_ != nullptr || array_.defined(); }
  const ndarray& array() const { return ref_ ? *ref_ : array_; }
  const Scalar& scalar() const { return scalar_; }
  char weak_kind() const { return weak_; }  // 0 when strong
  bool is_weak() const { return weak_ != 0; }

 private:
  ndarray array_;
  const ndarray* ref_ = nullptr;
  Scalar scalar_;
  char weak_ = 0;
};

struct UfuncOptions {
  ndarray out[2];                  // undefined entries are allocated
  const ndarray* where = nullptr;  // a boolean mask broadcast to the result; null: everywhere
  bool where_false = false;        // where=False: compute nothing
  std::optional<DType> dtype;      // NumPy's dtype= (the output dtype; inputs too for uniform loops)
  // NumPy's signature= (inputs then outputs; an empty entry is free). Empty vector: none given.
  // With every entry set it names one loop; with some set it picks the first loop that has those
  // types and whose free inputs take the operands safely. Not together with `dtype`.
  std::vector<std::optional<DType>> signature;
  Casting casting = Casting::SameKind;
  Order order = Order::K;
};

struct UfuncResult {
  ndarray out[2];
  int nout = 0;
};

// The ufunc named `name` ("add", "divide", "true_divide", ...), or null.
const Ufunc* find_ufunc(std::string_view name);
// Every ufunc (not the op table's other entries: casts, creation kernels), sorted by name.
std::vector<const Ufunc*> all_ufuncs();
// Calls a ufunc with NumPy 2 semantics: type resolution (NEP 50), casting checks, broadcasting,
// out=/where=/dtype=/casting=/order=. Throws UFuncInputCastingError / UFuncOutputCastingError
// (casts the casting rule refuses), UFuncNoLoopError or TypeError (no loop for the inputs, as
// NumPy: Note [No-loop errors] in src/ops/ufunc_resolve.cpp), TypeError (other type errors), ValueError
// (shapes, negative integer powers), OverflowError (out-of-range Python ints).
UfuncResult ufunc_call(const Ufunc& u, const Operand* inputs, int nin, const UfuncOptions& opts = {});
UfuncResult ufunc_call(std::string_view name, std::initializer_list<Operand> inputs, const UfuncOptions& opts = {});

// ufunc.outer(a, b): u(a[..., None, ...], b) over every pair (a's dimensions, then b's).
UfuncResult ufunc_outer(const Ufunc& u, const ndarray& a, const ndarray& b, const UfuncOptions& opts = {});
// ufunc.at(a, indices, b): in place, once per occurrence of an index (V12-SCATTER; b null for
// unary ufuncs). Note [ufunc.at] in src/ops/ufunc_methods.cpp.
struct Index;
void ufunc_at(const Ufunc& u, const ndarray& a, const std::vector<Index>& indices, const Operand* b = nullptr);
// numpy.real / numpy.imag: views of the parts of a complex array; a real array's real part is
// the array itself and its imaginary part a new zero array.
ndarray real(const ndarray& a);
ndarray imag(const ndarray& a);

// numpy.result_type over operands (weak scalars per NEP 50) and numpy.min_scalar_type.
DType result_type(const Operand* ops, int n);
DType min_scalar_type(const Scalar& value);

// The ufuncs of the ufunc list as functions: cupric::add(a, b), cupric::sqrt(a) return the output;
// the two-output ufuncs (divmod, frexp, modf) return both. clip (three inputs) is in
// ufunc_funcs.hpp, with NumPy's bound forms.
#define CUPRIC_UFUNC_DECL_1_1(NAME) ndarray NAME(const Operand& x, const UfuncOptions& opts = {});
#define CUPRIC_UFUNC_DECL_2_1(NAME) ndarray NAME(const Operand& x1, const Operand& x2, const UfuncOptions& opts = {});
#define CUPRIC_UFUNC_DECL_1_2(NAME) std::pair<ndarray, ndarray> NAME(const Operand& x, const UfuncOptions& opts = {});
#define CUPRIC_UFUNC_DECL_2_2(NAME) \
  std::pair<ndarray, ndarray> NAME(const Operand& x1, const Operand& x2, const UfuncOptions& opts = {});
#define CUPRIC_UFUNC_DECL_3_1(NAME)
#define CUPRIC_UFUNC(FAMILY, F, NAME, NIN, NOUT) CUPRIC_UFUNC_DECL_##NIN##_##NOUT(NAME)
#define CUPRIC_UFUNC_ALIAS(ALIAS, NAME, NIN, NOUT) CUPRIC_UFUNC_DECL_##NIN##_##NOUT(ALIAS)
#include "cupric/ops/ufunc_list.inc"
#undef CUPRIC_UFUNC

// The aliases of the ufunc list ({"true_divide", "divide"}, ...), ending with {nullptr, nullptr}.
struct UfuncAlias {
  const char* alias;
  const char* name;
};
const UfuncAlias* ufunc_aliases();

}  // namespace cupric
