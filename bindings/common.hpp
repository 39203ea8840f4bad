// Shared pieces of the binding layer: the Python ndarray object, dtype and scalar conversion,
// and the per-area init functions module.cpp calls. No logic beyond argument conversion.
#pragma once
#include <optional>
#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>
#include <cupric/cupric.hpp>

namespace nb = nanobind;

namespace cupric::py {

// The Python-visible ndarray: the C++ array plus what only Python needs.
struct PyArray {
  ndarray arr;
  nb::object base;   // None, or the array this one is a view of (NumPy's `base`, collapsed)
  nb::object descr;  // the numpy dtype for void/structured arrays; None otherwise
};

// A dtype-like Python object resolved to a cupric DType and the numpy dtype it stands for.
struct ResolvedDType {
  DType dtype;
  nb::object descr;  // always a numpy.dtype
};
ResolvedDType resolve_dtype(nb::handle obj);  // None -> float64; ValueError "Unsupported dtype X"
nb::object dtype_object(DType dt, nb::handle descr = nb::handle());  // the numpy.dtype of an array
nb::object numpy();                                                  // the numpy module

// Wraps a result. `view_of`, when given, is the array the result may be a view of: if the result
// shares its memory, base is set (collapsed to the owner, as NumPy does).
nb::object wrap(ndarray a, nb::handle descr = nb::handle(), const PyArray* view_of = nullptr,
                nb::handle view_of_obj = nb::handle());
nb::object wrap_view(ndarray a, nb::handle self_obj);  // a view of self (keeps self's descr)
PyArray& unwrap(nb::handle obj);                       // TypeError if not a cupric.ndarray
bool is_array(nb::handle obj);

Dims to_dims(nb::handle obj);  // int or sequence of ints (shape arguments)
nb::tuple dims_tuple(const Dims& d);
Order to_order(nb::handle obj, bool allow_ak = true);  // None -> K
// A Python value (bool/int/float/complex/numpy scalar) converted for storage in `target`, with
// NumPy 2's checks (V14-PROMO-2: Python ints out of range raise OverflowError).
Scalar scalar_for(nb::handle value, DType target);
// The dtype NumPy gives a Python/numpy scalar (int -> int64, float -> float64, ...).
bool is_python_scalar(nb::handle v);
bool is_numpy_scalar(nb::handle v);  // an instance of numpy.generic
// A cupric array or scalar as a ufunc operand (NEP 50: Python numbers weak, NumPy scalars and
// arrays strong); false for anything else (bindings/ufunc.cpp).
bool to_operand(nb::handle v, Operand& out);
// A reduction's `initial=`: None, a one-element cupric array (read back: one host sync) or a
// Python/NumPy scalar checked for `result` with NumPy 2's rules (bindings/reduction.cpp).
OptScalar to_initial(nb::handle v, DType result);
ResolvedDType scalar_dtype(nb::handle v);
// Any array-like (cupric array, numpy array, list, scalar) as a cupric array on the default
// backend; dtype (if not None) is applied as NumPy's array(obj, dtype) would. `descr_out`
// receives the numpy dtype for void/structured results (None otherwise).
ndarray as_device_array(nb::handle obj, nb::handle dtype = nb::none(), nb::object* descr_out = nullptr,
                        Order order = Order::K);
// An optional array argument: None -> an undefined ndarray (the C++ routine's "not given"),
// a cupric array as it is, any other array-like through as_device_array (ndarray.cpp).
ndarray array_arg_or_none(nb::handle obj);
// An argument as a C++ ufunc-style operand: cupric arrays and numbers as to_operand takes them
// (Python numbers weak), any other array-like converted with as_device_array (ndarray.cpp).
Operand operand_of(nb::handle v);
// Writes `value` (array-like or scalar) into the view `dst` as NumPy's setitem does.
void assign_to(const ndarray& dst, nb::handle dst_descr, nb::handle value);
// Element `a` (size 1) as a Python scalar (host sync).
nb::object item_of(const ndarray& a);

void init_errors(nb::module_& m);
// Inside a `catch (...)` of a raw type slot: sets the Python exception nanobind would raise for
// the exception being handled, and returns nullptr (Note [Errors from raw slots], errors.cpp).
PyObject* raise_current_exception() noexcept;
// The ndarray type's number and rich-comparison slots (the operators), for its type spec
// (bindings/ufunc.cpp; Note [Operator slots]).
const PyType_Slot* ndarray_operator_slots();
void init_dtype(nb::module_& m);
void init_ndarray(nb::module_& m);
void init_ndarray_methods(nb::module_& m);  // the method table (ndarray_methods.cpp)
void init_creation(nb::module_& m);
void init_creation_routines(nb::module_& m);  // ranges, matrices, *_like (creation_routines.cpp)
void init_manipulation(nb::module_& m);
void init_reduction(nb::module_& m);
void init_scan(nb::module_& m);  // (scan.cpp)
void init_runtime(nb::module_& m);
void init_indexing(nb::module_& m);
void init_joining(nb::module_& m);
void init_cuda_runtime(nb::module_& m);
void init_sorting(nb::module_& m);  // sorting, searching, sets (sorting.cpp)
// Raises cupric.cuda.runtime.CUDARuntimeError for `e`; false before Python registered the class.
bool translate_cuda_error(const CudaError& e);
void init_ufunc(nb::module_& m);     // after init_ndarray: adds the operators to ndarray
void init_editing(nb::module_& m);   // pad, insert/delete, block, select, trace, ...
void init_averages(nb::module_& m);  // average, diff ends, ediff1d, trapezoid, gradient, cov, corrcoef (averages.cpp)
// The op-table entry of a cupric.ufunc object, or null (ufunc.cpp). Other binding files add
// methods to the class (`m.attr("ufunc")`, e.g. reduce/accumulate) with nb::is_method() and
// find the ufunc through this.
const Ufunc* ufunc_def_of(nb::handle obj);
// An indexing key (a[key]) as C++ indices (ndarray.cpp; used by ufunc.at).
void parse_index_key(nb::handle key, std::vector<Index>& out);
void init_ufunc_methods(nb::module_& m);  // after init_ufunc: ufunc.reduce/accumulate/reduceat (ufunc_methods.cpp)
void init_jit(nb::module_& m);            // user kernels and the compile cache (jit.cpp)
void init_random(nb::module_& m);         // cupric._core.random: the generators (random.cpp)
void init_interop(nb::module_& m);        // DLPack capsules, __cuda_array_interface__ (interop.cpp)
// An object exporting __cuda_array_interface__ as a cupric array over its memory (nullopt for
// anything else); copy as the array API's (interop.cpp).
std::optional<ndarray> foreign_device_array(nb::handle obj, std::optional<bool> copy);
void init_lib_functions(nb::module_& m);  // windows, polynomials, interp, bits, stride tricks (lib_functions.cpp)
void init_linalg(nb::module_& m);         // cupric._core.linalg: products and cupric.linalg (linalg.cpp)
PyObject* matmul_slot(PyObject* a, PyObject* b) noexcept;          // ndarray's `@` (linalg.cpp)
PyObject* inplace_matmul_slot(PyObject* a, PyObject* b) noexcept;  // ndarray's `@=` (linalg.cpp)
// cupric._core._linalg_solvers: linalg decompositions, norms, cupricx.scipy.linalg (linalg_solvers.cpp)
void init_linalg_solvers(nb::module_& m);
void init_sparse(nb::module_& m);  // cupric._core._sparse: cupricx.scipy.sparse (sparse.cpp)
// A cupric.cuda.Stream (its _obj), a _runtime.Stream, or None for the current stream of `device`
// (-1: the current device); for the cuda binding files (cuda_memory.cpp).
Stream stream_or_current(nb::handle obj, int device = -1);

// Argument helpers shared by the binding files (reduction.cpp):
// an int-like object (operator.index) or Python's TypeError "... cannot be interpreted as an integer";
int64_t index_int(nb::handle h);
// NumPy's axis argument: None, an int, or a tuple of ints (lists rejected, as NumPy does);
AxisArg axis_arg(nb::handle h);
// a single optional axis: None or an int.
std::optional<int64_t> single_axis(nb::handle h);

}  // namespace cupric::py
