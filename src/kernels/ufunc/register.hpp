// Turns a ufunc functor (ops_*.hpp) into typed loops for one dtype and registers them in the op
// table. Included by the ufunc kernel families after family_prelude.hpp, which picks the host or
// CUDA loop templates (`loops::elementwise_loop`).
#pragma once
#include "kernels/ufunc/ufunc_registry.hpp"

namespace cupric::family::inline CUPRIC_FAMILY_BACKEND_NS {  // Note [Family backend namespace]

// Loads in the storage type, computes in compute_t (Note [Ufunc compute types]), stores Out.
template <class Op, class A, class B>
struct BinaryF {
  using Out = typename Op::template out<A>;
  CUPRIC_HD Out operator()(A a, B b) const {
    if constexpr (std::is_same_v<A, B> && requires { Op::storage_args; }) {
      return Op{}(a, b);
    } else if constexpr (std::is_same_v<A, B>) {
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
  CUPRIC_HD Out operator()(T x) const {
    if constexpr (requires { Op::storage_args; })
      return Op{}(x);  // the op works on the storage type
    else
      return cast_value<Out>(Op{}(static_cast<ufn::compute_t<T>>(x)));
  }
};
template <class Op, class T>
struct TernaryF {
  using Out = typename Op::template out<T>;
  CUPRIC_HD Out operator()(T x, T y, T z) const {
    using C = ufn::compute_t<T>;
    return cast_value<Out>(Op{}(static_cast<C>(x), static_cast<C>(y), static_cast<C>(z)));
  }
};
// Output K (0 or 1) of a two-output ufunc, whose functor returns ufn::Pair (Note [Two-output
// ufuncs] in src/ops/ufunc.cpp: each output has its own loop).
template <class Op, int K, class T, class... In>
struct PickF {
  using Out = std::conditional_t<K == 0, typename Op::template out<T>, typename Op::template out2<T>>;
  CUPRIC_HD Out operator()(In... x) const {
    auto p = Op{}(static_cast<ufn::compute_t<In>>(x)...);
    if constexpr (K == 0)
      return cast_value<Out>(p.first);
    else
      return cast_value<Out>(p.second);
  }
};

template <class Op, class A, class B = A>
void register_binary() {
  using Out = typename Op::template out<A>;
  const ScalarType types[3] = {dtype_of<A>::value, dtype_of<B>::value, dtype_of<Out>::value};
  LoopFn bound0 = nullptr;
  if constexpr (!(ufn::ufunc_info_v<Op>.flags & kCommutative))
    bound0 = &loops::elementwise_loop<BindLeftF<Op, A, B>, Out, B>;
  register_ufunc_loop(kBackend, ufn::ufunc_info_v<Op>, types, &loops::elementwise_loop<BinaryF<Op, A, B>, Out, A, B>,
                      bound0, &loops::elementwise_loop<BindRightF<Op, A, B>, Out, A>);
}

template <class Op, class T>
void register_unary() {
  using Out = typename Op::template out<T>;
  const ScalarType types[2] = {dtype_of<T>::value, dtype_of<Out>::value};
  register_ufunc_loop(kBackend, ufn::ufunc_info_v<Op>, types, &loops::elementwise_loop<UnaryF<Op, T>, Out, T>, nullptr,
                      nullptr);
}

template <class Op, class T>
void register_ternary() {
  using Out = typename Op::template out<T>;
  const ScalarType types[4] = {dtype_of<T>::value, dtype_of<T>::value, dtype_of<T>::value, dtype_of<Out>::value};
  register_ufunc_loop(kBackend, ufn::ufunc_info_v<Op>, types, &loops::elementwise_loop<TernaryF<Op, T>, Out, T, T, T>,
                      nullptr, nullptr);
}

// A two-output ufunc of nin inputs, all of type T: one loop per output.
template <class Op, class T, class... In>
void register_two_outputs() {
  using O0 = typename PickF<Op, 0, T, In...>::Out;
  using O1 = typename PickF<Op, 1, T, In...>::Out;
  const ScalarType types[] = {dtype_of<In>::value..., dtype_of<O0>::value, dtype_of<O1>::value};
  constexpr const UfuncInfo& info = ufn::ufunc_info_v<Op>;
  register_ufunc_loop(kBackend, info, types, &loops::elementwise_loop<PickF<Op, 0, T, In...>, O0, In...>, nullptr,
                      nullptr);
  register_ufunc_second_output(kBackend, info, types, &loops::elementwise_loop<PickF<Op, 1, T, In...>, O1, In...>);
}

// Registers T's loops of every ufunc of `Family` in the ufunc list that has one (Note [One
// definition per ufunc] in ufunc_registry.hpp). Comparisons (kComparison) also get NumPy's exact
// mixed int64/uint64 loops ('qQ->?', 'Qq->?') from the int64 and uint64 instances.
template <class T, ufn::UfuncFamily Family>
void register_family_ufuncs() {
  ufn::for_each_ufunc_of<Family>([]<class Op>() {
    constexpr UfuncInfo info = ufn::ufunc_info_v<Op>;
    if constexpr (Op::template has_loop<T>) {
      if constexpr (info.nout == 2 && info.nin == 1)
        register_two_outputs<Op, T, T>();
      else if constexpr (info.nout == 2)
        register_two_outputs<Op, T, T, T>();
      else if constexpr (info.nin == 1)
        register_unary<Op, T>();
      else if constexpr (info.nin == 3)
        register_ternary<Op, T>();
      else
        register_binary<Op, T>();
    }
    if constexpr ((info.flags & kComparison) && std::is_same_v<T, int64_t>) register_binary<Op, int64_t, uint64_t>();
    if constexpr ((info.flags & kComparison) && std::is_same_v<T, uint64_t>) register_binary<Op, uint64_t, int64_t>();
  });
}

}  // namespace cupric::family::inline CUPRIC_FAMILY_BACKEND_NS
