// cupric._core._sparse_linalg: the Krylov and least-squares solvers of cupricx.scipy.sparse.linalg
// (cupric/sparse/linalg.hpp) as private functions. No logic: a Python LinearOperator (or a
// cupric array) becomes a C++ LinearOperator whose matvec calls back into Python;
// python/cupricx/scipy/sparse/linalg/ holds the signatures.
#include <nanobind/stl/function.h>
#include <nanobind/stl/optional.h>
#include "common.hpp"
#include "cupric/sparse/linalg.hpp"

namespace cupric::py {

namespace {

namespace sl = cupric::sparse::linalg;

// A cupric array as a dense operator; anything else by its shape, dtype, matvec and rmatvec.
sl::LinearOperator to_operator(nb::handle obj) {
  if (is_array(obj)) return sl::LinearOperator::from_dense(unwrap(obj).arr);
  sl::LinearOperator op;
  Dims shape = to_dims(obj.attr("shape"));
  if (shape.size() != 2) throw nb::value_error("a linear operator must be two-dimensional");
  op.rows = shape[0];
  op.cols = shape[1];
  op.dtype = resolve_dtype(obj.attr("dtype")).dtype;
  nb::object mv = obj.attr("matvec");
  op.matvec = [mv](const ndarray& x) { return as_device_array(mv(wrap(x))); };
  if (nb::hasattr(obj, "rmatvec")) {
    nb::object rmv = obj.attr("rmatvec");
    op.rmatvec = [rmv](const ndarray& x) { return as_device_array(rmv(wrap(x))); };
  }
  return op;
}

template <class Opts>
void fill(Opts& o, nb::handle x0, double rtol, double atol, std::optional<int64_t> maxiter,
          std::optional<sl::LinearOperator>& M, nb::handle M_obj, nb::handle callback, int64_t check_every) {
  o.x0 = array_arg_or_none(x0);
  o.rtol = rtol;
  o.atol = atol;
  o.maxiter = maxiter;
  if (!M_obj.is_none()) {
    M = to_operator(M_obj);
    o.M = &*M;
  }
  if (!callback.is_none()) {
    nb::object cb = nb::borrow(callback);
    o.callback = [cb](const ndarray& x) { cb(wrap(x)); };
  }
  o.check_every = check_every;
}

nb::object result(sl::IterativeResult r) { return nb::make_tuple(wrap(std::move(r.x)), r.info, r.iterations); }

using Solver = sl::IterativeResult (*)(const sl::LinearOperator&, const ndarray&, const sl::IterativeOptions&);

template <Solver F>
nb::object run(nb::handle A, nb::handle b, nb::handle x0, double rtol, double atol, std::optional<int64_t> maxiter,
               nb::handle M, nb::handle callback, int64_t check_every) {
  sl::LinearOperator op = to_operator(A);
  std::optional<sl::LinearOperator> m;
  sl::IterativeOptions o;
  fill(o, x0, rtol, atol, maxiter, m, M, callback, check_every);
  return result(F(op, as_device_array(b), o));
}

// The options lsqr and lsmr share (SciPy's damp, atol, btol, conlim, iteration limit and x0).
sl::LeastSquaresOptions least_squares_options(double damp, double atol, double btol, double conlim,
                                              std::optional<int64_t> iter_lim, nb::handle x0) {
  sl::LeastSquaresOptions o;
  o.damp = damp;
  o.atol = atol;
  o.btol = btol;
  o.conlim = conlim;
  o.iter_lim = iter_lim;
  o.x0 = array_arg_or_none(x0);
  return o;
}

}  // namespace

void init_sparse_linalg(nb::module_& parent) {
  nb::module_ m = parent.def_submodule("_sparse_linalg", "cupricx.scipy.sparse.linalg's Krylov solvers");
  m.def("cg", &run<&sl::cg>, nb::arg("A"), nb::arg("b"), nb::arg("x0").none(), nb::arg("rtol"), nb::arg("atol"),
        nb::arg("maxiter").none(), nb::arg("M").none(), nb::arg("callback").none(), nb::arg("check_every") = 0);
  m.def("cgs", &run<&sl::cgs>, nb::arg("A"), nb::arg("b"), nb::arg("x0").none(), nb::arg("rtol"), nb::arg("atol"),
        nb::arg("maxiter").none(), nb::arg("M").none(), nb::arg("callback").none(), nb::arg("check_every") = 0);
  m.def("bicgstab", &run<&sl::bicgstab>, nb::arg("A"), nb::arg("b"), nb::arg("x0").none(), nb::arg("rtol"),
        nb::arg("atol"), nb::arg("maxiter").none(), nb::arg("M").none(), nb::arg("callback").none(),
        nb::arg("check_every") = 0);
  m.def(
      "gmres",
      [](nb::handle A, nb::handle b, nb::handle x0, double rtol, double atol, std::optional<int64_t> restart,
         std::optional<int64_t> maxiter, nb::handle M, nb::handle callback, const std::string& callback_type) {
        sl::LinearOperator op = to_operator(A);
        std::optional<sl::LinearOperator> mop;
        sl::GmresOptions o;
        fill(o, x0, rtol, atol, maxiter, mop, M, nb::none(), 0);
        o.restart = restart;
        o.callback_type = callback_type == "x"         ? sl::GmresCallback::X
                          : callback_type == "pr_norm" ? sl::GmresCallback::PrNorm
                                                       : sl::GmresCallback::Legacy;
        if (!callback.is_none()) {
          nb::object cb = nb::borrow(callback);
          if (o.callback_type == sl::GmresCallback::X)
            o.callback = [cb](const ndarray& x) { cb(wrap(x)); };
          else
            o.callback_norm = [cb](double v) { cb(v); };
        }
        return result(sl::gmres(op, as_device_array(b), o));
      },
      nb::arg("A"), nb::arg("b"), nb::arg("x0").none(), nb::arg("rtol"), nb::arg("atol"), nb::arg("restart").none(),
      nb::arg("maxiter").none(), nb::arg("M").none(), nb::arg("callback").none(), nb::arg("callback_type"));
  m.def(
      "minres",
      [](nb::handle A, nb::handle b, nb::handle x0, double rtol, double shift, std::optional<int64_t> maxiter,
         nb::handle M, nb::handle callback, bool check) {
        sl::LinearOperator op = to_operator(A);
        std::optional<sl::LinearOperator> mop;
        sl::MinresOptions o;
        fill(o, x0, rtol, 0.0, maxiter, mop, M, callback, 0);
        o.shift = shift;
        o.check = check;
        return result(sl::minres(op, as_device_array(b), o));
      },
      nb::arg("A"), nb::arg("b"), nb::arg("x0").none(), nb::arg("rtol"), nb::arg("shift"), nb::arg("maxiter").none(),
      nb::arg("M").none(), nb::arg("callback").none(), nb::arg("check"));
  m.def(
      "lsqr",
      [](nb::handle A, nb::handle b, double damp, double atol, double btol, double conlim,
         std::optional<int64_t> iter_lim, bool calc_var, nb::handle x0) {
        sl::LeastSquaresOptions o = least_squares_options(damp, atol, btol, conlim, iter_lim, x0);
        o.calc_var = calc_var;
        sl::LsqrResult r = sl::lsqr(to_operator(A), as_device_array(b), o);
        return nb::make_tuple(wrap(std::move(r.x)), r.istop, r.itn, r.r1norm, r.r2norm, r.anorm, r.acond, r.arnorm,
                              r.xnorm, wrap(std::move(r.var)));
      },
      nb::arg("A"), nb::arg("b"), nb::arg("damp"), nb::arg("atol"), nb::arg("btol"), nb::arg("conlim"),
      nb::arg("iter_lim").none(), nb::arg("calc_var"), nb::arg("x0").none());
  m.def(
      "lsmr",
      [](nb::handle A, nb::handle b, double damp, double atol, double btol, double conlim,
         std::optional<int64_t> maxiter, nb::handle x0) {
        sl::LeastSquaresOptions o = least_squares_options(damp, atol, btol, conlim, maxiter, x0);
        sl::LsmrResult r = sl::lsmr(to_operator(A), as_device_array(b), o);
        return nb::make_tuple(wrap(std::move(r.x)), r.istop, r.itn, r.normr, r.normar, r.normA, r.condA, r.normx);
      },
      nb::arg("A"), nb::arg("b"), nb::arg("damp"), nb::arg("atol"), nb::arg("btol"), nb::arg("conlim"),
      nb::arg("maxiter").none(), nb::arg("x0").none());
  m.def(
      "eigsh",
      [](nb::handle A, int64_t k, const std::string& which, nb::handle v0, std::optional<int64_t> ncv,
         std::optional<int64_t> maxiter, double tol, bool return_eigenvectors) {
        sl::EigshOptions o;
        o.k = k;
        o.which = which;
        o.v0 = array_arg_or_none(v0);
        o.ncv = ncv;
        o.maxiter = maxiter;
        o.tol = tol;
        o.return_eigenvectors = return_eigenvectors;
        sl::EigshResult r = sl::eigsh(to_operator(A), o);
        if (!return_eigenvectors) return wrap(std::move(r.w));
        return nb::object(nb::make_tuple(wrap(std::move(r.w)), wrap(std::move(r.x))));
      },
      nb::arg("A"), nb::arg("k"), nb::arg("which"), nb::arg("v0").none(), nb::arg("ncv").none(),
      nb::arg("maxiter").none(), nb::arg("tol"), nb::arg("return_eigenvectors"));
  m.def(
      "spsolve",
      [](int64_t rows, int64_t cols, nb::handle indptr, nb::handle indices, nb::handle data, nb::handle b) {
        sl::SpsolveResult r = sl::spsolve(
            {rows, cols, as_device_array(indptr), as_device_array(indices), as_device_array(data)}, as_device_array(b));
        return nb::make_tuple(wrap(std::move(r.x)), r.singular);
      },
      nb::arg("rows"), nb::arg("cols"), nb::arg("indptr"), nb::arg("indices"), nb::arg("data"), nb::arg("b"));
  m.def(
      "spsolve_triangular",
      [](int64_t rows, int64_t cols, nb::handle indptr, nb::handle indices, nb::handle data, nb::handle b, bool lower,
         bool unit_diagonal) {
        return wrap(sl::spsolve_triangular(
            {rows, cols, as_device_array(indptr), as_device_array(indices), as_device_array(data)}, as_device_array(b),
            lower, unit_diagonal));
      },
      nb::arg("rows"), nb::arg("cols"), nb::arg("indptr"), nb::arg("indices"), nb::arg("data"), nb::arg("b"),
      nb::arg("lower"), nb::arg("unit_diagonal"));
  m.def("solver_dtype", [](nb::handle a, nb::handle b) {
    return dtype_object(sl::solver_dtype(resolve_dtype(a).dtype, resolve_dtype(b).dtype));
  });
}

}  // namespace cupric::py
