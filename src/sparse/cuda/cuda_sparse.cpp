// The CUDA backend of cupricx.scipy.sparse (Note [Sparse module] in src/sparse/sparse_table.hpp):
// SpMV on cupric's kernel (Note [SpMV kernels] in spmv.cu), transposed products, floating SpMM,
// SpGEMM and CSR -> CSC on cuSPARSE's generic API (src/runtime/cuda/libs/cusparse.*), on the
// current stream with buffers from cupric's pool.
#include <complex>
#include <limits>
#include <vector>
#include "cupric/cupric.hpp"
#include "runtime/cuda/libs/cusparse.hpp"
#include "sparse/cuda/spmv.hpp"
#include "sparse/sparse_internal.hpp"
#include "sparse/sparse_table.hpp"

namespace cupric::sparse {

namespace {

#define CUSP(sym) CUPRIC_CUSPARSE_FN(sym)

bool is_floating(DType dt) { return dt.is_floating() || dt.is_complex(); }

using cusparse::value_type;

cusparseIndexType_t index_type(DType it) { return it == dtypes::int32 ? CUSPARSE_INDEX_32I : CUSPARSE_INDEX_64I; }

using Scalars = cusparse::HostScalars;

int device_of(const Stream& s) { return s.device; }

// The descriptors of one CSR matrix and their destruction.
struct SpMat {
  cusparseSpMatDescr_t d = nullptr;
  SpMat(int64_t rows, int64_t cols, int64_t nnz, const void* ptr, const void* idx, const void* val, DType it,
        DType dt) {
    cusparse::check(CUSP(cusparseCreateCsr)(&d, rows, cols, nnz, const_cast<void*>(ptr), const_cast<void*>(idx),
                                            const_cast<void*>(val), index_type(it), index_type(it),
                                            CUSPARSE_INDEX_BASE_ZERO, value_type(dt)),
                    "cusparseCreateCsr");
  }
  ~SpMat() {
    if (d) CUSP(cusparseDestroySpMat)(d);
  }
  SpMat(const SpMat&) = delete;
  SpMat& operator=(const SpMat&) = delete;
};

void cusparse_spmv(const SpMV& p) {
  cusparseHandle_t h = cusparse::handle(device_of(p.stream), static_cast<cudaStream_t>(p.stream.handle));
  SpMat A(p.rows, p.cols, p.nnz, p.indptr, p.indices, p.data, p.index_dtype, p.dtype);
  const Scalars s(p.dtype);
  const cudaDataType vt = value_type(p.dtype);
  const cusparseOperation_t op = p.transpose ? CUSPARSE_OPERATION_TRANSPOSE : CUSPARSE_OPERATION_NON_TRANSPOSE;
  const int64_t n_in = p.transpose ? p.rows : p.cols, n_out = p.transpose ? p.cols : p.rows;
  size_t bytes = 0;
  if (p.k == 1) {
    cusparseDnVecDescr_t x = nullptr, y = nullptr;
    cusparse::check(CUSP(cusparseCreateDnVec)(&x, n_in, const_cast<void*>(p.x), vt), "cusparseCreateDnVec");
    cusparse::check(CUSP(cusparseCreateDnVec)(&y, n_out, p.y, vt), "cusparseCreateDnVec");
    cusparse::check(
        CUSP(cusparseSpMV_bufferSize)(h, op, s.one, A.d, x, s.zero, y, vt, CUSPARSE_SPMV_ALG_DEFAULT, &bytes),
        "cusparseSpMV_bufferSize");
    auto buf = cusparse::workspace(bytes);
    const cusparseStatus_t st =
        CUSP(cusparseSpMV)(h, op, s.one, A.d, x, s.zero, y, vt, CUSPARSE_SPMV_ALG_DEFAULT, buf->ptr());
    CUSP(cusparseDestroyDnVec)(x);
    CUSP(cusparseDestroyDnVec)(y);
    cusparse::check(st, "cusparseSpMV");
    return;
  }
  cusparseDnMatDescr_t x = nullptr, y = nullptr;
  cusparse::check(CUSP(cusparseCreateDnMat)(&x, n_in, p.k, p.k, const_cast<void*>(p.x), vt, CUSPARSE_ORDER_ROW),
                  "cusparseCreateDnMat");
  cusparse::check(CUSP(cusparseCreateDnMat)(&y, n_out, p.k, p.k, p.y, vt, CUSPARSE_ORDER_ROW), "cusparseCreateDnMat");
  cusparse::check(CUSP(cusparseSpMM_bufferSize)(h, op, CUSPARSE_OPERATION_NON_TRANSPOSE, s.one, A.d, x, s.zero, y, vt,
                                                CUSPARSE_SPMM_ALG_DEFAULT, &bytes),
                  "cusparseSpMM_bufferSize");
  auto buf = cusparse::workspace(bytes);
  const cusparseStatus_t st = CUSP(cusparseSpMM)(h, op, CUSPARSE_OPERATION_NON_TRANSPOSE, s.one, A.d, x, s.zero, y, vt,
                                                 CUSPARSE_SPMM_ALG_DEFAULT, buf->ptr());
  CUSP(cusparseDestroyDnMat)(x);
  CUSP(cusparseDestroyDnMat)(y);
  cusparse::check(st, "cusparseSpMM");
}

void cuda_spmv(const SpMV& p) {
  if (p.kernel == SpmvKernel::Cusparse && is_floating(p.dtype)) return cusparse_spmv(p);  // spmv_with
  const int64_t mean = p.rows > 0 ? p.nnz / p.rows : 0;
  // Note [SpMV kernels] in spmv.cu: cupric's kernel for plain products, cuSPARSE for the rest.
  if (!p.transpose && (!is_floating(p.dtype) || (p.k == 1 && mean <= 32 * 64))) return cuda::own_spmv(p);
  if (is_floating(p.dtype)) return cusparse_spmv(p);
  // bool CSC products arrive as CSR (src/sparse/products.cpp), so this is not reached.
  throw TypeError("sparse products: no transposed kernel for dtype " + p.dtype.name());
}

// Note [SpGEMM without stored zeros]
// SciPy drops the exact zeros of a product (cancellations, stored zeros, underflow); cuSPARSE
// keeps them, so the result is checked, and that check (a count over C's values: 8 bytes per
// entry, a fifth of cupric's time behind CuPy's on the 2^20 x 8 case) can often be proven
// unnecessary from the operands, which are ~nnz(C) / nnz(A) times smaller: when A's values are all
// of one sign, B's too, and min|a| * min|b| is at least the smallest normal number of the dtype,
// every product is a normal number of one sign and so is every sum of them (no cancellation, no
// underflow, no flush to zero). The operands' min and max are reduced on the stream before the
// SpGEMM and read once cuSPARSE's compute phase has synchronised (before the copy phase, which is
// left running), so the proof costs no extra wait.
// Real floating dtypes only; NaN in an operand fails the test (the count runs). A product of a
// matrix with itself (A @ A, A ** n) reduces its values once: half the reads and launches.
bool same_values(const ndarray& a, const ndarray& b) {
  return a.data() == b.data() && a.size() == b.size() && a.dtype() == b.dtype();
}

ndarray operand_bounds(const CsrMatrix& a, const CsrMatrix& b) {
  const DType dt = a.data.dtype();
  if (dt != dtypes::float32 && dt != dtypes::float64) return {};
  const ndarray lo = amin(a.data), hi = amax(a.data);
  if (same_values(a.data, b.data)) return astype(stack({lo, hi, lo, hi}), dtypes::float64);
  return astype(stack({lo, hi, amin(b.data), amax(b.data)}), dtypes::float64);
}

bool products_never_zero(const ndarray& bounds, DType dt) {
  if (!bounds.defined()) return false;
  const std::vector<double> m = to_vector<double>(bounds);  // [min a, max a, min b, max b]
  auto smallest = [](double lo, double hi) { return lo > 0 ? lo : hi < 0 ? -hi : 0.0; };  // 0: mixed signs or NaN
  const double sa = smallest(m[0], m[1]), sb = smallest(m[2], m[3]);
  if (dt == dtypes::float32)
    return static_cast<float>(sa) * static_cast<float>(sb) >= std::numeric_limits<float>::min();
  return sa * sb >= std::numeric_limits<double>::min();
}

CsrMatrix cusparse_spgemm(const CsrMatrix& a, const CsrMatrix& b) {
  const DType dt = a.data.dtype();
  // cuSPARSE's SpGEMM takes 32-bit indices only (Note [SpGEMM by expansion] in src/sparse/products.cpp)
  if (a.indices.dtype() != dtypes::int32) return spgemm_by_expansion(a, b);
  Backend& be = a.data.backend();
  const ndarray bounds = operand_bounds(a, b);  // Note [SpGEMM without stored zeros]
  const Stream stream = be.current_stream(a.data.device());
  cusparseHandle_t h = cusparse::handle(a.data.device(), static_cast<cudaStream_t>(stream.handle));
  const cudaDataType vt = value_type(dt);
  const Scalars s(dt);
  SpMat A(a.rows, a.cols, a.nnz(), a.indptr.data(), a.indices.data(), a.data.data(), dtypes::int32, dt);
  SpMat B(b.rows, b.cols, b.nnz(), b.indptr.data(), b.indices.data(), b.data.data(), dtypes::int32, dt);
  ndarray c_ptr = ndarray::empty({a.rows + 1}, dtypes::int32, Order::C, &be);
  SpMat C(a.rows, b.cols, 0, c_ptr.data(), nullptr, nullptr, dtypes::int32, dt);
  cusparseSpGEMMDescr_t g = nullptr;
  cusparse::check(CUSP(cusparseSpGEMM_createDescr)(&g), "cusparseSpGEMM_createDescr");
  struct Guard {
    cusparseSpGEMMDescr_t g;
    ~Guard() { CUSP(cusparseSpGEMM_destroyDescr)(g); }
  } guard{g};
  const auto opn = CUSPARSE_OPERATION_NON_TRANSPOSE;
  const auto alg = CUSPARSE_SPGEMM_DEFAULT;
  size_t bytes1 = 0, bytes2 = 0;
  cusparse::check(
      CUSP(cusparseSpGEMM_workEstimation)(h, opn, opn, s.one, A.d, B.d, s.zero, C.d, vt, alg, g, &bytes1, nullptr),
      "cusparseSpGEMM_workEstimation");
  auto buf1 = cusparse::workspace(bytes1);
  cusparse::check(
      CUSP(cusparseSpGEMM_workEstimation)(h, opn, opn, s.one, A.d, B.d, s.zero, C.d, vt, alg, g, &bytes1, buf1->ptr()),
      "cusparseSpGEMM_workEstimation");
  cusparse::check(CUSP(cusparseSpGEMM_compute)(h, opn, opn, s.one, A.d, B.d, s.zero, C.d, vt, alg, g, &bytes2, nullptr),
                  "cusparseSpGEMM_compute");
  auto buf2 = cusparse::workspace(bytes2);
  cusparse::check(
      CUSP(cusparseSpGEMM_compute)(h, opn, opn, s.one, A.d, B.d, s.zero, C.d, vt, alg, g, &bytes2, buf2->ptr()),
      "cusparseSpGEMM_compute");
  int64_t rows = 0, cols = 0, nnz = 0;
  cusparse::check(CUSP(cusparseSpMatGetSize)(C.d, &rows, &cols, &nnz), "cusparseSpMatGetSize");
  if (nnz > INT32_MAX) return spgemm_by_expansion(a, b);  // a result beyond cuSPARSE's 32-bit indices
  // The bounds are read now, while the stream is idle after compute's own wait, not after the copy
  // below: the product returns with the copy still running, as CuPy's does.
  const bool never_zero = products_never_zero(bounds, dt);
  ndarray c_idx = ndarray::empty({nnz}, dtypes::int32, Order::C, &be);
  ndarray c_val = ndarray::empty({nnz}, dt, Order::C, &be);
  cusparse::check(CUSP(cusparseCsrSetPointers)(C.d, c_ptr.data(), c_idx.data(), c_val.data()),
                  "cusparseCsrSetPointers");
  cusparse::check(CUSP(cusparseSpGEMM_copy)(h, opn, opn, s.one, A.d, B.d, s.zero, C.d, vt, alg, g),
                  "cusparseSpGEMM_copy");
  // cuSPARSE keeps entries whose products cancel; SciPy drops them.
  CsrMatrix c{c_val, c_idx, c_ptr, a.rows, b.cols};
  return never_zero ? c : eliminate_zeros(c);
}

CsrMatrix cuda_spgemm(const CsrMatrix& a, const CsrMatrix& b) {
  if (is_floating(a.data.dtype())) return cusparse_spgemm(a, b);
  // bool: the product of 0/1 float32 matrices, nonzero -> true (an or of ands).
  auto as_f32 = [](const CsrMatrix& m) {
    return CsrMatrix{astype(m.data, dtypes::float32), m.indices, m.indptr, m.rows, m.cols};
  };
  CsrMatrix c = cusparse_spgemm(as_f32(a), as_f32(b));
  c.data = astype(c.data, dtypes::bool_);
  return c;
}

CscMatrix cuda_csr_to_csc(const CsrMatrix& a) {
  if (!is_floating(a.data.dtype()) || a.indices.dtype() != dtypes::int32 || a.nnz() == 0) return csr_to_csc_by_sort(a);
  Backend& be = a.data.backend();
  const Stream stream = be.current_stream(a.data.device());
  cusparseHandle_t h = cusparse::handle(a.data.device(), static_cast<cudaStream_t>(stream.handle));
  CscMatrix c{ndarray::empty({a.nnz()}, a.data.dtype(), Order::C, &be),
              ndarray::empty({a.nnz()}, dtypes::int32, Order::C, &be),
              ndarray::empty({a.cols + 1}, dtypes::int32, Order::C, &be), a.rows, a.cols};
  const int m = static_cast<int>(a.rows), n = static_cast<int>(a.cols), nnz = static_cast<int>(a.nnz());
  const cudaDataType vt = value_type(a.data.dtype());
  size_t bytes = 0;
  auto* ptr = reinterpret_cast<const int*>(a.indptr.data());
  auto* idx = reinterpret_cast<const int*>(a.indices.data());
  cusparse::check(CUSP(cusparseCsr2cscEx2_bufferSize)(
                      h, m, n, nnz, a.data.data(), ptr, idx, c.data.data(), reinterpret_cast<int*>(c.indptr.data()),
                      reinterpret_cast<int*>(c.indices.data()), vt, CUSPARSE_ACTION_NUMERIC, CUSPARSE_INDEX_BASE_ZERO,
                      CUSPARSE_CSR2CSC_ALG1, &bytes),
                  "cusparseCsr2cscEx2_bufferSize");
  auto buf = cusparse::workspace(bytes);
  cusparse::check(
      CUSP(cusparseCsr2cscEx2)(h, m, n, nnz, a.data.data(), ptr, idx, c.data.data(),
                               reinterpret_cast<int*>(c.indptr.data()), reinterpret_cast<int*>(c.indices.data()), vt,
                               CUSPARSE_ACTION_NUMERIC, CUSPARSE_INDEX_BASE_ZERO, CUSPARSE_CSR2CSC_ALG1, buf->ptr()),
      "cusparseCsr2cscEx2");
  return c;
}

const SparseFns kCudaSparse{&cuda::segment_reduce, &cuda_spmv, &cuda_spgemm, &cuda_csr_to_csc};
const dispatch::Registration kRegister(sparse_table(), DeviceType::Cuda, &kCudaSparse);

}  // namespace

}  // namespace cupric::sparse
