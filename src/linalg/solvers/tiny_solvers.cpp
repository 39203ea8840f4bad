// The front of the tiny path for solve / inv / slogdet / det / cholesky (Note [Tiny solvers]): shapes,
// dtypes, the strides handed to the backend, and the one LinAlgError.
#include "linalg/solvers/tiny_solvers.hpp"
#include <optional>
#include <string>
#include "cupric/ops/copy.hpp"
#include "cupric/runtime/graph.hpp"
#include "linalg/solvers/solver_common.hpp"

namespace cupric::linalg {

// Note [Tiny solvers]
// numpy.linalg.solve/inv/det/slogdet/cholesky of small matrices (n <= SolverFns::tiny_max_n, 32 on the
// GPU) skip LAPACK/cuSOLVER: cuSOLVER's getrf + getrs cost a workspace query, a pool allocation,
// several launches, the copy into column-major order and the checks of `info` (a compare, an
// any() and a device-to-host copy), about 90 us of host time for one 8 x 8 matrix on the H200,
// where a kernel of a few microseconds does the whole job. The tiny path is:
// - one kernel (cuda/tiny_lu.cu) that reads each matrix where it lies (any element strides, the
//   batch flattened to one stride, else one copy), factors it with partial pivoting in shared
//   memory with a group of lanes of a warp per matrix (one lane per row, a power of two >= n; a
//   warp holds 32 / group matrices, so 100000 4 x 4 matrices are 12500 warps), and writes the
//   solution, inverse, det or (sign, logabsdet) in the result's C order; cholesky is the same
//   kernel with a Cholesky factorisation (potrf's rule: a pivot <= 0 fails) in place of LU;
// - the same factorisations (tiny_lu.hpp, written once over a `Lanes` policy) run by one thread
//   on the host backend (host/tiny_host.cpp), which beats LAPACK plus the front's copies there
//   too up to about 32 x 32 (docs/linalg.md has the figures);
// - precision: NumPy's, not CuPy's: float32 and complex64 matrices are factored in double
//   precision and the results rounded back, as numpy.linalg does (so det overflows, and values,
//   agree with NumPy's; the GPU's float64 rate is no limit at these sizes);
// - singularity: LAPACK's rule (an exactly zero pivot; for cholesky a pivot <= 0; NaN propagates
//   without an error, as in NumPy). When errors raise
//   (cupricx.errstate(linalg='raise'), the default, unlike CuPy whose default is to ignore),
//   the kernel sets one mapped pinned int of the calling thread and the host reads it after one
//   cudaStreamSynchronize: the one sync of the call, no device-to-host copy, no info array, no
//   reduction. When errors are ignored the kernel writes NaN into the results of singular
//   matrices itself and nothing waits. det and slogdet never raise (NumPy gives 0 / (0, -inf)).
// Counted on the GPU for solve(8 x 8, b): one pool allocation (the result), one launch, one
// stream sync; an input of another dtype adds its cast, an input whose batch cannot be described
// by one stride adds a copy. Inside a CUDA graph capture the check cannot run: the call raises
// RuntimeError (assert_checkable) unless errors are ignored, when the path is capture-safe.

namespace detail {
namespace {

// The batch of x (..., n, k) as one element stride, when its batch dimensions allow.
std::optional<TinyStack> try_stack(const ndarray& x) {
  const int nd = x.ndim();
  const int64_t isz = x.dtype().itemsize;
  for (int64_t s : x.strides())
    if (s % isz != 0) return std::nullopt;
  TinyStack st{x.data(), 0, x.strides()[nd - 2] / isz, x.strides()[nd - 1] / isz};
  bool first = true;
  int64_t span = 0;  // the stride the next outer dimension must have
  for (int d = nd - 3; d >= 0; --d) {
    const int64_t len = x.shape()[d], s = x.strides()[d] / isz;
    if (len == 1) continue;
    if (first) {
      st.batch = s;
      first = false;
    } else if (s != span) {
      return std::nullopt;
    }
    span = s * len;
  }
  return st;
}

// x in dtype t as a TinyStack; x is replaced by the cast or copy the stack then points into.
TinyStack stack_of(ndarray& x, DType t) {
  if (x.dtype() != t) x = astype(x, t, Order::C);
  std::optional<TinyStack> st = try_stack(x);
  if (!st) {
    x = copy(x, Order::C);
    st = try_stack(x);
  }
  return *st;
}

bool run(const ndarray& a, const TinyCall& call, const char* what) { return solvers(a, what).tiny(call); }

}  // namespace

void assert_checkable(const ndarray& a, const char* what) {
  Backend& b = a.backend();
  if (is_capturing(b, b.current_stream(b.current_device())))
    throw RuntimeError(std::string(what) +
                       ": cannot check for singular matrices while the stream is capturing a CUDA graph (the "
                       "check waits for the GPU); wrap the capture in cupricx.errstate(linalg='ignore'), where "
                       "singular matrices give NaN results");
}

bool tiny_applies(const ndarray& a, int64_t n, const char* what) {
  const SolverFns& s = solvers(a, what);
  return s.tiny && n >= 1 && n <= s.tiny_max_n;
}

ndarray tiny_inv(const ndarray& a_in, DType t) {
  const bool check = linalg_errors_raise();
  if (check) assert_checkable(a_in, "inv");
  ndarray a = a_in;
  const int64_t n = a.shape().back();
  TinyCall c{TinyOp::inv, t, static_cast<int>(n), n, batch_of(a), stack_of(a, t), {}, nullptr, nullptr, check};
  ndarray out = ndarray::empty(a.shape(), t, Order::C, &a.backend());
  c.out = out.data();
  if (c.batch > 0 && run(a, c, "inv")) throw LinAlgError("Singular matrix");
  return out;
}

ndarray tiny_solve(const ndarray& a_in, const ndarray& b_in, DType t) {
  const bool check = linalg_errors_raise();
  if (check) assert_checkable(a_in, "solve");
  ndarray a = a_in, b = b_in;
  const int64_t n = a.shape().back(), k = b.shape().back();
  TinyCall c{TinyOp::solve, t,    static_cast<int>(n), k, batch_of(a), stack_of(a, t), stack_of(b, t), nullptr,
             nullptr,       check};
  ndarray out = ndarray::empty(b.shape(), t, Order::C, &a.backend());
  c.out = out.data();
  if (c.batch > 0 && k > 0 && run(a, c, "solve")) throw LinAlgError("Singular matrix");
  return out;
}

ndarray tiny_cholesky(const ndarray& a_in, DType t, bool upper) {
  const bool check = linalg_errors_raise();
  if (check) assert_checkable(a_in, "cholesky");
  ndarray a = a_in;
  const int64_t n = a.shape().back();
  TinyCall c{upper ? TinyOp::cholesky_upper : TinyOp::cholesky_lower,
             t,
             static_cast<int>(n),
             n,
             batch_of(a),
             stack_of(a, t),
             {},
             nullptr,
             nullptr,
             check};
  ndarray out = ndarray::empty(a.shape(), t, Order::C, &a.backend());
  c.out = out.data();
  if (c.batch > 0 && run(a, c, "cholesky")) throw LinAlgError("Matrix is not positive definite");
  return out;
}

SlogdetResult tiny_slogdet(const ndarray& a_in, DType t) {
  ndarray a = a_in;
  TinyCall c{TinyOp::slogdet, t,    static_cast<int>(a.shape().back()), 0, batch_of(a), stack_of(a, t), {}, nullptr,
             nullptr,         false};
  const Dims batch = batch_shape(a);
  SlogdetResult r{ndarray::empty(batch, t, Order::C, &a.backend()),
                  ndarray::empty(batch, real_type(t), Order::C, &a.backend())};
  c.out = r.sign.data();
  c.out2 = r.logabsdet.data();
  if (c.batch > 0) run(a, c, "slogdet");
  return r;
}

ndarray tiny_det(const ndarray& a_in, DType t) {
  ndarray a = a_in;
  TinyCall c{TinyOp::det, t,    static_cast<int>(a.shape().back()), 0, batch_of(a), stack_of(a, t), {}, nullptr,
             nullptr,     false};
  ndarray out = ndarray::empty(batch_shape(a), t, Order::C, &a.backend());
  c.out = out.data();
  if (c.batch > 0) run(a, c, "det");
  return out;
}

}  // namespace detail
}  // namespace cupric::linalg
