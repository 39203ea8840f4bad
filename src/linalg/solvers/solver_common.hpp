// Shared pieces of the solver fronts: NumPy's linalg dtype rule and shape checks, column-major
// batches, and the reading of `info` into LinAlgError (Note [Column-major batches]).
#pragma once
#include <cstdint>
#include <initializer_list>
#include "cupric/linalg/decompositions.hpp"
#include "cupric/ndarray.hpp"
#include "linalg/solvers/solver_table.hpp"

namespace cupric::linalg::detail {

// Note [Column-major batches]
// LAPACK and cuSOLVER want each matrix column-major. The front copies a (..., M, N) input, cast
// to the compute dtype, into a C-contiguous (..., N, M) array: the same bytes as a stack of
// column-major M x N matrices (one copy kernel, which the factorisation needs anyway since it
// works in place). Results come back as the swapaxes view of such buffers, so no second copy is
// made; they are Fortran-ordered per matrix, which NumPy does not promise otherwise either.

// The backend's solver entries for a's device, or the one dispatch error naming `what`.
const SolverFns& solvers(const ndarray& a, const char* what);
// NumPy's _commonType: float64 for integers and bool, float32/complex64 only when every input is
// single precision, complex when any is; TypeError "array type float16 is unsupported in linalg".
DType linalg_type(std::initializer_list<const ndarray*> arrays);
DType real_type(DType t);
// LinAlgError "%d-dimensional array given. Array must be at least two-dimensional" / "... square".
void assert_stacked_2d(const ndarray& a);
void assert_stacked_square(const ndarray& a);
// a (..., M, N) cast to t as a C-contiguous (..., N, M) array: column-major M x N matrices.
ndarray to_colmajor(const ndarray& a, DType t);
// The (..., M, N) view of a column-major buffer (..., N, M).
ndarray from_colmajor(const ndarray& buf);
// batch + core: the shape of a stack of `core`-shaped items.
inline Dims with(Dims batch, std::initializer_list<int64_t> core) {
  for (int64_t d : core) batch.push_back(d);
  return batch;
}
// The number of matrices in a stack (the product of all but the last two dimensions).
int64_t batch_of(const ndarray& a);
Dims batch_shape(const ndarray& a);
// An uninitialised int32 info array (one per matrix) on a's backend.
ndarray info_for(const ndarray& a, const Dims& batch);
// When errors raise (the default): LinAlgError(msg) if any info > 0 (one host sync). Else returns
// the boolean mask (batch shape) of failed matrices, for nan_where.
ndarray check_info(const ndarray& info, const char* msg);
// result with NaN in the matrices (or vectors: `core` trailing dimensions) whose mask entry is set.
ndarray nan_where(const ndarray& result, const ndarray& failed, int core);
// a[..., i, i] for the last two dimensions as a (..., n) view.
ndarray diag_view(const ndarray& a);
// conj(a^T) over the last two dimensions (a view for real dtypes).
ndarray herm(const ndarray& a);
// The (..., n, n) identity matrices of dtype t on a's backend.
ndarray eye_stack(const Dims& batch, int64_t n, DType t);

}  // namespace cupric::linalg::detail
