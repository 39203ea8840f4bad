// cupric's linear algebra (NumPy's numpy.linalg and the products of the top-level namespace):
// `#include <cupric/linalg.hpp>`. Host backend on OpenBLAS/LAPACK (scipy-openblas64), CUDA
// backend on cuBLAS/cuSOLVER, both loaded at first use (docs/linalg.md).
#pragma once
#include <optional>
#include <string>
#include <vector>
#include "cupric/error.hpp"
#include "cupric/ndarray.hpp"

namespace cupric {

// numpy.linalg.LinAlgError (a ValueError): singular matrix, not positive definite, no
// convergence, ... The binding layer raises numpy.linalg.LinAlgError for it.
class LinAlgError : public ValueError {
 public:
  using ValueError::ValueError;
};

// Whether float32 GEMMs on the GPU may use TF32 tensor cores (CUBLAS_COMPUTE_32F_FAST_TF32):
// off by default, on with CUPRIC_TF32=1 (CuPy's CUPY_TF32) or set_tf32_allowed(true). Host
// GEMMs always compute in float32.
bool tf32_allowed();
void set_tf32_allowed(bool allowed);

// The host BLAS's thread count (loads scipy-openblas64 if it is not loaded yet: Note [OpenBLAS
// loading] in src/linalg/host/openblas.cpp).
int host_blas_num_threads();

// ---- products (src/linalg/products/) ------------------------------------------------------------

// The ufunc-style options of matmul, vecdot, matvec and vecmat (NumPy's gufunc keywords).
struct ProductOptions {
  ndarray out;                 // undefined: a new array
  std::optional<DType> dtype;  // the loop's dtype (inputs are cast to it with `casting`)
  Casting casting = Casting::SameKind;
  // NumPy's axes=: per operand (two inputs, then the output) the axes holding its core
  // dimensions; empty: the last ones. An output without core dimensions may be left out.
  std::vector<std::vector<int64_t>> axes;
};

// numpy.matmul (`a @ b`): signature (n?,k),(k,m?)->(n?,m?), stacks broadcast; bool and integer
// dtypes give NumPy's results (not BLAS); float16/bfloat16 accumulate in float32.
ndarray matmul(const ndarray& a, const ndarray& b, const ProductOptions& opts = {});
// numpy.vecdot (n),(n)->() with the first vector conjugated; matvec (m,n),(n)->(m); vecmat
// (n),(n,m)->(m) with the vector conjugated. `axis` (vecdot's): where the vectors lie.
ndarray vecdot(const ndarray& a, const ndarray& b, const ProductOptions& opts = {});
ndarray matvec(const ndarray& a, const ndarray& b, const ProductOptions& opts = {});
ndarray vecmat(const ndarray& a, const ndarray& b, const ProductOptions& opts = {});
// numpy.dot; `out` (if given) must have the result's dtype and shape and be C-contiguous.
ndarray dot(const ndarray& a, const ndarray& b, const ndarray* out = nullptr);
ndarray vdot(const ndarray& a, const ndarray& b);
ndarray inner(const ndarray& a, const ndarray& b);
ndarray outer(const ndarray& a, const ndarray& b, const ndarray* out = nullptr);
// numpy.tensordot with axes=N (the last N of a with the first N of b) or explicit axis lists.
ndarray tensordot(const ndarray& a, const ndarray& b, int64_t axes = 2);
ndarray tensordot(const ndarray& a, const ndarray& b, const std::vector<int64_t>& axes_a,
                  const std::vector<int64_t>& axes_b);
ndarray kron(const ndarray& a, const ndarray& b);
// numpy.cross; `axis` (if given) overrides axisa, axisb and axisc.
ndarray cross(const ndarray& a, const ndarray& b, int64_t axisa = -1, int64_t axisb = -1, int64_t axisc = -1,
              std::optional<int64_t> axis = std::nullopt);

// numpy.einsum: `optimize` picks the contraction order (Note [Einsum] in
// src/linalg/products/einsum.cpp); `path` (if not empty) gives it explicitly, as the steps of
// numpy.einsum_path (one or two positions in the shrinking operand list per step).
enum class EinsumOptimize { None, Greedy, Optimal };
struct EinsumOptions {
  const ndarray* out = nullptr;
  std::optional<DType> dtype;
  Casting casting = Casting::Safe;
  EinsumOptimize optimize = EinsumOptimize::None;
  std::vector<std::vector<int>> path;
};
ndarray einsum(const std::string& subscripts, const std::vector<ndarray>& operands, const EinsumOptions& opts = {});
struct EinsumPath {
  std::vector<std::vector<int>> path;
  std::string report;  // numpy.einsum_path's printed summary
};
EinsumPath einsum_path(const std::string& subscripts, const std::vector<Dims>& shapes,
                       EinsumOptimize optimize = EinsumOptimize::Greedy);

namespace linalg {
// numpy.linalg.matrix_transpose (the last two axes swapped; a view) and numpy.linalg.outer
// (one-dimensional inputs only).
ndarray matrix_transpose(const ndarray& x);
ndarray outer(const ndarray& a, const ndarray& b);
}  // namespace linalg

}  // namespace cupric

// Decompositions, solvers and norms (numpy.linalg), SciPy's special matrices (cupricx.scipy.linalg).
#include "cupric/linalg/decompositions.hpp"
#include "cupric/linalg/norms.hpp"
#include "cupric/linalg/special_matrices.hpp"
