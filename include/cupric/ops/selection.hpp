// Indexing routines that build index sets or pick values: numpy.select, mask_indices,
// triu_indices / tril_indices (and their _from forms), and numpy.trace.
#pragma once
#include <functional>
#include <optional>
#include <vector>
#include "cupric/ndarray.hpp"
#include "cupric/ops/reduction.hpp"
#include "cupric/ops/ufunc.hpp"

namespace cupric {

// numpy.select(condlist, choicelist, default): choicelist[i] where condlist[i] is the first true
// condition, else `default`. The dtype is result_type of the choices and default (C++ numbers are
// weak, as Python's are). ValueError for lists of different length or empty ones, TypeError for a
// non-boolean condition.
ndarray select(const std::vector<ndarray>& condlist, const std::vector<Operand>& choicelist,
               const Operand& default_value = Operand(0));

// numpy.mask_indices(n, mask_func, k): the (row, column) indices of the nonzero entries of
// mask_func(ones((n, n), int64), k). One host sync (the count).
std::vector<ndarray> mask_indices(int64_t n, const std::function<ndarray(const ndarray&, int64_t)>& mask_func,
                                  int64_t k = 0);
// numpy.triu_indices / tril_indices: the indices of the upper / lower triangle (from the k-th
// diagonal) of an n x m array (m defaults to n), row by row. int64; one host sync (the count).
std::vector<ndarray> triu_indices(int64_t n, int64_t k = 0, std::optional<int64_t> m = std::nullopt);
std::vector<ndarray> tril_indices(int64_t n, int64_t k = 0, std::optional<int64_t> m = std::nullopt);
// The same for the shape of a 2-d `arr` (ValueError "input array must be 2-d" otherwise).
std::vector<ndarray> triu_indices_from(const ndarray& arr, int64_t k = 0);
std::vector<ndarray> tril_indices_from(const ndarray& arr, int64_t k = 0);

// numpy.diag_indices_from: diag_indices(arr.shape[0], arr.ndim) for an array whose axes all have
// one length (ValueError otherwise, or for fewer than 2 dimensions).
std::vector<ndarray> diag_indices_from(const ndarray& arr);

// numpy.trace: the sums along diagonals (sum(diagonal(a, offset, axis1, axis2), axis=-1)), with
// sum's dtype rules and `out`.
ndarray trace(const ndarray& a, int64_t offset = 0, int64_t axis1 = 0, int64_t axis2 = 1,
              std::optional<DType> dtype = std::nullopt, const ndarray& out = {});

}  // namespace cupric
