"""The table of cupric.cuda.cusparse's functions that are one cuSPARSE call each: CuPy's names and
parameter names, from which ``functions()`` makes the module's functions (the s/d/c/z families
from one row each). The C signatures are bindings/cuda_cusparse_calls.cpp's table (Note
[cuSPARSE signature table] there); the two tables agree on every row's count of inputs (tested).
"""
import inspect

from cupric._core._runtime import cusparse as _csp

# (name without the type letter, parameters): scsrilu02 ... zcsrilu02 call cusparse[SDCZ]csrilu02.
_GEAM2 = ("handle, m, n, alpha, descrA, nnzA, csrValA, csrRowPtrA, csrColIndA, beta, descrB, nnzB, csrValB, "
          "csrRowPtrB, csrColIndB, descrC, csrValC, csrRowPtrC, csrColIndC")
_ILU = "handle, m, nnz, descrA, {val}, csrSortedRowPtrA, csrSortedColIndA, info"
_BSR = "handle, dirA, mb, nnzb, descrA, bsrSortedVal, bsrSortedRowPtr, bsrSortedColInd, blockDim, info"
_GTSV = "handle, m, n, dl, d, du, B, ldb"
_STRIDED = "handle, m, dl, d, du, x, batchCount, batchStride"
_INTERLEAVED = "handle, algo, m, dl, d, du, x, batchCount"
_PENTA = "handle, algo, m, ds, dl, d, du, dw, x, batchCount"
TYPED = (
    ("csrgeam2_bufferSizeExt", _GEAM2),
    ("csrgeam2", _GEAM2 + ", buffer"),
    ("nnz", "handle, dirA, m, n, descrA, A, lda, nnzPerRowColumn, nnzTotalDevHostPtr"),
    ("nnz_compress", "handle, m, descr, values, rowPtr, nnzPerRow, tol"),
    ("csr2csr_compress", "handle, m, n, descrA, inVal, inColInd, inRowPtr, inNnz, nnzPerRow, outVal, outColInd, "
                         "outRowPtr, tol"),
    ("csrilu02_numericBoost", "handle, info, enable_boost, tol, boost_val"),
    ("bsrilu02_numericBoost", "handle, info, enable_boost, tol, boost_val"),
    ("csrilu02_bufferSize", _ILU.format(val="csrSortedValA")),
    ("csrilu02_analysis", _ILU.format(val="csrSortedValA") + ", policy, pBuffer"),
    ("csrilu02", _ILU.format(val="csrSortedValA_valM") + ", policy, pBuffer"),
    ("csric02_bufferSize", _ILU.format(val="csrSortedValA")),
    ("csric02_analysis", _ILU.format(val="csrSortedValA") + ", policy, pBuffer"),
    ("csric02", _ILU.format(val="csrSortedValA_valM") + ", policy, pBuffer"),
    ("bsrilu02_bufferSize", _BSR),
    ("bsrilu02_analysis", _BSR + ", policy, pBuffer"),
    ("bsrilu02", _BSR + ", policy, pBuffer"),
    ("bsric02_bufferSize", _BSR),
    ("bsric02_analysis", _BSR + ", policy, pInputBuffer"),
    ("bsric02", _BSR + ", policy, pBuffer"),
    ("gtsv2_bufferSizeExt", _GTSV),
    ("gtsv2", _GTSV + ", pBuffer"),
    ("gtsv2_nopivot_bufferSizeExt", _GTSV),
    ("gtsv2_nopivot", _GTSV + ", pBuffer"),
    ("gtsv2StridedBatch_bufferSizeExt", _STRIDED),
    ("gtsv2StridedBatch", _STRIDED + ", pBuffer"),
    ("gtsvInterleavedBatch_bufferSizeExt", _INTERLEAVED),
    ("gtsvInterleavedBatch", _INTERLEAVED + ", pBuffer"),
    ("gpsvInterleavedBatch_bufferSizeExt", _PENTA),
    ("gpsvInterleavedBatch", _PENTA + ", pBuffer"),
)

# (name, parameters): `name` calls cusparse<Name> (xcsrsort -> cusparseXcsrsort).
_SORT = "handle, m, n, nnz"
_CSR2CSC = ("handle, m, n, nnz, csrVal, csrRowPtr, csrColInd, cscVal, cscColPtr, cscRowInd, valType, copyValues, "
            "idxBase, alg")
