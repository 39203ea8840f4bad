// The Krylov solvers' shared pieces: SciPy's make_system, operator application, device dot
// products and the fused update (krylov_common.hpp).
#include "sparse/linalg/krylov_common.hpp"
#include <cmath>
#include <cstdio>
#include <cstring>
#include "cupric/error.hpp"
#include "cupric/linalg.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/reduction.hpp"
#include "cupric/ops/ufunc.hpp"

namespace cupric::sparse::linalg {

dispatch::Table<const KrylovFns*>& krylov_table() {
  static constinit dispatch::Table<const KrylovFns*> t;
  return t;
}

DType solver_dtype(DType a, DType b) {
  // SciPy's coerce: a dtype other than float32/64, complex64/128 counts as float64.
  auto norm = [](DType d) {
    return d.type == ScalarType::Float32 || d.type == ScalarType::Float64 || d.is_complex() ? d : dtypes::float64;
  };
  return promote_types(norm(a), norm(b));
}

LinearOperator LinearOperator::from_dense(const ndarray& a) {
  if (a.ndim() != 2)
    throw ValueError("expected a 2-D array for a linear operator, got " + std::to_string(a.ndim()) + "-D");
  LinearOperator op;
  op.rows = a.shape()[0];
  op.cols = a.shape()[1];
  op.dtype = a.dtype();
  op.matvec = [a](const ndarray& x) { return cupric::matmul(a, x); };
  op.rmatvec = [a](const ndarray& x) {
    ndarray h = a.dtype().is_complex() ? cupric::conjugate(cupric::linalg::matrix_transpose(a))
                                       : cupric::linalg::matrix_transpose(a);
    return cupric::matmul(h, x);
  };
  return op;
}

namespace detail {

std::string shape_text(int64_t rows, int64_t cols) {
  std::string s = "(";  // appended piece by piece: GCC 12 warns (-Wrestrict) on "(" + std::string
  s += std::to_string(rows);
  s += ", ";
  s += std::to_string(cols);
  s += ")";
  return s;
}

std::string shape_text(const Dims& d) {
  std::string s = "(";
  for (size_t i = 0; i < d.size(); ++i) s += (i ? ", " : "") + std::to_string(d[i]);
  return s + (d.size() == 1 ? ",)" : ")");
}

namespace {

// Python's repr of a float (enough for the atol message).
std::string float_text(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  for (int p = 1; p < 18; ++p) {  // the shortest text that reads back the same
    char shorter[40];
    std::snprintf(shorter, sizeof shorter, "%.*g", p, v);
    if (std::strtod(shorter, nullptr) == v) {
      std::snprintf(buf, sizeof buf, "%s", shorter);
      break;
    }
  }
  std::string s = buf;
  if (std::isfinite(v) && s.find_first_of(".e") == std::string::npos) s += ".0";
  return s;
}

// v as a contiguous 1-D array of dtype t (a view when it already is one).
ndarray vector_of(const ndarray& v, DType t) {
  ndarray r = ravel(v);
  if (r.dtype() != t) r = astype(r, t);
  if (!r.c_contiguous()) r = copy(r, Order::C);
  return r;
}

}  // namespace

System make_system(const char* name, const LinearOperator& A, const ndarray& b, const IterativeOptions& o,
                   int64_t maxiter_per_n) {
  if (A.rows != A.cols) throw ValueError("expected square matrix, but got shape=(" + shape_text(A.rows, A.cols) + ",)");
  if (!A.matvec) throw ValueError(std::string(name) + ": the operator has no matvec");
  const int64_t n = A.rows;
  const bool shape_ok =
      (b.ndim() == 1 && b.shape()[0] == n) || (b.ndim() == 2 && b.shape()[0] == n && b.shape()[1] == 1);
  if (!shape_ok)
    throw ValueError("shapes of A " + shape_text(A.rows, A.cols) + " and b " + shape_text(b.shape()) +
                     " are incompatible");
  if (o.M && (o.M->rows != A.rows || o.M->cols != A.cols))
    throw ValueError("matrix and preconditioner have different shapes");
  if (!(o.atol >= 0))
    throw ValueError(std::string("'cupricx.scipy.sparse.linalg.") + name + "' called with invalid `atol`=" +
                     float_text(o.atol) + "; if set, `atol` must be a real, non-negative number.");
  System s;
  s.n = n;
  s.t = solver_dtype(A.dtype, b.dtype());
  s.b = vector_of(b, s.t);
  if (s.b.may_share_memory(b)) s.b = copy(s.b, Order::C);  // never write into the caller's b
  if (o.x0.defined()) {
    const ndarray& x0 = o.x0;
    const bool ok =
        (x0.ndim() == 1 && x0.shape()[0] == n) || (x0.ndim() == 2 && x0.shape()[0] == n && x0.shape()[1] == 1);
    if (!ok)
      throw ValueError("shapes of A " + shape_text(A.rows, A.cols) + " and x0 " + shape_text(x0.shape()) +
                       " are incompatible");
    s.x = copy(vector_of(x0, s.t), Order::C);
    if (s.x.may_share_memory(x0)) s.x = copy(s.x, Order::C);
    s.x0_given = true;
  } else {
    s.x = zeros(Dims{n}, s.t);
  }
  s.bnrm2 = nrm2(s.b);
  s.atol = std::max(o.atol, o.rtol * s.bnrm2);
  s.maxiter = o.maxiter ? *o.maxiter : maxiter_per_n * n;
  return s;
}

ndarray apply(const std::function<ndarray(const ndarray&)>& f, const ndarray& x, int64_t len, DType t,
              const char* what) {
  ndarray y = f(x);
  if (y.size() != len)
    throw ValueError(std::string(what) + " returned " + std::to_string(y.size()) + " elements, expected " +
                     std::to_string(len));
  return vector_of(y, t);
}

namespace {

// The fused kernels' scratch: the per-block partial sums of a dot product (GPU only).
ndarray dot_work(const ndarray& like) {
  if (like.device_type() == DeviceType::Host) return {};
  return ndarray::empty(Dims{kDotBlocks}, dtypes::complex128, Order::C, &like.backend());
}

bool fused_ok(const ndarray& x, const ndarray& y) {
  const ScalarType t = x.dtype().type;
  return x.dtype() == y.dtype() && x.size() == y.size() && x.c_contiguous() && y.c_contiguous() &&
         (t == ScalarType::Float32 || t == ScalarType::Float64 || x.dtype().is_complex());
}

}  // namespace

ndarray dotc(const ndarray& x, const ndarray& y) {
  if (!fused_ok(x, y)) return cupric::vdot(x, y);
  const KrylovFns* f = krylov_table().require(x.device_type(), "sparse.linalg dot product");
  ndarray out = ndarray::empty(Dims{}, x.dtype(), Order::C, &x.backend());
  ndarray work = dot_work(x);
  f->dotc(x.dtype(), x.size(), x.data(), y.data(), out.data(), work.defined() ? work.data() : nullptr,
          x.backend().current_stream(x.device()));
  return out;
}

ndarray axpby_norm2(const ndarray& y, Coef a, const ndarray* x, Coef b) {
  const KrylovFns* f = krylov_table().require(y.device_type(), "sparse.linalg Krylov update");
  ndarray out = ndarray::empty(Dims{}, y.dtype(), Order::C, &y.backend());
  ndarray work = dot_work(y);
  f->axpby_norm2(y.dtype(), y.size(), a, x ? x->data() : nullptr, b, y.data(), out.data(),
                 work.defined() ? work.data() : nullptr, y.backend().current_stream(y.device()));
  return out;
}

std::complex<double> host_value(const ndarray& a) {
  alignas(16) unsigned char buf[16] = {};
  to_host(a, buf, Order::C, true);
  switch (a.dtype().type) {
    case ScalarType::Float32: {
      float v;
      std::memcpy(&v, buf, 4);
      return v;
    }
    case ScalarType::Float64: {
      double v;
      std::memcpy(&v, buf, 8);
      return v;
    }
    case ScalarType::Complex64: {
      float v[2];
      std::memcpy(v, buf, 8);
      return {v[0], v[1]};
    }
    case ScalarType::Complex128: {
      double v[2];
      std::memcpy(v, buf, 16);
      return {v[0], v[1]};
    }
    default: throw TypeError("Krylov solver: unexpected scalar dtype " + a.dtype().name());
  }
}

double nrm2(const ndarray& v) { return std::sqrt(std::abs(host_value(dotc(v, v)))); }

void axpby(const ndarray& y, Coef a, const ndarray* x, Coef b) {
  const KrylovFns* f = krylov_table().require(y.device_type(), "sparse.linalg Krylov update");
  f->axpby(y.dtype(), y.size(), a, x ? x->data() : nullptr, b, y.data(), y.backend().current_stream(y.device()));
}

}  // namespace detail

}  // namespace cupric::sparse::linalg
