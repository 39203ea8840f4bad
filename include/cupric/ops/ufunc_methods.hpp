// ufunc.reduce, ufunc.accumulate and ufunc.reduceat (NumPy's semantics and messages) for every
// binary single-output ufunc. Note [ufunc.reduce routing] in src/ops/ufunc_reduce.cpp: ufuncs
// with a reduction functor go to the reduction/scan engines, the others are composed of calls of
// the ufunc itself on slices. `u` is an op-table entry (find_ufunc); the string_view overloads
// look the ufunc up by name ("add", "subtract", ...).
#pragma once
#include <optional>
#include <string_view>
#include "cupric/ndarray.hpp"
#include "cupric/ops/reduction.hpp"
#include "cupric/ops/ufunc.hpp"

namespace cupric {

// ufunc.reduce(array, axis=0, dtype=None, out=None, keepdims=False, initial=<no value>, where=True).
// `where` undefined: everywhere. `initial` is cast (unsafely) to the result dtype.
ndarray ufunc_reduce(const Ufunc& u, const ndarray& a, const AxisArg& axis = AxisArg(0), OptDType dtype = {},
                     const ndarray& out = {}, bool keepdims = false, OptScalar initial = {}, const ndarray& where = {});
ndarray ufunc_reduce(std::string_view name, const ndarray& a, const AxisArg& axis = AxisArg(0), OptDType dtype = {},
                     const ndarray& out = {}, bool keepdims = false, OptScalar initial = {}, const ndarray& where = {});
// The dtype ufunc_reduce returns for these arguments (what a Python `initial` is converted to).
DType ufunc_reduce_dtype(const Ufunc& u, const ndarray& a, OptDType dtype = {});

// ufunc.accumulate(array, axis=0, dtype=None, out=None): the running results along one axis.
ndarray ufunc_accumulate(const Ufunc& u, const ndarray& a, int64_t axis = 0, OptDType dtype = {},
                         const ndarray& out = {});
ndarray ufunc_accumulate(std::string_view name, const ndarray& a, int64_t axis = 0, OptDType dtype = {},
                         const ndarray& out = {});

// ufunc.reduceat(array, indices, axis=0, dtype=None, out=None): reductions over
// [indices[i], indices[i+1]) (the single element a[indices[i]] where indices do not increase).
// `indices` is a 1-d integer array (any backend; read on the host: one sync).
ndarray ufunc_reduceat(const Ufunc& u, const ndarray& a, const ndarray& indices, int64_t axis = 0, OptDType dtype = {},
                       const ndarray& out = {});
ndarray ufunc_reduceat(std::string_view name, const ndarray& a, const ndarray& indices, int64_t axis = 0,
                       OptDType dtype = {}, const ndarray& out = {});

}  // namespace cupric