_SPSM = "handle, opA, opB, alpha, matA, matB, matC, computeType, alg, spsmDescr"
_SPGEMM = "handle, opA, opB, alpha, matA, matB, beta, matC, computeType, alg, spgemmDescr"
_SPGEAM = "handle, opA, opB, alpha, matA, beta, matB, matC, computeType, alg, spgeamDescr"
PLAIN = (
    ("xcsrgeam2Nnz", "handle, m, n, descrA, nnzA, csrRowPtrA, csrColIndA, descrB, nnzB, csrRowPtrB, csrColIndB, "
                     "descrC, csrRowPtrC, nnzTotalDevHostPtr, workspace"),
    ("createIdentityPermutation", "handle, n, p"),
    ("xcoosort_bufferSizeExt", _SORT + ", cooRows, cooCols"),
    ("xcoosortByRow", _SORT + ", cooRows, cooCols, P, pBuffer"),
    ("xcoosortByColumn", _SORT + ", cooRows, cooCols, P, pBuffer"),
    ("xcsrsort_bufferSizeExt", _SORT + ", csrRowPtr, csrColInd"),
    ("xcsrsort", _SORT + ", descrA, csrRowPtr, csrColInd, P, pBuffer"),
    ("xcscsort_bufferSizeExt", _SORT + ", cscColPtr, cscRowInd"),
    ("xcscsort", _SORT + ", descrA, cscColPtr, cscRowInd, P, pBuffer"),
    ("xcoo2csr", "handle, cooRowInd, nnz, m, csrRowPtr, idxBase"),
    ("xcsr2coo", "handle, csrRowPtr, nnz, m, cooRowInd, idxBase"),
    ("csr2cscEx2_bufferSize", _CSR2CSC),
    ("csr2cscEx2", _CSR2CSC + ", buffer"),
    ("createCsrilu02Info", ""), ("destroyCsrilu02Info", "info"),
    ("createBsrilu02Info", ""), ("destroyBsrilu02Info", "info"),
    ("createCsric02Info", ""), ("destroyCsric02Info", "info"),
    ("createBsric02Info", ""), ("destroyBsric02Info", "info"),
    ("xcsrilu02_zeroPivot", "handle, info, position"),
    ("xbsrilu02_zeroPivot", "handle, info, position"),
    ("xcsric02_zeroPivot", "handle, info, position"),
    ("xbsric02_zeroPivot", "handle, info, position"),
    ("createSpVec", "size, nnz, indices, values, idxType, idxBase, valueType"),
    ("destroySpVec", "desc"),
    ("spVecGetIndexBase", "desc"),
    ("spVecGetValues", "desc"),
    ("spVecSetValues", "desc, values"),
    ("csrSetPointers", "desc, csrRowOffsets, csrColInd, csrValues"),
    ("spMatGetValues", "desc"),
    ("spMatSetValues", "desc, values"),
    ("spMatGetStridedBatch", "desc"),
    ("dnVecGetValues", "desc"),
    ("dnVecSetValues", "desc, values"),
    ("dnMatGetValues", "desc"),
    ("dnMatSetValues", "desc, values"),
    ("dnMatSetStridedBatch", "desc, batchCount, batchStride"),
    ("spVV_bufferSize", "handle, opX, vecX, vecY, result, computeType"),
    ("spVV", "handle, opX, vecX, vecY, result, computeType, externalBuffer"),
    ("gather", "handle, vecY, vecX"),
    ("spSM_createDescr", ""), ("spSM_destroyDescr", "descr"),
    ("spSM_bufferSize", _SPSM),
    ("spSM_analysis", _SPSM + ", externalBuffer"),
    ("spGEMM_createDescr", ""), ("spGEMM_destroyDescr", "descr"),
    ("spGEMM_workEstimation", _SPGEMM + ", bufferSize, externalBuffer1"),
    ("spGEMM_compute", _SPGEMM + ", bufferSize, externalBuffer2"),
    ("spGEMM_copy", _SPGEMM),
    ("spGEAM_createDescr", ""), ("spGEAM_destroyDescr", "descr"),
    ("spGEAM_bufferSize", _SPGEAM),
    ("spGEAM_nnz", _SPGEAM + ", externalBuffer"),
    ("spGEAM", _SPGEAM + ", externalBuffer"),
    ("sparseToDense_bufferSize", "handle, matA, matB, alg"),
    ("sparseToDense", "handle, matA, matB, alg, buffer"),
    ("denseToSparse_bufferSize", "handle, matA, matB, alg"),
    ("denseToSparse_analysis", "handle, matA, matB, alg, buffer"),
    ("denseToSparse_convert", "handle, matA, matB, alg, buffer"),
)

# Getters whose outputs CuPy returns as one of its attribute classes: name -> (parameters, class name).
ATTRIBUTE_GETTERS = {
    "spVecGet": "SpVecAttributes", "cooGet": "CooAttributes", "csrGet": "CsrAttributes",
    "dnVecGet": "DnVecAttributes", "dnMatGet": "DnMatAttributes", "dnMatGetStridedBatch": "DnMatBatchAttributes",
}


def symbol(name):
    """The C entry point (or pattern, with '?' for the type letter) of a PLAIN or TYPED name."""
    return "cusparse" + name[0].upper() + name[1:]


def _caller(name, pattern, t, params, check_status, set_stream, wrap=None):
    names = tuple(p for p in params.split(", ") if p)
    sig = inspect.Signature([inspect.Parameter(n, inspect.Parameter.POSITIONAL_OR_KEYWORD) for n in names])
    stream = names[:1] == ("handle",)
    call = _csp.call

    def f(*args, **kwargs):
        if kwargs or len(args) != len(names):
            args = sig.bind(*args, **kwargs).args
        if stream:
            set_stream(args[0])
        r = call(pattern, t, *args)
        check_status(r[0])
        if wrap is not None:
            return wrap(*r[1:])
        return r[1] if len(r) == 2 else (r[1:] if len(r) > 2 else None)

    f.__name__ = f.__qualname__ = name
    f.__signature__ = sig
    f.__doc__ = f"cuSPARSE's {pattern.replace('?', t.upper())} (CuPy's cusparse.{name}); raises CuSparseError."
    return f


def functions(check_status, set_stream, attribute_classes):
    """{name: function} for every row of the tables (TYPED rows as s/d/c/z four functions)."""
    out = {}
    for name, params in TYPED:
        for t in "sdcz":
            out[t + name] = _caller(t + name, symbol("?" + name), t, params, check_status, set_stream)
    for name, params in PLAIN:
        out[name] = _caller(name, symbol(name), "", params, check_status, set_stream)
    for name, cls in ATTRIBUTE_GETTERS.items():
        out[name] = _caller(name, symbol(name), "", "desc", check_status, set_stream, attribute_classes[cls])
    return out
