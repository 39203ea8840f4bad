// The host backend of cupricx.scipy.sparse (Note [Sparse module] in src/sparse/sparse_table.hpp):
// cupric's own loops for SpMV/SpMM (CSR and, transposed, CSC), SpGEMM (Gustavson's row-by-row
// product with a dense accumulator) and the CSR -> CSC transposition (a counting sort).
#include <algorithm>
#include <complex>
#include <cstring>
#include <vector>
#include "cupric/cupric.hpp"
#include "sparse/sparse_internal.hpp"
#include "sparse/host/visit.hpp"
#include "sparse/sparse_table.hpp"

namespace cupric::sparse {

namespace {

using host::visit_index;
using host::visit_value;

// acc + a * b; bool products (bytes 0/1 here) are logical (or of ands), as NumPy's and SciPy's.
template <class T>
inline T mac(T acc, T a, T b) {
  if constexpr (std::is_same_v<T, uint8_t>)
    return static_cast<uint8_t>(acc | (a & b));
  else
    return acc + a * b;
}

template <class T, class I>
void spmv_loop(const SpMV& p) {
  const T* a = static_cast<const T*>(p.data);
  const I* idx = static_cast<const I*>(p.indices);
  const I* ptr = static_cast<const I*>(p.indptr);
  const T* x = static_cast<const T*>(p.x);
  T* y = static_cast<T*>(p.y);
  const int64_t K = p.k;
  if (!p.transpose) {
    for (int64_t i = 0; i < p.rows; ++i) {
      T* yi = y + i * K;
      std::fill(yi, yi + K, T(0));
      for (int64_t j = ptr[i]; j < ptr[i + 1]; ++j) {
        const T* xr = x + static_cast<int64_t>(idx[j]) * K;
        for (int64_t c = 0; c < K; ++c) yi[c] = mac(yi[c], a[j], xr[c]);
      }
    }
    return;
  }
  std::fill(y, y + p.cols * K, T(0));
  for (int64_t i = 0; i < p.rows; ++i) {
    const T* xi = x + i * K;
    for (int64_t j = ptr[i]; j < ptr[i + 1]; ++j) {
      T* yr = y + static_cast<int64_t>(idx[j]) * K;
      for (int64_t c = 0; c < K; ++c) yr[c] = mac(yr[c], a[j], xi[c]);
    }
  }
}

void host_spmv(const SpMV& p) {
  visit_value(p.dtype, [&]<class T>() { visit_index(p.index_dtype, [&]<class I>() { spmv_loop<T, I>(p); }); });
}

template <class To, class From>
void copy_into(const ndarray& dst, const std::vector<From>& src) {
  To* d = reinterpret_cast<To*>(dst.data());
  for (size_t i = 0; i < src.size(); ++i) d[i] = static_cast<To>(src[i]);
}

// C = A @ B row by row: the columns each row of C touches are gathered in a dense accumulator
// (`acc`, `seen` of B's width), then sorted, and exact zeros dropped (SciPy's csr_matmat).
template <class T, class I>
CsrMatrix spgemm_loop(const CsrMatrix& A, const CsrMatrix& B) {
  const T* av = reinterpret_cast<const T*>(A.data.data());
  const I* aj = reinterpret_cast<const I*>(A.indices.data());
  const I* ap = reinterpret_cast<const I*>(A.indptr.data());
  const T* bv = reinterpret_cast<const T*>(B.data.data());
  const I* bj = reinterpret_cast<const I*>(B.indices.data());
  const I* bp = reinterpret_cast<const I*>(B.indptr.data());
  const int64_t n = B.cols;
  std::vector<T> acc(static_cast<size_t>(n), T(0));
  std::vector<int64_t> seen(static_cast<size_t>(n), -1), row_cols, cols;
  std::vector<T> vals;
  std::vector<int64_t> indptr(static_cast<size_t>(A.rows) + 1, 0);
  for (int64_t i = 0; i < A.rows; ++i) {
    row_cols.clear();
    for (int64_t ja = ap[i]; ja < ap[i + 1]; ++ja) {
      const int64_t k = aj[ja];
      for (int64_t jb = bp[k]; jb < bp[k + 1]; ++jb) {
        const int64_t c = bj[jb];
        if (seen[c] != i) {
          seen[c] = i;
          acc[c] = T(0);
          row_cols.push_back(c);
        }
        acc[c] = mac(acc[c], av[ja], bv[jb]);
      }
    }
    std::sort(row_cols.begin(), row_cols.end());
    for (int64_t c : row_cols)
      if (acc[c] != T(0)) {
        cols.push_back(c);
        vals.push_back(acc[c]);
      }
    indptr[i + 1] = static_cast<int64_t>(cols.size());
  }
  const int64_t nnz = static_cast<int64_t>(cols.size());
  const DType it = index_dtype_for(A.rows, B.cols, nnz);
  Backend* be = &A.data.backend();
  CsrMatrix C{ndarray::empty({nnz}, A.data.dtype(), Order::C, be), ndarray::empty({nnz}, it, Order::C, be),
              ndarray::empty({A.rows + 1}, it, Order::C, be), A.rows, B.cols};
  if (nnz) std::memcpy(C.data.data(), vals.data(), sizeof(T) * vals.size());
  if (it == dtypes::int32) {
    copy_into<int32_t>(C.indices, cols);
    copy_into<int32_t>(C.indptr, indptr);
  } else {
    copy_into<int64_t>(C.indices, cols);
    copy_into<int64_t>(C.indptr, indptr);
  }
  return C;
}

CsrMatrix host_spgemm(const CsrMatrix& a, const CsrMatrix& b) {
  CsrMatrix c;
  visit_value(a.data.dtype(),
              [&]<class T>() { visit_index(a.indices.dtype(), [&]<class I>() { c = spgemm_loop<T, I>(a, b); }); });
  return c;
}

// A counting sort by column that visits rows in order, so each column's rows come out sorted.
template <class T, class I>
CscMatrix csr_to_csc_loop(const CsrMatrix& A) {
  const int64_t nnz = A.nnz();
  Backend* be = &A.data.backend();
  CscMatrix C{ndarray::empty({nnz}, A.data.dtype(), Order::C, be),
              ndarray::empty({nnz}, A.indices.dtype(), Order::C, be),
              ndarray::empty({A.cols + 1}, A.indices.dtype(), Order::C, be), A.rows, A.cols};
  const T* av = reinterpret_cast<const T*>(A.data.data());
  const I* aj = reinterpret_cast<const I*>(A.indices.data());
  const I* ap = reinterpret_cast<const I*>(A.indptr.data());
  T* cv = reinterpret_cast<T*>(C.data.data());
  I* ci = reinterpret_cast<I*>(C.indices.data());
  I* cp = reinterpret_cast<I*>(C.indptr.data());
  std::vector<int64_t> next(static_cast<size_t>(A.cols) + 1, 0);
  for (int64_t j = 0; j < nnz; ++j) ++next[static_cast<size_t>(aj[j]) + 1];
  for (int64_t c = 0; c < A.cols; ++c) next[c + 1] += next[c];
  for (int64_t c = 0; c <= A.cols; ++c) cp[c] = static_cast<I>(next[c]);
  for (int64_t i = 0; i < A.rows; ++i)
    for (int64_t j = ap[i]; j < ap[i + 1]; ++j) {
      const int64_t dst = next[aj[j]]++;
      ci[dst] = static_cast<I>(i);
      cv[dst] = av[j];
    }
  return C;
}

CscMatrix host_csr_to_csc(const CsrMatrix& a) {
  CscMatrix c;
  const CsrMatrix in{contiguous(a.data), contiguous(a.indices), contiguous(a.indptr), a.rows, a.cols};
  visit_value(a.data.dtype(),
              [&]<class T>() { visit_index(a.indices.dtype(), [&]<class I>() { c = csr_to_csc_loop<T, I>(in); }); });
  return c;
}

template <class T>
void segment_loop(const SegmentReduce& p) {
  const T* v = static_cast<const T*>(p.values);
  T* out = static_cast<T*>(p.out);
  for (int64_t s = 0; s < p.segments; ++s) {
    const int64_t b = p.starts[s], e = s + 1 < p.segments ? p.starts[s + 1] : p.n;
    T acc = v[b];
    for (int64_t k = b + 1; k < e; ++k) {
      if constexpr (std::is_same_v<T, uint8_t>) {  // bool bytes: Sum and Max are an or, Min an and
        acc = p.op == SegmentOp::Min ? std::min(acc, v[k]) : std::max(acc, v[k]);
      } else if constexpr (std::is_same_v<T, std::complex<float>> || std::is_same_v<T, std::complex<double>>) {
        acc += v[k];
      } else if (p.op == SegmentOp::Sum) {
        acc = T(acc + v[k]);
      } else if (v[k] != v[k] || acc != acc) {  // NaN wins, as numpy.maximum / minimum
        acc = acc != acc ? acc : v[k];
      } else {
        acc = p.op == SegmentOp::Min ? std::min(acc, v[k]) : std::max(acc, v[k]);
      }
    }
    out[s] = acc;
  }
}

void host_segment_reduce(const SegmentReduce& p) {
  const bool cplx = p.dtype.is_complex();
  if (cplx && p.op != SegmentOp::Sum) throw TypeError("sparse min/max: complex values have no order");
  switch (p.dtype.type) {
    case ScalarType::Bool: return segment_loop<uint8_t>(p);
    case ScalarType::Int8: return segment_loop<int8_t>(p);
    case ScalarType::Int64: return segment_loop<int64_t>(p);
    case ScalarType::Float32: return segment_loop<float>(p);
    case ScalarType::Float64: return segment_loop<double>(p);
    case ScalarType::Complex64: return segment_loop<std::complex<float>>(p);
    case ScalarType::Complex128: return segment_loop<std::complex<double>>(p);
    default: throw TypeError("sparse segmented reductions: unsupported dtype " + p.dtype.name());
  }
}

const SparseFns kHostSparse{&host_segment_reduce, &host_spmv, &host_spgemm, &host_csr_to_csc};
const dispatch::Registration kRegister(sparse_table(), DeviceType::Host, &kHostSparse);

}  // namespace

}  // namespace cupric::sparse
