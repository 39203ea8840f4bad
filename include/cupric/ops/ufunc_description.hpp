// A ufunc's public, read-only description (Ufunc, the handle the C++ API and the bindings name
// ufuncs by) and its words: identity, the flags of its type resolution and call, the ndarray
// operator it implements. Light (no ndarray), so the op table and the device-portable functors
// (src/kernels/ufunc/ops_*.hpp) include it too; include/cupric/ops/ufunc.hpp includes it.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace cupric {

// numpy.ufunc.identity (what reductions over empty axes start from).
enum class Identity : unsigned char { None, Zero, One, MinusOne, True, False, MinusInf };

// Flags of a ufunc's type resolution and call (Note [Ufunc type resolution] in
// src/ops/ufunc_resolve.cpp). Special cases are keyed by these, never by a ufunc's name.
inline constexpr unsigned kCommutative = 1;   // f(a, b) == f(b, a): one bound-scalar loop serves both sides
inline constexpr unsigned kIntToDouble = 2;   // all-integer inputs use the float64 loop (true_divide)
inline constexpr unsigned kComparison = 4;    // out-of-range Python ints compare exactly (NumPy 2); exact
                                              // int64/uint64 loops ('qQ->?', 'Qq->?')
inline constexpr unsigned kLogical = 8;       // mixed or weak inputs use the '??->?' loop (NumPy's logical promoter)
inline constexpr unsigned kWeakByValue = 16;  // mixed loops (ldexp): a Python scalar fits any loop input its value fits
inline constexpr unsigned kNoLoopError = 32;  // no loop: NumPy's _UFuncNoLoopError, not the legacy TypeError
                                              // (Note [No-loop errors] in src/ops/ufunc_resolve.cpp)
inline constexpr unsigned kIntPower = 64;     // signed integer loops reject negative exponents (power)
inline constexpr unsigned kAssociative = 128;  // the grouping of operands does not change the value: reduce
                                               // may take several axes, accumulate may scan in a tree

// The ndarray operator a ufunc implements (Note [Operator slots] in bindings/ufunc.cpp):
// `a + b` calls the ufunc whose info names OperatorSlot::Add.
enum class OperatorSlot : unsigned char {
  None,
  Add,
  Subtract,
  Multiply,
  TrueDivide,
  FloorDivide,
  Remainder,
  Power,
  And,
  Or,
  Xor,
  Lshift,
  Rshift,
  Negative,
  Positive,
  Absolute,
  Invert,
  Divmod,
  Less,
  LessEqual,
  Equal,
  NotEqual,
  Greater,
  GreaterEqual,
  Count
};

// Note [Ufunc handles]
// A ufunc is named by a `const Ufunc&` (find_ufunc("add"), ufunc_call, ...: ufunc.hpp): the public,
// read-only description of one entry of the op table, what NumPy's ufunc object shows (name,
// nin, nout, identity, types) and the flags and operator slot the bindings read. The entry itself
// (OpDef in src/engine/elementwise/op_table.hpp) derives from it and adds the typed loops, so a
// handle is the entry's address: passing it to ufunc_call is free, its fields read directly, and
// the ufunc code gets the loops back with a static downcast, never a lookup. Handles live as long
// as the program (the op table is filled at load time and never shrinks).
struct Ufunc {
  std::string name;
  int nin = 0, nout = 0;
  Identity identity = Identity::None;
  unsigned flags = 0;  // kCommutative, ... (above)
  OperatorSlot slot = OperatorSlot::None;
  std::string doc;  // the one-line description

  size_t ntypes() const;                   // numpy.ufunc.ntypes
  std::vector<std::string> types() const;  // numpy.ufunc.types: "ff->f", ... in NumPy's order

 protected:
  Ufunc() = default;  // only the op table makes them
  Ufunc(const Ufunc&) = default;
  ~Ufunc() = default;
};

}  // namespace cupric
