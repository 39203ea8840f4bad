"""cupric.cuda.cusparse: cuSPARSE on raw pointers, as CuPy's cupy.cuda.cusparse
(cupy_backends.cuda.libs.cusparse) gives it: handles, descriptors and device arrays are integers
(``a.data.ptr``); alpha, beta, tol/boost pointers and nnzTotalDevHostPtr are pointers too, to host
memory under CUSPARSE_POINTER_MODE_HOST (the default; e.g. a NumPy array's ``ctypes.data``). Value
types are ``cupric.cuda.runtime.CUDA_R_32F`` & co. A failed call raises CuSparseError (with the
status; CUSPARSE_STATUS_ZERO_PIVOT included). Calls that take a handle first bind it to the
current stream, as CuPy's do.

The generic API (SpMat/SpVec/DnMat/DnVec descriptors and their getters/setters, spMV, spMM, spSM,
spVV, spGEMM, spGEAM, gather, sparseToDense/denseToSparse, csr2cscEx2) and the legacy routines
CuPy keeps (csrgeam2, nnz/nnz_compress/csr2csr_compress, the sorts and index conversions,
csrilu02/csric02/bsrilu02/bsric02 with their Info objects and zeroPivot, gtsv2/gtsv2_nopivot/
gtsv2StridedBatch/gtsvInterleavedBatch/gpsvInterleavedBatch as s/d/c/z families) come from one
table (cupric/cuda/_cusparse_table.py). The calls go to the libcusparse cupric loads for
cupricx.scipy.sparse (at the first call); they need a GPU (docs/cuda.md: CUDARuntimeError in a
build without CUDA; in a CUDA build on a machine without a GPU, the library's own error). An
entry the loaded libcusparse lacks (spGEAM before cuSPARSE of CUDA 13.3) raises RuntimeError
naming it.

For arrays, cupricx.scipy.sparse's matrices call cuSPARSE already;
``cupric.cuda.device.get_cusparse_handle()`` is the handle they use.
"""
import operator as _operator

from cupric._core._runtime import cusparse as _csp
from cupric.cuda import _cusparse_table
from cupric.cuda._library_status import LibraryStatusError as _LibraryStatusError
from cupric.cuda._library_status import names as _names
from cupric.cuda._library_status import status_checks as _status_checks

