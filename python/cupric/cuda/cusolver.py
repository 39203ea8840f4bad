"""cupric.cuda.cusolver: cuSOLVER's handles and dense LAPACK routines on raw pointers, as CuPy's
cupy.cuda.cusolver (cupy_backends.cuda.libs.cusolver) gives them: handles, matrices, work areas,
pivots and ``devInfo`` are integers (device addresses, e.g. ``a.data.ptr``); matrices are
column-major. Each routine comes in the four LAPACK types (``s``/``d``/``c``/``z``: float32,
float64, complex64, complex128), as ``<t><routine>_bufferSize`` (returns the work size in elements)
and ``<t><routine>``. A failed call raises CUSOLVERError. The calls go to the libcusolver cupric
loads for cupric.linalg (loaded at the first call); they need a GPU (docs/cuda.md:
CUDARuntimeError in a build without CUDA; in a CUDA build on a machine without a GPU, the
library's own error).

For arrays, cupric.linalg and cupricx.scipy.linalg call cuSOLVER already;
``cupric.cuda.device.get_cusolver_handle()`` is the handle they use.
"""
import operator

from cupric._core._runtime import cusolver as _cs
from cupric.cuda._library_status import LibraryStatusError, names, status_checks
# The cuBLAS enums cuSOLVER takes (cublasOperation_t, cublasFillMode_t, cublasSideMode_t), as CuPy's
# module has them.
from cupric.cuda.cublas import (  # noqa: F401
    CUBLAS_FILL_MODE_LOWER, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_C, CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_SIDE_LEFT,
    CUBLAS_SIDE_RIGHT)

# libraryPropertyType (getProperty)
MAJOR_VERSION = 0
MINOR_VERSION = 1
PATCH_LEVEL = 2
# cusolverEigType_t, cusolverEigMode_t, cusolverEigRange_t
CUSOLVER_EIG_TYPE_1 = 1
CUSOLVER_EIG_TYPE_2 = 2
CUSOLVER_EIG_TYPE_3 = 3
CUSOLVER_EIG_MODE_NOVECTOR = 0
CUSOLVER_EIG_MODE_VECTOR = 1
CUSOLVER_EIG_RANGE_ALL = 1001
CUSOLVER_EIG_RANGE_I = 1002
CUSOLVER_EIG_RANGE_V = 1003
# cusolverAlgMode_t
CUSOLVER_ALG_0 = 0
CUSOLVER_ALG_1 = 1
CUSOLVER_ALG_2 = 2


class CUSOLVERError(LibraryStatusError):
    """A cuSOLVER call failed; ``status`` is the cusolverStatus_t."""

    _NAMES = names("CUSOLVER_STATUS_SUCCESS", "CUSOLVER_STATUS_NOT_INITIALIZED", "CUSOLVER_STATUS_ALLOC_FAILED",
                   "CUSOLVER_STATUS_INVALID_VALUE", "CUSOLVER_STATUS_ARCH_MISMATCH", "CUSOLVER_STATUS_MAPPING_ERROR",
                   "CUSOLVER_STATUS_EXECUTION_FAILED", "CUSOLVER_STATUS_INTERNAL_ERROR",
                   "CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED", "CUSOLVER_STATUS_NOT_SUPPORTED",
                   "CUSOLVER_STATUS_ZERO_PIVOT", "CUSOLVER_STATUS_INVALID_LICENSE",
                   "CUSOLVER_STATUS_IRS_PARAMS_NOT_INITIALIZED", "CUSOLVER_STATUS_IRS_PARAMS_INVALID",
                   "CUSOLVER_STATUS_IRS_PARAMS_INVALID_PREC", "CUSOLVER_STATUS_IRS_PARAMS_INVALID_REFINE",
                   "CUSOLVER_STATUS_IRS_PARAMS_INVALID_MAXITER")
    _UNKNOWN = "CUSOLVER_STATUS_UNKNOWN ({})"


check_status, _value = status_checks(CUSOLVERError)
_i = operator.index  # ints, or what stands for one: TypeError for others


def _job(job):
    """gesvd's job letter ('A', 'S', 'O', 'N'): CuPy passes ord('A'); a one-letter str works too."""
    if isinstance(job, (str, bytes)) and len(job) == 1:
        return ord(job)
    return _i(job)


# ---- version and handles ----
def getProperty(type):
    """cusolverGetProperty: the library's MAJOR_VERSION, MINOR_VERSION or PATCH_LEVEL."""
    return _value(_cs.get_property(_i(type)))


def _getVersion():
    """(major, minor, patch) of the libcusolver in use."""
    return tuple(getProperty(t) for t in (MAJOR_VERSION, MINOR_VERSION, PATCH_LEVEL))


