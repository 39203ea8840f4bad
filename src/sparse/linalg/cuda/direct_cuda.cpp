// The CUDA backend of spsolve and spsolve_triangular (Note [Sparse direct solves] in
// src/sparse/linalg/direct.cpp): cuSOLVER's sparse QR (csrlsvqr) and cuSPARSE's SpSV, on the
// current stream with work areas from cupric's pool.
// cusolverSp is deprecated (in favour of cuDSS) but present in CUDA 13; its warnings are off here.
#define DISABLE_CUSOLVER_DEPRECATED 1
#include <cusolverSp.h>
#include <cstdint>
#include "cupric/cupric.hpp"
#include "runtime/cuda/cuda_check.hpp"
#include "runtime/cuda/libs/cusolver.hpp"
#include "runtime/cuda/libs/cusparse.hpp"
#include "runtime/cuda/libs/library.hpp"
#include "sparse/linalg/direct_kernels.hpp"
#include "sparse/sparse_internal.hpp"

namespace cupric::sparse::linalg {

namespace {

#define CUSP(sym) CUPRIC_CUSPARSE_FN(sym)
#define CUSOL(sym) CUPRIC_CUSOLVER_FN(sym)

// The calling thread's cusolverSp handle per device (Note [CUDA libraries] in
// src/runtime/cuda/libs/cublas.cpp), bound to the stream of the call.
struct SpState {
  struct PerDevice {
    cusolverSpHandle_t handle = nullptr;
    cudaStream_t bound = nullptr;
    bool has_bound = false;
  };
  std::vector<PerDevice> devices;
  ~SpState() {
    for (auto& d : devices)
      if (d.handle) CUSOL(cusolverSpDestroy)(d.handle);
  }
};

cusolverSpHandle_t sp_handle(int device, cudaStream_t stream) {
  auto& devices = cuda_libs::thread_state<SpState>().devices;
  if (device >= static_cast<int>(devices.size())) devices.resize(static_cast<size_t>(device) + 1);
  auto& d = devices[static_cast<size_t>(device)];
  if (!d.handle) {
    RelaxedCapture relaxed;  // cusolverSpCreate allocates
    cusolver::check(CUSOL(cusolverSpCreate)(&d.handle), "cusolverSpCreate");
  }
  if (!d.has_bound || d.bound != stream) {
    cusolver::check(CUSOL(cusolverSpSetStream)(d.handle, stream), "cusolverSpSetStream");
    d.bound = stream;
    d.has_bound = true;
  }
  return d.handle;
}

using cusparse::value_type;

// A's arrays with 32-bit indices (cuSOLVER's sparse API has no other); ValueError past 2^31.
CsrMatrix with_int32_indices(const CsrMatrix& a) {
  if (a.indices.dtype() == dtypes::int32) return a;
  if (a.nnz() > INT32_MAX || a.rows > INT32_MAX)
    throw ValueError("spsolve: cuSOLVER's sparse QR takes at most 2^31 - 1 rows and nonzeros (A has " +
                     std::to_string(a.nnz()) + " nonzeros)");
  return {a.data, astype(a.indices, dtypes::int32), astype(a.indptr, dtypes::int32), a.rows, a.cols};
}

struct MatDescr {
  cusparseMatDescr_t d = nullptr;
  MatDescr() { cusparse::check(CUSP(cusparseCreateMatDescr)(&d), "cusparseCreateMatDescr"); }
  ~MatDescr() { CUSP(cusparseDestroyMatDescr)(d); }
  MatDescr(const MatDescr&) = delete;
  MatDescr& operator=(const MatDescr&) = delete;
};

bool cuda_solve(const CsrMatrix& a0, const ndarray& b, ndarray& x) {
  // csrlsvqr wants a canonical CSR (CuPy's spsolve calls sum_duplicates first too).
  const CsrMatrix a = with_int32_indices(sparse::has_canonical_format(a0) ? a0 : sparse::sum_duplicates(a0));
  const int n = static_cast<int>(a.rows), nnz = static_cast<int>(a.nnz());
  if (nnz == 0) return false;  // the zero matrix (n > 0 here): singular, and nothing for cuSOLVER to factor
  const int64_t k = b.shape()[1];
  Backend& be = b.backend();
  const Stream s = be.current_stream(b.device());
  cusolverSpHandle_t h = sp_handle(b.device(), static_cast<cudaStream_t>(s.handle));
  const MatDescr descr;
  const auto* ptr = reinterpret_cast<const int*>(a.indptr.data());
  const auto* idx = reinterpret_cast<const int*>(a.indices.data());
  const int reorder = 1;  // symrcm, as CuPy
  bool singular = false;
  const size_t elem = static_cast<size_t>(b.dtype().itemsize);
  for (int64_t r = 0; r < k && !singular; ++r) {
    const void* bp = b.data() + static_cast<size_t>(r) * n * elem;
    void* xp = x.data() + static_cast<size_t>(r) * n * elem;
    int sing = -1;
    cusolverStatus_t st = CUSOLVER_STATUS_SUCCESS;
    switch (b.dtype().type) {
      case ScalarType::Float32:
        st = CUSOL(cusolverSpScsrlsvqr)(h, n, nnz, descr.d, reinterpret_cast<const float*>(a.data.data()), ptr, idx,
                                        static_cast<const float*>(bp), 0.0f, reorder, static_cast<float*>(xp), &sing);
        break;
      case ScalarType::Float64:
        st = CUSOL(cusolverSpDcsrlsvqr)(h, n, nnz, descr.d, reinterpret_cast<const double*>(a.data.data()), ptr, idx,
                                        static_cast<const double*>(bp), 0.0, reorder, static_cast<double*>(xp), &sing);
        break;
      case ScalarType::Complex64:
        st = CUSOL(cusolverSpCcsrlsvqr)(h, n, nnz, descr.d, reinterpret_cast<const cuComplex*>(a.data.data()), ptr, idx,
                                        static_cast<const cuComplex*>(bp), 0.0f, reorder, static_cast<cuComplex*>(xp),
                                        &sing);
        break;
      case ScalarType::Complex128:
        st = CUSOL(cusolverSpZcsrlsvqr)(h, n, nnz, descr.d, reinterpret_cast<const cuDoubleComplex*>(a.data.data()),
                                        ptr, idx, static_cast<const cuDoubleComplex*>(bp), 0.0, reorder,
                                        static_cast<cuDoubleComplex*>(xp), &sing);
        break;
      default: throw TypeError("spsolve: unsupported dtype " + b.dtype().name());
    }
    cusolver::check(st, "cusolverSpXcsrlsvqr");
    singular = sing >= 0;
  }
  return !singular;
}

void cuda_triangular_solve(const CsrMatrix& a0, const ndarray& b, ndarray& x, bool lower, bool unit) {
  // The triangle that is read, canonical, with the diagonal dropped when it is taken as ones: what
  // SpSV is given is exactly what SciPy reads. Filtering a canonical CSR keeps it canonical.
  CsrMatrix a = sparse::has_canonical_format(a0) ? a0 : sparse::sum_duplicates(a0);
  const ndarray rows = astype(sparse::expand_major(a.indptr, a.rows, a.nnz()), dtypes::int64);
  const ndarray cols = astype(a.indices, dtypes::int64);
  const ndarray keep = flatnonzero(lower ? (unit ? less(cols, rows) : less_equal(cols, rows))
                                         : (unit ? greater(cols, rows) : greater_equal(cols, rows)));
  if (keep.size() != a.nnz()) {
    const DType it = a.indices.dtype();
    a = {take(a.data, keep), take(a.indices, keep), sparse::compress_major(take(rows, keep), a.rows, it), a.rows,
         a.cols};
  }
  // 32-bit indices where they fit (the common case of int64 arrays given by a user): the type
  // every cuSPARSE routine takes; 64-bit ones only past 2^31.
  if (a.indices.dtype() == dtypes::int64 && a.nnz() <= INT32_MAX && a.rows <= INT32_MAX)
    a = {a.data, astype(a.indices, dtypes::int32), astype(a.indptr, dtypes::int32), a.rows, a.cols};
  const int64_t n = a.rows, k = b.shape()[1];
  Backend& be = b.backend();
  if (a.nnz() == 0) {  // a unit diagonal and nothing else: x = b
    copyto(x, b);
    return;
  }
  const Stream s = be.current_stream(b.device());
  cusparseHandle_t h = cusparse::handle(b.device(), static_cast<cudaStream_t>(s.handle));
  const cudaDataType vt = value_type(b.dtype());
  const cusparseIndexType_t it = a.indices.dtype() == dtypes::int32 ? CUSPARSE_INDEX_32I : CUSPARSE_INDEX_64I;
  cusparseSpMatDescr_t A = nullptr;
  cusparse::check(CUSP(cusparseCreateCsr)(&A, n, n, a.nnz(), const_cast<char*>(a.indptr.data()),
                                          const_cast<char*>(a.indices.data()), const_cast<char*>(a.data.data()), it, it,
                                          CUSPARSE_INDEX_BASE_ZERO, vt),
                  "cusparseCreateCsr");
  cusparseDnVecDescr_t X = nullptr, Y = nullptr;
  cusparseSpSVDescr_t sv = nullptr;
  struct Guard {
    cusparseSpMatDescr_t& A;
    cusparseDnVecDescr_t& X;
    cusparseDnVecDescr_t& Y;
    cusparseSpSVDescr_t& sv;
    ~Guard() {
      if (sv) CUSP(cusparseSpSV_destroyDescr)(sv);
      if (X) CUSP(cusparseDestroyDnVec)(X);
      if (Y) CUSP(cusparseDestroyDnVec)(Y);
      if (A) CUSP(cusparseDestroySpMat)(A);
    }
  } guard{A, X, Y, sv};
  cusparseFillMode_t fill = lower ? CUSPARSE_FILL_MODE_LOWER : CUSPARSE_FILL_MODE_UPPER;
  cusparseDiagType_t diag = unit ? CUSPARSE_DIAG_TYPE_UNIT : CUSPARSE_DIAG_TYPE_NON_UNIT;
  cusparse::check(CUSP(cusparseSpMatSetAttribute)(A, CUSPARSE_SPMAT_FILL_MODE, &fill, sizeof fill),
                  "cusparseSpMatSetAttribute");
  cusparse::check(CUSP(cusparseSpMatSetAttribute)(A, CUSPARSE_SPMAT_DIAG_TYPE, &diag, sizeof diag),
                  "cusparseSpMatSetAttribute");
  const size_t elem = static_cast<size_t>(b.dtype().itemsize);
  auto column = [&](const ndarray& m, int64_t r) {
    return static_cast<void*>(const_cast<char*>(m.data()) + static_cast<size_t>(r * n) * elem);
  };
  cusparse::check(CUSP(cusparseCreateDnVec)(&X, n, column(b, 0), vt), "cusparseCreateDnVec");
  cusparse::check(CUSP(cusparseCreateDnVec)(&Y, n, column(x, 0), vt), "cusparseCreateDnVec");
  cusparse::check(CUSP(cusparseSpSV_createDescr)(&sv), "cusparseSpSV_createDescr");
  const cusparse::HostScalars s1(b.dtype());
  const auto op = CUSPARSE_OPERATION_NON_TRANSPOSE;
  const auto alg = CUSPARSE_SPSV_ALG_DEFAULT;
  size_t bytes = 0;
  cusparse::check(CUSP(cusparseSpSV_bufferSize)(h, op, s1.one, A, X, Y, vt, alg, sv, &bytes),
                  "cusparseSpSV_bufferSize");
  auto buf = cusparse::workspace(bytes);
  cusparse::check(CUSP(cusparseSpSV_analysis)(h, op, s1.one, A, X, Y, vt, alg, sv, buf->ptr()),
                  "cusparseSpSV_analysis");
  for (int64_t r = 0; r < k; ++r) {  // the analysis serves every right-hand side
    if (r > 0) {
      cusparse::check(CUSP(cusparseDnVecSetValues)(X, column(b, r)), "cusparseDnVecSetValues");
      cusparse::check(CUSP(cusparseDnVecSetValues)(Y, column(x, r)), "cusparseDnVecSetValues");
    }
    cusparse::check(CUSP(cusparseSpSV_solve)(h, op, s1.one, A, X, Y, vt, alg, sv), "cusparseSpSV_solve");
  }
}

const DirectFns kCudaDirect{&cuda_solve, &cuda_triangular_solve};
const dispatch::Registration reg(direct_table(), DeviceType::Cuda, &kCudaDirect);

}  // namespace

}  // namespace cupric::sparse::linalg
