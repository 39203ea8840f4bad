// Kernel family "cast": casts from one dtype (Self) to every dtype, and fill of Self.
// Serves copy, astype, assignment and fill (ops/copy.cpp), and the masked copy of where=.
#include "cupric/detail/cast_value.hpp"

CUPRIC_FAMILY_BEGIN

template <class To, class From>
struct CastF {
  CUPRIC_HD To operator()(From x) const { return cast_value<To>(x); }
};

template <class T>
struct FillF {
  T value;
  CUPRIC_HD T operator()() const { return value; }
};

// where=: out = mask ? x : out (operands out, out, mask, x).
template <class T>
struct WhereF {
  CUPRIC_HD T operator()(T old, bool m, T x) const { return m ? x : old; }
};

struct Register {
  Register() {
    for_each_type([]<class To>() {
      register_cast_loop(kBackend, dtype_of<Self>::value, dtype_of<To>::value,
                         &loops::elementwise_loop<CastF<To, Self>, To, Self>);
    });
    register_fill_loop(kBackend, dtype_of<Self>::value, &loops::elementwise_loop<FillF<Self>, Self>);
    register_where_loop(kBackend, dtype_of<Self>::value, &loops::elementwise_loop<WhereF<Self>, Self, Self, bool, Self>);
  }
} register_instance;

CUPRIC_FAMILY_END
