// Small kernels around the batched cuSOLVER calls (cuda/batched_copy.cu): copies and
// (conjugate) transposes of stacks of column-major matrices, and the unpacking of real geev
// eigenvectors into complex ones.
#pragma once
#include <cuda_runtime.h>
#include <cstdint>
#include "cupric/dtype.hpp"

namespace cupric::linalg::cuda {

// Column-major matrices of `batch`: element (i, j) of matrix b at data + b * stride + i + j * ld.
struct ColStack {
  void* data;
  int64_t ld, stride;
};

// dst (rows x cols) = op(src) for each matrix of the stack: op 'N' (src is rows x cols), 'T'
// (src^T, src cols x rows) or 'C' (conjugate transpose); t float32/float64/complex64/complex128.
void batched_copy(DType t, char op, int64_t rows, int64_t cols, int64_t batch, ColStack src, ColStack dst,
                  cudaStream_t stream);

// LAPACK's packing of a real matrix's eigenvectors undone: vr (n x n, real dtype t, leading
// dimension n) and the complex eigenvalues w (n) of each matrix give the complex eigenvectors v
// (n x n): a real eigenvalue's column as it is, a conjugate pair (positive imaginary part first)
// from columns j, j + 1 as vr_j + i vr_{j+1} and vr_j - i vr_{j+1}.
void unpack_real_eigenvectors(DType t, int64_t n, int64_t batch, const void* vr, const void* w, void* v,
                              cudaStream_t stream);

}  // namespace cupric::linalg::cuda
