// The solver module's backend interface: LAPACK-style factorisations of batches of column-major
// matrices, one implementation per backend (Note [Solver dispatch]).
#pragma once
#include <cstdint>
#include "cupric/detail/dispatch.hpp"
#include "cupric/dtype.hpp"

namespace cupric::linalg {

// Note [Solver dispatch]
// The front (src/linalg/solvers/*.cpp) does what NumPy's Python code and its umath_linalg
// gufuncs do around LAPACK: dtype resolution, shape checks and broadcasting, the copy of each
// matrix into column-major order (Note [Column-major batches] in solver_common.hpp), the reading
// of `info` and the LinAlgError. A backend only factorises: each entry below takes `batch`
// matrices stored one after another, each column-major with leading dimension max(1, rows), in
// the backend's memory, of dtype float32/float64/complex64/complex128, and works on the current
// stream. `info` is one int32 per matrix, LAPACK's meaning (> 0: singular / not positive
// definite / no convergence), written to the backend's memory; the front reads it back (the one
// host sync of a checked call). The host backend (host/lapack_solvers.cpp) loops LAPACKE over
// the batch; the CUDA backend (cuda/cusolver_solvers.cpp) calls cuSOLVER, batched where
// cuSOLVER/cuBLAS have batched routines.
// One call of the tiny path (Note [Tiny solvers] in tiny_solvers.cpp): `batch` n x n matrices of
// dtype t read where they lie (element strides, the batch flattened to one stride), and for
// `solve` the n x nrhs right-hand sides likewise.
enum class TinyOp : int { solve, inv, slogdet, det, cholesky_lower, cholesky_upper };
struct TinyStack {
  const void* data = nullptr;
  int64_t batch = 0, row = 0, col = 0;  // strides in elements
};
struct TinyCall {
  TinyOp op;
  DType t;
  int n;
  int64_t nrhs, batch;
  TinyStack a, b;  // b: solve only
  // solve / inv: the C-contiguous (batch, n, nrhs) / (batch, n, n) result; slogdet: sign (batch,
  // dtype t) and out2 logabsdet (batch, t's real dtype); det: (batch, dtype t); cholesky: the
  // (batch, n, n) factor, L from a's lower triangle or U (a = U^H U) from its upper one, zeros in
  // the other triangle.
  void* out;
  void* out2;
  // solve / inv / cholesky: true when errors raise (then the call reports whether any matrix is singular, a
  // host sync on the GPU); false: the singular matrices' results are NaN and nothing waits.
  bool check;
};

struct SolverFns {
  // LU with partial pivoting of m x n matrices in place; ipiv: min(m, n) int32 per matrix,
  // 1-based (LAPACK's; int32 as cuSOLVER's and cuBLAS's batched getrf write them).
  void (*getrf)(DType t, int64_t m, int64_t n, int64_t batch, void* a, int32_t* ipiv, int32_t* info);
  // Solves op(A) X = B with getrf's factors; trans 'N', 'T' or 'C'; b (n x nrhs) overwritten.
  void (*getrs)(DType t, char trans, int64_t n, int64_t nrhs, int64_t batch, const void* lu, const int32_t* ipiv,
                void* b);
  // Cholesky in place (the `lower` or upper triangle; the other is left as it was).
  void (*potrf)(DType t, bool lower, int64_t n, int64_t batch, void* a, int32_t* info);
  // Solves A X = B with potrf's factor.
  void (*potrs)(DType t, bool lower, int64_t n, int64_t nrhs, int64_t batch, const void* a, void* b);
  // Solves op(A) X = B for triangular A; trans 'N', 'T' or 'C'.
  void (*trsm)(DType t, bool lower, char trans, bool unit_diag, int64_t n, int64_t nrhs, int64_t batch, const void* a,
               void* b);
  // QR: Householder vectors below the diagonal of a (m x n), R on and above; tau: min(m, n) per matrix.
  void (*geqrf)(DType t, int64_t m, int64_t n, int64_t batch, void* a, void* tau);
  // The first n columns of Q (m x n, n <= m) from k reflectors, in place in a.
  void (*orgqr)(DType t, int64_t m, int64_t n, int64_t k, int64_t batch, void* a, const void* tau);
  // SVD: jobz 'N' (s only), 'S' (u m x k, vt k x n) or 'A' (u m x m, vt n x n); a is destroyed;
  // s in t's real dtype.
  void (*gesdd)(DType t, char jobz, int64_t m, int64_t n, int64_t batch, void* a, void* s, void* u, void* vt,
                int32_t* info);
  // Hermitian eigen-decomposition: w ascending (real dtype); with vectors, a is overwritten by them.
  void (*heevd)(DType t, bool vectors, bool lower, int64_t n, int64_t batch, void* a, void* w, int32_t* info);
  // General eigen-decomposition: w (n) and v (n x n, when vectors) complex of t's precision,
  // eigenvectors normalised to unit 2-norm with the largest component real (LAPACK's geev).
  void (*geev)(DType t, bool vectors, int64_t n, int64_t batch, void* a, void* w, void* v, int32_t* info);
  // The tiny path for n <= tiny_max_n: true when call.check and some matrix is singular.
  bool (*tiny)(const TinyCall& call);
  int tiny_max_n;
};

dispatch::Table<const SolverFns*>& solver_table();

}  // namespace cupric::linalg
