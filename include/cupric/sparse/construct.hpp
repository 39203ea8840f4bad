// Building sparse matrices (SciPy's scipy.sparse construction functions) and the DIA format, in
// the C++ API; results are COO (src/sparse/construct.cpp).
#pragma once
#include <optional>
#include <vector>
#include "cupric/sparse.hpp"

namespace cupric::sparse {

// DIAgonal storage: data[i, j] is the entry (j - offsets[i], j); offsets int32, distinct.
struct DiaMatrix {
  ndarray data, offsets;
  int64_t rows = 0, cols = 0;
};

// Ones on diagonal k of a rows x cols matrix.
CooMatrix eye(int64_t rows, int64_t cols, int64_t k, DType dtype);
// diagonals[d] on diagonal offsets[d] (a length-1 diagonal is repeated; a longer one is cut, a
// shorter one is SciPy's ValueError).
CooMatrix diags(const std::vector<ndarray>& diagonals, const std::vector<int64_t>& offsets, int64_t rows, int64_t cols,
                DType dtype);
// The Kronecker product (duplicates kept when the operands have them).
CooMatrix kron(const CooMatrix& a, const CooMatrix& b);
// The block matrix of `blocks` (an empty entry is a zero block; each block row and column needs
// one block to fix its size); dtype: the operands' promotion unless given. SciPy's messages.
CooMatrix bmat(const std::vector<std::vector<std::optional<CooMatrix>>>& blocks, std::optional<DType> dtype);
// The entries on or below (tril) / above (triu) diagonal k.
CooMatrix tril(const CooMatrix& a, int64_t k);
CooMatrix triu(const CooMatrix& a, int64_t k);

DiaMatrix make_dia(const ndarray& data, const ndarray& offsets, int64_t rows, int64_t cols);
CooMatrix dia_to_coo(const DiaMatrix& a);  // stored zeros and entries outside the shape dropped
DiaMatrix coo_to_dia(const CooMatrix& a);

}  // namespace cupric::sparse
