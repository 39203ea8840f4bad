// The op table (DESIGN.md decision 2): every elementwise operation's typed loops, for the host
// and the CUDA backend, keyed by operand dtypes. Kernel families (src/kernels/families/*.inl)
// fill it at load time; the engine and ops read it.
#pragma once
#include <string>
#include <vector>
#include "cupric/dtype.hpp"
#include "kernels/loop_plan.hpp"

namespace cupric {

// Casts: cast_loops(from, to); fill: fill_loops(t) (a nullary loop carrying the value).
LoopPair& cast_loops(ScalarType from, ScalarType to);
LoopPair& fill_loops(ScalarType t);
// Byte copy of Void elements of any size (state: the int64 itemsize).
LoopPair& bytes_copy_loops();

// Which backend a registration is for.
enum class LoopBackend { Host, Cuda };

// Called from kernel-family translation units during static initialisation.
void register_cast_loop(LoopBackend b, ScalarType from, ScalarType to, LoopFn fn);
void register_fill_loop(LoopBackend b, ScalarType t, LoopFn fn);

// A named op's typed loops, in NumPy's `types` order (e.g. 'ff->f').
struct TypedLoop {
  ScalarType types[kMaxOperands];  // inputs then outputs, as NumPy writes signatures
  LoopPair fns;
};
struct OpDef {
  std::string name;
  int nin = 0, nout = 0;
  std::vector<TypedLoop> loops;
};
OpDef& op_def(const std::string& name, int nin, int nout);  // creates on first use
const OpDef* find_op(const std::string& name);
void register_loop(LoopBackend b, const char* op, int nin, int nout, const ScalarType* types, LoopFn fn);

}  // namespace cupric
