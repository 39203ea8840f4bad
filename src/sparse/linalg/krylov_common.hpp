// What the Krylov solvers share: SciPy's make_system (argument checks, the working dtype, x0),
// operator application with its shape check, dot products kept on the device, and the fused
// update (src/sparse/linalg/krylov_common.cpp).
#pragma once
#include <complex>
#include <string>
#include "cupric/sparse/linalg.hpp"
#include "sparse/linalg/krylov_kernels.hpp"

namespace cupric::sparse::linalg::detail {

struct System {
  ndarray b, x;  // 1-D, contiguous, of dtype t; x is the solver's own copy
  DType t;
  int64_t n = 0;
  double bnrm2 = 0;  // ||b||
  double atol = 0;   // max(atol, rtol * ||b||)
  int64_t maxiter = 0;
  bool x0_given = false;
};

// SciPy's make_system and _get_atol_rtol for solver `name`: ValueError for a non-square A, a b
// or x0 of the wrong shape, a preconditioner of another shape, a negative atol.
System make_system(const char* name, const LinearOperator& A, const ndarray& b, const IterativeOptions& o,
                   int64_t maxiter_per_n);

// f(x) as a contiguous 1-D array of `len` elements of dtype t (ValueError naming `what` when the
// operator returns another size).
ndarray apply(const std::function<ndarray(const ndarray&)>& f, const ndarray& x, int64_t len, DType t,
              const char* what);

ndarray dotc(const ndarray& x, const ndarray& y);        // sum(conj(x) * y) as a 0-d array, no sync
std::complex<double> host_value(const ndarray& zero_d);  // reads a 0-d array back (a sync)
double nrm2(const ndarray& v);                           // ||v||_2 on the host (a sync)

// y = a * x + b * y in one kernel (Note [Krylov vector updates] in krylov_kernels.hpp); the
// second form also returns (y, y) of the updated y as a 0-d array, from the same pass.
void axpby(const ndarray& y, Coef a, const ndarray* x, Coef b);
ndarray axpby_norm2(const ndarray& y, Coef a, const ndarray* x, Coef b);
inline Coef ratio(const ndarray& num, const ndarray* den = nullptr, double sign = 1.0) {
  return Coef{num.data(), den ? den->data() : nullptr, sign};
}
inline Coef constant(double v) { return Coef{nullptr, nullptr, v}; }

std::string shape_text(int64_t rows, int64_t cols);  // "(3, 4)"
std::string shape_text(const Dims& d);               // "(4,)"

}  // namespace cupric::sparse::linalg::detail
