// cupric._core._runtime.cublas: cupric.cuda.cublas's calls (handles and pointers as integers;
// statuses returned for Python's CUBLASError). Thin: the calls are src/runtime/cuda/cublas_raw.cpp's.
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include "common.hpp"
#include "cupric/runtime/cublas_raw.hpp"

namespace cupric::py {

namespace {

using u = uintptr_t;

const CublasRawFns& C() {
  const CublasRawFns* f = cublas_raw_table().get(DeviceType::Cuda);
  if (!f)
    throw CudaError(35, "cudaErrorInsufficientDriver: this cupric was built without CUDA (no nvcc at build time)");
  return *f;
}

char type_code(const std::string& t) {
  if (t.size() != 1 || std::string("sdcz").find(t[0]) == std::string::npos)
    throw ValueError("the BLAS type must be 's', 'd', 'c' or 'z', got '" + t + "'");
  return t[0];
}

}  // namespace

void init_cuda_cublas(nb::module_& parent) {
  nb::module_ m = parent.def_submodule("cublas", "cupric.cuda.cublas's calls; each returns the cublasStatus_t");
  m.def("create", []() {
    u h = 0;
    int s = C().create(&h);
    return std::make_pair(s, h);
  });
  m.def("destroy", [](u h) { return C().destroy(h); });
  m.def("get_version", [](u h) {
    int v = 0;
    int s = C().get_version(h, &v);
    return std::make_pair(s, v);
  });
  m.def("set_stream", [](u h, u stream) { return C().set_stream(h, stream); });
  m.def("get_stream", [](u h) {
    u x = 0;
    int s = C().get_stream(h, &x);
    return std::make_pair(s, x);
  });
  m.def("set_pointer_mode", [](u h, int mode) { return C().set_pointer_mode(h, mode); });
  m.def("get_pointer_mode", [](u h) {
    int x = 0;
    int s = C().get_pointer_mode(h, &x);
    return std::make_pair(s, x);
  });
  m.def("set_math_mode", [](u h, int mode) { return C().set_math_mode(h, mode); });
  m.def("get_math_mode", [](u h) {
    int x = 0;
    int s = C().get_math_mode(h, &x);
    return std::make_pair(s, x);
  });
  m.def("gemm",
        [](const std::string& t, u h, int ta, int tb, int mm, int n, int k, u alpha, u a, int lda, u b, int ldb, u beta,
           u c, int ldc) { return C().gemm(type_code(t), h, ta, tb, mm, n, k, alpha, a, lda, b, ldb, beta, c, ldc); });
  m.def("gemm_strided_batched",
        [](const std::string& t, u h, int ta, int tb, int mm, int n, int k, u alpha, u a, int lda, int64_t sa, u b,
           int ldb, int64_t sb, u beta, u c, int ldc, int64_t sc, int batch) {
          return C().gemm_strided_batched(type_code(t), h, ta, tb, mm, n, k, alpha, a, lda, sa, b, ldb, sb, beta, c,
                                          ldc, sc, batch);
        });
  m.def("gemm_ex", [](u h, int ta, int tb, int mm, int n, int k, u alpha, u a, int atype, int lda, u b, int btype,
                      int ldb, u beta, u c, int ctype, int ldc, int compute, int algo) {
    return C().gemm_ex(h, ta, tb, mm, n, k, alpha, a, atype, lda, b, btype, ldb, beta, c, ctype, ldc, compute, algo);
  });
  m.def("gemv",
        [](const std::string& t, u h, int trans, int mm, int n, u alpha, u a, int lda, u x, int incx, u beta, u y,
           int incy) { return C().gemv(type_code(t), h, trans, mm, n, alpha, a, lda, x, incx, beta, y, incy); });
  m.def("dot", [](const std::string& t, bool conj, u h, int n, u x, int incx, u y, int incy, u result) {
    return C().dot(type_code(t), conj, h, n, x, incx, y, incy, result);
  });
  m.def("axpy", [](const std::string& t, u h, int n, u alpha, u x, int incx, u y, int incy) {
    return C().axpy(type_code(t), h, n, alpha, x, incx, y, incy);
  });
  m.def("nrm2", [](const std::string& t, u h, int n, u x, int incx, u result) {
    return C().nrm2(type_code(t), h, n, x, incx, result);
  });
  m.def("scal", [](const std::string& t, u h, int n, u alpha, u x, int incx) {
    return C().scal(type_code(t), h, n, alpha, x, incx);
  });
}

}  // namespace cupric::py
