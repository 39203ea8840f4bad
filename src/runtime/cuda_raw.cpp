// The front of cupric.cuda.runtime's raw-pointer functions (cupric/runtime/cuda_raw.hpp): the
// table runtime/cuda/cuda_raw.cpp fills in CUDA builds, and CuPy's check_status.
#include "cupric/runtime/cuda_raw.hpp"
#include "cupric/error.hpp"
#include "cupric/runtime/cuda_info.hpp"

namespace cupric {

dispatch::Table<const CudaRawFns*>& cuda_raw_table() {
  static constinit dispatch::Table<const CudaRawFns*> t;
  return t;
}

const CudaRawFns& cuda_raw() {
  const CudaRawFns* f = cuda_raw_table().get(DeviceType::Cuda);
  if (!f)
    throw CudaError(35, "cudaErrorInsufficientDriver: this cupric was built without CUDA (no nvcc at build time)");
  return *f;
}

void cuda_raw_check(int status) {
  if (status == 0) [[likely]]
    return;
  auto [name, text] = cuda::error_name_and_text(status);
  throw CudaError(status, name + ": " + text);
}

}  // namespace cupric