# libraryPropertyType (getProperty)
MAJOR_VERSION = 0
MINOR_VERSION = 1
PATCH_LEVEL = 2
CUSPARSE_POINTER_MODE_HOST = 0
CUSPARSE_POINTER_MODE_DEVICE = 1
CUSPARSE_OPERATION_NON_TRANSPOSE = 0
CUSPARSE_OPERATION_TRANSPOSE = 1
CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE = 2
CUSPARSE_MATRIX_TYPE_GENERAL = 0
CUSPARSE_MATRIX_TYPE_SYMMETRIC = 1
CUSPARSE_MATRIX_TYPE_HERMITIAN = 2
CUSPARSE_MATRIX_TYPE_TRIANGULAR = 3
CUSPARSE_FILL_MODE_LOWER = 0
CUSPARSE_FILL_MODE_UPPER = 1
CUSPARSE_DIAG_TYPE_NON_UNIT = 0
CUSPARSE_DIAG_TYPE_UNIT = 1
CUSPARSE_INDEX_BASE_ZERO = 0
CUSPARSE_INDEX_BASE_ONE = 1
CUSPARSE_ACTION_SYMBOLIC = 0
CUSPARSE_ACTION_NUMERIC = 1
CUSPARSE_DIRECTION_ROW = 0
CUSPARSE_DIRECTION_COLUMN = 1
CUSPARSE_SOLVE_POLICY_NO_LEVEL = 0
CUSPARSE_SOLVE_POLICY_USE_LEVEL = 1
# The generic API's enums
CUSPARSE_INDEX_16U = 1
CUSPARSE_INDEX_32I = 2
CUSPARSE_INDEX_64I = 3
CUSPARSE_ORDER_COL = 1
CUSPARSE_ORDER_ROW = 2
CUSPARSE_FORMAT_CSR = 1
CUSPARSE_FORMAT_CSC = 2
CUSPARSE_FORMAT_COO = 3
CUSPARSE_FORMAT_COO_AOS = 4
CUSPARSE_FORMAT_BLOCKED_ELL = 5
CUSPARSE_FORMAT_BSR = 6
CUSPARSE_FORMAT_SLICED_ELLPACK = 7
CUSPARSE_SPMV_ALG_DEFAULT = 0
CUSPARSE_SPMV_COO_ALG1 = 1
CUSPARSE_SPMV_CSR_ALG1 = 2
CUSPARSE_SPMV_CSR_ALG2 = 3
CUSPARSE_SPMV_COO_ALG2 = 4
CUSPARSE_SPMV_SELL_ALG1 = 5
CUSPARSE_MV_ALG_DEFAULT = 0  # the CUDA 11 names of the same values
CUSPARSE_COOMV_ALG = 1
CUSPARSE_CSRMV_ALG1 = 2
CUSPARSE_CSRMV_ALG2 = 3
CUSPARSE_SPMM_ALG_DEFAULT = 0
CUSPARSE_SPMM_COO_ALG1 = 1
CUSPARSE_SPMM_COO_ALG2 = 2
CUSPARSE_SPMM_COO_ALG3 = 3
CUSPARSE_SPMM_CSR_ALG1 = 4
CUSPARSE_SPMM_COO_ALG4 = 5
CUSPARSE_SPMM_CSR_ALG2 = 6
CUSPARSE_SPMM_CSR_ALG3 = 12
CUSPARSE_SPMM_BLOCKED_ELL_ALG1 = 13
CUSPARSE_MM_ALG_DEFAULT = 0  # the CUDA 11 names of the same values
CUSPARSE_COOMM_ALG1 = 1
CUSPARSE_COOMM_ALG2 = 2
CUSPARSE_COOMM_ALG3 = 3
CUSPARSE_CSRMM_ALG1 = 4
CUSPARSE_SPMAT_FILL_MODE = 0  # cusparseSpMatAttribute_t
CUSPARSE_SPMAT_DIAG_TYPE = 1
CUSPARSE_CSR2CSC_ALG1 = 1  # deterministic
CUSPARSE_CSR2CSC_ALG2 = 2  # CuPy's name of a value CUDA 12 dropped (cuSPARSE answers INVALID_VALUE)
CUSPARSE_SPSM_ALG_DEFAULT = 0
CUSPARSE_SPGEMM_DEFAULT = 0
CUSPARSE_SPGEMM_CSR_ALG_DETERMINITIC = 1  # (sic: cuSPARSE's spelling)
CUSPARSE_SPGEMM_CSR_ALG_NONDETERMINITIC = 2
CUSPARSE_SPGEMM_ALG1 = 3
CUSPARSE_SPGEMM_ALG2 = 4
CUSPARSE_SPGEMM_ALG3 = 5
CUSPARSE_SPGEAM_ALG_DEFAULT = 0
CUSPARSE_SPGEAM_ALG1 = 1
CUSPARSE_SPARSETODENSE_ALG_DEFAULT = 0
CUSPARSE_DENSETOSPARSE_ALG_DEFAULT = 0


class CuSparseError(_LibraryStatusError):
    """A cuSPARSE call failed; ``status`` is the cusparseStatus_t."""

    _NAMES = _names("CUSPARSE_STATUS_SUCCESS", "CUSPARSE_STATUS_NOT_INITIALIZED", "CUSPARSE_STATUS_ALLOC_FAILED",
                   "CUSPARSE_STATUS_INVALID_VALUE", "CUSPARSE_STATUS_ARCH_MISMATCH", "CUSPARSE_STATUS_MAPPING_ERROR",
                   "CUSPARSE_STATUS_EXECUTION_FAILED", "CUSPARSE_STATUS_INTERNAL_ERROR",
                   "CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED", "CUSPARSE_STATUS_ZERO_PIVOT",
                   "CUSPARSE_STATUS_NOT_SUPPORTED", "CUSPARSE_STATUS_INSUFFICIENT_RESOURCES")
    _UNKNOWN = "CUSPARSE_STATUS_UNKNOWN ({})"


check_status, _value = _status_checks(CuSparseError)
_i = _operator.index  # ints, or what stands for one: TypeError for others


_current_stream = None  # cupric.cuda.stream.get_current_stream, imported at the first call


def _set_stream(handle):
    """Binds `handle` to the current stream before a call (CuPy's _setStream)."""
    global _current_stream
    if _current_stream is None:
        from cupric.cuda.stream import get_current_stream as _current_stream
    check_status(_csp.set_stream(_i(handle), _current_stream().ptr))


# ---- the generic API's attribute records (what spVecGet, csrGet, dnMatGet, ... return) ----
class _Attributes:
    __slots__ = ()

    def __init__(self, *values):
        if len(values) != len(self.__slots__):
            raise TypeError(f"{type(self).__name__}() takes {len(self.__slots__)} arguments ({len(values)} given)")
        for name, v in zip(self.__slots__, values):
            setattr(self, name, v)

    def __repr__(self):
        fields = ", ".join(f"{n}={getattr(self, n)!r}" for n in self.__slots__)
        return f"{type(self).__name__}({fields})"


