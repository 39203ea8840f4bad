// The CUDA backend's solver entries (Note [Solver dispatch] in solvers/solver_table.hpp):
// cuSOLVER's dense API, and cuBLAS's batched LU for stacks of small matrices (Note [Batched
// small solves]). Everything is enqueued on the current stream; work areas come from the pool.
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cusolverDn.h>
#include <string>
#include <vector>
#include "cupric/error.hpp"
#include "cupric/runtime/backend.hpp"
#include "linalg/solvers/cuda/batched_copy.hpp"
#include "linalg/solvers/solver_table.hpp"
#include "linalg/solvers/tiny_lu.hpp"
#include "linalg/solvers/tiny_solvers.hpp"
#include "runtime/cuda/cuda_check.hpp"
#include "runtime/cuda/libs/cublas.hpp"
#include "runtime/cuda/libs/cusolver.hpp"

namespace cupric::linalg {
namespace {

// Note [Batched small solves]
// A stack of many small matrices (numpy.linalg.inv of 100000 4x4 matrices) cannot be one
// cuSOLVER call per matrix: the launches alone would take a second. cuBLAS has batched LU
// (getrfBatched / getrsBatched, arrays of matrix pointers) and cuSOLVER batched Cholesky
// (potrfBatched): stacks of matrices up to kBatchedMaxN go through those, in one launch each; the
// pointer arrays are built on the host and copied into a pool buffer on the stream. Larger
// matrices are few enough that a loop over cuSOLVER's per-matrix routines is bounded by the
// factorisations themselves.
constexpr int64_t kBatchedMaxN = 64;

// Note [Batched Jacobi]
// eigh and svd of a stack of small matrices (up to 32 x 32, the limit of cuSOLVER's batched
// Jacobi routines) are one syevjBatched / heevjBatched or gesvdjBatched call for the whole stack
// instead of one syevd / gesvdj call per matrix (10000 calls for 10000 matrices). Both sort as
// LAPACK does (eigenvalues ascending, singular values descending, the routines' default) and work
// to the dtype's machine precision (their default tolerance), within the tests' tolerances of
// NumPy's. gesvdjBatched computes full U (m x m) and V (n x n) only: the thin U is the first
// columns of the full one, and Vt is V's conjugate transpose, both written by one small kernel
// (batched_copy.cu); without vectors it still gets real U and V buffers (see gesdd below).
constexpr int64_t kJacobiBatchedMaxN = 32;

struct Ctx {
  int device;
  cudaStream_t stream;
  cusolverDnHandle_t h;
};
Ctx ctx() {
  Backend* b = cuda_backend_if_built();
  const int dev = b->current_device();
  cudaStream_t s = static_cast<cudaStream_t>(b->current_stream(dev).handle);
  return {dev, s, cusolver::handle(dev, s)};
}

char letter(DType t) {
  switch (t.type) {
    case ScalarType::Float32: return 'S';
    case ScalarType::Float64: return 'D';
    case ScalarType::Complex64: return 'C';
    case ScalarType::Complex128: return 'Z';
    default: throw TypeError("internal error: cuSOLVER has no routine for " + t.name());
  }
}
// "cusolverDn" + S/D/C/Z + name (+ suffix), resolved once per (name, dtype) by the caller's static.
template <class Fn>
Fn dn(DType t, const char* name) {
  return cusolver::fn<Fn>((std::string("cusolverDn") + letter(t) + name).c_str());
}
template <class Fn>
Fn blas(DType t, const char* name, const char* suffix = "") {
  return cublas::fn<Fn>((std::string("cublas") + letter(t) + name + suffix).c_str());
}
bool is_complex(DType t) { return t.is_complex(); }
cudaDataType data_type(DType t) {
  switch (t.type) {
    case ScalarType::Float32: return CUDA_R_32F;
    case ScalarType::Float64: return CUDA_R_64F;
    case ScalarType::Complex64: return CUDA_C_32F;
    default: return CUDA_C_64F;
  }
}
cudaDataType real_data_type(DType t) { return t.itemsize == 4 || t == dtypes::complex64 ? CUDA_R_32F : CUDA_R_64F; }
int ld(int64_t rows) { return static_cast<int>(rows > 1 ? rows : 1); }
int i32(int64_t v) {
  if (v > INT32_MAX)
    throw ValueError("matrix dimension " + std::to_string(v) + " is too large for cuSOLVER (2^31 - 1)");
  return static_cast<int>(v);
}
char* at(void* p, int64_t elems, DType t) { return static_cast<char*>(p) + elems * t.itemsize; }
const char* at(const void* p, int64_t elems, DType t) { return static_cast<const char*>(p) + elems * t.itemsize; }

// The device array of `batch` matrix pointers base + i * stride elements.
std::shared_ptr<Memory> pointer_array(const Ctx& c, const void* base, int64_t stride, int64_t batch, DType t) {
  std::vector<const void*> ptrs(static_cast<size_t>(batch));
  for (int64_t i = 0; i < batch; ++i) ptrs[static_cast<size_t>(i)] = at(base, i * stride, t);
  auto mem = cusolver::workspace(ptrs.size() * sizeof(void*));
  cuda_check(cudaMemcpyAsync(mem->ptr(), ptrs.data(), ptrs.size() * sizeof(void*), cudaMemcpyHostToDevice, c.stream),
             "cudaMemcpyAsync");
  // cudaMemcpyAsync from pageable memory returns once the source is staged, so `ptrs` may go.
  return mem;
}

void getrf(DType t, int64_t m, int64_t n, int64_t batch, void* a, int32_t* ipiv, int32_t* info) {
  const Ctx c = ctx();
  if (batch > 1 && m == n && n <= kBatchedMaxN) {
    using Fn = cublasStatus_t (*)(cublasHandle_t, int, void* const*, int, int*, int*, int);
    auto f = blas<Fn>(t, "getrfBatched");
    auto ptrs = pointer_array(c, a, n * n, batch, t);
    cublas::check(f(cublas::handle(c.device, c.stream), i32(n), static_cast<void* const*>(ptrs->ptr()), ld(n), ipiv,
                    info, i32(batch)),
                  "getrfBatched");
    return;
  }
  using SizeFn = cusolverStatus_t (*)(cusolverDnHandle_t, int, int, void*, int, int*);
  using Fn = cusolverStatus_t (*)(cusolverDnHandle_t, int, int, void*, int, void*, int*, int*);
  int lwork = 0;
  cusolver::check(dn<SizeFn>(t, "getrf_bufferSize")(c.h, i32(m), i32(n), a, ld(m), &lwork), "getrf_bufferSize");
  auto work = cusolver::workspace(static_cast<size_t>(lwork) * t.itemsize);
  auto f = dn<Fn>(t, "getrf");
  const int64_t k = std::min(m, n);
  for (int64_t b = 0; b < batch; ++b)
    cusolver::check(f(c.h, i32(m), i32(n), at(a, b * m * n, t), ld(m), work->ptr(), ipiv + b * k, info + b), "getrf");
}

cublasOperation_t op(char trans) { return trans == 'N' ? CUBLAS_OP_N : trans == 'T' ? CUBLAS_OP_T : CUBLAS_OP_C; }

void getrs(DType t, char trans, int64_t n, int64_t nrhs, int64_t batch, const void* lu, const int32_t* ipiv, void* bm) {
  const Ctx c = ctx();
  if (batch > 1 && n <= kBatchedMaxN) {
    using Fn = cublasStatus_t (*)(cublasHandle_t, cublasOperation_t, int, int, const void* const*, int, const int*,
                                  void* const*, int, int*, int);
    auto f = blas<Fn>(t, "getrsBatched");
    auto pa = pointer_array(c, lu, n * n, batch, t);
    auto pb = pointer_array(c, bm, n * nrhs, batch, t);
    int host_info = 0;  // getrsBatched reports only argument errors, on the host
    cublas::check(
        f(cublas::handle(c.device, c.stream), op(trans), i32(n), i32(nrhs), static_cast<const void* const*>(pa->ptr()),
          ld(n), ipiv, static_cast<void* const*>(pb->ptr()), ld(n), &host_info, i32(batch)),
        "getrsBatched");
    return;
  }
  using Fn = cusolverStatus_t (*)(cusolverDnHandle_t, cublasOperation_t, int, int, const void*, int, const int*, void*,
                                  int, int*);
  auto f = dn<Fn>(t, "getrs");
  auto dinfo = cusolver::workspace(sizeof(int));
  for (int64_t b = 0; b < batch; ++b)
    cusolver::check(f(c.h, op(trans), i32(n), i32(nrhs), at(lu, b * n * n, t), ld(n), ipiv + b * n,
                      at(bm, b * n * nrhs, t), ld(n), static_cast<int*>(dinfo->ptr())),
                    "getrs");
}

cublasFillMode_t fill(bool lower) { return lower ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER; }

void potrf(DType t, bool lower, int64_t n, int64_t batch, void* a, int32_t* info) {
  const Ctx c = ctx();
  if (batch > 1 && n <= kBatchedMaxN) {
    using Fn = cusolverStatus_t (*)(cusolverDnHandle_t, cublasFillMode_t, int, void**, int, int*, int);
    auto f = dn<Fn>(t, "potrfBatched");
    auto ptrs = pointer_array(c, a, n * n, batch, t);
    cusolver::check(f(c.h, fill(lower), i32(n), static_cast<void**>(ptrs->ptr()), ld(n), info, i32(batch)),
                    "potrfBatched");
    return;
  }
  using SizeFn = cusolverStatus_t (*)(cusolverDnHandle_t, cublasFillMode_t, int, void*, int, int*);
  using Fn = cusolverStatus_t (*)(cusolverDnHandle_t, cublasFillMode_t, int, void*, int, void*, int, int*);
  int lwork = 0;
  cusolver::check(dn<SizeFn>(t, "potrf_bufferSize")(c.h, fill(lower), i32(n), a, ld(n), &lwork), "potrf_bufferSize");
  auto work = cusolver::workspace(static_cast<size_t>(lwork) * t.itemsize);
  auto f = dn<Fn>(t, "potrf");
  for (int64_t b = 0; b < batch; ++b)
    cusolver::check(f(c.h, fill(lower), i32(n), at(a, b * n * n, t), ld(n), work->ptr(), lwork, info + b), "potrf");
}

void potrs(DType t, bool lower, int64_t n, int64_t nrhs, int64_t batch, const void* a, void* bm) {
  const Ctx c = ctx();
  using Fn = cusolverStatus_t (*)(cusolverDnHandle_t, cublasFillMode_t, int, int, const void*, int, void*, int, int*);
  auto f = dn<Fn>(t, "potrs");
  auto dinfo = cusolver::workspace(sizeof(int));
  for (int64_t b = 0; b < batch; ++b)
    cusolver::check(f(c.h, fill(lower), i32(n), i32(nrhs), at(a, b * n * n, t), ld(n), at(bm, b * n * nrhs, t), ld(n),
                      static_cast<int*>(dinfo->ptr())),
                    "potrs");
}

void trsm(DType t, bool lower, char trans, bool unit, int64_t n, int64_t nrhs, int64_t batch, const void* a, void* bm) {
  const Ctx c = ctx();
  using Fn = cublasStatus_t (*)(cublasHandle_t, cublasSideMode_t, cublasFillMode_t, cublasOperation_t, cublasDiagType_t,
                                int, int, const void*, const void*, int, void*, int);
  auto f = blas<Fn>(t, "trsm", "_v2");
  const double one[2] = {1.0, 0.0};
  const float onef[2] = {1.0f, 0.0f};
  const void* alpha = t == dtypes::float32 || t == dtypes::complex64 ? static_cast<const void*>(onef) : one;
  cublasHandle_t h = cublas::handle(c.device, c.stream);
  for (int64_t b = 0; b < batch; ++b)
    cublas::check(f(h, CUBLAS_SIDE_LEFT, fill(lower), op(trans), unit ? CUBLAS_DIAG_UNIT : CUBLAS_DIAG_NON_UNIT, i32(n),
                    i32(nrhs), alpha, at(a, b * n * n, t), ld(n), at(bm, b * n * nrhs, t), ld(n)),
                  "trsm");
}

void geqrf(DType t, int64_t m, int64_t n, int64_t batch, void* a, void* tau) {
  const Ctx c = ctx();
  using SizeFn = cusolverStatus_t (*)(cusolverDnHandle_t, int, int, void*, int, int*);
  using Fn = cusolverStatus_t (*)(cusolverDnHandle_t, int, int, void*, int, void*, void*, int, int*);
  int lwork = 0;
  cusolver::check(dn<SizeFn>(t, "geqrf_bufferSize")(c.h, i32(m), i32(n), a, ld(m), &lwork), "geqrf_bufferSize");
  auto work = cusolver::workspace(static_cast<size_t>(lwork) * t.itemsize);
  auto dinfo = cusolver::workspace(sizeof(int));
  auto f = dn<Fn>(t, "geqrf");
  const int64_t k = std::min(m, n);
  for (int64_t b = 0; b < batch; ++b)
    cusolver::check(f(c.h, i32(m), i32(n), at(a, b * m * n, t), ld(m), at(tau, b * k, t), work->ptr(), lwork,
                      static_cast<int*>(dinfo->ptr())),
                    "geqrf");
}

void orgqr(DType t, int64_t m, int64_t n, int64_t k, int64_t batch, void* a, const void* tau) {
  const Ctx c = ctx();
  const char* name = is_complex(t) ? "ungqr" : "orgqr";
  using SizeFn = cusolverStatus_t (*)(cusolverDnHandle_t, int, int, int, const void*, int, const void*, int*);
  using Fn = cusolverStatus_t (*)(cusolverDnHandle_t, int, int, int, void*, int, const void*, void*, int, int*);
  int lwork = 0;
  cusolver::check(
      dn<SizeFn>(t, (std::string(name) + "_bufferSize").c_str())(c.h, i32(m), i32(n), i32(k), a, ld(m), tau, &lwork),
      "orgqr_bufferSize");
  auto work = cusolver::workspace(static_cast<size_t>(lwork) * t.itemsize);
  auto dinfo = cusolver::workspace(sizeof(int));
  auto f = dn<Fn>(t, name);
  for (int64_t b = 0; b < batch; ++b)
    cusolver::check(f(c.h, i32(m), i32(n), i32(k), at(a, b * m * n, t), ld(m), at(tau, b * k, t), work->ptr(), lwork,
                      static_cast<int*>(dinfo->ptr())),
                    "orgqr");
}

// gesvdj's parameters (the defaults) for one call, destroyed after it.
struct GesvdjParams {
  gesvdjInfo_t p = nullptr;
  GesvdjParams() { cusolver::check(CUPRIC_CUSOLVER_FN(cusolverDnCreateGesvdjInfo)(&p), "cusolverDnCreateGesvdjInfo"); }
  ~GesvdjParams() { CUPRIC_CUSOLVER_FN(cusolverDnDestroyGesvdjInfo)(p); }
  GesvdjParams(const GesvdjParams&) = delete;
  GesvdjParams& operator=(const GesvdjParams&) = delete;
  operator gesvdjInfo_t() const { return p; }
};

// gesvdjBatched for a stack of matrices up to 32 x 32 (Note [Batched Jacobi]).
void gesvdj_batched(const Ctx& c, DType t, bool vectors, int64_t m, int64_t n, int64_t batch, void* a, void* s, void* u,
                    int64_t ucols, void* vt, int64_t vcols, int32_t* info) {
  const GesvdjParams params;
  const cusolverEigMode_t mode = vectors ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
  // The full U goes straight into `u` when that is what the caller wants.
  const bool u_direct = vectors && ucols == m;
  auto ufull = cusolver::workspace(u_direct ? 1 : static_cast<size_t>(batch * m * m * t.itemsize));
  auto vfull = cusolver::workspace(static_cast<size_t>(batch * n * n * t.itemsize));
  void* ub = u_direct ? u : ufull->ptr();
  using SizeFn = cusolverStatus_t (*)(cusolverDnHandle_t, cusolverEigMode_t, int, int, const void*, int, const void*,
                                      const void*, int, const void*, int, int*, gesvdjInfo_t, int);
  using Fn = cusolverStatus_t (*)(cusolverDnHandle_t, cusolverEigMode_t, int, int, void*, int, void*, void*, int, void*,
                                  int, void*, int, int*, gesvdjInfo_t, int);
  int lwork = 0;
  cusolver::check(dn<SizeFn>(t, "gesvdjBatched_bufferSize")(c.h, mode, i32(m), i32(n), a, ld(m), s, ub, ld(m),
                                                            vfull->ptr(), ld(n), &lwork, params, i32(batch)),
                  "gesvdjBatched_bufferSize");
  auto work = cusolver::workspace(static_cast<size_t>(lwork) * t.itemsize);
  cusolver::check(dn<Fn>(t, "gesvdjBatched")(c.h, mode, i32(m), i32(n), a, ld(m), s, ub, ld(m), vfull->ptr(), ld(n),
                                             work->ptr(), lwork, info, params, i32(batch)),
                  "gesvdjBatched");
  if (!vectors) return;
  if (!u_direct) cuda::batched_copy(t, 'N', m, ucols, batch, {ufull->ptr(), m, m * m}, {u, m, m * ucols}, c.stream);
  // Vt (vcols x n, leading dimension vcols) = the first vcols columns of V, conjugate-transposed.
  cuda::batched_copy(t, is_complex(t) ? 'C' : 'T', vcols, n, batch, {vfull->ptr(), n, n * n}, {vt, vcols, vcols * n},
                     c.stream);
}

// SVD by cuSOLVER's Jacobi gesvdj (any m x n, thin or full), whose V is conjugate-transposed into
// LAPACK's Vt with cuBLAS geam; stacks of small matrices by gesvdjBatched.
void gesdd(DType t, char jobz, int64_t m, int64_t n, int64_t batch, void* a, void* s, void* u, void* vt,
           int32_t* info) {
  const Ctx c = ctx();
  const int64_t k = std::min(m, n);
  const bool vectors = jobz != 'N';
  const int econ = jobz == 'A' ? 0 : 1;
  const int64_t ucols = jobz == 'A' ? m : k, vcols = jobz == 'A' ? n : k;
  if (batch > 1 && m <= kJacobiBatchedMaxN && n <= kJacobiBatchedMaxN && batch <= INT32_MAX)
    return gesvdj_batched(c, t, vectors, m, n, batch, a, s, u, ucols, vt, vcols, info);
  const DType rt = t == dtypes::complex64 ? dtypes::float32 : t == dtypes::complex128 ? dtypes::float64 : t;
  const GesvdjParams params;
  const cusolverEigMode_t mode = vectors ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
  // V (n x vcols) before its transpose. Without vectors gesvdj is still given real U and V
  // buffers (thin: m x k, n x k): with null ones it failed (CUSOLVER_STATUS_EXECUTION_FAILED, then
  // an illegal address) for a 5 x 3 float32 matrix on the H200.
  auto v = cusolver::workspace(static_cast<size_t>(n * vcols * t.itemsize));
  auto uscratch = cusolver::workspace(vectors ? 1 : static_cast<size_t>(m * ucols * t.itemsize));
  using SizeFn = cusolverStatus_t (*)(cusolverDnHandle_t, cusolverEigMode_t, int, int, int, const void*, int,
                                      const void*, const void*, int, const void*, int, int*, gesvdjInfo_t);
  using Fn = cusolverStatus_t (*)(cusolverDnHandle_t, cusolverEigMode_t, int, int, int, void*, int, void*, void*, int,
                                  void*, int, void*, int, int*, gesvdjInfo_t);
  int lwork = 0;
  cusolver::check(
      dn<SizeFn>(t, "gesvdj_bufferSize")(c.h, mode, econ, i32(m), i32(n), a, ld(m), s, vectors ? u : uscratch->ptr(),
                                         ld(m), v->ptr(), ld(n), &lwork, params),
      "gesvdj_bufferSize");
  auto work = cusolver::workspace(static_cast<size_t>(lwork) * t.itemsize);
  auto f = dn<Fn>(t, "gesvdj");
  using GeamFn = cublasStatus_t (*)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, const void*,
                                    const void*, int, const void*, const void*, int, void*, int);
  GeamFn geam = vectors ? blas<GeamFn>(t, "geam") : nullptr;
  const double one[2] = {1.0, 0.0}, zero[2] = {0.0, 0.0};
  const float onef[2] = {1.0f, 0.0f}, zerof[2] = {0.0f, 0.0f};
  const bool single = t == dtypes::float32 || t == dtypes::complex64;
  for (int64_t b = 0; b < batch; ++b) {
    void* ub = vectors ? at(u, b * m * ucols, t) : uscratch->ptr();
    cusolver::check(f(c.h, mode, econ, i32(m), i32(n), at(a, b * m * n, t), ld(m), at(s, b * k, rt), ub, ld(m),
                      v->ptr(), ld(n), work->ptr(), lwork, info + b, params),
                    "gesvdj");
    if (vectors) {
      void* vb = at(vt, b * vcols * n, t);  // Vt: vcols x n, leading dimension vcols
      cublas::check(geam(cublas::handle(c.device, c.stream), is_complex(t) ? CUBLAS_OP_C : CUBLAS_OP_T, CUBLAS_OP_N,
                         i32(vcols), i32(n), single ? static_cast<const void*>(onef) : one, v->ptr(), ld(n),
                         single ? static_cast<const void*>(zerof) : zero, vb, ld(vcols), vb, ld(vcols)),
                    "geam");
    }
  }
}

// syevjBatched / heevjBatched for a stack of matrices up to 32 x 32 (Note [Batched Jacobi]).
void syevj_batched(const Ctx& c, DType t, bool vectors, bool lower, int64_t n, int64_t batch, void* a, void* w,
                   int32_t* info) {
  syevjInfo_t params = nullptr;
  cusolver::check(CUPRIC_CUSOLVER_FN(cusolverDnCreateSyevjInfo)(&params), "cusolverDnCreateSyevjInfo");
  struct Destroy {
    syevjInfo_t p;
    ~Destroy() { CUPRIC_CUSOLVER_FN(cusolverDnDestroySyevjInfo)(p); }
  } destroy{params};
  const cusolverEigMode_t mode = vectors ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
  const std::string name = is_complex(t) ? "heevjBatched" : "syevjBatched";
  using SizeFn = cusolverStatus_t (*)(cusolverDnHandle_t, cusolverEigMode_t, cublasFillMode_t, int, const void*, int,
                                      const void*, int*, syevjInfo_t, int);
  using Fn = cusolverStatus_t (*)(cusolverDnHandle_t, cusolverEigMode_t, cublasFillMode_t, int, void*, int, void*,
                                  void*, int, int*, syevjInfo_t, int);
  int lwork = 0;
  cusolver::check(dn<SizeFn>(t, (name + "_bufferSize").c_str())(c.h, mode, fill(lower), i32(n), a, ld(n), w, &lwork,
                                                                params, i32(batch)),
                  "syevjBatched_bufferSize");
  auto work = cusolver::workspace(static_cast<size_t>(lwork) * t.itemsize);
  cusolver::check(dn<Fn>(t, name.c_str())(c.h, mode, fill(lower), i32(n), a, ld(n), w, work->ptr(), lwork, info, params,
                                          i32(batch)),
                  "syevjBatched");
}

void heevd(DType t, bool vectors, bool lower, int64_t n, int64_t batch, void* a, void* w, int32_t* info) {
  const Ctx c = ctx();
  if (batch > 1 && n <= kJacobiBatchedMaxN && batch <= INT32_MAX)
    return syevj_batched(c, t, vectors, lower, n, batch, a, w, info);
  cusolverDnParams_t p = cusolver::params();
  const cusolverEigMode_t mode = vectors ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
  size_t dbytes = 0, hbytes = 0;
  cusolver::check(CUPRIC_CUSOLVER_FN(cusolverDnXsyevd_bufferSize)(c.h, p, mode, fill(lower), n, data_type(t), a, ld(n),
                                                                  real_data_type(t), w, data_type(t), &dbytes, &hbytes),
                  "cusolverDnXsyevd_bufferSize");
  auto dwork = cusolver::workspace(dbytes);
  std::vector<char> hwork(hbytes > 0 ? hbytes : 1);
  auto f = CUPRIC_CUSOLVER_FN(cusolverDnXsyevd);
  const int64_t rsize = t == dtypes::float32 || t == dtypes::complex64 ? 4 : 8;
  for (int64_t b = 0; b < batch; ++b)
    cusolver::check(
        f(c.h, p, mode, fill(lower), n, data_type(t), at(a, b * n * n, t), ld(n), real_data_type(t),
          static_cast<char*>(w) + b * n * rsize, data_type(t), dwork->ptr(), dbytes, hwork.data(), hbytes, info + b),
        "cusolverDnXsyevd");
}

// geev on the host (LAPACK through the host backend's entry), the matrices copied over and the
// results back: the fallback where cuSOLVER has no Xgeev (before CUDA 12.6).
void geev_on_host(const Ctx& c, DType t, bool vectors, int64_t n, int64_t batch, void* a, void* w, void* v,
                  int32_t* info) {
  const SolverFns* host = solver_table().get(DeviceType::Host);
  if (!host) throw RuntimeError("eig on the GPU needs the host LAPACK (scipy-openblas64)");
  const size_t cbytes = t == dtypes::float32 || t == dtypes::complex64 ? 8 : 16;
  std::vector<char> ha(static_cast<size_t>(batch * n * n * t.itemsize)), hw(static_cast<size_t>(batch * n) * cbytes),
      hv(vectors ? static_cast<size_t>(batch * n * n) * cbytes : 0);
  std::vector<int32_t> hi(static_cast<size_t>(batch));
  cuda_check(cudaMemcpyAsync(ha.data(), a, ha.size(), cudaMemcpyDeviceToHost, c.stream), "cudaMemcpyAsync");
  cuda_check(cudaStreamSynchronize(c.stream), "cudaStreamSynchronize");  // the host computes on the values
  host->geev(t, vectors, n, batch, ha.data(), hw.data(), vectors ? hv.data() : nullptr, hi.data());
  cuda_check(cudaMemcpyAsync(w, hw.data(), hw.size(), cudaMemcpyHostToDevice, c.stream), "cudaMemcpyAsync");
  if (vectors)
    cuda_check(cudaMemcpyAsync(v, hv.data(), hv.size(), cudaMemcpyHostToDevice, c.stream), "cudaMemcpyAsync");
  cuda_check(cudaMemcpyAsync(info, hi.data(), hi.size() * sizeof(int32_t), cudaMemcpyHostToDevice, c.stream),
             "cudaMemcpyAsync");
  cuda_check(cudaStreamSynchronize(c.stream), "cudaStreamSynchronize");  // the host buffers go out of scope
}

// Note [GPU geev]
// eig runs on the GPU through cusolverDnXgeev (CUDA 12.6+), one call per matrix, with LAPACK's
// results: eigenvectors of unit 2-norm with the largest component real. W is asked for in the
// complex dtype (a real matrix's conjugate pairs both listed, positive imaginary part first);
// a real matrix's eigenvectors come back packed as LAPACK packs them (a pair as the real and
// imaginary parts in two columns) and are unpacked into the complex v by one kernel
// (unpack_real_eigenvectors). The front then applies NumPy's rule (a real result when every
// eigenvalue is real) as it does for the host's geev. Where the loaded cuSOLVER has no Xgeev the
// matrices go to the host's LAPACK (geev_on_host).
using XgeevSizeFn = decltype(&cusolverDnXgeev_bufferSize);
using XgeevFn = decltype(&cusolverDnXgeev);
struct Xgeev {
  XgeevSizeFn size = nullptr;
  XgeevFn run = nullptr;
};
const Xgeev& xgeev() {
  static const Xgeev x = [] {
    Xgeev r;
    try {
      r.size = CUPRIC_CUSOLVER_FN(cusolverDnXgeev_bufferSize);
      r.run = CUPRIC_CUSOLVER_FN(cusolverDnXgeev);
    } catch (const RuntimeError&) {
      r = Xgeev{};  // an older cuSOLVER: geev_on_host
    }
    return r;
  }();
  return x;
}

void geev(DType t, bool vectors, int64_t n, int64_t batch, void* a, void* w, void* v, int32_t* info) {
  const Ctx c = ctx();
  const Xgeev& x = xgeev();
  if (!x.run) return geev_on_host(c, t, vectors, n, batch, a, w, v, info);
  const bool real = !is_complex(t);
  const DType ct = t == dtypes::float32 ? dtypes::complex64 : t == dtypes::float64 ? dtypes::complex128 : t;
  cusolverDnParams_t p = cusolver::params();
  const cusolverEigMode_t jobvr = vectors ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
  // A real matrix's packed eigenvectors, one matrix at a time, unpacked into v after the loop.
  auto vr = cusolver::workspace(vectors && real ? static_cast<size_t>(batch * n * n * t.itemsize) : 1);
  auto vr_of = [&](int64_t b) -> void* {
    if (!vectors) return nullptr;
    return real ? at(vr->ptr(), b * n * n, t) : at(v, b * n * n, t);
  };
  size_t dbytes = 0, hbytes = 0;
  cusolver::check(x.size(c.h, p, CUSOLVER_EIG_MODE_NOVECTOR, jobvr, n, data_type(t), a, ld(n), data_type(ct), w,
                         data_type(t), nullptr, 1, data_type(t), vr_of(0), ld(n), data_type(t), &dbytes, &hbytes),
                  "cusolverDnXgeev_bufferSize");
  auto dwork = cusolver::workspace(dbytes);
  std::vector<char> hwork(hbytes > 0 ? hbytes : 1);
  for (int64_t b = 0; b < batch; ++b)
    cusolver::check(x.run(c.h, p, CUSOLVER_EIG_MODE_NOVECTOR, jobvr, n, data_type(t), at(a, b * n * n, t), ld(n),
                          data_type(ct), at(w, b * n, ct), data_type(t), nullptr, 1, data_type(t), vr_of(b), ld(n),
                          data_type(t), dwork->ptr(), dbytes, hwork.data(), hbytes, info + b),
                    "cusolverDnXgeev");
  if (vectors && real) cuda::unpack_real_eigenvectors(t, n, batch, vr->ptr(), w, v, c.stream);
  // Xgeev may still use its host work area after returning: it must outlive the work.
  if (hbytes > 0) cuda_check(cudaStreamSynchronize(c.stream), "cudaStreamSynchronize");
}

const SolverFns kCusolver = {getrf, getrs, potrf, potrs, trsm,       geqrf,
                             orgqr, gesdd, heevd, geev,  cuda::tiny, tiny::kMaxN};
const dispatch::Registration kRegister(solver_table(), DeviceType::Cuda, &kCusolver);

}  // namespace
}  // namespace cupric::linalg
