// The op table, the elementwise engine's registry (DESIGN.md decision 2): every elementwise operation's typed loops, for the host
// and the CUDA backend, keyed by operand dtypes. Kernel families (src/kernels/families/*.inl)
// fill it at load time; the engine and ops read it.
#pragma once
#include <string>
#include <vector>
#include "cupric/dtype.hpp"
#include "engine/elementwise/loop_plan.hpp"
#include "kernels/ufunc/ufunc_info.hpp"

namespace cupric {

// Casts: cast_loops(from, to); fill: fill_loops(t) (a nullary loop carrying the value).
LoopPair& cast_loops(ScalarType from, ScalarType to);
LoopPair& fill_loops(ScalarType t);
// Byte copy of Void elements of any size (state: the int64 itemsize).
LoopPair& bytes_copy_loops();
// Masked copy: out = mask ? x : out, operands (out, out, mask, x) (where= of ufuncs, copyto).
LoopPair& where_loops(ScalarType t);

// Which backend a registration is for: the slot of the loop's dispatch table (Note [Dispatch]).
using LoopBackend = DeviceType;

// Called from kernel-family translation units during static initialisation.
void register_cast_loop(LoopBackend b, ScalarType from, ScalarType to, LoopFn fn);
void register_fill_loop(LoopBackend b, ScalarType t, LoopFn fn);
void register_where_loop(LoopBackend b, ScalarType t, LoopFn fn);

// A named op's typed loops, in NumPy's `types` order (e.g. 'ff->f'), kept sorted by dtype.
//
// Note [Scalar operands]
// A binary loop also comes in "bound" variants: bound[i] is a unary loop over the other input
// whose functor carries input i's value in its state (the state bytes are the value, of the
// loop's dtype for that input). `a + 1.0` runs bound[1] of the 'ff->f' loop: one kernel, no
// device allocation, no copy. Commutative ops register only bound[1] (bound[0] is then the
// same loop with the operands swapped).
struct TypedLoop {
  ScalarType types[kMaxOperands];  // inputs then outputs, as NumPy writes signatures
  LoopPair fns;
  LoopPair bound[2];
  LoopPair second;  // a two-output ufunc's loop for output 1 (`fns` computes output 0)
};
// A named op: its public description (name, arity, identity, flags, slot, doc: Note [Ufunc
// handles] in include/cupric/ops/ufunc.hpp) and its typed loops. Casts and creation kernels are
// entries too, with no ufunc metadata.
struct OpDef : Ufunc {
  std::vector<TypedLoop> loops;
  const char* bool_error = nullptr;
  UfuncInfo info;  // the whole entry: operator slot, reduction route, ... (Note [One definition per ufunc])
  std::string types_string(size_t i) const;  // "ff->f"
  bool is_ufunc() const { return !name.empty() && !loops.empty() && !doc.empty(); }
};
// The entry behind a public handle (every Ufunc is an OpDef: only the op table makes them).
inline const OpDef& op_def_of(const Ufunc& u) { return static_cast<const OpDef&>(u); }
OpDef& op_def(const std::string& name, int nin, int nout);  // creates on first use
const OpDef* find_op(const std::string& name);
std::vector<const OpDef*> all_ops();  // sorted by name
void register_loop(LoopBackend b, const char* op, int nin, int nout, const ScalarType* types, LoopFn fn);
// A ufunc loop with its bound-scalar variants (either may be null).
void register_ufunc_loop(LoopBackend b, const UfuncInfo& info, const ScalarType* types, LoopFn full, LoopFn bound0,
                         LoopFn bound1);
// The loop of output 1 of a two-output ufunc (Note [Two-output ufuncs] in src/ops/ufunc.cpp).
void register_ufunc_second_output(LoopBackend b, const UfuncInfo& info, const ScalarType* types, LoopFn fn);

}  // namespace cupric
