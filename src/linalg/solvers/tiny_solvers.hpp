// The tiny path of solve / inv / slogdet / det / cholesky (Note [Tiny solvers] in tiny_solvers.cpp): the
// front's entries and each backend's implementation of SolverFns::tiny.
#pragma once
#include "cupric/complex.hpp"
#include "cupric/error.hpp"
#include "cupric/linalg/decompositions.hpp"
#include "cupric/ndarray.hpp"
#include "linalg/solvers/solver_table.hpp"

namespace cupric::linalg {

// f(S{}) for the element type S of the solver dtype t: a backend's dispatch to its templates.
template <class F>
bool with_solver_type(DType t, F&& f) {
  switch (t.type) {
    case ScalarType::Float32: return f(float{});
    case ScalarType::Float64: return f(double{});
    case ScalarType::Complex64: return f(complex64{});
    case ScalarType::Complex128: return f(complex128{});
    default: throw TypeError("internal error: no tiny solver for " + t.name());
  }
}

namespace host {
bool tiny(const TinyCall& call);  // host/tiny_host.cpp
}
namespace cuda {
bool tiny(const TinyCall& call);  // cuda/tiny_lu.cu
}

namespace detail {
// Whether a's backend takes n x n matrices on its tiny path.
bool tiny_applies(const ndarray& a, int64_t n, const char* what);
// The square stack a (n >= 1) in dtype t; LinAlgError("Singular matrix") when errors raise.
ndarray tiny_inv(const ndarray& a, DType t);
// a (batch..., m, m) and b (batch..., m, k), the batch shapes equal (broadcast views are fine).
ndarray tiny_solve(const ndarray& a, const ndarray& b, DType t);
SlogdetResult tiny_slogdet(const ndarray& a, DType t);
// NumPy's cholesky: L from a's lower triangle, or U from its upper one; LinAlgError("Matrix is not
// positive definite") when errors raise.
ndarray tiny_cholesky(const ndarray& a, DType t, bool upper);
ndarray tiny_det(const ndarray& a, DType t);
// RuntimeError when a's current stream is capturing a CUDA graph: checking `info` needs a host
// sync, which a capture does not allow.
void assert_checkable(const ndarray& a, const char* what);
}  // namespace detail

}  // namespace cupric::linalg
