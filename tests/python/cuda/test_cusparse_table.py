"""cupric.cuda.cusparse's row-made functions (issue 20; one mechanism with cuBLAS's and
cuSOLVER's, issue 15): CuPy 14.2's names and signatures, the rows' C entries, argument errors, and
the error every call raises in a build without CUDA. The GPU runs of each family are
test_cusparse_raw_legacy.py / _generic.py."""
import inspect
import re

import pytest

import cupric
from cupric._core._runtime import cusparse as _csp
from cupric.cuda import cusparse

# CuPy 14.2's s/d/c/z families of cupy_backends.cuda.libs.cusparse that cupric had lacked.
TYPED = ("bsric02", "bsric02_analysis", "bsric02_bufferSize", "bsrilu02", "bsrilu02_analysis", "bsrilu02_bufferSize",
         "bsrilu02_numericBoost", "csr2csr_compress", "csrgeam2", "csrgeam2_bufferSizeExt", "csric02",
         "csric02_analysis", "csric02_bufferSize", "csrilu02", "csrilu02_analysis", "csrilu02_bufferSize",
         "csrilu02_numericBoost", "gpsvInterleavedBatch", "gpsvInterleavedBatch_bufferSizeExt", "gtsv2",
         "gtsv2StridedBatch", "gtsv2StridedBatch_bufferSizeExt", "gtsv2_bufferSizeExt", "gtsv2_nopivot",
         "gtsv2_nopivot_bufferSizeExt", "gtsvInterleavedBatch", "gtsvInterleavedBatch_bufferSizeExt", "nnz",
         "nnz_compress")
PLAIN = ("get_build_version", "cooGet", "createBsric02Info", "createBsrilu02Info", "createCsric02Info", "createCsrilu02Info",
         "createIdentityPermutation", "createSpVec", "csr2cscEx2", "csr2cscEx2_bufferSize", "csrGet", "csrSetPointers",
         "denseToSparse_analysis", "denseToSparse_bufferSize", "denseToSparse_convert", "destroyBsric02Info",
         "destroyBsrilu02Info", "destroyCsric02Info", "destroyCsrilu02Info", "destroySpVec", "dnMatGet",
         "dnMatGetStridedBatch", "dnMatGetValues", "dnMatSetStridedBatch", "dnMatSetValues", "dnVecGet",
         "dnVecGetValues", "dnVecSetValues", "gather", "sparseToDense", "sparseToDense_bufferSize", "spGEAM",
         "spGEAM_bufferSize", "spGEAM_createDescr", "spGEAM_destroyDescr", "spGEAM_nnz", "spGEMM_compute",
         "spGEMM_copy", "spGEMM_createDescr", "spGEMM_destroyDescr", "spGEMM_workEstimation", "spMatGetStridedBatch",
         "spMatGetValues", "spMatSetAttribute", "spMatSetValues", "spSM_analysis", "spSM_bufferSize",
         "spSM_createDescr", "spSM_destroyDescr", "spSM_solve", "spVV", "spVV_bufferSize", "spVecGet",
         "spVecGetIndexBase", "spVecGetValues", "spVecSetValues", "xbsric02_zeroPivot", "xbsrilu02_zeroPivot",
         "xcoo2csr", "xcoosortByColumn", "xcoosortByRow", "xcoosort_bufferSizeExt", "xcscsort",
         "xcscsort_bufferSizeExt", "xcsr2coo", "xcsrgeam2Nnz", "xcsric02_zeroPivot", "xcsrilu02_zeroPivot", "xcsrsort",
         "xcsrsort_bufferSizeExt")
