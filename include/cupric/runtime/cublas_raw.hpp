// cupric.cuda.cublas (CuPy's cupy.cuda.cublas / cupy_backends.cuda.libs.cublas): handle
// management and the most used BLAS calls on raw pointers and handles given as integers, as
// CuPy's module takes them. Each entry returns the cublasStatus_t (0: success). The type code
// `t` is 's', 'd', 'c' or 'z' (float, double, complex64, complex128), as in the BLAS names.
// Registered by runtime/cuda/cublas_raw.cpp in CUDA builds (through the dlopen'ed cuBLAS of
// runtime/cuda/libs/cublas.hpp); absent in a build without CUDA.
#pragma once
#include <cstdint>
#include <string>
#include "cupric/detail/dispatch.hpp"

namespace cupric {

struct CublasRawFns {
  using u = uintptr_t;
  int (*create)(u* handle);
  int (*destroy)(u handle);
  int (*get_version)(u handle, int* version);
  int (*set_stream)(u handle, u stream);
  int (*get_stream)(u handle, u* stream);
  int (*set_pointer_mode)(u handle, int mode);
  int (*get_pointer_mode)(u handle, int* mode);
  int (*set_math_mode)(u handle, int mode);
  int (*get_math_mode)(u handle, int* mode);
  int (*gemm)(char t, u h, int ta, int tb, int m, int n, int k, u alpha, u a, int lda, u b, int ldb, u beta, u c,
              int ldc);
  int (*gemm_strided_batched)(char t, u h, int ta, int tb, int m, int n, int k, u alpha, u a, int lda, int64_t sa, u b,
                              int ldb, int64_t sb, u beta, u c, int ldc, int64_t sc, int batch);
  int (*gemm_ex)(u h, int ta, int tb, int m, int n, int k, u alpha, u a, int atype, int lda, u b, int btype, int ldb,
                 u beta, u c, int ctype, int ldc, int compute_type, int algo);
  int (*gemv)(char t, u h, int trans, int m, int n, u alpha, u a, int lda, u x, int incx, u beta, u y, int incy);
  // conj: cdotc/zdotc (x conjugated); ignored for real types.
  int (*dot)(char t, bool conj, u h, int n, u x, int incx, u y, int incy, u result);
  int (*axpy)(char t, u h, int n, u alpha, u x, int incx, u y, int incy);
  int (*nrm2)(char t, u h, int n, u x, int incx, u result);
  int (*scal)(char t, u h, int n, u alpha, u x, int incx);
  std::string (*status_name)(int status);
};

dispatch::Table<const CublasRawFns*>& cublas_raw_table();

}  // namespace cupric
