// The table of cupric/runtime/cublas_raw.hpp (filled by runtime/cuda/cublas_raw.cpp in CUDA builds).
#include "cupric/runtime/cublas_raw.hpp"

namespace cupric {

dispatch::Table<const CublasRawFns*>& cublas_raw_table() {
  static constinit dispatch::Table<const CublasRawFns*> t;
  return t;
}

}  // namespace cupric