CONSTANTS = {"CUSPARSE_CSR2CSC_ALG1": 1, "CUSPARSE_CSR2CSC_ALG2": 2, "CUSPARSE_DENSETOSPARSE_ALG_DEFAULT": 0,
             "CUSPARSE_DIRECTION_COLUMN": 1, "CUSPARSE_DIRECTION_ROW": 0, "CUSPARSE_SOLVE_POLICY_NO_LEVEL": 0,
             "CUSPARSE_SOLVE_POLICY_USE_LEVEL": 1, "CUSPARSE_SPARSETODENSE_ALG_DEFAULT": 0, "CUSPARSE_SPGEAM_ALG1": 1,
             "CUSPARSE_SPGEAM_ALG_DEFAULT": 0, "CUSPARSE_SPGEMM_ALG1": 3, "CUSPARSE_SPGEMM_ALG2": 4,
             "CUSPARSE_SPGEMM_ALG3": 5, "CUSPARSE_SPGEMM_CSR_ALG_DETERMINITIC": 1,
             "CUSPARSE_SPGEMM_CSR_ALG_NONDETERMINITIC": 2, "CUSPARSE_SPGEMM_DEFAULT": 0, "CUSPARSE_SPMAT_DIAG_TYPE": 1,
             "CUSPARSE_SPMAT_FILL_MODE": 0, "CUSPARSE_SPSM_ALG_DEFAULT": 0}


def _params(f):
    """The parameter names of a row (a nanobind function) or of a Python function."""
    if hasattr(f, "__nb_signature__"):
        return tuple(re.findall(r"(\w+):", f.__nb_signature__[0][0].split("(", 1)[1]))
    return tuple(inspect.signature(f).parameters)


def test_cupy_names_and_constants_exist():
    for name in TYPED:
        for t in "sdcz":
            assert callable(getattr(cusparse, t + name)), t + name
    for name in PLAIN:
        assert callable(getattr(cusparse, name)), name
    for name, value in CONSTANTS.items():
        assert getattr(cusparse, name) == value, name
    for cls in ("SpVecAttributes", "CooAttributes", "CooAoSAttributes", "CsrAttributes", "DnVecAttributes",
                "DnMatAttributes", "DnMatBatchAttributes"):
        assert isinstance(getattr(cusparse, cls), type)


def test_signatures_are_cupys():
    # CuPy 14.2's cpdef parameter names, a few of each family.
    assert _params(cusparse.zcsrilu02) == ("handle", "m", "nnz", "descrA", "csrSortedValA_valM", "csrSortedRowPtrA",
                                           "csrSortedColIndA", "info", "policy", "pBuffer")
    assert _params(cusparse.sbsric02_analysis)[-3:] == ("info", "policy", "pInputBuffer")
    assert _params(cusparse.dgtsv2_bufferSizeExt) == ("handle", "m", "n", "dl", "d", "du", "B", "ldb")
    assert _params(cusparse.cgpsvInterleavedBatch) == ("handle", "algo", "m", "ds", "dl", "d", "du", "dw", "x",
                                                       "batchCount", "pBuffer")
    assert _params(cusparse.dnnz_compress) == ("handle", "m", "descr", "values", "rowPtr", "nnzPerRow", "tol")
    assert _params(cusparse.xcoo2csr) == ("handle", "cooRowInd", "nnz", "m", "csrRowPtr", "idxBase")
    assert _params(cusparse.spGEMM_compute)[-3:] == ("spgemmDescr", "bufferSize", "externalBuffer2")
    assert _params(cusparse.createSpVec) == ("size", "nnz", "indices", "values", "idxType", "idxBase", "valueType")
    assert _params(cusparse.spSM_solve)[-2:] == ("spsmDescr", "externalBuffer")
    assert inspect.signature(cusparse.spSM_solve).parameters["externalBuffer"].default == 0
    assert _params(cusparse.spMatSetAttribute) == ("spMatDescr", "attribute", "data")
    assert _params(cusparse.spMatGetSize)[:4] == ("desc", "rows", "cols", "nnz")
    assert _params(cusparse.createCsr)[4] == "csrColind"  # (sic: CuPy's spelling)
    assert cusparse.scsrilu02.__name__ == "scsrilu02" and "cusparseScsrilu02" in cusparse.scsrilu02.__doc__


def test_rows_name_their_c_entries():
    """Every row calls cusparse<Name> of its CuPy name (capitalised: scsrilu02 -> cusparseScsrilu02,
    xcsrsort -> cusparseXcsrsort), and every CuPy function is a row or one of the few Python
    wrappers over a private row."""
    entries = dict(_csp._entries())
    assert len(entries) == len(_csp._entries())  # no name twice
    for py, c in entries.items():
        name = py.lstrip("_").replace("GetSizeTo", "GetSize")
        assert c == "cusparse" + name[0].upper() + name[1:], py
    wrappers = {"spVecGet", "cooGet", "csrGet", "dnVecGet", "dnMatGet", "dnMatGetStridedBatch", "spSM_solve",
                "spMatSetAttribute", "spMatGetSize", "get_build_version"}
    for name in wrappers:
        assert not hasattr(getattr(cusparse, name), "__nb_signature__"), name
    for name in PLAIN + tuple(t + n for n in TYPED for t in "sdcz"):
        assert name in entries or name in wrappers, name
        assert getattr(cusparse, name) is (getattr(_csp, name) if name in entries else getattr(cusparse, name))


