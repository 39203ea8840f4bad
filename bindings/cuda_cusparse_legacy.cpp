// cupric.cuda.cusparse's legacy routines (CuPy keeps them): the s/d/c/z families (csrgeam2, nnz,
// nnz_compress, csr2csr_compress, the incomplete LU/Cholesky preconditioners, the tridiagonal and
// pentadiagonal solvers) and the index routines (sorts, coo2csr, csr2cscEx2, zeroPivot), one row
// per family (Note [Library entry rows] in library_entry.hpp); cuda_cusparse.cpp makes the module.
#include "library_entry.hpp"

namespace cupric::py {

namespace {

using namespace entry;
using namespace entry::c_types;
using A8 = std::array<const char*, 8>;
using A10 = std::array<const char*, 10>;

constexpr Kind kQuery{&kCusparse, true};  // *_bufferSize and setters: bound to the current stream, GIL kept
constexpr Kind kRun{&kCusparse, false};   // the routines themselves

struct Rows {
  nb::module_& m;
  PyObject** error;
  template <class S>
  void add(Kind kind, const std::vector<Name>& names, const std::array<const char*, S::n_py>& args) const {
    def_entries<S>(m, CudaLibrary::Cusparse, error, kind, names, args);
  }
};

// cusparse<T><routine> for each type letter of `types` ("s d c z": scsrilu02 -> cusparseScsrilu02).
std::vector<Name> sp(const char* types, const std::string& routine) {
  return typed(types, ("{t}" + routine).c_str(), ("cusparse{T}" + routine).c_str());
}
std::vector<Name> plain(const char* py) { return prefixed("cusparse", py); }

template <size_t N, size_t K>
std::array<const char*, N + K> operator+(const std::array<const char*, N>& a, const std::array<const char*, K>& b) {
  std::array<const char*, N + K> out{};
  for (size_t i = 0; i < N; ++i) out[i] = a[i];
  for (size_t i = 0; i < K; ++i) out[N + i] = b[i];
  return out;
}

// The by-value `tol` of *_compress: float, double, cuComplex, cuDoubleComplex by the type letter.
template <template <class> class S>
void by_scalar_type(const Rows& r, const std::string& routine, const std::array<const char*, S<float>::n_py>& args) {
  r.add<S<float>>(kRun, sp("s", routine), args);
  r.add<S<double>>(kRun, sp("d", routine), args);
  r.add<S<Value<C64>>>(kRun, sp("c", routine), args);
  r.add<S<Value<C128>>>(kRun, sp("z", routine), args);
}
template <class R>
using NnzCompress = Sig<P, I, P, P, P, P, Out<I>, R>;
template <class R>
using Csr2csrCompress = Sig<P, I, I, P, P, P, P, I, P, P, P, P, R>;

void conversions(const Rows& r) {
  // C = alpha A + beta B.
  constexpr std::array<const char*, 19> kGeam2{
      "handle", "m",    "n",       "alpha",      "descrA",     "nnzA",   "csrValA", "csrRowPtrA", "csrColIndA", "beta",
      "descrB", "nnzB", "csrValB", "csrRowPtrB", "csrColIndB", "descrC", "csrValC", "csrRowPtrC", "csrColIndC"};
  using Geam2 = Sig<P, I, I, P, P, I, P, P, P, P, P, I, P, P, P, P, P, P, P, Out<Z>>;
  r.add<Geam2>(kQuery, sp("s d c z", "csrgeam2_bufferSizeExt"), kGeam2);
  r.add<Sig<P, I, I, P, P, I, P, P, P, P, P, I, P, P, P, P, P, P, P, P>>(kRun, sp("s d c z", "csrgeam2"),
                                                                         kGeam2 + std::array{"buffer"});
  r.add<Sig<P, I, I, P, I, P, P, P, I, P, P, P, P, P, P>>(
      kRun, plain("xcsrgeam2Nnz"),
      {"handle", "m", "n", "descrA", "nnzA", "csrRowPtrA", "csrColIndA", "descrB", "nnzB", "csrRowPtrB", "csrColIndB",
       "descrC", "csrRowPtrC", "nnzTotalDevHostPtr", "workspace"});
  // Counting and dropping small entries.
  r.add<Sig<P, I, I, I, P, P, I, P, P>>(
      kRun, sp("s d c z", "nnz"),
      {"handle", "dirA", "m", "n", "descrA", "A", "lda", "nnzPerRowColumn", "nnzTotalDevHostPtr"});
  by_scalar_type<NnzCompress>(r, "nnz_compress", {"handle", "m", "descr", "values", "rowPtr", "nnzPerRow", "tol"});
  by_scalar_type<Csr2csrCompress>(r, "csr2csr_compress",
                                  {"handle", "m", "n", "descrA", "inVal", "inColInd", "inRowPtr", "inNnz", "nnzPerRow",
                                   "outVal", "outColInd", "outRowPtr", "tol"});
  // Sorting and index conversions.
  r.add<Sig<P, I, P>>(kRun, plain("createIdentityPermutation"), {"handle", "n", "p"});
  constexpr std::array<const char*, 4> kSort{"handle", "m", "n", "nnz"};
  r.add<Sig<P, I, I, I, P, P, Out<Z>>>(kQuery, plain("xcoosort_bufferSizeExt"),
                                       kSort + std::array{"cooRows", "cooCols"});
  r.add<Sig<P, I, I, I, P, P, P, P>>(kRun, join({plain("xcoosortByRow"), plain("xcoosortByColumn")}),
                                     kSort + std::array{"cooRows", "cooCols", "P", "pBuffer"});
  r.add<Sig<P, I, I, I, P, P, Out<Z>>>(kQuery, plain("xcsrsort_bufferSizeExt"),
                                       kSort + std::array{"csrRowPtr", "csrColInd"});
  r.add<Sig<P, I, I, I, P, P, P, P, P>>(kRun, plain("xcsrsort"),
                                        kSort + std::array{"descrA", "csrRowPtr", "csrColInd", "P", "pBuffer"});
  r.add<Sig<P, I, I, I, P, P, Out<Z>>>(kQuery, plain("xcscsort_bufferSizeExt"),
                                       kSort + std::array{"cscColPtr", "cscRowInd"});
  r.add<Sig<P, I, I, I, P, P, P, P, P>>(kRun, plain("xcscsort"),
                                        kSort + std::array{"descrA", "cscColPtr", "cscRowInd", "P", "pBuffer"});
  r.add<Sig<P, P, I, I, P, I>>(kRun, plain("xcoo2csr"), {"handle", "cooRowInd", "nnz", "m", "csrRowPtr", "idxBase"});
  r.add<Sig<P, P, I, I, P, I>>(kRun, plain("xcsr2coo"), {"handle", "csrRowPtr", "nnz", "m", "cooRowInd", "idxBase"});
  constexpr std::array<const char*, 14> kCsr2csc{"handle",    "m",          "n",       "nnz",       "csrVal",
                                                 "csrRowPtr", "csrColInd",  "cscVal",  "cscColPtr", "cscRowInd",
                                                 "valType",   "copyValues", "idxBase", "alg"};
  r.add<Sig<P, I, I, I, P, P, P, P, P, P, I, I, I, I, Out<Z>>>(kQuery, plain("csr2cscEx2_bufferSize"), kCsr2csc);
  r.add<Sig<P, I, I, I, P, P, P, P, P, P, I, I, I, I, P>>(kRun, plain("csr2cscEx2"), kCsr2csc + std::array{"buffer"});
}

void preconditioners(const Rows& r) {
  r.add<Sig<P, P, I, P, P>>(kQuery,
                            join({sp("s d c z", "csrilu02_numericBoost"), sp("s d c z", "bsrilu02_numericBoost")}),
                            {"handle", "info", "enable_boost", "tol", "boost_val"});
  r.add<Sig<P, P, P>>(kRun,
                      join({plain("xcsrilu02_zeroPivot"), plain("xbsrilu02_zeroPivot"), plain("xcsric02_zeroPivot"),
                            plain("xbsric02_zeroPivot")}),
                      {"handle", "info", "position"});
  // CSR: handle, m, nnz, descrA, values, rowPtr, colInd, info (then policy and buffer).
  constexpr A8 kCsr{"handle", "m", "nnz", "descrA", "csrSortedValA", "csrSortedRowPtrA", "csrSortedColIndA", "info"};
  constexpr A8 kCsrM{"handle",           "m",   "nnz", "descrA", "csrSortedValA_valM", "csrSortedRowPtrA",
                     "csrSortedColIndA", "info"};
  using Csr = Sig<P, I, I, P, P, P, P, P, I, P>;
  for (const char* f : {"csrilu02", "csric02"}) {
    std::string name = f;
    r.add<Sig<P, I, I, P, P, P, P, P, Out<I>>>(kQuery, sp("s d c z", name + "_bufferSize"), kCsr);
    r.add<Csr>(kRun, sp("s d c z", name + "_analysis"), kCsr + std::array{"policy", "pBuffer"});
    r.add<Csr>(kRun, sp("s d c z", name), kCsrM + std::array{"policy", "pBuffer"});
  }
  // BSR: handle, dir, mb, nnzb, descrA, values, rowPtr, colInd, blockDim, info (then policy, buffer).
  constexpr A10 kBsr{"handle",          "dirA",     "mb",  "nnzb", "descrA", "bsrSortedVal", "bsrSortedRowPtr",
                     "bsrSortedColInd", "blockDim", "info"};
  using Bsr = Sig<P, I, I, I, P, P, P, P, I, P, I, P>;
  for (const char* f : {"bsrilu02", "bsric02"}) {
    std::string name = f;
    r.add<Sig<P, I, I, I, P, P, P, P, I, P, Out<I>>>(kQuery, sp("s d c z", name + "_bufferSize"), kBsr);
    r.add<Bsr>(kRun, sp("s d c z", name + "_analysis"),
               kBsr + std::array{"policy", name == "bsric02" ? "pInputBuffer" : "pBuffer"});
    r.add<Bsr>(kRun, sp("s d c z", name), kBsr + std::array{"policy", "pBuffer"});
  }
}

void tridiagonal(const Rows& r) {
  constexpr A8 kGtsv{"handle", "m", "n", "dl", "d", "du", "B", "ldb"};
  for (const char* f : {"gtsv2", "gtsv2_nopivot"}) {
    std::string name = f;
    r.add<Sig<P, I, I, P, P, P, P, I, Out<Z>>>(kQuery, sp("s d c z", name + "_bufferSizeExt"), kGtsv);
    r.add<Sig<P, I, I, P, P, P, P, I, P>>(kRun, sp("s d c z", name), kGtsv + std::array{"pBuffer"});
  }
  constexpr A8 kStrided{"handle", "m", "dl", "d", "du", "x", "batchCount", "batchStride"};
  r.add<Sig<P, I, P, P, P, P, I, I, Out<Z>>>(kQuery, sp("s d c z", "gtsv2StridedBatch_bufferSizeExt"), kStrided);
  r.add<Sig<P, I, P, P, P, P, I, I, P>>(kRun, sp("s d c z", "gtsv2StridedBatch"), kStrided + std::array{"pBuffer"});
  constexpr A8 kInterleaved{"handle", "algo", "m", "dl", "d", "du", "x", "batchCount"};
  r.add<Sig<P, I, I, P, P, P, P, I, Out<Z>>>(kQuery, sp("s d c z", "gtsvInterleavedBatch_bufferSizeExt"), kInterleaved);
  r.add<Sig<P, I, I, P, P, P, P, I, P>>(kRun, sp("s d c z", "gtsvInterleavedBatch"),
                                        kInterleaved + std::array{"pBuffer"});
  constexpr A10 kPenta{"handle", "algo", "m", "ds", "dl", "d", "du", "dw", "x", "batchCount"};
  r.add<Sig<P, I, I, P, P, P, P, P, P, I, Out<Z>>>(kQuery, sp("s d c z", "gpsvInterleavedBatch_bufferSizeExt"), kPenta);
  r.add<Sig<P, I, I, P, P, P, P, P, P, I, P>>(kRun, sp("s d c z", "gpsvInterleavedBatch"),
                                              kPenta + std::array{"pBuffer"});
}

}  // namespace

void init_cuda_cusparse_legacy(nb::module_& m, PyObject** error) {
  const Rows r{m, error};
  conversions(r);
  preconditioners(r);
  tridiagonal(r);
}

}  // namespace cupric::py