class SpVecAttributes(_Attributes):
    __slots__ = ("size", "nnz", "idx", "values", "idxType", "idxBase", "valueType")


class CooAttributes(_Attributes):
    __slots__ = ("rows", "cols", "nnz", "rowIdx", "colIdx", "values", "idxType", "idxBase", "valueType")


class CooAoSAttributes(_Attributes):
    __slots__ = ("rows", "cols", "nnz", "ind", "values", "idxType", "idxBase", "valueType")


class CsrAttributes(_Attributes):
    __slots__ = ("rows", "cols", "nnz", "rowOffsets", "colIdx", "values", "rowOffsetType", "colIdxType", "idxBase",
                 "valueType")


class DnVecAttributes(_Attributes):
    __slots__ = ("size", "values", "valueType")


class DnMatAttributes(_Attributes):
    __slots__ = ("rows", "cols", "ld", "values", "valueType", "order")


class DnMatBatchAttributes(_Attributes):
    __slots__ = ("count", "stride")


# The table's functions: the s/d/c/z legacy families, the index routines, the generic API's
# descriptors and operations (cupric/cuda/_cusparse_table.py).
globals().update(_cusparse_table.functions(check_status, _set_stream, {
    c.__name__: c for c in (SpVecAttributes, CooAttributes, CsrAttributes, DnVecAttributes, DnMatAttributes,
                            DnMatBatchAttributes)}))


# ---- version and handle ----
def getProperty(type):
    """cusparseGetProperty: the library's MAJOR_VERSION, MINOR_VERSION or PATCH_LEVEL."""
    return _value(_csp.get_property(_i(type)))


def get_build_version():
    """CuPy's CUSPARSE_VERSION of its build, MAJOR * 1000 + MINOR * 100 + PATCH (e.g. 12603).
    cupric has no cuSPARSE header at build time (libcusparse is loaded at run time), so this is
    the version of the library cupric loads, from cusparseGetProperty (no GPU needed)."""
    return getProperty(MAJOR_VERSION) * 1000 + getProperty(MINOR_VERSION) * 100 + getProperty(PATCH_LEVEL)


def create():
    """A new cuSPARSE handle (an int) on the current device; release it with destroy()."""
    return _value(_csp.create())


def destroy(handle):
    check_status(_csp.destroy(_i(handle)))


def getVersion(handle):
    """The cuSPARSE version (e.g. 12500 for 12.5.0)."""
    return _value(_csp.get_version(_i(handle)))


def setStream(handle, stream):
    check_status(_csp.set_stream(_i(handle), _i(stream)))


def getStream(handle):
    return _value(_csp.get_stream(_i(handle)))


def setPointerMode(handle, mode):
    check_status(_csp.set_pointer_mode(_i(handle), _i(mode)))


def getPointerMode(handle):
    return _value(_csp.get_pointer_mode(_i(handle)))


# ---- the legacy matrix descriptor ----
def createMatDescr():
    """A cusparseMatDescr_t (general, zero-based); release it with destroyMatDescr()."""
    return _value(_csp.create_mat_descr())


def destroyMatDescr(descr):
    check_status(_csp.destroy_mat_descr(_i(descr)))


def setMatType(descr, type):
    check_status(_csp.set_mat_type(_i(descr), _i(type)))


def setMatIndexBase(descr, base):
    check_status(_csp.set_mat_index_base(_i(descr), _i(base)))


def setMatFillMode(descr, fillMode):
    check_status(_csp.set_mat_fill_mode(_i(descr), _i(fillMode)))


def setMatDiagType(descr, diagType):
    check_status(_csp.set_mat_diag_type(_i(descr), _i(diagType)))


def getMatType(descr):
    return _csp.get_mat_type(_i(descr))


def getMatIndexBase(descr):
    return _csp.get_mat_index_base(_i(descr))


# ---- the generic API ----
def createCsr(rows, cols, nnz, csrRowOffsets, csrColind, csrValues, csrRowOffsetsType, csrColIndType, idxBase,
              valueType):
    """An SpMat descriptor (an int) of a CSR matrix on the given device arrays."""
    return _value(_csp.create_csr(_i(rows), _i(cols), _i(nnz), _i(csrRowOffsets), _i(csrColind), _i(csrValues),
                                  _i(csrRowOffsetsType), _i(csrColIndType), _i(idxBase), _i(valueType)))


def createCsc(rows, cols, nnz, cscColOffsets, cscRowInd, cscValues, cscColOffsetsType, cscRowIndType, idxBase,
              valueType):
    """An SpMat descriptor (an int) of a CSC matrix on the given device arrays."""
    return _value(_csp.create_csc(_i(rows), _i(cols), _i(nnz), _i(cscColOffsets), _i(cscRowInd), _i(cscValues),
                                  _i(cscColOffsetsType), _i(cscRowIndType), _i(idxBase), _i(valueType)))


