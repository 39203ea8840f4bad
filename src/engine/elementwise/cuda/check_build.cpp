// What a compile-check build (CUPRIC_CUDA_CHECK_ONLY) answers where it compiled a stand-in
// instead of a kernel (Note [Compile-check strided kernels] in cuda_loops.cuh). Defined in every
// CUDA build (CUPRIC_CUDA_CHECK_ONLY is a CUDA-language definition only, so the host objects'
// commands, and their ccache entries, are the same in check and normal builds).
#include "cupric/error.hpp"

namespace cupric::cuda {

void refuse_strided_in_check_build() {
  throw RuntimeError(
      "this cupric was built with CUPRIC_CUDA_CHECK_ONLY (a compile check of the CUDA kernels, for machines "
      "without a GPU): it has no CUDA loops for non-contiguous arrays; rebuild without CUPRIC_CUDA_CHECK_ONLY "
      "to run on a GPU");
}

}  // namespace cupric::cuda
