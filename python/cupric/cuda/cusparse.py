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
gtsv2StridedBatch/gtsvInterleavedBatch/gpsvInterleavedBatch as s/d/c/z families) are C++
functions (bindings/cuda_cusparse.cpp and cuda_cusparse_legacy.cpp: one row per routine family,
as cuBLAS's and cuSOLVER's): a call is one C++ function, as CuPy's Cython one. The calls go to
the libcusparse cupric loads for cupricx.scipy.sparse (at the first call); they need a GPU (docs/cuda.md: CUDARuntimeError in a
build without CUDA; in a CUDA build on a machine without a GPU, the library's own error). An
entry the loaded libcusparse lacks (spGEAM before cuSPARSE of CUDA 13.3) raises RuntimeError
naming it.

For arrays, cupricx.scipy.sparse's matrices call cuSPARSE already;
``cupric.cuda.device.get_cusparse_handle()`` is the handle they use.
"""
import ctypes as _ctypes
import operator as _operator

from cupric._core._runtime import cusparse as _csp
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


check_status, _ = _status_checks(CuSparseError)
_csp._set_error(CuSparseError)


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


# Every function under its CuPy name: the binding module's rows (bindings/cuda_cusparse.cpp and
# cuda_cusparse_legacy.cpp). The few below take or return what a row does not.
from cupric._core._runtime.cusparse import *  # noqa: E402, F401, F403


def _record(name, cls):
    raw = getattr(_csp, "_" + name)

    def get(desc):
        return cls(*raw(desc))

    get.__name__ = get.__qualname__ = name
    get.__doc__ = f"cuSPARSE's cusparse{name[0].upper()}{name[1:]}: the descriptor's fields as a {cls.__name__}."
    return get


spVecGet = _record("spVecGet", SpVecAttributes)
cooGet = _record("cooGet", CooAttributes)
csrGet = _record("csrGet", CsrAttributes)
dnVecGet = _record("dnVecGet", DnVecAttributes)
dnMatGet = _record("dnMatGet", DnMatAttributes)
dnMatGetStridedBatch = _record("dnMatGetStridedBatch", DnMatBatchAttributes)


def get_build_version():
    """CuPy's CUSPARSE_VERSION of its build, MAJOR * 1000 + MINOR * 100 + PATCH (e.g. 12603).
    cupric has no cuSPARSE header at build time (libcusparse is loaded at run time), so this is
    the version of the library cupric loads, from cusparseGetProperty (no GPU needed)."""
    return getProperty(MAJOR_VERSION) * 1000 + getProperty(MINOR_VERSION) * 100 + getProperty(PATCH_LEVEL)  # noqa: F405


def spMatGetSize(desc, rows=None, cols=None, nnz=None):
    """The size of an SpMat descriptor: CuPy's form writes rows, cols and nnz as int64 to the three
    pointers given; without them, returns (rows, cols, nnz)."""
    if rows is None and cols is None and nnz is None:
        return _csp._spMatGetSize(desc)
    _csp._spMatGetSizeTo(desc, rows, cols, nnz)


def spMatSetAttribute(spMatDescr, attribute, data):
    """Sets CUSPARSE_SPMAT_FILL_MODE or CUSPARSE_SPMAT_DIAG_TYPE of an SpMat descriptor to `data`
    (CuPy takes the enum's value; cuSPARSE its address and size)."""
    value = _ctypes.c_int(_operator.index(data))
    _csp._spMatSetAttribute(spMatDescr, attribute, _ctypes.addressof(value), _ctypes.sizeof(value))


def spSM_solve(handle, opA, opB, alpha, matA, matB, matC, computeType, alg, spsmDescr, externalBuffer=0):
    """Solves op(A) C = alpha op(B) for triangular sparse A (after spSM_analysis); `externalBuffer`
    is HIP's parameter, unused with cuSPARSE (as in CuPy)."""
    _csp._spSM_solve(handle, opA, opB, alpha, matA, matB, matC, computeType, alg, spsmDescr)
