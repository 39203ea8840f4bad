// Turns a ufunc functor (ops_*.hpp) into typed loops for one dtype and registers them in the op
// table. Included by the ufunc kernel families after family_prelude.hpp, which picks the host or
// CUDA loop templates (`loops::elementwise_loop`).
#pragma once
#include "kernels/ufunc/ops_unary.hpp"

namespace cupric::family::inline CUPRIC_FAMILY_BACKEND_NS {  // Note [Family backend namespace]

// Loads in the storage type, computes in compute_t (Note [Ufunc compute types]), stores Out.
template <class Op, class A, class B>
struct BinaryF {
  using Out = typename Op::template out<A>;
  CUPRIC_HD Out operator()(A a, B b) const {
    if constexpr (std::is_same_v<A, B>) {
      using C = ufn::compute_t<A>;
      return cast_value<Out>(Op{}(static_cast<C>(a), static_cast<C>(b)));
    } else {
      // int64 against uint64 (NumPy's exact 'qQ->?' comparison loops): negative values are below
      // every uint64, so they compare like -1 against 0.
      if constexpr (std::is_signed_v<A>) {
        if (a < 0) return Op{}(int64_t{-1}, int64_t{0});
        return Op{}(static_cast<uint64_t>(a), static_cast<uint64_t>(b));
      } else {
        if (b < 0) return Op{}(int64_t{0}, int64_t{-1});
        return Op{}(static_cast<uint64_t>(a), static_cast<uint64_t>(b));
      }
    }
  }
};
// Note [Scalar operands] in op_table.hpp: the bound value is the functor's only member, so the
// state bytes the ufunc layer passes are just the value.
template <class Op, class A, class B>
struct BindRightF {
  B value;
  CUPRIC_HD auto operator()(A a) const { return BinaryF<Op, A, B>{}(a, value); }
};
template <class Op, class A, class B>
struct BindLeftF {
  A value;
  CUPRIC_HD auto operator()(B b) const { return BinaryF<Op, A, B>{}(value, b); }
};
template <class Op, class T>
struct UnaryF {
  using Out = typename Op::template out<T>;
  CUPRIC_HD Out operator()(T x) const { return cast_value<Out>(Op{}(static_cast<ufn::compute_t<T>>(x))); }
};

template <class Op, class A, class B = A>
void register_binary() {
  using Out = typename Op::template out<A>;
  const ScalarType types[3] = {dtype_of<A>::value, dtype_of<B>::value, dtype_of<Out>::value};
  LoopFn bound0 = nullptr;
  if constexpr (!(Op::info.flags & kCommutative)) bound0 = &loops::elementwise_loop<BindLeftF<Op, A, B>, Out, B>;
  register_ufunc_loop(kBackend, Op::info, types, &loops::elementwise_loop<BinaryF<Op, A, B>, Out, A, B>, bound0,
                      &loops::elementwise_loop<BindRightF<Op, A, B>, Out, A>);
}

template <class Op, class T>
void register_unary() {
  using Out = typename Op::template out<T>;
  const ScalarType types[2] = {dtype_of<T>::value, dtype_of<Out>::value};
  register_ufunc_loop(kBackend, Op::info, types, &loops::elementwise_loop<UnaryF<Op, T>, Out, T>, nullptr, nullptr);
}

// Registers T's loop of every op in Ops that has one.
template <class T, class... Ops>
void register_ops_for() {
  (
      [] {
        if constexpr (Ops::template has_loop<T>) {
          if constexpr (Ops::info.nin == 1) register_unary<Ops, T>();
          else register_binary<Ops, T>();
        }
      }(),
      ...);
}

}  // namespace cupric::family
