// The sparse formats' construction, argument checks, index dtypes and conversions
// (include/cupric/sparse.hpp; Note [Sparse module] in src/sparse/sparse_table.hpp).
#include <limits>
#include <optional>
#include "cupric/cupric.hpp"
#include "sparse/sparse_internal.hpp"
#include "sparse/sparse_table.hpp"

namespace cupric::sparse {

dispatch::Table<const SparseFns*>& sparse_table() {
  static constinit dispatch::Table<const SparseFns*> t;
  return t;
}

// Note [Index dtype]
// A matrix's indices and indptr share one dtype, int32 when every index-like quantity (both
// dimensions and nnz) is at most INT32_MAX and int64 otherwise, picked by the routine that makes
// the arrays from the sizes it is about to produce (SciPy's get_index_dtype with maxval). CuPy
// keeps int32 regardless and wraps past 2^31 nonzeros; here an operation whose result may grow
// (SpGEMM, sum of two matrices, kron, conversions of a COO with 2^31 entries) computes the size
// first, in int64, and only then chooses. Arrays given by the user keep their dtype when it is
// int32 or int64 and large enough; other integer dtypes are cast.
DType index_dtype(int64_t max_value) {
  return max_value <= std::numeric_limits<int32_t>::max() ? dtypes::int32 : dtypes::int64;
}

DType index_dtype_for(int64_t rows, int64_t cols, int64_t nnz) { return index_dtype(std::max({rows, cols, nnz})); }

bool is_supported_dtype(DType dt) {
  switch (dt.type) {
    case ScalarType::Bool:
    case ScalarType::Float32:
    case ScalarType::Float64:
    case ScalarType::Complex64:
    case ScalarType::Complex128: return true;
    default: return false;
  }
}

void check_data_dtype(DType dt) {
  if (!is_supported_dtype(dt))
    throw ValueError("Only bool, float32, float64, complex64 and complex128 are supported (got " + dt.name() +
                     "; convert the data with astype first)");
}

DType storage_dtype(DType dt) {
  if (is_supported_dtype(dt)) return dt;
  if (dt.type == ScalarType::Float16) return dtypes::float32;
  if (dt.is_integer()) return dtypes::float64;
  check_data_dtype(dt);
  return dt;
}

namespace {

void check_shape(int64_t rows, int64_t cols) {
  if (rows < 0 || cols < 0) throw ValueError("invalid shape (negative dimension)");
}

// A 1-D integer array as the index dtype `it` (a view when it already is).
ndarray as_index(const ndarray& a, DType it, const char* what) {
  if (a.ndim() != 1) throw ValueError(std::string(what) + " should be 1-D");
  if (!a.dtype().is_integer())
    throw ValueError(std::string(what) + " must be an integer array (got " + a.dtype().name() + ")");
  return contiguous(a.dtype() == it ? a : astype(a, it));
}

}  // namespace

ndarray contiguous(const ndarray& a) { return a.c_contiguous() ? a : copy(a, Order::C); }

// Note [Expanding indptr on the device]
// Entry k of a compressed matrix belongs to the last major slice whose start is <= k: one
// searchsorted (side right) of 0..nnz-1 in indptr, minus one; empty slices (equal starts) are
// passed over by the side. repeat(arange(major), diff(indptr)) says the same, but cupric's repeat
// with an array of counts builds its index on the host (a host loop over nnz entries and an
// nnz * 8-byte upload: most of the 760 ms the GPU's COO sum_duplicates of 2^26 entries took, and
// part of every CSR -> COO); the search is a few device passes (sorted queries: neighbouring
// threads walk the same path through indptr, so its lines stay in L1/L2).
ndarray owners(const ndarray& starts, int64_t total) {
  const DType t = starts.dtype();
  if (total == 0 || starts.size() == 0) return zeros({0}, t);
  const ndarray k = arange(Scalar::of<int64_t>(0), Scalar::of<int64_t>(total), Scalar::of<int64_t>(1), t);
  return astype(subtract(searchsorted(starts, k, Side::Right), Operand(int64_t{1})), t, Order::K, Casting::Unsafe,
                false);
}

ndarray expand_major(const ndarray& indptr, int64_t major, int64_t nnz) {
  if (major == 0) return zeros({0}, indptr.dtype());
  return owners(indptr, nnz);
}

ndarray compress_major(const ndarray& sorted_major, int64_t major, DType it) {
  const ndarray bounds =
      arange(Scalar::of<int64_t>(0), Scalar::of<int64_t>(major + 1), Scalar::of<int64_t>(1), sorted_major.dtype());
  return astype(searchsorted(sorted_major, bounds, Side::Left), it);
}

template <class M>
M make_compressed(const ndarray& data, const ndarray& indices, const ndarray& indptr, int64_t rows, int64_t cols,
                  bool copy_arrays, int64_t major) {
  check_shape(rows, cols);
  if (data.ndim() != 1 || indices.ndim() != 1 || indptr.ndim() != 1)
    throw ValueError("data, indices, and indptr should be 1-D");
  check_data_dtype(data.dtype());
  if (indptr.size() != major + 1)
    throw ValueError("index pointer size (" + std::to_string(indptr.size()) + ") should be (" +
                     std::to_string(major + 1) + ")");
  if (indices.size() != data.size()) throw ValueError("indices and data should have the same size");
  const DType it = index_dtype_for(rows, cols, data.size());
  const DType given = promote_types(indices.dtype().is_integer() ? indices.dtype() : dtypes::int64,
                                    indptr.dtype().is_integer() ? indptr.dtype() : dtypes::int64);
  const DType use = (given == dtypes::int64 || it == dtypes::int64) ? dtypes::int64 : dtypes::int32;
  M m{contiguous(data), as_index(indices, use, "indices"), as_index(indptr, use, "indptr"), rows, cols};
  if (copy_arrays) {
    m.data = copy(m.data, Order::C);
    if (m.indices.memory() == indices.memory()) m.indices = copy(m.indices, Order::C);
    if (m.indptr.memory() == indptr.memory()) m.indptr = copy(m.indptr, Order::C);
  }
  return m;
}

CsrMatrix make_csr(const ndarray& data, const ndarray& indices, const ndarray& indptr, int64_t rows, int64_t cols,
                   bool copy_arrays) {
  return make_compressed<CsrMatrix>(data, indices, indptr, rows, cols, copy_arrays, rows);
}

CscMatrix make_csc(const ndarray& data, const ndarray& indices, const ndarray& indptr, int64_t rows, int64_t cols,
                   bool copy_arrays) {
  return make_compressed<CscMatrix>(data, indices, indptr, rows, cols, copy_arrays, cols);
}

CooMatrix make_coo(const ndarray& data, const ndarray& row, const ndarray& col, int64_t rows, int64_t cols,
                   bool copy_arrays) {
  check_shape(rows, cols);
  if (data.ndim() != 1 || row.ndim() != 1 || col.ndim() != 1)
    throw ValueError("row, column, and data arrays must be 1-D");
  if (row.size() != col.size() || row.size() != data.size())
    throw ValueError("row, column, and data array must all be the same length");
  check_data_dtype(data.dtype());
  const DType it = index_dtype_for(rows, cols, data.size());
  CooMatrix m{contiguous(data), as_index(row, it, "row index"), as_index(col, it, "column index"), rows, cols};
  if (m.nnz() > 0) {
    // The four bounds in one read-back (one host sync, not four).
    const std::vector<int64_t> b =
        to_vector<int64_t>(astype(concatenate({reshape(amax(m.row), {1}), reshape(amax(m.col), {1}),
                                               reshape(amin(m.row), {1}), reshape(amin(m.col), {1})}),
                                  dtypes::int64));
    if (b[0] >= rows) throw ValueError("row index exceeds matrix dimensions");
    if (b[1] >= cols) throw ValueError("column index exceeds matrix dimensions");
    if (b[2] < 0) throw ValueError("negative row index found");
    if (b[3] < 0) throw ValueError("negative column index found");
  }
  if (copy_arrays) {
    m.data = copy(m.data, Order::C);
    if (m.row.memory() == row.memory()) m.row = copy(m.row, Order::C);
    if (m.col.memory() == col.memory()) m.col = copy(m.col, Order::C);
  }
  return m;
}

CsrMatrix empty_csr(int64_t rows, int64_t cols, DType dtype) {
  check_shape(rows, cols);
  check_data_dtype(dtype);
  const DType it = index_dtype_for(rows, cols, 0);
  return {zeros({0}, dtype), zeros({0}, it), zeros({rows + 1}, it), rows, cols};
}

CooMatrix coo_from_dense(const ndarray& dense_in) {
  if (dense_in.ndim() > 2) throw TypeError("expected dimension <= 2 array or matrix");
  const ndarray dense = dense_in.ndim() == 2 ? dense_in : reshape(dense_in, {1, dense_in.size()});
  check_data_dtype(dense.dtype());
  const DType dt = dense.dtype();
  const int64_t rows = dense.shape()[0], cols = dense.shape()[1];
  const ndarray flat = ravel(dense_in.ndim() == 2 ? dense : dense, Order::C);
  const ndarray where = flatnonzero(flat);  // int64, in row-major order
  const DType it = index_dtype_for(rows, cols, where.size());
  const ndarray values = astype(take(flat, where), dt);
  const ndarray row = astype(floor_divide(where, cols > 0 ? cols : 1), it);
  const ndarray col = astype(remainder(where, cols > 0 ? cols : 1), it);
  return {values, row, col, rows, cols};
}

CsrMatrix csr_from_dense(const ndarray& dense) { return coo_to_csr(coo_from_dense(dense)); }

std::optional<KeyedEntries> keyed_entries(const ndarray& data, const ndarray& major_idx, const ndarray& minor_idx,
                                          int64_t major, int64_t minor, bool sum_duplicates) {
  const bool key_fits = minor == 0 || major <= std::numeric_limits<int64_t>::max() / std::max<int64_t>(minor, 1);
  if (!key_fits) return std::nullopt;
  // One stable sort of the position key major * minor + minor_idx, in 32 bits when every
  // position fits (half the radix passes and bytes of 64); segments and the two indices come
  // back from the sorted key itself, so the index arrays are gathered once (as the key).
  const bool narrow = major <= std::numeric_limits<int32_t>::max() / std::max<int64_t>(minor, 1);
  const DType kt = narrow ? dtypes::int32 : dtypes::int64;
  const int64_t w = std::max<int64_t>(minor, 1);
  const ndarray key = add(multiply(astype(major_idx, kt, Order::K, Casting::Unsafe, false), Operand(w)),
                          astype(minor_idx, kt, Order::K, Casting::Unsafe, false));
  const ndarray order = argsort(key, -1, SortKind::Stable);
  ndarray sorted = take(key, order);
  ndarray vals = take(data, order);
  if (sum_duplicates && sorted.size() > 1) {
    const ndarray starts = flatnonzero(concatenate({ones({1}, dtypes::bool_), not_equal(diff(sorted), 0)}));
    if (starts.size() != sorted.size()) {
      vals = segment_reduce("add", vals, starts);
      sorted = take(sorted, starts);
    }
  }
  return KeyedEntries{vals, sorted, w};
}

// The canonical compressed arrays (major-sorted, minor-sorted, duplicates summed) of entries
// (major[k], minor[k], data[k]) of a major x minor matrix (Note [Sparse module]).
Compressed compress_entries(const ndarray& data, const ndarray& major_idx, const ndarray& minor_idx, int64_t major,
                            int64_t minor, bool sum_duplicates) {
  const int64_t n = data.size();
  if (n == 0) {
    const DType it = index_dtype_for(major, minor, 0);
    return {zeros({0}, data.dtype()), zeros({0}, it), zeros({major + 1}, it)};
  }
  if (std::optional<KeyedEntries> k = keyed_entries(data, major_idx, minor_idx, major, minor, sum_duplicates)) {
    const int64_t m = k->vals.size();
    const DType it = index_dtype_for(major, minor, m);
    return {k->vals, astype(remainder(k->key, Operand(k->w)), it, Order::K, Casting::Unsafe, false),
            compress_major(floor_divide(k->key, Operand(k->w)), major, it)};
  }
  const ndarray first = ones({1}, dtypes::bool_);
  // Positions beyond int64: a lexicographic sort of the two indices.
  const ndarray order = lexsort({astype(minor_idx, dtypes::int64), astype(major_idx, dtypes::int64)});
  ndarray maj64 = take(astype(major_idx, dtypes::int64), order);
  ndarray min64 = take(astype(minor_idx, dtypes::int64), order);
  ndarray vals = take(data, order);
  const ndarray changed = logical_or(not_equal(diff(maj64), 0), not_equal(diff(min64), 0));
  const ndarray starts = flatnonzero(concatenate({first, changed}));
  const int64_t m = sum_duplicates ? starts.size() : n;
  if (m != n && sum_duplicates) {
    vals = segment_reduce("add", vals, starts);
    maj64 = take(maj64, starts);
    min64 = take(min64, starts);
  }
  const DType it = index_dtype_for(major, minor, m);
  return {vals, astype(min64, it), compress_major(maj64, major, it)};
}

ndarray segment_reduce(std::string_view op, const ndarray& values_in, const ndarray& starts_in) {
  SegmentReduce p;
  p.op = op == "add" ? SegmentOp::Sum : op == "minimum" ? SegmentOp::Min : SegmentOp::Max;
  const ndarray values = contiguous(values_in);
  const ndarray starts = contiguous(astype(starts_in, dtypes::int64, Order::K, Casting::Unsafe, false));
  ndarray out = ndarray::empty({starts.size()}, values.dtype(), Order::C, &values.backend());
  if (starts.size() == 0) return out;
  p.dtype = values.dtype();
  p.values = values.data();
  p.n = values.size();
  p.starts = reinterpret_cast<const int64_t*>(starts.data());
  p.segments = starts.size();
  p.out = out.data();
  p.stream = values.backend().current_stream(values.device());
  sparse_table().require(values.device_type(), "sparse segmented reductions")->segment_reduce(p);
  return out;
}

CsrMatrix coo_to_csr(const CooMatrix& a) {
  Compressed c = compress_entries(a.data, a.row, a.col, a.rows, a.cols);
  return {c.data, c.indices, c.indptr, a.rows, a.cols};
}

CscMatrix coo_to_csc(const CooMatrix& a) {
  Compressed c = compress_entries(a.data, a.col, a.row, a.cols, a.rows);
  return {c.data, c.indices, c.indptr, a.rows, a.cols};
}

CooMatrix csr_to_coo(const CsrMatrix& a) {
  return {a.data, expand_major(a.indptr, a.rows, a.nnz()), a.indices, a.rows, a.cols};
}

CooMatrix csc_to_coo(const CscMatrix& a) {
  return {a.data, a.indices, expand_major(a.indptr, a.cols, a.nnz()), a.rows, a.cols};
}

CscMatrix csr_to_csc(const CsrMatrix& a) {
  return sparse_table().require(a.data.device_type(), "sparse CSR -> CSC conversion")->csr_to_csc(a);
}

CscMatrix csr_to_csc_by_sort(const CsrMatrix& a) {
  const ndarray rows = expand_major(a.indptr, a.rows, a.nnz());
  const ndarray order = argsort(a.indices, -1, SortKind::Stable);  // rows stay sorted in each column
  const ndarray cols = take(a.indices, order);
  return {take(a.data, order), take(rows, order), compress_major(cols, a.cols, a.indices.dtype()), a.rows, a.cols};
}

CsrMatrix csc_to_csr(const CscMatrix& a) { return transpose(csr_to_csc(transpose(a))); }

namespace {

ndarray scatter_dense(const ndarray& data, const ndarray& row, const ndarray& col, int64_t rows, int64_t cols,
                      Order order) {
  ndarray out = zeros({rows, cols}, data.dtype(), order == Order::F ? Order::F : Order::C);
  if (data.size() == 0) return out;
  // Canonical entries first (duplicates summed), then one put of distinct positions.
  Compressed c = compress_entries(data, row, col, rows, cols);
  const ndarray r = astype(expand_major(c.indptr, rows, c.data.size()), dtypes::int64);
  const ndarray cc = astype(c.indices, dtypes::int64);
  // An F-ordered result's memory is its C-ordered transpose.
  const bool f = order == Order::F;
  const ndarray target = reshape(f ? transpose(out) : out, {rows * cols});
  put(target, f ? add(multiply(cc, rows), r) : add(multiply(r, cols), cc), c.data);
  return out;
}

}  // namespace

ndarray to_dense(const CooMatrix& a, Order order) { return scatter_dense(a.data, a.row, a.col, a.rows, a.cols, order); }

ndarray to_dense(const CsrMatrix& a, Order order) { return to_dense(csr_to_coo(a), order); }

ndarray to_dense(const CscMatrix& a, Order order) { return to_dense(csc_to_coo(a), order); }

}  // namespace cupric::sparse
