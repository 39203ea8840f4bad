// cupric._core._runtime.cusparse: every function of cupric.cuda.cusparse (CuPy's
// cupy_backends.cuda.libs.cusparse), one row per routine family (Note [Library entry rows] in
// library_entry.hpp): here the handle, the legacy matrix descriptor and the generic API
// (SpVec/SpMat/DnVec/DnMat descriptors, SpMV, SpMM, SpSM, SpVV, SpGEMM, SpGEAM, conversions);
// the legacy s/d/c/z families are cuda_cusparse_legacy.cpp. Handles, descriptors and arrays are
// integers; outputs are returned; a failed status raises cupric.cuda.cusparse.CuSparseError.
#include "library_entry.hpp"

namespace cupric::py {

namespace {

using namespace entry;
using namespace entry::c_types;

PyObject* g_error = nullptr;  // CuSparseError

std::vector<Name> plain(const char* py) { return prefixed("cusparse", py); }

constexpr Kind kNone{nullptr, true};      // handle-free calls, getters, setters
constexpr Kind kQuery{&kCusparse, true};  // *_bufferSize: bound to the current stream, GIL kept
constexpr Kind kRun{&kCusparse, false};   // the routines themselves

template <class S>
void rows(nb::module_& m, Kind kind, const std::vector<Name>& names, const std::array<const char*, S::n_py>& args) {
  def_entries<S>(m, CudaLibrary::Cusparse, &g_error, kind, names, args);
}

void handles(nb::module_& m) {
  rows<Sig<Out<P>>>(m, kNone, plain("create"), {});
  rows<Sig<P>>(m, kNone, plain("destroy"), {"handle"});
  rows<Sig<P, Out<I>>>(m, kNone, plain("getVersion"), {"handle"});
  rows<Sig<I, Out<I>>>(m, kNone, plain("getProperty"), {"type"});
  rows<Sig<P, P>>(m, kNone, plain("setStream"), {"handle", "stream"});
  rows<Sig<P, Out<P>>>(m, kNone, plain("getStream"), {"handle"});
  rows<Sig<P, I>>(m, kNone, plain("setPointerMode"), {"handle", "mode"});
  rows<Sig<P, Out<I>>>(m, kNone, plain("getPointerMode"), {"handle"});
  // The legacy matrix descriptor (cusparseMatDescr_t); its getters return the enum itself.
  rows<Sig<Out<P>>>(m, kNone, plain("createMatDescr"), {});
  rows<Sig<P>>(m, kNone, plain("destroyMatDescr"), {"descr"});
  rows<Sig<P, I>>(m, kNone, plain("setMatType"), {"descr", "type"});
  rows<Sig<P, I>>(m, kNone, plain("setMatIndexBase"), {"descr", "base"});
  rows<Sig<P, I>>(m, kNone, plain("setMatFillMode"), {"descr", "fillMode"});
  rows<Sig<P, I>>(m, kNone, plain("setMatDiagType"), {"descr", "diagType"});
  rows<EnumSig<P>>(m, kNone, join({plain("getMatType"), plain("getMatIndexBase")}), {"descr"});
  // The preconditioners' info objects and the generic API's operation descriptors.
  rows<Sig<Out<P>>>(m, kNone,
                    join({plain("createCsrilu02Info"), plain("createBsrilu02Info"), plain("createCsric02Info"),
                          plain("createBsric02Info")}),
                    {});
  rows<Sig<P>>(m, kNone,
               join({plain("destroyCsrilu02Info"), plain("destroyBsrilu02Info"), plain("destroyCsric02Info"),
                     plain("destroyBsric02Info")}),
               {"info"});
  rows<Sig<Out<P>>>(m, kNone,
                    join({plain("spSM_createDescr"), plain("spGEMM_createDescr"), plain("spGEAM_createDescr")}), {});
  rows<Sig<P>>(m, kNone, join({plain("spSM_destroyDescr"), plain("spGEMM_destroyDescr"), plain("spGEAM_destroyDescr")}),
               {"descr"});
}

void descriptors(nb::module_& m) {
  rows<Sig<Out<P>, L, L, L, P, P, P, I, I, I, I>>(m, kNone, plain("createCsr"),
                                                  {"rows", "cols", "nnz", "csrRowOffsets", "csrColind", "csrValues",
                                                   "csrRowOffsetsType", "csrColIndType", "idxBase", "valueType"});
  rows<Sig<Out<P>, L, L, L, P, P, P, I, I, I, I>>(m, kNone, plain("createCsc"),
                                                  {"rows", "cols", "nnz", "cscColOffsets", "cscRowInd", "cscValues",
                                                   "cscColOffsetsType", "cscRowIndType", "idxBase", "valueType"});
  rows<Sig<Out<P>, L, L, L, P, P, P, I, I, I>>(
      m, kNone, plain("createCoo"),
      {"rows", "cols", "nnz", "cooRowInd", "cooColInd", "cooValues", "cooIdxType", "idxBase", "valueType"});
  rows<Sig<Out<P>, L, L, P, P, I, I, I>>(m, kNone, plain("createSpVec"),
                                         {"size", "nnz", "indices", "values", "idxType", "idxBase", "valueType"});
  rows<Sig<Out<P>, L, P, I>>(m, kNone, plain("createDnVec"), {"size", "values", "valueType"});
  rows<Sig<Out<P>, L, L, L, P, I, I>>(m, kNone, plain("createDnMat"),
                                      {"rows", "cols", "ld", "values", "valueType", "order"});
  rows<Sig<P>>(m, kNone, join({plain("destroySpMat"), plain("destroyDnVec"), plain("destroyDnMat")}), {"descr"});
  rows<Sig<P>>(m, kNone, plain("destroySpVec"), {"desc"});
  // Getters of one value, setters of the values' pointer.
  rows<Sig<P, Out<I>>>(m, kNone, join({plain("spMatGetFormat"), plain("spMatGetIndexBase")}), {"descr"});
  rows<Sig<P, Out<I>>>(m, kNone, join({plain("spVecGetIndexBase"), plain("spMatGetStridedBatch")}), {"desc"});
  rows<Sig<P, Out<P>>>(
      m, kNone,
      join({plain("spVecGetValues"), plain("spMatGetValues"), plain("dnVecGetValues"), plain("dnMatGetValues")}),
      {"desc"});
  rows<Sig<P, P>>(
      m, kNone,
      join({plain("spVecSetValues"), plain("spMatSetValues"), plain("dnVecSetValues"), plain("dnMatSetValues")}),
      {"desc", "values"});
  rows<Sig<P, P, P, P>>(m, kNone, plain("csrSetPointers"), {"desc", "csrRowOffsets", "csrColInd", "csrValues"});
  rows<Sig<P, I, L>>(m, kNone, plain("dnMatSetStridedBatch"), {"desc", "batchCount", "batchStride"});
  // What cupric.cuda.cusparse wraps (its attribute records, spMatGetSize's two forms,
  // spMatSetAttribute's value): every output as a tuple.
  rows<Sig<P, Out<L>, Out<L>, Out<P>, Out<P>, Out<I>, Out<I>, Out<I>>>(m, kNone, one("_spVecGet", "cusparseSpVecGet"),
                                                                       {"desc"});
  rows<Sig<P, Out<L>, Out<L>, Out<L>, Out<P>, Out<P>, Out<P>, Out<I>, Out<I>, Out<I>>>(
      m, kNone, one("_cooGet", "cusparseCooGet"), {"desc"});
  rows<Sig<P, Out<L>, Out<L>, Out<L>, Out<P>, Out<P>, Out<P>, Out<I>, Out<I>, Out<I>, Out<I>>>(
      m, kNone, one("_csrGet", "cusparseCsrGet"), {"desc"});
  rows<Sig<P, Out<L>, Out<P>, Out<I>>>(m, kNone, one("_dnVecGet", "cusparseDnVecGet"), {"desc"});
  rows<Sig<P, Out<L>, Out<L>, Out<L>, Out<P>, Out<I>, Out<I>>>(m, kNone, one("_dnMatGet", "cusparseDnMatGet"),
                                                               {"desc"});
  rows<Sig<P, Out<I>, Out<L>>>(m, kNone, one("_dnMatGetStridedBatch", "cusparseDnMatGetStridedBatch"), {"desc"});
  rows<Sig<P, Out<L>, Out<L>, Out<L>>>(m, kNone, one("_spMatGetSize", "cusparseSpMatGetSize"), {"desc"});
  rows<Sig<P, P, P, P>>(m, kNone, one("_spMatGetSizeTo", "cusparseSpMatGetSize"), {"desc", "rows", "cols", "nnz"});
  rows<Sig<P, I, P, Z>>(m, kNone, one("_spMatSetAttribute", "cusparseSpMatSetAttribute"),
                        {"spMatDescr", "attribute", "data", "dataSize"});
}

void operations(nb::module_& m) {
  rows<Sig<P, I, P, P, P, P, P, I, I, Out<Z>>>(
      m, kQuery, plain("spMV_bufferSize"),
      {"handle", "opA", "alpha", "matA", "vecX", "beta", "vecY", "computeType", "alg"});
  rows<Sig<P, I, P, P, P, P, P, I, I, P>>(
      m, kRun, plain("spMV"),
      {"handle", "opA", "alpha", "matA", "vecX", "beta", "vecY", "computeType", "alg", "externalBuffer"});
  rows<Sig<P, I, I, P, P, P, P, P, I, I, Out<Z>>>(
      m, kQuery, plain("spMM_bufferSize"),
      {"handle", "opA", "opB", "alpha", "matA", "matB", "beta", "matC", "computeType", "alg"});
  rows<Sig<P, I, I, P, P, P, P, P, I, I, P>>(
      m, kRun, plain("spMM"),
      {"handle", "opA", "opB", "alpha", "matA", "matB", "beta", "matC", "computeType", "alg", "externalBuffer"});
  rows<Sig<P, I, P, P, P, I, Out<Z>>>(m, kQuery, plain("spVV_bufferSize"),
                                      {"handle", "opX", "vecX", "vecY", "result", "computeType"});
  rows<Sig<P, I, P, P, P, I, P>>(m, kRun, plain("spVV"),
                                 {"handle", "opX", "vecX", "vecY", "result", "computeType", "externalBuffer"});
  rows<Sig<P, P, P>>(m, kRun, plain("gather"), {"handle", "vecY", "vecX"});
  // SpSM: handle, opA, opB, alpha, A, B, C, computeType, alg, descr (solve's externalBuffer is
  // HIP's: cupric.cuda.cusparse.spSM_solve takes and drops it, as CuPy does).
  using SpSM = std::array<const char*, 10>;
  constexpr SpSM kSpSM{"handle", "opA", "opB", "alpha", "matA", "matB", "matC", "computeType", "alg", "spsmDescr"};
  rows<Sig<P, I, I, P, P, P, P, I, I, P, Out<Z>>>(m, kQuery, plain("spSM_bufferSize"), kSpSM);
  rows<Sig<P, I, I, P, P, P, P, I, I, P, P>>(
      m, kRun, plain("spSM_analysis"),
      {"handle", "opA", "opB", "alpha", "matA", "matB", "matC", "computeType", "alg", "spsmDescr", "externalBuffer"});
  rows<Sig<P, I, I, P, P, P, P, I, I, P>>(m, kRun, one("_spSM_solve", "cusparseSpSM_solve"), kSpSM);
  // SpGEMM: the work estimate and the product take the buffer's size and return the one needed.
  rows<Sig<P, I, I, P, P, P, P, P, I, I, P, InOut<Z>, P>>(
      m, kRun, plain("spGEMM_workEstimation"),
      {"handle", "opA", "opB", "alpha", "matA", "matB", "beta", "matC", "computeType", "alg", "spgemmDescr",
       "bufferSize", "externalBuffer1"});
  rows<Sig<P, I, I, P, P, P, P, P, I, I, P, InOut<Z>, P>>(
      m, kRun, plain("spGEMM_compute"),
      {"handle", "opA", "opB", "alpha", "matA", "matB", "beta", "matC", "computeType", "alg", "spgemmDescr",
       "bufferSize", "externalBuffer2"});
  rows<Sig<P, I, I, P, P, P, P, P, I, I, P>>(
      m, kRun, plain("spGEMM_copy"),
      {"handle", "opA", "opB", "alpha", "matA", "matB", "beta", "matC", "computeType", "alg", "spgemmDescr"});
  rows<Sig<P, I, I, P, P, P, P, P, I, I, P, Out<Z>>>(
      m, kQuery, plain("spGEAM_bufferSize"),
      {"handle", "opA", "opB", "alpha", "matA", "beta", "matB", "matC", "computeType", "alg", "spgeamDescr"});
  rows<Sig<P, I, I, P, P, P, P, P, I, I, P, P>>(m, kRun, join({plain("spGEAM_nnz"), plain("spGEAM")}),
                                                {"handle", "opA", "opB", "alpha", "matA", "beta", "matB", "matC",
                                                 "computeType", "alg", "spgeamDescr", "externalBuffer"});
  // Conversions between sparse and dense.
  rows<Sig<P, P, P, I, Out<Z>>>(m, kQuery, join({plain("sparseToDense_bufferSize"), plain("denseToSparse_bufferSize")}),
                                {"handle", "matA", "matB", "alg"});
  rows<Sig<P, P, P, I, P>>(
      m, kRun, join({plain("sparseToDense"), plain("denseToSparse_analysis"), plain("denseToSparse_convert")}),
      {"handle", "matA", "matB", "alg", "buffer"});
}

}  // namespace

void init_cuda_cusparse_legacy(nb::module_& m, PyObject** error);  // bindings/cuda_cusparse_legacy.cpp

void init_cuda_cusparse(nb::module_& parent) {
  nb::module_ m = parent.def_submodule("cusparse", "cupric.cuda.cusparse's functions (CuPy's names and arguments)");
  def_module_helpers(m, CudaLibrary::Cusparse, &g_error);
  handles(m);
  descriptors(m);
  operations(m);
  init_cuda_cusparse_legacy(m, &g_error);
}

}  // namespace cupric::py
