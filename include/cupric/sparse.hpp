// cupricx.scipy.sparse in the C++ API: the sparse formats (CSR, CSC, COO) as structs over cupric
// arrays, their construction and conversions, canonical forms and products (SpMV, SpMM, SpGEMM).
// Every function checks its arguments and raises SciPy's errors; the Python classes are thin
// wrappers over these (Note [Sparse module] in src/sparse/sparse_table.hpp).
#pragma once
#include <cstdint>
#include <optional>
#include <string_view>
#include "cupric/ndarray.hpp"
#include "cupric/ops/ufunc.hpp"

namespace cupric::sparse {

// Compressed sparse rows: row i's entries are data[indptr[i]:indptr[i+1]] in columns
// indices[...]. `indices` and `indptr` share one index dtype (int32 or int64).
struct CsrMatrix {
  ndarray data, indices, indptr;
  int64_t rows = 0, cols = 0;
  int64_t nnz() const { return data.size(); }
};
// Compressed sparse columns: the CSR layout of the transpose (indptr over columns, indices are rows).
struct CscMatrix {
  ndarray data, indices, indptr;
  int64_t rows = 0, cols = 0;
  int64_t nnz() const { return data.size(); }
};
// Coordinates: entry k is data[k] at (row[k], col[k]); duplicates add up.
struct CooMatrix {
  ndarray data, row, col;
  int64_t rows = 0, cols = 0;
  int64_t nnz() const { return data.size(); }
};

// The index dtype for a matrix whose largest index-like quantity (a dimension or nnz) is
// `max_value`: int32 when it fits, int64 otherwise (never a silent overflow; Note [Index dtype]
// in src/sparse/formats.cpp). SciPy's get_index_dtype.
DType index_dtype(int64_t max_value);
DType index_dtype_for(int64_t rows, int64_t cols, int64_t nnz);
// Data dtypes a sparse matrix holds (CuPy's: bool, float32, float64, complex64, complex128);
// ValueError otherwise.
void check_data_dtype(DType dt);
// The dtype a dense argument is stored as: an integer or float16 dtype becomes float64/float32 as
// CuPy does (int -> float64), a supported one is kept.
DType storage_dtype(DType dt);

// --- construction (argument checks, SciPy's messages) ---
// From (data, indices, indptr): checks dimensions, lengths and index dtypes; copies when `copy`.
CsrMatrix make_csr(const ndarray& data, const ndarray& indices, const ndarray& indptr, int64_t rows, int64_t cols,
                   bool copy = false);
CscMatrix make_csc(const ndarray& data, const ndarray& indices, const ndarray& indptr, int64_t rows, int64_t cols,
                   bool copy = false);
// From (data, (row, col)): negative or out-of-range indices raise ValueError.
CooMatrix make_coo(const ndarray& data, const ndarray& row, const ndarray& col, int64_t rows, int64_t cols,
                   bool copy = false);
// An all-zero matrix of the given shape.
CsrMatrix empty_csr(int64_t rows, int64_t cols, DType dtype);
// From a dense 2-D array (0-d and 1-d are taken as 1 x n, as SciPy does); zeros are dropped.
CooMatrix coo_from_dense(const ndarray& dense);
CsrMatrix csr_from_dense(const ndarray& dense);

// --- conversions (results own new arrays unless noted) ---
CsrMatrix coo_to_csr(const CooMatrix& a);  // duplicates summed, indices sorted (canonical)
CscMatrix coo_to_csc(const CooMatrix& a);  // duplicates summed, indices sorted (canonical)
CooMatrix csr_to_coo(const CsrMatrix& a);  // data shared; row expanded from indptr
CooMatrix csc_to_coo(const CscMatrix& a);
CscMatrix csr_to_csc(const CsrMatrix& a);  // duplicates kept; indices sorted in each column
CsrMatrix csc_to_csr(const CscMatrix& a);
// Transposes are free: the same arrays read in the other format.
inline CscMatrix transpose(const CsrMatrix& a) { return {a.data, a.indices, a.indptr, a.cols, a.rows}; }
inline CsrMatrix transpose(const CscMatrix& a) { return {a.data, a.indices, a.indptr, a.cols, a.rows}; }
ndarray to_dense(const CsrMatrix& a, Order order = Order::C);  // duplicates summed
ndarray to_dense(const CscMatrix& a, Order order = Order::C);
ndarray to_dense(const CooMatrix& a, Order order = Order::C);

// --- canonical forms (SciPy's in-place methods return the new arrays here) ---
// Sorted indices within each row (CSR) / column (CSC), duplicates summed.
CsrMatrix sum_duplicates(const CsrMatrix& a);
CscMatrix sum_duplicates(const CscMatrix& a);
CooMatrix sum_duplicates(const CooMatrix& a);  // row-major order, as SciPy 1.13+
CsrMatrix sort_indices(const CsrMatrix& a);
CscMatrix sort_indices(const CscMatrix& a);
CsrMatrix eliminate_zeros(const CsrMatrix& a);
CscMatrix eliminate_zeros(const CscMatrix& a);
CooMatrix eliminate_zeros(const CooMatrix& a);
// Whether indices are sorted in each row (strictly increasing: also no duplicates). One device
// reduction and a host read.
bool has_sorted_indices(const CsrMatrix& a);
bool has_canonical_format(const CsrMatrix& a);

// --- products ---
// y = A @ x for a 1-D x (SpMV) or A @ X for a 2-D X (SpMM). The result dtype is NumPy's promotion
// of A's and x's; x is cast to it. ValueError for mismatched shapes (SciPy's message).
// On the GPU: cupric's own SpMV kernel or cuSPARSE's (Note [SpMV kernels] in
// src/sparse/cuda/spmv.cu); on the host, cupric's loops.
ndarray spmv(const CsrMatrix& a, const ndarray& x);
ndarray spmv(const CscMatrix& a, const ndarray& x);
ndarray spmm(const CsrMatrix& a, const ndarray& x);
ndarray spmm(const CscMatrix& a, const ndarray& x);
// spmv with one GPU kernel forced by name: "auto" (spmv's choice), "own", "own_keepx", "own_wide",
// "pipe", "pipe_keepx" (cupric's kernel and its random-column variants) or "cusparse" (CuPy's path), for
// the benchmark cases that compare them (Note [SpMV random columns] in src/sparse/cuda/spmv.cu).
// The host backend runs its one kernel for every name; ValueError for another name.
ndarray spmv_with(const CsrMatrix& a, const ndarray& x, std::string_view kernel);
// dot: spmv for 1-D x, spmm for 2-D (SciPy's A @ x).
ndarray dot(const CsrMatrix& a, const ndarray& x);
ndarray dot(const CscMatrix& a, const ndarray& x);
// C = A @ B (SpGEMM), canonical result.
CsrMatrix spgemm(const CsrMatrix& a, const CsrMatrix& b);

// --- elementwise ---
// C = op(A, B) over the union of the patterns (add, subtract, maximum, minimum, not_equal, ...;
// any binary ufunc with op(0, 0) == 0) or, for multiply, their intersection. Canonical result
// without explicit zeros, as SciPy's _binopt.
CsrMatrix binop(const CsrMatrix& a, const CsrMatrix& b, std::string_view ufunc);
// SciPy's sum along an axis, implicit zeros included: axis 0 gives a
// (cols,) array, axis 1 a (rows,) array.
// axis None gives a 0-d array. bool sums are int64 (NumPy's), other dtypes keep theirs unless
// `dtype` is given.
ndarray sum(const CsrMatrix& a, std::optional<int> axis, std::optional<DType> dtype = std::nullopt);
// SciPy's max/min (values) and argmax/argmin (int64 positions; flat C-order positions without an
// axis) with implicit zeros included: axis 0 per column, 1 per row, none a 0-d array. ValueError
// for an empty matrix (Note [Sparse extremes] in src/sparse/minmax.cpp).
ndarray reduce_minmax(const CsrMatrix& a, std::optional<int> axis, bool is_max);
ndarray arg_minmax(const CsrMatrix& a, std::optional<int> axis, bool is_max);
// The k-th diagonal as a dense 1-D array (duplicates summed).
ndarray diagonal(const CsrMatrix& a, int64_t k = 0);

// --- indexing ---
// An index along an axis of length n as int64 positions: a bool mask (length n) by its nonzeros,
// integers with negatives wrapped; IndexError "index (i) out of range" otherwise.
ndarray normalize_index(const ndarray& idx, int64_t n);
// The rows `rows` of A (any order, repeats allowed), as a CSR; the columns of a CSC likewise.
CsrMatrix take_rows(const CsrMatrix& a, const ndarray& rows);
CscMatrix take_cols(const CscMatrix& a, const ndarray& cols);
// A[rows[k], cols[k]] for each k (duplicates summed, implicit zeros 0).
ndarray get_values(const CsrMatrix& a, const ndarray& rows, const ndarray& cols);
// A[rows[k], cols[k]] = values[k] (SciPy's __setitem__ after its key is broadcast to flat index
// arrays): values has one entry or one per index pair and is cast to A's dtype; when a position is
// given twice the last value wins. Stored entries are overwritten in A's own data array (in place,
// as SciPy, when A is canonical; a non-canonical A is made canonical first); positions not stored
// are inserted when `insert` (explicit zeros too, as SciPy), else skipped. `inserted` says whether
// the structure changed (SciPy's SparseEfficiencyWarning). For a CSC pass its transpose.
struct SetValues {
  CsrMatrix m;
  bool inserted = false;
};
SetValues set_values(const CsrMatrix& a, const ndarray& rows, const ndarray& cols, const ndarray& values,
                     bool insert = true);

}  // namespace cupric::sparse
