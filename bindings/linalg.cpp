// cupric._core.linalg: the products and linear-algebra routines (include/cupric/linalg.hpp),
// the `@` / `@=` operator slots, and LinAlgError's translation to numpy.linalg.LinAlgError.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/vector.h>
#include "ndarray_methods.hpp"

namespace cupric::py {

namespace {

ndarray arg_array(nb::handle x) { return is_array(x) ? unwrap(x).arr : as_device_array(x); }

// `a @ b` operands: cupric arrays, and Python/NumPy scalars (which matmul then refuses as 0-d,
// as NumPy does); anything else gives NotImplemented so Python tries the other operand.
bool matmul_operand(nb::handle x, ndarray& out) {
  if (is_array(x)) {
    out = nb::inst_ptr<PyArray>(x)->arr;
    return true;
  }
  if (is_python_scalar(x) || is_numpy_scalar(x)) {
    out = as_device_array(x);
    return true;
  }
  return false;
}

std::vector<std::vector<int64_t>> axes_arg(nb::handle axes) {
  std::vector<std::vector<int64_t>> r;
  if (axes.is_none()) return r;
  for (nb::handle item : axes) {
    std::vector<int64_t> v;
    if (nb::isinstance<nb::int_>(item))
      v.push_back(index_int(item));
    else
      for (nb::handle x : item) v.push_back(index_int(x));
    r.push_back(std::move(v));
  }
  return r;
}

ProductOptions product_options(nb::handle out, nb::handle dtype, nb::handle casting, nb::handle axes) {
  ProductOptions o;
  if (!out.is_none()) o.out = unwrap(out).arr;
  if (!dtype.is_none()) o.dtype = resolve_dtype(dtype).dtype;
  if (!casting.is_none()) o.casting = parse_casting(nb::cast<std::string>(casting));
  o.axes = axes_arg(axes);
  return o;
}

using ProductFn = ndarray (*)(const ndarray&, const ndarray&, const ProductOptions&);

template <ProductFn F>
nb::object gufunc_product(nb::handle a, nb::handle b, nb::handle out, nb::handle dtype, nb::handle casting,
                          nb::handle axes) {
  ProductOptions o = product_options(out, dtype, casting, axes);
  ndarray r = F(arg_array(a), arg_array(b), o);
  if (!out.is_none()) return nb::borrow(out);
  return wrap(std::move(r));
}

}  // namespace

// numpy.dot and ndarray.dot (the method table's converter: bindings/ndarray_methods.hpp).
nb::object dot_impl(nb::handle a, nb::handle b, nb::handle out) {
  if (out.is_none()) return wrap(dot(arg_array(a), arg_array(b)));
  dot(arg_array(a), arg_array(b), &unwrap(out).arr);
  return nb::borrow(out);
}

// Note [Operator slots] in bindings/ufunc.cpp: `a @ b` goes from the slot straight into matmul.
PyObject* matmul_slot(PyObject* a, PyObject* b) noexcept {
  try {
    ndarray x, y;
    if (!matmul_operand(a, x) || !matmul_operand(b, y)) return nb::borrow(Py_NotImplemented).release().ptr();
    return wrap(matmul(x, y)).release().ptr();
  } catch (...) { return raise_current_exception(); }
}

PyObject* inplace_matmul_slot(PyObject* a, PyObject* b) noexcept {
  try {
    ndarray x, y;
    if (!matmul_operand(a, x) || !matmul_operand(b, y)) return nb::borrow(Py_NotImplemented).release().ptr();
    ProductOptions o;
    o.out = x;
    matmul(x, y, o);
    return nb::borrow(a).release().ptr();
  } catch (...) { return raise_current_exception(); }
}

void init_linalg(nb::module_& m) {
  nb::module_ la = m.def_submodule("linalg", "cupric.linalg's C++ routines");
  static nb::handle linalg_error = numpy().attr("linalg").attr("LinAlgError").inc_ref();  // leaked on purpose
  nb::register_exception_translator([](const std::exception_ptr& p, void*) {
    try {
      std::rethrow_exception(p);
    } catch (const LinAlgError& e) { PyErr_SetString(linalg_error.ptr(), e.what()); }
  });
  la.def("tf32_allowed", &tf32_allowed);
  la.def("set_tf32_allowed", &set_tf32_allowed, nb::arg("allowed"));
  la.def("host_blas_num_threads", &host_blas_num_threads);

  auto arg = [](const char* name) { return nb::arg(name).none(); };
  la.def("matmul", &gufunc_product<&matmul>, arg("a"), arg("b"), arg("out"), arg("dtype"), arg("casting"), arg("axes"));
  la.def("vecdot", &gufunc_product<&vecdot>, arg("a"), arg("b"), arg("out"), arg("dtype"), arg("casting"), arg("axes"));
  la.def("matvec", &gufunc_product<&matvec>, arg("a"), arg("b"), arg("out"), arg("dtype"), arg("casting"), arg("axes"));
  la.def("vecmat", &gufunc_product<&vecmat>, arg("a"), arg("b"), arg("out"), arg("dtype"), arg("casting"), arg("axes"));
  la.def("dot", &dot_impl, arg("a"), arg("b"), arg("out"));
  la.def("vdot", [](nb::handle a, nb::handle b) { return wrap(vdot(arg_array(a), arg_array(b))); });
  la.def("inner", [](nb::handle a, nb::handle b) { return wrap(inner(arg_array(a), arg_array(b))); });
  la.def(
      "outer",
      [](nb::handle a, nb::handle b, nb::handle out) -> nb::object {
        if (out.is_none()) return wrap(outer(arg_array(a), arg_array(b)));
        outer(arg_array(a), arg_array(b), &unwrap(out).arr);
        return nb::borrow(out);
      },
      arg("a"), arg("b"), arg("out"));
  la.def("tensordot_n",
         [](nb::handle a, nb::handle b, int64_t n) { return wrap(tensordot(arg_array(a), arg_array(b), n)); });
  la.def("tensordot_axes", [](nb::handle a, nb::handle b, std::vector<int64_t> aa, std::vector<int64_t> bb) {
    return wrap(tensordot(arg_array(a), arg_array(b), aa, bb));
  });
  la.def("kron", [](nb::handle a, nb::handle b) { return wrap(kron(arg_array(a), arg_array(b))); });
  la.def(
      "cross",
      [](nb::handle a, nb::handle b, int64_t axisa, int64_t axisb, int64_t axisc, std::optional<int64_t> axis) {
        return wrap(cross(arg_array(a), arg_array(b), axisa, axisb, axisc, axis));
      },
      arg("a"), arg("b"), nb::arg("axisa"), nb::arg("axisb"), nb::arg("axisc"), arg("axis"));
  la.def("matrix_transpose", [](nb::handle x) {
    if (is_array(x)) return wrap_view(linalg::matrix_transpose(unwrap(x).arr), x);
    return wrap(linalg::matrix_transpose(as_device_array(x)));
  });
  // einsum(subscripts, operands, out, dtype, casting, optimize (0 none, 1 greedy, 2 optimal), path)
  la.def(
      "einsum",
      [](const std::string& subscripts, nb::sequence ops, nb::handle out, nb::handle dtype, nb::handle casting,
         int optimize, std::vector<std::vector<int>> path) -> nb::object {
        std::vector<ndarray> in;
        for (nb::handle o : ops) in.push_back(arg_array(o));
        EinsumOptions o;
        if (!out.is_none()) o.out = &unwrap(out).arr;
        if (!dtype.is_none()) o.dtype = resolve_dtype(dtype).dtype;
        if (!casting.is_none()) o.casting = parse_casting(nb::cast<std::string>(casting));
        o.optimize = static_cast<EinsumOptimize>(optimize);
        o.path = std::move(path);
        ndarray r = einsum(subscripts, in, o);
        if (!out.is_none()) return nb::borrow(out);
        // One operand: the result may be a view of it ('ii->i', 'ij->ji'), as NumPy's is.
        nb::handle first = nb::len(ops) == 1 ? ops[0] : nb::handle();
        if (first.is_valid() && is_array(first)) return wrap(std::move(r), nb::handle(), &unwrap(first), first);
        return wrap(std::move(r));
      },
      nb::arg("subscripts"), nb::arg("operands"), arg("out"), arg("dtype"), arg("casting"), nb::arg("optimize"),
      nb::arg("path"));
  la.def("einsum_path", [](const std::string& subscripts, nb::sequence ops, int optimize) {
    std::vector<Dims> shapes;
    for (nb::handle o : ops) shapes.push_back(is_array(o) ? unwrap(o).arr.shape() : to_dims(nb::getattr(o, "shape")));
    EinsumPath p = einsum_path(subscripts, shapes, static_cast<EinsumOptimize>(optimize));
    nb::list steps;
    steps.append(nb::str("einsum_path"));
    for (const auto& st : p.path) {
      nb::list t;
      for (int i : st) t.append(i);
      steps.append(nb::tuple(t));
    }
    return nb::make_tuple(steps, p.report);
  });
  la.def("linalg_outer", [](nb::handle a, nb::handle b) { return wrap(linalg::outer(arg_array(a), arg_array(b))); });
}

}  // namespace cupric::py
