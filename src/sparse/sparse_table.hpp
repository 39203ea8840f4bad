// The dispatch table of cupricx.scipy.sparse: the kernels each backend provides (src/sparse/host/,
// src/sparse/cuda/) behind the backend-neutral front in src/sparse/*.cpp.
#pragma once
#include <cstdint>
#include "cupric/detail/dispatch.hpp"
#include "cupric/sparse.hpp"

namespace cupric::sparse {

// Note [Sparse module]
// cupricx.scipy.sparse is a library module laid out as cupric.linalg is (Note [Linalg module] in
// src/linalg/blas.hpp): the front (src/sparse/*.cpp) checks arguments, picks index and result
// dtypes and builds most operations (conversions, sum_duplicates, eliminate_zeros, elementwise
// operations, reductions) from cupric's own array routines (argsort, cumsum, searchsorted, take, ...),
// which already run on every backend. Only what has no good expression in those routines is a
// kernel in `SparseFns`: the products (SpMV/SpMM, SpGEMM), the CSR<->CSC transposition and a
// segmented reduction (ufunc.reduceat runs one reduction per segment); the host
// registers cupric's own loops (src/sparse/host/), CUDA cupric's SpMV kernel and cuSPARSE's
// generic API (src/sparse/cuda/, src/runtime/cuda/libs/cusparse.*).
//
// Kernels see contiguous arrays of one value dtype and one index dtype (int32 or int64: Note
// [Index dtype] in src/sparse/formats.cpp), and run on the current stream of the arrays' device.

// Which SpMV kernel a product takes: Auto is cupric's choice (Note [SpMV kernels] in
// src/sparse/cuda/spmv.cu); the others force one, for the benchmark cases that compare them
// (Note [SpMV random columns] there; cupric._core._sparse.spmv_with). The host backend has one.
enum class SpmvKernel : uint8_t { Auto, Own, OwnKeepX, OwnWide, Pipe, PipeKeepX, Cusparse };

// y = op(A) @ x, A in CSR (rows x cols). `transpose`: A's arrays are read as the CSC of the
// operator (so y has `cols` rows: CSC @ x without a conversion). x is (n, k) C-contiguous, y is
// (m, k) C-contiguous, k == 1 for SpMV; `transpose` comes with k == 1 only. y is written, not
// accumulated.
struct SpMV {
  DType dtype;        // of data, x and y
  DType index_dtype;  // of indices and indptr
  int64_t rows = 0, cols = 0, nnz = 0, k = 1;
  const void* data = nullptr;
  const void* indices = nullptr;
  const void* indptr = nullptr;
  const void* x = nullptr;
  void* y = nullptr;
  bool transpose = false;
  SpmvKernel kernel = SpmvKernel::Auto;
  Stream stream;
};

// out[s] = op over values[starts[s] : starts[s+1]] (the last segment runs to n), segments
// non-empty and starts increasing (int64). Sum of bool is an or. dtypes: bool, int8, int64,
// float32, float64, complex64/complex128 (Sum only).
enum class SegmentOp : uint8_t { Sum, Min, Max };
struct SegmentReduce {
  DType dtype;
  SegmentOp op = SegmentOp::Sum;
  const void* values = nullptr;
  int64_t n = 0;
  const int64_t* starts = nullptr;
  int64_t segments = 0;
  void* out = nullptr;
  Stream stream;
};

struct SparseFns {
  // Segmented reductions (sum_duplicates, row extremes, graph relaxations): one pass, where
  // ufunc.reduceat would run one reduction per segment.
  void (*segment_reduce)(const SegmentReduce& p);
  void (*spmv)(const SpMV& p);
  // C = A @ B, both CSR with the same value and index dtypes; returns a canonical CSR on the same
  // backend whose index dtype fits C's nnz.
  CsrMatrix (*spgemm)(const CsrMatrix& a, const CsrMatrix& b);
  // The CSC of a CSR (the same matrix): indices sorted in each column, duplicates kept.
  CscMatrix (*csr_to_csc)(const CsrMatrix& a);
};

dispatch::Table<const SparseFns*>& sparse_table();

}  // namespace cupric::sparse