def createCoo(rows, cols, nnz, cooRowInd, cooColInd, cooValues, cooIdxType, idxBase, valueType):
    """An SpMat descriptor (an int) of a COO matrix on the given device arrays."""
    return _value(_csp.create_coo(_i(rows), _i(cols), _i(nnz), _i(cooRowInd), _i(cooColInd), _i(cooValues),
                                  _i(cooIdxType), _i(idxBase), _i(valueType)))


def destroySpMat(descr):
    check_status(_csp.destroy_sp_mat(_i(descr)))


def spMatGetSize(desc, rows=None, cols=None, nnz=None):
    """The size of an SpMat descriptor: CuPy's form writes rows, cols and nnz as int64 to the three
    pointers given; without them, returns (rows, cols, nnz)."""
    if rows is None and cols is None and nnz is None:
        status, r, c, n = _csp.sp_mat_get_size(_i(desc))
        check_status(status)
        return r, c, n
    check_status(_csp.call("cusparseSpMatGetSize", "", _i(desc), _i(rows), _i(cols), _i(nnz))[0])


def spMatSetAttribute(spMatDescr, attribute, data):
    """Sets CUSPARSE_SPMAT_FILL_MODE or CUSPARSE_SPMAT_DIAG_TYPE of an SpMat descriptor to `data`."""
    check_status(_csp.sp_mat_set_attribute(_i(spMatDescr), _i(attribute), _i(data)))


def spMatGetFormat(descr):
    return _value(_csp.sp_mat_get_format(_i(descr)))


def spMatGetIndexBase(descr):
    return _value(_csp.sp_mat_get_index_base(_i(descr)))


def createDnVec(size, values, valueType):
    """A DnVec descriptor (an int) of `size` elements at device address `values`."""
    return _value(_csp.create_dn_vec(_i(size), _i(values), _i(valueType)))


def destroyDnVec(descr):
    check_status(_csp.destroy_dn_vec(_i(descr)))


def createDnMat(rows, cols, ld, values, valueType, order):
    """A DnMat descriptor (an int): rows x cols at `values`, leading dimension `ld`, CUSPARSE_ORDER_COL/ROW."""
    return _value(_csp.create_dn_mat(_i(rows), _i(cols), _i(ld), _i(values), _i(valueType), _i(order)))


def destroyDnMat(descr):
    check_status(_csp.destroy_dn_mat(_i(descr)))


def spMV_bufferSize(handle, opA, alpha, matA, vecX, beta, vecY, computeType, alg):
    """The bytes of work area spMV needs."""
    return _value(_csp.spmv_buffer_size(_i(handle), _i(opA), _i(alpha), _i(matA), _i(vecX), _i(beta), _i(vecY),
                                        _i(computeType), _i(alg)))


def spMV(handle, opA, alpha, matA, vecX, beta, vecY, computeType, alg, externalBuffer):
    """y = alpha op(A) x + beta y."""
    _set_stream(handle)
    check_status(_csp.spmv(_i(handle), _i(opA), _i(alpha), _i(matA), _i(vecX), _i(beta), _i(vecY), _i(computeType),
                           _i(alg), _i(externalBuffer)))


def spSM_solve(handle, opA, opB, alpha, matA, matB, matC, computeType, alg, spsmDescr, externalBuffer=0):
    """Solves op(A) C = alpha op(B) for triangular sparse A (after spSM_analysis); `externalBuffer`
    is HIP's parameter, unused with cuSPARSE (as in CuPy)."""
    _set_stream(handle)
    check_status(_csp.call("cusparseSpSM_solve", "", _i(handle), _i(opA), _i(opB), _i(alpha), _i(matA), _i(matB),
                           _i(matC), _i(computeType), _i(alg), _i(spsmDescr))[0])


def spMM_bufferSize(handle, opA, opB, alpha, matA, matB, beta, matC, computeType, alg):
    """The bytes of work area spMM needs."""
    return _value(_csp.spmm_buffer_size(_i(handle), _i(opA), _i(opB), _i(alpha), _i(matA), _i(matB), _i(beta),
                                        _i(matC), _i(computeType), _i(alg)))


def spMM(handle, opA, opB, alpha, matA, matB, beta, matC, computeType, alg, externalBuffer):
    """C = alpha op(A) op(B) + beta C (B, C dense)."""
    _set_stream(handle)
    check_status(_csp.spmm(_i(handle), _i(opA), _i(opB), _i(alpha), _i(matA), _i(matB), _i(beta), _i(matC),
                           _i(computeType), _i(alg), _i(externalBuffer)))