def create():
    """A new cuSOLVER dense handle (an int) on the current device; release it with destroy()."""
    return _value(_cs.create())


def destroy(handle):
    check_status(_cs.destroy(_i(handle)))


def setStream(handle, stream):
    check_status(_cs.set_stream(_i(handle), _i(stream)))


def getStream(handle):
    return _value(_cs.get_stream(_i(handle)))


def spCreate():
    """A new cuSOLVER sparse (cusolverSp) handle; release it with spDestroy()."""
    return _value(_cs.sp_create())


def spDestroy(handle):
    check_status(_cs.sp_destroy(_i(handle)))


def spSetStream(handle, stream):
    check_status(_cs.sp_set_stream(_i(handle), _i(stream)))


def spGetStream(handle):
    return _value(_cs.sp_get_stream(_i(handle)))


# ---- dense routines: one function per LAPACK type, as CuPy names them ----
def _named(f, name, doc):
    f.__name__ = f.__qualname__ = name
    f.__doc__ = doc
    return f


def _potrf(t):
    def bufferSize(handle, uplo, n, A, lda):
        return _value(_cs.potrf_buffer_size(t, _i(handle), _i(uplo), _i(n), _i(A), _i(lda)))

    def potrf(handle, uplo, n, A, lda, work, lwork, devInfo):
        check_status(_cs.potrf(t, _i(handle), _i(uplo), _i(n), _i(A), _i(lda), _i(work), _i(lwork), _i(devInfo)))

    def potrs(handle, uplo, n, nrhs, A, lda, B, ldb, devInfo):
        check_status(_cs.potrs(t, _i(handle), _i(uplo), _i(n), _i(nrhs), _i(A), _i(lda), _i(B), _i(ldb), _i(devInfo)))

    return (_named(bufferSize, f"{t}potrf_bufferSize", "The work size (elements) potrf needs."),
            _named(potrf, f"{t}potrf", "Cholesky factorisation of A in place (the `uplo` triangle)."),
            _named(potrs, f"{t}potrs", "Solves A X = B with potrf's factor; B is overwritten by X."))


def _getrf(t):
    def bufferSize(handle, m, n, A, lda):
        return _value(_cs.getrf_buffer_size(t, _i(handle), _i(m), _i(n), _i(A), _i(lda)))

    def getrf(handle, m, n, A, lda, work, devIpiv, devInfo):
        check_status(_cs.getrf(t, _i(handle), _i(m), _i(n), _i(A), _i(lda), _i(work), _i(devIpiv), _i(devInfo)))

    def getrs(handle, trans, n, nrhs, A, lda, devIpiv, B, ldb, devInfo):
        check_status(_cs.getrs(t, _i(handle), _i(trans), _i(n), _i(nrhs), _i(A), _i(lda), _i(devIpiv), _i(B), _i(ldb),
                               _i(devInfo)))

    return (_named(bufferSize, f"{t}getrf_bufferSize", "The work size (elements) getrf needs."),
            _named(getrf, f"{t}getrf", "LU factorisation with partial pivoting of A in place (int32 pivots)."),
            _named(getrs, f"{t}getrs", "Solves op(A) X = B with getrf's factors; B is overwritten by X."))


def _geqrf(t):
    def bufferSize(handle, m, n, A, lda):
        return _value(_cs.geqrf_buffer_size(t, _i(handle), _i(m), _i(n), _i(A), _i(lda)))

    def geqrf(handle, m, n, A, lda, tau, work, lwork, devInfo):
        check_status(_cs.geqrf(t, _i(handle), _i(m), _i(n), _i(A), _i(lda), _i(tau), _i(work), _i(lwork),
                               _i(devInfo)))

    return (_named(bufferSize, f"{t}geqrf_bufferSize", "The work size (elements) geqrf needs."),
            _named(geqrf, f"{t}geqrf", "QR factorisation of A in place (R above, Householder vectors below, tau)."))


def _orgqr(t, name):
    def bufferSize(handle, m, n, k, A, lda, tau):
        return _value(_cs.orgqr_buffer_size(t, _i(handle), _i(m), _i(n), _i(k), _i(A), _i(lda), _i(tau)))

    def orgqr(handle, m, n, k, A, lda, tau, work, lwork, devInfo):
        check_status(_cs.orgqr(t, _i(handle), _i(m), _i(n), _i(k), _i(A), _i(lda), _i(tau), _i(work), _i(lwork),
                               _i(devInfo)))

    return (_named(bufferSize, f"{t}{name}_bufferSize", f"The work size (elements) {name} needs."),
            _named(orgqr, f"{t}{name}", "Forms Q (m x n) of geqrf's Householder vectors in place."))


