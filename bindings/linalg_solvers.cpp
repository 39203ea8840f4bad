// cupric._core._linalg_solvers: cupric.linalg's decompositions, solvers and norms and
// cupricx.scipy.linalg (cupric/linalg/*.hpp) as private functions, plus the translation of
// cupric::LinAlgError into numpy.linalg.LinAlgError. No logic: python/cupric/linalg/ and
// python/cupricx/scipy/linalg/ hold the signatures.
#include "common.hpp"
#include "cupric/linalg/special_matrices.hpp"

namespace cupric::py {

namespace {

ndarray arg_array(nb::handle a) {
  if (a.is_none()) return ndarray();
  if (is_array(a)) return unwrap(a).arr;
  return as_device_array(a);
}

}  // namespace

void init_linalg_solvers(nb::module_& parent) {
  nb::module_ m = parent.def_submodule("_linalg_solvers", "cupric.linalg solvers and cupricx.scipy.linalg");
  namespace sl = cupric::scipy::linalg;
  m.def("block_diag", [](nb::args arrs) {
    std::vector<ndarray> v;
    for (nb::handle a : arrs) v.push_back(arg_array(a));
    return wrap(sl::block_diag(v));
  });
  m.def("khatri_rao", [](nb::handle a, nb::handle b) { return wrap(sl::khatri_rao(arg_array(a), arg_array(b))); });
  m.def("kron", [](nb::handle a, nb::handle b) { return wrap(sl::kron(arg_array(a), arg_array(b))); });
  m.def("toeplitz", [](nb::handle c, nb::handle r) { return wrap(sl::toeplitz(arg_array(c), arg_array(r))); },
        nb::arg("c").none(), nb::arg("r").none());
  m.def("circulant", [](nb::handle c) { return wrap(sl::circulant(arg_array(c))); });
  m.def("hankel", [](nb::handle c, nb::handle r) { return wrap(sl::hankel(arg_array(c), arg_array(r))); },
        nb::arg("c").none(), nb::arg("r").none());
  m.def("companion", [](nb::handle a) { return wrap(sl::companion(arg_array(a))); });
  m.def("hadamard", [](int64_t n, nb::handle dtype) { return wrap(sl::hadamard(n, resolve_dtype(dtype).dtype)); });
  m.def("leslie", [](nb::handle f, nb::handle s) { return wrap(sl::leslie(arg_array(f), arg_array(s))); });
}

}  // namespace cupric::py
