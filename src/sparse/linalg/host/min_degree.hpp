// A fill-reducing ordering for the host sparse LU (Note [Minimum degree ordering] in
// min_degree.cpp): approximate minimum degree on the pattern of A + A^T.
#pragma once
#include <cstdint>
#include <vector>

namespace cupric::sparse::linalg {

// The elimination order of the n x n pattern given as CSC (cp: n + 1 column starts, ri: row
// indices, any order, duplicates and the diagonal allowed): order[k] is the k-th node.
std::vector<int64_t> min_degree_order(int64_t n, const std::vector<int64_t>& cp, const std::vector<int64_t>& ri);

}  // namespace cupric::sparse::linalg