def _ormqr(t, name):
    def bufferSize(handle, side, trans, m, n, k, A, lda, tau, C, ldc):
        return _value(_cs.ormqr_buffer_size(t, _i(handle), _i(side), _i(trans), _i(m), _i(n), _i(k), _i(A), _i(lda),
                                            _i(tau), _i(C), _i(ldc)))

    def ormqr(handle, side, trans, m, n, k, A, lda, tau, C, ldc, work, lwork, devInfo):
        check_status(_cs.ormqr(t, _i(handle), _i(side), _i(trans), _i(m), _i(n), _i(k), _i(A), _i(lda), _i(tau),
                               _i(C), _i(ldc), _i(work), _i(lwork), _i(devInfo)))

    return (_named(bufferSize, f"{t}{name}_bufferSize", f"The work size (elements) {name} needs."),
            _named(ormqr, f"{t}{name}", "C = op(Q) C or C op(Q) with geqrf's Q, in place."))


def _gesvd(t):
    def bufferSize(handle, m, n):
        return _value(_cs.gesvd_buffer_size(t, _i(handle), _i(m), _i(n)))

    def gesvd(handle, jobu, jobvt, m, n, A, lda, S, U, ldu, VT, ldvt, work, lwork, rwork, devInfo):
        check_status(_cs.gesvd(t, _i(handle), _job(jobu), _job(jobvt), _i(m), _i(n), _i(A), _i(lda), _i(S), _i(U),
                               _i(ldu), _i(VT), _i(ldvt), _i(work), _i(lwork), _i(rwork), _i(devInfo)))

    return (_named(bufferSize, f"{t}gesvd_bufferSize", "The work size (elements) gesvd needs."),
            _named(gesvd, f"{t}gesvd", "SVD of A (m >= n); jobu/jobvt are ord('A'), ord('S'), ord('O') or ord('N')."))


def _syevd(t, name):
    def bufferSize(handle, jobz, uplo, n, A, lda, W):
        return _value(_cs.syevd_buffer_size(t, _i(handle), _i(jobz), _i(uplo), _i(n), _i(A), _i(lda), _i(W)))

    def syevd(handle, jobz, uplo, n, A, lda, W, work, lwork, devInfo):
        check_status(_cs.syevd(t, _i(handle), _i(jobz), _i(uplo), _i(n), _i(A), _i(lda), _i(W), _i(work), _i(lwork),
                               _i(devInfo)))

    return (_named(bufferSize, f"{t}{name}_bufferSize", f"The work size (elements) {name} needs."),
            _named(syevd, f"{t}{name}", "Eigenvalues (W, ascending) and, with CUSOLVER_EIG_MODE_VECTOR, eigenvectors "
                                        "(into A) of a symmetric/Hermitian matrix."))


(spotrf_bufferSize, spotrf, spotrs), (dpotrf_bufferSize, dpotrf, dpotrs), (cpotrf_bufferSize, cpotrf, cpotrs), \
    (zpotrf_bufferSize, zpotrf, zpotrs) = (_potrf(t) for t in "sdcz")
(sgetrf_bufferSize, sgetrf, sgetrs), (dgetrf_bufferSize, dgetrf, dgetrs), (cgetrf_bufferSize, cgetrf, cgetrs), \
    (zgetrf_bufferSize, zgetrf, zgetrs) = (_getrf(t) for t in "sdcz")
(sgeqrf_bufferSize, sgeqrf), (dgeqrf_bufferSize, dgeqrf), (cgeqrf_bufferSize, cgeqrf), \
    (zgeqrf_bufferSize, zgeqrf) = (_geqrf(t) for t in "sdcz")
(sorgqr_bufferSize, sorgqr), (dorgqr_bufferSize, dorgqr) = (_orgqr(t, "orgqr") for t in "sd")
(cungqr_bufferSize, cungqr), (zungqr_bufferSize, zungqr) = (_orgqr(t, "ungqr") for t in "cz")
(sormqr_bufferSize, sormqr), (dormqr_bufferSize, dormqr) = (_ormqr(t, "ormqr") for t in "sd")
(cunmqr_bufferSize, cunmqr), (zunmqr_bufferSize, zunmqr) = (_ormqr(t, "unmqr") for t in "cz")
(sgesvd_bufferSize, sgesvd), (dgesvd_bufferSize, dgesvd), (cgesvd_bufferSize, cgesvd), \
    (zgesvd_bufferSize, zgesvd) = (_gesvd(t) for t in "sdcz")
(ssyevd_bufferSize, ssyevd), (dsyevd_bufferSize, dsyevd) = (_syevd(t, "syevd") for t in "sd")
(cheevd_bufferSize, cheevd), (zheevd_bufferSize, zheevd) = (_syevd(t, "heevd") for t in "cz")
