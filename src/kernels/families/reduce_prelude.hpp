// Common prelude of the reduction kernel families (reduce_*.inl): the reduction loop template of
// the backend being compiled, and `reg`, which registers one functor's loop under its
// (op, input dtype, result dtype) key (Note [Reduction engine] in engine/reduction/reduction_engine.cpp)
// through `reg_loop`, which the scans' `reg_scan` (scan_prelude.hpp) shares.
#pragma once
#include "kernels/families/family_prelude.hpp"
#include "kernels/reduce_ops.hpp"
#include "engine/reduction/reduction_engine.hpp"
#if defined(CUPRIC_FAMILY_BACKEND_cuda)
#include "engine/reduction/cuda/cuda_reduce.cuh"
#else
#include "engine/reduction/host/host_reduce.hpp"
#endif

namespace cupric::family::inline CUPRIC_FAMILY_BACKEND_NS {  // Note [Family backend namespace]

// Registers functor Op's loop `fn` through `registrar` (register_reduce_loop, register_scan_loop)
// under (op, Op's input dtype, Op's result dtype): the one body of reg and reg_scan.
template <class Op, class Key, class Fn>
void reg_loop(void (*registrar)(LoopBackend, Key, ScalarType, ScalarType, Fn), Key op, Fn fn) {
  registrar(kBackend, op, dtype_of<typename Op::in_t>::value, dtype_of<typename Op::out_t>::value, fn);
}

template <class Op>
void reg(ReduceOp op) {
  reg_loop<Op>(&register_reduce_loop, op, &loops::reduce_loop<Op>);
}

// The dtype NumPy's sum/prod (and cumsum/cumprod) give T by default: bool and integers narrower
// than 64 bits widen to int64/uint64.
template <class T>
using wide_acc_t = std::conditional_t<std::is_same_v<T, bool> || (std::is_signed_v<T> && std::is_integral_v<T>),
                                      int64_t, std::conditional_t<std::is_unsigned_v<T>, uint64_t, T>>;

template <class T> inline constexpr bool is_inexact_v = is_real_float_v<T> || is_complex_v<T>;

}  // namespace cupric::family::inline CUPRIC_FAMILY_BACKEND_NS