def test_argument_errors():
    with pytest.raises(TypeError, match="incompatible function arguments"):
        cusparse.dgtsv2(0, 3, 1)
    with pytest.raises(TypeError):
        cusparse.dgtsv2(0, 3, 1, 0, 0, 0, 0, 3, 0, 99)
    with pytest.raises(TypeError):
        cusparse.dgtsv2(0, 3, 1, 0, 0, 0, 0, 3, pBuffer=0, handle=0)  # handle twice
    with pytest.raises(TypeError):
        cusparse.createSpVec(3, 3, 1.5, 0, 2, 0, 1)  # a float where a pointer goes
    with pytest.raises(TypeError):
        cusparse.snnz_compress(0, 3, 0, 0, 0, 0, "0.5")  # tol is a number
    with pytest.raises(TypeError):
        cusparse.spMatSetAttribute(1, 0, 0.5)  # the attribute's value is an enum


def test_attribute_records():
    a = cusparse.CsrAttributes(3, 4, 5, 16, 32, 48, 2, 2, 0, 1)
    assert (a.rows, a.cols, a.nnz, a.rowOffsets, a.colIdx, a.values, a.rowOffsetType, a.colIdxType, a.idxBase,
            a.valueType) == (3, 4, 5, 16, 32, 48, 2, 2, 0, 1)
    assert repr(cusparse.DnMatBatchAttributes(2, 9)) == "DnMatBatchAttributes(count=2, stride=9)"
    with pytest.raises(TypeError, match="takes 3 arguments"):
        cusparse.DnVecAttributes(1, 2)


@pytest.mark.skipif(cupric._core.is_cuda_built(), reason="checks a build without the CUDA backend")
def test_calls_raise_without_cuda():
    calls = [lambda: cusparse.dgtsv2(0, 3, 1, 0, 0, 0, 0, 3, 0), cusparse.createCsrilu02Info,
             lambda: cusparse.xcsrsort_bufferSizeExt(0, 2, 2, 1, 0, 0), lambda: cusparse.createSpVec(3, 1, 0, 0, 2, 0, 1),
             lambda: cusparse.csrGet(1), lambda: cusparse.spMatSetAttribute(1, 0, 0), cusparse.spGEMM_createDescr,
             lambda: cusparse.spSM_solve(0, 0, 0, 0, 0, 0, 0, 1, 0, 0), lambda: cusparse.spMatGetSize(1, 8, 16, 24),
             cusparse.get_build_version]
    for call in calls:
        with pytest.raises(RuntimeError, match="without CUDA"):
            call()


@pytest.mark.gpu
def test_raw_calls_bind_the_stream_without_cupric_handles():
    # A user's handle is bound to the current stream by itself; cupric's own handle goes through
    # cupric's cache (Note [Binding cupric's own handles] in bindings/library_entry.hpp), so
    # cupric's next use of it binds it back to the current stream.
    n = 8
    d, e = cupric.full(n, 4.0), cupric.full(n, -1.0)
    for handle, own in ((cusparse.create(), False), (cupric.cuda.device.get_cusparse_handle(), True)):
        try:
            s = cupric.cuda.Stream()
            with s:
                size = cusparse.dgtsv2_bufferSizeExt(handle, n, 1, e.data.ptr, d.data.ptr, e.data.ptr,
                                                     d.data.ptr, n)
                assert size >= 0
                assert cusparse.getStream(handle) == s.ptr
            s.synchronize()
            if own:
                assert cupric.cuda.device.get_cusparse_handle() == handle
                assert cusparse.getStream(handle) == cupric.cuda.get_current_stream().ptr
        finally:
            if not own:
                cusparse.destroy(handle)
