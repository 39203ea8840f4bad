// Copies, casts, fills: the routines the elementwise engine serves in the foundation.
#pragma once
#include "cupric/ndarray.hpp"
#include "cupric/scalar.hpp"

namespace cupric {

// An uninitialised array shaped like `a`; order K keeps a's memory order (NumPy's empty_like).
ndarray empty_like(const ndarray& a, DType dtype, Order order = Order::K);
inline ndarray empty_like(const ndarray& a) { return empty_like(a, a.dtype()); }
// empty_like with NumPy's shape= argument: order K keeps a's memory order when `shape` has a's
// number of dimensions, else gives C order.
ndarray empty_like(const ndarray& a, DType dtype, Order order, const Dims& shape);
// Writes src (broadcast to dst's shape, cast with `casting`) into dst. ValueError on shapes,
// TypeError when the cast is not allowed by `casting`. Handles overlapping dst and src.
void copyto(const ndarray& dst, const ndarray& src, Casting casting = Casting::SameKind);
// NumPy's ndarray.astype; copy=false returns `a` itself when nothing needs to change.
ndarray astype(const ndarray& a, DType dtype, Order order = Order::K, Casting casting = Casting::Unsafe,
               bool copy = true);
ndarray copy(const ndarray& a, Order order = Order::K);
void fill(const ndarray& a, const Scalar& value);  // value is cast (unsafely) to a's dtype
// Moves `a` to another backend (host <-> cuda), keeping its layout if contiguous.
ndarray to_backend(const ndarray& a, Backend& b);

}  // namespace cupric
