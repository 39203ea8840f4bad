// cupricx.scipy.sparse.csgraph in the C++ API: graph algorithms on the structure of a CSR matrix
// (stored entries are edges, whatever their values, as SciPy's csgraph reads them).
#pragma once
#include <string_view>
#include <utility>
#include "cupric/sparse.hpp"

namespace cupric::sparse {

// SciPy's connected_components: (number of components, int32 label of each node). connection
// "weak" (or an undirected graph) joins nodes linked either way, "strong" nodes that reach each
// other. Labels number components by their smallest node for "weak" (as SciPy) and are a valid
// partition for "strong". ValueError for a non-square graph or another connection.
std::pair<int64_t, ndarray> connected_components(const CsrMatrix& graph, bool directed = true,
                                                 std::string_view connection = "weak");

}  // namespace cupric::sparse
