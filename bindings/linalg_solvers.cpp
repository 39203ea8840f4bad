// cupric._core._linalg_solvers: cupric.linalg's decompositions, solvers and norms and
// cupricx.scipy.linalg (cupric/linalg/*.hpp) as private functions (LinAlgError is translated in
// linalg.cpp). No logic: python/cupric/linalg/ and
// python/cupricx/scipy/linalg/ hold the signatures.
#include <nanobind/stl/string.h>
#include "common.hpp"
#include "cupric/linalg/decompositions.hpp"
#include "cupric/linalg/norms.hpp"
#include "cupric/linalg/special_matrices.hpp"

namespace cupric::py {

namespace {

// numpy.linalg.norm's ord: None, a string, or a number (inf included).
linalg::NormOrder norm_order(nb::handle ord) {
  if (ord.is_none()) return linalg::NormOrder::none();
  if (nb::isinstance<nb::str>(ord)) return linalg::NormOrder::named(nb::cast<std::string>(ord));
  return linalg::NormOrder::number(nb::cast<double>(nb::float_(ord)));
}

// numpy.linalg.norm's axis: None, an integer or a tuple of integers.
std::optional<std::vector<int64_t>> norm_axis(nb::handle axis) {
  if (axis.is_none()) return std::nullopt;
  std::vector<int64_t> v;
  if (nb::isinstance<nb::tuple>(axis)) {
    for (nb::handle a : axis) v.push_back(nb::cast<int64_t>(nb::int_(a)));
    return v;
  }
  try {
    v.push_back(nb::cast<int64_t>(nb::int_(axis)));
  } catch (const nb::python_error&) { throw nb::type_error("'axis' must be None, an integer or a tuple of integers"); }
  return v;
}

nb::object pair(ndarray a, ndarray b) { return nb::make_tuple(wrap(std::move(a)), wrap(std::move(b))); }

}  // namespace

void init_linalg_solvers(nb::module_& parent) {
  nb::module_ m = parent.def_submodule("_linalg_solvers", "cupric.linalg solvers and cupricx.scipy.linalg");
  namespace sl = cupric::scipy::linalg;
  m.def("errors_raise", &linalg::linalg_errors_raise);
  m.def("set_errors_raise", &linalg::set_linalg_errors_raise);

  m.def(
      "norm",
      [](nb::handle x, nb::handle ord, nb::handle axis, bool keepdims) {
        return wrap(linalg::norm(array_arg_or_none(x), norm_order(ord), norm_axis(axis), keepdims));
      },
      nb::arg("x"), nb::arg("ord").none(), nb::arg("axis").none(), nb::arg("keepdims"));
  m.def(
      "vector_norm",
      [](nb::handle x, nb::handle axis, bool keepdims, nb::handle ord) {
        return wrap(linalg::vector_norm(array_arg_or_none(x), norm_axis(axis), keepdims, norm_order(ord)));
      },
      nb::arg("x"), nb::arg("axis").none(), nb::arg("keepdims"), nb::arg("ord").none());
  m.def(
      "matrix_norm",
      [](nb::handle x, bool keepdims, nb::handle ord) {
        return wrap(linalg::matrix_norm(array_arg_or_none(x), keepdims, norm_order(ord)));
      },
      nb::arg("x"), nb::arg("keepdims"), nb::arg("ord").none());
  m.def("diagonal", [](nb::handle x, int64_t offset) { return wrap(linalg::diagonal(array_arg_or_none(x), offset)); });
  m.def(
      "trace",
      [](nb::handle x, int64_t offset, nb::handle dtype) {
        std::optional<DType> dt;
        if (!dtype.is_none()) dt = resolve_dtype(dtype).dtype;
        return wrap(linalg::trace(array_arg_or_none(x), offset, dt));
      },
      nb::arg("x"), nb::arg("offset"), nb::arg("dtype").none());

  m.def("det", [](nb::handle a) { return wrap(linalg::det(array_arg_or_none(a))); });
  m.def("slogdet", [](nb::handle a) {
    linalg::SlogdetResult r = linalg::slogdet(array_arg_or_none(a));
    return pair(r.sign, r.logabsdet);
  });
  m.def("inv", [](nb::handle a) { return wrap(linalg::inv(array_arg_or_none(a))); });
  m.def("solve",
        [](nb::handle a, nb::handle b) { return wrap(linalg::solve(array_arg_or_none(a), array_arg_or_none(b))); });
  m.def("cholesky", [](nb::handle a, bool upper) { return wrap(linalg::cholesky(array_arg_or_none(a), upper)); });
  m.def("qr", [](nb::handle a, const std::string& mode) -> nb::object {
    linalg::QRResult r = linalg::qr(array_arg_or_none(a), mode);
    if (mode == "r") return wrap(std::move(r.R));
    return pair(r.Q, r.R);
  });
  m.def("svd", [](nb::handle a, bool full_matrices, bool hermitian) {
    linalg::SVDResult r = linalg::svd(array_arg_or_none(a), full_matrices, hermitian);
    return nb::make_tuple(wrap(std::move(r.U)), wrap(std::move(r.S)), wrap(std::move(r.Vh)));
  });
  m.def("svdvals", [](nb::handle a, bool hermitian) { return wrap(linalg::svdvals(array_arg_or_none(a), hermitian)); });
  m.def("eigh", [](nb::handle a, const std::string& uplo) {
    linalg::EigResult r = linalg::eigh(array_arg_or_none(a), uplo);
    return pair(r.eigenvalues, r.eigenvectors);
  });
  m.def("eigvalsh",
        [](nb::handle a, const std::string& uplo) { return wrap(linalg::eigvalsh(array_arg_or_none(a), uplo)); });
  m.def("eig", [](nb::handle a) {
    linalg::EigResult r = linalg::eig(array_arg_or_none(a));
    return pair(r.eigenvalues, r.eigenvectors);
  });
  m.def("eigvals", [](nb::handle a) { return wrap(linalg::eigvals(array_arg_or_none(a))); });
  m.def(
      "lstsq",
      [](nb::handle a, nb::handle b, nb::handle rcond) {
        std::optional<double> rc;
        if (!rcond.is_none()) rc = nb::cast<double>(nb::float_(rcond));
        linalg::LstsqResult r = linalg::lstsq(array_arg_or_none(a), array_arg_or_none(b), rc);
        return nb::make_tuple(wrap(std::move(r.x)), wrap(std::move(r.residuals)), r.rank, wrap(std::move(r.s)));
      },
      nb::arg("a"), nb::arg("b"), nb::arg("rcond").none());
  m.def(
      "matrix_rank",
      [](nb::handle A, nb::handle tol, bool hermitian, nb::handle rtol) -> nb::object {
        ndarray a = array_arg_or_none(A);
        ndarray r = linalg::matrix_rank(a, array_arg_or_none(tol), hermitian, array_arg_or_none(rtol));
        if (a.ndim() < 2) return nb::int_(to_vector<int64_t>(r)[0]);  // NumPy: a Python int
        return wrap(std::move(r));
      },
      nb::arg("A"), nb::arg("tol").none(), nb::arg("hermitian"), nb::arg("rtol").none());
  m.def(
      "pinv",
      [](nb::handle a, nb::handle rcond, bool hermitian, bool rtol_given, nb::handle rtol) {
        std::optional<ndarray> rt;
        if (rtol_given) rt = array_arg_or_none(rtol);
        return wrap(linalg::pinv(array_arg_or_none(a), array_arg_or_none(rcond), hermitian, rt));
      },
      nb::arg("a"), nb::arg("rcond").none(), nb::arg("hermitian"), nb::arg("rtol_given"), nb::arg("rtol").none());
  m.def(
      "cond",
      [](nb::handle x, nb::handle p) {
        linalg::CondOrder o;
        if (!p.is_none()) {
          o.given = true;
          if (nb::isinstance<nb::str>(p))
            o.name = nb::cast<std::string>(p);
          else
            o.value = nb::cast<double>(nb::float_(p));
        }
        return wrap(linalg::cond(array_arg_or_none(x), o));
      },
      nb::arg("x"), nb::arg("p").none());
  m.def("matrix_power", [](nb::handle a, int64_t n) { return wrap(linalg::matrix_power(array_arg_or_none(a), n)); });
  m.def("multi_dot", [](nb::sequence arrays) {
    std::vector<ndarray> v;
    for (nb::handle a : arrays) v.push_back(array_arg_or_none(a));
    return wrap(linalg::multi_dot(v));
  });
  m.def(
      "tensorsolve",
      [](nb::handle a, nb::handle b, nb::handle axes) {
        std::optional<std::vector<int64_t>> ax;
        if (!axes.is_none()) {
          ax.emplace();
          for (nb::handle k : axes) ax->push_back(nb::cast<int64_t>(nb::int_(k)));
        }
        return wrap(linalg::tensorsolve(array_arg_or_none(a), array_arg_or_none(b), ax));
      },
      nb::arg("a"), nb::arg("b"), nb::arg("axes").none());
  m.def("lu_factor", [](nb::handle a, bool overwrite_a, bool check_finite) {
    auto [lu, piv] = sl::lu_factor(array_arg_or_none(a), overwrite_a, check_finite);
    return pair(lu, piv);
  });
  m.def("lu_solve", [](nb::handle lu, nb::handle piv, nb::handle b, int trans, bool check_finite) {
    return wrap(sl::lu_solve(array_arg_or_none(lu), array_arg_or_none(piv), array_arg_or_none(b), trans, check_finite));
  });
  m.def("lu", [](nb::handle a, bool permute_l, bool check_finite, bool p_indices) {
    nb::list l;
    for (ndarray& r : sl::lu(array_arg_or_none(a), permute_l, check_finite, p_indices)) l.append(wrap(std::move(r)));
    return nb::tuple(l);
  });
  m.def("solve_triangular", [](nb::handle a, nb::handle b, int trans, bool lower, bool unit, bool check_finite) {
    return wrap(sl::solve_triangular(array_arg_or_none(a), array_arg_or_none(b), trans, lower, unit, check_finite));
  });
  m.def("cho_factor", [](nb::handle a, bool lower, bool check_finite) {
    auto [c, low] = sl::cho_factor(array_arg_or_none(a), lower, check_finite);
    return nb::make_tuple(wrap(std::move(c)), low);
  });
  m.def("cho_solve", [](nb::handle c, bool lower, nb::handle b, bool check_finite) {
    return wrap(sl::cho_solve(array_arg_or_none(c), lower, array_arg_or_none(b), check_finite));
  });
  m.def("solve",
        [](nb::handle a, nb::handle b, bool lower, const std::string& assume_a, bool transposed, bool check_finite) {
          return wrap(sl::solve(array_arg_or_none(a), array_arg_or_none(b), lower, assume_a, transposed, check_finite));
        });
  m.def("expm", [](nb::handle a) { return wrap(sl::expm(array_arg_or_none(a))); });
  m.def("tensorinv", [](nb::handle a, int64_t ind) { return wrap(linalg::tensorinv(array_arg_or_none(a), ind)); });

  m.def("block_diag", [](nb::args arrs) {
    std::vector<ndarray> v;
    for (nb::handle a : arrs) v.push_back(array_arg_or_none(a));
    return wrap(sl::block_diag(v));
  });
  m.def("khatri_rao",
        [](nb::handle a, nb::handle b) { return wrap(sl::khatri_rao(array_arg_or_none(a), array_arg_or_none(b))); });
  m.def("kron", [](nb::handle a, nb::handle b) { return wrap(sl::kron(array_arg_or_none(a), array_arg_or_none(b))); });
  m.def(
      "toeplitz",
      [](nb::handle c, nb::handle r) { return wrap(sl::toeplitz(array_arg_or_none(c), array_arg_or_none(r))); },
      nb::arg("c").none(), nb::arg("r").none());
  m.def("circulant", [](nb::handle c) { return wrap(sl::circulant(array_arg_or_none(c))); });
  m.def(
      "hankel", [](nb::handle c, nb::handle r) { return wrap(sl::hankel(array_arg_or_none(c), array_arg_or_none(r))); },
      nb::arg("c").none(), nb::arg("r").none());
  m.def("companion", [](nb::handle a) { return wrap(sl::companion(array_arg_or_none(a))); });
  m.def("hadamard", [](int64_t n, nb::handle dtype) { return wrap(sl::hadamard(n, resolve_dtype(dtype).dtype)); });
  m.def("leslie",
        [](nb::handle f, nb::handle s) { return wrap(sl::leslie(array_arg_or_none(f), array_arg_or_none(s))); });
  m.def("convolution_matrix", [](nb::handle a, int64_t n, const std::string& mode) {
    return wrap(sl::convolution_matrix(array_arg_or_none(a), n, mode));
  });
  m.def("fiedler", [](nb::handle a) { return wrap(sl::fiedler(array_arg_or_none(a))); });
  m.def("fiedler_companion", [](nb::handle a) { return wrap(sl::fiedler_companion(array_arg_or_none(a))); });
  m.def("dft", [](int64_t n, const std::string& scale) { return wrap(sl::dft(n, scale)); });
  m.def("helmert", [](int64_t n, bool full) { return wrap(sl::helmert(n, full)); });
  m.def("hilbert", [](int64_t n) { return wrap(sl::hilbert(n)); });
  m.def("bandwidth", [](nb::handle a) {
    auto [lower, upper] = sl::bandwidth(array_arg_or_none(a));
    return pair(lower, upper);
  });
}

}  // namespace cupric::py
