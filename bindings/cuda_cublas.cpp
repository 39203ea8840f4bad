// cupric._core._runtime.cublas: every function of cupric.cuda.cublas (CuPy's
// cupy_backends.cuda.libs.cublas), one row per routine family (Note [Library entry rows] in
// library_entry.hpp): handles, streams, device arrays and the scalars' addresses are integers;
// a failed status raises cupric.cuda.cublas.CUBLASError.
#include "library_entry.hpp"

namespace cupric::py {

namespace {

using namespace entry;
using namespace entry::c_types;

PyObject* g_error = nullptr;  // CUBLASError

constexpr Kind kNone{nullptr, true};   // handle calls
constexpr Kind kRun{&kCublas, false};  // routines: bound to the current stream, GIL released

template <class S>
void rows(nb::module_& m, Kind kind, const std::vector<Name>& names, const std::array<const char*, S::n_py>& args) {
  def_entries<S>(m, CudaLibrary::Cublas, &g_error, kind, names, args);
}

// cublas<T><routine><suffix> for each type code of `types`.
std::vector<Name> blas(const char* types, const char* routine, const char* suffix = "") {
  return typed(types, (std::string("{t}") + routine).c_str(), (std::string("cublas{C}") + routine + suffix).c_str());
}

void handles(nb::module_& m) {
  rows<Sig<Out<P>>>(m, kNone, one("create", "cublasCreate_v2"), {});
  rows<Sig<P>>(m, kNone, one("destroy", "cublasDestroy_v2"), {"handle"});
  rows<Sig<P, Out<I>>>(m, kNone, one("getVersion", "cublasGetVersion_v2"), {"handle"});
  rows<Sig<P, P>>(m, kNone, one("setStream", "cublasSetStream_v2"), {"handle", "stream"});
  rows<Sig<P, Out<P>>>(m, kNone, one("getStream", "cublasGetStream_v2"), {"handle"});
  rows<Sig<P, I>>(m, kNone, one("setPointerMode", "cublasSetPointerMode_v2"), {"handle", "mode"});
  rows<Sig<P, Out<I>>>(m, kNone, one("getPointerMode", "cublasGetPointerMode_v2"), {"handle"});
  rows<Sig<P, I>>(m, kNone, one("setMathMode", "cublasSetMathMode"), {"handle", "mode"});
  rows<Sig<P, Out<I>>>(m, kNone, one("getMathMode", "cublasGetMathMode"), {"handle"});
}

void level1(nb::module_& m) {
  // Results (an index, a sum, a norm, a dot product) go to *result: host or device memory as
  // the pointer mode says.
  std::vector<Name> reductions =
      join({typed("s d c z", "i{t}amax", "cublasI{t}amax_v2"), typed("s d c z", "i{t}amin", "cublasI{t}amin_v2"),
            blas("s d sc dz", "asum", "_v2"), blas("s d sc dz", "nrm2", "_v2")});
  rows<Sig<P, I, P, I, P>>(m, kRun, reductions, {"handle", "n", "x", "incx", "result"});
  std::vector<Name> dots = join({blas("s d", "dot", "_v2"), blas("c z", "dotu", "_v2"), blas("c z", "dotc", "_v2")});
  rows<Sig<P, I, P, I, P, I, P>>(m, kRun, dots, {"handle", "n", "x", "incx", "y", "incy", "result"});
  rows<Sig<P, I, P, P, I, P, I>>(m, kRun, blas("s d c z", "axpy", "_v2"),
                                 {"handle", "n", "alpha", "x", "incx", "y", "incy"});
  rows<Sig<P, I, P, P, I>>(m, kRun, blas("s d c cs z zd", "scal", "_v2"), {"handle", "n", "alpha", "x", "incx"});
}

void level2(nb::module_& m) {
  rows<Sig<P, I, I, I, P, P, I, P, I, P, P, I>>(
      m, kRun, blas("s d c z", "gemv", "_v2"),
      {"handle", "trans", "m", "n", "alpha", "A", "lda", "x", "incx", "beta", "y", "incy"});
  std::vector<Name> ger = join({blas("s d", "ger", "_v2"), blas("c z", "geru", "_v2"), blas("c z", "gerc", "_v2")});
  rows<Sig<P, I, I, P, P, I, P, I, P, I>>(m, kRun, ger,
                                          {"handle", "m", "n", "alpha", "x", "incx", "y", "incy", "A", "lda"});
  rows<Sig<P, I, I, I, P, P, I, P, I, P, P, I>>(
      m, kRun, blas("s d", "sbmv", "_v2"),
      {"handle", "uplo", "n", "k", "alpha", "A", "lda", "x", "incx", "beta", "y", "incy"});
}

void level3(nb::module_& m) {
  rows<Sig<P, I, I, I, I, I, P, P, I, P, I, P, P, I>>(
      m, kRun, blas("s d c z", "gemm", "_v2"),
      {"handle", "transa", "transb", "m", "n", "k", "alpha", "A", "lda", "B", "ldb", "beta", "C", "ldc"});
  rows<Sig<P, I, I, I, I, I, P, P, I, P, I, P, P, I, I>>(
      m, kRun, blas("s d c z", "gemmBatched"),
      {"handle", "transa", "transb", "m", "n", "k", "alpha", "Aarray", "lda", "Barray", "ldb", "beta", "Carray", "ldc",
       "batchCount"});
  rows<Sig<P, I, I, I, I, I, P, P, I, L, P, I, L, P, P, I, L, I>>(
      m, kRun, blas("s d c z", "gemmStridedBatched"),
      {"handle", "transa", "transb", "m", "n", "k", "alpha", "A", "lda", "strideA", "B", "ldb", "strideB", "beta", "C",
       "ldc", "strideC", "batchCount"});
  rows<Sig<P, I, I, I, I, I, I, P, P, I, P, I>>(
      m, kRun, blas("s d c z", "trsm", "_v2"),
      {"handle", "side", "uplo", "trans", "diag", "m", "n", "alpha", "Aarray", "lda", "Barray", "ldb"});
  rows<Sig<P, I, I, I, I, I, I, P, P, I, P, I, I>>(
      m, kRun, blas("s d c z", "trsmBatched"),
      {"handle", "side", "uplo", "trans", "diag", "m", "n", "alpha", "Aarray", "lda", "Barray", "ldb", "batchCount"});
  rows<Sig<P, I, I, I, I, P, P, I, P, P, I>>(
      m, kRun, blas("s d c z", "syrk", "_v2"),
      {"handle", "uplo", "trans", "n", "k", "alpha", "A", "lda", "beta", "C", "ldc"});
}

void extensions(nb::module_& m) {
  rows<Sig<P, I, I, I, I, P, P, I, P, P, I, P, I>>(
      m, kRun, blas("s d c z", "geam"),
      {"handle", "transa", "transb", "m", "n", "alpha", "A", "lda", "beta", "B", "ldb", "C", "ldc"});
  rows<Sig<P, I, I, I, P, I, P, I, P, I>>(m, kRun, blas("s d c z", "dgmm"),
                                          {"handle", "mode", "m", "n", "A", "lda", "x", "incx", "C", "ldc"});
  // Data types are runtime.CUDA_R_32F etc.; computeType a CUBLAS_COMPUTE_*, algo a CUBLAS_GEMM_*.
  rows<Sig<P, I, I, I, I, I, P, P, I, I, P, I, I, P, P, I, I>>(
      m, kRun, one("sgemmEx", "cublasSgemmEx"),
      {"handle", "transa", "transb", "m", "n", "k", "alpha", "A", "Atype", "lda", "B", "Btype", "ldb", "beta", "C",
       "Ctype", "ldc"});
  rows<Sig<P, I, I, I, I, I, P, P, I, I, P, I, I, P, P, I, I, I, I>>(
      m, kRun, one("gemmEx", "cublasGemmEx"),
      {"handle", "transa", "transb", "m", "n", "k", "alpha", "A", "Atype", "lda", "B", "Btype", "ldb", "beta", "C",
       "Ctype", "ldc", "computeType", "algo"});
  rows<Sig<P, I, I, I, I, I, P, P, I, I, L, P, I, I, L, P, P, I, I, L, I, I, I>>(
      m, kRun, one("gemmStridedBatchedEx", "cublasGemmStridedBatchedEx"),
      {"handle", "transa", "transb",  "m",       "n",          "k",           "alpha",   "A",
       "Atype",  "lda",    "strideA", "B",       "Btype",      "ldb",         "strideB", "beta",
       "C",      "Ctype",  "ldc",     "strideC", "batchCount", "computeType", "algo"});
  // Batched LU (pivots and infos per matrix; getrsBatched's info is one host int).
  rows<Sig<P, I, P, I, P, P, I>>(m, kRun, blas("s d c z", "getrfBatched"),
                                 {"handle", "n", "Aarray", "lda", "PivotArray", "infoArray", "batchSize"});
  rows<Sig<P, I, I, I, P, I, P, P, I, P, I>>(
      m, kRun, blas("s d c z", "getrsBatched"),
      {"handle", "trans", "n", "nrhs", "Aarray", "lda", "devIpiv", "Barray", "ldb", "info", "batchSize"});
  rows<Sig<P, I, P, I, P, P, I, P, I>>(
      m, kRun, blas("s d c z", "getriBatched"),
      {"handle", "n", "Aarray", "lda", "PivotArray", "Carray", "ldc", "infoArray", "batchSize"});
  // Packed <-> full triangular storage.
  rows<Sig<P, I, I, P, P, I>>(m, kRun, blas("s d", "tpttr"), {"handle", "uplo", "n", "AP", "A", "lda"});
  rows<Sig<P, I, I, P, I, P>>(m, kRun, blas("s d", "trttp"), {"handle", "uplo", "n", "A", "lda", "AP"});
}

}  // namespace

void init_cuda_cublas(nb::module_& parent) {
  nb::module_ m = parent.def_submodule("cublas", "cupric.cuda.cublas's functions (CuPy's names and arguments)");
  def_module_helpers(m, CudaLibrary::Cublas, &g_error);
  handles(m);
  level1(m);
  level2(m);
  level3(m);
  extensions(m);
}

}  // namespace cupric::py
