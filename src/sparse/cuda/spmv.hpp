// cupric's own sparse kernels on the GPU: CSR products (spmv.cu; Note [SpMV kernels] there) and
// the segmented reduction (segments.cu).
#pragma once
#include "sparse/sparse_table.hpp"

namespace cupric::sparse::cuda {
// y = A @ x (p.k == 1) or Y = A @ X (p.k > 1, one thread per output element), A in CSR, not
// transposed; bool, float32, float64, complex64, complex128 with int32 or int64 indices.
void own_spmv(const SpMV& p);
// SparseFns::segment_reduce (segments.cu).
void segment_reduce(const SegmentReduce& p);
}  // namespace cupric::sparse::cuda
