// The argument converters behind cupric.ndarray's methods (bindings/ndarray_methods.cpp, the
// method table), each defined in its area's binding file and shared with that area's module
// function, so `a.sum()` and `cupric.sum(a)` run the same conversion and the same C++ routine.
// A converter turns Python arguments into C++ ones and calls one cupric:: routine; nothing else.
#pragma once
#include "common.hpp"

namespace cupric::py {

// ---- ndarray.cpp: indexing, host transfers, item ----
nb::object array_getitem(nb::handle self, nb::handle key);
void array_setitem(nb::handle self, nb::handle key, nb::handle value);
nb::object array_get(nb::handle self, nb::handle stream, nb::handle order, nb::handle out, bool blocking);
void array_set(nb::handle self, nb::handle arr, nb::handle stream);
nb::object array_item(const PyArray& self, nb::args args);
void init_array_from_args(PyArray* self, nb::handle shape, nb::handle dtype, nb::handle memptr, nb::handle strides,
                          nb::handle order);  // cuda_memory.cpp

// ---- linalg.cpp: products ----
nb::object dot_impl(nb::handle a, nb::handle b, nb::handle out);

// ---- manipulation.cpp: shape manipulation ----
nb::object reshape_method(nb::handle self, nb::args shape, nb::handle order, nb::handle copy);
nb::object ravel_impl(nb::handle self, nb::handle order);
nb::object flatten_method(nb::handle self, nb::handle order);
nb::object transpose_method(nb::handle self, nb::args axes);
nb::object swapaxes_impl(nb::handle self, int64_t axis1, int64_t axis2);
nb::object squeeze_impl(nb::handle self, nb::handle axis);
nb::object diagonal_impl(nb::handle self, int64_t offset, int64_t axis1, int64_t axis2);
nb::object view_impl(nb::handle self, nb::handle dtype, nb::handle type);

// ---- indexing.cpp, joining.cpp, sorting.cpp: item selection ----
nb::object take_impl(nb::handle a, nb::handle indices, nb::handle axis, nb::handle out, nb::handle mode);
void put_method(nb::handle self, nb::handle indices, nb::handle values, nb::handle mode);
nb::object nonzero_impl(nb::handle a);
nb::object compress_method(nb::handle self, nb::handle condition, nb::handle axis, nb::handle out);
nb::object choose_method(nb::handle self, nb::handle choices, nb::handle out, nb::handle mode);
nb::object repeat_method(nb::handle self, nb::handle repeats, nb::handle axis);
void sort_method(nb::handle self, nb::handle axis, nb::handle kind, nb::handle order, nb::handle stable);
nb::object argsort_impl(nb::handle a, nb::handle axis, nb::handle kind, nb::handle order, nb::handle stable);
void partition_method(nb::handle self, nb::handle kth, nb::handle axis, nb::handle kind, nb::handle order);
nb::object argpartition_impl(nb::handle a, nb::handle kth, nb::handle axis, nb::handle kind, nb::handle order);
nb::object searchsorted_impl(nb::handle a, nb::handle v, nb::handle side, nb::handle sorter);

// ---- reduction.cpp, scan.cpp, editing.cpp: calculation ----
using SumMethod = nb::object (*)(nb::handle a, nb::handle axis, nb::handle dtype, nb::handle out, bool keepdims,
                                 nb::handle initial, nb::handle where);
using ExtremumMethod = nb::object (*)(nb::handle a, nb::handle axis, nb::handle out, bool keepdims, nb::handle initial,
                                      nb::handle where);
using ArgExtremumMethod = nb::object (*)(nb::handle a, nb::handle axis, nb::handle out, bool keepdims);
using LogicMethod = nb::object (*)(nb::handle a, nb::handle axis, nb::handle out, bool keepdims, nb::handle where);
using MeanMethod = nb::object (*)(nb::handle a, nb::handle axis, nb::handle dtype, nb::handle out, bool keepdims,
                                  nb::handle where);
using VarMethod = nb::object (*)(nb::handle a, nb::handle axis, nb::handle dtype, nb::handle out, nb::handle ddof,
                                 bool keepdims, nb::handle where, nb::handle mean, nb::handle correction);
using ScanMethod = nb::object (*)(nb::handle a, nb::handle axis, nb::handle dtype, nb::handle out);
extern const SumMethod sum_impl, prod_impl;
extern const ExtremumMethod max_impl, min_impl;
extern const ArgExtremumMethod argmax_impl, argmin_impl;
extern const LogicMethod any_impl, all_impl;
extern const MeanMethod mean_impl;
extern const VarMethod var_impl, std_impl;
extern const ScanMethod cumsum_impl, cumprod_impl;
nb::object ptp_impl(nb::handle a, nb::handle axis, nb::handle out, bool keepdims);
nb::object trace_impl(nb::handle a, int64_t offset, int64_t axis1, int64_t axis2, nb::handle dtype, nb::handle out);

}  // namespace cupric::py
