// Helpers the sparse front's units share (src/sparse/*.cpp): canonical compression of entries,
// index expansion, dtype rules (Note [Sparse module] in src/sparse/sparse_table.hpp).
#pragma once
#include <optional>
#include <string_view>
#include "cupric/sparse.hpp"

namespace cupric::sparse {

// The arrays of a compressed matrix, read along its major axis (rows for CSR, columns for CSC).
struct Compressed {
  ndarray data, indices, indptr;
};

bool is_supported_dtype(DType dt);
ndarray contiguous(const ndarray& a);
// The major index of each of the nnz entries (indptr's dtype): repeat(arange(major), diff(indptr)),
// computed on the device (Note [Expanding indptr on the device] in src/sparse/formats.cpp).
ndarray expand_major(const ndarray& indptr, int64_t major, int64_t nnz);
// For each t in 0..total-1, the group g with starts[g] <= t < starts[g+1] (starts: the
// non-decreasing first positions of consecutive groups, empty groups allowed, starts[0] == 0):
// repeat(arange(len(starts)), counts) without the host (same Note), in starts' dtype.
ndarray owners(const ndarray& starts, int64_t total);
// indptr (dtype `it`) of entries whose major indices `sorted_major` are non-decreasing.
ndarray compress_major(const ndarray& sorted_major, int64_t major, DType it);
// Entries (major_idx[k], minor_idx[k], data[k]) of a major x minor matrix sorted (stably) by the
// position key major_idx * w + minor_idx (w = max(minor, 1); int32 when every position fits, else
// int64), duplicates summed when `sum_duplicates`; nullopt when positions exceed int64.
struct KeyedEntries {
  ndarray vals, key;
  int64_t w = 1;
};
std::optional<KeyedEntries> keyed_entries(const ndarray& data, const ndarray& major_idx, const ndarray& minor_idx,
                                          int64_t major, int64_t minor, bool sum_duplicates);
// Canonical compressed arrays of the entries (major_idx[k], minor_idx[k], data[k]) of a
// major x minor matrix: sorted (stably), duplicates summed (bool: or-ed) when `sum_duplicates`,
// index dtype chosen for the result.
Compressed compress_entries(const ndarray& data, const ndarray& major_idx, const ndarray& minor_idx, int64_t major,
                            int64_t minor, bool sum_duplicates = true);
// op over each segment [starts[s], starts[s+1]) of the 1-D `values` (starts: increasing, the
// first 0 or more, segments non-empty): "add" (bool: or), "minimum" or "maximum", through the
// backend's segment_reduce kernel.
ndarray segment_reduce(std::string_view op, const ndarray& values, const ndarray& starts);

// A @ B by expansion (Note [SpGEMM by expansion] in src/sparse/products.cpp): every product
// a_ik * b_kj as an entry, then compressed; any backend, any index dtype. What a backend whose
// library SpGEMM cannot take the operands (cuSPARSE: 32-bit indices only) falls back to.
CsrMatrix spgemm_by_expansion(const CsrMatrix& a, const CsrMatrix& b);

// The CSC of a CSR by a stable sort of the column indices (any backend, any dtype): what a
// backend without a faster transposition registers, or falls back to.
CscMatrix csr_to_csc_by_sort(const CsrMatrix& a);

}  // namespace cupric::sparse
