// Creation routines: empty/zeros/ones/full and array/asarray from host data (NumPy arrays, lists,
// scalars) or cupric arrays.
#include "common.hpp"
#include "device_arg.hpp"

namespace cupric::py {

namespace {

Order creation_order(nb::handle order) {
  Order o = order.is_none() ? Order::C : to_order(order, false);
  return o;
}

nb::object make_empty(nb::handle shape, nb::handle dtype, nb::handle order) {
  ResolvedDType rd = resolve_dtype(dtype);
  ndarray a = empty(to_dims(shape), rd.dtype, creation_order(order));
  return wrap(std::move(a), rd.dtype.is_void() ? nb::handle(rd.descr) : nb::handle());
}

nb::object full_impl(nb::handle shape, nb::handle value, nb::handle dtype, nb::handle order) {
  ResolvedDType rd;
  if (!dtype.is_none())
    rd = resolve_dtype(dtype);
  else if (is_array(value))
    rd = {unwrap(value).arr.dtype(), unwrap(value).descr};
  else
    rd = scalar_dtype(value);
  ndarray a = empty(to_dims(shape), rd.dtype, creation_order(order));
  nb::handle descr = rd.dtype.is_void() ? nb::handle(rd.descr) : nb::handle();
  if (PyComplex_Check(value.ptr()) && !rd.dtype.is_complex() && !rd.dtype.is_void() && !rd.dtype.is_bool()) {
    // NumPy's full is copyto(..., casting='unsafe'): a complex value into a real dtype warns and
    // keeps the real part (assignment a[0] = 1j raises instead).
    warn("ComplexWarning", "Casting complex values to real discards the imaginary part");
    fill(a,
         Scalar::of<complex128>(complex128(PyComplex_RealAsDouble(value.ptr()), PyComplex_ImagAsDouble(value.ptr()))));
    return wrap(std::move(a), descr);
  }
  assign_to(a, descr, value);
  return wrap(std::move(a), descr);
}

}  // namespace

void init_creation(nb::module_& m) {
  m.def("empty", on_device(&make_empty), nb::arg("shape"), nb::arg("dtype") = nb::none(), nb::arg("order") = "C",
        nb::kw_only(), nb::arg("device").none() = nb::none(), "Returns an array without initializing the elements.");
  m.def("zeros", on_device(+[](nb::handle shape, nb::handle dtype, nb::handle order) {
          ResolvedDType rd = resolve_dtype(dtype);
          return wrap(zeros(to_dims(shape), rd.dtype, creation_order(order)),
                      rd.dtype.is_void() ? nb::handle(rd.descr) : nb::handle());
        }),
        nb::arg("shape"), nb::arg("dtype") = nb::none(), nb::arg("order") = "C", nb::kw_only(),
        nb::arg("device").none() = nb::none(), "Returns a new array of given shape and dtype, filled with zeros.");
  m.def("ones", on_device(+[](nb::handle shape, nb::handle dtype, nb::handle order) {
          ResolvedDType rd = resolve_dtype(dtype);
          return wrap(ones(to_dims(shape), rd.dtype, creation_order(order)));
        }),
        nb::arg("shape"), nb::arg("dtype") = nb::none(), nb::arg("order") = "C", nb::kw_only(),
        nb::arg("device").none() = nb::none(), "Returns a new array of given shape and dtype, filled with ones.");
  m.def("full", on_device(&full_impl), nb::arg("shape"), nb::arg("fill_value"), nb::arg("dtype") = nb::none(),
        nb::arg("order") = "C", nb::kw_only(), nb::arg("device").none() = nb::none(),
        "Returns a new array of given shape and dtype, filled with a given value.");
  m.def(
      "_array",
      [](nb::handle obj, nb::handle dtype, nb::handle copy_obj, nb::handle order_obj, int ndmin, bool blocking) {
        Order order = order_obj.is_none() ? Order::K : to_order(order_obj);
        bool copy_flag = copy_obj.is_none() ? false : PyObject_IsTrue(copy_obj.ptr()) == 1;
        bool never_copy = !copy_obj.is_none() && !copy_flag;
        nb::object result;
        // __cuda_array_interface__ objects: zero copy here, then the array path (copy, dtype, order)
        if (!is_array(obj))
          if (std::optional<ndarray> f =
                  foreign_device_array(obj, never_copy ? std::optional<bool>(false) : std::nullopt))
            obj = result = wrap(std::move(*f));
        if (is_array(obj)) {
          PyArray& pa = unwrap(obj);
          ResolvedDType rd = dtype.is_none() ? ResolvedDType{pa.arr.dtype(), pa.descr} : resolve_dtype(dtype);
          ndarray r = astype(pa.arr, rd.dtype, order, Casting::Unsafe, copy_flag);
          bool same = r.memory() == pa.arr.memory() && r.data() == pa.arr.data() && r.strides() == pa.arr.strides();
          if (same) {
            result = nb::borrow(obj);
          } else {
            if (never_copy) throw ValueError("Unable to avoid copy while creating an array as requested.");
            result = wrap(std::move(r), rd.dtype.is_void() ? nb::handle(rd.descr) : nb::handle(pa.descr));
          }
        } else {
          nb::object descr;
          ndarray r = as_device_array(obj, dtype, &descr, order);
          result = wrap(std::move(r), descr);
        }
        PyArray& pr = unwrap(result);
        if (ndmin > pr.arr.ndim()) {
          Dims shape = pr.arr.shape(), strides = pr.arr.strides();
          // New leading axes get the strides NumPy's padded layout gives them: the outer extent
          // for C order, the itemsize for F order (and for 0-d sources).
          const bool f_only = order == Order::F || (pr.arr.f_contiguous() && !pr.arr.c_contiguous());
          while (static_cast<int>(shape.size()) < ndmin) {
            int64_t st = shape.empty() || f_only ? pr.arr.itemsize() : shape[0] * strides[0];
            shape.insert(0, 1);
            strides.insert(0, st);
          }
          result = wrap_view(pr.arr.view(std::move(shape), std::move(strides)), result);
        }
        if (blocking) {  // V13-ASARRAY: blocking=True waits for the transfer
          const ndarray& a = unwrap(result).arr;
          a.backend().synchronize(a.backend().current_stream(a.device()));
        }
        return result;
      },
      nb::arg("obj").none(), nb::arg("dtype").none() = nb::none(), nb::arg("copy").none() = true,
      nb::arg("order").none() = "K", nb::arg("ndmin") = 0, nb::arg("blocking") = false);
}

}  // namespace cupric::py
